// Lambda and function object kernels travel to the device by value: what
// they capture or hold must be plain data, and offload() must know which
// call operator to compile.
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
// RUN: not %offload_host -fsyntax-only -fdiagnostics-parseable-fixits %s 2>&1 | FileCheck %s --check-prefix=FIXIT
#include <offload/offload.hpp>
#include <span>
#include <vector>

struct Widget {
  double a;
  void run(std::vector<double> &v) {
    offload::offload([this](offload::Region<double> r) { // expected-error {{the kernel lambda captures 'this', a host address the device cannot use; capture a copy of the object ([*this]) or the members it needs by value ([x = x]), or pass them as arguments}}
      for (auto [i, x] : r)
        x = a;
    }, v);
  }
};

// A copy of the object travels like any other capture: plain data is fine,
// an object holding an address is not.
struct Copied {
  double a;
  void run(std::vector<double> &v) {
    offload::offload([*this](offload::Region<double> r) {
      for (auto [i, x] : r)
        x = a;
    }, v);
  }
};

struct CopiedWithPointer { // expected-note {{'CopiedWithPointer' is declared here}}
  double *p;
  void run(std::vector<double> &v) {
    offload::offload([*this](offload::Region<double> r) {}, v); // expected-error {{carries 'CopiedWithPointer' of type 'CopiedWithPointer', which points into host memory}}
  }
};

struct HoldsPointer {
  double *p; // expected-note {{'p' is declared here}}
  void operator()(offload::Region<double> r) const {}
};

struct Big {
  double values[40];
  void operator()(offload::Region<double> r) const {}
};

struct TwoCalls {
  void operator()(offload::Region<double> r) const {}
  void operator()(offload::Region<float> r) const {}
};

template <class T> void fill(std::vector<double> &v) {
  offload::offload([](offload::Region<double> r) { // expected-error-re {{the kernels '(lambda at {{.*}}closures.cpp:55:20)' and '(lambda at {{.*}}closures.cpp:55:20)' are spelled alike{{.*}}write the kernel as a function template}}
    for (auto [i, x] : r)
      x = sizeof(T);
  }, v);
  // expected-note@-4 {{the other kernel is offloaded here}}
}

void run(std::vector<double> &v, std::vector<int> &w) {
  double k = 2;
  offload::offload([&](offload::Region<double> r) {
    for (auto [i, x] : r)
      x = k; // expected-error {{the kernel lambda captures 'k' by reference, but the device cannot reach host variables; capture it by value, or pass it as an argument (an offload::Region if the kernel writes it)}}
  }, v);
  offload::offload([&k](offload::Region<double> r) { // expected-error {{captures 'k' by reference}}
    for (auto [i, x] : r)
      x = k;
  }, v);
  double *p = v.data(); // expected-note {{'p' is declared here}}
  offload::offload([p](offload::Region<double> r) { // expected-error-re {{the kernel '(lambda at {{.*}})' carries 'p' of type 'double *', which points into host memory that the device cannot use; pass the data as a kernel argument (std::span<const T>, offload::Region) so that offload() maps it}}
    for (auto [i, x] : r)
      x = p[i];
  }, v);
  std::span<const int> s(w); // expected-note {{'s' is declared here}}
  offload::offload([s](offload::Region<double> r) {}, v); // expected-error {{carries 's' of type 'std::span<const int>'}}
  offload::offload([](auto r) {}, v); // expected-error {{has a template call operator (a generic lambda); give its parameters types}}
  // Found by the fuzzer (mutant 2797 of seed 101): a lambda without a Region
  // or Range gave an internal error instead of the function's message.
  offload::offload([](const std::vector<double> &r) {}, v); // expected-error {{kernel 'operator()' has no offload::Region or offload::Range parameter to size the launch}}
  offload::offload(HoldsPointer{nullptr}, v); // expected-error {{the kernel 'HoldsPointer' carries 'p' of type 'double *'}}
  offload::offload(Big{}, v); // expected-error {{the kernel 'Big' is 320 bytes; a kernel object travels by value and may be at most 256 bytes}}
  offload::offload(TwoCalls{}, v); // expected-error {{the kernel 'TwoCalls' has no single call operator returning void}}
  fill<int>(v);
  fill<float>(v);

  // Captures by value of plain data are fine.
  int n = 3;
  offload::offload([n, k2 = k * 2](offload::Region<double> r) {
    for (auto [i, x] : r)
      x = n + k2;
  }, v);
}

// A closure's argument that does not convert stops offload() before its
// closure path: the same error as for a function kernel (an internal error
// before; found by test/fuzz).
void constData(const std::vector<double> &v) {
  offload::offload([](offload::Region<double> r) { // expected-note {{parameter 'r' declared here}}
    for (auto [i, x] : r)
      x += 1.0;
  }, v); // expected-error {{kernel parameter 'r' is a mutable offload::Region, but the argument of type 'const std::vector<double>' is const}}
}

// FIXIT: fix-it:"{{.*}}closures.cpp":{13:23-13:27}:"*this"
// FIXIT: fix-it:"{{.*}}closures.cpp":{64:21-64:22}:"="
