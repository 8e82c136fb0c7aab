// offload::relaxed<T> in kernels as a user writes it: a FIR filter with a
// relaxed accumulator (coefficients in a std::array and in a global
// constexpr table), per-thread relaxed partial sums into a ReduceSum over a
// grid-stride Range, std::accumulate and std::inner_product over relaxed
// locals, a relaxed polynomial (Horner, which contraction turns into FMAs),
// and NaN and infinity going through relaxed arithmetic. float and double,
// odd sizes. Values that are small multiples of 1/8 keep every sum exact in
// any order: 0 ulp. The harmonic sums are not exact: their order may differ
// between builds, within the bound printed with them. NaN and infinity must
// come out as they went in (relaxed is not -ffinite-math).
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

namespace {

constexpr int Taps = 8;
constexpr double GlobalTaps[Taps] = {0.5, -0.25, 1.0, 0.125,
                                     -1.0, 0.75, 0.25, -0.5};

template <class T>
void fir(std::span<const T> in, std::array<T, Taps> coef,
         offload::Region<T> out) {
  for (auto [i, v] : out) {
    offload::relaxed<T> sum = T(0);
    for (int j = 0; j < Taps; ++j)
      sum += offload::relaxed(coef[j]) * in[i + j];
    v = sum.value();
  }
}

void fir_global(std::span<const double> in, offload::Region<double> out) {
  for (auto [i, v] : out) {
    offload::relaxed<double> sum;
    for (int j = 0; j < Taps; ++j)
      sum += offload::relaxed(GlobalTaps[j]) * in[i + j];
    v = double(sum);
  }
}

template <class T>
void partial_sums(offload::Range<offload::GridStride1D> r,
                  std::span<const T> x, offload::ReduceSum<T> total) {
  offload::relaxed<T> local = T(0);
  for (std::uint64_t i : r)
    local += x[i];
  total += local.value();
}

// Each thread: 1 + 1/2 + ... + 1/(n + i), relaxed and strict.
void harmonic(std::uint64_t n, offload::Region<double> relaxedOut,
              offload::Region<double> strictOut) {
  for (auto [i, v] : relaxedOut) {
    offload::relaxed<double> sum = 0.0;
    for (std::uint64_t k = 1; k <= n + i; ++k)
      sum += 1.0 / double(k);
    v = sum.value();
  }
  for (auto [i, v] : strictOut) {
    double sum = 0.0;
    for (std::uint64_t k = 1; k <= n + i; ++k)
      sum += 1.0 / double(k);
    v = sum;
  }
}

// std::accumulate and std::inner_product over a local array of relaxed
// values, and Horner's rule.
void locals(offload::Region<double> out) {
  for (auto [i, v] : out) {
    std::array<offload::relaxed<double>, 6> a;
    for (int k = 0; k < 6; ++k)
      a[k] = double(int((i * 7 + k * 3) % 11) - 5) * 0.125;
    offload::relaxed<double> s =
        std::accumulate(a.begin(), a.end(), offload::relaxed<double>(0.0));
    offload::relaxed<double> d = std::inner_product(
        a.begin(), a.end(), a.begin(), offload::relaxed<double>(1.0));
    offload::relaxed<double> x = double(i % 5) * 0.5, p = 0.25;
    for (offload::relaxed<double> c : a)
      p = p * x + c;
    v = (s + d * 2.0 - p / 4.0).value();
  }
}

// Each element of in through x * 1 + 0, x - 0, x * 2 / 2 and a sum with a
// NaN or an infinity: special values stay special.
void specials(std::span<const double> in, offload::Region<double> out) {
  for (auto [i, v] : out) {
    offload::relaxed<double> x = in[i / 4];
    switch (i % 4) {
    case 0:
      v = (x * 1.0 + 0.0).value();
      break;
    case 1:
      v = (x - x).value(); // NaN and infinity give NaN
      break;
    case 2:
      v = (x * 2.0 / 2.0).value();
      break;
    default:
      v = (x * 0.0).value(); // NaN for NaN and infinity, else 0
      break;
    }
  }
}

template <class T> T eighths(std::uint64_t i) {
  return T(int(i * 37 % 129) - 64) * T(0.125);
}

template <class T> void runType() {
  const std::string S = "_" + corpus::suffix<T>();
  const std::array<T, Taps> coef = {T(0.5), T(-0.25), T(1),    T(0.125),
                                    T(-1),  T(0.75),  T(0.25), T(-0.5)};
  for (std::uint64_t n : {1u, 777u, 4097u}) {
    const std::string Size = ".n" + std::to_string(n);
    std::vector<T> in(n + Taps - 1), out(n);
    for (std::uint64_t i = 0; i < in.size(); ++i)
      in[i] = eighths<T>(i);
    offload::offload(fir<T>, in, coef, out);
    corpus::printSampled("relaxed_fir" + S + Size, 0, out);

    std::vector<T> x(n * 13);
    for (std::uint64_t i = 0; i < x.size(); ++i)
      x[i] = eighths<T>(i * 3);
    for (std::uint64_t threads : {1u, 33u, 1000u}) {
      T total = T(2);
      offload::offload(partial_sums<T>,
                       offload::Range<offload::GridStride1D>(
                           x.size(), offload::GridStride1D{threads}),
                       x, total);
      corpus::print("relaxed_partial_sums" + S + Size + ".t" +
                        std::to_string(threads),
                    0, total);
    }
  }
}

} // namespace

int main() {
  runType<float>();
  runType<double>();

  std::vector<double> in(1000 + Taps - 1), out(1000);
  for (std::uint64_t i = 0; i < in.size(); ++i)
    in[i] = eighths<double>(i);
  offload::offload(fir_global, in, out);
  corpus::printSampled("relaxed_fir_global", 0, out);

  // The two orders of summation may round differently: a few hundred ulp
  // at most for sums of up to 1200 terms.
  std::vector<double> relaxedSums(200), strictSums(200);
  offload::offload(harmonic, std::uint64_t(1000), relaxedSums, strictSums);
  corpus::printSampled("relaxed_harmonic", 512, relaxedSums);
  corpus::printSampled("relaxed_harmonic_strict", 0, strictSums);

  std::vector<double> local(301);
  offload::offload(locals, local);
  corpus::printSampled("relaxed_locals", 0, local);

  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> special = {
      std::numeric_limits<double>::quiet_NaN(), inf, -inf, 1.5, -0.0};
  std::vector<double> specialOut(special.size() * 4);
  offload::offload(specials, special, specialOut);
  corpus::print("relaxed_specials", 0, specialOut);
}
