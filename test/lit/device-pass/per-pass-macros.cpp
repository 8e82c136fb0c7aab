// Each pass runs its own preprocessor: the device pass defines
// __OFFLOAD_DEVICE__ and the host pass __OFFLOAD_HOST__, so a kernel sees the
// device's branch and the host code the host's.
// RUN: %offload_host %s %ldflags -o %t && %t | FileCheck %s
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

#if defined(__OFFLOAD_DEVICE__) && !defined(__OFFLOAD_HOST__)
constexpr int Pass = 2;
#elif defined(__OFFLOAD_HOST__) && !defined(__OFFLOAD_DEVICE__)
constexpr int Pass = 1;
#else
#error "exactly one pass macro must be defined"
#endif

void which(offload::Region<int> v) {
  for (auto [i, vi] : v)
    vi = Pass;
}

int main() {
  std::vector<int> v(3);
  offload::offload(which, v);
  std::printf("kernel pass %d, host pass %d\n", v[0], Pass);
}
// CHECK: kernel pass 2, host pass 1
