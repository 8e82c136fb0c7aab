// A lambda as the operation of a library call (a scan's, a sort's): its
// kernels take the operation's type as a template argument, which the
// device pass cannot name. One error, where the lambda is written, however
// many kernels the call instantiates; a named function object is fine.
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
#include <offload/offload.hpp>
#include <offload/scan.hpp>
#include <offload/sort.hpp>
#include <vector>

struct Descending {
  bool operator()(double a, double b) const { return a > b; }
};

void run(std::vector<double> &x, std::vector<double> &y) {
  offload::sort(x, [](double a, double b) { return a > b; }); // expected-error {{a lambda cannot be the operation of an offload library call: its kernel}}
  auto add = [](double a, double b) { return a + b; }; // expected-error {{pass an object of a class with a call operator declared at namespace scope}}
  offload::inclusive_scan(x, y, add);
  offload::inclusive_scan(y, x, add); // the same lambda: said once
  offload::sort(x, Descending{});
  offload::sort_by_key(x, y, Descending{});
}
