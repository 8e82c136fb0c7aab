// AMD code objects, checked with LLVM's tools since no AMD GPU runs here:
// ELF for EM_AMDGPU with the architecture in e_flags, one kernel descriptor
// per kernel instantiation, kernel arguments laid out as the host lowering
// passes them (the metadata's slots), and code that reads them from there.
// RUN: rm -rf %t && mkdir %t
// RUN: %offload -fplugin-arg-offload-targets=gfx90a,gfx942 -fplugin-arg-offload-save-temps=%t -c %s -o %t/a.o
// RUN: %offload -fplugin-arg-offload-dump=metadata -fsyntax-only %s > %t/metadata.json
//
// RUN: llvm-readelf -h %t/amdgpu-images.gfx90a.hsaco | FileCheck %s --check-prefix=GFX90A
// RUN: llvm-readelf -h %t/amdgpu-images.gfx942.hsaco | FileCheck %s --check-prefix=GFX942
// GFX90A: Class: ELF64
// GFX90A: Type: DYN
// GFX90A: Machine: EM_AMDGPU
// GFX90A: Flags: {{.*}}gfx90a
// GFX942: Machine: EM_AMDGPU
// GFX942: Flags: {{.*}}gfx942
//
// Four kernels: a function, a template instantiated twice, a lambda.
// RUN: llvm-readelf --dyn-syms %t/amdgpu-images.gfx942.hsaco | FileCheck %s --check-prefix=DESCRIPTORS
// DESCRIPTORS-COUNT-4: OBJECT GLOBAL PROTECTED {{.*}} __offload_k_{{[0-9a-f]+}}.kd
// DESCRIPTORS-NOT: .kd
//
// RUN: llvm-readelf --notes %t/amdgpu-images.gfx90a.hsaco > %t/notes.txt
// RUN: %python %inputs/check-kernargs.py %t/metadata.json %t/notes.txt | FileCheck %s --check-prefix=KERNARGS
// KERNARGS-DAG: saxpy: __offload_k_{{.*}} OK: 10 arguments of 8 bytes (dyn_ptr + 9 slots), hidden from 80
// KERNARGS-DAG: add<1>: __offload_k_{{.*}} OK:
// KERNARGS-DAG: add<2>: __offload_k_{{.*}} OK:
// KERNARGS-DAG: (lambda at {{.*}}amdgpu-images.cpp:{{[0-9]+}}:{{[0-9]+}}): __offload_k_{{.*}} OK: 8 arguments
//
// saxpy's slots after dyn_ptr (offset 0): four launch slots (8, 16, 24,
// 32), a (40), x's data and size (48, 56), y's data and extent (64, 72);
// the block size is the hidden argument at 92. The code loads the first
// thread and a together from 0x20, x from 0x30 and y from 0x40 of the
// kernarg segment (s[4:5]).
// RUN: llvm-objdump -d %t/amdgpu-images.gfx90a.hsaco > %t/disassembly.txt
// RUN: %offload -fplugin-arg-offload-dump=kernels -fsyntax-only %s > %t/kernels.txt
// RUN: cat %t/kernels.txt %t/disassembly.txt | FileCheck %s --check-prefix=CODE
// CODE: kernel saxpy -> [[SAXPY:__offload_k_[0-9a-f]+]]
// CODE: <[[SAXPY]]>:
// CODE-DAG: s_load_dword s{{[0-9]+}}, s[4:5], 0x5c
// CODE-DAG: s_load_dword{{(x[0-9])?}} s{{.*}}, s[4:5], 0x20
// CODE-DAG: s_load_dword{{(x[0-9])?}} s{{.*}}, s[4:5], 0x30
// CODE-DAG: s_load_dword{{(x[0-9])?}} s{{.*}}, s[4:5], 0x40
// CODE: v_fmac_f32
// CODE: s_endpgm
//
// Math functions come from ROCm's device libraries (ocml), linked into the
// code object: it defines all it uses, and the kernel's descriptor is there.
// RUN: %offload -DWITH_MATH -fplugin-arg-offload-targets=gfx90a -fplugin-arg-offload-save-temps=%t/math -c %s -o %t/math.o
// RUN: llvm-nm -D --undefined-only %t/math/amdgpu-images.gfx90a.hsaco | count 0
// RUN: llvm-readelf --dyn-syms %t/math/amdgpu-images.gfx90a.hsaco | FileCheck %s --check-prefix=MATH
// MATH-COUNT-5: OBJECT GLOBAL PROTECTED {{.*}} __offload_k_{{[0-9a-f]+}}.kd
#include <offload/offload.hpp>
#include <cmath>
#include <vector>

void saxpy(float a, std::span<const float> x, offload::Region<float> y) {
  for (auto [i, yi] : y)
    yi += a * x[i];
}

template <int N> void add(offload::Region<int> v) {
  for (auto [i, x] : v)
    x += N;
}

#ifdef WITH_MATH
void roots(offload::Region<double> v) {
  for (auto [i, x] : v)
    x = std::sqrt(x) + std::exp(x);
}
#endif

int main() {
  std::vector<float> x(64, 1.0f), y(64, 2.0f);
  std::vector<int> v(64, 0);
  offload::offload(saxpy, 2.0f, x, y);
  offload::offload(add<1>, v);
  offload::offload(add<2>, v);
  int k = 3;
  offload::offload([k](offload::Region<int> w) { for (auto [i, x] : w) x *= k; }, v);
#ifdef WITH_MATH
  std::vector<double> d(64, 4.0);
  offload::offload(roots, d);
#endif
  return v[0] == 9 && y[0] == 4.0f ? 0 : 1;
}
