// Library and user types in kernels: std::array (as a parameter and local),
// std::tuple, std::pair, std::optional, structs with member functions and
// operators (as elements and as by-value and const& parameters), scoped and
// unscoped enums with switch, and a static member function as the kernel.
// The floating values are dyadic rationals with few bits, so every result is
// exact even where a GPU contracts a * b + c: 0 ulp.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

namespace {

// Horner with a std::array of coefficients passed by const&.
void array_param(const std::array<double, 5> &coeffs,
                 offload::Region<double> y) {
  for (auto [i, yi] : y) {
    double x = double(i) / 16 - 2;
    double r = 0;
    for (std::size_t k = coeffs.size(); k-- > 0;)
      r = r * x + coeffs[k];
    std::array<int, 4> local{};
    local.fill(int(i));
    local.back() += int(local.size());
    int s = 0;
    for (int v : local)
      s += v;
    yi = r + s;
  }
}

struct Record {
  int key;
  double value;
  long long count;
};
void tuple_pair(offload::Region<Record> out) {
  for (auto [i, r] : out) {
    std::tuple<int, double, long long> t{int(i) * 3, double(i) / 4,
                                         1LL << i % 50};
    auto [a, b, c] = t;
    std::pair<int, int> p{int(i % 5), int(i % 3)}, q{int(i % 3), int(i % 5)};
    if (q < p)
      std::swap(p, q);
    std::get<0>(t) += p.first * 10 + q.second;
    std::optional<int> found;
    for (int k = 0; k < 8; ++k)
      if ((int(i) + k) % 6 == 0) {
        found = k;
        break;
      }
    r.key = std::get<0>(t) + found.value_or(-1) * 1000;
    r.value = b + std::get<double>(t) * 2;
    r.count = c + (std::tie(p.first, p.second) == std::tie(q.first, q.second));
    (void)a;
  }
}

struct Vec3 {
  double x, y, z;
  double dot(const Vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
  Vec3 cross(const Vec3 &o) const {
    return {y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x};
  }
  Vec3 operator+(const Vec3 &o) const { return {x + o.x, y + o.y, z + o.z}; }
  Vec3 operator*(double s) const { return {x * s, y * s, z * s}; }
};
void struct_members(std::span<const Vec3> a, std::span<const Vec3> b,
                    offload::Region<Vec3> out) {
  for (auto [i, r] : out) {
    Vec3 c = a[i].cross(b[i]);
    r = c + a[i] * a[i].dot(b[i]);
  }
}

// A trivially copyable parameter block with defaults, a nested struct and
// member functions, by value and by const&.
struct Params {
  struct Range {
    int lo = -10, hi = 10;
    int clamp(int v) const { return v < lo ? lo : v > hi ? hi : v; }
  } range;
  int scale = 3;
  float offset = 0.5f;
  int apply(int v) const { return range.clamp(v * scale); }
};
void struct_params(Params byValue, const Params &byRef,
                   offload::Region<float> out) {
  for (auto [i, r] : out)
    r = float(byValue.apply(int(i) - 20) + byRef.apply(int(i) / 2 - 8)) +
        byRef.offset;
}

enum class Op : std::uint8_t { Add, Sub, Mul, Min, Max, Shl };
enum Shape { Circle, Square, Triangle };
void enum_switch(std::span<const Op> ops, Shape shape,
                 offload::Region<long long> out) {
  for (auto [i, r] : out) {
    long long a = (long long)i * 7 - 100, b = (long long)(i % 11) + 1;
    switch (ops[i]) {
    case Op::Add:
      r = a + b;
      break;
    case Op::Sub:
      r = a - b;
      break;
    case Op::Mul:
      r = a * b;
      break;
    case Op::Min:
      r = a < b ? a : b;
      break;
    case Op::Max:
      r = a > b ? a : b;
      break;
    case Op::Shl:
      r = b << (i % 40);
      break;
    }
    switch (shape) {
    case Square:
      r *= 4;
      [[fallthrough]];
    case Triangle:
      r += 3;
      break;
    default:
      r -= 1;
    }
  }
}
void enum_elements(offload::Region<Op> out) {
  for (auto [i, r] : out)
    r = static_cast<Op>((i * 5) % 6);
}

class Accumulator {
public:
  constexpr explicit Accumulator(int start) : total(start) {}
  void add(int v) { total += v; }
  int get() const { return total; }

  // A kernel may be a static member function.
  static void run(int start, offload::Region<int> out) {
    for (auto [i, r] : out) {
      Accumulator acc(start);
      for (int k = 0; k <= int(i % 10); ++k)
        acc.add(k * int(i));
      r = acc.get();
    }
  }

private:
  int total;
};

} // namespace

int main() {
  using corpus::print, corpus::printField;
  const std::array<double, 5> Coeffs = {1.0, -0.5, 0.25, 0.125, -0.0625};
  std::vector<double> Y(64);
  offload::offload(array_param, Coeffs, Y);
  print("array_param", 0, Y);

  std::vector<Record> R(60);
  offload::offload(tuple_pair, R);
  printField("tuple_pair.key", 0, R, &Record::key);
  printField("tuple_pair.value", 0, R, &Record::value);
  printField("tuple_pair.count", 0, R, &Record::count);

  std::vector<Vec3> A, B, V(40);
  for (int I = 0; I < 40; ++I) {
    A.push_back({I * 0.5, 1.0 - I * 0.25, 2.0 + I % 3});
    B.push_back({-1.0 + I % 5, I * 0.125, 0.75 * (I % 4)});
  }
  offload::offload(struct_members, A, B, V);
  printField("struct_members.x", 0, V, &Vec3::x);
  printField("struct_members.y", 0, V, &Vec3::y);
  printField("struct_members.z", 0, V, &Vec3::z);

  std::vector<float> F(48);
  Params P;
  P.scale = 2;
  offload::offload(struct_params, P, Params{}, F);
  print("struct_params", 0, F);

  std::vector<Op> Ops;
  for (int I = 0; I < 50; ++I)
    Ops.push_back(static_cast<Op>(I % 6));
  std::vector<long long> E(50);
  for (Shape S : {Circle, Square, Triangle}) {
    offload::offload(enum_switch, Ops, S, E);
    print("enum_switch.shape" + std::to_string(int(S)), 0, E);
  }
  std::vector<Op> O(20);
  offload::offload(enum_elements, O);
  print("enum_elements", 0, O);

  std::vector<int> Acc(30);
  offload::offload(Accumulator::run, 7, Acc);
  print("static_member", 0, Acc);
}
