// OFFLOAD_INFO reports each call's geometry, bytes and times (0x1), each
// argument's copies (0x4) and the totals per kernel and direction at exit
// (0x8); data a preload handle staged is not copied, and the summary counts
// it as bytes that stayed on the device.
// RUN: %offload_host %s %ldflags -o %t && env OFFLOAD_INFO=13 %t 2>&1 | FileCheck %s
#include <offload/offload.hpp>
#include <vector>

void scale(double a, std::span<const double> x, offload::Region<double> y) {
  for (auto [i, yi] : y)
    yi = a * x[i];
}

int main() {
  std::vector<double> x(1 << 18, 1.0), y(1 << 18); // 2 MiB each: timed copies
  offload::offload(scale, 2.0, x, y);
  auto X = offload::preload(x);
  offload::offload(scale, 3.0, X, y);
  std::vector<double> small(100), out(100);
  offload::offload(scale, 4.0, small, out); // small data
}
// CHECK: kernel 'scale' on device {{[0-9]+}} (host): 262144 threads, 1024 blocks of 256; 4194304 bytes to the device in {{[0-9.]+}} us, kernel {{[0-9.]+}} us, 2097152 bytes back in {{[0-9.]+}} us
// CHECK-NEXT: 'x': 2097152 bytes to the device in {{[0-9.]+}} us ({{[0-9.]+}} GB/s)
// CHECK-NEXT: 'y': 2097152 bytes to the device in {{[0-9.]+}} us
// CHECK-NEXT: 'y': 2097152 bytes back in {{[0-9.]+}} us
// CHECK: kernel 'scale' on device {{[0-9]+}} (host): {{.*}}; 2097152 bytes to the device in {{[0-9.]+}} us, kernel {{[0-9.]+}} us, 2097152 bytes back
// CHECK-NEXT: 'x': 2097152 bytes already on the device
// CHECK: kernel 'scale' on device {{[0-9]+}} (host): 100 threads, 1 blocks of 256; 1600 bytes to the device in {{[0-9.]+}} us
// CHECK-NEXT: 'x': 800 bytes to the device in {{[0-9.]+}} us
// CHECK-NEXT: 'y': 800 bytes to the device in {{[0-9.]+}} us
// CHECK-NEXT: 'y': 800 bytes back in {{[0-9.]+}} us
// CHECK: offload: info: summary at exit (time in ms):
// CHECK-NEXT: kernel 'scale': 3 call(s), {{[0-9.]+}} ms running; to the device 6293056 bytes in {{[0-9.]+}} ms ({{[0-9.]+}} GB/s), back 4195104 bytes {{.*}}; 2097152 bytes stayed on the device
// CHECK-NEXT: preload: 2 call(s), 0.000 ms running; to the device 2097152 bytes
// CHECK-NEXT: total: 5 call(s), {{[0-9.]+}} ms running; to the device 8390208 bytes in {{[0-9.]+}} ms, back 4195104 bytes
