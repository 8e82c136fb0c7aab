//===- benchmarks/rajaperf/cuda_basic_lcals_polybench.cu - CUDA kernels ---===//
//
// The hand-written CUDA baselines of suite_basic_lcals_polybench.hpp's
// kernels, in the shape of RAJAPerf's Base_CUDA, as cuda.cu's: blocks of 256
// threads (32 x 8 for 2-D and 3-D kernels), RAJAPerf's index mapping and
// guards, the same number of launches per rep. The reductions have cuda.cu's
// two tunings.
//
//===----------------------------------------------------------------------===//

#include "cuda_common.cuh"
#include "formulas_basic_lcals_polybench.hpp"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <cuda/std/functional>
#include <thrust/iterator/counting_iterator.h>

namespace rajaperf {
namespace {

//===-- Kernels ----------------------------------------------------------===//

__global__ void addK(Real *C, const Real *A, const Real *B, Index N) {
  Index I = globalIndex();
  if (I < N)
    C[I] = A[I] + B[I];
}

__global__ void mulK(Real *B, const Real *C, Real Alpha, Index N) {
  Index I = globalIndex();
  if (I < N)
    B[I] = Alpha * C[I];
}

__global__ void ifQuadK(Real *X1, Real *X2, const Real *A, const Real *B,
                        const Real *C, Index N) {
  Index I = globalIndex();
  if (I < N)
    formula::ifQuad(A, B, C, I, X1[I], X2[I]);
}

__global__ void initView1DK(Real *A, Real Val, Index N) {
  Index I = globalIndex();
  if (I < N)
    A[I] = (I + 1) * Val;
}

// RAJAPerf's index runs over [1, N + 1) and writes a[i - 1].
__global__ void initView1DOffsetK(Real *A, Real Val, Index Begin, Index End) {
  Index I = Begin + globalIndex();
  if (I < End)
    A[I - Begin] = I * Val;
}

__global__ void mulAddSubK(Real *Out1, Real *Out2, Real *Out3, const Real *In1,
                           const Real *In2, Index N) {
  Index I = globalIndex();
  if (I < N) {
    Out1[I] = In1[I] * In2[I];
    Out2[I] = In1[I] + In2[I];
    Out3[I] = In1[I] - In2[I];
  }
}

// Blocks of 32 x 8 x 1 over (i, j, k).
__global__ void nestedInitK(Real *Array, Index Ni, Index Nj, Index Nk) {
  Index I = Index(blockIdx.x) * BlockX + threadIdx.x;
  Index J = Index(blockIdx.y) * BlockY + threadIdx.y;
  Index K = blockIdx.z;
  if (I < Ni && J < Nj && K < Nk)
    Array[I + Ni * (J + Nj * K)] = 0.00000001 * I * J * K;
}

__global__ void trapIntK(Real X0, Real Xp, Real Y, Real Yp, Real H, Real *Sum,
                         Index N) {
  __shared__ Real Partial[Block];
  Partial[threadIdx.x] = 0.0;
  for (Index I = globalIndex(); I < N; I += Index(gridDim.x) * Block)
    Partial[threadIdx.x] += formula::trapInt(X0 + I * H, Y, Xp, Yp);
  treeReduce(Partial, [](Real A, Real B) { return A + B; });
  if (threadIdx.x == 0)
    atomicAdd(Sum, Partial[0]);
}

__global__ void piReduceK(Real Dx, Real *Pi, Index N) {
  __shared__ Real Partial[Block];
  Partial[threadIdx.x] = 0.0;
  for (Index I = globalIndex(); I < N; I += Index(gridDim.x) * Block)
    Partial[threadIdx.x] += formula::piTerm(I, Dx);
  treeReduce(Partial, [](Real A, Real B) { return A + B; });
  if (threadIdx.x == 0)
    atomicAdd(Pi, Partial[0]);
}

// What each element contributes to the single_launch reductions.
struct TrapIntTerm {
  Real X0, Xp, Y, Yp, H;
  __device__ Real operator()(Index I) const {
    return formula::trapInt(X0 + I * H, Y, Xp, Yp);
  }
};
struct PiTerm {
  Real Dx;
  __device__ Real operator()(Index I) const { return formula::piTerm(I, Dx); }
};

struct Copy8Arrays {
  Real *Y[8];
  const Real *X[8];
};
__global__ void copy8K(Copy8Arrays P, Index N) {
  Index I = globalIndex();
  if (I < N) {
    P.Y[0][I] = P.X[0][I];
    P.Y[1][I] = P.X[1][I];
    P.Y[2][I] = P.X[2][I];
    P.Y[3][I] = P.X[3][I];
    P.Y[4][I] = P.X[4][I];
    P.Y[5][I] = P.X[5][I];
    P.Y[6][I] = P.X[6][I];
    P.Y[7][I] = P.X[7][I];
  }
}

__global__ void diffPredictK(Real *Px, const Real *Cx, Index Offset, Index N) {
  Index I = globalIndex();
  if (I < N) {
    Real Carry = Cx[I + Offset * 4];
    for (Index Row = 4; Row < 13; ++Row)
      Carry = formula::diffStep(Px[I + Offset * Row], Carry);
    Px[I + Offset * 13] = Carry;
  }
}

__global__ void eosK(Real *X, const Real *Y, const Real *Z, const Real *U,
                     Real Q, Real R, Real T, Index N) {
  Index I = globalIndex();
  if (I < N)
    X[I] = formula::eos(Y, Z, U, Q, R, T, I);
}

__global__ void firstDiffK(Real *X, const Real *Y, Index N) {
  Index I = globalIndex();
  if (I < N)
    X[I] = Y[I + 1] - Y[I];
}

__global__ void firstSumK(Real *X, const Real *Y, Index N) {
  Index I = globalIndex();
  if (I >= 1 && I < N)
    X[I] = Y[I - 1] + Y[I];
}

__global__ void memsetK(Real *X, Real Value, Index N) {
  Index I = globalIndex();
  if (I < N)
    X[I] = Value;
}

__global__ void memcpyK(Real *Y, const Real *X, Index N) {
  Index I = globalIndex();
  if (I < N)
    Y[I] = X[I];
}

/// The arrays' pointers by value, as RAJAPerf's Base_CUDA passes them.
struct PtrArray {
  const Real *X[ArrayOfPtrs::Arrays];
};

__global__ void arrayOfPtrsK(Real *Y, PtrArray P, Index N) {
  Index I = globalIndex();
  if (I < N) {
    Real Yi = 0.0;
    for (Index A = 0; A < ArrayOfPtrs::Arrays; ++A)
      Yi += P.X[A][I];
    Y[I] = Yi;
  }
}

/// ATOMIC's replicate_4096_global tuning: one atomic add per element.
__global__ void atomicAddsK(Real *Slots, Index N) {
  Index I = globalIndex();
  if (I < N)
    atomicAdd(&Slots[I % AtomicAdds::Replication], 1.0);
}

/// Its replicate_4096_warp tuning, RAJAPerf's fastest: the warp's sum, one
/// atomic add per warp into slot (warp % 4096).
__global__ void atomicAddsWarpK(Real *Slots, Index N) {
  const Index I = globalIndex();
  Real V = I < N ? 1.0 : 0.0;
  for (unsigned Offset = 16; Offset > 0; Offset /= 2)
    V += __shfl_down_sync(0xffffffffu, V, Offset);
  if (threadIdx.x % 32 == 0)
    atomicAdd(&Slots[(I / 32) % AtomicAdds::Replication], V);
}

/// Its replicate_4096_block tuning: the block's sum, one atomic add per
/// block into slot (block % 4096).
__global__ void atomicAddsBlockK(Real *Slots, Index N) {
  __shared__ Real Warps[Block / 32];
  const Index I = globalIndex();
  Real V = I < N ? 1.0 : 0.0;
  for (unsigned Offset = 16; Offset > 0; Offset /= 2)
    V += __shfl_down_sync(0xffffffffu, V, Offset);
  if (threadIdx.x % 32 == 0)
    Warps[threadIdx.x / 32] = V;
  __syncthreads();
  if (threadIdx.x == 0) {
    Real Sum = 0.0;
    for (unsigned W = 0; W < Block / 32; ++W)
      Sum += Warps[W];
    atomicAdd(&Slots[blockIdx.x % AtomicAdds::Replication], Sum);
  }
}

__global__ void haloPackK(Real *Buffer, const int *List, const Real *Var,
                          Index Len) {
  Index I = globalIndex();
  if (I < Len)
    Buffer[I] = Var[List[I]];
}

__global__ void haloUnpackK(const Real *Buffer, const int *List, Real *Var,
                            Index Len) {
  Index I = globalIndex();
  if (I < Len)
    Var[List[I]] = Buffer[I];
}

/// A neighbour's variable on the device: its part of a buffer, its list,
/// the variable's values and the list's length.
struct HaloPart {
  Real *Buffer;
  const int *List;
  Real *Var;
  Index Len;
};
/// RAJAPerf's fused direct dispatch: block row y is part y, its elements in
/// a grid-stride loop.
__global__ void haloPackFusedK(const HaloPart *Parts) {
  const HaloPart P = Parts[blockIdx.y];
  for (Index I = threadIdx.x + Index(blockIdx.x) * Block; I < P.Len;
       I += Index(Block) * gridDim.x)
    P.Buffer[I] = P.Var[P.List[I]];
}
__global__ void haloUnpackFusedK(const HaloPart *Parts) {
  const HaloPart P = Parts[blockIdx.y];
  for (Index I = threadIdx.x + Index(blockIdx.x) * Block; I < P.Len;
       I += Index(Block) * gridDim.x)
    P.Var[P.List[I]] = P.Buffer[I];
}

/// RAJAPerf's Base_CUDA: a block of 4 x 4 x 4 threads per element, B and
/// the element's D in shared memory, each thread its 64 entries.
__global__ void mass3deaK(const Real *B, const Real *D, Real *M) {
  constexpr int D1D = Mass3DEA::D1D, Q1D = Mass3DEA::Q1D;
  __shared__ Real SB[Q1D][D1D];
  __shared__ Real SD[Q1D][Q1D][Q1D];
  const Index E = blockIdx.x;
  if (threadIdx.z == 0)
    for (int Q = threadIdx.y; Q < Q1D; Q += blockDim.y)
      SB[Q][threadIdx.x] = B[Q + Q1D * threadIdx.x];
  for (int K1 = threadIdx.x; K1 < Q1D; K1 += blockDim.x)
    for (int K2 = threadIdx.y; K2 < Q1D; K2 += blockDim.y)
      for (int K3 = threadIdx.z; K3 < Q1D; K3 += blockDim.z)
        SD[K1][K2][K3] = D[K1 + Q1D * K2 + Q1D * Q1D * K3 + Q1D * Q1D * Q1D * E];
  __syncthreads();
  const int I1 = threadIdx.x, I2 = threadIdx.y, I3 = threadIdx.z;
  for (int J1 = 0; J1 < D1D; ++J1)
    for (int J2 = 0; J2 < D1D; ++J2)
      for (int J3 = 0; J3 < D1D; ++J3) {
        Real Val = 0.0;
        for (int K1 = 0; K1 < Q1D; ++K1)
          for (int K2 = 0; K2 < Q1D; ++K2)
            for (int K3 = 0; K3 < Q1D; ++K3)
              Val += SB[K1][I1] * SB[K1][J1] * SB[K2][I2] * SB[K2][J2] *
                     SB[K3][I3] * SB[K3][J3] * SD[K1][K2][K3];
        M[I1 + D1D * (I2 + D1D * (I3 + D1D * (J1 + D1D * (J2 + D1D *
                                                         (J3 + D1D * E)))))] =
            Val;
      }
}

__global__ void daxpyAtomicK(Real *Y, const Real *X, Real A, Index N) {
  Index I = globalIndex();
  if (I < N)
    atomicAdd(&Y[I], A * X[I]);
}

__global__ void hydro1dK(Real *X, const Real *Y, const Real *Z, Real Q, Real R,
                         Real T, Index N) {
  Index I = globalIndex();
  if (I < N)
    X[I] = formula::hydro1d(Y, Z, Q, R, T, I);
}

__global__ void intPredictK(Real *Px, IntPredictCoefs K, Index Offset,
                            Index N) {
  Index I = globalIndex();
  if (I < N)
    Px[I] =
        formula::intPredict(K, [&](Index Row) { return Px[I + Offset * Row]; });
}

__global__ void planckianK(Real *Y, Real *W, const Real *X, const Real *U,
                           const Real *V, Index N) {
  Index I = globalIndex();
  if (I < N) {
    Y[I] = U[I] / V[I];
    W[I] = X[I] / (exp(Y[I]) - 1.0);
  }
}

// N is the array length: i runs over [1, N).
__global__ void tridiagElimK(Real *Xout, const Real *Xin, const Real *Y,
                             const Real *Z, Index N) {
  Index I = globalIndex();
  if (I > 0 && I < N)
    Xout[I] = Z[I] * (Y[I] - Xin[I - 1]);
}

__global__ void genLinRecur1K(Real *B5, Real *Stb5, const Real *Sa,
                              const Real *Sb, Index N) {
  Index K = globalIndex();
  if (K < N)
    formula::genLinRecur(B5[K], Stb5[K], Sa[K], Sb[K]);
}

// Threads 1..N take the elements from N - 1 down to 0.
__global__ void genLinRecur2K(Real *B5, Real *Stb5, const Real *Sa,
                              const Real *Sb, Index N) {
  Index I = globalIndex();
  if (I > 0 && I < N + 1) {
    Index K = N - I;
    formula::genLinRecur(B5[K], Stb5[K], Sa[K], Sb[K]);
  }
}

__global__ void jacobi1dK(Real *Out, const Real *In, Index N) {
  Index I = globalIndex();
  if (I > 0 && I < N - 1)
    Out[I] = formula::jacobi1d(In, I);
}

__global__ void atax1K(const Real *A, const Real *X, Real *Y, Real *Tmp,
                       Index N) {
  Index I = globalIndex();
  if (I < N) {
    Y[I] = 0.0;
    Real Dot = 0.0;
    for (Index J = 0; J < N; ++J)
      Dot += A[J + I * N] * X[J];
    Tmp[I] = Dot;
  }
}

__global__ void atax2K(const Real *A, const Real *Tmp, Real *Y, Index N) {
  Index J = globalIndex();
  if (J < N) {
    Real Dot = Y[J];
    for (Index I = 0; I < N; ++I)
      Dot += A[J + I * N] * Tmp[I];
    Y[J] = Dot;
  }
}

__global__ void mvt1K(const Real *A, Real *X1, const Real *Y1, Index N) {
  Index I = globalIndex();
  if (I < N) {
    Real Dot = 0.0;
    for (Index J = 0; J < N; ++J)
      Dot += A[J + I * N] * Y1[J];
    X1[I] += Dot;
  }
}

// RAJAPerf's second product reads y2 at the row, not the column.
__global__ void mvt2K(const Real *A, Real *X2, const Real *Y2, Index N) {
  Index I = globalIndex();
  if (I < N) {
    Real Dot = 0.0;
    for (Index J = 0; J < N; ++J)
      Dot += A[I + J * N] * Y2[I];
    X2[I] += Dot;
  }
}

__global__ void gesummvK(const Real *X, Real *Y, const Real *A, const Real *B,
                         Index N) {
  Index I = globalIndex();
  if (I < N) {
    Real TmpDot = 0.0, YDot = 0.0;
    for (Index J = 0; J < N; ++J) {
      TmpDot += A[J + I * N] * X[J];
      YDot += B[J + I * N] * X[J];
    }
    Y[I] = Gesummv::Alpha * TmpDot + Gesummv::Beta * YDot;
  }
}

// Rows along y, columns along x.
__device__ void rowCol(Index &Row, Index &Col) {
  Row = Index(blockIdx.y) * BlockY + threadIdx.y;
  Col = Index(blockIdx.x) * BlockX + threadIdx.x;
}

__global__ void twoMM1K(Real *Tmp, const Real *A, const Real *B, Index Ni,
                        Index Nj, Index Nk) {
  Index I, J;
  rowCol(I, J);
  if (I < Ni && J < Nj) {
    Real Dot = 0.0;
    for (Index K = 0; K < Nk; ++K)
      Dot += TwoMM::Alpha * A[K + I * Nk] * B[J + K * Nj];
    Tmp[J + I * Nj] = Dot;
  }
}

__global__ void twoMM2K(const Real *Tmp, const Real *C, Real *D, Index Ni,
                        Index Nl, Index Nj) {
  Index I, L;
  rowCol(I, L);
  if (I < Ni && L < Nl) {
    Real Dot = TwoMM::Beta;
    for (Index J = 0; J < Nj; ++J)
      Dot += Tmp[J + I * Nj] * C[L + J * Nl];
    D[L + I * Nl] = Dot;
  }
}

__global__ void threeMMK(Real *Out, const Real *X, const Real *Y, Index Rows,
                         Index Cols, Index K) {
  Index I, J;
  rowCol(I, J);
  if (I < Rows && J < Cols) {
    Real Dot = 0.0;
    for (Index Kk = 0; Kk < K; ++Kk)
      Dot += X[Kk + I * K] * Y[J + Kk * Cols];
    Out[J + I * Cols] = Dot;
  }
}

__global__ void gemver1K(Real *A, const Real *U1, const Real *V1,
                         const Real *U2, const Real *V2, Index N) {
  Index I, J;
  rowCol(I, J);
  if (I < N && J < N)
    A[J + I * N] += U1[I] * V1[J] + U2[I] * V2[J];
}

__global__ void gemver2K(Real *X, const Real *A, const Real *Y, Index N) {
  Index I = globalIndex();
  if (I < N) {
    Real Dot = 0.0;
    for (Index J = 0; J < N; ++J)
      Dot += Gemver::Beta * A[I + J * N] * Y[J];
    X[I] += Dot;
  }
}

__global__ void gemver3K(Real *X, const Real *Z, Index N) {
  Index I = globalIndex();
  if (I < N)
    X[I] += Z[I];
}

__global__ void gemver4K(Real *W, const Real *A, const Real *X, Index N) {
  Index I = globalIndex();
  if (I < N) {
    Real Dot = W[I];
    for (Index J = 0; J < N; ++J)
      Dot += Gemver::Alpha * A[J + I * N] * X[J];
    W[I] = Dot;
  }
}

__global__ void floydWarshallK(Real *Out, const Real *In, Index K, Index N) {
  Index I, J;
  rowCol(I, J);
  if (I < N && J < N) {
    const Real Via = In[K + I * N] + In[J + K * N];
    Out[J + I * N] = In[J + I * N] < Via ? In[J + I * N] : Via;
  }
}

__global__ void fdtd1K(Real *Ey, const Real *Fict, Index Ny, Index T) {
  Index J = globalIndex();
  if (J < Ny)
    Ey[J] = Fict[T];
}

__global__ void fdtd2K(Real *Ey, const Real *Hz, Index Nx, Index Ny) {
  Index I, J;
  rowCol(I, J);
  if (I > 0 && I < Nx && J < Ny)
    Ey[J + I * Ny] =
        formula::fdtdE(Ey[J + I * Ny], Hz[J + I * Ny], Hz[J + (I - 1) * Ny]);
}

__global__ void fdtd3K(Real *Ex, const Real *Hz, Index Nx, Index Ny) {
  Index I, J;
  rowCol(I, J);
  if (I < Nx && J > 0 && J < Ny)
    Ex[J + I * Ny] =
        formula::fdtdE(Ex[J + I * Ny], Hz[J + I * Ny], Hz[J - 1 + I * Ny]);
}

__global__ void fdtd4K(Real *Hz, const Real *Ex, const Real *Ey, Index Nx,
                       Index Ny) {
  Index I, J;
  rowCol(I, J);
  if (I < Nx - 1 && J < Ny - 1) {
    const Index C = J + I * Ny;
    Hz[C] = formula::fdtdH(Hz[C], Ex[C + 1], Ex[C], Ey[C + Ny], Ey[C]);
  }
}

} // namespace

//===-- Runs -------------------------------------------------------------===//

#define RAJAPERF_TUNINGS(K, List)                                              \
  std::vector<std::string> cudaTunings(const K &) { return List; }

RAJAPERF_TUNINGS(StreamAdd, PlainTuning)
Measured cuda(StreamAdd &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *A = S.in(D.A), *B = S.in(D.B), *C = S.in(D.C);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      addK<<<blocksFor(D.N), Block>>>(C, A, B, D.N);
  });
  S.out(D.C, C);
  S.registers(addK);
  return M;
}

RAJAPERF_TUNINGS(StreamMul, PlainTuning)
Measured cuda(StreamMul &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *B = S.in(D.B), *C = S.in(D.C);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      mulK<<<blocksFor(D.N), Block>>>(B, C, D.Alpha, D.N);
  });
  S.out(D.B, B);
  S.registers(mulK);
  return M;
}

RAJAPERF_TUNINGS(IfQuad, PlainTuning)
Measured cuda(IfQuad &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *A = S.in(D.A), *B = S.in(D.B), *C = S.in(D.C), *X1 = S.in(D.X1),
       *X2 = S.in(D.X2);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      ifQuadK<<<blocksFor(D.N), Block>>>(X1, X2, A, B, C, D.N);
  });
  S.out(D.X1, X1), S.out(D.X2, X2);
  S.registers(ifQuadK);
  return M;
}

RAJAPERF_TUNINGS(InitView1D, PlainTuning)
Measured cuda(InitView1D &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *A = S.in(D.A);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      initView1DK<<<blocksFor(D.N), Block>>>(A, InitView1D::Val, D.N);
  });
  S.out(D.A, A);
  S.registers(initView1DK);
  return M;
}

RAJAPERF_TUNINGS(InitView1DOffset, PlainTuning)
Measured cuda(InitView1DOffset &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *A = S.in(D.A);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      initView1DOffsetK<<<blocksFor(D.N), Block>>>(A, InitView1D::Val, 1,
                                                   D.N + 1);
  });
  S.out(D.A, A);
  S.registers(initView1DOffsetK);
  return M;
}

RAJAPERF_TUNINGS(MulAddSub, PlainTuning)
Measured cuda(MulAddSub &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *O1 = S.in(D.Out1), *O2 = S.in(D.Out2), *O3 = S.in(D.Out3);
  Real *I1 = S.in(D.In1), *I2 = S.in(D.In2);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      mulAddSubK<<<blocksFor(D.N), Block>>>(O1, O2, O3, I1, I2, D.N);
  });
  S.out(D.Out1, O1), S.out(D.Out2, O2), S.out(D.Out3, O3);
  S.registers(mulAddSubK);
  return M;
}

RAJAPERF_TUNINGS(NestedInit, PlainTuning)
Measured cuda(NestedInit &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *Array = S.in(D.Array);
  dim3 Grid = grid2D(D.Nj, D.Ni);
  Grid.z = unsigned(D.Nk);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      nestedInitK<<<Grid, Block2D>>>(Array, D.Ni, D.Nj, D.Nk);
  });
  S.out(D.Array, Array);
  S.registers(nestedInitK);
  return M;
}

RAJAPERF_TUNINGS(TrapInt, SingleLaunchTunings)
Measured cuda(TrapInt &D, Index Reps, int Tuning) {
  Measured M;
  Session S(M);
  if (singleLaunch(Tuning)) {
    auto Sum = singleLaunch(TrapIntTerm{D.X0, D.Xp, D.Y, D.Yp, D.H}, 0.0,
                            Plus{}, D.N);
    S.loop([&] {
      for (Index R = 0; R < Reps; ++R)
        D.Sumx += Sum() * D.H;
    });
    M.Registers = Sum.registers();
    return M;
  }
  Result<Real> Sum(managed(Tuning), 1);
  unsigned Grid = reductionGrid(trapIntK, D.N, !managed(Tuning));
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      Sum.reset({0.0});
      trapIntK<<<Grid, Block>>>(D.X0, D.Xp, D.Y, D.Yp, D.H, Sum.device(), D.N);
      D.Sumx += *Sum.fetch() * D.H;
    }
  });
  S.registers(trapIntK);
  return M;
}

RAJAPERF_TUNINGS(PiReduce, SingleLaunchTunings)
Measured cuda(PiReduce &D, Index Reps, int Tuning) {
  Measured M;
  Session S(M);
  if (singleLaunch(Tuning)) {
    auto Pi = singleLaunch(PiTerm{D.Dx}, 0.0, Plus{}, D.N);
    S.loop([&] {
      for (Index R = 0; R < Reps; ++R)
        D.Pi = Pi() * 4.0;
    });
    M.Registers = Pi.registers();
    return M;
  }
  Result<Real> Pi(managed(Tuning), 1);
  unsigned Grid = reductionGrid(piReduceK, D.N, !managed(Tuning));
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      Pi.reset({0.0});
      piReduceK<<<Grid, Block>>>(D.Dx, Pi.device(), D.N);
      D.Pi = *Pi.fetch() * 4.0;
    }
  });
  S.registers(piReduceK);
  return M;
}

RAJAPERF_TUNINGS(Copy8, PlainTuning)
Measured cuda(Copy8 &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Copy8Arrays P;
  for (int C = 0; C < 8; ++C)
    P.Y[C] = S.in(D.Y[C]);
  for (int C = 0; C < 8; ++C)
    P.X[C] = S.in(D.X[C]);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      copy8K<<<blocksFor(D.N), Block>>>(P, D.N);
  });
  for (int C = 0; C < 8; ++C)
    S.out(D.Y[C], P.Y[C]);
  S.registers(copy8K);
  return M;
}

RAJAPERF_TUNINGS(DiffPredict, PlainTuning)
Measured cuda(DiffPredict &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *Px = S.in(D.Px), *Cx = S.in(D.Cx);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      diffPredictK<<<blocksFor(D.N), Block>>>(Px, Cx, D.N, D.N);
  });
  S.out(D.Px, Px);
  S.registers(diffPredictK);
  return M;
}

RAJAPERF_TUNINGS(Eos, PlainTuning)
Measured cuda(Eos &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *X = S.in(D.X), *Y = S.in(D.Y), *Z = S.in(D.Z), *U = S.in(D.U);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      eosK<<<blocksFor(D.N), Block>>>(X, Y, Z, U, D.Q, D.R, D.T, D.N);
  });
  S.out(D.X, X);
  S.registers(eosK);
  return M;
}

RAJAPERF_TUNINGS(FirstDiff, PlainTuning)
Measured cuda(FirstDiff &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *X = S.in(D.X), *Y = S.in(D.Y);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      firstDiffK<<<blocksFor(D.N), Block>>>(X, Y, D.N);
  });
  S.out(D.X, X);
  S.registers(firstDiffK);
  return M;
}

RAJAPERF_TUNINGS(FirstSum, PlainTuning)
Measured cuda(FirstSum &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *X = S.in(D.X), *Y = S.in(D.Y);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      firstSumK<<<blocksFor(D.N), Block>>>(X, Y, D.N);
  });
  S.out(D.X, X);
  S.registers(firstSumK);
  return M;
}

RAJAPERF_TUNINGS(Memset, PlainTuning)
Measured cuda(Memset &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *X = S.in(D.X);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      memsetK<<<blocksFor(D.N), Block>>>(X, Memset::Value, D.N);
  });
  S.out(D.X, X);
  S.registers(memsetK);
  return M;
}

RAJAPERF_TUNINGS(Memcpy, PlainTuning)
Measured cuda(Memcpy &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *X = S.in(D.X), *Y = S.in(D.Y);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      memcpyK<<<blocksFor(D.N), Block>>>(Y, X, D.N);
  });
  S.out(D.Y, Y);
  S.registers(memcpyK);
  return M;
}

RAJAPERF_TUNINGS(ArrayOfPtrs, PlainTuning)
Measured cuda(ArrayOfPtrs &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *Y = S.in(D.Y), *X = S.in(D.X);
  PtrArray P;
  for (Index A = 0; A < ArrayOfPtrs::Arrays; ++A)
    P.X[A] = X + A * D.N;
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      arrayOfPtrsK<<<blocksFor(D.N), Block>>>(Y, P, D.N);
  });
  S.out(D.Y, Y);
  S.registers(arrayOfPtrsK);
  return M;
}

const std::vector<std::string> AtomicAddsTunings = {
    "replicate_4096_global_256", "replicate_4096_block_256",
    "replicate_4096_warp_256"};
RAJAPERF_TUNINGS(AtomicAdds, AtomicAddsTunings)
Measured cuda(AtomicAdds &D, Index Reps, int Tuning) {
  Measured M;
  Session S(M);
  Real *Slots = S.in(D.Slots);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      if (Tuning == 2)
        atomicAddsWarpK<<<blocksFor(D.N), Block>>>(Slots, D.N);
      else if (Tuning == 1)
        atomicAddsBlockK<<<blocksFor(D.N), Block>>>(Slots, D.N);
      else
        atomicAddsK<<<blocksFor(D.N), Block>>>(Slots, D.N);
  });
  S.out(D.Slots, Slots);
  S.registers(Tuning == 2   ? atomicAddsWarpK
              : Tuning == 1 ? atomicAddsBlockK
                            : atomicAddsK);
  return M;
}

/// Every neighbour's every variable as a HaloPart on device data, in
/// RAJAPerf's order.
static std::vector<HaloPart> haloParts(const HaloPacking &H, bool Pack,
                                       Real *Buffer, int *List, Real *Values) {
  std::vector<HaloPart> Parts;
  H.forEachPart(Pack, [&](HaloPacking::Part P, int V) {
    Parts.push_back(
        {Buffer + P.Buffer, List + P.List, Values + V * H.Zones, P.Len});
  });
  return Parts;
}

/// The messages of one MPI rank to itself: RAJAPerf's MPI copies each
/// (tuning memcpy_async, as a CUDA-aware MPI does for a message to its own
/// rank), or a copy kernel per message (copy_kernel, as ours).
static void haloMessages(const HaloPacking &H, const Real *Send, Real *Receive,
                         int Tuning) {
  for (const HaloPacking::Message &M : H.messages()) {
    if (Tuning == 0)
      CUDA_CHECK(cudaMemcpyAsync(Receive + M.To, Send + M.From,
                                 M.Len * sizeof(Real),
                                 cudaMemcpyDeviceToDevice));
    else
      memcpyK<<<blocksFor(M.Len), Block>>>(Receive + M.To, Send + M.From,
                                            M.Len);
  }
}
const std::vector<std::string> HaloMessageTunings = {"memcpy_async",
                                                     "copy_kernel"};

// RAJAPerf's Base_CUDA with its buffers in device memory (RAJAPerf's own
// default keeps them in pinned host memory, for MPI); with Exchange,
// HALO_EXCHANGE's messages between packing and unpacking.
static Measured cudaHalo(HaloPacking &H, Index Reps, bool Exchange,
                         int Tuning) {
  Measured M;
  Session S(M);
  Real *Values = S.in(H.Values), *Send = S.in(H.SendBuffer),
       *Receive = S.in(H.ReceiveBuffer);
  const std::vector<HaloPart> Pack =
      haloParts(H, true, Send, S.in(H.PackList), Values);
  const std::vector<HaloPart> Unpack =
      haloParts(H, false, Receive, S.in(H.UnpackList), Values);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      for (const HaloPart &P : Pack)
        haloPackK<<<blocksFor(P.Len), Block>>>(P.Buffer, P.List, P.Var, P.Len);
      if (Exchange)
        haloMessages(H, Send, Receive, Tuning);
      for (const HaloPart &P : Unpack)
        haloUnpackK<<<blocksFor(P.Len), Block>>>(P.Buffer, P.List, P.Var,
                                                 P.Len);
    }
  });
  S.out(H.Values, Values);
  S.out(H.SendBuffer, Send);
  S.registers(haloPackK, haloUnpackK);
  return M;
}

RAJAPERF_TUNINGS(HaloPacking, PlainTuning)
Measured cuda(HaloPacking &H, Index Reps, int) {
  return cudaHalo(H, Reps, false, 0);
}

RAJAPERF_TUNINGS(HaloExchange, HaloMessageTunings)
Measured cuda(HaloExchange &H, Index Reps, int Tuning) {
  return cudaHalo(H, Reps, true, Tuning);
}

RAJAPERF_TUNINGS(HaloSendRecv, HaloMessageTunings)
Measured cuda(HaloSendRecv &H, Index Reps, int Tuning) {
  Measured M;
  Session S(M);
  const Real *Send = S.in(H.SendBuffer);
  Real *Receive = S.in(H.ReceiveBuffer);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      haloMessages(H, Send, Receive, Tuning);
  });
  S.out(H.ReceiveBuffer, Receive);
  S.registers(memcpyK);
  return M;
}

// With Exchange, HALO_EXCHANGE_FUSED's messages between the two launches.
static Measured cudaHaloFused(HaloPackingFused &H, Index Reps, bool Exchange,
                              int Tuning) {
  Measured M;
  Session S(M);
  Real *Values = S.in(H.Values), *Send = S.in(H.SendBuffer),
       *Receive = S.in(H.ReceiveBuffer);
  // The parts' table, as RAJAPerf's workgroup builds it before the reps.
  const std::vector<HaloPart> Pack =
      haloParts(H, true, Send, S.in(H.PackList), Values);
  const HaloPart *PackParts = S.in(Pack);
  const HaloPart *UnpackParts =
      S.in(haloParts(H, false, Receive, S.in(H.UnpackList), Values));
  // RAJAPerf's grid: the parts' average length, longer ones stride.
  const Index Average = Index(H.PackList.size()) / HaloPacking::Neighbours;
  const dim3 Grid(blocksFor(Average), unsigned(Pack.size()));
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      haloPackFusedK<<<Grid, Block>>>(PackParts);
      if (Exchange)
        haloMessages(H, Send, Receive, Tuning);
      haloUnpackFusedK<<<Grid, Block>>>(UnpackParts);
    }
  });
  S.out(H.Values, Values);
  S.out(H.SendBuffer, Send);
  S.registers(haloPackFusedK, haloUnpackFusedK);
  return M;
}

RAJAPERF_TUNINGS(HaloPackingFused, PlainTuning)
Measured cuda(HaloPackingFused &H, Index Reps, int) {
  return cudaHaloFused(H, Reps, false, 0);
}

RAJAPERF_TUNINGS(HaloExchangeFused, HaloMessageTunings)
Measured cuda(HaloExchangeFused &H, Index Reps, int Tuning) {
  return cudaHaloFused(H, Reps, true, Tuning);
}

RAJAPERF_TUNINGS(Mass3DEA, PlainTuning)
Measured cuda(Mass3DEA &E, Index Reps, int) {
  Measured M;
  Session S(M);
  const Real *B = S.in(E.B), *D = S.in(E.D);
  Real *Mat = S.in(E.M);
  const dim3 Threads(Mass3DEA::D1D, Mass3DEA::D1D, Mass3DEA::D1D);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      mass3deaK<<<unsigned(E.NE), Threads>>>(B, D, Mat);
  });
  S.out(E.M, Mat);
  S.registers(mass3deaK);
  return M;
}

/// MASS3DPA's twin of ours, in RAJAPerf's Base_CUDA shape: a block of
/// 5 x 5 threads per element, thread (x, y) computing column (x, y) of each
/// stage in registers and storing it to shared memory, and its column of Y.
__global__ void mass3dpaK(const Real *B, const Real *Bt, const Real *D,
                          const Real *X, Real *Y) {
  using S = formula::Mass3DPAColumns;
  __shared__ Real Bs[S::Q1 * S::D1], Bts[S::Q1 * S::D1], Xs[Mass3DPA::Dofs];
  __shared__ Real S0[S::Entries], S1[S::Entries];
  const Index El = blockIdx.x;
  const int T = threadIdx.x, Cx = T % S::Q1, Cy = T / S::Q1;
  if (T < S::Q1 * S::D1) {
    Bs[T] = S::bs(B, T);
    Bts[T] = S::bts(Bt, T);
  }
  for (int K = T; K < Mass3DPA::Dofs; K += S::Q1 * S::Q1)
    Xs[K] = X[El * Mass3DPA::Dofs + K];
  __syncthreads();
  S::Column Out;
  auto Store = [&](Real *Into) {
    for (int Z = 0; Z < S::Q1; ++Z)
      Into[S::at(Z, Cy, Cx)] = Out[Z];
    __syncthreads();
  };
  S::ddq(Xs, Bs, Cx, Cy, Out);
  Store(S1);
  S::dqq(S1, Bs, Cx, Cy, Out);
  Store(S0);
  S::qqq(S0, Bs, D, El * Mass3DPA::Points, Cx, Cy, Out);
  Store(S1);
  S::qqd(S1, Bts, Cx, Cy, Out);
  Store(S0);
  S::qdd(S0, Bts, Cx, Cy, Out);
  Store(S1);
  S::y(S1, Bts, Cx, Cy, Out);
  if (Cx < S::D1 && Cy < S::D1)
    for (int Dz = 0; Dz < S::D1; ++Dz)
      Y[El * Mass3DPA::Dofs + (Dz * S::D1 + Cy) * S::D1 + Cx] += Out[Dz];
}

RAJAPERF_TUNINGS(Mass3DPA, std::vector<std::string>{"block_25"})
Measured cuda(Mass3DPA &E, Index Reps, int) {
  Measured M;
  Session S(M);
  const Real *B = S.in(E.B), *Bt = S.in(E.Bt), *D = S.in(E.D),
             *X = S.in(E.X);
  Real *Y = S.in(E.Y);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      mass3dpaK<<<unsigned(E.NE), Mass3DPA::Q1D * Mass3DPA::Q1D>>>(B, Bt, D,
                                                                   X, Y);
  });
  S.out(E.Y, Y);
  S.registers(mass3dpaK);
  return M;
}

/// Stores the components of point T of a stage into Into[C * 64 + T].
template <class P> __device__ void storePoint(Real *Into, int T, const P &Of) {
  Into[T] = Of.C[0];
  Into[64 + T] = Of.C[1];
  Into[128 + T] = Of.C[2];
}

/// DIFFUSION3DPA's twin of ours: a block of 64 threads per element, thread
/// T computing point T of each stage, the tables and stages in shared
/// memory (RAJAPerf's Base_CUDA runs 4 x 4 x 4 threads).
__global__ void diffusion3dpaK(const Real *B, const Real *G, const Real *D,
                               const Real *X, Real *Y) {
  using S = formula::Diffusion3DPAStages;
  constexpr Index Coefficients = Diffusion3DPA::Points * Diffusion3DPA::Sym;
  __shared__ Real Tab[S::Q1 * S::D1], TabT[S::Q1 * S::D1];
  __shared__ Real Xs[Diffusion3DPA::Dofs], S0[S::Entries], S1[S::Entries];
  const Index El = blockIdx.x;
  const int T = threadIdx.x;
  if (T < S::Q1 * S::D1) {
    Tab[T] = S::table(B, G, T, false);
    TabT[T] = S::table(B, G, T, true);
  }
  if (T < Diffusion3DPA::Dofs)
    Xs[T] = X[El * Diffusion3DPA::Dofs + T];
  __syncthreads();
  storePoint(S1, T, S::ddq(Xs, Tab, T));
  __syncthreads();
  storePoint(S0, T, S::dqq(S1, Tab, T));
  __syncthreads();
  storePoint(S1, T, S::qqq(S0, Tab, D, El * Coefficients, T));
  __syncthreads();
  storePoint(S0, T, S::qqd(S1, TabT, T));
  __syncthreads();
  storePoint(S1, T, S::qdd(S0, TabT, T));
  __syncthreads();
  if (T < Diffusion3DPA::Dofs)
    Y[El * Diffusion3DPA::Dofs + T] += S::y(S1, TabT, T);
}

RAJAPERF_TUNINGS(Diffusion3DPA, std::vector<std::string>{"block_64"})
Measured cuda(Diffusion3DPA &E, Index Reps, int) {
  Measured M;
  Session S(M);
  const Real *B = S.in(E.B), *G = S.in(E.G), *D = S.in(E.D),
             *X = S.in(E.X);
  Real *Y = S.in(E.Y);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      diffusion3dpaK<<<unsigned(E.NE), 64>>>(B, G, D, X, Y);
  });
  S.out(E.Y, Y);
  S.registers(diffusion3dpaK);
  return M;
}

/// CONVECTION3DPA's twin of ours: 64 threads per element, thread T
/// computing point T of each stage in shared memory (RAJAPerf's Base_CUDA
/// runs 4 x 4 x 4 threads).
__global__ void convection3dpaK(const Real *B, const Real *Bt, const Real *G,
                                const Real *D, const Real *X, Real *Y) {
  using S = formula::Convection3DPAStages;
  constexpr Index Coefficients = Convection3DPA::Points * Convection3DPA::VDim;
  __shared__ Real Xs[Convection3DPA::Dofs], S0[S::Entries], S1[S::Entries];
  const Index El = blockIdx.x;
  const int T = threadIdx.x;
  if (T < Convection3DPA::Dofs)
    Xs[T] = X[El * Convection3DPA::Dofs + T];
  __syncthreads();
  storePoint(S1, T, S::bu(Xs, B, G, T));
  __syncthreads();
  storePoint(S0, T, S::bbu(S1, B, G, T));
  __syncthreads();
  storePoint(S1, T, S::gbbu(S0, B, G, T));
  __syncthreads();
  storePoint(S0, T, S::dgu(S1, D, El * Coefficients, T));
  __syncthreads();
  storePoint(S1, T, S::bdgu(S0, Bt, T));
  __syncthreads();
  storePoint(S0, T, S::bbdgu(S1, Bt, T));
  __syncthreads();
  if (T < Convection3DPA::Dofs)
    Y[El * Convection3DPA::Dofs + T] += S::y(S0, Bt, T);
}

RAJAPERF_TUNINGS(Convection3DPA, std::vector<std::string>{"block_64"})
Measured cuda(Convection3DPA &E, Index Reps, int) {
  Measured M;
  Session S(M);
  const Real *B = S.in(E.B), *Bt = S.in(E.Bt), *G = S.in(E.G),
             *D = S.in(E.D), *X = S.in(E.X);
  Real *Y = S.in(E.Y);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      convection3dpaK<<<unsigned(E.NE), 64>>>(B, Bt, G, D, X, Y);
  });
  S.out(E.Y, Y);
  S.registers(convection3dpaK);
  return M;
}

RAJAPERF_TUNINGS(DaxpyAtomic, PlainTuning)
Measured cuda(DaxpyAtomic &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *Y = S.in(D.Y), *X = S.in(D.X);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      daxpyAtomicK<<<blocksFor(D.N), Block>>>(Y, X, D.A, D.N);
  });
  S.out(D.Y, Y);
  S.registers(daxpyAtomicK);
  return M;
}

RAJAPERF_TUNINGS(Hydro1D, PlainTuning)
Measured cuda(Hydro1D &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *X = S.in(D.X), *Y = S.in(D.Y), *Z = S.in(D.Z);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      hydro1dK<<<blocksFor(D.N), Block>>>(X, Y, Z, D.Q, D.R, D.T, D.N);
  });
  S.out(D.X, X);
  S.registers(hydro1dK);
  return M;
}

RAJAPERF_TUNINGS(IntPredict, PlainTuning)
Measured cuda(IntPredict &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *Px = S.in(D.Px);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      intPredictK<<<blocksFor(D.N), Block>>>(Px, D.K, D.N, D.N);
  });
  S.out(D.Px, Px);
  S.registers(intPredictK);
  return M;
}

RAJAPERF_TUNINGS(Planckian, PlainTuning)
Measured cuda(Planckian &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *X = S.in(D.X), *Y = S.in(D.Y), *U = S.in(D.U), *V = S.in(D.V),
       *W = S.in(D.W);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      planckianK<<<blocksFor(D.N), Block>>>(Y, W, X, U, V, D.N);
  });
  S.out(D.Y, Y), S.out(D.W, W);
  S.registers(planckianK);
  return M;
}

RAJAPERF_TUNINGS(TridiagElim, PlainTuning)
Measured cuda(TridiagElim &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *Xout = S.in(D.Xout), *Xin = S.in(D.Xin), *Y = S.in(D.Y), *Z = S.in(D.Z);
  const Index End = D.N + 1;
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      tridiagElimK<<<blocksFor(End), Block>>>(Xout, Xin, Y, Z, End);
  });
  S.out(D.Xout, Xout);
  S.registers(tridiagElimK);
  return M;
}

RAJAPERF_TUNINGS(GenLinRecur, PlainTuning)
Measured cuda(GenLinRecur &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *B5 = S.in(D.B5), *Stb5 = S.in(D.Stb5), *Sa = S.in(D.Sa),
       *Sb = S.in(D.Sb);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      genLinRecur1K<<<blocksFor(D.N), Block>>>(B5, Stb5, Sa, Sb, D.N);
      genLinRecur2K<<<blocksFor(D.N + 1), Block>>>(B5, Stb5, Sa, Sb, D.N);
    }
  });
  S.out(D.B5, B5), S.out(D.Stb5, Stb5);
  S.registers(genLinRecur1K, genLinRecur2K);
  return M;
}

RAJAPERF_TUNINGS(Jacobi1D, PlainTuning)
Measured cuda(Jacobi1D &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *A = S.in(D.A), *B = S.in(D.B);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      for (Index T = 0; T < Jacobi1D::Steps; ++T) {
        jacobi1dK<<<blocksFor(D.N), Block>>>(B, A, D.N);
        jacobi1dK<<<blocksFor(D.N), Block>>>(A, B, D.N);
      }
  });
  S.out(D.A, A), S.out(D.B, B);
  S.registers(jacobi1dK);
  return M;
}

RAJAPERF_TUNINGS(Atax, PlainTuning)
Measured cuda(Atax &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *Tmp = S.in(D.Tmp), *X = S.in(D.X), *A = S.in(D.A), *Y = S.in(D.Y);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      atax1K<<<blocksFor(D.N), Block>>>(A, X, Y, Tmp, D.N);
      atax2K<<<blocksFor(D.N), Block>>>(A, Tmp, Y, D.N);
    }
  });
  S.out(D.Y, Y), S.out(D.Tmp, Tmp);
  S.registers(atax1K, atax2K);
  return M;
}

RAJAPERF_TUNINGS(Mvt, PlainTuning)
Measured cuda(Mvt &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *Y1 = S.in(D.Y1), *Y2 = S.in(D.Y2), *A = S.in(D.A), *X1 = S.in(D.X1),
       *X2 = S.in(D.X2);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      mvt1K<<<blocksFor(D.N), Block>>>(A, X1, Y1, D.N);
      mvt2K<<<blocksFor(D.N), Block>>>(A, X2, Y2, D.N);
    }
  });
  S.out(D.X1, X1), S.out(D.X2, X2);
  S.registers(mvt1K, mvt2K);
  return M;
}

RAJAPERF_TUNINGS(Gesummv, PlainTuning)
Measured cuda(Gesummv &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *X = S.in(D.X), *Y = S.in(D.Y), *A = S.in(D.A), *B = S.in(D.B);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      gesummvK<<<blocksFor(D.N), Block>>>(X, Y, A, B, D.N);
  });
  S.out(D.Y, Y);
  S.registers(gesummvK);
  return M;
}

RAJAPERF_TUNINGS(TwoMM, PlainTuning)
Measured cuda(TwoMM &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *Tmp = S.in(D.Tmp), *A = S.in(D.A), *B = S.in(D.B), *C = S.in(D.C),
       *Dd = S.in(D.D);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      twoMM1K<<<grid2D(D.Ni, D.Nj), Block2D>>>(Tmp, A, B, D.Ni, D.Nj, D.Nk);
      twoMM2K<<<grid2D(D.Ni, D.Nl), Block2D>>>(Tmp, C, Dd, D.Ni, D.Nl, D.Nj);
    }
  });
  S.out(D.Tmp, Tmp), S.out(D.D, Dd);
  S.registers(twoMM1K, twoMM2K);
  return M;
}

RAJAPERF_TUNINGS(ThreeMM, PlainTuning)
Measured cuda(ThreeMM &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *E = S.in(D.E), *F = S.in(D.F), *G = S.in(D.G), *A = S.in(D.A),
       *B = S.in(D.B), *C = S.in(D.C), *Dd = S.in(D.D);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      threeMMK<<<grid2D(D.Ni, D.Nj), Block2D>>>(E, A, B, D.Ni, D.Nj, D.Nk);
      threeMMK<<<grid2D(D.Nj, D.Nl), Block2D>>>(F, C, Dd, D.Nj, D.Nl, D.Nm);
      threeMMK<<<grid2D(D.Ni, D.Nl), Block2D>>>(G, E, F, D.Ni, D.Nl, D.Nj);
    }
  });
  S.out(D.E, E), S.out(D.F, F), S.out(D.G, G);
  S.registers(threeMMK);
  return M;
}

RAJAPERF_TUNINGS(Gemver, PlainTuning)
Measured cuda(Gemver &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *A = S.in(D.A), *X = S.in(D.X), *W = S.in(D.W), *U1 = S.in(D.U1),
       *V1 = S.in(D.V1), *U2 = S.in(D.U2), *V2 = S.in(D.V2), *Y = S.in(D.Y),
       *Z = S.in(D.Z);
  const Index N = D.N;
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      gemver1K<<<grid2D(N, N), Block2D>>>(A, U1, V1, U2, V2, N);
      gemver2K<<<blocksFor(N), Block>>>(X, A, Y, N);
      gemver3K<<<blocksFor(N), Block>>>(X, Z, N);
      gemver4K<<<blocksFor(N), Block>>>(W, A, X, N);
    }
  });
  S.out(D.A, A), S.out(D.X, X), S.out(D.W, W);
  S.registers(gemver1K, gemver2K, gemver3K, gemver4K);
  return M;
}

__global__ void adiColumnsK(Index N, Adi::Coefficients K, Real *P, Real *Q,
                            const Real *U, Real *V) {
  const Index I = 1 + globalIndex();
  if (I < N - 1)
    formula::adiColumnSweep(K, U, V, P, Q, N, I);
}

__global__ void adiRowsK(Index N, Adi::Coefficients K, Real *P, Real *Q,
                         Real *U, const Real *V) {
  const Index I = 1 + globalIndex();
  if (I < N - 1)
    formula::adiRowSweep(K, U, V, P, Q, N, I);
}

RAJAPERF_TUNINGS(Adi, PlainTuning)
Measured cuda(Adi &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *U = S.in(D.U), *V = S.in(D.V), *P = S.in(D.P), *Q = S.in(D.Q);
  const Adi::Coefficients K = D.coefficients();
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      for (Index T = 0; T < Adi::Steps; ++T) {
        adiColumnsK<<<blocksFor(D.N - 2), Block>>>(D.N, K, P, Q, U, V);
        adiRowsK<<<blocksFor(D.N - 2), Block>>>(D.N, K, P, Q, U, V);
      }
  });
  S.out(D.U, U), S.out(D.V, V), S.out(D.P, P), S.out(D.Q, Q);
  S.registers(adiColumnsK, adiRowsK);
  return M;
}

RAJAPERF_TUNINGS(FloydWarshall, PlainTuning)
Measured cuda(FloydWarshall &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *Out = S.in(D.Out), *In = S.in(D.In);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      for (Index K = 0; K < D.N; ++K)
        floydWarshallK<<<grid2D(D.N, D.N), Block2D>>>(Out, In, K, D.N);
  });
  S.out(D.Out, Out);
  S.registers(floydWarshallK);
  return M;
}

RAJAPERF_TUNINGS(Fdtd2D, PlainTuning)
Measured cuda(Fdtd2D &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *Hz = S.in(D.Hz), *Ex = S.in(D.Ex), *Ey = S.in(D.Ey),
       *Fict = S.in(D.Fict);
  const dim3 Grid = grid2D(D.Nx, D.Ny);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      for (Index T = 0; T < Fdtd2D::Steps; ++T) {
        fdtd1K<<<blocksFor(D.Ny), Block>>>(Ey, Fict, D.Ny, T);
        fdtd2K<<<Grid, Block2D>>>(Ey, Hz, D.Nx, D.Ny);
        fdtd3K<<<Grid, Block2D>>>(Ex, Hz, D.Nx, D.Ny);
        fdtd4K<<<Grid, Block2D>>>(Hz, Ex, Ey, D.Nx, D.Ny);
      }
  });
  S.out(D.Hz, Hz), S.out(D.Ex, Ex), S.out(D.Ey, Ey);
  S.registers(fdtd1K, fdtd2K, fdtd3K, fdtd4K);
  return M;
}

/// RAJAPerf's MAT_MAT_SHARED in 16 x 16 shared tiles, the sum in a register.
__global__ void matMatSharedK(const Real *A, const Real *B, Real *C, Index N) {
  constexpr int T = MatMatShared::Side;
  __shared__ Real As[T][T], Bs[T][T];
  const Index Tx = threadIdx.x, Ty = threadIdx.y;
  const Index Row = Index(blockIdx.y) * T + Ty,
              Col = Index(blockIdx.x) * T + Tx;
  Real Sum = 0;
  for (Index K = 0; K < N; K += T) {
    As[Ty][Tx] = K + Tx < N && Row < N ? A[Row * N + K + Tx] : 0.0;
    Bs[Ty][Tx] = K + Ty < N && Col < N ? B[(K + Ty) * N + Col] : 0.0;
    __syncthreads();
    for (int Nn = 0; Nn < T; ++Nn)
      Sum += As[Ty][Nn] * Bs[Nn][Tx];
    __syncthreads();
  }
  if (Row < N && Col < N)
    C[Row * N + Col] = Sum;
}

RAJAPERF_TUNINGS(MatMatShared, PlainTuning)
Measured cuda(MatMatShared &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *A = S.in(D.A), *B = S.in(D.B), *C = S.in(D.C);
  const unsigned Tiles =
      unsigned((D.N + MatMatShared::Side - 1) / MatMatShared::Side);
  const dim3 Grid(Tiles, Tiles),
      Threads(MatMatShared::Side, MatMatShared::Side);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      matMatSharedK<<<Grid, Threads>>>(A, B, C, D.N);
  });
  S.out(D.C, C);
  S.registers(matMatSharedK);
  return M;
}

/// RAJAPerf's Base_CUDA SCAN, cub tuning: cub::DeviceScan::ExclusiveScan
/// with its temporary storage allocated once.
RAJAPERF_TUNINGS(Scan, std::vector<std::string>{"cub"})
Measured cuda(Scan &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *X = S.in(D.X), *Y = S.in(D.Y);
  std::size_t Bytes = 0;
  CUDA_CHECK(cub::DeviceScan::ExclusiveScan(
      nullptr, Bytes, X, Y, cuda::std::plus<Real>{}, 0.0, int(D.N)));
  std::vector<unsigned char> Scratch(Bytes);
  void *Temp = S.in(Scratch);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      CUDA_CHECK(cub::DeviceScan::ExclusiveScan(
          Temp, Bytes, X, Y, cuda::std::plus<Real>{}, 0.0, int(D.N)));
  });
  S.out(D.Y, Y);
  return M;
}

/// RAJAPerf's RAJA_CUDA SORT and SORTPAIRS (RAJAPerf has no Base_CUDA
/// sort): RAJA::sort is cub::DeviceRadixSort on a double buffer of the data
/// and a scratch array, copied back when the result ends in the scratch;
/// here the scratch and cub's temporary storage are allocated once.
RAJAPERF_TUNINGS(Sort, std::vector<std::string>{"cub"})
Measured cuda(Sort &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *X = S.in(D.X);
  std::vector<Real> Spare(D.N);
  Real *Alternate = S.in(Spare);
  std::size_t Bytes = 0;
  cub::DoubleBuffer<Real> Keys(X, Alternate);
  CUDA_CHECK(cub::DeviceRadixSort::SortKeys(nullptr, Bytes, Keys, int(D.N)));
  std::vector<unsigned char> Scratch(Bytes);
  void *Temp = S.in(Scratch);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      Real *Part = X + R * D.N;
      cub::DoubleBuffer<Real> Buffers(Part, Alternate);
      CUDA_CHECK(
          cub::DeviceRadixSort::SortKeys(Temp, Bytes, Buffers, int(D.N)));
      if (Buffers.Current() != Part)
        CUDA_CHECK(cudaMemcpyAsync(Part, Buffers.Current(),
                                   D.N * sizeof(Real),
                                   cudaMemcpyDeviceToDevice));
    }
  });
  S.out(D.X, X);
  return M;
}

RAJAPERF_TUNINGS(SortPairs, std::vector<std::string>{"cub"})
Measured cuda(SortPairs &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *X = S.in(D.X), *I = S.in(D.I);
  std::vector<Real> Spare(D.N);
  Real *KeySpare = S.in(Spare), *ValueSpare = S.in(Spare);
  std::size_t Bytes = 0;
  cub::DoubleBuffer<Real> Keys(X, KeySpare), Values(I, ValueSpare);
  CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, Bytes, Keys, Values,
                                             int(D.N)));
  std::vector<unsigned char> Scratch(Bytes);
  void *Temp = S.in(Scratch);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      Real *KeyPart = X + R * D.N, *ValuePart = I + R * D.N;
      cub::DoubleBuffer<Real> KeyBuffers(KeyPart, KeySpare),
          ValueBuffers(ValuePart, ValueSpare);
      CUDA_CHECK(cub::DeviceRadixSort::SortPairs(Temp, Bytes, KeyBuffers,
                                                 ValueBuffers, int(D.N)));
      if (KeyBuffers.Current() != KeyPart)
        CUDA_CHECK(cudaMemcpyAsync(KeyPart, KeyBuffers.Current(),
                                   D.N * sizeof(Real),
                                   cudaMemcpyDeviceToDevice));
      if (ValueBuffers.Current() != ValuePart)
        CUDA_CHECK(cudaMemcpyAsync(ValuePart, ValueBuffers.Current(),
                                   D.N * sizeof(Real),
                                   cudaMemcpyDeviceToDevice));
    }
  });
  S.out(D.X, X);
  S.out(D.I, I);
  return M;
}

__global__ void indexFlagsK(const Real *X, Index *Counts, Index N) {
  const Index I = globalIndex();
  if (I < N)
    Counts[I] = X[I] < 0.0 ? 1 : 0;
}
__global__ void indexListK(int *List, const Index *Counts, Index *Len,
                           Index N) {
  const Index I = globalIndex();
  if (I < N) {
    if (Counts[I] != Counts[I + 1])
      List[Counts[I]] = int(I);
    if (I == N - 1)
      *Len = Counts[I + 1];
  }
}

/// RAJAPerf's Base_CUDA INDEXLIST_3LOOP: counts, cub's exclusive scan in
/// place, the list; the length through pinned memory after each rep.
RAJAPERF_TUNINGS(IndexList3Loop, PlainTuning)
Measured cuda(IndexList3Loop &D, Index Reps, int) {
  Measured M;
  Session S(M);
  const Real *X = S.in(D.X);
  int *List = S.in(D.List);
  std::vector<Index> Zeros(D.N + 1, 0);
  Index *Counts = S.in(Zeros);
  Index *Len = nullptr;
  CUDA_CHECK(cudaMallocHost(&Len, sizeof(Index)));
  std::size_t Bytes = 0;
  CUDA_CHECK(cub::DeviceScan::ExclusiveScan(nullptr, Bytes, Counts, Counts,
                                            cuda::std::plus<Index>{}, Index(0),
                                            int(D.N + 1)));
  std::vector<unsigned char> Scratch(Bytes);
  void *Temp = S.in(Scratch);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      indexFlagsK<<<blocksFor(D.N), Block>>>(X, Counts, D.N);
      CUDA_CHECK(cub::DeviceScan::ExclusiveScan(Temp, Bytes, Counts, Counts,
                                                cuda::std::plus<Index>{},
                                                Index(0), int(D.N + 1)));
      indexListK<<<blocksFor(D.N), Block>>>(List, Counts, Len, D.N);
      CUDA_CHECK(cudaStreamSynchronize(0));
      D.Len = *Len;
    }
  });
  S.out(D.List, List);
  CUDA_CHECK(cudaFreeHost(Len));
  S.registers(indexFlagsK, indexListK);
  return M;
}

/// INDEXLIST in one pass: cub::DeviceSelect::FlaggedIf over the indices,
/// flagged by X[i] < 0, the count straight into page-locked memory (one
/// kernel; RAJAPerf's Base_CUDA has its own one-pass grid scan, which the
/// suite run measures beside this).
struct NegativeFlag {
  __device__ bool operator()(Real V) const { return V < 0.0; }
};
RAJAPERF_TUNINGS(IndexList, std::vector<std::string>{"cub"})
Measured cuda(IndexList &D, Index Reps, int) {
  Measured M;
  Session S(M);
  const Real *X = S.in(D.X);
  int *List = S.in(D.List);
  int *Count = nullptr;
  CUDA_CHECK(cudaMallocHost(&Count, sizeof(int)));
  const thrust::counting_iterator<int> Indices(0);
  std::size_t Bytes = 0;
  CUDA_CHECK(cub::DeviceSelect::FlaggedIf(nullptr, Bytes, Indices, X, List,
                                          Count, int(D.N), NegativeFlag{}));
  std::vector<unsigned char> Scratch(Bytes);
  void *Temp = S.in(Scratch);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      CUDA_CHECK(cub::DeviceSelect::FlaggedIf(Temp, Bytes, Indices, X, List,
                                              Count, int(D.N), NegativeFlag{}));
      CUDA_CHECK(cudaStreamSynchronize(0));
      D.Len = *Count;
    }
  });
  S.out(D.List, List);
  CUDA_CHECK(cudaFreeHost(Count));
  return M;
}

} // namespace rajaperf
