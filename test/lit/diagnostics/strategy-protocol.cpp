// A strategy's pieces() must return a borrowed range of positions; each part
// of the protocol a strategy misses has its own message, with the plugin,
// without it, and with g++. A strategy built on <ranges> is accepted.
// RUN: %offload_host -fsyntax-only -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %clangxx %cxxflags -fsyntax-only -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %offload_host -fsyntax-only -DVALID %s
// RUN: %if gxx %{ not %gxx %cxxflags -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=GXX %}
// RUN: %if gxx %{ %gxx %cxxflags -Wall -Wextra -Werror -fsyntax-only -DVALID %s %}
#include <offload/offload.hpp>

#include <array>
#include <ranges>
#include <vector>

// What every strategy below has besides pieces().
struct Common {
  static constexpr unsigned dims = 1;
  offload::Extent extent(std::uint64_t Size) const { return {Size}; }
  offload::Span span(std::uint64_t I) const { return {I, 1}; }
  template <class T> offload::Item<T> item(T *Data, std::uint64_t I) const {
    return {I, Data[I]};
  }
};

// Accepted: iota views are borrowed.
struct Iota : Common {
  auto pieces(offload::ThreadIndex T, std::uint64_t Size) const {
    std::uint64_t I = T.linear() < Size ? T.linear() : Size;
    return std::views::iota(I, I < Size ? I + 1 : I);
  }
};

// A container by value: its iterators would dangle.
struct ArrayByValue : Common {
  std::array<std::uint64_t, 1> pieces(offload::ThreadIndex T,
                                      std::uint64_t) const {
    return {T.linear()};
  }
};

// Not a range at all.
struct NotARange : Common {
  std::uint64_t pieces(offload::ThreadIndex T, std::uint64_t) const {
    return T.linear();
  }
};

// No pieces().
struct NoPieces : Common {};

// A range of positions span() does not take.
struct WrongPosition {
  static constexpr unsigned dims = 1;
  offload::Extent extent(std::uint64_t Size) const { return {Size}; }
  auto pieces(offload::ThreadIndex T, std::uint64_t) const {
    return std::views::iota(T.linear(), T.linear() + 1);
  }
  offload::Span span(offload::Box2D) const { return {0, 1}; }
};

OFFLOAD_UNSAFE_DISJOINT_STRATEGY(Iota);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(ArrayByValue);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(NotARange);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(NoPieces);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(WrongPosition);

void fill(offload::Region<int, Iota> V) {
  for (auto [I, Vi] : V)
    Vi = int(I);
}

void run(std::vector<int> &V) {
  offload::offload(fill, V);
#ifndef VALID
  offload::Region<int, ArrayByValue> A(V);
  // expected-error@offload/region.hpp:* {{a partitioning strategy's pieces() must return a std::ranges::borrowed_range, whose iterators stay valid after the range object is gone: a view such as std::views::iota(first, last), a std::span or a std::ranges::subrange, not a container returned by value such as a std::array}}
  offload::Range<NotARange> B(10);
  // expected-error@offload/region.hpp:* {{a partitioning strategy's pieces() must return a range of positions: a std::ranges::input_range, such as std::views::iota(first, last) or a std::span}}
  offload::Region<int, NoPieces> C(V);
  // expected-error@offload/region.hpp:* {{a partitioning strategy needs a const member pieces(offload::ThreadIndex, std::uint64_t size) that returns the positions the thread owns}}
  offload::Range<WrongPosition> D(10);
  // expected-error@offload/region.hpp:* {{this type does not implement the partitioning strategy protocol (see offload/strategy.hpp): it needs static constexpr unsigned dims (1, 2 or 3), Extent extent(std::uint64_t size) const and Span span(Position) const for the positions pieces() gives}}
#endif
}

// GXX-DAG: error: static assertion failed: a partitioning strategy's pieces() must return a std::ranges::borrowed_range
// GXX-DAG: error: static assertion failed: a partitioning strategy's pieces() must return a range of positions
// GXX-DAG: error: static assertion failed: a partitioning strategy needs a const member pieces(
// GXX-DAG: error: static assertion failed: this type does not implement the partitioning strategy protocol
