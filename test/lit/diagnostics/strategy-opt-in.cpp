// A partitioning strategy must promise disjoint pieces before a Region or a
// Range accepts it; with the promise it works like a shipped one.
// RUN: %offload_host -fsyntax-only -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %offload_host -fsyntax-only -DPROMISED %s
#include <offload/offload.hpp>
#include <vector>

struct EveryOther {
  static constexpr unsigned dims = 1;
  offload::Extent extent(std::uint64_t Size) const { return {(Size + 1) / 2}; }
  offload::detail::Strided pieces(offload::ThreadIndex T, std::uint64_t Size) const {
    return {2 * T.linear(), 2 * T.linear() < Size, 1};
  }
  offload::Span span(std::uint64_t I) const { return {I, 1}; }
  template <class T> offload::Item<T> item(T *Data, std::uint64_t I) const {
    return {I, Data[I]};
  }
};

#ifdef PROMISED
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(EveryOther);
#else
// expected-error@offload/region.hpp:* {{this partitioning strategy has not promised that distinct threads get disjoint pieces; after making sure it does, add OFFLOAD_UNSAFE_DISJOINT_STRATEGY(Strategy) at namespace scope}}
#endif

void evens(offload::Region<int, EveryOther> v) {
  for (auto [i, vi] : v)
    vi = 0;
}

void run(std::vector<int> &v) {
  offload::offload(evens, offload::Region<int, EveryOther>(v));
}
