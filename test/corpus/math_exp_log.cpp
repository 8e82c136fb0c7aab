// <cmath> roots, remainders, exponentials, logarithms and powers in kernels,
// through the float and the double overloads (function templates), and the
// C names of <math.h>.
//
// Bounds: sqrt, fma, fmod, remainder, fabs, fmin, fmax and fdim are exact
// in IEEE 754 (0 ulp). The others are within a few ulps in every library:
// the bound is the documented error of the GPU's library (CUDA's libdevice,
// AMD's ocml) plus glibc's, rounded up.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <cmath>
#include <math.h>
#include <vector>

namespace {

constexpr int N = 40;

template <class T> struct Args {
  T x; // signed, moderate: [-10, 11.5]
  T p; // positive, 2^-20 .. 2^19
  T y; // nonzero exponent or divisor: [-2.9, 2.9]
};

template <class T> std::vector<Args<T>> makeArgs() {
  std::vector<Args<T>> In(N);
  for (int I = 0; I < N; ++I)
    In[I] = {T(-10.0 + 0.55 * I), T(std::ldexp(1.0 + I / 64.0, I - 20)),
             T(-2.93 + 0.15 * I)};
  return In;
}

template <class T> struct Roots { T sqrt, cbrt, hypot; };
template <class T>
void roots(std::span<const Args<T>> in, offload::Region<Roots<T>> out) {
  for (auto [i, r] : out) {
    r.sqrt = std::sqrt(in[i].p);
    r.cbrt = std::cbrt(in[i].x);
    r.hypot = std::hypot(in[i].x, in[i].y);
  }
}

template <class T> struct Exact {
  T fma, fmod, remainder, fabs, fmin, fmax, fdim;
};
template <class T>
void exact_ops(std::span<const Args<T>> in, offload::Region<Exact<T>> out) {
  for (auto [i, r] : out) {
    const Args<T> &a = in[i];
    r.fma = std::fma(a.x, a.y, a.p);
    r.fmod = std::fmod(a.x, a.y);
    r.remainder = std::remainder(a.x, a.y);
    r.fabs = std::fabs(a.x);
    r.fmin = std::fmin(a.x, a.y);
    r.fmax = std::fmax(a.x, a.y);
    r.fdim = std::fdim(a.x, a.y);
  }
}

template <class T> struct ExpLog {
  T exp, exp2, expm1, log, log2, log10, log1p, pow, pow_int;
};
template <class T>
void exp_log(std::span<const Args<T>> in, offload::Region<ExpLog<T>> out) {
  for (auto [i, r] : out) {
    const Args<T> &a = in[i];
    r.exp = std::exp(a.x);
    r.exp2 = std::exp2(a.x);
    r.expm1 = std::expm1(a.x / T(8));
    r.log = std::log(a.p);
    r.log2 = std::log2(a.p);
    r.log10 = std::log10(a.p);
    r.log1p = std::log1p(a.p);
    r.pow = std::pow(a.p, a.y);
    // A negative base needs an integer exponent.
    r.pow_int = std::pow(a.x - T(0.25), T(int(i % 7) - 3));
  }
}

// What C code ported into a kernel calls: the float functions by their
// <math.h> names.
struct CMath {
  float sqrtf_, expf_, logf_, powf_, fabsf_, floorf_;
};
void c_math_f32(std::span<const Args<float>> in, offload::Region<CMath> out) {
  for (auto [i, r] : out) {
    const Args<float> &a = in[i];
    r.sqrtf_ = sqrtf(a.p);
    r.expf_ = expf(a.x);
    r.logf_ = logf(a.p);
    r.powf_ = powf(a.p, a.y);
    r.fabsf_ = fabsf(a.x);
    r.floorf_ = floorf(a.x);
  }
}

template <class T> void runAll() {
  using corpus::printField, corpus::ulps;
  const std::string S = "_" + corpus::suffix<T>();
  std::vector<Args<T>> In = makeArgs<T>();

  std::vector<Roots<T>> R(N);
  offload::offload(roots<T>, In, R);
  printField("roots" + S + ".sqrt", 0, R, &Roots<T>::sqrt);
  // libdevice 1 ulp, glibc cbrt up to 3.
  printField("roots" + S + ".cbrt", 4, R, &Roots<T>::cbrt);
  // libdevice hypotf 3, hypot 2; glibc under 1.
  printField("roots" + S + ".hypot", ulps<T>(4, 3), R, &Roots<T>::hypot);

  std::vector<Exact<T>> E(N);
  offload::offload(exact_ops<T>, In, E);
  printField("exact_ops" + S + ".fma", 0, E, &Exact<T>::fma);
  printField("exact_ops" + S + ".fmod", 0, E, &Exact<T>::fmod);
  printField("exact_ops" + S + ".remainder", 0, E, &Exact<T>::remainder);
  printField("exact_ops" + S + ".fabs", 0, E, &Exact<T>::fabs);
  printField("exact_ops" + S + ".fmin", 0, E, &Exact<T>::fmin);
  printField("exact_ops" + S + ".fmax", 0, E, &Exact<T>::fmax);
  printField("exact_ops" + S + ".fdim", 0, E, &Exact<T>::fdim);

  std::vector<ExpLog<T>> L(N);
  offload::offload(exp_log<T>, In, L);
  // libdevice: expf/exp2f/log10f 2 ulp, the rest 1; glibc under 1.
  const int Elementary = ulps<T>(3, 2);
  printField("exp_log" + S + ".exp", Elementary, L, &ExpLog<T>::exp);
  printField("exp_log" + S + ".exp2", Elementary, L, &ExpLog<T>::exp2);
  printField("exp_log" + S + ".expm1", Elementary, L, &ExpLog<T>::expm1);
  printField("exp_log" + S + ".log", Elementary, L, &ExpLog<T>::log);
  printField("exp_log" + S + ".log2", Elementary, L, &ExpLog<T>::log2);
  printField("exp_log" + S + ".log10", Elementary, L, &ExpLog<T>::log10);
  printField("exp_log" + S + ".log1p", Elementary, L, &ExpLog<T>::log1p);
  // libdevice powf 4 ulp, pow 2; glibc under 1.
  printField("exp_log" + S + ".pow", ulps<T>(5, 3), L, &ExpLog<T>::pow);
  printField("exp_log" + S + ".pow_int", ulps<T>(5, 3), L, &ExpLog<T>::pow_int);
}

} // namespace

int main() {
  runAll<float>();
  runAll<double>();

  std::vector<Args<float>> In = makeArgs<float>();
  std::vector<CMath> C(N);
  offload::offload(c_math_f32, In, C);
  corpus::printField("c_math_f32.sqrtf", 0, C, &CMath::sqrtf_);
  corpus::printField("c_math_f32.expf", 3, C, &CMath::expf_);
  corpus::printField("c_math_f32.logf", 3, C, &CMath::logf_);
  corpus::printField("c_math_f32.powf", 5, C, &CMath::powf_);
  corpus::printField("c_math_f32.fabsf", 0, C, &CMath::fabsf_);
  corpus::printField("c_math_f32.floorf", 0, C, &CMath::floorf_);
}
