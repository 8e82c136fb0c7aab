// <cmath> trigonometric, inverse trigonometric and hyperbolic functions, and
// erf, erfc, tgamma and lgamma, through the float and double overloads; and
// the special values C's Annex F specifies for the math functions (exp(-inf)
// is +0, pow(x, 0) is 1 even for a NaN x, ...), which are exact.
//
// Bounds: the documented maximum error of the GPU's library (CUDA's
// libdevice; AMD's ocml is similar) plus glibc's, rounded up.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <cmath>
#include <limits>
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

// Outside [-11.0001, -2.2637], where libdevice's lgamma error is unbounded.
constexpr double NegativeGamma[4] = {-15.5, -11.5, -1.5, -0.5};

template <class T> std::vector<Args<T>> makeArgs() {
  std::vector<Args<T>> In(N);
  for (int I = 0; I < N; ++I)
    In[I] = {T(-6.5 + 0.33 * I), T(1000.0 * (I + 1) + 0.5),
             T(-0.975 + 0.05 * I), T(-4.0 + 0.21 * I),
             T(I < 4 ? NegativeGamma[I] : 0.125 + 0.5 * (I - 4))};
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

enum class Fn {
  Exp,
  Expm1,
  Log,
  Log1p,
  Pow,
  Sqrt,
  Cbrt,
  Hypot,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Atan2,
  Sinh,
  Cosh,
  Tanh,
  Asinh,
  Acosh,
  Atanh,
  Erf,
  Erfc,
  Tgamma,
  Lgamma,
  Fmod,
  Remainder,
  Fmin,
  Fmax,
  Count
};
const char *const FnNames[] = {
    "exp",    "expm1", "log",       "log1p", "pow",   "sqrt", "cbrt",  "hypot",
    "sin",    "cos",   "tan",       "asin",  "acos",  "atan", "atan2", "sinh",
    "cosh",   "tanh",  "asinh",     "acosh", "atanh", "erf",  "erfc",  "tgamma",
    "lgamma", "fmod",  "remainder", "fmin",  "fmax"};

template <class T> struct Case {
  Fn fn;
  T x, y;
};

template <class T>
void specials(std::span<const Case<T>> cases, offload::Region<T> out) {
  for (auto [i, r] : out) {
    T x = cases[i].x, y = cases[i].y;
    switch (cases[i].fn) {
    case Fn::Exp:
      r = std::exp(x);
      break;
    case Fn::Expm1:
      r = std::expm1(x);
      break;
    case Fn::Log:
      r = std::log(x);
      break;
    case Fn::Log1p:
      r = std::log1p(x);
      break;
    case Fn::Pow:
      r = std::pow(x, y);
      break;
    case Fn::Sqrt:
      r = std::sqrt(x);
      break;
    case Fn::Cbrt:
      r = std::cbrt(x);
      break;
    case Fn::Hypot:
      r = std::hypot(x, y);
      break;
    case Fn::Sin:
      r = std::sin(x);
      break;
    case Fn::Cos:
      r = std::cos(x);
      break;
    case Fn::Tan:
      r = std::tan(x);
      break;
    case Fn::Asin:
      r = std::asin(x);
      break;
    case Fn::Acos:
      r = std::acos(x);
      break;
    case Fn::Atan:
      r = std::atan(x);
      break;
    case Fn::Atan2:
      r = std::atan2(x, y);
      break;
    case Fn::Sinh:
      r = std::sinh(x);
      break;
    case Fn::Cosh:
      r = std::cosh(x);
      break;
    case Fn::Tanh:
      r = std::tanh(x);
      break;
    case Fn::Asinh:
      r = std::asinh(x);
      break;
    case Fn::Acosh:
      r = std::acosh(x);
      break;
    case Fn::Atanh:
      r = std::atanh(x);
      break;
    case Fn::Erf:
      r = std::erf(x);
      break;
    case Fn::Erfc:
      r = std::erfc(x);
      break;
    case Fn::Tgamma:
      r = std::tgamma(x);
      break;
    case Fn::Lgamma:
      r = std::lgamma(x);
      break;
    case Fn::Fmod:
      r = std::fmod(x, y);
      break;
    case Fn::Remainder:
      r = std::remainder(x, y);
      break;
    case Fn::Fmin:
      r = std::fmin(x, y);
      break;
    case Fn::Fmax:
      r = std::fmax(x, y);
      break;
    case Fn::Count:
      r = T(0);
      break;
    }
  }
}

// Inputs whose results Annex F gives exactly.
template <class T> std::vector<Case<T>> specialCases() {
  const T Inf = std::numeric_limits<T>::infinity();
  const T NaN = std::numeric_limits<T>::quiet_NaN();
  const T Z = T(0), NZ = -T(0);
  return {
      {Fn::Exp, Z, 0},         {Fn::Exp, NZ, 0},
      {Fn::Exp, -Inf, 0},      {Fn::Exp, Inf, 0},
      {Fn::Exp, NaN, 0},       {Fn::Exp, T(1000), 0},
      {Fn::Exp, T(-1000), 0},  {Fn::Expm1, NZ, 0},
      {Fn::Expm1, -Inf, 0},    {Fn::Log, T(1), 0},
      {Fn::Log, Z, 0},         {Fn::Log, NZ, 0},
      {Fn::Log, T(-1), 0},     {Fn::Log, Inf, 0},
      {Fn::Log1p, T(-1), 0},   {Fn::Log1p, NZ, 0},
      {Fn::Pow, NaN, Z},       {Fn::Pow, T(1), NaN},
      {Fn::Pow, T(-1), Inf},   {Fn::Pow, Z, T(-1)},
      {Fn::Pow, NZ, T(-1)},    {Fn::Pow, NZ, T(3)},
      {Fn::Pow, -Inf, T(3)},   {Fn::Pow, T(2), -Inf},
      {Fn::Pow, T(0.5), -Inf}, {Fn::Pow, T(-8), T(1) / T(3)},
      {Fn::Sqrt, NZ, 0},       {Fn::Sqrt, T(-1), 0},
      {Fn::Sqrt, Inf, 0},      {Fn::Cbrt, NZ, 0},
      {Fn::Cbrt, -Inf, 0},     {Fn::Hypot, Inf, NaN},
      {Fn::Hypot, NaN, -Inf},  {Fn::Sin, NZ, 0},
      {Fn::Sin, Inf, 0},       {Fn::Cos, NZ, 0},
      {Fn::Cos, -Inf, 0},      {Fn::Tan, NZ, 0},
      {Fn::Asin, NZ, 0},       {Fn::Asin, T(2), 0},
      {Fn::Acos, T(1), 0},     {Fn::Atan, NZ, 0},
      {Fn::Atan2, NZ, Z},      {Fn::Atan2, Z, Z},
      {Fn::Sinh, NZ, 0},       {Fn::Sinh, -Inf, 0},
      {Fn::Cosh, NZ, 0},       {Fn::Cosh, -Inf, 0},
      {Fn::Tanh, NZ, 0},       {Fn::Tanh, Inf, 0},
      {Fn::Tanh, -Inf, 0},     {Fn::Asinh, NZ, 0},
      {Fn::Acosh, T(1), 0},    {Fn::Atanh, T(1), 0},
      {Fn::Atanh, NZ, 0},      {Fn::Erf, NZ, 0},
      {Fn::Erf, Inf, 0},       {Fn::Erf, -Inf, 0},
      {Fn::Erfc, Inf, 0},      {Fn::Erfc, -Inf, 0},
      {Fn::Erfc, Z, 0},        {Fn::Tgamma, Z, 0},
      {Fn::Tgamma, NZ, 0},     {Fn::Tgamma, T(-1), 0},
      {Fn::Tgamma, -Inf, 0},   {Fn::Tgamma, Inf, 0},
      {Fn::Lgamma, T(1), 0},   {Fn::Lgamma, T(2), 0},
      {Fn::Lgamma, Z, 0},      {Fn::Lgamma, T(-2), 0},
      {Fn::Lgamma, -Inf, 0},   {Fn::Fmod, T(1), Z},
      {Fn::Fmod, Inf, T(1)},   {Fn::Fmod, NZ, T(3)},
      {Fn::Fmod, T(5), Inf},   {Fn::Remainder, T(1), Z},
      {Fn::Fmin, NaN, T(1)},   {Fn::Fmax, T(1), NaN},
  };
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

  // Exact results: 0 ulp.
  const std::vector<Case<T>> Cases = specialCases<T>();
  std::vector<T> Out(Cases.size());
  offload::offload(specials<T>, Cases, Out);
  // One line per function, in the order of the cases.
  for (int F = 0; F < int(Fn::Count); ++F) {
    std::vector<T> Values;
    for (std::size_t I = 0; I < Cases.size(); ++I)
      if (int(Cases[I].fn) == F)
        Values.push_back(Out[I]);
    corpus::print("specials" + S + "." + FnNames[F], 0, Values);
  }
}

} // namespace

int main() {
  runAll<float>();
  runAll<double>();
}
