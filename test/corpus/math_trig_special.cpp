// <cmath> trigonometric, inverse trigonometric and hyperbolic functions, and
// erf, erfc, tgamma and lgamma, through the float and double overloads.
//
// Bounds: the documented maximum error of the GPU's library (CUDA's
// libdevice; AMD's ocml is similar) plus glibc's, rounded up.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <cmath>
#include <vector>

namespace {

constexpr int N = 40;

template <class T> struct Args {
  T angle; // [-6.5, 6.4]
  T big;   // 1000.5 .. 40000.5: a longer argument reduction
  T unit;  // (-1, 1)
  T x;     // [-4, 4.1]
  T gamma; // (0, 20), and negative non-integers
};

template <class T> std::vector<Args<T>> makeArgs() {
  std::vector<Args<T>> In(N);
  for (int I = 0; I < N; ++I)
    In[I] = {T(-6.5 + 0.33 * I), T(1000.0 * (I + 1) + 0.5),
             T(-0.975 + 0.05 * I), T(-4.0 + 0.21 * I),
             T(I < 4 ? -3.5 + I : 0.125 + 0.5 * (I - 4))};
  return In;
}

template <class T> struct Trig { T sin, cos, tan, sin_big, cos_big; };
template <class T>
void trig(std::span<const Args<T>> in, offload::Region<Trig<T>> out) {
  for (auto [i, r] : out) {
    r.sin = std::sin(in[i].angle);
    r.cos = std::cos(in[i].angle);
    r.tan = std::tan(in[i].angle);
    r.sin_big = std::sin(in[i].big);
    r.cos_big = std::cos(in[i].big);
  }
}

template <class T> struct Inverse { T asin, acos, atan, atan2; };
template <class T>
void inverse_trig(std::span<const Args<T>> in,
                  offload::Region<Inverse<T>> out) {
  for (auto [i, r] : out) {
    r.asin = std::asin(in[i].unit);
    r.acos = std::acos(in[i].unit);
    r.atan = std::atan(in[i].x * T(4));
    // Every quadrant: the signs of both arguments vary.
    r.atan2 = std::atan2(in[i].unit, in[i].x);
  }
}

template <class T> struct Hyperbolic {
  T sinh, cosh, tanh, asinh, acosh, atanh;
};
template <class T>
void hyperbolic(std::span<const Args<T>> in,
                offload::Region<Hyperbolic<T>> out) {
  for (auto [i, r] : out) {
    T x = in[i].x;
    r.sinh = std::sinh(x * T(2));
    r.cosh = std::cosh(x * T(2));
    r.tanh = std::tanh(x);
    r.asinh = std::asinh(x * T(10));
    r.acosh = std::acosh(std::fabs(x) + T(1));
    r.atanh = std::atanh(in[i].unit);
  }
}

template <class T> struct Special { T erf, erfc, tgamma, lgamma; };
template <class T>
void erf_gamma(std::span<const Args<T>> in, offload::Region<Special<T>> out) {
  for (auto [i, r] : out) {
    r.erf = std::erf(in[i].x);
    r.erfc = std::erfc(in[i].x);
    r.tgamma = std::tgamma(in[i].gamma);
    r.lgamma = std::lgamma(in[i].gamma);
  }
}

template <class T> void runAll() {
  using corpus::printField, corpus::ulps;
  const std::string S = "_" + corpus::suffix<T>();
  std::vector<Args<T>> In = makeArgs<T>();

  std::vector<Trig<T>> Tr(N);
  offload::offload(trig<T>, In, Tr);
  // libdevice sin/cos 2 ulp (float and double), tanf 4, tan 2.
  printField("trig" + S + ".sin", 3, Tr, &Trig<T>::sin);
  printField("trig" + S + ".cos", 3, Tr, &Trig<T>::cos);
  printField("trig" + S + ".tan", ulps<T>(5, 3), Tr, &Trig<T>::tan);
  printField("trig" + S + ".sin_big", 3, Tr, &Trig<T>::sin_big);
  printField("trig" + S + ".cos_big", 3, Tr, &Trig<T>::cos_big);

  std::vector<Inverse<T>> Iv(N);
  offload::offload(inverse_trig<T>, In, Iv);
  // libdevice asin/acos/atan 2 ulp, atan2f 3.
  printField("inverse_trig" + S + ".asin", 3, Iv, &Inverse<T>::asin);
  printField("inverse_trig" + S + ".acos", 3, Iv, &Inverse<T>::acos);
  printField("inverse_trig" + S + ".atan", 3, Iv, &Inverse<T>::atan);
  printField("inverse_trig" + S + ".atan2", 4, Iv, &Inverse<T>::atan2);

  std::vector<Hyperbolic<T>> H(N);
  offload::offload(hyperbolic<T>, In, H);
  // libdevice sinhf/asinhf/atanhf 3 ulp, acoshf 4, asinh/acosh 3, others 2.
  printField("hyperbolic" + S + ".sinh", 4, H, &Hyperbolic<T>::sinh);
  printField("hyperbolic" + S + ".cosh", 4, H, &Hyperbolic<T>::cosh);
  printField("hyperbolic" + S + ".tanh", 4, H, &Hyperbolic<T>::tanh);
  printField("hyperbolic" + S + ".asinh", 5, H, &Hyperbolic<T>::asinh);
  printField("hyperbolic" + S + ".acosh", 5, H, &Hyperbolic<T>::acosh);
  printField("hyperbolic" + S + ".atanh", 5, H, &Hyperbolic<T>::atanh);

  std::vector<Special<T>> Sp(N);
  offload::offload(erf_gamma<T>, In, Sp);
  // libdevice erf 2 ulp, erfc 5 (erfcf 4); glibc erfc up to 5.
  printField("erf_gamma" + S + ".erf", 3, Sp, &Special<T>::erf);
  printField("erf_gamma" + S + ".erfc", 10, Sp, &Special<T>::erfc);
  // libdevice tgamma 10 ulp (tgammaf 5), lgamma 4 (lgammaf 6) away from its
  // zeros; glibc's x86-64 tgamma up to 9, lgamma up to 7. The inputs stay
  // away from 1 and 2, where lgamma is 0 and its ulp error unbounded.
  printField("erf_gamma" + S + ".tgamma", 20, Sp, &Special<T>::tgamma);
  printField("erf_gamma" + S + ".lgamma", 14, Sp, &Special<T>::lgamma);
}

} // namespace

int main() {
  runAll<float>();
  runAll<double>();
}
