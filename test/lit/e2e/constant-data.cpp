// Constant data that kernels read (const and constexpr tables at namespace
// scope, in namespaces and classes, inline and template variables, static
// locals, strings and tables of them, pointers to constant tables) gets a
// copy in every image, with the host's values: the device pass marks it
// declare-target by its mangled name, also when the device compile reads
// the library's header precompiled and visits only what it parsed itself
// (the third compile with a cache).
// RUN: rm -rf %t.cache
// RUN: %offload_host -fplugin-arg-offload-cache=%t.cache -c %s -o %t.o
// RUN: %offload_host -fplugin-arg-offload-cache=%t.cache -fplugin-arg-offload-dump=metadata %s %ldflags -o %t | FileCheck %s --check-prefix=META
// RUN: %t | FileCheck %s
// RUN: %offload_host -fplugin-arg-offload-cache=%t.cache -Rpass=offload-cache %s %ldflags -o %t.pch 2>&1 | FileCheck %s --check-prefix=PCH
// RUN: %t.pch | FileCheck %s
// RUN: %if ptxas %{ rm -rf %t.dir && %offload -fplugin-arg-offload-targets=sm_90,gfx90a -fplugin-arg-offload-save-temps=%t.dir -c %s -o %t.o %}
// RUN: %if ptxas %{ FileCheck %s --check-prefix=PTX < %t.dir/constant-data.sm_90.ptx %}
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

const double Table[5] = {1.5, 2.5, 3.5, 4.5, 5.5};
constexpr double Constexpr[3] = {10, 20, 30};
namespace ns {
const int Inner[2] = {100, 200};
}
struct Weights {
  static constexpr int Values[2] = {7, 8};
};
inline constexpr int Inline[4] = {1, 2, 3, 4};
template <class T> constexpr T Pi = T(3.14159265358979323846);
const char *const Names[] = {"zero", "one", "two"};
const double *const Pointer = Constexpr;

double lookup(unsigned i) {
  static const double Local[3] = {0.125, 0.25, 0.5};
  return Local[i % 3];
}

void k(offload::Region<double> v) {
  for (auto [i, vi] : v)
    vi = Table[i % 5] + Constexpr[i % 3] + ns::Inner[i % 2] +
         Weights::Values[i % 2] + Inline[i % 4] + Pi<double> +
         Names[i % 3][1] + "xyz"[i % 3] + Pointer[(i + 1) % 3] +
         lookup(unsigned(i));
}

int main() {
  std::vector<double> v(6), w(6);
  offload::offload(k, v);
  for (unsigned i = 0; i < 6; ++i) {
    w[i] = Table[i % 5] + Constexpr[i % 3] + ns::Inner[i % 2] +
           Weights::Values[i % 2] + Inline[i % 4] + Pi<double> +
           Names[i % 3][1] + "xyz"[i % 3] + Pointer[(i + 1) % 3] + lookup(i);
    std::printf("%.6f %s\n", v[i], v[i] == w[i] ? "ok" : "WRONG");
  }
}

// META:      "globals": [
// META-NEXT:   "_ZL5Names",
// META-NEXT:   "_ZL5Table",
// META-NEXT:   "_ZL7Pointer",
// META-NEXT:   "_ZL9Constexpr",
// META-NEXT:   "_ZN2nsL5InnerE",
// META-NEXT:   "_ZZ6lookupjE5Local"
// META-NEXT: ],

// PCH: remark: the device compile for 'host' reads <offload/offload.hpp> precompiled

// CHECK-COUNT-6: {{[0-9.]+}} ok

// Every table is defined in the image (ptxas would define an unresolved
// one as zeros).
// PTX-NOT: .extern .global
// PTX: .global .align 8 .b8 _ZL5Table[40] = {0, 0, 0, 0, 0, 0, 248, 63,
