//===- benchmarks/rajaperf/cuda.cu - Hand-written CUDA baselines ----------===//
//
// The baseline of each kernel, in the shape of RAJAPerf's Base_CUDA: blocks
// of 256 threads (32 x 8 for 2-D and 3-D kernels), the same loop structure,
// the same number of launches per rep, nvcc -O3 -restrict -arch=sm_90
// (RAJAPerf builds with -restrict: kernel pointer parameters do not alias).
// Reductions and atomics have the tunings of cuda_common.cuh.
//
//===----------------------------------------------------------------------===//

#include "cuda_common.cuh"
#include "formulas.hpp"

#include <algorithm>
#include <climits>
#include <limits>
#include <cstdio>

namespace rajaperf {
namespace {

//===-- Kernels
//------------------------------------------------------------===//

__global__ void copyK(Real *C, const Real *A, Index N) {
  Index I = globalIndex();
  if (I < N)
    C[I] = A[I];
}

__global__ void triadK(Real *A, const Real *B, const Real *C, Real Alpha,
                       Index N) {
  Index I = globalIndex();
  if (I < N)
    A[I] = B[I] + Alpha * C[I];
}

__global__ void dotK(const Real *A, const Real *B, Real *Dot, Index N) {
  __shared__ Real Partial[Block];
  Partial[threadIdx.x] = 0.0;
  for (Index I = globalIndex(); I < N; I += Index(gridDim.x) * Block)
    Partial[threadIdx.x] += A[I] * B[I];
  treeReduce(Partial, [](Real X, Real Y) { return X + Y; });
  if (threadIdx.x == 0)
    atomicAdd(Dot, Partial[0]);
}

__global__ void daxpyK(Real *Y, const Real *X, Real A, Index N) {
  Index I = globalIndex();
  if (I < N)
    Y[I] += A * X[I];
}

__global__ void init3K(Real *Out1, Real *Out2, Real *Out3, const Real *In1,
                       const Real *In2, Index N) {
  Index I = globalIndex();
  if (I < N)
    Out1[I] = Out2[I] = Out3[I] = -In1[I] - In2[I];
}

__global__ void reduce3IntK(const int *Vec, int *Results, Index N) {
  __shared__ int Sum[Block], Min[Block], Max[Block];
  Sum[threadIdx.x] = 0, Min[threadIdx.x] = INT_MAX, Max[threadIdx.x] = INT_MIN;
  for (Index I = globalIndex(); I < N; I += Index(gridDim.x) * Block) {
    Sum[threadIdx.x] += Vec[I];
    Min[threadIdx.x] = min(Min[threadIdx.x], Vec[I]);
    Max[threadIdx.x] = max(Max[threadIdx.x], Vec[I]);
  }
  __syncthreads();
  for (int S = Block / 2; S > 0; S /= 2) {
    if (int(threadIdx.x) < S) {
      Sum[threadIdx.x] += Sum[threadIdx.x + S];
      Min[threadIdx.x] = min(Min[threadIdx.x], Min[threadIdx.x + S]);
      Max[threadIdx.x] = max(Max[threadIdx.x], Max[threadIdx.x + S]);
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    atomicAdd(&Results[0], Sum[0]);
    atomicMin(&Results[1], Min[0]);
    atomicMax(&Results[2], Max[0]);
  }
}

__global__ void piAtomicK(Real *Pi, Real Dx, Index N) {
  Index I = globalIndex();
  if (I < N) {
    Real X = (Real(I) + 0.5) * Dx;
    atomicAdd(Pi, Dx / (1.0 + X * X));
  }
}

__global__ void reduceSumK(const Real *X, Real *Sum, Index N) {
  __shared__ Real Partial[Block];
  Partial[threadIdx.x] = 0.0;
  for (Index I = globalIndex(); I < N; I += Index(gridDim.x) * Block)
    Partial[threadIdx.x] += X[I];
  treeReduce(Partial, [](Real A, Real B) { return A + B; });
  if (threadIdx.x == 0)
    atomicAdd(Sum, Partial[0]);
}

/// RAJAPerf's shared-memory histogram: 16 copies of the bins in shared
/// memory, 2 in global memory.
constexpr int SharedCopies = 16, GlobalCopies = 2;
__global__ void histogramK(const Index *Bins, unsigned long long *Counts,
                           Index NumBins, Index N) {
  extern __shared__ unsigned long long Shared[];
  for (Index B = threadIdx.x; B < NumBins * SharedCopies; B += Block)
    Shared[B] = 0;
  __syncthreads();
  for (Index I = globalIndex(); I < N; I += Index(gridDim.x) * Block)
    atomicAdd(&Shared[Bins[I] * SharedCopies + (threadIdx.x % SharedCopies)],
              1ULL);
  __syncthreads();
  for (Index B = threadIdx.x; B < NumBins; B += Block) {
    unsigned long long Sum = 0;
    for (int S = 0; S < SharedCopies; ++S)
      Sum += Shared[B * SharedCopies + S];
    if (Sum)
      atomicAdd(&Counts[B + (blockIdx.x % GlobalCopies) * NumBins], Sum);
  }
}

struct MinLoc {
  Real Val;
  Index Loc;
};
__device__ __host__ inline MinLoc firstOf(MinLoc A, MinLoc B) {
  return B.Val < A.Val || (B.Val == A.Val && B.Loc < A.Loc) ? B : A;
}
// What each element contributes to the single_launch reductions.
struct Product {
  const Real *A, *B;
  __device__ Real operator()(Index I) const { return A[I] * B[I]; }
};
struct Element {
  const Real *X;
  __device__ Real operator()(Index I) const { return X[I]; }
};
struct Int3 {
  int Sum, Min, Max;
};
struct Int3Element {
  const int *V;
  __device__ Int3 operator()(Index I) const { return {V[I], V[I], V[I]}; }
};
struct Int3Combine {
  __device__ Int3 operator()(Int3 A, Int3 B) const {
    return {A.Sum + B.Sum, min(A.Min, B.Min), max(A.Max, B.Max)};
  }
};
/// REDUCE_STRUCT's six results, reduced together.
struct Six {
  Real XSum, XMin, XMax, YSum, YMin, YMax;
};
struct SixElement {
  const Real *X, *Y;
  __device__ Six operator()(Index I) const {
    return {X[I], X[I], X[I], Y[I], Y[I], Y[I]};
  }
};
struct SixCombine {
  __device__ Six operator()(Six A, Six B) const {
    return {A.XSum + B.XSum, fmin(A.XMin, B.XMin), fmax(A.XMax, B.XMax),
            A.YSum + B.YSum, fmin(A.YMin, B.YMin), fmax(A.YMax, B.YMax)};
  }
};
struct MinLocElement {
  const Real *X;
  __device__ MinLoc operator()(Index I) const { return {X[I], I}; }
};
struct FirstOf {
  __device__ MinLoc operator()(MinLoc A, MinLoc B) const {
    return firstOf(A, B);
  }
};

/// Each block's first minimum into Blocks[blockIdx.x].
__global__ void firstMinK(const Real *X, MinLoc Init, MinLoc *Blocks, Index N) {
  __shared__ MinLoc Partial[Block];
  Partial[threadIdx.x] = Init;
  for (Index I = globalIndex(); I < N; I += Index(gridDim.x) * Block)
    if (X[I] < Partial[threadIdx.x].Val)
      Partial[threadIdx.x] = {X[I], I};
  treeReduce(Partial, [](MinLoc A, MinLoc B) { return firstOf(A, B); });
  if (threadIdx.x == 0)
    Blocks[blockIdx.x] = Partial[0];
}
/// The device-side finish: one block reduces the blocks' minima.
__global__ void firstMinFinishK(MinLoc *Blocks, unsigned NumBlocks) {
  __shared__ MinLoc Partial[Block];
  Partial[threadIdx.x] = Blocks[0];
  for (unsigned B = threadIdx.x; B < NumBlocks; B += Block)
    Partial[threadIdx.x] = firstOf(Partial[threadIdx.x], Blocks[B]);
  treeReduce(Partial, [](MinLoc A, MinLoc B) { return firstOf(A, B); });
  if (threadIdx.x == 0)
    Blocks[0] = Partial[0];
}

__device__ void index2D(Index &Row, Index &Col, Index Offset) {
  Col = Offset + Index(blockIdx.x) * BlockX + threadIdx.x;
  Row = Offset + Index(blockIdx.y) * BlockY + threadIdx.y;
}

__global__ void hydro1K(Real *Za, Real *Zb, const Real *Zp, const Real *Zq,
                        const Real *Zr, const Real *Zm, Index Jn, Index Kn) {
  Index K, J;
  index2D(K, J, 1);
  if (K < Kn - 1 && J < Jn - 1) {
    Za[J + K * Jn] = formula::hydroZa(Zp, Zq, Zr, Zm, J + K * Jn, Jn);
    Zb[J + K * Jn] = formula::hydroZb(Zp, Zq, Zr, Zm, J + K * Jn, Jn);
  }
}

__global__ void hydro2K(Real *Zu, Real *Zv, const Real *Za, const Real *Zb,
                        const Real *Zz, const Real *Zr, Index Jn, Index Kn) {
  Index K, J;
  index2D(K, J, 1);
  if (K < Kn - 1 && J < Jn - 1) {
    Zu[J + K * Jn] += formula::hydroUpdate(Za, Zb, Zz, J + K * Jn, Jn);
    Zv[J + K * Jn] += formula::hydroUpdate(Za, Zb, Zr, J + K * Jn, Jn);
  }
}

__global__ void hydro3K(Real *Zrout, Real *Zzout, const Real *Zr,
                        const Real *Zz, const Real *Zu, const Real *Zv,
                        Index Jn, Index Kn) {
  Index K, J;
  index2D(K, J, 1);
  if (K < Kn - 1 && J < Jn - 1) {
    Zrout[J + K * Jn] = Zr[J + K * Jn] + Hydro2D::T * Zu[J + K * Jn];
    Zzout[J + K * Jn] = Zz[J + K * Jn] + Hydro2D::T * Zv[J + K * Jn];
  }
}

__global__ void jacobiK(Real *Out, const Real *In, Index N) {
  Index I, J;
  index2D(I, J, 1);
  if (I < N - 1 && J < N - 1)
    Out[J + I * N] = formula::jacobi(In, I, J, N);
}

__global__ void heatK(Real *Out, const Real *In, Index N) {
  Index J, K;
  index2D(J, K, 1);
  Index I = 1 + blockIdx.z;
  if (I < N - 1 && J < N - 1 && K < N - 1)
    Out[K + N * (J + N * I)] = formula::heat(In, I, J, K, N);
}

__global__ void gemmK(Real *C, const Real *A, const Real *B, Index Ni, Index Nj,
                      Index Nk) {
  Index I, J;
  index2D(I, J, 0);
  if (I < Ni && J < Nj) {
    Real Dot = 0.0;
    C[J + I * Nj] *= Gemm::Beta;
    for (Index K = 0; K < Nk; ++K)
      Dot += Gemm::Alpha * A[K + I * Nk] * B[J + K * Nj];
    C[J + I * Nj] = Dot;
  }
}

struct Coefs {
  const Real *C[14];
  __device__ const Real *operator[](int I) const { return C[I]; }
};
__global__ void matvecK(Real *B, const Real *X, Coefs C, const Index *Zones,
                        Index Jp, Index Kp, Index NumZones) {
  Index Z = globalIndex();
  if (Z < NumZones) {
    Index I = Zones[Z];
    B[I] = formula::matvec(C, X, I, Jp, Kp);
  }
}

__global__ void vol3dK(Real *Vol, const Real *X, const Real *Y, const Real *Z,
                       Index Jp, Index Kp, Index First, Index End) {
  Index I = globalIndex() + First;
  if (I < End)
    Vol[I] = formula::vol3d(X, Y, Z, I, Jp, Kp);
}

__global__ void edge3dK(Real *Sum, const Real *X, const Real *Y,
                        const Real *Z, Index Jp, Index Kp, Index First,
                        Index End) {
  Index I = globalIndex() + First;
  if (I < End)
    Sum[I] = formula::edge3d(X, Y, Z, I, Jp, Kp);
}

__global__ void delDotK(Real *Div, const Real *X, const Real *Y, const Real *Fx,
                        const Real *Fy, const Index *Zones, Index Jp,
                        Index NumZones) {
  Index Z = globalIndex();
  if (Z < NumZones) {
    Index I = Zones[Z];
    Div[I] = formula::delDotVec2d(X, Y, Fx, Fy, I, Jp);
  }
}

__constant__ Real FirCoef[Fir::CoefLength];
__global__ void firK(Real *Out, const Real *In, Index N) {
  Index I = globalIndex();
  if (I < N) {
    Real Sum = 0.0;
    for (Index J = 0; J < Fir::CoefLength; ++J)
      Sum += FirCoef[J] * In[I + J];
    Out[I] = Sum;
  }
}

constexpr int LtimesM = 32, LtimesG = 4, LtimesZ = 2;
__global__ void ltimesK(Real *Phi, const Real *Ell, const Real *Psi, Index D,
                        Index M, Index G, Index NumZ) {
  Index Mi = Index(blockIdx.x) * LtimesM + threadIdx.x;
  Index Gi = Index(blockIdx.y) * LtimesG + threadIdx.y;
  Index Z = Index(blockIdx.z) * LtimesZ + threadIdx.z;
  if (Mi < M && Gi < G && Z < NumZ)
    for (Index Di = 0; Di < D; ++Di)
      Phi[Mi + Gi * M + Z * M * G] +=
          Ell[Di + Mi * D] * Psi[Di + Gi * D + Z * D * G];
}

__global__ void zonalK(Real *Vol, const Real *X, const Index *Zones, Index Jp,
                       Index Kp, Index NumZones) {
  Index Z = globalIndex();
  if (Z < NumZones) {
    Index I = Zones[Z];
    Vol[I] = 0.125 * (X[I] + X[I + 1] + X[I + Jp] + X[I + 1 + Jp] + X[I + Kp] +
                      X[I + 1 + Kp] + X[I + Jp + Kp] + X[I + 1 + Jp + Kp]);
  }
}

__global__ void multiReduceK(Real *Values, const Index *Bins, const Real *Data,
                             Index N) {
  Index I = globalIndex();
  if (I < N)
    atomicAdd(&Values[Bins[I]], Data[I]);
}

/// The same with the atomics a warp aggregates when all its lanes add to
/// one bin (RAJAPerf's bins are runs of thousands of values), as our
/// Atomic<T>::add does: one atomic per warp instead of 32 on one address.
__global__ void multiReduceAggregatedK(Real *Values, const Index *Bins,
                                       const Real *Data, Index N) {
  const Index I = globalIndex();
  const bool Inside = I < N;
  const Index Bin = Inside ? Bins[I] : -1;
  Real V = Inside ? Data[I] : 0.0;
  const Index First = __shfl_sync(0xffffffffu, Bin, 0);
  if (__all_sync(0xffffffffu, Inside && Bin == First)) {
    for (unsigned Offset = 16; Offset > 0; Offset /= 2)
      V += __shfl_down_sync(0xffffffffu, V, Offset);
    if (threadIdx.x % 32 == 0)
      atomicAdd(&Values[First], V);
  } else if (Inside) {
    atomicAdd(&Values[Bin], V);
  }
}

__global__ void nodalK(Real *X, const Real *Vol, const Index *Zones, Index Jp,
                       Index Kp, Index NumZones) {
  Index Z = globalIndex();
  if (Z < NumZones) {
    Index I = Zones[Z];
    Real Val = 0.125 * Vol[I];
    atomicAdd(&X[I], Val);
    atomicAdd(&X[I + 1], Val);
    atomicAdd(&X[I + Jp], Val);
    atomicAdd(&X[I + 1 + Jp], Val);
    atomicAdd(&X[I + Kp], Val);
    atomicAdd(&X[I + 1 + Kp], Val);
    atomicAdd(&X[I + Jp + Kp], Val);
    atomicAdd(&X[I + 1 + Jp + Kp], Val);
  }
}

__global__ void energy1K(Real *ENew, const Real *EOld, const Real *Delvc,
                         const Real *POld, const Real *QOld, const Real *Work,
                         Index N) {
  Index I = globalIndex();
  if (I < N)
    ENew[I] = EOld[I] - 0.5 * Delvc[I] * (POld[I] + QOld[I]) + 0.5 * Work[I];
}

__global__ void energy2K(Real *QNew, const Real *Delvc,
                         const Real *CompHalfStep, const Real *Pbvc,
                         const Real *ENew, const Real *Bvc,
                         const Real *PHalfStep, const Real *QlOld,
                         const Real *QqOld, Real Rho0, Index N) {
  Index I = globalIndex();
  if (I < N) {
    if (Delvc[I] > 0.0) {
      QNew[I] = 0.0;
    } else {
      Real Vhalf = 1.0 / (1.0 + CompHalfStep[I]);
      QNew[I] = formula::energyQ(Pbvc[I], ENew[I], Vhalf * Vhalf, Bvc[I],
                                 PHalfStep[I], Rho0, QlOld[I], QqOld[I]);
    }
  }
}

__global__ void energy3K(Real *ENew, const Real *Delvc, const Real *POld,
                         const Real *QOld, const Real *PHalfStep,
                         const Real *QNew, Index N) {
  Index I = globalIndex();
  if (I < N)
    ENew[I] = ENew[I] +
              0.5 * Delvc[I] *
                  (3.0 * (POld[I] + QOld[I]) - 4.0 * (PHalfStep[I] + QNew[I]));
}

__global__ void energy4K(Real *ENew, const Real *Work, Real ECut, Real Emin,
                         Index N) {
  Index I = globalIndex();
  if (I < N)
    ENew[I] = formula::cutBelow(ENew[I] + 0.5 * Work[I], ECut, Emin);
}

__global__ void energy5K(Real *ENew, const Real *Delvc, const Real *Pbvc,
                         const Real *Vnewc, const Real *Bvc, const Real *PNew,
                         const Real *QlOld, const Real *QqOld, const Real *POld,
                         const Real *QOld, const Real *PHalfStep,
                         const Real *QNew, Real Rho0, Real ECut, Real Emin,
                         Index N) {
  Index I = globalIndex();
  if (I < N) {
    Real QTilde =
        Delvc[I] > 0.0
            ? 0.0
            : formula::energyQ(Pbvc[I], ENew[I], Vnewc[I] * Vnewc[I], Bvc[I],
                               PNew[I], Rho0, QlOld[I], QqOld[I]);
    ENew[I] = formula::cutBelow(ENew[I] - (7.0 * (POld[I] + QOld[I]) -
                                           8.0 * (PHalfStep[I] + QNew[I]) +
                                           (PNew[I] + QTilde)) *
                                              Delvc[I] / 6.0,
                                ECut, Emin);
  }
}

__global__ void energy6K(Real *QNew, const Real *Delvc, const Real *Pbvc,
                         const Real *ENew, const Real *Vnewc, const Real *Bvc,
                         const Real *PNew, const Real *QlOld, const Real *QqOld,
                         Real Rho0, Real QCut, Index N) {
  Index I = globalIndex();
  if (I < N && Delvc[I] <= 0.0) {
    Real Q = formula::energyQ(Pbvc[I], ENew[I], Vnewc[I] * Vnewc[I], Bvc[I],
                              PNew[I], Rho0, QlOld[I], QqOld[I]);
    QNew[I] = fabs(Q) < QCut ? 0.0 : Q;
  }
}

__global__ void pressure1K(Real *Bvc, const Real *Compression, Real Cls,
                           Index N) {
  Index I = globalIndex();
  if (I < N)
    Bvc[I] = Cls * (Compression[I] + 1.0);
}

__global__ void pressure2K(Real *PNew, const Real *Bvc, const Real *EOld,
                           const Real *Vnewc, Real PCut, Real Pmin,
                           Real Eosvmax, Index N) {
  Index I = globalIndex();
  if (I < N) {
    Real P = Bvc[I] * EOld[I];
    if (fabs(P) < PCut)
      P = 0.0;
    if (Vnewc[I] >= Eosvmax)
      P = 0.0;
    if (P < Pmin)
      P = Pmin;
    PNew[I] = P;
  }
}

} // namespace

bool cudaAvailable() {
  int N = 0;
  return cudaGetDeviceCount(&N) == cudaSuccess && N > 0;
}

//===-- Runs
//---------------------------------------------------------------===//

#define RAJAPERF_TUNINGS(K, List)                                              \
  std::vector<std::string> cudaTunings(const K &) { return List; }

RAJAPERF_TUNINGS(StreamCopy, PlainTuning)
Measured cuda(StreamCopy &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *A = S.in(D.A), *C = S.in(D.C);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      copyK<<<blocksFor(D.N), Block>>>(C, A, D.N);
  });
  S.out(D.C, C);
  S.registers(copyK);
  return M;
}

RAJAPERF_TUNINGS(StreamTriad, PlainTuning)
Measured cuda(StreamTriad &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *A = S.in(D.A), *B = S.in(D.B), *C = S.in(D.C);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      triadK<<<blocksFor(D.N), Block>>>(A, B, C, D.Alpha, D.N);
  });
  S.out(D.A, A);
  S.registers(triadK);
  return M;
}

RAJAPERF_TUNINGS(StreamDot, SingleLaunchTunings)
Measured cuda(StreamDot &D, Index Reps, int Tuning) {
  Measured M;
  Session S(M);
  Real *A = S.in(D.A), *B = S.in(D.B);
  if (singleLaunch(Tuning)) {
    auto Dot = singleLaunch(Product{A, B}, 0.0, Plus{}, D.N);
    S.loop([&] {
      for (Index R = 0; R < Reps; ++R)
        D.Dot += Dot();
    });
    M.Registers = Dot.registers();
    return M;
  }
  Result<Real> Dot(managed(Tuning), 1);
  unsigned Grid = reductionGrid(dotK, D.N, !managed(Tuning));
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      Dot.reset({0.0});
      dotK<<<Grid, Block>>>(A, B, Dot.device(), D.N);
      D.Dot += *Dot.fetch();
    }
  });
  S.registers(dotK);
  return M;
}

RAJAPERF_TUNINGS(Daxpy, PlainTuning)
Measured cuda(Daxpy &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *Y = S.in(D.Y), *X = S.in(D.X);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      daxpyK<<<blocksFor(D.N), Block>>>(Y, X, D.A, D.N);
  });
  S.out(D.Y, Y);
  S.registers(daxpyK);
  return M;
}

RAJAPERF_TUNINGS(Init3, PlainTuning)
Measured cuda(Init3 &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *O1 = S.in(D.Out1), *O2 = S.in(D.Out2), *O3 = S.in(D.Out3);
  Real *I1 = S.in(D.In1), *I2 = S.in(D.In2);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      init3K<<<blocksFor(D.N), Block>>>(O1, O2, O3, I1, I2, D.N);
  });
  S.out(D.Out1, O1), S.out(D.Out2, O2), S.out(D.Out3, O3);
  S.registers(init3K);
  return M;
}

// One tuning: RAJA's newest reducers' shape, the fastest of the three for
// the other reductions.
const std::vector<std::string> SingleLaunchOnly = {"single_launch_occgs_256"};
RAJAPERF_TUNINGS(ReduceStruct, SingleLaunchOnly)
Measured cuda(ReduceStruct &D, Index Reps, int) {
  Measured M;
  Session S(M);
  const Real *X = S.in(D.X), *Y = S.in(D.Y);
  constexpr Real Highest = std::numeric_limits<Real>::max(),
                 Lowest = std::numeric_limits<Real>::lowest();
  auto Reduce =
      singleLaunch(SixElement{X, Y},
                   Six{0, Highest, Lowest, 0, Highest, Lowest}, SixCombine{},
                   D.N);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      const Six V = Reduce();
      D.XSum = V.XSum, D.XMin = V.XMin, D.XMax = V.XMax;
      D.YSum = V.YSum, D.YMin = V.YMin, D.YMax = V.YMax;
    }
  });
  M.Registers = Reduce.registers();
  return M;
}

RAJAPERF_TUNINGS(Reduce3Int, SingleLaunchTunings)
Measured cuda(Reduce3Int &D, Index Reps, int Tuning) {
  Measured M;
  Session S(M);
  int *Vec = S.in(D.Vec);
  if (singleLaunch(Tuning)) {
    auto Reduce = singleLaunch(Int3Element{Vec}, Int3{0, INT_MAX, INT_MIN},
                               Int3Combine{}, D.N);
    S.loop([&] {
      for (Index R = 0; R < Reps; ++R) {
        Int3 V = Reduce();
        D.Sum += V.Sum;
        D.Min = std::min(D.Min, V.Min);
        D.Max = std::max(D.Max, V.Max);
      }
    });
    M.Registers = Reduce.registers();
    return M;
  }
  Result<int> Results(managed(Tuning), 3);
  unsigned Grid = reductionGrid(reduce3IntK, D.N, !managed(Tuning));
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      Results.reset({0, INT_MAX, INT_MIN});
      reduce3IntK<<<Grid, Block>>>(Vec, Results.device(), D.N);
      const int *V = Results.fetch();
      D.Sum += V[0];
      D.Min = std::min(D.Min, V[1]);
      D.Max = std::max(D.Max, V[2]);
    }
  });
  S.registers(reduce3IntK);
  return M;
}

RAJAPERF_TUNINGS(PiAtomic, ReductionTunings)
Measured cuda(PiAtomic &D, Index Reps, int Tuning) {
  Measured M;
  Session S(M);
  Result<Real> Pi(managed(Tuning), 1);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      Pi.reset({0.0});
      piAtomicK<<<blocksFor(D.N), Block>>>(Pi.device(), D.Dx, D.N);
      D.Pi = *Pi.fetch() * 4.0;
    }
  });
  S.registers(piAtomicK);
  return M;
}

RAJAPERF_TUNINGS(ReduceSum, SingleLaunchTunings)
Measured cuda(ReduceSum &D, Index Reps, int Tuning) {
  Measured M;
  Session S(M);
  Real *X = S.in(D.X);
  if (singleLaunch(Tuning)) {
    auto Sum = singleLaunch(Element{X}, 0.0, Plus{}, D.N);
    S.loop([&] {
      for (Index R = 0; R < Reps; ++R)
        D.Sum = Sum();
    });
    M.Registers = Sum.registers();
    return M;
  }
  Result<Real> Sum(managed(Tuning), 1);
  unsigned Grid = reductionGrid(reduceSumK, D.N, !managed(Tuning));
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      Sum.reset({0.0});
      reduceSumK<<<Grid, Block>>>(X, Sum.device(), D.N);
      D.Sum = *Sum.fetch();
    }
  });
  S.registers(reduceSumK);
  return M;
}

RAJAPERF_TUNINGS(Histogram, ReductionTunings)
Measured cuda(Histogram &D, Index Reps, int Tuning) {
  Measured M;
  Session S(M);
  Index *Bins = S.in(D.Bins);
  const Index NumBins = Histogram::NumBins;
  Result<unsigned long long> Counts(managed(Tuning), NumBins * GlobalCopies);
  const std::size_t Shared =
      NumBins * SharedCopies * sizeof(unsigned long long);
  unsigned Grid = blocksFor(D.N);
  if (!managed(Tuning)) {
    int PerSm = 0, Dev = 0, Sms = 0;
    CUDA_CHECK(cudaGetDevice(&Dev));
    CUDA_CHECK(
        cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, Dev));
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&PerSm, histogramK,
                                                             Block, Shared));
    Grid = std::min<unsigned>(Grid, PerSm * Sms);
  }
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      Counts.reset({0});
      histogramK<<<Grid, Block, Shared>>>(Bins, Counts.device(), NumBins, D.N);
      const unsigned long long *C = Counts.fetch();
      for (Index B = 0; B < NumBins; ++B)
        D.Counts[B] = C[B] + C[B + NumBins];
    }
  });
  S.registers(histogramK);
  return M;
}

RAJAPERF_TUNINGS(FirstMin, SingleLaunchTunings)
Measured cuda(FirstMin &D, Index Reps, int Tuning) {
  Measured M;
  Session S(M);
  Real *X = S.in(D.X);
  unsigned Grid = reductionGrid(firstMinK, D.N, !managed(Tuning));
  const MinLoc Init{D.X[0], 0};
  if (singleLaunch(Tuning)) {
    auto Min = singleLaunch(MinLocElement{X}, Init, FirstOf{}, D.N);
    S.loop([&] {
      for (Index R = 0; R < Reps; ++R)
        D.MinLoc = Min().Loc;
    });
    M.Registers = Min.registers();
    return M;
  }
  if (managed(Tuning)) {
    // RAJAPerf: each block's result in managed memory, the host finishes.
    Result<MinLoc> Blocks(true, Grid);
    S.loop([&] {
      for (Index R = 0; R < Reps; ++R) {
        Blocks.reset({Init});
        firstMinK<<<Grid, Block>>>(X, Init, Blocks.device(), D.N);
        const MinLoc *B = Blocks.fetch();
        MinLoc Min = Init;
        for (unsigned G = 0; G < Grid; ++G)
          if (B[G].Val < Min.Val)
            Min = B[G];
        D.MinLoc = Min.Loc;
      }
    });
  } else {
    MinLoc *Blocks = nullptr, *Host = nullptr;
    CUDA_CHECK(cudaMalloc(&Blocks, Grid * sizeof(MinLoc)));
    CUDA_CHECK(cudaMallocHost(&Host, sizeof(MinLoc)));
    S.loop([&] {
      for (Index R = 0; R < Reps; ++R) {
        firstMinK<<<Grid, Block>>>(X, Init, Blocks, D.N);
        firstMinFinishK<<<1, Block>>>(Blocks, Grid);
        CUDA_CHECK(cudaMemcpyAsync(Host, Blocks, sizeof(MinLoc),
                                   cudaMemcpyDeviceToHost, 0));
        CUDA_CHECK(cudaStreamSynchronize(0));
        D.MinLoc = Host->Loc;
      }
    });
    cudaFree(Blocks);
    cudaFreeHost(Host);
  }
  S.registers(firstMinK, firstMinFinishK);
  return M;
}

RAJAPERF_TUNINGS(Hydro2D, PlainTuning)
Measured cuda(Hydro2D &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *Zrout = S.in(D.Zrout), *Zzout = S.in(D.Zzout), *Za = S.in(D.Za),
       *Zb = S.in(D.Zb), *Zm = S.in(D.Zm), *Zp = S.in(D.Zp), *Zq = S.in(D.Zq),
       *Zr = S.in(D.Zr), *Zu = S.in(D.Zu), *Zv = S.in(D.Zv), *Zz = S.in(D.Zz);
  const dim3 Grid = grid2D(D.Kn - 2, D.Jn - 2);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      hydro1K<<<Grid, Block2D>>>(Za, Zb, Zp, Zq, Zr, Zm, D.Jn, D.Kn);
      hydro2K<<<Grid, Block2D>>>(Zu, Zv, Za, Zb, Zz, Zr, D.Jn, D.Kn);
      hydro3K<<<Grid, Block2D>>>(Zrout, Zzout, Zr, Zz, Zu, Zv, D.Jn, D.Kn);
    }
  });
  S.out(D.Zrout, Zrout), S.out(D.Zzout, Zzout), S.out(D.Za, Za);
  S.out(D.Zb, Zb), S.out(D.Zu, Zu), S.out(D.Zv, Zv);
  S.registers(hydro1K, hydro2K, hydro3K);
  return M;
}

// The tiled offload variant's algorithm (offload_basic_lcals_polybench.cpp):
// each 32 x 8 block computes 32 x 32 points, each thread four consecutive
// rows, from a shared tile of its points and their halo, filled in row-major
// order.
__global__ void jacobiTiledK(Real *Out, const Real *In, Index N) {
  constexpr int W = BlockX + 2, H = 4 * BlockY + 2;
  __shared__ Real Tile[H * W];
  const Index Top = Index(blockIdx.y) * 4 * BlockY,
              Left = Index(blockIdx.x) * BlockX;
  for (int K = threadIdx.x + BlockX * threadIdx.y; K < H * W;
       K += BlockX * BlockY) {
    const Index I = Top + K / W, J = Left + K % W;
    Tile[K] = I < N && J < N ? In[I * N + J] : 0.0;
  }
  __syncthreads();
  const int C = threadIdx.x + 1;
  for (int R = 4 * threadIdx.y + 1; R < 4 * threadIdx.y + 5; ++R) {
    const Index I = Top + R, J = Left + C;
    if (I < N - 1 && J < N - 1) // formula::jacobi's order of terms
      Out[I * N + J] =
          0.2 * (Tile[R * W + C] + Tile[R * W + C - 1] + Tile[R * W + C + 1] +
                 Tile[(R + 1) * W + C] + Tile[(R - 1) * W + C]);
  }
}

std::vector<std::string> cudaTunings(const Jacobi2D &) {
  return {"block_256", "tiled_32x32"};
}
Measured cuda(Jacobi2D &D, Index Reps, int Tuning) {
  Measured M;
  Session S(M);
  Real *A = S.in(D.A), *B = S.in(D.B);
  const dim3 Grid = grid2D(D.N - 2, D.N - 2);
  const dim3 TiledGrid(unsigned((D.N - 2 + BlockX - 1) / BlockX),
                       unsigned((D.N - 2 + 4 * BlockY - 1) / (4 * BlockY)));
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      for (Index T = 0; T < Jacobi2D::Steps; ++T)
        if (Tuning == 0) {
          jacobiK<<<Grid, Block2D>>>(B, A, D.N);
          jacobiK<<<Grid, Block2D>>>(A, B, D.N);
        } else {
          jacobiTiledK<<<TiledGrid, Block2D>>>(B, A, D.N);
          jacobiTiledK<<<TiledGrid, Block2D>>>(A, B, D.N);
        }
  });
  S.out(D.A, A), S.out(D.B, B);
  if (Tuning == 0)
    S.registers(jacobiK);
  else
    S.registers(jacobiTiledK);
  return M;
}

RAJAPERF_TUNINGS(Heat3D, PlainTuning)
Measured cuda(Heat3D &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *A = S.in(D.A), *B = S.in(D.B);
  dim3 Grid = grid2D(D.N - 2, D.N - 2);
  Grid.z = unsigned(D.N - 2);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      for (Index T = 0; T < Heat3D::Steps; ++T) {
        heatK<<<Grid, Block2D>>>(B, A, D.N);
        heatK<<<Grid, Block2D>>>(A, B, D.N);
      }
  });
  S.out(D.A, A), S.out(D.B, B);
  S.registers(heatK);
  return M;
}

RAJAPERF_TUNINGS(Gemm, PlainTuning)
Measured cuda(Gemm &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *A = S.in(D.A), *B = S.in(D.B), *C = S.in(D.C);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      gemmK<<<grid2D(D.Ni, D.Nj), Block2D>>>(C, A, B, D.Ni, D.Nj, D.Nk);
  });
  S.out(D.C, C);
  S.registers(gemmK);
  return M;
}

RAJAPERF_TUNINGS(Matvec3D, PlainTuning)
Measured cuda(Matvec3D &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *B = S.in(D.B), *X = S.in(D.X);
  Coefs C;
  for (int I = 0; I < 14; ++I)
    C.C[I] = S.in(D.Coef[I]);
  Index *Zones = S.in(D.RealZones);
  const Index N = D.Dom.RealZones;
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      matvecK<<<blocksFor(N), Block>>>(B, X, C, Zones, D.Dom.Jp, D.Dom.Kp, N);
  });
  S.out(D.B, B);
  S.registers(matvecK);
  return M;
}

/// VOL3D's and EDGE3D's launches: Kernel over the zones [Fpz, Lpz], the
/// grid sized for [0, Lpz] as RAJAPerf sizes it.
template <class Kernel>
static Measured cudaZonalMesh(ZonalMesh3D &D, Index Reps, Kernel K) {
  Measured M;
  Session S(M);
  Real *Out = S.in(D.Out), *X = S.in(D.X), *Y = S.in(D.Y), *Z = S.in(D.Z);
  const Index End = D.Dom.Lpz + 1;
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      K<<<blocksFor(End), Block>>>(Out, X, Y, Z, D.Dom.Jp, D.Dom.Kp, D.Dom.Fpz,
                                   End);
  });
  S.out(D.Out, Out);
  S.registers(K);
  return M;
}

RAJAPERF_TUNINGS(Vol3D, PlainTuning)
Measured cuda(Vol3D &D, Index Reps, int) {
  return cudaZonalMesh(D, Reps, vol3dK);
}

RAJAPERF_TUNINGS(Edge3D, PlainTuning)
Measured cuda(Edge3D &D, Index Reps, int) {
  return cudaZonalMesh(D, Reps, edge3dK);
}

RAJAPERF_TUNINGS(DelDotVec2D, PlainTuning)
Measured cuda(DelDotVec2D &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *Div = S.in(D.Div), *X = S.in(D.X), *Y = S.in(D.Y), *Fx = S.in(D.Xdot),
       *Fy = S.in(D.Ydot);
  Index *Zones = S.in(D.RealZones);
  const Index N = D.Dom.RealZones;
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      delDotK<<<blocksFor(N), Block>>>(Div, X, Y, Fx, Fy, Zones, D.Dom.Jp, N);
  });
  S.out(D.Div, Div);
  S.registers(delDotK);
  return M;
}

RAJAPERF_TUNINGS(Fir, PlainTuning)
Measured cuda(Fir &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *Out = S.in(D.Out), *In = S.in(D.In);
  CUDA_CHECK(cudaMemcpyToSymbol(FirCoef, D.Coef.data(),
                                Fir::CoefLength * sizeof(Real)));
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      firK<<<blocksFor(D.N), Block>>>(Out, In, D.N);
  });
  S.out(D.Out, Out);
  S.registers(firK);
  return M;
}

RAJAPERF_TUNINGS(Ltimes, PlainTuning)
Measured cuda(Ltimes &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *Phi = S.in(D.Phi), *Ell = S.in(D.Ell), *Psi = S.in(D.Psi);
  const dim3 Threads(LtimesM, LtimesG, LtimesZ);
  const dim3 Grid(blocksFor(Ltimes::NumM, LtimesM),
                  blocksFor(Ltimes::NumG, LtimesG), blocksFor(D.NumZ, LtimesZ));
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      ltimesK<<<Grid, Threads>>>(Phi, Ell, Psi, Ltimes::NumD, Ltimes::NumM,
                                 Ltimes::NumG, D.NumZ);
  });
  S.out(D.Phi, Phi);
  S.registers(ltimesK);
  return M;
}

RAJAPERF_TUNINGS(NodalAccumulation3D, PlainTuning)
Measured cuda(NodalAccumulation3D &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *X = S.in(D.X), *Vol = S.in(D.Vol);
  Index *Zones = S.in(D.RealZones);
  const Index N = D.Dom.RealZones;
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      nodalK<<<blocksFor(N), Block>>>(X, Vol, Zones, D.Dom.Jp, D.Dom.Kp, N);
  });
  S.out(D.X, X);
  S.registers(nodalK);
  return M;
}

RAJAPERF_TUNINGS(ZonalAccumulation3D, PlainTuning)
Measured cuda(ZonalAccumulation3D &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *Vol = S.in(D.Vol), *X = S.in(D.X);
  Index *Zones = S.in(D.RealZones);
  const Index N = Index(D.RealZones.size());
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R)
      zonalK<<<blocksFor(N), Block>>>(Vol, X, Zones, D.Dom.Jp, D.Dom.Kp, N);
  });
  S.out(D.Vol, Vol);
  S.registers(zonalK);
  return M;
}

const std::vector<std::string> MultiReduceTunings = {"block_256",
                                                     "block_256_aggregated"};
RAJAPERF_TUNINGS(MultiReduce, MultiReduceTunings)
Measured cuda(MultiReduce &D, Index Reps, int Tuning) {
  Measured M;
  Session S(M);
  Index *Bins = S.in(D.Bins);
  Real *Data = S.in(D.Data);
  std::vector<Real> Zero(MultiReduce::NumBins, 0.0);
  Real *Values = S.in(Zero);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      CUDA_CHECK(
          cudaMemsetAsync(Values, 0, sizeof(Real) * MultiReduce::NumBins));
      if (Tuning == 1)
        multiReduceAggregatedK<<<blocksFor(D.N), Block>>>(Values, Bins, Data,
                                                          D.N);
      else
        multiReduceK<<<blocksFor(D.N), Block>>>(Values, Bins, Data, D.N);
      CUDA_CHECK(cudaMemcpy(D.Values.data(), Values,
                            sizeof(Real) * MultiReduce::NumBins,
                            cudaMemcpyDeviceToHost));
    }
  });
  S.registers(Tuning == 1 ? multiReduceAggregatedK : multiReduceK);
  return M;
}

RAJAPERF_TUNINGS(Energy, PlainTuning)
Measured cuda(Energy &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *ENew = S.in(D.ENew), *QNew = S.in(D.QNew), *EOld = S.in(D.EOld),
       *Delvc = S.in(D.Delvc), *PNew = S.in(D.PNew), *POld = S.in(D.POld),
       *QOld = S.in(D.QOld), *Work = S.in(D.Work),
       *CompHalfStep = S.in(D.CompHalfStep), *PHalfStep = S.in(D.PHalfStep),
       *Bvc = S.in(D.Bvc), *Pbvc = S.in(D.Pbvc), *QlOld = S.in(D.QlOld),
       *QqOld = S.in(D.QqOld), *Vnewc = S.in(D.Vnewc);
  const unsigned Grid = blocksFor(D.N);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      energy1K<<<Grid, Block>>>(ENew, EOld, Delvc, POld, QOld, Work, D.N);
      energy2K<<<Grid, Block>>>(QNew, Delvc, CompHalfStep, Pbvc, ENew, Bvc,
                                PHalfStep, QlOld, QqOld, D.Rho0, D.N);
      energy3K<<<Grid, Block>>>(ENew, Delvc, POld, QOld, PHalfStep, QNew, D.N);
      energy4K<<<Grid, Block>>>(ENew, Work, D.ECut, D.Emin, D.N);
      energy5K<<<Grid, Block>>>(ENew, Delvc, Pbvc, Vnewc, Bvc, PNew, QlOld,
                                QqOld, POld, QOld, PHalfStep, QNew, D.Rho0,
                                D.ECut, D.Emin, D.N);
      energy6K<<<Grid, Block>>>(QNew, Delvc, Pbvc, ENew, Vnewc, Bvc, PNew,
                                QlOld, QqOld, D.Rho0, D.QCut, D.N);
    }
  });
  S.out(D.ENew, ENew), S.out(D.QNew, QNew);
  S.registers(energy1K, energy2K, energy3K, energy4K, energy5K, energy6K);
  return M;
}

RAJAPERF_TUNINGS(Pressure, PlainTuning)
Measured cuda(Pressure &D, Index Reps, int) {
  Measured M;
  Session S(M);
  Real *PNew = S.in(D.PNew), *Bvc = S.in(D.Bvc),
       *Compression = S.in(D.Compression), *EOld = S.in(D.EOld),
       *Vnewc = S.in(D.Vnewc);
  const unsigned Grid = blocksFor(D.N);
  S.loop([&] {
    for (Index R = 0; R < Reps; ++R) {
      pressure1K<<<Grid, Block>>>(Bvc, Compression, D.Cls, D.N);
      pressure2K<<<Grid, Block>>>(PNew, Bvc, EOld, Vnewc, D.PCut, D.Pmin,
                                  D.Eosvmax, D.N);
    }
  });
  S.out(D.PNew, PNew), S.out(D.Bvc, Bvc);
  S.registers(pressure1K, pressure2K);
  return M;
}

} // namespace rajaperf
