// The device pass names a kernel from namespace scope, template arguments
// included. An argument it cannot write there is an error at the call,
// saying which argument and why.
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
#include <offload/offload.hpp>
#include <vector>

template <class T> void k(offload::Region<double> v) {
  for (auto [i, vi] : v)
    vi = sizeof(T);
}
constexpr double table[2] = {1, 2};
template <const double *P> void at(offload::Region<double> v) {
  for (auto [i, vi] : v)
    vi = *P;
}

void run(std::vector<double> &d) {
  struct Local {
    int x;
  };
  offload::offload(k<Local>, d); // expected-error {{kernel 'k<Local>' cannot be compiled for the device: its template argument 'Local' names 'Local', which is local to a function, and the device pass can only name what is visible at namespace scope; use such template arguments, or make the kernel a lambda or function object}}
  auto lambda = [] {};
  offload::offload(k<decltype(lambda)>, d); // expected-error-re {{kernel 'k<(lambda at {{.*}})>' cannot be compiled for the device: its template argument '(lambda at {{.*}})' is the type of the lambda at {{.*}}template-arguments.cpp:23:17, and}}
  offload::offload(at<&table[1]>, d); // expected-error {{its template argument '&table[1]' points into an object, not at a whole variable or function, and}}
  offload::offload(at<table>, d); // a whole variable is fine, and so is
  offload::offload(at<&table[0]>, d); // the same pointer spelled otherwise
}
