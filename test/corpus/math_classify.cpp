// <cmath> classification (isnan, isinf, isfinite, isnormal, signbit,
// fpclassify) of zeros, subnormals, extremes, infinities and NaNs. No other
// math function is called in this file, so nothing else pulls in the GPU's
// math library. All results are integers.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <cmath>
#include <limits>
#include <vector>

namespace {

template <class T> std::vector<T> edgeValues() {
  using L = std::numeric_limits<T>;
  return {T(0),
          -T(0),
          L::denorm_min(),
          -L::denorm_min(),
          L::min() / 4,
          L::min(),
          -L::min(),
          L::max(),
          -L::max(),
          L::infinity(),
          -L::infinity(),
          L::quiet_NaN(),
          -L::quiet_NaN(),
          T(1),
          T(-1.5),
          L::epsilon()};
}

template <class T>
void classify_isnan(std::span<const T> x, offload::Region<int> out) {
  for (auto [i, r] : out)
    r = std::isnan(x[i]);
}
template <class T>
void classify_isinf(std::span<const T> x, offload::Region<int> out) {
  for (auto [i, r] : out)
    r = std::isinf(x[i]);
}
template <class T>
void classify_isfinite(std::span<const T> x, offload::Region<int> out) {
  for (auto [i, r] : out)
    r = std::isfinite(x[i]);
}
template <class T>
void classify_isnormal(std::span<const T> x, offload::Region<int> out) {
  for (auto [i, r] : out)
    r = std::isnormal(x[i]);
}
template <class T>
void classify_signbit(std::span<const T> x, offload::Region<int> out) {
  for (auto [i, r] : out)
    r = std::signbit(x[i]);
}
template <class T>
void classify_fpclassify(std::span<const T> x, offload::Region<int> out) {
  for (auto [i, r] : out) {
    switch (std::fpclassify(x[i])) {
    case FP_NAN:
      r = 0;
      break;
    case FP_INFINITE:
      r = 1;
      break;
    case FP_ZERO:
      r = 2;
      break;
    case FP_SUBNORMAL:
      r = 3;
      break;
    case FP_NORMAL:
      r = 4;
      break;
    default:
      r = -1;
    }
  }
}

template <class T> void runAll() {
  const std::string S = "_" + corpus::suffix<T>();
  const std::vector<T> X = edgeValues<T>();
  std::vector<int> R(X.size());
  offload::offload(classify_isnan<T>, X, R);
  corpus::print("classify_isnan" + S, 0, R);
  offload::offload(classify_isinf<T>, X, R);
  corpus::print("classify_isinf" + S, 0, R);
  offload::offload(classify_isfinite<T>, X, R);
  corpus::print("classify_isfinite" + S, 0, R);
  offload::offload(classify_isnormal<T>, X, R);
  corpus::print("classify_isnormal" + S, 0, R);
  offload::offload(classify_signbit<T>, X, R);
  corpus::print("classify_signbit" + S, 0, R);
  offload::offload(classify_fpclassify<T>, X, R);
  corpus::print("classify_fpclassify" + S, 0, R);
}

} // namespace

int main() {
  runAll<float>();
  runAll<double>();
}
