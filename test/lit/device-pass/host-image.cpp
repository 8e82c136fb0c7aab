// The host device's image is an x86-64 shared object that exports the
// entries and contains only what the kernels reach: not main, not host-only
// functions, not the translation unit's global constructors.
// RUN: rm -rf %t && mkdir %t
// RUN: %offload_host -fplugin-arg-offload-save-temps=%t -c %s -o %t/k.o
// RUN: llvm-readelf -h %t/host-image.host.so | FileCheck %s --check-prefix=ELF
// RUN: llvm-readelf --dyn-syms %t/host-image.host.so | FileCheck %s
// RUN: llvm-readelf -S %t/host-image.host.so | FileCheck %s --check-prefix=SECTIONS
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

struct Noisy {
  Noisy() { std::puts("constructed"); }
};
Noisy global;

void hostOnly() { std::puts("host only"); }

void inc(offload::Region<int> v) {
  for (auto [i, vi] : v)
    ++vi;
}

int main() {
  std::vector<int> v(4);
  offload::offload(inc, v);
  hostOnly();
}

// ELF: Type: DYN
// ELF: Machine: Advanced Micro Devices X86-64
// CHECK: __offload_k_{{[0-9a-f]+}}
// CHECK-NOT: main
// CHECK-NOT: hostOnly
// SECTIONS-NOT: .init_array
