// A loop that reads one element of each result between its calls ("A+r"
// in benchmarks/interfaces): with the plugin's residency the arrays cross
// once each way and each read brings back only the element it reads.
// RUN: %offload_host %s %ldflags -o %t.on && %t.on | FileCheck %s --check-prefix=ON
// RUN: %offload_host -fplugin-arg-offload-residency=off %s %ldflags -o %t.off && %t.off | FileCheck %s --check-prefix=OFF
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
  std::vector<double> x(1000, 1.0), y(1000, 0.25), z(1000, 1.0);
  double reads = 0;
  for (int it = 0; it < 10; ++it) {
    offload::offload(axpy, 1e-3, x, y);
    reads += y[it * 31];
    offload::offload(scaleAdd, 0.5, y, z);
    reads += z[it * 17];
  }
  offload::TransferTotals T = offload::transfer_totals();
  std::printf("to the device %llu bytes, back %llu bytes, reads %.9f\n",
              (unsigned long long)T.to_device_bytes,
              (unsigned long long)T.from_device_bytes, reads);
}
// Once each way, plus 20 elements of 8 bytes.
// ON: to the device 24000 bytes, back 16160 bytes, reads 5.850266602
// OFF: to the device 320000 bytes, back 160000 bytes, reads 5.850266602
