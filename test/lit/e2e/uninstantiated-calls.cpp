// offload() calls that can never run are not kernels: in a template that is
// never instantiated, in a discarded `if constexpr` branch, in decltype or
// noexcept. A function object whose call operator is inherited runs as its
// base class.
// RUN: %offload_host %s %ldflags -o %t 2>&1 | count 0
// RUN: %t | FileCheck %s
#include <offload/offload.hpp>
#include <cstdio>
#include <utility>
#include <vector>

void k(offload::Region<int> v) {
  for (auto [i, vi] : v)
    vi += 1;
}
void other(offload::Region<int> v) {}
template <class T> void never(std::vector<int> &v) { offload::offload(other, v); }
template <bool B> void maybe(std::vector<int> &v) {
  if constexpr (B)
    offload::offload(other, v);
}
using Result = decltype(offload::offload(other, std::declval<std::vector<int> &>()));
constexpr bool NoThrow =
    noexcept(offload::offload(other, std::declval<std::vector<int> &>()));

struct Add {
  int by;
  void operator()(offload::Region<int> v) const {
    for (auto [i, vi] : v)
      vi += by;
  }
};
struct AddFive : Add {};

int main() {
  std::vector<int> v(4, 0);
  maybe<false>(v);
  offload::offload(k, v);
  offload::offload(AddFive{{5}}, v);
  std::printf("%d %d\n", v[0], v[3]);
}
// CHECK: 6 6
