// OFFLOAD_DEVICE picks the device by kind or number; a request that names no
// device is a clear error and a non-zero exit.
// RUN: %offload_host %s %ldflags -o %t
// RUN: env OFFLOAD_INFO=2 %t 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: env OFFLOAD_DEVICE=host %t | FileCheck %s --check-prefix=OK
// RUN: env OFFLOAD_DEVICE=0 %t | FileCheck %s --check-prefix=OK
// RUN: env OFFLOAD_DEVICE=cuda not %t 2>&1 | FileCheck %s --check-prefix=NOCUDA
// RUN: env OFFLOAD_DEVICE=gpu not %t 2>&1 | FileCheck %s --check-prefix=NOGPU
// RUN: env OFFLOAD_DEVICE=99 not %t 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: env OFFLOAD_DEVICE=fpga not %t 2>&1 | FileCheck %s --check-prefix=BAD
// select_device() overrides OFFLOAD_DEVICE, and its errors say so.
// RUN: env OFFLOAD_DEVICE=host not %t 99 2>&1 | FileCheck %s --check-prefix=INCODE
#include <offload/offload.hpp>
#include <cstdio>
#include <cstdlib>
#include <vector>

void one(offload::Region<int> v) {
  for (auto [i, vi] : v)
    vi = 1;
}

int main(int argc, char **argv) {
  if (argc > 1)
    offload::select_device(std::atoi(argv[1]));
  std::vector<int> v(4);
  offload::offload(one, v);
  std::printf("result %d\n", v[0] + v[1] + v[2] + v[3]);
}
// DEFAULT: offload: info: selected device 0 (host, host): image host of [host]
// DEFAULT: result 4
// OK: result 4
// NOCUDA: offload: error: no cuda device among the {{[0-9]+}} available ({{.*}}host); this program has images for [host]
// NOCUDA-NOT: result
// NOGPU: offload: error: no gpu device among
// RANGE: offload: error: OFFLOAD_DEVICE=99, but there are only {{[0-9]+}} device(s); this program has images for [host]
// BAD: offload: error: OFFLOAD_DEVICE='fpga' names no device: use cuda, amdgpu, host, gpu or a device number
// INCODE: offload: error: offload::select_device(99), but there are only {{[0-9]+}} device(s)
// INCODE-NOT: result
