// REQUIRES: ptxas
// A Linear1D saxpy compiles to what a hand-written CUDA kernel is: one
// bounds check (the grid's tail), two global loads (x, read-only, through
// the non-coherent path, as nvcc does for a const __restrict__ pointer), an
// fma, a store; no local memory, and as few registers as nvcc -O3 uses for
// it (10).
// RUN: rm -rf %t && mkdir %t
// RUN: %offload -O2 -fplugin-arg-offload-targets=sm_90 -fplugin-arg-offload-save-temps=%t -c %S/../../../examples/saxpy.cpp -o %t/saxpy.o
// RUN: FileCheck %s < %t/saxpy.sm_90.ptx
// RUN: ptxas -arch=sm_90 -O3 -v %t/saxpy.sm_90.ptx -o %t/saxpy.cubin 2>&1 | FileCheck %s --check-prefix=REGS

// CHECK-LABEL: .visible .entry __offload_k_{{[0-9a-f]+}}(
// CHECK-NOT: .local
// CHECK: mov.u32 {{.*}}%ctaid.x
// CHECK: setp.{{[a-z]+}}.u64
// CHECK-NOT: setp
// CHECK: ld.global.nc.b32
// CHECK: ld.global.b32
// CHECK: fma.rn.f32
// CHECK: st.global.b32
// CHECK: ret;
// REGS: Used {{([0-9]|10)}} registers
