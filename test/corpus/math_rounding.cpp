// <cmath> rounding, conversion to integers, and the functions that take
// floating values apart: floor, ceil, trunc, round, rint, nearbyint, lround,
// llround, lrint, llrint, nextafter, copysign, frexp, ldexp, modf, scalbn,
// ilogb, logb; float and double overloads. Halfway cases, negative zeros and
// subnormals are among the inputs. All results are exact: 0 ulp.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <cmath>
#include <limits>
#include <vector>

namespace {

template <class T> std::vector<T> inputs() {
  std::vector<T> X;
  for (int I = 0; I < 40; ++I) // -5 .. 4.75: every halfway case in between
    X.push_back(T(I - 20) * T(0.25));
  const int Digits = std::numeric_limits<T>::digits;
  X.push_back(-T(0));
  X.push_back(std::ldexp(T(1), Digits - 2) + T(0.5)); // the last halves
  X.push_back(-std::ldexp(T(1), Digits - 2) - T(1.5));
  X.push_back(std::numeric_limits<T>::denorm_min() * T(3));
  X.push_back(T(1e-3));
  X.push_back(T(123.456));
  X.push_back(T(-7770.5));
  return X;
}

template <class T> struct Rounded {
  T floor, ceil, trunc, round, rint, nearbyint;
};
template <class T>
void round_to_float(std::span<const T> x, offload::Region<Rounded<T>> out) {
  for (auto [i, r] : out) {
    r.floor = std::floor(x[i]);
    r.ceil = std::ceil(x[i]);
    r.trunc = std::trunc(x[i]);
    r.round = std::round(x[i]);
    r.rint = std::rint(x[i]);
    r.nearbyint = std::nearbyint(x[i]);
  }
}

template <class T> struct Integers {
  long lround, lrint, cast;
  long long llround, llrint;
};
template <class T>
void round_to_int(std::span<const T> x, offload::Region<Integers<T>> out) {
  for (auto [i, r] : out) {
    r.lround = std::lround(x[i]);
    r.lrint = std::lrint(x[i]);
    r.cast = static_cast<long>(x[i]);
    r.llround = std::llround(x[i]);
    r.llrint = std::llrint(x[i]);
  }
}

template <class T> struct Neighbours { T up, down, to_zero, copysign; };
template <class T>
void next_and_sign(std::span<const T> x, offload::Region<Neighbours<T>> out) {
  const T Inf = std::numeric_limits<T>::infinity();
  for (auto [i, r] : out) {
    r.up = std::nextafter(x[i], Inf);
    r.down = std::nextafter(x[i], -Inf);
    r.to_zero = std::nextafter(x[i], T(0));
    // The sign of -0 and of a negative NaN counts.
    T sign = i % 3 == 0   ? -T(0)
             : i % 3 == 1 ? -std::numeric_limits<T>::quiet_NaN()
                          : T(1);
    r.copysign = std::copysign(x[i], sign);
  }
}

template <class T> struct Parts {
  T frexp_mantissa;
  int frexp_exponent;
  T ldexp, modf_fraction, modf_integer, scalbn;
  int ilogb;
  T logb;
};
template <class T>
void decompose(std::span<const T> x, offload::Region<Parts<T>> out) {
  for (auto [i, r] : out) {
    int e = 0;
    r.frexp_mantissa = std::frexp(x[i], &e);
    r.frexp_exponent = e;
    r.ldexp = std::ldexp(x[i], int(i % 9) - 4);
    T whole = 0;
    r.modf_fraction = std::modf(x[i], &whole);
    r.modf_integer = whole;
    r.scalbn = std::scalbn(x[i], 3 - int(i % 5));
    // ilogb(0) and logb(0) are FP_ILOGB0 and -inf.
    r.ilogb = std::ilogb(x[i]);
    r.logb = std::logb(x[i]);
  }
}

template <class T> void runAll() {
  using corpus::printField;
  const std::string S = "_" + corpus::suffix<T>();
  const std::vector<T> X = inputs<T>();

  std::vector<Rounded<T>> R(X.size());
  offload::offload(round_to_float<T>, X, R);
  printField("round_to_float" + S + ".floor", 0, R, &Rounded<T>::floor);
  printField("round_to_float" + S + ".ceil", 0, R, &Rounded<T>::ceil);
  printField("round_to_float" + S + ".trunc", 0, R, &Rounded<T>::trunc);
  printField("round_to_float" + S + ".round", 0, R, &Rounded<T>::round);
  printField("round_to_float" + S + ".rint", 0, R, &Rounded<T>::rint);
  printField("round_to_float" + S + ".nearbyint", 0, R, &Rounded<T>::nearbyint);

  std::vector<Integers<T>> I(X.size());
  offload::offload(round_to_int<T>, X, I);
  printField("round_to_int" + S + ".lround", 0, I, &Integers<T>::lround);
  printField("round_to_int" + S + ".lrint", 0, I, &Integers<T>::lrint);
  printField("round_to_int" + S + ".cast", 0, I, &Integers<T>::cast);
  printField("round_to_int" + S + ".llround", 0, I, &Integers<T>::llround);
  printField("round_to_int" + S + ".llrint", 0, I, &Integers<T>::llrint);

  std::vector<Neighbours<T>> N(X.size());
  offload::offload(next_and_sign<T>, X, N);
  printField("next_and_sign" + S + ".up", 0, N, &Neighbours<T>::up);
  printField("next_and_sign" + S + ".down", 0, N, &Neighbours<T>::down);
  printField("next_and_sign" + S + ".to_zero", 0, N, &Neighbours<T>::to_zero);
  printField("next_and_sign" + S + ".copysign", 0, N, &Neighbours<T>::copysign);

  std::vector<Parts<T>> P(X.size());
  offload::offload(decompose<T>, X, P);
  printField("decompose" + S + ".frexp_mantissa", 0, P,
             &Parts<T>::frexp_mantissa);
  printField("decompose" + S + ".frexp_exponent", 0, P,
             &Parts<T>::frexp_exponent);
  printField("decompose" + S + ".ldexp", 0, P, &Parts<T>::ldexp);
  printField("decompose" + S + ".modf_fraction", 0, P,
             &Parts<T>::modf_fraction);
  printField("decompose" + S + ".modf_integer", 0, P, &Parts<T>::modf_integer);
  printField("decompose" + S + ".scalbn", 0, P, &Parts<T>::scalbn);
  printField("decompose" + S + ".ilogb", 0, P, &Parts<T>::ilogb);
  printField("decompose" + S + ".logb", 0, P, &Parts<T>::logb);
}

} // namespace

int main() {
  runAll<float>();
  runAll<double>();
}
