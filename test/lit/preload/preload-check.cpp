// While a preload handle keeps data on the device, host code that reads
// mutable staged data, or writes any staged data, is warned about, with a
// note at the preload; -Werror=openmp-mapping makes it an error. Passing the
// data to offload(), reading after sync(), and anything after release() or
// for other objects are fine.
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
// RUN: not %offload_host -fsyntax-only -Werror=openmp-mapping %s 2>&1 | FileCheck %s --check-prefix=WERROR
// RUN: %offload_host -fsyntax-only -Wno-openmp-mapping -Xclang -verify=quiet %s
// quiet-no-diagnostics
#include <offload/offload.hpp>
#include <vector>

void step(std::span<const double> x, offload::Region<double> y) {}

double readsWhileStaged(std::vector<double> &x, std::vector<double> &y) {
  auto Y = offload::preload_mut(y); // expected-note 2 {{'y' is preloaded on the device here}}
  offload::offload(step, x, Y);
  double first = y[0]; // expected-warning {{host code reads 'y' while 'Y' keeps it on the device: the host copy is stale until 'Y' is synced or released}}
  y[1] = 2.0;          // expected-warning {{host code writes 'y' while 'Y' keeps it on the device: the change is lost when 'Y' copies the device's data back}}
  Y.sync();
  first += y[0]; // synced: fine
  Y.release();
  first += y[2]; // released: fine
  y[3] = first;
  return first;
}

void writesReadOnly(std::vector<double> &x, std::vector<double> &y) {
  auto X = offload::preload(x); // expected-note {{'x' is preloaded on the device here}}
  double sum = x[0] + x[1];     // reading read-only staged data is fine
  x[0] = sum;                   // expected-warning {{host code writes 'x' while 'X' keeps a copy of it on the device: kernels do not see the change until 'X' is released and 'x' preloaded again}}
  offload::offload(step, X, y);
}

void loopsGoStale(std::vector<double> &x, std::vector<double> &y) {
  auto Y = offload::preload_mut(y); // expected-note {{'y' is preloaded on the device here}}
  Y.sync();
  for (int i = 0; i < 3; ++i) {
    double v = y[0]; // expected-warning {{host code reads 'y' while 'Y' keeps it on the device}}
    offload::offload(step, x, y);
    (void)v;
  }
}

void movedOrOther(std::vector<double> &x, std::vector<double> &y,
                  std::vector<double> &z) {
  auto Y = offload::preload_mut(y);
  z[0] = x[0]; // other objects: fine
  {
    auto Again = offload::preload_mut(y); // staging again: fine
  }
  offload::Preloaded<std::vector<double>> Moved = std::move(Y);
  (void)y[0]; // the handle was moved away: not tracked here any more
}

void uninitializedAndDiscarded(std::vector<double> &x, std::vector<double> &w) {
  auto W = offload::preload_mut(w, offload::uninitialized); // expected-note {{'w' is preloaded on the device here}}
  offload::offload(step, x, W);
  double v = w[0]; // expected-warning {{host code reads 'w' while 'W' keeps it on the device}}
  W.discard();
  v += w[1]; // discarded: the host copy is what it was, and fine to read
  w[2] = v;
}

// WERROR: error: host code reads 'y' while 'Y' keeps it on the device{{.*}}[-Werror,-Wopenmp-mapping]

// Views of staged data (a sub-span, a pointer, its size) touch no element,
// wherever they are made.
void views(std::vector<double> &x, std::vector<double> &y) {
  auto Y = offload::preload_mut(y);
  std::span<double> part(y.data() + 1, 2);
  std::span<double> head = std::span(y).first(2);
  double *p = &y[0];
  offload::offload(step, x, offload::Region<double>(part));
  offload::offload(step, x, offload::Region<double>(head));
  (void)p, (void)y.size();
}

// The host copy is current after any mutable handle's release, also while
// another handle of the same data lives.
double nested(std::vector<double> &x, std::vector<double> &y) {
  auto Outer = offload::preload_mut(y); // expected-note {{'y' is preloaded on the device here}}
  double sum = 0;
  {
    auto Inner = offload::preload_mut(y);
    offload::offload(step, x, Inner);
    Inner.release();
    sum += y[0];
  }
  {
    auto Inner = offload::preload_mut(y);
    offload::offload(step, x, Inner);
  }
  sum += y[1];
  offload::offload(step, x, Outer);
  sum += y[2]; // expected-warning {{host code reads 'y' while 'Outer' keeps it on the device}}
  return sum;
}
