// std::complex<float> and std::complex<double> arithmetic in kernels (+, -,
// *, /, conj, norm, real, imag), as FFT and signal-processing kernels use
// it. The source calls no <cmath> function: the only math library calls are
// the ones the compiler's complex multiply and divide make (isinf, logb,
// scalbn) and libstdc++'s norm (|z|^2 through abs, i.e. hypot).
//
// Bounds: + and - are exact. * and / go through the compiler's complex
// multiply and divide (__muldc3/__divdc3: checks for infinities; a GPU
// compile contracts a*b+c*d into an fma): 2 ulp for *. For / the host's
// libgcc uses Smith's algorithm and the GPU's the scaled textbook formula,
// each within a few ulp: 4. The inputs keep |b| small next to |a| in
// a + bi so that no component cancels.
#include "corpus.hpp"

#include <offload/offload.hpp>

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
template <class T> std::vector<std::complex<T>> seconds() {
  std::vector<std::complex<T>> W;
  for (int I = 0; I < N; ++I) // re in [1, 2), im in [-2, -1)
    W.push_back({T(1.0 + (I * 7 % 24) / 24.0), T(-2.0 + (I * 5 % 24) / 24.0)});
  return W;
}

template <class T> struct Arith {
  std::complex<T> sum, difference, product, quotient;
};
template <class T>
void complex_arith(std::span<const std::complex<T>> z,
                   std::span<const std::complex<T>> w,
                   offload::Region<Arith<T>> out) {
  for (auto [i, r] : out) {
    r.sum = z[i] + w[i];
    r.difference = z[i] - w[i];
    r.product = z[i] * w[i];
    r.quotient = z[i] / w[i];
  }
}

template <class T> struct Parts {
  T real, imag, norm;
  std::complex<T> conj, scaled;
};
template <class T>
void complex_parts(std::span<const std::complex<T>> z,
                   offload::Region<Parts<T>> out) {
  for (auto [i, r] : out) {
    // Every quadrant.
    std::complex<T> v = z[i] * T(i % 2 ? -1 : 1);
    v = i % 4 < 2 ? v : std::conj(v);
    r.real = v.real();
    r.imag = std::imag(v);
    r.norm = std::norm(v);
    r.conj = std::conj(v);
    r.scaled = T(2) * v / T(4) + std::complex<T>(T(1), T(i));
  }
}

// A small complex matrix-vector product, as in signal-processing kernels:
// each thread one output element.
template <class T>
void complex_matvec(std::span<const std::complex<T>> a,
                    std::span<const std::complex<T>> x,
                    offload::Region<std::complex<T>> y) {
  for (auto [i, yi] : y) {
    std::complex<T> acc = 0;
    for (std::size_t j = 0; j < x.size(); ++j)
      acc += a[(i * 5 + j) % a.size()] * x[j];
    yi = acc;
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
  const std::string S = "_" + corpus::suffix<T>();
  const auto Z = firsts<T>(), W = seconds<T>();

  std::vector<Arith<T>> A(N);
  offload::offload(complex_arith<T>, Z, W, A);
  printComplex("complex_arith" + S + ".sum", 0, A, &Arith<T>::sum);
  printComplex("complex_arith" + S + ".difference", 0, A,
               &Arith<T>::difference);
  printComplex("complex_arith" + S + ".product", 2, A, &Arith<T>::product);
  printComplex("complex_arith" + S + ".quotient", 4, A, &Arith<T>::quotient);

  std::vector<Parts<T>> P(N);
  offload::offload(complex_parts<T>, Z, P);
  corpus::printField("complex_parts" + S + ".real", 0, P, &Parts<T>::real);
  corpus::printField("complex_parts" + S + ".imag", 0, P, &Parts<T>::imag);
  // libstdc++'s norm squares abs(z) (hypot: up to 3 ulp on a GPU, 4 for
  // float), which doubles the relative error.
  corpus::printField("complex_parts" + S + ".norm", 9, P, &Parts<T>::norm);
  printComplex("complex_parts" + S + ".conj", 0, P, &Parts<T>::conj);
  // Scaling by powers of two and adding are exact.
  printComplex("complex_parts" + S + ".scaled", 0, P, &Parts<T>::scaled);

  std::vector<std::complex<T>> Y(16);
  offload::offload(complex_matvec<T>, Z, W, Y);
  std::vector<T> Re, Im;
  for (auto V : Y)
    Re.push_back(V.real()), Im.push_back(V.imag());
  // 24 sums of same-signed products: once contracted products differ, each
  // partial sum may round the other way, half an ulp a step at most.
  corpus::print("complex_matvec" + S + ".re", 16, Re);
  corpus::print("complex_matvec" + S + ".im", 16, Im);
}

} // namespace

int main() {
  runAll<float>();
  runAll<double>();
}
