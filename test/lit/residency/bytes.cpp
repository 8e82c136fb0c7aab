// The bytes a loop of offload() calls moves, device-independent, so that a
// regression of the residency fails here: with the plugin's residency the
// three arrays cross once each way; without it, at every call. With READS
// the loop reads one element of each result between its calls ("A+r" in
// benchmarks/interfaces): each read brings back only the element it reads.
// RUN: %offload_host %s %ldflags -o %t.on && env OFFLOAD_INFO=8 %t.on > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=ON < %t.out
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.err
// RUN: %offload_host -fplugin-arg-offload-residency=off %s %ldflags -o %t.off && %t.off | FileCheck %s --check-prefix=OFF
// RUN: %offload_host -DREADS %s %ldflags -o %t.reads.on && %t.reads.on | FileCheck %s --check-prefix=READS-ON
// RUN: %offload_host -DREADS -fplugin-arg-offload-residency=off %s %ldflags -o %t.reads.off && %t.reads.off | FileCheck %s --check-prefix=READS-OFF
// RUN: %offload_host -DPARAMS %s %ldflags -o %t.params.on && %t.params.on | FileCheck %s --check-prefix=ON
// RUN: %offload_host -DPARAMS -DREADS %s %ldflags -o %t.params.reads && %t.params.reads | FileCheck %s --check-prefix=READS-ON
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

void axpy(double a, std::span<const double> x, offload::Region<double> y) {
  for (auto [i, yi] : y)
    yi = a * x[i] + yi;
}
void scaleAdd(double b, std::span<const double> y, offload::Region<double> z) {
  for (auto [i, zi] : z)
    zi = b * y[i] + 0.5 * zi;
}

int main() {
#ifdef PARAMS
  std::vector<double> x0(1000, 1.0), y0(1000, 0.25), z0(1000, 1.0);
  // The loop in a generic lambda over references, as RAJAPerf's is.
  auto run = [](auto &x, auto &y, auto &z) {
#else
  std::vector<double> x(1000, 1.0), y(1000, 0.25), z(1000, 1.0);
  {
#endif
  double reads = 0;
  for (int it = 0; it < 10; ++it) {
    offload::offload(axpy, 1e-3, x, y);
#ifdef READS
    reads += y[it * 31];
#endif
    offload::offload(scaleAdd, 0.5, y, z);
#ifdef READS
    reads += z[it * 17];
#endif
  }
  offload::TransferTotals T = offload::transfer_totals();
  std::printf("to the device %llu bytes, back %llu bytes, z[0] %.6f, reads "
              "%.9f\n",
              (unsigned long long)T.to_device_bytes,
              (unsigned long long)T.from_device_bytes, z[0], reads);
#ifdef PARAMS
  };
  run(x0, y0, z0);
#else
  }
#endif
}
// x once, y and z once each way.
// ON: to the device 24000 bytes, back 16000 bytes, z[0] 0.259733, reads 0.000000000
// Each of the 20 calls copies both its arrays in and its Region back.
// OFF: to the device 320000 bytes, back 160000 bytes, z[0] 0.259733, reads 0.000000000
// The 20 calls found 24000 bytes each already there (16000 in, 8000 back).
// SUMMARY: offload: info: summary at exit (time in ms):
// SUMMARY: kernel 'axpy': 10 call(s), {{.*}}; to the device 0 bytes {{.*}}; 240000 bytes stayed on the device
// SUMMARY: kernel 'scaleAdd': 10 call(s), {{.*}}; to the device 0 bytes {{.*}}; 240000 bytes stayed on the device
// SUMMARY: total: {{.*}} to the device 24000 bytes in {{.*}}, back 16000 bytes in {{.*}}; 480000 bytes stayed on the device
// Once each way, plus the 20 elements read, 8 bytes each.
// READS-ON: to the device 24000 bytes, back 16160 bytes, z[0] 0.259733, reads 5.850266602
// READS-OFF: to the device 320000 bytes, back 160000 bytes, z[0] 0.259733, reads 5.850266602
