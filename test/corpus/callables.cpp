// The forms a kernel takes and what it calls: function templates (type and
// non-type arguments), a lambda without captures, lambdas capturing by value
// (scalars, a struct, a std::array, an init-capture, a copy of *this), a
// function object with state, helpers that are templates or local lambdas,
// bounded recursion (gcd, fib, mutual recursion), and assert() that holds. All
// results are integers or exact: 0 ulp.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <array>
#include <cassert>
#include <cstdint>
#include <vector>

namespace {

template <class T> void axpy(T a, std::span<const T> x, offload::Region<T> y) {
  for (auto [i, yi] : y)
    yi = a * x[i] + yi;
}

template <int N> void power(offload::Region<long long> v) {
  for (auto [i, vi] : v) {
    long long p = 1;
    for (int k = 0; k < N; ++k)
      p *= (long long)i - 10;
    vi = p;
  }
}

struct Polynomial {
  std::array<int, 4> coeffs;
  int modulus;
  void operator()(std::span<const int> x, offload::Region<int> y) const {
    for (auto [i, yi] : y) {
      int r = 0;
      for (int k = 3; k >= 0; --k)
        r = (r * x[i] + coeffs[k]) % modulus;
      yi = r;
    }
  }
};

// Helpers a kernel calls: a function template and a local lambda.
template <class T> T square(T v) { return v * v; }

std::uint64_t gcd(std::uint64_t a, std::uint64_t b) {
  return b == 0 ? a : gcd(b, a % b);
}
int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
bool isOdd(int n);
bool isEven(int n) { return n == 0 ? true : isOdd(n - 1); }
bool isOdd(int n) { return n == 0 ? false : isEven(n - 1); }

struct Recursive {
  std::uint64_t gcd;
  int fib, even;
};
void recursion(offload::Region<Recursive> out) {
  for (auto [i, r] : out) {
    r.gcd = gcd(i * 84 + 36, i * 60 + 24);
    r.fib = fib(int(i % 20)); // depth at most 19
    r.even = isEven(int(i % 30));
  }
}

void with_assert(std::span<const int> x, offload::Region<int> y) {
  for (auto [i, yi] : y) {
    assert(x[i] >= 0 && "inputs are not negative");
    assert(i < x.size());
    yi = x[i] / 2;
  }
}

void helpers(std::span<const int> x, offload::Region<long long> y) {
  for (auto [i, yi] : y) {
    long long acc = 0;
    auto add = [&acc](long long v) { acc += v; };
    auto twice = [](auto v) { return v + v; };
    // A generic lambda that calls a function template by name.
    auto squared = [&twice](auto v) { return square(v) + twice(v); };
    add(squared(x[i] % 7));
    add(square<long long>(x[i]));
    add(twice(x[(i + 1) % x.size()]));
    add(square(3));
    yi = acc;
  }
}

struct Offset {
  int dx, dy;
};

// A class whose member function offloads a lambda that carries a copy of
// the object ([*this]) and calls its members.
class Ramp {
public:
  Ramp(int Start, int Step) : Start(Start), Step(Step) {}
  void fill(std::vector<int> &Out) const {
    offload::offload(
        [*this](offload::Region<int> v) {
          for (auto [i, vi] : v)
            vi = at(int(i));
        },
        Out);
  }

private:
  int at(int I) const { return Start + Step * I; }
  int Start, Step;
};

} // namespace

int main() {
  using corpus::print;
  std::vector<int> Xi(40), Yi(40);
  std::vector<double> Xd(40), Yd(40);
  for (int I = 0; I < 40; ++I) {
    Xi[I] = I * 3 + 1;
    Yi[I] = 100 - I;
    Xd[I] = I * 0.25;
    Yd[I] = 8.0 - I * 0.5;
  }

  offload::offload(axpy<int>, 3, Xi, Yi);
  print("axpy_int", 0, Yi);
  // Dyadic values: exact, even if a * x + y becomes an fma.
  offload::offload(axpy<double>, 0.5, Xd, Yd);
  print("axpy_double", 0, Yd);

  std::vector<long long> P(21);
  offload::offload(power<5>, P);
  print("power_5", 0, P);

  std::vector<int> L(30);
  auto noCapture = [](offload::Region<int> v) {
    for (auto [i, vi] : v)
      vi = int(i * i) - 7;
  };
  offload::offload(noCapture, L);
  print("lambda_no_capture", 0, L);

  int base = 1000;
  double factor = 0.75;
  Offset off{3, -4};
  std::array<short, 3> weights = {2, -1, 5};
  offload::offload(
      [base, factor, off, weights, shift = base / 10](std::span<const int> x,
                                                      offload::Region<int> y) {
        for (auto [i, yi] : y)
          yi = base + int(factor * x[i]) + off.dx * off.dy +
               weights[i % 3] * shift;
      },
      Xi, L);
  print("lambda_captures", 0, L);

  Ramp(-50, 7).fill(L);
  print("lambda_copies_this", 0, L);

  std::vector<int> Q(40);
  offload::offload(Polynomial{{7, -3, 2, 1}, 1009}, Xi, Q);
  print("function_object", 0, Q);

  std::vector<Recursive> R(40);
  offload::offload(recursion, R);
  corpus::printField("recursion.gcd", 0, R, &Recursive::gcd);
  corpus::printField("recursion.fib", 0, R, &Recursive::fib);
  corpus::printField("recursion.even", 0, R, &Recursive::even);

  std::vector<int> A(40);
  offload::offload(with_assert, Xi, A);
  print("with_assert", 0, A);

  std::vector<long long> H(40);
  offload::offload(helpers, Xi, H);
  print("helpers", 0, H);
}
