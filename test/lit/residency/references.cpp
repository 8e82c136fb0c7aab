// Containers a function receives by reference stay on the device across its
// loops when no host code in the loop may reach them by another name, and
// only when they are distinct objects. Built with residency on and off; the
// outputs must agree, and the remarks say which loops kept data resident.
// RUN: %offload_host -O1 -Rpass=offload-residency -Rpass-missed=offload-residency %s %ldflags -o %t.on 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARKS < %t.remarks
// RUN: %offload_host -O1 -fplugin-arg-offload-residency=off %s %ldflags -o %t.off
// RUN: %t.on > %t.on.txt && %t.off > %t.off.txt && diff %t.on.txt %t.off.txt
// RUN: FileCheck %s < %t.on.txt
#include <offload/offload.hpp>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <tuple>
#include <vector>

void axpy(std::span<const double> x, double a, offload::Region<double> y) {
  for (auto [i, yi] : y)
    yi += a * x[i];
}

void scale(double a, offload::Region<double> y) {
  for (auto [i, yi] : y)
    yi *= a;
}

void shift(std::span<const double> in, offload::Region<double, offload::Grid2D> out) {
  for (auto [i, j, v] : out)
    v = 0.5 * v + in[i * 4 + j];
}

void total(offload::Range<> r, std::span<const double> x,
           offload::ReduceSum<double> s) {
  for (std::uint64_t i : r)
    s += x[i];
}

using Picked = offload::Region<double, offload::Indexed<std::int64_t>>;
void axpyPicked(std::span<const double> x, double a, Picked y) {
  for (auto [i, yi] : y)
    yi += a * x[i];
}

double sum(const std::vector<double> &v) {
  return std::accumulate(v.begin(), v.end(), 0.0);
}

std::vector<double> iota(std::size_t n) {
  std::vector<double> v(n);
  std::iota(v.begin(), v.end(), 1.0);
  return v;
}

// Distinct objects stay (the same object as both is an error when the
// call runs, and the loop leaves that to the call).
void step(std::vector<double> &y, const std::vector<double> &x, int n) {
  // REMARKS-DAG: references.cpp:[[@LINE+2]]:3: remark: 'y' stays on the device
  // REMARKS-DAG: references.cpp:[[@LINE+1]]:3: remark: 'x' stays on the device
  for (int s = 0; s < n; ++s)
    offload::offload(axpy, x, 0.5, y);
}

// A by-value parameter is this function's own.
double byValue(std::vector<double> y, const std::vector<double> &x) {
  // REMARKS-DAG: references.cpp:[[@LINE+2]]:3: remark: 'y' stays on the device
  // REMARKS-DAG: references.cpp:[[@LINE+1]]:3: remark: 'x' stays on the device
  for (int s = 0; s < 4; ++s)
    offload::offload(axpy, x, 1.0, y);
  return sum(y);
}

struct Data {
  std::vector<double> x, y;
  double a = 2.0, acc = 0.0;
  int steps = 3;
};

// RAJAPerf's shape: a generic lambda over the containers, a member read
// and a member written between the calls, std::min on scalars.
double generic(Data &d) {
  auto loop = [&](auto &y, auto &x) {
    // REMARKS-DAG: references.cpp:[[@LINE+2]]:5: remark: 'y' stays on the device
    // REMARKS-DAG: references.cpp:[[@LINE+1]]:5: remark: 'x' stays on the device
    for (int s = 0; s < d.steps; ++s) {
      offload::offload(axpy, x, d.a, y);
      double t = 0;
      offload::offload(total, x.size(), x, t);
      d.acc = std::max(d.acc, t) + y.size();
    }
  };
  std::apply(loop, std::tie(d.y, d.x));
  return sum(d.y) + d.acc;
}

// A Region built in the call from a parameter.
double grid(std::vector<double> &out, const std::vector<double> &in) {
  // REMARKS-DAG: references.cpp:[[@LINE+2]]:3: remark: 'out' stays on the device
  // REMARKS-DAG: references.cpp:[[@LINE+1]]:3: remark: 'in' stays on the device
  for (int s = 0; s < 5; ++s)
    offload::offload(shift, in,
                     offload::Region<double, offload::Grid2D>(
                         out, offload::Grid2D(3, 4)));
  return sum(out);
}

// Host code that may reach a container by another name keeps it moving.
double scalarAlias(std::vector<double> &y, const std::vector<double> &x,
                   double &s) {
  // REMARKS-DAG: references.cpp:[[@LINE+2]]:3: remark: 'y' cannot stay on the device across this loop's offload() calls: it is the caller's, and host code in the loop may reach it by another name
  // REMARKS-DAG: references.cpp:[[@LINE+1]]:3: remark: 'x' cannot stay on the device
  for (int k = 0; k < 3; ++k) {
    offload::offload(axpy, x, 1.0, y);
    s += 1.0; // REMARKS-DAG: references.cpp:[[@LINE]]:5: note: host code here may reach 'y' by another name
  }
  return sum(y) + s;
}

// d.x may be y: the loop's calls would have copied them separately.
double memberAlias(Data &d, std::vector<double> &y) {
  double seen = 0;
  // REMARKS-DAG: references.cpp:[[@LINE+1]]:3: remark: 'y' cannot stay on the device
  for (int k = 0; k < 3; ++k) {
    offload::offload(axpy, d.x, 1.0, y); // REMARKS-DAG: references.cpp:[[@LINE]]:28: note: host code here may reach 'y' by another name
    seen += d.y[0];
  }
  return sum(y) + seen;
}

// Reads of data no kernel of the loop writes, by any name, are fine (the
// host copy stays current): RAJAPerf's FIRST_MIN reads its input so.
double readOnlyAlias(Data &d, const std::vector<double> &x) {
  double seen = 0;
  // REMARKS-DAG: references.cpp:[[@LINE+1]]:3: remark: 'x' stays on the device
  for (int k = 0; k < 3; ++k) {
    double t = 0;
    offload::offload(total, x.size(), x, t);
    seen += d.x[k] + t;
  }
  return seen;
}

// Views built before the loop from parameters: a Region over a sub-span,
// and one whose Indexed strategy lists the elements (the list stays too).
double views(std::vector<double> &out, const std::vector<double> &x,
             const std::vector<std::int64_t> &list) {
  offload::Region<double> part(std::span<double>(out).subspan(2, 6));
  Picked picked(out, offload::Indexed(list));
  // REMARKS-DAG: references.cpp:[[@LINE+3]]:3: remark: 'out' stays on the device
  // REMARKS-DAG: references.cpp:[[@LINE+2]]:3: remark: 'x' stays on the device
  // REMARKS-DAG: references.cpp:[[@LINE+1]]:3: remark: 'list' stays on the device
  for (int s = 0; s < 3; ++s) {
    offload::offload(axpy, x, 1.0, part);
    offload::offload(axpyPicked, x, 2.0, picked);
  }
  return sum(out);
}

// A view of a member may show x's data.
double viewAlias(Data &d, const std::vector<double> &x) {
  offload::Region<double> all(d.y);
  // REMARKS-DAG: references.cpp:[[@LINE+1]]:3: remark: 'x' cannot stay on the device
  for (int s = 0; s < 3; ++s)
    offload::offload(axpy, x, 1.0, all); // REMARKS-DAG: references.cpp:[[@LINE]]:36: note: host code here may reach 'x' by another name
  return sum(d.y);
}

// Two views of one vector in one call, one written: staged (as the one
// vector) only if they do not overlap when the loop starts; else the loop
// runs as written, and the call reports the overlap.
double twoViews(std::vector<double> &v, std::size_t from) {
  offload::Region<double> head(std::span<double>(v).subspan(0, 10));
  const std::span<const double> tail =
      std::span<const double>(v).subspan(from, 10);
  // REMARKS-DAG: references.cpp:[[@LINE+1]]:3: remark: 'v' stays on the device
  for (int s = 0; s < 3; ++s)
    offload::offload(axpy, tail, 1.0, head);
  return sum(v);
}

// The vector itself and a view of it in one call: never staged (and an
// error when the call runs, since they overlap).
double viewAndWhole(std::vector<double> &v) {
  offload::Region<double> head(std::span<double>(v).subspan(0, 10));
  // REMARKS-DAG: references.cpp:[[@LINE+1]]:3: remark: 'v' cannot stay on the device across this loop's offload() calls: two arguments of one call reach it
  for (int s = 0; s < 3; ++s)
    offload::offload(axpy, v, 1.0, head); // REMARKS-DAG: references.cpp:[[@LINE]]:5: note: this call passes 'v' twice
  return sum(v);
}

// The caller stages y itself: its handle governs, and the loop's reads see
// the host copy, stale, as in the plain program.
double callerStaged(std::vector<double> &y, const std::vector<double> &x) {
  double seen = 0;
  // REMARKS-DAG: references.cpp:[[@LINE+1]]:3: remark: 'y' stays on the device across this loop's offload() calls: copied there once before the loop and back once after it; the host's reads
  for (int s = 0; s < 3; ++s) {
    offload::offload(axpy, x, 1.0, y);
    seen += y[s];
  }
  return seen;
}

// The loop calls a lambda that makes the offload() call (RAJAPerf's
// HISTOGRAM): what it passes on stays; host code in the lambda counts.
template <class Launch> double relay(std::vector<double> &y, Launch run) {
  // REMARKS-DAG: references.cpp:[[@LINE+2]]:3: remark: 'y' stays on the device
  // REMARKS-DAG: references.cpp:[[@LINE+1]]:3: remark: 'y' cannot stay on the device
  for (int s = 0; s < 3; ++s)
    run(y);
  return sum(y);
}
double log(double);
double relays(Data &d) {
  double a = relay(d.y, [&](auto &y) { offload::offload(scale, d.a, y); });
  double b = relay(d.x, [&](auto &y) {
    offload::offload(scale, log(1.0), y); // REMARKS-DAG: references.cpp:[[@LINE]]:29: note: host code here may reach 'y' by another name
  });
  return a + b;
}

// A view built before the loop and handed to the lambda (RAJAPerf's
// VOL3D): its data stays as it would for the loop's own calls.
template <class Launch>
double relayView(std::vector<double> &y, const std::vector<double> &x,
                 Launch run) {
  offload::Region<double> tail(std::span<double>(y).subspan(10));
  // REMARKS-DAG: references.cpp:[[@LINE+2]]:3: remark: 'y' stays on the device across this loop's offload() calls: copied there once before the loop and back once after it
  // REMARKS-DAG: references.cpp:[[@LINE+1]]:3: remark: 'x' stays on the device across this loop's offload() calls: copied there once before the loop
  for (int s = 0; s < 3; ++s)
    run(tail, x);
  return sum(y);
}

// Each step's result copied into a vector of the function's own: an
// assignment of two containers reaches no other object (RAJAPerf's
// MULTI_REDUCE).
double lastResult(const std::vector<double> &x) {
  std::vector<double> last;
  // REMARKS-DAG: references.cpp:[[@LINE+1]]:3: remark: 'x' stays on the device across this loop's offload() calls: copied there once before the loop
  for (int s = 0; s < 3; ++s) {
    std::vector<double> out(x.size(), double(s));
    offload::offload(axpy, x, 1.0, out);
    last = out;
  }
  return sum(last);
}

double opaque(std::vector<double> &y, const std::vector<double> &x) {
  double t = 0;
  // REMARKS-DAG: references.cpp:[[@LINE+1]]:3: remark: 'y' cannot stay on the device
  for (int k = 0; k < 3; ++k) {
    offload::offload(axpy, x, 1.0, y);
    t += log(1.0); // REMARKS-DAG: references.cpp:[[@LINE]]:10: note: host code here may reach 'y' by another name
  }
  return sum(y) + t;
}
double log(double) { return 0.25; }

int main() {
  std::vector<double> x = iota(100), y(100, 1.0);
  step(y, x, 4);
  std::printf("distinct %.2f\n", sum(y));
  // The same object as x and y is an error when the call runs (the data of
  // 'x' and 'y' overlap, e2e/runtime-errors.test); a copy per call reads
  // what the device would.
  for (int s = 0; s < 3; ++s) {
    const std::vector<double> before = y;
    step(y, before, 1);
  }
  std::printf("same %.2f\n", sum(y));
  std::printf("by value %.2f %.2f\n", byValue(y, x), sum(y));
  Data d{iota(100), std::vector<double>(100, 2.0)};
  std::printf("generic %.2f\n", generic(d));
  std::vector<double> g(12, 1.0), in = iota(12);
  std::printf("grid %.4f\n", grid(g, in));
  double s = 0;
  std::printf("scalar alias %.2f\n", scalarAlias(y, x, y[0]));
  std::printf("scalar %.2f\n", scalarAlias(y, x, s));
  std::printf("member alias %.2f\n", memberAlias(d, d.y));
  std::printf("read-only alias %.2f\n", readOnlyAlias(d, d.x));
  std::printf("opaque %.2f\n", opaque(y, x));
  {
    std::vector<double> staged(100, 1.0);
    auto handle = offload::preload_mut(staged);
    double seen = callerStaged(staged, x);
    handle.release();
    std::printf("caller staged %.2f %.2f\n", seen, sum(staged));
  }
  std::vector<std::int64_t> list = {1, 4, 9, 30};
  std::printf("views %.2f\n", views(y, x, list));
  // (viewAlias(d, d.y) would pass overlapping data, an error when the call
  // runs: the remarks above are about what the loop cannot know.)
  std::printf("view alias %.2f\n", viewAlias(d, d.x));
  std::printf("relays %.2f\n", relays(d));
  std::printf("last result %.2f\n", lastResult(iota(20)));
  std::vector<double> whole(30, 1.0);
  std::printf("relay view %.2f\n",
              relayView(whole, iota(20), [](auto &part, auto &from) {
                offload::offload(axpy, from, 1.0, part);
              }));
  std::vector<double> both = iota(30);
  std::printf("two views %.2f", twoViews(both, 10));
  std::printf(" %.2f\n", twoViews(both, 20));
}
// y = 1 + 2x; then y *= 1.5 three times (each call copies y in twice, as x
// and as y); a copy gets 4x more, the caller's y not.
// CHECK: distinct 10200.00
// CHECK: same 34425.00
// CHECK: by value 54625.00 34425.00
// CHECK: generic {{[0-9.]+}}
// CHECK: grid {{[0-9.]+}}
// CHECK: scalar alias {{[0-9.]+}}
// CHECK: opaque {{[0-9.]+}}
// The reads see the host copy: 1.0 each, however many calls ran.
// CHECK: caller staged 3.00 15250.00
// CHECK: views {{[0-9.]+}}
// CHECK: view alias {{[0-9.]+}}
// CHECK: relays {{[0-9.]+}}
// The last step's: x (1 to 20) plus 2 each.
// CHECK: last result 250.00
// y[10 + i] = 1 + 3(i + 1) for i < 20, the first ten 1: 10 + 20 + 3 * 210.
// CHECK: relay view 660.00
// CHECK: two views {{[0-9.]+}} {{[0-9.]+}}
