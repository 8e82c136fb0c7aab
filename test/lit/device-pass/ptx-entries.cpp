// REQUIRES: ptxas
// For sm_90 the device pass writes PTX with one .entry per kernel
// instantiation in the OpenMP kernel ABI (dyn_ptr first, then 64-bit slots:
// three for the launch's extent, two for the Region, whose data pointer is
// a noalias .ptr)
// and a loadable (ET_EXEC) cubin from ptxas.
// RUN: rm -rf %t && mkdir %t
// RUN: %offload -fplugin-arg-offload-targets=sm_90 -fplugin-arg-offload-save-temps=%t -c %s -o %t/k.o
// RUN: FileCheck %s < %t/ptx-entries.sm_90.ptx
// RUN: llvm-readelf -h %t/ptx-entries.sm_90.cubin | FileCheck %s --check-prefix=CUBIN
#include <offload/offload.hpp>
#include <vector>

template <class T> void square(offload::Region<T> v) {
  for (auto [i, vi] : v)
    vi *= vi;
}

void run(std::vector<float> &f, std::vector<double> &d) {
  offload::offload(square<float>, f);
  offload::offload(square<double>, d);
}

// CHECK: .target sm_90
// CHECK: .visible .entry __offload_k_{{[0-9a-f]+}}(
// CHECK-NEXT: .param .u64 .ptr .align 1 __offload_k_{{[0-9a-f]+}}_param_0,
// CHECK-NEXT: .param .u64 __offload_k_{{[0-9a-f]+}}_param_1,
// CHECK-NEXT: .param .u64 __offload_k_{{[0-9a-f]+}}_param_2,
// CHECK-NEXT: .param .u64 __offload_k_{{[0-9a-f]+}}_param_3,
// CHECK-NEXT: .param .u64 __offload_k_{{[0-9a-f]+}}_param_4,
// CHECK-NEXT: .param .u64 .ptr .align 1 __offload_k_{{[0-9a-f]+}}_param_5,
// CHECK-NEXT: .param .u64 __offload_k_{{[0-9a-f]+}}_param_6
// CHECK-NEXT: )
// CHECK: .visible .entry __offload_k_{{[0-9a-f]+}}(
// CUBIN: Type: EXEC
// CUBIN: Machine: NVIDIA CUDA
