// A call on a device set splits its Regions between the devices: a Region
// whose strategy has no part() and Atomic data cannot be split, and the
// call says so at compile time. Calls on one device with the same kernels
// are fine, and so are Ranges with any strategy.
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
#include <offload/offload.hpp>
#include <vector>

void strided(offload::Region<double, offload::GridStride1D> y) {}
void counts(offload::Range<> r, offload::Atomic<int> hits) {}
void strideRange(offload::Range<offload::GridStride1D> r,
                 offload::Reduce<offload::Sum<double>> s) {}
void rows(offload::Region<double, offload::Rows2D> y) {}

void run(std::vector<double> &y, std::vector<int> &h, double &s) {
  const offload::Devices All = offload::Devices::all();
  offload::offload(strided, offload::Region<double, offload::GridStride1D>(y));
  offload::offload(counts, 100, h);
  offload::offload(All, strideRange,
                   offload::Range<offload::GridStride1D>(100, {64}), s);
  offload::offload(All, rows,
                   offload::Region<double, offload::Rows2D>(y, {10, 10}));
  // expected-error@*:* {{a Region's strategy has no part(first, last, size)}}
  offload::offload(All, strided, offload::Region<double, offload::GridStride1D>(y));
  // expected-error@*:* {{offload::Atomic data cannot be split between devices}}
  // expected-note@*:* 0+ {{in instantiation of}}
  offload::offload(All, counts, 100, h);
}
