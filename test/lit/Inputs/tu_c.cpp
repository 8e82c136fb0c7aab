#include "shared_kernels.hpp"
#include <cstdio>
#include <vector>

// An anonymous-namespace kernel named like the static ones of tu_a.cpp and
// tu_b.cpp, and lambda kernels, whose closure types are this TU's own.
namespace {
void evens(offload::Region<int> v) {
  for (auto [i, vi] : v)
    vi = 100 + int(i);
}
} // namespace

void runC() {
  std::vector<int> v(5);
  offload::offload(evens, v);
  int step = 7;
  offload::offload([step](offload::Region<int> r) {
    for (auto [i, x] : r)
      x += step * int(i);
  }, v);
  offload::offload(AddTo<int>{1}, v);
  std::printf("c: %d %d %d %d %d\n", v[0], v[1], v[2], v[3], v[4]);
}
