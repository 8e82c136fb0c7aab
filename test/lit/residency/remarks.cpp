// -Rpass=offload-residency says which containers stay on the device across
// a loop of offload() calls; -Rpass-missed=offload-residency says why one
// cannot, with a note at the host code that stops it. Without the flags
// the plugin says nothing.
// RUN: %offload_host -fsyntax-only -Rpass=offload-residency -Rpass-missed=offload-residency -Xclang -verify %s
// RUN: %offload_host -fsyntax-only -Xclang -verify=quiet %s
// quiet-no-diagnostics
#include <offload/offload.hpp>
#include <algorithm>
#include <numeric>
#include <vector>

void axpy(std::span<const double> x, double a, offload::Region<double> y) {
  for (auto [i, yi] : y)
    yi += a * x[i];
}
void reads(std::span<const double> x, offload::Region<double> y) {}

double kept(int steps) {
  std::vector<double> x(100, 1.0), y(100);
  for (int s = 0; s < steps; ++s) // expected-remark {{'x' stays on the device across this loop's offload() calls: copied there once before the loop [-Rpass=offload-residency]}} \
                                  // expected-remark {{'y' stays on the device across this loop's offload() calls: copied there once before the loop and back once after it [-Rpass=offload-residency]}}
    offload::offload(axpy, x, 0.5, y);
  // Host code outside the loop may do anything that keeps no address.
  y.resize(200);
  std::sort(y.begin(), y.end());
  return std::accumulate(y.begin(), y.end(), 0.0) + y[0] + x.size();
}

// With offload::Launch first, the kernel's parameters still say what is
// only read, and team memory arguments hold no data.
void tiled(std::span<const double> x, offload::Tile<double, 64> t,
           offload::Region<double> y) {
  for (auto [i, yi] : y) {
    t.fill([&](std::size_t k) { return x[i - t.rank() + k]; });
    yi += t[(t.rank() + 1) % 64];
  }
}
double launched(int steps) {
  std::vector<double> x(128, 1.0), y(128);
  for (int s = 0; s < steps; ++s) // expected-remark {{'x' stays on the device across this loop's offload() calls: copied there once before the loop [-Rpass=offload-residency]}} \
                                  // expected-remark {{'y' stays on the device across this loop's offload() calls: copied there once before the loop and back once after it [-Rpass=offload-residency]}}
    offload::offload(offload::Launch{.threads = 128, .block = 64}, tiled, x,
                     offload::team_memory, y);
  return y[0];
}

void whileAndDo(std::vector<double> &out) {
  std::vector<double> x(10), y(10);
  int n = 0;
  while (n++ < 3) // expected-remark {{'x' stays on the device}} expected-remark {{'y' stays on the device}}
    offload::offload(axpy, x, 1.0, y);
  do { // expected-remark {{'x' stays on the device}} expected-remark {{'y' stays on the device}}
    offload::offload(reads, x, y);
  } while (n-- > 0 && !y.empty());
  out = y;
}

void hostUseInside() {
  std::vector<double> x(10), y(10);
  for (int s = 0; s < 3; ++s) { // expected-remark {{'x' stays on the device}} \
                                // expected-remark {{'y' cannot stay on the device across this loop's offload() calls: host code uses it inside the loop; it moves at every call [-Rpass-missed=offload-residency]}}
    offload::offload(axpy, x, 1.0, y);
    y[0] += 1.0; // expected-note {{host code uses 'y' here}}
  }
}

// Reading data that no kernel writes is fine in the loop: its host copy
// stays current.
double readsReadOnly() {
  std::vector<double> x(10), y(10);
  double seen = 0;
  for (int s = 0; s < 3; ++s) { // expected-remark {{'x' stays on the device}} expected-remark {{'y' stays on the device}}
    offload::offload(axpy, x, 1.0, y);
    seen += x[s] + x.at(s + 1) + x.front();
  }
  return seen;
}

// Reading elements of data a kernel writes brings those elements back.
double readsWritten() {
  std::vector<double> x(10), y(10);
  double seen = 0;
  for (int s = 0; s < 3; ++s) { // expected-remark {{'x' stays on the device}} expected-remark {{'y' stays on the device across this loop's offload() calls: copied there once before the loop and back once after it; the host's reads of its elements in the loop copy those elements back [-Rpass=offload-residency]}}
    offload::offload(axpy, x, 1.0, y);
    seen += y[s] * y[s + 1];
  }
  return seen;
}

void stash(std::vector<double> &v);

void escapes() {
  std::vector<double> x(10), y(10), z(10);
  double *p = y.data(); // expected-note {{'y' is used here in a way that may keep its address}}
  stash(z);             // expected-note {{'z' is used here in a way that may keep its address}}
  auto &alias = x;      // expected-note {{'x' is used here in a way that may keep its address}}
  for (int s = 0; s < 3; ++s) { // expected-remark {{'x' cannot stay on the device across this loop's offload() calls: its address may leave this function}} \
                                // expected-remark {{'y' cannot stay on the device across this loop's offload() calls: its address may leave this function}} \
                                // expected-remark {{'z' cannot stay on the device across this loop's offload() calls: its address may leave this function}}
    offload::offload(axpy, x, 1.0, y);
    offload::offload(axpy, x, 1.0, z);
  }
  *p = alias[0];
}

void captured() {
  std::vector<double> x(10), y(10);
  auto peek = [&] { return y[0]; }; // expected-note {{'y' is captured here}}
  for (int s = 0; s < 3; ++s) // expected-remark {{'x' stays on the device}} \
                              // expected-remark {{'y' cannot stay on the device across this loop's offload() calls: a lambda captures it}}
    offload::offload(axpy, x, peek(), y);
}

void parameters(std::vector<double> &y, const std::vector<double> &x) {
  for (int s = 0; s < 3; ++s) // expected-remark {{'x' stays on the device}} \
                              // expected-remark {{'y' stays on the device}}
    offload::offload(axpy, x, 1.0, y);
}

struct Fields {
  std::vector<double> x, y;
};
std::vector<double> global(10);

void notOwned(Fields &f) {
  for (int s = 0; s < 3; ++s) // expected-remark {{'x' cannot stay on the device across this loop's offload() calls: only std::vector variables and parameters of this function stay resident}} \
                              // expected-remark {{'global' cannot stay on the device across this loop's offload() calls: only std::vector variables and parameters of this function stay resident}}
    offload::offload(axpy, f.x, 1.0, global);
}

void label() {
  std::vector<double> x(10), y(10);
  for (int s = 0; s < 3; ++s) { // expected-remark {{'x' cannot stay on the device across this loop's offload() calls: a label in the loop could jump past the preload}} \
                                // expected-remark {{'y' cannot stay on the device across this loop's offload() calls: a label in the loop could jump past the preload}}
  again:
    offload::offload(axpy, x, 1.0, y);
    if (y.size() > 100)
      goto again;
  }
}

void innerLoop() {
  std::vector<double> x(10), y(10);
  for (int t = 0; t < 3; ++t) { // expected-remark {{'y' cannot stay on the device across this loop's offload() calls: host code uses it inside the loop}} \
                                // expected-remark {{'x' stays on the device}}
    for (int s = 0; s < 3; ++s)
      offload::offload(axpy, x, 1.0, y);
    y[0] = 0.0; // expected-note {{host code uses 'y' here}}
  }
}

// A helper of this file that only reads the vector, and a preload handle
// in another branch, keep no address that the loop could see.
double total(const std::vector<double> &v) {
  double t = 0;
  for (double e : v)
    t += e;
  return t + v[0];
}
double helperAndBranch(bool staged) {
  std::vector<double> x(10), y(10);
  if (staged) {
    auto Y = offload::preload_mut(y);
    offload::offload(axpy, x, 1.0, Y);
  } else {
    for (int s = 0; s < 3; ++s) // expected-remark {{'x' stays on the device}} expected-remark {{'y' stays on the device}}
      offload::offload(axpy, x, 1.0, y);
  }
  return total(y);
}

// A helper that keeps the address is not.
std::vector<double> *Kept;
void keep(std::vector<double> &v) { Kept = &v; }
void keptByHelper() {
  std::vector<double> x(10), y(10);
  keep(y); // expected-note {{'y' is used here in a way that may keep its address}}
  for (int s = 0; s < 3; ++s) // expected-remark {{'x' stays on the device}} expected-remark {{'y' cannot stay on the device across this loop's offload() calls: its address may leave this function}}
    offload::offload(axpy, x, 1.0, y);
}

// In each instantiation of a function template, and in member functions.
template <class T> T inTemplate() {
  std::vector<T> x(10), y(10);
  for (int s = 0; s < 3; ++s) // expected-remark {{'x' stays on the device}} expected-remark {{'y' stays on the device}}
    offload::offload(axpy, x, 1.0, y);
  return y[0];
}
template double inTemplate<double>();
struct Solver {
  double step() {
    std::vector<double> x(10), y(10);
    for (int s = 0; s < 3; ++s) // expected-remark {{'x' stays on the device}} expected-remark {{'y' stays on the device}}
      offload::offload(axpy, x, 1.0, y);
    return y[1];
  }
};
double useSolver() { return Solver().step(); }

void declaredInside() {
  for (int s = 0; s < 3; ++s) {
    std::vector<double> x(10), y(10); // fresh each time: nothing to keep
    offload::offload(axpy, x, 1.0, y);
  }
}

// A loop whose calls run on a device set: the set keeps its own data, so
// nothing is preloaded on one device around it.
double onSet(int steps) {
  const offload::Devices All = offload::Devices::all();
  std::vector<double> x(100, 1.0), y(100);
  for (int s = 0; s < steps; ++s) // expected-remark {{'x' cannot stay on the device across this loop's offload() calls: a call in the loop runs on a device set; it moves at every call [-Rpass-missed=offload-residency]}} \
                                  // expected-remark {{'y' cannot stay on the device across this loop's offload() calls: a call in the loop runs on a device set; it moves at every call [-Rpass-missed=offload-residency]}}
    offload::offload(All, axpy, x, 0.5, y); // expected-note 2 {{this call runs on a device set, which keeps its own data on its devices}}
  return y[0];
}

// A list that a StridedSegments strategy built in the call reads (its
// second argument a thread count) stays too, as Indexed's and Segments'.
void kick(std::span<const double> f,
          offload::Region<double, offload::StridedSegments<long>> v) {
  for (auto [cell, rank, i, vi] : v)
    vi += f[cell];
}
double stridedSegments(int steps) {
  std::vector<long> cells = {0, 3, 3, 10};
  std::vector<double> f(3, 1.0), v(10);
  for (int s = 0; s < steps; ++s) // expected-remark {{'cells' stays on the device across this loop's offload() calls: copied there once before the loop [-Rpass=offload-residency]}} \
                                  // expected-remark {{'f' stays on the device across this loop's offload() calls: copied there once before the loop [-Rpass=offload-residency]}} \
                                  // expected-remark {{'v' stays on the device across this loop's offload() calls: copied there once before the loop and back once after it [-Rpass=offload-residency]}}
    offload::offload(kick, f,
                     offload::Region<double, offload::StridedSegments<long>>(
                         v, offload::StridedSegments(cells, 32)));
  return v[9];
}
