// Constant tables read in kernels: a namespace-scope const array (not
// constexpr), constexpr arrays, a constexpr table computed at compile time,
// static constexpr class members, inline constexpr variables, a local static
// constexpr table, string literals and a std::string_view. All results are
// exact: 0 ulp.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace {

// What C code has: a const table, not constexpr.
const double weights[5] = {0.0625, 0.25, 0.375, 0.25, 0.0625};
const int scale = 3; // a const int is a constant expression

void const_table(std::span<const double> x, offload::Region<double> y) {
  for (auto [i, yi] : y) {
    double s = 0;
    for (int k = 0; k < 5; ++k)
      s += weights[k] * x[(i + k) % x.size()];
    yi = s * scale;
  }
}

constexpr int primes[10] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29};
constexpr std::array<std::uint32_t, 16> makeSquares() {
  std::array<std::uint32_t, 16> t{};
  for (std::uint32_t k = 0; k < 16; ++k)
    t[k] = k * k + 1;
  return t;
}
constexpr auto squares = makeSquares();

void constexpr_arrays(offload::Region<std::uint32_t> out) {
  for (auto [i, r] : out)
    r = std::uint32_t(primes[i % 10]) * squares[i % 16];
}

struct Stencil {
  static constexpr int width = 3;
  static constexpr double coeff[width] = {-0.5, 0.0, 0.5};
  static constexpr std::array<int, 4> offsets = {-2, -1, 1, 2};
};
void static_members(std::span<const double> x, offload::Region<double> y) {
  for (auto [i, yi] : y) {
    std::uint64_t n = x.size();
    double d = 0;
    for (int k = 0; k < Stencil::width; ++k)
      d += Stencil::coeff[k] * x[(i + n + k - 1) % n];
    for (int o : Stencil::offsets)
      d += 0.125 * x[(i + n + o) % n];
    yi = d;
  }
}

inline constexpr double half_pi_ish = 1.5703125; // dyadic, exact
inline constexpr std::array<long long, 6> fib = {1, 1, 2, 3, 5, 8};
void inline_constexpr(offload::Region<double> y) {
  for (auto [i, yi] : y)
    yi = half_pi_ish * double(fib[i % fib.size()]) + double(i);
}

// A nibble-wise CRC-32 with its table local to the kernel.
void local_static_table(std::span<const std::uint8_t> bytes,
                        offload::Region<std::uint32_t> crc) {
  static constexpr std::uint32_t table[16] = {
      0x00000000, 0x1DB71064, 0x3B6E20C8, 0x26D930AC, 0x76DC4190, 0x6B6B51F4,
      0x4DB26158, 0x5005713C, 0xEDB88320, 0xF00F9344, 0xD6D6A3E8, 0xCB61B38C,
      0x9B64C2B0, 0x86D3D2D4, 0xA00AE278, 0xBDBDF21C};
  for (auto [i, c] : crc) {
    std::uint32_t r = ~0u;
    for (std::uint64_t k = 0; k <= i; ++k) {
      std::uint8_t b = bytes[k % bytes.size()];
      r = table[(r ^ b) & 0xF] ^ (r >> 4);
      r = table[(r ^ (b >> 4)) & 0xF] ^ (r >> 4);
    }
    c = ~r;
  }
}

constexpr char alphabet[] = "ACGT";
constexpr std::string_view greeting = "hello, device";
void string_literals(offload::Region<int> out) {
  for (auto [i, r] : out) {
    const char *name = "cxx-offload";
    int len = 0;
    while (name[len])
      ++len;
    r = name[i % len] * 1000 + alphabet[i % 4] +
        greeting[i % greeting.size()] * 100000 + int(greeting.find(',')) * 7;
  }
}

} // namespace

int main() {
  using corpus::print;
  std::vector<double> X(50);
  for (int I = 0; I < 50; ++I)
    X[I] = (I % 9) * 0.5 - 2.0;

  std::vector<double> Y(50);
  offload::offload(const_table, X, Y);
  print("const_table", 0, Y);

  std::vector<std::uint32_t> U(40);
  offload::offload(constexpr_arrays, U);
  print("constexpr_arrays", 0, U);

  offload::offload(static_members, X, Y);
  print("static_members", 0, Y);

  offload::offload(inline_constexpr, Y);
  print("inline_constexpr", 0, Y);

  std::vector<std::uint8_t> Bytes;
  for (char C : std::string_view("The quick brown fox"))
    Bytes.push_back(std::uint8_t(C));
  std::vector<std::uint32_t> Crc(30);
  offload::offload(local_static_table, Bytes, Crc);
  print("local_static_table", 0, Crc);

  std::vector<int> S(40);
  offload::offload(string_literals, S);
  print("string_literals", 0, S);
}
