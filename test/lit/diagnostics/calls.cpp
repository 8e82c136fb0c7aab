// A kernel may call only what the device pass can compile: functions with a
// definition in the TU, by name, without virtual dispatch. Notes show the
// path from the kernel.
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
#include <offload/offload.hpp>
#include <cmath>
#include <functional>
#include <vector>

double elsewhere(double); // defined in another translation unit
double indirect(double x) { return elsewhere(x); } // expected-error {{kernel 'viaHelper' calls 'elsewhere', which has no definition the device pass can compile; define it in this translation unit (e.g. inline in a header)}}

void direct(offload::Region<double> v) {
  for (auto [i, vi] : v)
    vi = elsewhere(vi); // expected-error {{kernel 'direct' calls 'elsewhere', which has no definition}}
}

void viaHelper(offload::Region<double> v) {
  for (auto [i, vi] : v)
    vi = indirect(vi); // expected-note {{'indirect' is called from 'viaHelper' here}}
}

struct Shape {
  virtual double area() const { return 0; }
};
struct Square final : Shape {
  double side = 1;
  double area() const override { return side * side; }
};

void virtualCall(offload::Region<double> v) {
  Square sq;
  const Shape &s = sq;
  for (auto [i, vi] : v)
    vi = s.area(); // expected-error {{kernel 'virtualCall' calls the virtual function 'area'; virtual dispatch needs vtables that device code does not have for every object; call a non-virtual function or mark the class final}}
}

void pointerCall(double (*f)(double), offload::Region<double> v) { // expected-error {{kernel parameter 'f' is a raw pointer}}
}

double twice(double x) { return 2 * x; }
void throughPointer(offload::Region<double> v) {
  double (*f)(double) = twice;
  for (auto [i, vi] : v)
    vi = f(vi); // expected-error {{kernel 'throughPointer' calls through a function pointer or a type-erased callable, whose target the device pass cannot compile; call the function by name}}
}

// Defined functions, builtins and the standard library's inline math, a
// final class's method, a qualified call and a lambda are fine.
void fine(offload::Region<double> v) {
  Square s;
  auto add = [](double a, double b) { return a + b; };
  for (auto [i, vi] : v)
    vi = add(twice(std::sqrt(vi)), std::fabs(s.area()) + s.Square::area() +
                                       std::min(1.0, __builtin_fma(vi, vi, vi)));
}

void run(std::vector<double> &d) {
  offload::offload(direct, d);
  offload::offload(viaHelper, d);
  offload::offload(virtualCall, d);
  offload::offload(pointerCall, twice, d);
  offload::offload(throughPointer, d);
  offload::offload(fine, d);
}
