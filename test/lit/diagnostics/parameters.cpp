// Kernel parameters must not share mutable data between threads behind the
// partitioning's back: raw pointers, mutable references and mutable spans
// are errors with a fix-it where one is obvious; views, scalars and const
// data are fine.
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
// RUN: not %offload_host -fsyntax-only -fdiagnostics-parseable-fixits %s 2>&1 | FileCheck %s
#include <offload/offload.hpp>
#include <span>
#include <string>
#include <vector>

void rawPointer(const float *p, offload::Region<float> y) {} // expected-error {{kernel parameter 'p' is a raw pointer; kernels read data through std::span<const T> and write it through offload::Region or offload::Atomic, which say how threads share it}} expected-note {{read it through a std::span instead}}
void mutablePointer(float *p, offload::Region<float> y) {} // expected-error {{kernel parameter 'p' is a raw pointer}}
void mutableRef(std::vector<float> &v, offload::Region<float> y) {} // expected-error {{kernel parameter 'v' is a mutable reference that every thread would share; use offload::Region for data each thread writes its own part of, offload::Atomic or offload::Reduce for shared updates}} expected-note {{if the kernel only reads it, make it a const reference}}
void mutableSpan(std::span<double> s, offload::Region<float> y) {} // expected-error {{kernel parameter 's' is a mutable std::span whose elements every thread could write; use offload::Region<T, Strategy> to give each thread its own part, or std::span<const T> to read it}} expected-note {{read it through a std::span instead}}
void notTrivial(std::string s, offload::Region<float> y) {} // expected-error {{kernel parameter 's' has type 'std::string' (aka 'basic_string<char>'), which offload() cannot pass to a device; use a scalar, a trivially copyable struct, std::span<const T>, const std::vector<T>&, const std::array<T, N>&, offload::Region, offload::Range, offload::Reduce or offload::Atomic}}

// The same data through the types that say how threads share it.
void fine(std::span<const float> p, const std::vector<float> &v,
          std::span<const double> s, offload::Region<float> y,
          offload::Atomic<double> a, offload::ReduceSum<double> r) {}

// Function objects and lambdas get the same messages (a fuzz finding: they
// ended in an internal error).
struct SpanFunctor {
  void operator()(std::span<int> x, offload::Region<int> y) const {} // expected-error {{kernel parameter 'x' is a mutable std::span whose elements every thread could write}} expected-note {{read it through a std::span instead}}
};

void run(std::vector<float> &v, std::vector<float> &w, std::vector<double> &d,
         std::vector<double> &e, float *p, double &sum) {
  offload::offload(rawPointer, p, v);
  offload::offload(mutablePointer, p, v);
  offload::offload(mutableRef, w, v);
  offload::offload(mutableSpan, std::span<double>(d), v);
  offload::offload(notTrivial, std::string("x"), v);
  offload::offload(fine, w, w, d, v, e, sum);
}

void runClosures(std::vector<int> &i, std::vector<int> &j, float *p,
                 std::vector<float> &v) {
  offload::offload(SpanFunctor{}, i, j);
  auto pointer = [](float *q, offload::Region<float> y) {}; // expected-error {{kernel parameter 'q' is a raw pointer}}
  offload::offload(pointer, p, v);
}

// CHECK: fix-it:"{{.*}}parameters.cpp":{12:17-12:30}:"std::span<const float> "
// CHECK: fix-it:"{{.*}}parameters.cpp":{14:17-14:17}:"const "
// CHECK: fix-it:"{{.*}}parameters.cpp":{15:18-15:36}:"std::span<const double> "
