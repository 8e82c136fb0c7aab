// OFFLOAD_INFO's exit summary points out a kernel that copied much data to
// the device at each of many calls (a loop whose data automatic residency
// did not keep there), and stays quiet when the data was preloaded.
// RUN: %offload_host -fplugin-arg-offload-residency=off %s %ldflags -o %t
// RUN: env OFFLOAD_DEVICE=host OFFLOAD_INFO=8 %t 2>&1 | FileCheck %s
// RUN: env OFFLOAD_DEVICE=host OFFLOAD_INFO=8 %t preload 2>&1 | FileCheck %s --check-prefix=PRELOADED
#include <offload/offload.hpp>
#include <cstdio>
#include <cstring>
#include <vector>

void axpy(double A, std::span<const double> X, offload::Region<double> Y) {
  for (auto [I, Yi] : Y)
    Yi += A * X[I];
}

int main(int Argc, char **Argv) {
  std::vector<double> X(1 << 18, 1.0), Y(1 << 18, 0.0); // 2 MiB each
  if (Argc > 1 && std::strcmp(Argv[1], "preload") == 0) {
    auto XD = offload::preload(X);
    auto YD = offload::preload_mut(Y);
    for (int Step = 0; Step < 4; ++Step)
      offload::offload(axpy, 0.5, XD, YD);
  } else {
    for (int Step = 0; Step < 4; ++Step)
      offload::offload(axpy, 0.5, X, Y);
  }
  std::printf("y[0] = %.1f\n", Y[0]);
  std::fflush(stdout); // before the summary, which exit() prints
}
// CHECK: y[0] = 2.0
// CHECK: offload: info:   kernel 'axpy': 4 call(s)
// CHECK: offload: info:   kernel 'axpy' copied 4.0 MiB to the device per call over 4 calls: a loop's data can stay on the device (preload() around the loop, or the user guide's "Automatic residency" for why it did not apply)
// PRELOADED: y[0] = 2.0
// PRELOADED-NOT: per call over
