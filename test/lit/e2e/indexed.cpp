// Region<T, Indexed>: each thread owns the element its index-list entry
// names; a list that is not strictly increasing, or names an element past
// the data, stops the kernel with a message instead of racing.
// RUN: %offload_host %s %ldflags -o %t
// RUN: %t | FileCheck %s --check-prefix=PASS
// RUN: not --crash %t repeat 2>&1 | FileCheck %s --check-prefix=REPEAT
// RUN: not --crash %t past 2>&1 | FileCheck %s --check-prefix=PAST
#include <offload/offload.hpp>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

void plus_index(offload::Region<long, offload::Indexed<int>> v) {
  for (auto [i, vi] : v)
    vi += long(i) * 10;
}

int main(int argc, char **argv) {
  std::vector<long> v(8, 1);
  std::vector<int> list = {1, 2, 5, 7};
  if (argc > 1 && !std::strcmp(argv[1], "repeat"))
    list = {1, 2, 2, 7};
  if (argc > 1 && !std::strcmp(argv[1], "past"))
    list = {1, 2, 5, 8};
  offload::offload(plus_index, offload::Region<long, offload::Indexed<int>>(
                                   v, offload::Indexed(list)));
  for (long x : v)
    std::printf("%ld ", x);
  std::printf("\n");
}
// PASS: 1 11 21 1 1 51 1 71
// REPEAT: offload: error: offload::Indexed: entry 2 of the index list (2) is not above the entry before it, or is not an index of the data (size 8); the list must be strictly increasing
// REPEAT: offload: error: kernel 'plus_index' failed on device {{[0-9]+}} (host)
// PAST: offload: error: offload::Indexed: entry 3 of the index list (8) is not above
