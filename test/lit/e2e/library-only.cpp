// A program that only stages data and calls a library, with no kernel of
// its own, registers no image: the runtime starts liboffload itself.
// RUN: %offload_host %s %ldflags -o %t && env OFFLOAD_INFO=1 %t 2>&1 | FileCheck %s
#include <offload/blas.hpp>
#include <cstdio>
#include <vector>

int main() {
  std::vector<double> x(1000, 2.0), y(1000, 3.0);
  auto X = offload::preload(x);
  auto Y = offload::preload_mut(y);
  offload::blas::daxpy(1000, 0.5, X, Y); // y = 4
  double d = offload::blas::ddot(1000, X, Y);
  Y.release();
  std::printf("ddot %g y[0] %g\n", d, y[0]);
}
// CHECK: offload: info: preload of 8000 bytes on device {{[0-9]+}} (host): 8000 bytes to the device
// CHECK: offload: info: library call {{.*}} on device {{[0-9]+}} (host): 0 bytes to the device in 0.0 us, call {{[0-9.]+}} us, 0 bytes back
// CHECK: offload: info: release of 8000 bytes on device {{[0-9]+}} (host): 0 bytes to the device in 0.0 us, 8000 bytes back
// CHECK: ddot 8000 y[0] 4
