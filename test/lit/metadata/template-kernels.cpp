// Every instantiation of a kernel template is recorded once, including
// those made inside other templates after instantiation and those with
// non-type template arguments; a kernel called twice keeps both call sites.
// RUN: %offload_host -fsyntax-only -fplugin-arg-offload-dump=kernels %s | FileCheck %s
#include <offload/offload.hpp>
#include <vector>

namespace math {
template <class T, int Factor> void scale(offload::Region<T> v) {
  for (auto [i, vi] : v)
    vi *= T(Factor);
}
} // namespace math

template <class T> void scaleTwice(std::vector<T> &v) {
  offload::offload(math::scale<T, 2>, v);
  offload::offload(math::scale<T, 2>, v);
}

void run(std::vector<float> &f, std::vector<double> &d) {
  scaleTwice(f);
  scaleTwice(d);
  offload::offload(&math::scale<double, -3>, d);
}

// CHECK: cxx-offload kernels of {{.*}}template-kernels.cpp (metadata v5, ABI v{{[0-9]+}}): 3
// CHECK-DAG: kernel math::scale<double, -3> -> __offload_k_{{[0-9a-f]+}}
// CHECK-DAG: kernel math::scale<float, 2> -> __offload_k_{{[0-9a-f]+}}
// CHECK-DAG: kernel math::scale<double, 2> -> __offload_k_{{[0-9a-f]+}}
// CHECK-DAG: param v: offload::Region<double> [region, tofrom, 2 slots]
// CHECK-DAG: called at {{.*}}template-kernels.cpp:16:3
// CHECK-DAG: called at {{.*}}template-kernels.cpp:17:3
// CHECK-DAG: called at {{.*}}template-kernels.cpp:23:3
