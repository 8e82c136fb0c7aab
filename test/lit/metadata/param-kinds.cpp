// Each supported parameter type has its kind, map type and slot count.
// RUN: %offload_host -fsyntax-only -fplugin-arg-offload-dump=kernels %s | FileCheck %s
#include <offload/offload.hpp>
#include <array>
#include <vector>

enum class Mode : char { Add, Mul };
struct Coeffs {
  double a, b, c; // 24 bytes: three slots
};

void kinds(int i, double d, Mode m, Coeffs c, const Coeffs &cr,
           std::span<const float> s, std::span<const float, 4> s4,
           const std::vector<double> &v, const std::array<int, 8> &a,
           offload::Region<short> r) {}

void run(std::vector<float> &f, std::vector<double> &v, std::array<int, 8> &a,
         std::vector<short> &r) {
  offload::offload(kinds, 1, 2.0, Mode::Mul, Coeffs{1, 2, 3}, Coeffs{}, f,
                   std::span<const float, 4>(f.data(), 4), v, a, r);
}

// CHECK:      kernel kinds -> __offload_k_{{[0-9a-f]+}}
// CHECK-NEXT:   type: void (int, double, Mode, Coeffs, const Coeffs &, std::span<const float>, std::span<const float, 4>, const std::vector<double> &, const std::array<int, 8> &, offload::Region<short>)
// CHECK-NEXT:   slots: 22
// CHECK-NEXT:   param i: int [value, literal, 1 slot]
// CHECK-NEXT:   param d: double [value, literal, 1 slot]
// CHECK-NEXT:   param m: Mode [value, literal, 1 slot]
// CHECK-NEXT:   param c: Coeffs [value, literal, 3 slots]
// CHECK-NEXT:   param cr: const Coeffs & [value, literal, 3 slots]
// CHECK-NEXT:   param s: std::span<const float> [read-only, to, 2 slots]
// CHECK-NEXT:   param s4: std::span<const float, 4> [read-only, to, 2 slots]
// CHECK-NEXT:   param v: const std::vector<double> & [read-only, to, 2 slots]
// CHECK-NEXT:   param a: const std::array<int, 8> & [read-only, to, 1 slot]
// CHECK-NEXT:   param r: offload::Region<short> [region, tofrom, 2 slots]

// A struct of views: the parameter, then each leaf member with its path,
// in slot order (nested structs by their members).
struct Inner {
  std::span<const float> a;
  double scale;
};
struct Outer {
  Inner in;
  offload::Region<float> out;
  std::array<std::span<const int>, 2> lists;
};
void members(const Outer &o, offload::Range<> r) {}

void runMembers(std::vector<float> &a, std::vector<float> &b,
                std::vector<int> &c) {
  offload::offload(members, Outer{{a, 2.0}, b, {c, c}}, 4);
}

// CHECK:      kernel members -> __offload_k_{{[0-9a-f]+}}
// CHECK-NEXT:   type: void (const Outer &, offload::Range<>)
// CHECK-NEXT:   slots: 14
// CHECK-NEXT:   param o: const Outer & [struct, tofrom, 9 slots]
// CHECK-NEXT:     member o.in.a: std::span<const float> [read-only, to, 2 slots]
// CHECK-NEXT:     member o.in.scale: double [value, literal, 1 slot]
// CHECK-NEXT:     member o.out: offload::Region<float> [region, tofrom, 2 slots]
// CHECK-NEXT:     member o.lists[0]: std::span<const int> [read-only, to, 2 slots]
// CHECK-NEXT:     member o.lists[1]: std::span<const int> [read-only, to, 2 slots]
// CHECK-NEXT:   param r: offload::Range<> [range, literal, 1 slot]
