// REQUIRES: ptxas
// A thread's small arrays stay in registers: loops of a constant trip count
// that index them are unrolled fully in the entries, even when the unrolled
// body passes LLVM's size threshold (here a symmetric 10 x 10 matrix
// accumulated over 8 points, as finite-element kernels build theirs).
// Rolled, the arrays sat in local memory (a stack frame per thread).
// RUN: rm -rf %t && mkdir %t
// RUN: %offload -O2 -fplugin-arg-offload-targets=sm_90 -fplugin-arg-offload-save-temps=%t -c %s -o %t/arrays.o
// RUN: FileCheck %s < %t/private-arrays.sm_90.ptx
// RUN: %ptxas -arch=sm_90 -O3 -v %t/private-arrays.sm_90.ptx -o %t/arrays.cubin 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: rm -rf %t && mkdir %t
// RUN: %offload -O2 -DNEST -fplugin-arg-offload-targets=sm_90 -fplugin-arg-offload-save-temps=%t -c %s -o %t/arrays.o
// RUN: FileCheck %s --check-prefix=NEST < %t/private-arrays.sm_90.ptx

#include <offload/offload.hpp>

#include <span>
#include <vector>

constexpr int N = 10, Points = 8;

double matrixSum(std::span<const double> In, long I) {
  double Basis[Points][N];
  for (int Q = 0; Q < Points; ++Q)
    for (int M = 0; M < N; ++M)
      Basis[Q][M] = In[I + M] * (Q + 1) - M;
  double Matrix[N][N];
  for (int P = 0; P < N; ++P)
    for (int M = P; M < N; ++M)
      Matrix[P][M] = 0.0;
  for (int Q = 0; Q < Points; ++Q)
    for (int P = 0; P < N; ++P)
      for (int M = P; M < N; ++M)
        Matrix[P][M] += Basis[Q][P] * Basis[Q][M] / (Q + 2.0);
  double Sum = 0.0;
  for (int P = 0; P < N; ++P)
    for (int M = 0; M < N; ++M)
      Sum += P <= M ? Matrix[P][M] : Matrix[M][P];
  return Sum;
}

void sums(std::span<const double> In, offload::Region<double> Out) {
  for (auto [I, S] : Out)
    S = matrixSum(In, long(I));
}

// A nest that would unroll to 64 x 64 x 4 steps stays a loop in its outer
// level: unrolled whole, ptxas took more than five minutes over it.
void nest(std::span<const double> In, offload::Region<double> Out) {
  for (auto [I, O] : Out) {
    double A[64][4];
    for (int P = 0; P < 64; ++P)
      for (int Q = 0; Q < 4; ++Q)
        A[P][Q] = In[(I + P * 4 + Q) % In.size()];
    double S = 0;
    for (int R = 0; R < 64; ++R)
      for (int P = 0; P < 64; ++P)
        for (int Q = 0; Q < 4; ++Q)
          S += A[P][Q] * A[(P + R) % 64][Q] / (R + 1.0);
    O = S;
  }
}

int main() {
  std::vector<double> In(100 + N, 1.0), Out(100);
#ifdef NEST
  offload::offload(nest, In, offload::Region<double>(Out));
#else
  offload::offload(sums, In, offload::Region<double>(Out));
#endif
  return Out[0] == 0.0;
}

// The entry of sums (the kernel and matrixSum inlined into it) has no local
// memory; nest's keeps a loop (the PTX printer marks its header).
// CHECK-LABEL: .visible .entry __offload_k_{{[0-9a-f]+}}(
// CHECK-NOT: .local
// CHECK: ld.global.nc.b64
// CHECK-NOT: .local
// CHECK: st.global.b64
// CHECK-NOT: .local
// CHECK: ret;
// NEST-LABEL: .visible .entry __offload_k_{{[0-9a-f]+}}(
// NEST: This Loop Header
// STACK: Function properties for __offload_k_{{[0-9a-f]+}}
// STACK-NEXT: 0 bytes stack frame
