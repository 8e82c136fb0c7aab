// Every kind of template argument crosses to the device pass exactly:
// floating-point values (hexadecimal literals, infinities as bit patterns),
// class-type values member by member, 128-bit integers from two halves, the
// most negative 64-bit value, unnamed enumerations, and types holding such
// values. The device compile checks each entry calls the host's very
// specialisation; the run shows the values.
// RUN: %offload_host -fplugin-arg-offload-dump=metadata %s %ldflags -o %t | FileCheck %s --check-prefix=NAMES
// RUN: %t | FileCheck %s
// RUN: %if ptxas %{ %offload -fplugin-arg-offload-targets=sm_90 -c %s -o %t.o %}
#include <offload/offload.hpp>
#include <cstdio>
#include <limits>
#include <vector>

template <double D> void setd(offload::Region<double> v) {
  for (auto [i, vi] : v)
    vi = D;
}
template <float F> void setf(offload::Region<float> v) {
  for (auto [i, vi] : v)
    vi = F;
}
struct Coeff {
  double a;
  float b;
  int c;
};
template <Coeff C> void setc(offload::Region<double> v) {
  for (auto [i, vi] : v)
    vi = C.a + C.b + C.c;
}
template <__int128 W> void setw(offload::Region<long long> v) {
  for (auto [i, vi] : v)
    vi = (long long)(W >> 64) ^ (long long)W;
}
template <long long L> void setl(offload::Region<long long> v) {
  for (auto [i, vi] : v)
    vi = L;
}
enum { Red = 3, Green = 5 };
template <decltype(Red) E> void sete(offload::Region<int> v) {
  for (auto [i, vi] : v)
    vi = E;
}
template <class T, T V> struct Box {
  static constexpr T value = V;
};
template <class B> void setb(offload::Region<double> v) {
  for (auto [i, vi] : v)
    vi = B::value;
}

int main() {
  std::vector<double> d(2);
  std::vector<float> f(2);
  std::vector<long long> l(2);
  std::vector<int> e(2);
  offload::offload(setd<1.0 / 3.0>, d);
  std::printf("third %a\n", d[1]);
  offload::offload(setd<0.1 + 0.2>, d);
  std::printf("sum %a\n", d[1]);
  offload::offload(setd<std::numeric_limits<double>::infinity()>, d);
  std::printf("inf %a\n", d[1]);
  offload::offload(setd<-0.0>, d);
  std::printf("minus zero %a\n", d[1]);
  offload::offload(setf<1.0f / 3.0f>, f);
  std::printf("float third %a\n", double(f[1]));
  offload::offload(setc<Coeff{1.0 / 7, 0.1f, -3}>, d);
  std::printf("class %a\n", d[1]);
  offload::offload(setw<(__int128(0x0123456789abcdefLL) << 64) | 0x0fedcba987654321LL>, l);
  std::printf("wide %llx\n", l[1]);
  offload::offload(setl<std::numeric_limits<long long>::min()>, l);
  std::printf("min %lld\n", l[1]);
  offload::offload(sete<Green>, e);
  std::printf("enum %d\n", e[1]);
  offload::offload(setb<Box<double, 2.0 / 3.0>>, d);
  std::printf("in a type %a\n", d[1]);
}

// NAMES-DAG: "callee": "static_cast<void (*)(offload::Region<double>)>(&::setd<0x1.5555555555555p-2>)"
// NAMES-DAG: "callee": "static_cast<void (*)(offload::Region<double>)>(&::setd<0x1.3333333333334p-2>)"
// NAMES-DAG: "callee": "static_cast<void (*)(offload::Region<double>)>(&::setd<__builtin_bit_cast(double, static_cast<unsigned long long>(9218868437227405312ULL))>)"
// NAMES-DAG: "callee": "static_cast<void (*)(offload::Region<double>)>(&::setc<Coeff{0x1.2492492492492p-3, 0x1.99999ap-4F, static_cast<int>(-3LL)}>)"
// NAMES-DAG: "callee": "static_cast<void (*)(offload::Region<long long>)>(&::setl<static_cast<long long>((-9223372036854775807LL - 1))>)"
// NAMES-DAG: "callee": "static_cast<void (*)(offload::Region<int>)>(&::sete<static_cast<decltype(::Red)>(5ULL)>)"
// NAMES-DAG: "callee": "static_cast<void (*)(offload::Region<double>)>(&::setb<::Box<double, 0x1.5555555555555p-1>>)"

// CHECK: third 0x1.5555555555555p-2
// CHECK: sum 0x1.3333333333334p-2
// CHECK: inf inf
// CHECK: minus zero -0x0p+0
// CHECK: float third 0x1.555556p-2
// CHECK: class -0x1.60ea0e9db6db7p+1
// CHECK: wide ece8ece0ece8ece
// CHECK: min -9223372036854775808
// CHECK: enum 5
// CHECK: in a type 0x1.5555555555555p-1
