// Every form a kernel may take, compiled for the device from the metadata
// and run on the host device: free functions in named, nested and anonymous
// namespaces, function templates with type, non-type and class-template
// arguments, static member functions of class templates, function objects
// passed by value, and lambdas, non-capturing and capturing by value.
// RUN: %offload_host -fsyntax-only -fplugin-arg-offload-dump=kernels %s | FileCheck %s --check-prefix=KERNELS
// RUN: %offload_host %s %ldflags -o %t && %t | FileCheck %s
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

namespace lab::inner {
void iota(offload::Region<int> v) {
  for (auto [i, x] : v)
    x = int(i);
}
} // namespace lab::inner

namespace {
void twice(offload::Region<int> v) {
  for (auto [i, x] : v)
    x *= 2;
}
} // namespace

template <int Add> void plus(offload::Region<int> v) {
  for (auto [i, x] : v)
    x += Add;
}

template <class T, class S> void negate(offload::Region<T, S> v) {
  for (auto [i, x] : v)
    x = -x;
}

template <class T> struct Ops {
  static void square(offload::Region<T> v) {
    for (auto [i, x] : v)
      x *= x;
  }
};

struct Scale {
  int factor;
  void operator()(offload::Region<int> v) const {
    for (auto [i, x] : v)
      x *= factor;
  }
};

template <class T> void addInTemplate(std::vector<T> &v, T amount) {
  // A lambda in a function template: one closure type per instantiation.
  offload::offload([amount](offload::Region<T> r) {
    for (auto [i, x] : r)
      x += amount;
  }, v);
}

void print(const char *what, const std::vector<int> &v) {
  std::printf("%s:", what);
  for (int x : v)
    std::printf(" %d", x);
  std::printf("\n");
}

int main() {
  std::vector<int> v(4);
  offload::offload(lab::inner::iota, v);
  print("iota", v);
  offload::offload(twice, v);
  print("twice", v);
  offload::offload(plus<10>, v);
  print("plus<10>", v);
  offload::offload(negate<int, offload::Linear1D>,
                   offload::Region<int, offload::Linear1D>(v));
  print("negate", v);
  offload::offload(Ops<int>::square, v);
  print("square", v);
  offload::offload(Scale{3}, v);
  print("Scale{3}", v);
  offload::offload([](offload::Region<int> r) {
    for (auto [i, x] : r)
      x = x / 3 + int(i);
  }, v);
  print("lambda", v);
  int base = 1000, step = 10;
  auto shift = [base, step2 = step * 2](offload::Region<int> r) {
    for (auto [i, x] : r)
      x += base + step2 * int(i);
  };
  offload::offload(shift, v);
  print("capture", v);
  addInTemplate(v, 5);
  std::vector<double> d(2, 0.5);
  addInTemplate(d, 0.25);
  std::printf("template lambdas: %d %g\n", v[0], d[1]);
}

// KERNELS: cxx-offload kernels of {{.*}}kernel-forms.cpp (metadata v5, ABI v{{[0-9]+}}): 10
// KERNELS-DAG: kernel lab::inner::iota -> __offload_k_{{[0-9a-f]+}}
// KERNELS-DAG: kernel twice -> __offload_k_{{[0-9a-f]+}}
// KERNELS-DAG: kernel plus<10> -> __offload_k_{{[0-9a-f]+}}
// KERNELS-DAG: kernel negate<int, offload::Linear1D> -> __offload_k_{{[0-9a-f]+}}
// KERNELS-DAG: kernel Ops<int>::square -> __offload_k_{{[0-9a-f]+}}
// KERNELS-DAG: kernel Scale -> __offload_k_{{[0-9a-f]+}}
// KERNELS-DAG: kernel (lambda at {{.*}}kernel-forms.cpp:81:20) -> __offload_k_{{[0-9a-f]+}}
// KERNELS-DAG: kernel (lambda at {{.*}}kernel-forms.cpp:87:16) -> __offload_k_{{[0-9a-f]+}}
// KERNELS-DAG: param Self: (lambda at {{.*}}kernel-forms.cpp:87:16) [value, literal, 1 slot]
// KERNELS-DAG: kernel (lambda at {{.*}}kernel-forms.cpp:53:20) -> __offload_k_{{[0-9a-f]+}}

// CHECK: iota: 0 1 2 3
// CHECK: twice: 0 2 4 6
// CHECK: plus<10>: 10 12 14 16
// CHECK: negate: -10 -12 -14 -16
// CHECK: square: 100 144 196 256
// CHECK: Scale{3}: 300 432 588 768
// CHECK: lambda: 100 145 198 259
// CHECK: capture: 1100 1165 1238 1319
// CHECK: template lambdas: 1105 0.75

// Without the plugin, g++ runs the same kernels serially, with the same output.
// RUN: %if gxx %{ %gxx %cxxflags -O2 -Wall -Wextra -Werror %s -o %t.gxx && %t.gxx | FileCheck %s %}
