// The host device's loops over a chunk's threads (HostLaunch::chunk) have
// the kernel inlined into them. A 1-D kernel of Linear1D Regions runs up to
// the data's size, where its element checks fall away and the loop
// vectorizes (packed multiply and add); a grid-stride reduction and a
// kernel of a hundred operations make no call per thread (out of line, the
// parameters and a partial sum live in memory; the kernel is called only
// for threads past the data, out of line). A grid-stride thread's elements
// are a contiguous run on the host, so an integer reduction vectorizes; the
// partials of several reductions are not packed into one vector of blends
// (minsd and maxsd, not cmpltpd). An Interval1D Region's threads before
// its begin run apart too, and the loop over those inside [begin, end)
// vectorizes: no `begin <= i` check left per thread. A Grid2D or Grid3D
// Region's rows run up to its box's width, and so vectorize too, as do
// those of two boxes (each box's width stated in the loop).
// RUN: rm -rf %t && mkdir %t
// RUN: %offload -O3 -fplugin-arg-offload-targets=host -fplugin-arg-offload-save-temps=%t -c %s -o %t/v.o
// RUN: llvm-objdump -d --no-show-raw-insn %t/host-vectorize.host.so > %t/dis.txt
// RUN: awk '/^[0-9a-f]+ <.*HostLaunch.*daxpy.*>:$/,/^$/' %t/dis.txt | FileCheck %s --check-prefix=DAXPY
// RUN: awk '/^[0-9a-f]+ <.*HostLaunch.*gridSum.*>:$/,/^$/' %t/dis.txt | FileCheck %s --check-prefix=GRID
// RUN: awk '/^[0-9a-f]+ <.*HostLaunch.*volume.*>:$/,/^$/' %t/dis.txt | FileCheck %s --check-prefix=VOLUME
// RUN: awk '/^[0-9a-f]+ <.*HostLaunch.*intSums.*>:$/,/^$/' %t/dis.txt | FileCheck %s --check-prefix=INTS
// RUN: awk '/^[0-9a-f]+ <.*HostLaunch.*minMax.*>:$/,/^$/' %t/dis.txt | FileCheck %s --check-prefix=MINMAX
// RUN: awk '/^[0-9a-f]+ <.*HostLaunch.*pairSums.*>:$/,/^$/' %t/dis.txt | FileCheck %s --check-prefix=INTERVAL
// RUN: awk '/^[0-9a-f]+ <.*HostLaunch.*jacobi2d.*>:$/,/^$/' %t/dis.txt | FileCheck %s --check-prefix=GRID2D
// RUN: awk '/^[0-9a-f]+ <.*HostLaunch.*heat3d.*>:$/,/^$/' %t/dis.txt | FileCheck %s --check-prefix=GRID3D
// RUN: awk '/^[0-9a-f]+ <.*HostLaunch.*twoBoxes.*>:$/,/^$/' %t/dis.txt | FileCheck %s --check-prefix=BOXES
#include <offload/offload.hpp>

void daxpy(std::span<const double> x, double a, offload::Region<double> y) {
  for (auto [i, yi] : y)
    yi += a * x[i];
}

void gridSum(offload::Range<offload::GridStride1D> r,
             std::span<const double> x, offload::ReduceSum<double> sum) {
  for (std::uint64_t i : r)
    sum += x[i];
}

// Eight neighbours' differences, combined as RAJAPerf's VOL3D combines them.
void volume(std::span<const double> x, std::span<const double> y,
            std::span<const double> z, std::uint64_t jp, std::uint64_t kp,
            offload::Region<double> v) {
  for (auto [i, vi] : v) {
    const std::uint64_t n[8] = {i,      i + 1,      i + jp,      i + 1 + jp,
                                i + kp, i + 1 + kp, i + jp + kp, i + 1 + jp + kp};
    double total = 0;
    for (int a = 0; a < 7; ++a)
      total += (x[n[7]] - x[n[a]]) * (y[n[a + 1]] - y[n[a]]) -
               (z[n[7]] - z[n[a]]) * (x[n[a + 1]] + y[n[a]]);
    vi = total;
  }
}

void intSums(offload::Range<offload::GridStride1D> r, std::span<const int> x,
             offload::ReduceSum<int> sum) {
  for (std::uint64_t i : r)
    sum += x[i];
}

void minMax(offload::Range<offload::GridStride1D> r, std::span<const double> x,
            offload::ReduceMin<double> lo, offload::ReduceMax<double> hi) {
  for (std::uint64_t i : r) {
    lo.min(x[i]);
    hi.max(x[i]);
  }
}

void pairSums(std::span<const double> x,
              offload::Region<double, offload::Interval1D> y) {
  for (auto [i, yi] : y)
    yi = x[i - 1] + x[i];
}

// A stencil on the interior of a matrix (RAJAPerf's JACOBI_2D).
void jacobi2d(std::span<const double> a, std::uint64_t n,
              offload::Region<double, offload::Grid2D> b) {
  for (auto [r, c, v] : b)
    v = 0.2 * (a[r * n + c] + a[r * n + c - 1] + a[r * n + c + 1] +
               a[(r + 1) * n + c] + a[(r - 1) * n + c]);
}

// The same in three dimensions (RAJAPerf's HEAT_3D, fewer terms).
void heat3d(std::span<const double> a, std::uint64_t n,
            offload::Region<double, offload::Grid3D> b) {
  for (auto [i, j, k, v] : b) {
    const std::uint64_t e = i + n * (j + n * k);
    v = a[e] + 0.125 * (a[e + 1] - 2.0 * a[e] + a[e - 1]) +
        0.125 * (a[e + n * n] - 2.0 * a[e] + a[e - n * n]);
  }
}

// Two Regions of one box (RAJAPerf's HYDRO_2D).
void twoBoxes(std::span<const double> a, std::span<const double> b,
              std::uint64_t n, offload::Region<double, offload::Grid2D> c,
              offload::Region<double, offload::Grid2D> d) {
  for (auto [r, q, v] : c)
    v = a[q + r * n] + 0.5 * b[q + r * n];
  for (auto [r, q, v] : d)
    v = b[q + r * n] + 0.5 * a[q + r * n];
}

void run(std::vector<double> &x, std::vector<double> &y, double &s,
         std::vector<int> &n, int &t, double &lo, double &hi) {
  offload::offload(intSums, offload::Range<offload::GridStride1D>(n.size()), n,
                   t);
  offload::offload(minMax, offload::Range<offload::GridStride1D>(x.size()), x,
                   lo, hi);
  offload::offload(daxpy, x, 2.0, y);
  offload::offload(gridSum, offload::Range<offload::GridStride1D>(x.size()),
                   x, s);
  offload::offload(volume, x, x, x, 10, 100, y);
  offload::offload(pairSums, x,
                   offload::Region<double, offload::Interval1D>(
                       y, offload::Interval1D{1, y.size()}));
  const std::uint64_t w = 100;
  offload::offload(jacobi2d, x, w,
                   offload::Region<double, offload::Grid2D>(
                       y, offload::Grid2D{w, w, {1, w - 1, 1, w - 1}}));
  offload::offload(
      heat3d, x, w,
      offload::Region<double, offload::Grid3D>(
          y,
          offload::Grid3D{w, w, w / 10, {1, w - 1, 1, w - 1, 1, w / 10 - 1}}));
  std::vector<double> z(y.size());
  const offload::Grid2D interior{w, w, {1, w - 1, 1, w - 1}};
  offload::offload(twoBoxes, x, x, w,
                   offload::Region<double, offload::Grid2D>(y, interior),
                   offload::Region<double, offload::Grid2D>(z, interior));
}
// DAXPY: mulpd
// DAXPY: addpd
// GRID-NOT: call
// GRID: addsd
// GRID-NOT: call
// VOLUME-NOT: call{{.*}}<_Z6volume
// VOLUME: mulsd
// VOLUME-NOT: call{{.*}}<_Z6volume
// INTS: paddd
// MINMAX-NOT: cmpltpd
// MINMAX: minsd
// MINMAX-NOT: cmpltpd
// INTERVAL: addpd
// GRID2D: addpd
// GRID3D: mulpd
// BOXES: mulpd
