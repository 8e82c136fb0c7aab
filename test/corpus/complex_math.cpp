// std::complex<float> and std::complex<double> functions in kernels: abs,
// arg, exp, log, sqrt, pow and polar.
//
// Bounds: these go through hypot, atan2, exp, sin, cos, log and sqrt: the
// bounds of those (see math_trig_special.cpp) plus a little for the
// combination.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <cmath>
#include <complex>
#include <vector>

namespace {

constexpr int N = 24;

template <class T> std::vector<std::complex<T>> firsts() {
  std::vector<std::complex<T>> Z;
  for (int I = 0; I < N; ++I) // re in [1, 2), im in [-0.1, -0.01]
    Z.push_back({T(1.0 + I / 24.0), T(-0.01 - 0.09 * I / 24.0)});
  return Z;
}
template <class T> struct Parts { T abs, arg; };
template <class T>
void complex_abs_arg(std::span<const std::complex<T>> z,
                     offload::Region<Parts<T>> out) {
  for (auto [i, r] : out) {
    // Every quadrant.
    std::complex<T> v = z[i] * T(i % 2 ? -1 : 1);
    v = i % 4 < 2 ? v : std::conj(v);
    r.abs = std::abs(v);
    r.arg = std::arg(v);
  }
}

template <class T> struct Functions {
  std::complex<T> exp, log, sqrt, pow, polar;
};
template <class T>
void complex_functions(std::span<const std::complex<T>> z,
                       offload::Region<Functions<T>> out) {
  for (auto [i, r] : out) {
    // |v| >= 2: near |v| = 1, log|v| is near 0 and its relative error
    // follows hypot's absolute one.
    std::complex<T> v = z[i] * std::complex<T>(T(i % 3) - T(1), T(1)) * T(2);
    r.exp = std::exp(v);
    r.log = std::log(v);
    r.sqrt = std::sqrt(v);
    r.pow = std::pow(z[i], T(2.5));
    r.polar = std::polar(z[i].real(), T(0.3) * T(i));
  }
}

template <class T, class Row>
void printComplex(const std::string &Name, int Ulp, const std::vector<Row> &R,
                  std::complex<T> Row::*Field) {
  std::vector<T> Re, Im;
  for (const Row &X : R) {
    Re.push_back((X.*Field).real());
    Im.push_back((X.*Field).imag());
  }
  corpus::print(Name + ".re", Ulp, Re);
  corpus::print(Name + ".im", Ulp, Im);
}

template <class T> void runAll() {
  using corpus::ulps;
  const std::string S = "_" + corpus::suffix<T>();
  const auto Z = firsts<T>();

  std::vector<Parts<T>> P(N);
  offload::offload(complex_abs_arg<T>, Z, P);
  corpus::printField("complex_abs_arg" + S + ".abs", ulps<T>(4, 3), P,
                     &Parts<T>::abs);
  corpus::printField("complex_abs_arg" + S + ".arg", 4, P, &Parts<T>::arg);

  std::vector<Functions<T>> F(N);
  offload::offload(complex_functions<T>, Z, F);
  printComplex("complex_functions" + S + ".exp", ulps<T>(5, 4), F,
               &Functions<T>::exp);
  printComplex("complex_functions" + S + ".log", ulps<T>(5, 4), F,
               &Functions<T>::log);
  printComplex("complex_functions" + S + ".sqrt", ulps<T>(5, 4), F,
               &Functions<T>::sqrt);
  printComplex("complex_functions" + S + ".pow", ulps<T>(8, 6), F,
               &Functions<T>::pow);
  printComplex("complex_functions" + S + ".polar", 4, F, &Functions<T>::polar);
}

} // namespace

int main() {
  runAll<float>();
  runAll<double>();
}
