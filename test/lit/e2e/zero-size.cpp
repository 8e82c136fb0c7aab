// Empty data means no logical threads: nothing runs and nothing is mapped.
// RUN: %offload_host %s %ldflags -o %t && env OFFLOAD_INFO=1 %t 2>&1 | FileCheck %s
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

void never(std::span<const int> in, offload::Region<int> out) {
  for (auto [i, o] : out)
    o = in[i];
}

int main() {
  std::vector<int> in, out;
  offload::offload(never, in, out);
  std::puts("done");
}
// CHECK: offload: info: kernel 'never': 0 logical threads, nothing to run
// CHECK: done
