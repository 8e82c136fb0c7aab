// offload::zip compares the Regions' strategies, so a strategy without ==
// has its own message, with the plugin, without it, and with g++; Regions of
// different strategy types do not zip at all.
// RUN: %offload_host -fsyntax-only -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %clangxx %cxxflags -fsyntax-only -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %if gxx %{ not %gxx %cxxflags -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=GXX %}
#include <offload/offload.hpp>

// Linear1D's protocol, without an operator==.
struct Plain {
  static constexpr unsigned dims = 1;
  constexpr offload::Extent extent(std::uint64_t N) const { return {N}; }
  constexpr offload::detail::Optional<std::uint64_t>
  pieces(offload::ThreadIndex T, std::uint64_t N) const {
    return {T.linear(), T.linear() < N};
  }
  constexpr offload::Span span(std::uint64_t I) const { return {I, 1}; }
  template <class T> constexpr offload::Item<T> item(T *D, std::uint64_t I) const {
    return {I, D[I]};
  }
};
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(Plain);

void noEquality(offload::Region<int, Plain> a, offload::Region<int, Plain> b) {
  // expected-error@offload/region.hpp:* {{offload::zip compares the Regions' strategies: give the strategy an operator==}}
  // expected-error@+1 {{invalid range expression}}
  for (auto [x, y] : offload::zip(a, b))
    x.value = y.value;
}

void differentStrategies(offload::Region<int> a,
                         offload::Region<int, offload::Grid2D> b) {
  for (auto [x, y] : offload::zip(a, b)) // expected-error {{no matching function for call to 'zip'}}
    x.value = 1;
}
// GXX: offload::zip compares the Regions' strategies
// GXX: no matching function for call to 'zip(
