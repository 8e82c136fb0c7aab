// <bit> (popcount, countl_zero, countr_zero, countl_one, bit_width,
// has_single_bit, bit_ceil, bit_floor, rotl, rotr, bit_cast), unsigned
// wrap-around and 64-bit signed arithmetic, __int128, and conversions
// between float, double and long long. Integer results are exact; the
// conversions round as IEEE 754 says (0 ulp), except the fp_contract line.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <vector>

namespace {

// Bit patterns with runs, single bits and extremes, from the index.
template <class T> T patternOf(std::uint64_t i) {
  switch (i % 4) {
  case 0:
    return T(1) << (i % (sizeof(T) * 8));
  case 1:
    return T(0x9E3779B97F4A7C15ull * (i + 1));
  case 2:
    return T(~T(0)) >> (i % (sizeof(T) * 8));
  default:
    return T(i * i);
  }
}

struct Counts {
  int popcount, countl_zero, countr_zero, countl_one, bit_width, single;
};
template <class T> void bit_count(offload::Region<Counts> out) {
  for (auto [i, r] : out) {
    T x = patternOf<T>(i);
    r.popcount = std::popcount(x);
    r.countl_zero = std::countl_zero(x);
    r.countr_zero = std::countr_zero(x);
    r.countl_one = std::countl_one(x);
    r.bit_width = int(std::bit_width(x));
    r.single = std::has_single_bit(x);
  }
}

template <class T> struct Shifted { T ceil, floor, rotl, rotr; };
template <class T> void bit_round_rotate(offload::Region<Shifted<T>> out) {
  for (auto [i, r] : out) {
    T x = patternOf<T>(i);
    // bit_ceil of a value above the largest power of two is undefined.
    r.ceil = std::bit_ceil(T(x >> 1));
    r.floor = std::bit_floor(x);
    r.rotl = std::rotl(x, int(i % 70) - 5);
    r.rotr = std::rotr(x, int(i % 9));
  }
}

struct Casts {
  std::uint32_t float_bits;
  std::uint64_t double_bits;
  float negated;
  double from_bits;
  int exponent;
};
void bit_cast_values(std::span<const double> x, offload::Region<Casts> out) {
  for (auto [i, r] : out) {
    r.float_bits = std::bit_cast<std::uint32_t>(float(x[i]));
    std::uint64_t bits = std::bit_cast<std::uint64_t>(x[i]);
    r.double_bits = bits;
    r.negated = std::bit_cast<float>(r.float_bits ^ 0x80000000u);
    r.from_bits = std::bit_cast<double>(bits + 1); // the next double up
    r.exponent = int((bits >> 52) & 0x7ff) - 1023;
  }
}

struct Wrapped {
  std::uint32_t lcg, sub, mul;
  std::uint64_t xorshift, fnv;
  std::uint8_t narrow;
};
void wrap_unsigned(offload::Region<Wrapped> out) {
  for (auto [i, r] : out) {
    std::uint32_t s = std::uint32_t(i);
    for (int k = 0; k < 10; ++k)
      s = s * 1664525u + 1013904223u;
    r.lcg = s;
    r.sub = std::uint32_t(i) - 1000u;
    r.mul = 0xFFFFFFF1u * std::uint32_t(i + 3);
    std::uint64_t x = i + 0x123456789ull;
    for (int k = 0; k < 8; ++k) {
      x ^= x >> 12;
      x ^= x << 25;
      x ^= x >> 27;
    }
    r.xorshift = x * 0x2545F4914F6CDD1Dull;
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (int k = 0; k < 8; ++k)
      h = (h ^ ((i >> (8 * k)) & 0xff)) * 0x100000001b3ull;
    r.fnv = h;
    r.narrow = std::uint8_t(i * 37 + 250);
  }
}

struct Signed64 {
  long long quotient, remainder, shifted, absolute, product, min_max;
};
void int64_arith(std::span<const long long> x, offload::Region<Signed64> out) {
  for (auto [i, r] : out) {
    long long a = x[i], b = (long long)(i % 7) - 3;
    if (b == 0)
      b = 5;
    r.quotient = a / b; // toward zero, for negative values too
    r.remainder = a % b;
    r.shifted = a >> (i % 13); // arithmetic shift (C++20)
    r.absolute = std::llabs(a);
    r.product = (a / 1000) * (long long)(i + 1);
    r.min_max = std::max(std::min(a, 1LL << 40), -(1LL << 40));
  }
}

struct Wide {
  __int128 product, quotient, remainder, shifted;
  unsigned __int128 uproduct, uquotient;
  std::uint64_t high;
};
void int128_arith(std::span<const long long> x, offload::Region<Wide> out) {
  for (auto [i, r] : out) {
    __int128 a = x[i], b = x[(i + 1) % x.size()];
    r.product = a * b;
    __int128 d = b / 1024 + (b < 0 ? -7 : 7);
    r.quotient = (a * b) / d;
    r.remainder = (a * b) % d;
    r.shifted = (a << 40) >> (i % 60);
    unsigned __int128 u =
        (unsigned __int128)std::uint64_t(a) * std::uint64_t(b);
    r.uproduct = u;
    r.uquotient = u / ((unsigned __int128)std::uint64_t(b) | 1);
    r.high = std::uint64_t(u >> 64);
  }
}

struct Mixed {
  double from_ll, mixed;
  float from_ll_f, from_double, from_u32;
  long long from_double_ll;
  double from_u64;
  int promoted;
};
void mixed_conversions(std::span<const long long> x,
                       offload::Region<Mixed> out) {
  for (auto [i, r] : out) {
    long long a = x[i];
    r.from_ll = double(a + (1LL << 53)); // rounds to even above 2^53
    r.from_ll_f = float(a);
    r.from_double = float(double(a) / 3.0);
    r.from_u32 = float(std::uint32_t(0xFFFFFFFFu - i));
    r.from_double_ll = (long long)(double(a) * 0.75);
    r.from_u64 = double(~std::uint64_t(0) - i * 1000);
    r.mixed = a / 3 + 0.5 * double(i) - float(i) / 4.0f;
    r.promoted = int(i) * 3 / 2 + (unsigned char)(200 + i) - short(-i);
  }
}

// A probe, bounded by 1 ulp: a GPU compile contracts a * b + c into one fma
// (clang's -ffp-contract=on; the PTX has fma.rn.f64), which rounds once where
// x86-64 without FMA rounds twice. With positive terms that is at most an ulp
// apart; with cancellation it would be unbounded.
void fp_contract(std::span<const double> x, offload::Region<double> out) {
  for (auto [i, r] : out)
    r = x[i] * 1.1 + 0.3;
}

std::vector<long long> signedInputs() {
  std::vector<long long> X;
  for (long long I = 0; I < 48; ++I)
    X.push_back((I % 2 ? -1 : 1) * (I * I * I * 7919 + I * 104729 + 12345) *
                (I % 5 == 0 ? 1000003 : 1));
  X.push_back(std::numeric_limits<long long>::max() / 7);
  X.push_back(std::numeric_limits<long long>::min() / 9);
  return X;
}

} // namespace

int main() {
  using corpus::printField;
  constexpr std::uint64_t N = 64;

  std::vector<Counts> C(N);
  offload::offload(bit_count<unsigned>, C);
  printField("bit_count_u32.popcount", 0, C, &Counts::popcount);
  printField("bit_count_u32.countl_zero", 0, C, &Counts::countl_zero);
  printField("bit_count_u32.countr_zero", 0, C, &Counts::countr_zero);
  printField("bit_count_u32.countl_one", 0, C, &Counts::countl_one);
  printField("bit_count_u32.bit_width", 0, C, &Counts::bit_width);
  printField("bit_count_u32.has_single_bit", 0, C, &Counts::single);
  offload::offload(bit_count<unsigned long long>, C);
  printField("bit_count_u64.popcount", 0, C, &Counts::popcount);
  printField("bit_count_u64.countl_zero", 0, C, &Counts::countl_zero);
  printField("bit_count_u64.countr_zero", 0, C, &Counts::countr_zero);
  printField("bit_count_u64.countl_one", 0, C, &Counts::countl_one);
  printField("bit_count_u64.bit_width", 0, C, &Counts::bit_width);
  printField("bit_count_u64.has_single_bit", 0, C, &Counts::single);

  std::vector<Shifted<std::uint32_t>> S32(N);
  offload::offload(bit_round_rotate<std::uint32_t>, S32);
  printField("bit_round_rotate_u32.bit_ceil", 0, S32,
             &Shifted<std::uint32_t>::ceil);
  printField("bit_round_rotate_u32.bit_floor", 0, S32,
             &Shifted<std::uint32_t>::floor);
  printField("bit_round_rotate_u32.rotl", 0, S32,
             &Shifted<std::uint32_t>::rotl);
  printField("bit_round_rotate_u32.rotr", 0, S32,
             &Shifted<std::uint32_t>::rotr);
  std::vector<Shifted<std::uint64_t>> S64(N);
  offload::offload(bit_round_rotate<std::uint64_t>, S64);
  printField("bit_round_rotate_u64.bit_ceil", 0, S64,
             &Shifted<std::uint64_t>::ceil);
  printField("bit_round_rotate_u64.bit_floor", 0, S64,
             &Shifted<std::uint64_t>::floor);
  printField("bit_round_rotate_u64.rotl", 0, S64,
             &Shifted<std::uint64_t>::rotl);
  printField("bit_round_rotate_u64.rotr", 0, S64,
             &Shifted<std::uint64_t>::rotr);

  std::vector<double> D;
  for (std::uint64_t I = 0; I < N; ++I)
    D.push_back(I == 0 ? -0.0 : (I % 2 ? -1.0 : 1.0) * double(I * I) / 7.0);
  std::vector<Casts> B(N);
  offload::offload(bit_cast_values, D, B);
  printField("bit_cast_values.float_bits", 0, B, &Casts::float_bits);
  printField("bit_cast_values.double_bits", 0, B, &Casts::double_bits);
  printField("bit_cast_values.negated", 0, B, &Casts::negated);
  printField("bit_cast_values.from_bits", 0, B, &Casts::from_bits);
  printField("bit_cast_values.exponent", 0, B, &Casts::exponent);

  std::vector<Wrapped> W(N);
  offload::offload(wrap_unsigned, W);
  printField("wrap_unsigned.lcg", 0, W, &Wrapped::lcg);
  printField("wrap_unsigned.sub", 0, W, &Wrapped::sub);
  printField("wrap_unsigned.mul", 0, W, &Wrapped::mul);
  printField("wrap_unsigned.xorshift", 0, W, &Wrapped::xorshift);
  printField("wrap_unsigned.fnv", 0, W, &Wrapped::fnv);
  printField("wrap_unsigned.narrow", 0, W, &Wrapped::narrow);

  const std::vector<long long> X = signedInputs();
  std::vector<Signed64> L(X.size());
  offload::offload(int64_arith, X, L);
  printField("int64_arith.quotient", 0, L, &Signed64::quotient);
  printField("int64_arith.remainder", 0, L, &Signed64::remainder);
  printField("int64_arith.shifted", 0, L, &Signed64::shifted);
  printField("int64_arith.absolute", 0, L, &Signed64::absolute);
  printField("int64_arith.product", 0, L, &Signed64::product);
  printField("int64_arith.min_max", 0, L, &Signed64::min_max);

  std::vector<Wide> Q(X.size());
  offload::offload(int128_arith, X, Q);
  printField("int128_arith.product", 0, Q, &Wide::product);
  printField("int128_arith.quotient", 0, Q, &Wide::quotient);
  printField("int128_arith.remainder", 0, Q, &Wide::remainder);
  printField("int128_arith.shifted", 0, Q, &Wide::shifted);
  printField("int128_arith.uproduct", 0, Q, &Wide::uproduct);
  printField("int128_arith.uquotient", 0, Q, &Wide::uquotient);
  printField("int128_arith.high", 0, Q, &Wide::high);

  std::vector<Mixed> M(X.size());
  offload::offload(mixed_conversions, X, M);
  printField("mixed_conversions.from_ll", 0, M, &Mixed::from_ll);
  printField("mixed_conversions.from_ll_f", 0, M, &Mixed::from_ll_f);
  printField("mixed_conversions.from_double", 0, M, &Mixed::from_double);
  printField("mixed_conversions.from_u32", 0, M, &Mixed::from_u32);
  printField("mixed_conversions.from_double_ll", 0, M, &Mixed::from_double_ll);
  printField("mixed_conversions.from_u64", 0, M, &Mixed::from_u64);
  // a / 3 + 0.5 * i - i / 4.0f: 0.5 * i + (a / 3) may become an fma (exact
  // here: 0.5 * i is exact), so 0 ulp still holds.
  printField("mixed_conversions.mixed", 0, M, &Mixed::mixed);
  printField("mixed_conversions.promoted", 0, M, &Mixed::promoted);

  std::vector<double> Positive, P(N);
  for (double V : D)
    Positive.push_back(V < 0 ? -V : V);
  offload::offload(fp_contract, Positive, P);
  corpus::print("fp_contract", 1, P);
}
