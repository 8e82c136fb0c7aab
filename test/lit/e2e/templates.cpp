// Function-template kernels with deduced and explicit uses, non-type template
// arguments, and calls from inside other templates, run on the host device.
// RUN: %offload_host %s %ldflags -o %t && %t | FileCheck %s
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

template <class T, int Add> void bump(T scale, offload::Region<T> v) {
  for (auto [i, vi] : v)
    vi = vi * scale + T(Add);
}

template <class T> T runBump(std::size_t n) {
  std::vector<T> v(n, T(2));
  offload::offload(bump<T, 1>, T(3), v);   // 2*3+1 = 7
  offload::offload(&bump<T, -2>, T(1), v); // 7-2 = 5
  T sum = 0;
  for (T x : v)
    sum += x;
  return sum;
}

int main() {
  std::printf("int %d\n", runBump<int>(10));
  std::printf("float %g\n", runBump<float>(100));
  std::printf("double %g\n", runBump<double>(1001));
}
// CHECK: int 50
// CHECK: float 500
// CHECK: double 5005
