// Loops whose containers stay on the device give the answers of the plain
// calls, however the loop is left and whatever the host does around it.
// The program is built twice, with the plugin's residency on and off, and
// both outputs must be the same; the remarks say which loops kept data
// resident, so that the comparison cannot pass vacuously.
// RUN: %offload_host -O1 -Rpass=offload-residency -Rpass-missed=offload-residency %s %ldflags -o %t.on 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARKS < %t.remarks
// RUN: %offload_host -O1 -fplugin-arg-offload-residency=off %s %ldflags -o %t.off
// RUN: %t.on > %t.on.txt && %t.off > %t.off.txt && diff %t.on.txt %t.off.txt
// RUN: FileCheck %s < %t.on.txt
#include <offload/offload.hpp>
#include <cstdio>
#include <numeric>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

void axpy(std::span<const double> x, double a, offload::Region<double> y) {
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

void plain() {
  std::vector<double> x = iota(1000), y(1000, 1.0);
  // REMARKS-DAG: semantics.cpp:[[@LINE+2]]:3: remark: 'x' stays on the device
  // REMARKS-DAG: semantics.cpp:[[@LINE+1]]:3: remark: 'y' stays on the device
  for (int s = 0; s < 10; ++s)
    offload::offload(axpy, x, 0.5, y);
  std::printf("plain %.1f\n", sum(y));
}
// CHECK: plain 2503500.0
// CHECK: early return 125250.0 3.0

// Reading y in the return statement is host code in the loop: y moves at
// every call there. The second loop only leaves by return.
double earlyReturn(int stop) {
  std::vector<double> x = iota(100), y(100);
  if (stop < 0) {
    std::vector<double> z(100);
    // REMARKS-DAG: semantics.cpp:[[@LINE+1]]:5: remark: 'z' stays on the device
    for (int s = 0;; ++s) {
      offload::offload(axpy, x, 1.0, z);
      if (s == -stop)
        return s;
    }
  }
  // REMARKS-DAG: semantics.cpp:[[@LINE+1]]:3: remark: 'y' cannot stay on the device across this loop's offload() calls: host code uses it inside the loop
  for (int s = 0;; ++s) {
    offload::offload(axpy, x, 1.0, y);
    if (s == stop)
      return sum(y) + 1000 * y.size();
  }
}

void breakAndGoto() {
  std::vector<double> x = iota(100), y(100);
  int s = 0;
  // REMARKS-DAG: semantics.cpp:[[@LINE+1]]:3: remark: 'y' stays on the device
  for (;; ++s) {
    offload::offload(axpy, x, 1.0, y);
    if (s == 2)
      break;
  }
  std::printf("break %.1f\n", sum(y));
  // REMARKS-DAG: semantics.cpp:[[@LINE+1]]:3: remark: 'y' stays on the device
  while (true) {
    offload::offload(axpy, x, 1.0, y);
    if (++s == 5)
      goto out;
  }
out:
  std::printf("goto %.1f\n", sum(y));
}
// CHECK: break 15150.0
// CHECK: goto 30300.0

void exceptions() {
  std::vector<double> x = iota(100), y(100);
  try {
    // REMARKS-DAG: semantics.cpp:[[@LINE+1]]:5: remark: 'y' stays on the device
    for (int s = 0; s < 10; ++s) {
      offload::offload(axpy, x, 1.0, y);
      if (s == 3)
        throw std::runtime_error("stop");
    }
  } catch (const std::exception &) {
    std::printf("thrown %.1f\n", sum(y)); // four calls' worth
  }
}
// CHECK: thrown 20200.0

// Resized, swapped and moved between loops: each loop stages what the
// vector holds when it starts.
void reshaped() {
  std::vector<double> x = iota(200), y(100, 1.0);
  // REMARKS-DAG: semantics.cpp:[[@LINE+1]]:3: remark: 'y' stays on the device
  for (int s = 0; s < 3; ++s)
    offload::offload(axpy, x, 1.0, y);
  y.resize(200, 2.0);
  std::vector<double> other(200, 3.0);
  std::swap(y, other);
  // REMARKS-DAG: semantics.cpp:[[@LINE+1]]:3: remark: 'y' stays on the device
  for (int s = 0; s < 3; ++s)
    offload::offload(axpy, x, 1.0, y);
  std::vector<double> w = std::move(other);
  w.push_back(7.0);
  x.push_back(0.0);
  // REMARKS-DAG: semantics.cpp:[[@LINE+1]]:3: remark: 'w' stays on the device
  for (int s = 0; s < 2; ++s)
    offload::offload(axpy, x, 1.0, w);
  std::printf("reshaped %.1f %.1f %zu\n", sum(y), sum(w), w.size());
}
// CHECK: reshaped 60900.0 55657.0 201

// Host code that reads or writes the data inside the loop, aliases,
// escaping pointers and threads: the data moves at every call.
double *Stashed;
__attribute__((noinline)) void stash(std::vector<double> &v) {
  Stashed = v.data();
}
void hostAccess() {
  std::vector<double> x = iota(100), y(100), z(100), u(100), t(100);
  auto &alias = u;
  stash(z);
  std::thread reader;
  double seen = 0;
  // REMARKS-DAG: semantics.cpp:[[@LINE+1]]:3: remark: 'y' cannot stay on the device across this loop's offload() calls: host code uses it inside the loop
  for (int s = 0; s < 3; ++s) {
    offload::offload(axpy, x, 1.0, y);
    y[s] += 100.0; // read and written between calls
  }
  std::printf("host access %.1f\n", sum(y));
  // REMARKS-DAG: semantics.cpp:[[@LINE+1]]:3: remark: 'z' cannot stay on the device across this loop's offload() calls: its address may leave this function
  for (int s = 0; s < 3; ++s) {
    offload::offload(axpy, x, 1.0, z);
    *Stashed += 1.0; // z[0], through a pointer another function kept
  }
  std::printf("escaped %.1f\n", sum(z));
  // REMARKS-DAG: semantics.cpp:[[@LINE+1]]:3: remark: 'u' cannot stay on the device across this loop's offload() calls: its address may leave this function
  for (int s = 0; s < 3; ++s) {
    offload::offload(axpy, x, 1.0, u);
    alias[1] += 1.0;
  }
  std::printf("alias %.1f\n", sum(u));
  // REMARKS-DAG: semantics.cpp:[[@LINE+1]]:3: remark: 'x' cannot stay on the device across this loop's offload() calls: host code uses it inside the loop
  for (int s = 0; s < 3; ++s) {
    offload::offload(axpy, x, 1.0, y);
    x[0] += 10.0; // read-only data the host changes between calls
  }
  std::printf("const written %.1f\n", sum(y));
  double read = 0;
  // REMARKS-DAG: semantics.cpp:[[@LINE+2]]:3: remark: 'x' stays on the device
  // REMARKS-DAG: semantics.cpp:[[@LINE+1]]:3: remark: 'y' stays on the device
  for (int s = 0; s < 3; ++s) {
    offload::offload(axpy, x, 1.0, y);
    read += x[s] * 2; // read-only data, read between calls
  }
  std::printf("read-only read %.1f %.1f\n", sum(y), read);
  double results = 0;
  // REMARKS-DAG: semantics.cpp:[[@LINE+1]]:3: remark: 'y' stays on the device across this loop's offload() calls: copied there once before the loop and back once after it; the host's reads of its elements in the loop copy those elements back
  for (int s = 0; s < 4; ++s) {
    offload::offload(axpy, x, 1.0, y);
    results += y[s * 7] - y[99 - s]; // results read between calls
    offload::offload(axpy, x, 0.5, y);
  }
  std::printf("results read %.1f %.1f\n", sum(y), results);
  // REMARKS-DAG: semantics.cpp:[[@LINE+1]]:3: remark: 't' cannot stay on the device across this loop's offload() calls: a lambda captures it
  for (int s = 0; s < 3; ++s) {
    offload::offload(axpy, x, 1.0, t);
    reader = std::thread([&] { seen += t[5]; });
    reader.join();
  }
  std::printf("thread %.1f %.1f\n", sum(t), seen);
}
// CHECK: host access 15450.0
// CHECK: escaped 15153.0
// CHECK: alias 15153.0
// CHECK: const written 30630.0
// CHECK: read-only read {{[0-9.]+}} {{[0-9.]+}}
// CHECK: results read {{[0-9.]+}} {{-?[0-9.]+}}
// CHECK: thread 15240.0 36.0

// A container the user preloads, passed by name inside the loop: the
// handle holds its address, so the plugin leaves it to the handle (which
// keeps it on the device anyway).
void withPreload() {
  std::vector<double> x = iota(100), y(100);
  {
    auto Y = offload::preload_mut(y);
    offload::offload(axpy, x, 1.0, Y);
    // REMARKS-DAG: semantics.cpp:[[@LINE+2]]:5: remark: 'x' stays on the device
    // REMARKS-DAG: semantics.cpp:[[@LINE+1]]:5: remark: 'y' cannot stay on the device across this loop's offload() calls: its address may leave this function
    for (int s = 0; s < 3; ++s)
      offload::offload(axpy, x, 1.0, y);
    Y.sync();
    std::printf("preloaded %.1f\n", sum(y));
  }
}
// CHECK: preloaded 20200.0

// Nothing to copy, and a range-based for over another container.
void emptyAndRange() {
  std::vector<double> x, y;
  std::vector<int> steps = {1, 2, 3};
  // REMARKS-DAG: semantics.cpp:[[@LINE+1]]:3: remark: 'y' stays on the device
  for (int s : steps)
    offload::offload(axpy, x, double(s), y);
  std::printf("empty %zu\n", y.size());
}
// CHECK: empty 0

int main() {
  plain();
  std::printf("early return %.1f %.1f\n", earlyReturn(4), earlyReturn(-3));
  breakAndGoto();
  exceptions();
  reshaped();
  hostAccess();
  withPreload();
  emptyAndRange();
}
