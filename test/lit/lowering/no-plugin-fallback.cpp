// Without the plugin the header alone runs kernels serially on the host,
// and OFFLOAD_INFO says so; clang and g++ both compile it.
// RUN: %clangxx %cxxflags %s -o %t && env OFFLOAD_INFO=1 %t 2>&1 | FileCheck %s
// RUN: %if gxx %{ %gxx %cxxflags %s -o %t.gcc && env OFFLOAD_INFO=1 %t.gcc 2>&1 | FileCheck %s %}
// RUN: %clangxx %cxxflags %s -o %t.quiet && %t.quiet 2>&1 | FileCheck %s --check-prefix=QUIET
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

void add(int d, offload::Region<int> v) {
  for (auto [i, vi] : v)
    vi += d + int(i);
}

int main() {
  std::vector<int> v(10, 1);
  offload::offload(add, 5, v);
  offload::offload(offload::Launch{.threads = 3}, add, 1, v);
  int sum = 0;
  for (int x : v)
    sum += x;
  std::printf("sum %d\n", sum);
}

// CHECK: offload: info: kernel {{.*}}: 10 logical threads run serially on the host (not compiled with the cxx-offload plugin)
// CHECK: offload: info: kernel {{.*}}: 3 logical threads run serially on the host
// CHECK: sum 111
// QUIET-NOT: offload: info
// QUIET: sum 111
