//===- benchmarks/rajaperf/offload_basic_lcals_polybench.cpp - offload() --===//
//
// suite_basic_lcals_polybench.hpp's kernels as ordinary functions, in
// offload.cpp's style: read-only data as std::span<const>, written data as a
// Region whose strategy gives each logical thread its own elements,
// reductions as Reduce. staged() preloads the data once (Interface C),
// automatic() moves it at each call (Interface A).
//
//===----------------------------------------------------------------------===//

#include "formulas_basic_lcals_polybench.hpp"
#include "offload_common.hpp"

#include <offload/offload.hpp>
#include <offload/scan.hpp>
#include <offload/sort.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <tuple>

namespace rajaperf {
/// The interior of an N x N matrix (rows and columns 1 to N - 2), each
/// thread (x, y) four consecutive rows of column x + 1: rows 4y + 1 to
/// 4y + 4. Threads cover whole 32 x 8 blocks.
struct Rows4 {
  std::uint64_t Rows, Cols;
  static constexpr unsigned dims = 2;
  offload::Extent extent(std::uint64_t) const {
    return {(Cols - 2 + 31) / 32 * 32, (Rows - 2 + 31) / 32 * 8};
  }
  offload::detail::Strided pieces(offload::ThreadIndex T, std::uint64_t) const {
    const std::uint64_t Col = T.x + 1, First = 4 * T.y + 1;
    const std::uint64_t Count =
        Col < Cols - 1 && First < Rows - 1
            ? std::min<std::uint64_t>(4, Rows - 1 - First)
            : 0;
    return {First * Cols + Col, Count, Cols};
  }
  offload::Span span(std::uint64_t I) const { return {I, 1}; }
  template <class T> offload::Item<T> item(T *Data, std::uint64_t I) const {
    return {I, Data[I]};
  }
  // For OFFLOAD_CHECK_DISJOINT: the interior only.
  bool covers(std::uint64_t I) const {
    const std::uint64_t Row = I / Cols, Col = I % Cols;
    return Row > 0 && Row < Rows - 1 && Col > 0 && Col < Cols - 1;
  }
};
} // namespace rajaperf
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(rajaperf::Rows4);

namespace rajaperf {
namespace {

using offload::Grid2D;
using offload::Grid3D;
using offload::GridStride1D;
using offload::Region;
using CR = std::span<const Real>;
using R2 = Region<Real, Grid2D>;

/// Elements [First, First + Count) of V (a vector or a preload handle).
template <class V> std::span<Real> part(V &Data, Index First, Index Count) {
  return std::span<Real>(Data).subspan(First, Count);
}
template <class V>
std::span<const Real> constPart(const V &Data, Index First, Index Count) {
  return std::span<const Real>(Data).subspan(First, Count);
}

//===-- Kernels ----------------------------------------------------------===//
//
// Kernels that write two arrays element by element take two Regions of one
// size with the same strategy: the running thread owns the same index in
// both, so the inner loop runs once.

void addKernel(CR A, CR B, Region<Real> C) {
  for (auto [I, Ci] : C)
    Ci = A[I] + B[I];
}

void mulKernel(CR C, Real Alpha, Region<Real> B) {
  for (auto [I, Bi] : B)
    Bi = Alpha * C[I];
}

void ifQuadKernel(CR A, CR B, CR C, Region<Real> X1, Region<Real> X2) {
  for (auto [I, X1i] : X1)
    for (auto [J, X2i] : X2)
      formula::ifQuad(A, B, C, Index(I), X1i, X2i);
}

void initView1DKernel(Real Val, Region<Real> A) {
  for (auto [I, Ai] : A)
    Ai = (Index(I) + 1) * Val;
}

// RAJAPerf's index i runs over [1, N] and writes a[i - 1].
void initView1DOffsetKernel(Real Val, Region<Real> A) {
  for (auto [I, Ai] : A) {
    const Index Iv = Index(I) + 1;
    Ai = Iv * Val;
  }
}

void mulAddSubKernel(CR In1, CR In2, Region<Real> Out1, Region<Real> Out2,
                     Region<Real> Out3) {
  for (auto [I, V] : Out1)
    V = In1[I] * In2[I];
  for (auto [I, V] : Out2)
    V = In1[I] + In2[I];
  for (auto [I, V] : Out3)
    V = In1[I] - In2[I];
}

void nestedInitKernel(Region<Real, Grid3D> Array) {
  for (auto [I, J, K, V] : Array)
    V = 0.00000001 * Index(I) * Index(J) * Index(K);
}

void trapIntKernel(offload::Range<GridStride1D> R, Real X0, Real Xp, Real Y,
                   Real Yp, Real H, offload::ReduceSum<Real> Sum) {
  for (std::uint64_t I : R)
    Sum += formula::trapInt(X0 + Index(I) * H, Y, Xp, Yp);
}

void piReduceKernel(offload::Range<GridStride1D> R, Real Dx,
                    offload::ReduceSum<Real> Pi) {
  for (std::uint64_t I : R)
    Pi += formula::piTerm(Index(I), Dx);
}

void copy8Kernel(CR X0, CR X1, CR X2, CR X3, CR X4, CR X5, CR X6, CR X7,
                 Region<Real> Y0, Region<Real> Y1, Region<Real> Y2,
                 Region<Real> Y3, Region<Real> Y4, Region<Real> Y5,
                 Region<Real> Y6, Region<Real> Y7) {
  for (auto [I, V] : Y0)
    V = X0[I];
  for (auto [I, V] : Y1)
    V = X1[I];
  for (auto [I, V] : Y2)
    V = X2[I];
  for (auto [I, V] : Y3)
    V = X3[I];
  for (auto [I, V] : Y4)
    V = X4[I];
  for (auto [I, V] : Y5)
    V = X5[I];
  for (auto [I, V] : Y6)
    V = X6[I];
  for (auto [I, V] : Y7)
    V = X7[I];
}

// Px is rows 4..13 of px, each thread one column, its rows in order. Cx is
// row 4 of cx.
void diffPredictKernel(CR Cx, Region<Real, offload::Columns2D> Px) {
  constexpr std::uint64_t LastRow = 9;
  Real Carry = 0.0;
  for (auto [Row, Col, V] : Px) {
    if (Row == 0)
      Carry = Cx[Col];
    if (Row == LastRow)
      V = Carry;
    else
      Carry = formula::diffStep(V, Carry);
  }
}

void eosKernel(CR Y, CR Z, CR U, Real Q, Real R, Real T, Region<Real> X) {
  for (auto [I, Xi] : X)
    Xi = formula::eos(Y, Z, U, Q, R, T, Index(I));
}

void firstDiffKernel(CR Y, Region<Real> X) {
  for (auto [I, Xi] : X)
    Xi = Y[I + 1] - Y[I];
}

// Thread I owns x[I] for I in [1, N), as in the loop: a Region over the
// subrange [1, N) would shift every warp's stores off the cache lines.
void firstSumKernel(CR Y, Region<Real, offload::Interval1D> X) {
  for (auto [I, Xi] : X)
    Xi = Y[I - 1] + Y[I];
}

void memsetKernel(Real Value, Region<Real> X) {
  for (auto [I, Xi] : X)
    Xi = Value;
}

/// RAJAPerf's array of pointers: a struct with an array of views, each a
/// part of one vector.
struct ArrayViews {
  std::array<CR, ArrayOfPtrs::Arrays> X;
};

void arrayOfPtrsKernel(ArrayViews P, Region<Real> Y) {
  for (auto [I, Yi] : Y) {
    Real Sum = 0.0;
    for (const CR &Xa : P.X)
      Sum += Xa[I];
    Yi = Sum;
  }
}

/// HALO_PACKING, one launch per neighbour and variable as RAJAPerf's: the
/// sent zones' values into the buffer, and the buffer into the halo zones,
/// whose list entry I names zone Z (one of each per thread).
void haloPackKernel(std::span<const int> List, CR Var, Region<Real> Buffer) {
  for (auto [I, B] : Buffer)
    B = Var[List[I]];
}
void haloUnpackKernel(offload::Range<> Entries, CR Buffer,
                      Region<Real, offload::Indexed<int>> Var) {
  for (std::uint64_t I : Entries)
    for (auto [Z, V] : Var)
      V = Buffer[I];
}

/// HALO_PACKING_FUSED: every neighbour's and variable's part of the send
/// buffer in one launch, each part walked by the same number of threads
/// (RAJAPerf's grid of blocks by parts); and every halo zone of every
/// variable in one launch, in zone order, each reading the receive buffer
/// entry that fills it.
void haloPackFusedKernel(std::span<const Index> PackStart,
                         std::span<const int> List, Index Zones, CR Values,
                         Region<Real, offload::StridedSegments<Index>> Send) {
  constexpr std::uint64_t Vars = HaloPacking::Vars;
  for (auto [Part, K, I, B] : Send)
    B = Values[Index(Part % Vars) * Zones +
               List[PackStart[Part / Vars] + Index(K)]];
}
void haloUnpackFusedKernel(offload::Range<> Entries,
                           std::span<const int> BufferEntries, CR Receive,
                           Region<Real, offload::Indexed<int>> Values) {
  for (std::uint64_t I : Entries)
    for (auto [Z, V] : Values)
      V = Receive[BufferEntries[I]];
}

/// MASS3DEA: one thread per matrix entry (RAJAPerf's block per element
/// has each of 64 threads compute 64 entries from B and D in team memory;
/// here an element's 4096 threads read them through the cache).
void mass3deaKernel(CR B, CR D, Region<Real> M) {
  for (auto [P, Mp] : M)
    Mp = formula::mass3deaEntry(B, D, Index(P));
}

void memcpyKernel(CR X, Region<Real> Y) {
  for (auto [I, Yi] : Y)
    Yi = X[I];
}

// RAJAPerf's fastest tuning, replicate_4096_warp: 32 consecutive elements
// share a slot, so add() sums a warp's adds and makes one atomic (the host
// device one per run of the thread's chunk). Under replicate_4096_global
// (a slot per element, fetch_add) it took 1.30 of the twin's fastest
// tuning in the reps loop and 1.02 of the global tuning's kernel alone.
void atomicAddsKernel(offload::Range<> R, offload::Atomic<Real> Slots) {
  for (std::uint64_t I : R)
    Slots.add((I / 32) % AtomicAdds::Replication, 1.0);
}

void daxpyAtomicKernel(offload::Range<> R, CR X, Real A,
                       offload::Atomic<Real> Y) {
  for (std::uint64_t I : R)
    Y.add(I, A * X[I]);
}

void hydro1dKernel(CR Y, CR Z, Real Q, Real R, Real T, Region<Real> X) {
  for (auto [I, Xi] : X)
    Xi = formula::hydro1d(Y, Z, Q, R, T, Index(I));
}

// Rows is rows 1..12 of px, Px0 row 0.
void intPredictKernel(CR Rows, Index N, IntPredictCoefs K, Region<Real> Px0) {
  for (auto [I, V] : Px0)
    V = formula::intPredict(K,
                            [&](Index Row) { return Rows[I + (Row - 1) * N]; });
}

void planckianKernel(CR X, CR U, CR V, Region<Real> Y, Region<Real> W) {
  for (auto [I, Yi] : Y)
    for (auto [J, Wi] : W) {
      Yi = U[I] / V[I];
      Wi = X[I] / (std::exp(Yi) - 1.0);
    }
}

// Xout is xout[1..N]: its element I is RAJAPerf's i = I + 1.
// Xout's elements [1, N] (it has N + 1).
void tridiagElimKernel(CR Xin, CR Y, CR Z,
                       Region<Real, offload::Interval1D> Xout) {
  for (auto [I, V] : Xout)
    V = Z[I] * (Y[I] - Xin[I - 1]);
}

// Both of a rep's passes: each updates every element once, independently.
void genLinRecurKernel(CR Sa, CR Sb, Region<Real> B5, Region<Real> Stb5) {
  for (auto [K, B] : B5)
    for (auto [K2, S] : Stb5)
      formula::genLinRecur(B, S, Sa[K], Sb[K]);
}

// Out's interior [1, N - 1).
void jacobi1dKernel(CR In, Region<Real, offload::Interval1D> Out) {
  for (auto [I, V] : Out)
    V = formula::jacobi1d(In, Index(I));
}

void atax1Kernel(CR A, CR X, Index N, Region<Real> Y, Region<Real> Tmp) {
  for (auto [I, Yi] : Y)
    for (auto [I2, Ti] : Tmp) {
      Yi = 0.0;
      Real Dot = 0.0;
      for (Index J = 0; J < N; ++J)
        Dot += A[J + I * N] * X[J];
      Ti = Dot;
    }
}

void atax2Kernel(CR A, CR Tmp, Index N, Region<Real> Y) {
  for (auto [J, Yj] : Y) {
    Real Dot = Yj;
    for (Index I = 0; I < N; ++I)
      Dot += A[J + I * N] * Tmp[I];
    Yj = Dot;
  }
}

void mvt1Kernel(CR A, CR Y1, Index N, Region<Real> X1) {
  for (auto [I, Xi] : X1) {
    Real Dot = 0.0;
    for (Index J = 0; J < N; ++J)
      Dot += A[J + I * N] * Y1[J];
    Xi += Dot;
  }
}

// RAJAPerf's second product reads y2 at the row, not the column.
void mvt2Kernel(CR A, CR Y2, Index N, Region<Real> X2) {
  for (auto [I, Xi] : X2) {
    Real Dot = 0.0;
    for (Index J = 0; J < N; ++J)
      Dot += A[I + J * N] * Y2[I];
    Xi += Dot;
  }
}

void gesummvKernel(CR A, CR B, CR X, Index N, Region<Real> Y) {
  for (auto [I, Yi] : Y) {
    Real TmpDot = 0.0, YDot = 0.0;
    for (Index J = 0; J < N; ++J) {
      TmpDot += A[J + I * N] * X[J];
      YDot += B[J + I * N] * X[J];
    }
    Yi = Gesummv::Alpha * TmpDot + Gesummv::Beta * YDot;
  }
}

void twoMM1Kernel(CR A, CR B, Index Nk, Index Nj, R2 Tmp) {
  for (auto [I, J, V] : Tmp) {
    Real Dot = 0.0;
    for (Index K = 0; K < Nk; ++K)
      Dot += TwoMM::Alpha * A[K + I * Nk] * B[J + K * Nj];
    V = Dot;
  }
}

void twoMM2Kernel(CR Tmp, CR C, Index Nj, Index Nl, R2 D) {
  for (auto [I, L, V] : D) {
    Real Dot = TwoMM::Beta;
    for (Index J = 0; J < Nj; ++J)
      Dot += Tmp[J + I * Nj] * C[L + J * Nl];
    V = Dot;
  }
}

// 3MM's three products: Out(i, j) = sum over k of X(i, k) Y(k, j), with
// X of K columns and Y of J columns.
void threeMMKernel(CR X, CR Y, Index K, Index J, R2 Out) {
  for (auto [Row, Col, V] : Out) {
    Real Dot = 0.0;
    for (Index Kk = 0; Kk < K; ++Kk)
      Dot += X[Kk + Row * K] * Y[Col + Kk * J];
    V = Dot;
  }
}

void gemver1Kernel(CR U1, CR V1, CR U2, CR V2, R2 A) {
  for (auto [I, J, Aij] : A)
    Aij += U1[I] * V1[J] + U2[I] * V2[J];
}

void gemver2Kernel(CR A, CR Y, Index N, Region<Real> X) {
  for (auto [I, Xi] : X) {
    Real Dot = 0.0;
    for (Index J = 0; J < N; ++J)
      Dot += Gemver::Beta * A[I + J * N] * Y[J];
    Xi += Dot;
  }
}

void gemver3Kernel(CR Z, Region<Real> X) {
  for (auto [I, Xi] : X)
    Xi += Z[I];
}

void gemver4Kernel(CR A, CR X, Index N, Region<Real> W) {
  for (auto [I, Wi] : W) {
    Real Dot = Wi;
    for (Index J = 0; J < N; ++J)
      Dot += Gemver::Alpha * A[J + I * N] * X[J];
    Wi = Dot;
  }
}

// ADI's column sweep: thread I owns rows I of P and Q and column I of V
// (written from the bottom up, through unchecked(), as in RAJAPerf's loop),
// for I in [1, N - 1); U is read.
void adiColumnsKernel(Index N, Adi::Coefficients K, CR U,
                      Region<Real, offload::Columns2D> V,
                      Region<Real, offload::Rows2D> P,
                      Region<Real, offload::Rows2D> Q) {
  for (auto [I, Pi] : P)
    for (auto [Row, Qi] : Q) {
      if (I < 1 || I >= std::uint64_t(N - 1))
        continue;
      V.unchecked(I) = 1.0;
      Pi[0] = 0.0;
      Qi[0] = V.unchecked(I);
      for (Index J = 1; J < N - 1; ++J)
        formula::adiColumnStep(K, U, N, I, J, Pi[J - 1], Qi[J - 1], Pi[J],
                               Qi[J]);
      V.unchecked((N - 1) * N + I) = 1.0;
      for (Index Kk = N - 2; Kk >= 1; --Kk)
        V.unchecked(Kk * N + I) =
            Pi[Kk] * V.unchecked((Kk + 1) * N + I) + Qi[Kk];
    }
}

// ADI's row sweep: thread I owns rows I of U, P and Q; V is read.
void adiRowsKernel(Index N, Adi::Coefficients K, CR V,
                   Region<Real, offload::Rows2D> U,
                   Region<Real, offload::Rows2D> P,
                   Region<Real, offload::Rows2D> Q) {
  for (auto [I, Ui] : U)
    for (auto [RowP, Pi] : P)
      for (auto [RowQ, Qi] : Q) {
        if (I < 1 || I >= std::uint64_t(N - 1))
          continue;
        Ui[0] = 1.0;
        Pi[0] = 0.0;
        Qi[0] = Ui[0];
        for (Index J = 1; J < N - 1; ++J)
          formula::adiRowStep(K, V, N, I, J, Pi[J - 1], Qi[J - 1], Pi[J],
                              Qi[J]);
        Ui[N - 1] = 1.0;
        for (Index Kk = N - 2; Kk >= 1; --Kk)
          Ui[Kk] = Pi[Kk] * Ui[Kk + 1] + Qi[Kk];
      }
}

void floydWarshallKernel(CR In, Index K, Index N, R2 Out) {
  for (auto [I, J, V] : Out) {
    const Real Via = In[K + I * N] + In[J + K * N];
    V = In[J + I * N] < Via ? In[J + I * N] : Via;
  }
}

// Ey0 is row 0 of ey.
void fdtd1Kernel(CR Fict, Index T, Region<Real> Ey0) {
  for (auto [J, V] : Ey0)
    V = Fict[T];
}

void fdtd2Kernel(CR Hz, Index Ny, R2 Ey) {
  for (auto [I, J, V] : Ey)
    V = formula::fdtdE(V, Hz[J + I * Ny], Hz[J + (I - 1) * Ny]);
}

void fdtd3Kernel(CR Hz, Index Ny, R2 Ex) {
  for (auto [I, J, V] : Ex)
    V = formula::fdtdE(V, Hz[J + I * Ny], Hz[J - 1 + I * Ny]);
}

void fdtd4Kernel(CR Ex, CR Ey, Index Ny, R2 Hz) {
  for (auto [I, J, V] : Hz) {
    const Index C = J + I * Ny;
    V = formula::fdtdH(V, Ex[C + 1], Ex[C], Ey[C + Ny], Ey[C]);
  }
}

} // namespace

//===-- Variants ---------------------------------------------------------===//

static Measured run(StreamAdd &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &C, auto &A, auto &B) {
    for (Index R = 0; R < Reps; ++R)
      offload(addKernel, A, B, C);
  };
  return twoWays(
      Staged, Loop, registers(addKernel),
      [&] {
        return std::make_tuple(preload_mut(D.C), preload(D.A), preload(D.B));
      },
      [&] { return std::tie(D.C, D.A, D.B); });
}
RAJAPERF_BOTH_VARIANTS(StreamAdd)

static Measured run(StreamMul &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &B, auto &C) {
    for (Index R = 0; R < Reps; ++R)
      offload(mulKernel, C, D.Alpha, B);
  };
  return twoWays(
      Staged, Loop, registers(mulKernel),
      [&] { return std::make_tuple(preload_mut(D.B), preload(D.C)); },
      [&] { return std::tie(D.B, D.C); });
}
RAJAPERF_BOTH_VARIANTS(StreamMul)

static Measured run(IfQuad &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &X1, auto &X2, auto &A, auto &B, auto &C) {
    for (Index R = 0; R < Reps; ++R)
      offload(ifQuadKernel, A, B, C, X1, X2);
  };
  return twoWays(
      Staged, Loop, registers(ifQuadKernel),
      [&] {
        return std::tuple_cat(preloadAll(D.X1, D.X2),
                              preloadReadOnly(D.A, D.B, D.C));
      },
      [&] { return std::tie(D.X1, D.X2, D.A, D.B, D.C); });
}
RAJAPERF_BOTH_VARIANTS(IfQuad)

static Measured run(InitView1D &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &A) {
    for (Index R = 0; R < Reps; ++R)
      offload(initView1DKernel, InitView1D::Val, A);
  };
  return twoWays(
      Staged, Loop, registers(initView1DKernel),
      [&] { return preloadAll(D.A); }, [&] { return std::tie(D.A); });
}
RAJAPERF_BOTH_VARIANTS(InitView1D)

static Measured run(InitView1DOffset &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &A) {
    for (Index R = 0; R < Reps; ++R)
      offload(initView1DOffsetKernel, InitView1D::Val, A);
  };
  return twoWays(
      Staged, Loop, registers(initView1DOffsetKernel),
      [&] { return preloadAll(D.A); }, [&] { return std::tie(D.A); });
}
RAJAPERF_BOTH_VARIANTS(InitView1DOffset)

static Measured run(MulAddSub &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &O1, auto &O2, auto &O3, auto &I1, auto &I2) {
    for (Index R = 0; R < Reps; ++R)
      offload(mulAddSubKernel, I1, I2, O1, O2, O3);
  };
  return twoWays(
      Staged, Loop, registers(mulAddSubKernel),
      [&] {
        return std::tuple_cat(preloadAll(D.Out1, D.Out2, D.Out3),
                              preloadReadOnly(D.In1, D.In2));
      },
      [&] { return std::tie(D.Out1, D.Out2, D.Out3, D.In1, D.In2); });
}
RAJAPERF_BOTH_VARIANTS(MulAddSub)

static Measured run(NestedInit &D, Index Reps, bool Staged) {
  const Grid3D Box(D.Ni, D.Nj, D.Nk);
  auto Loop = [&](auto &Array) {
    for (Index R = 0; R < Reps; ++R)
      offload(nestedInitKernel, Region<Real, Grid3D>(Array, Box));
  };
  return twoWays(
      Staged, Loop, registers(nestedInitKernel),
      [&] { return preloadAll(D.Array); }, [&] { return std::tie(D.Array); });
}
RAJAPERF_BOTH_VARIANTS(NestedInit)

static Measured run(TrapInt &D, Index Reps, bool) {
  // No arrays: both interfaces make the same calls.
  const auto Positions = strided(trapIntKernel, D.N);
  return measureAutomatic(
      [&] {
        for (Index R = 0; R < Reps; ++R) {
          Real Sum = 0.0;
          offload(trapIntKernel, Positions, D.X0, D.Xp, D.Y, D.Yp, D.H, Sum);
          D.Sumx += Sum * D.H;
        }
      },
      registers(trapIntKernel));
}
RAJAPERF_BOTH_VARIANTS(TrapInt)

static Measured run(PiReduce &D, Index Reps, bool) {
  const auto Positions = strided(piReduceKernel, D.N);
  return measureAutomatic(
      [&] {
        for (Index R = 0; R < Reps; ++R) {
          Real Pi = 0.0;
          offload(piReduceKernel, Positions, D.Dx, Pi);
          D.Pi = 4.0 * Pi;
        }
      },
      registers(piReduceKernel));
}
RAJAPERF_BOTH_VARIANTS(PiReduce)

static Measured run(Copy8 &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &...XY) {
    for (Index R = 0; R < Reps; ++R)
      offload(copy8Kernel, XY...);
  };
  auto &X = D.X, &Y = D.Y;
  return twoWays(
      Staged, Loop, registers(copy8Kernel),
      [&] {
        return std::tuple_cat(
            preloadReadOnly(X[0], X[1], X[2], X[3], X[4], X[5], X[6], X[7]),
            preloadAll(Y[0], Y[1], Y[2], Y[3], Y[4], Y[5], Y[6], Y[7]));
      },
      [&] {
        return std::tie(X[0], X[1], X[2], X[3], X[4], X[5], X[6], X[7], Y[0],
                        Y[1], Y[2], Y[3], Y[4], Y[5], Y[6], Y[7]);
      });
}
RAJAPERF_BOTH_VARIANTS(Copy8)

static Measured run(DiffPredict &D, Index Reps, bool Staged) {
  const Index N = D.N;
  auto Loop = [&](auto &Px, auto &Cx) {
    Region<Real, offload::Columns2D> Columns(
        part(Px, 4 * N, 10 * N), offload::Columns2D{10, std::uint64_t(N)});
    const CR Row4 = constPart(Cx, 4 * N, N);
    for (Index R = 0; R < Reps; ++R)
      offload(diffPredictKernel, Row4, Columns);
  };
  return twoWays(
      Staged, Loop, registers(diffPredictKernel),
      [&] { return std::make_tuple(preload_mut(D.Px), preload(D.Cx)); },
      [&] { return std::tie(D.Px, D.Cx); });
}
RAJAPERF_BOTH_VARIANTS(DiffPredict)

static Measured run(Eos &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &X, auto &Y, auto &Z, auto &U) {
    Region<Real> Out(part(X, 0, D.N));
    for (Index R = 0; R < Reps; ++R)
      offload(eosKernel, Y, Z, U, D.Q, D.R, D.T, Out);
  };
  return twoWays(
      Staged, Loop, registers(eosKernel),
      [&] {
        return std::tuple_cat(preloadAll(D.X), preloadReadOnly(D.Y, D.Z, D.U));
      },
      [&] { return std::tie(D.X, D.Y, D.Z, D.U); });
}
RAJAPERF_BOTH_VARIANTS(Eos)

static Measured run(FirstDiff &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &X, auto &Y) {
    Region<Real> Out(part(X, 0, D.N));
    for (Index R = 0; R < Reps; ++R)
      offload(firstDiffKernel, Y, Out);
  };
  return twoWays(
      Staged, Loop, registers(firstDiffKernel),
      [&] { return std::make_tuple(preload_mut(D.X), preload(D.Y)); },
      [&] { return std::tie(D.X, D.Y); });
}
RAJAPERF_BOTH_VARIANTS(FirstDiff)

static Measured run(FirstSum &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &X, auto &Y) {
    Region<Real, offload::Interval1D> Out(X, {1, std::uint64_t(D.N)});
    for (Index R = 0; R < Reps; ++R)
      offload(firstSumKernel, Y, Out);
  };
  return twoWays(
      Staged, Loop, registers(firstSumKernel),
      [&] { return std::make_tuple(preload_mut(D.X), preload(D.Y)); },
      [&] { return std::tie(D.X, D.Y); });
}
RAJAPERF_BOTH_VARIANTS(FirstSum)

static Measured run(Memset &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &X) {
    for (Index R = 0; R < Reps; ++R)
      offload(memsetKernel, Memset::Value, X);
  };
  return twoWays(
      Staged, Loop, registers(memsetKernel),
      [&] { return std::make_tuple(preload_mut(D.X)); },
      [&] { return std::tie(D.X); });
}
RAJAPERF_BOTH_VARIANTS(Memset)

static Measured run(Memcpy &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &X, auto &Y) {
    for (Index R = 0; R < Reps; ++R)
      offload(memcpyKernel, X, Y);
  };
  return twoWays(
      Staged, Loop, registers(memcpyKernel),
      [&] { return std::make_tuple(preload(D.X), preload_mut(D.Y)); },
      [&] { return std::tie(D.X, D.Y); });
}
RAJAPERF_BOTH_VARIANTS(Memcpy)

static Measured run(ArrayOfPtrs &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &X, auto &Y) {
    ArrayViews P;
    for (Index A = 0; A < ArrayOfPtrs::Arrays; ++A)
      P.X[A] = constPart(X, A * D.N, D.N);
    for (Index R = 0; R < Reps; ++R)
      offload(arrayOfPtrsKernel, P, Y);
  };
  return twoWays(
      Staged, Loop, registers(arrayOfPtrsKernel),
      [&] { return std::make_tuple(preload(D.X), preload_mut(D.Y)); },
      [&] { return std::tie(D.X, D.Y); });
}
RAJAPERF_BOTH_VARIANTS(ArrayOfPtrs)

/// The receive buffer's handle: written by the exchange's messages, only
/// read by HALO_PACKING's unpacking.
template <bool Exchange> static auto haloReceive(HaloPacking &H) {
  if constexpr (Exchange)
    return preload_mut(H.ReceiveBuffer);
  else
    return preload(H.ReceiveBuffer);
}

/// HALO_PACKING's calls; with Exchange, HALO_EXCHANGE's: the messages of
/// one rank to itself between packing and unpacking, each a copy on the
/// device (the messages found before the loop and the calls inline in it,
/// so that the automatic variant keeps its data on the device).
template <bool Exchange>
static Measured runHalo(HaloPacking &H, Index Reps, bool Staged) {
  constexpr int Vars = HaloPacking::Vars;
  const std::vector<HaloPacking::Message> Messages = H.messages();
  auto Loop = [&](auto &Values, auto &Send, auto &Receive, auto &PackList,
                  auto &UnpackList) {
    for (Index R = 0; R < Reps; ++R) {
      for (int L = 0; L < HaloPacking::Neighbours; ++L) {
        const Index First = H.PackStart[L], Len = H.PackStart[L + 1] - First;
        for (int V = 0; V < Vars; ++V)
          offload(haloPackKernel,
                  std::span<const int>(PackList).subspan(First, Len),
                  std::span<const Real>(Values).subspan(V * H.Zones, H.Zones),
                  std::span<Real>(Send).subspan(Vars * First + V * Len, Len));
      }
      if constexpr (Exchange)
        for (const HaloPacking::Message &M : Messages)
          offload(memcpyKernel,
                  std::span<const Real>(Send).subspan(M.From, M.Len),
                  Region<Real>(std::span<Real>(Receive).subspan(M.To, M.Len)));
      for (int L = 0; L < HaloPacking::Neighbours; ++L) {
        const Index First = H.UnpackStart[L],
                    Len = H.UnpackStart[L + 1] - First;
        for (int V = 0; V < Vars; ++V)
          offload(
              haloUnpackKernel, Len,
              std::span<const Real>(Receive).subspan(Vars * First + V * Len,
                                                     Len),
              Region<Real, offload::Indexed<int>>(
                  std::span<Real>(Values).subspan(V * H.Zones, H.Zones),
                  offload::Indexed(
                      std::span<const int>(UnpackList).subspan(First, Len))));
      }
    }
  };
  return twoWays(
      Staged, Loop,
      std::max({registers(haloPackKernel), registers(haloUnpackKernel),
                Exchange ? registers(memcpyKernel) : 0}),
      [&] {
        return std::make_tuple(preload_mut(H.Values), preload_mut(H.SendBuffer),
                               haloReceive<Exchange>(H), preload(H.PackList),
                               preload(H.UnpackList));
      },
      [&] {
        return std::tie(H.Values, H.SendBuffer, H.ReceiveBuffer, H.PackList,
                        H.UnpackList);
      });
}

static Measured run(HaloPacking &H, Index Reps, bool Staged) {
  return runHalo<false>(H, Reps, Staged);
}
RAJAPERF_BOTH_VARIANTS(HaloPacking)

static Measured run(HaloExchange &H, Index Reps, bool Staged) {
  return runHalo<true>(H, Reps, Staged);
}
RAJAPERF_BOTH_VARIANTS(HaloExchange)

static Measured run(HaloSendRecv &H, Index Reps, bool Staged) {
  const std::vector<HaloPacking::Message> Messages = H.messages();
  auto Loop = [&](auto &Send, auto &Receive) {
    for (Index R = 0; R < Reps; ++R)
      for (const HaloPacking::Message &M : Messages)
        offload(memcpyKernel,
                std::span<const Real>(Send).subspan(M.From, M.Len),
                Region<Real>(std::span<Real>(Receive).subspan(M.To, M.Len)));
  };
  return twoWays(
      Staged, Loop, registers(memcpyKernel),
      [&] {
        return std::make_tuple(preload(H.SendBuffer),
                               preload_mut(H.ReceiveBuffer));
      },
      [&] { return std::tie(H.SendBuffer, H.ReceiveBuffer); });
}
RAJAPERF_BOTH_VARIANTS(HaloSendRecv)

/// HALO_PACKING_FUSED's calls; with Exchange, HALO_EXCHANGE_FUSED's (the
/// messages as in runHalo).
template <bool Exchange>
static Measured runHaloFused(HaloPackingFused &H, Index Reps, bool Staged) {
  const std::vector<HaloPacking::Message> Messages = H.messages();
  auto Loop = [&](auto &Values, auto &Send, auto &Receive, auto &PackList,
                  auto &HaloZones, auto &HaloEntries, auto &SendParts,
                  auto &PackStart) {
    const Index Halo = Index(H.HaloZones.size());
    for (Index R = 0; R < Reps; ++R) {
      offload(haloPackFusedKernel, PackStart, PackList, H.Zones, Values,
              Region<Real, offload::StridedSegments<Index>>(
                  Send, offload::StridedSegments(SendParts, H.PartThreads)));
      if constexpr (Exchange)
        for (const HaloPacking::Message &M : Messages)
          offload(memcpyKernel,
                  std::span<const Real>(Send).subspan(M.From, M.Len),
                  Region<Real>(std::span<Real>(Receive).subspan(M.To, M.Len)));
      offload(haloUnpackFusedKernel, Halo, HaloEntries, Receive,
              Region<Real, offload::Indexed<int>>(Values,
                                                  offload::Indexed(HaloZones)));
    }
  };
  return twoWays(
      Staged, Loop,
      std::max({registers(haloPackFusedKernel),
                registers(haloUnpackFusedKernel),
                Exchange ? registers(memcpyKernel) : 0}),
      [&] {
        return std::make_tuple(preload_mut(H.Values), preload_mut(H.SendBuffer),
                               haloReceive<Exchange>(H), preload(H.PackList),
                               preload(H.HaloZones), preload(H.HaloEntries),
                               preload(H.SendParts), preload(H.PackStart));
      },
      [&] {
        return std::tie(H.Values, H.SendBuffer, H.ReceiveBuffer, H.PackList,
                        H.HaloZones, H.HaloEntries, H.SendParts, H.PackStart);
      });
}

static Measured run(HaloPackingFused &H, Index Reps, bool Staged) {
  return runHaloFused<false>(H, Reps, Staged);
}
RAJAPERF_BOTH_VARIANTS(HaloPackingFused)

static Measured run(HaloExchangeFused &H, Index Reps, bool Staged) {
  return runHaloFused<true>(H, Reps, Staged);
}
RAJAPERF_BOTH_VARIANTS(HaloExchangeFused)

static Measured run(Mass3DEA &E, Index Reps, bool Staged) {
  auto Loop = [&](auto &B, auto &D, auto &M) {
    for (Index R = 0; R < Reps; ++R)
      offload(mass3deaKernel, B, D, M);
  };
  return twoWays(
      Staged, Loop, registers(mass3deaKernel),
      [&] {
        return std::make_tuple(preload(E.B), preload(E.D), preload_mut(E.M));
      },
      [&] { return std::tie(E.B, E.D, E.M); });
}
RAJAPERF_BOTH_VARIANTS(Mass3DEA)

template <class T> struct TileView {
  const T &Of; // unchecked: the stages index within their tiles
  Real operator[](Index K) const { return Of.unchecked(std::size_t(K)); }
};
template <class T> TileView(const T &) -> TileView<T>;

// MASS3DPA in RAJAPerf's shape: a block of 5 x 5 threads per element
// (Blocked1D: the element's 64 dofs of Y shared by its 25 threads), thread
// (x, y) computing column (x, y) of each stage over z in registers and
// storing it into its own entries of the stage's 5 x 5 x 5 tile
// (Tile::fill_mine: thread r owns r + 25 z); Y from the last one.
using MassColumns = formula::Mass3DPAColumns;
using MassTile = offload::Tile<Real, MassColumns::Entries>;
template <class ColumnOf> static void column(MassTile &Into, ColumnOf Of) {
  const Index X = Into.rank() % MassColumns::Q1,
              Y = Into.rank() / MassColumns::Q1;
  Into.fill_mine([&](offload::Group<Real> Mine) {
    MassColumns::Column Out;
    Of(X, Y, Out);
    for (Index Z = 0; Z < MassColumns::Q1; ++Z)
      Mine.unchecked(Z) = Out[Z]; // 125 entries over 25 threads
  });
}

void mass3dpaKernel(CR B, CR Bt, CR D, CR X,
                    offload::Tile<Real, Mass3DPA::Q1D * Mass3DPA::D1D> Bs,
                    offload::Tile<Real, Mass3DPA::Q1D * Mass3DPA::D1D> Bts,
                    offload::Tile<Real, Mass3DPA::Dofs> Xs, MassTile S0,
                    MassTile S1, Region<Real, offload::Blocked1D> Y) {
  using S = MassColumns;
  for (offload::Group<Real> Dofs : Y) {
    const Index El = Index(Dofs.first) / Mass3DPA::Dofs;
    offload::fill(
        Bs, [&](std::size_t K) { return S::bs(B, Index(K)); }, Bts,
        [&](std::size_t K) { return S::bts(Bt, Index(K)); }, Xs,
        [&](std::size_t K) { return X[El * Mass3DPA::Dofs + K]; });
    column(S1, [&](Index Qx, Index Dy, S::Column &Out) {
      S::ddq(TileView(Xs), TileView(Bs), Qx, Dy, Out);
    });
    column(S0, [&](Index Qx, Index Qy, S::Column &Out) {
      S::dqq(TileView(S1), TileView(Bs), Qx, Qy, Out);
    });
    column(S1, [&](Index Qx, Index Qy, S::Column &Out) {
      S::qqq(TileView(S0), TileView(Bs), D, El * Mass3DPA::Points, Qx, Qy, Out);
    });
    column(S0, [&](Index Dx, Index Qy, S::Column &Out) {
      S::qqd(TileView(S1), TileView(Bts), Dx, Qy, Out);
    });
    column(S1, [&](Index Dx, Index Dy, S::Column &Out) {
      S::qdd(TileView(S0), TileView(Bts), Dx, Dy, Out);
    });
    column(S0, [&](Index Dx, Index Dy, S::Column &Out) {
      S::y(TileView(S1), TileView(Bts), Dx, Dy, Out);
    });
    for (std::size_t K = 0; K < Dofs.size(); ++K) {
      const Index Dof = Index(Dofs.index(K)) % Mass3DPA::Dofs;
      Dofs[K] += S0.unchecked(std::size_t(
          S::at(Dof / (S::D1 * S::D1), Dof / S::D1 % S::D1, Dof % S::D1)));
    }
  }
}

static Measured run(Mass3DPA &E, Index Reps, bool Staged) {
  constexpr std::uint32_t Threads = Mass3DPA::Q1D * Mass3DPA::Q1D;
  const offload::Blocked1D Elements{Mass3DPA::Dofs, Threads};
  auto Loop = [&](auto &B, auto &Bt, auto &D, auto &X, auto &Y) {
    for (Index R = 0; R < Reps; ++R)
      offload(offload::Launch{.block = Threads}, mass3dpaKernel, B, Bt, D, X,
              offload::team_memory, offload::team_memory, offload::team_memory,
              offload::team_memory, offload::team_memory,
              Region<Real, offload::Blocked1D>(Y, Elements));
  };
  return twoWays(
      Staged, Loop, registers(mass3dpaKernel),
      [&] {
        return std::make_tuple(preload(E.B), preload(E.Bt), preload(E.D),
                               preload(E.X), preload_mut(E.Y));
      },
      [&] { return std::tie(E.B, E.Bt, E.D, E.X, E.Y); });
}
RAJAPERF_BOTH_VARIANTS(Mass3DPA)

// DIFFUSION3DPA and CONVECTION3DPA in RAJAPerf's shape: a block of 64
// threads per element, thread p computing every component of point p of
// each stage (its three entries p, p + 64, p + 128 of the stage's tile,
// Tile::fill_mine), and the element's 27 dofs of Y from the last stage.
template <class Stages, class PointOf>
static void stage(offload::Tile<Real, Stages::Entries> &Into, Index Point,
                  PointOf Of) {
  Into.fill_mine([&](offload::Group<Real> Mine) {
    const auto P = Of(Point);
    for (Index C = 0; C < 3; ++C)
      Mine.unchecked(C) = P.C[C]; // the tile is 3 x 64 entries
  });
}
constexpr Index PaPoints = 64;
using PaRegion = Region<Real, Grid2D>;
// Threads (element, point) and Y (element, dof).
static auto paShape(Index NE, Index Dofs) {
  return std::make_pair(
      offload::Range<Grid2D>(NE * PaPoints, Grid2D(NE, PaPoints)),
      Grid2D(NE, Dofs));
}

void diffusion3dpaKernel(
    offload::Range<Grid2D> Threads, CR B, CR G, CR D, CR X,
    offload::Tile<Real, Diffusion3DPA::Q1D * Diffusion3DPA::D1D> Tab,
    offload::Tile<Real, Diffusion3DPA::Q1D * Diffusion3DPA::D1D> TabT,
    offload::Tile<Real, Diffusion3DPA::Dofs> Xs,
    offload::Tile<Real, formula::Diffusion3DPAStages::Entries> S0,
    offload::Tile<Real, formula::Diffusion3DPAStages::Entries> S1, PaRegion Y) {
  using S = formula::Diffusion3DPAStages;
  constexpr Index Dofs = Diffusion3DPA::Dofs,
                  Coefficients = Diffusion3DPA::Points * Diffusion3DPA::Sym;
  for (auto [Element, Point] : Threads) {
    const Index El = Index(Element), P = Index(Point);
    offload::fill(
        Tab, [&](std::size_t C) { return S::table(B, G, Index(C), false); },
        TabT, [&](std::size_t C) { return S::table(B, G, Index(C), true); },
        Xs, [&](std::size_t K) { return X[El * Dofs + K]; });
    stage<S>(S1, P,
             [&](Index I) { return S::ddq(TileView(Xs), TileView(Tab), I); });
    stage<S>(S0, P,
             [&](Index I) { return S::dqq(TileView(S1), TileView(Tab), I); });
    stage<S>(S1, P, [&](Index I) {
      return S::qqq(TileView(S0), TileView(Tab), D, El * Coefficients, I);
    });
    stage<S>(S0, P,
             [&](Index I) { return S::qqd(TileView(S1), TileView(TabT), I); });
    stage<S>(S1, P,
             [&](Index I) { return S::qdd(TileView(S0), TileView(TabT), I); });
    for (auto [E, Dof, Out] : Y)
      Out += S::y(TileView(S1), TileView(TabT), Index(Dof));
  }
}

static Measured run(Diffusion3DPA &E, Index Reps, bool Staged) {
  const auto [Threads, Dofs] = paShape(E.NE, Diffusion3DPA::Dofs);
  auto Loop = [&](auto &B, auto &G, auto &D, auto &X, auto &Y) {
    for (Index R = 0; R < Reps; ++R)
      offload(offload::Launch{.block_shape = {PaPoints, 1, 1}},
              diffusion3dpaKernel, Threads, B, G, D, X, offload::team_memory,
              offload::team_memory, offload::team_memory, offload::team_memory,
              offload::team_memory, PaRegion(Y, Dofs));
  };
  return twoWays(
      Staged, Loop, registers(diffusion3dpaKernel),
      [&] {
        return std::make_tuple(preload(E.B), preload(E.G), preload(E.D),
                               preload(E.X), preload_mut(E.Y));
      },
      [&] { return std::tie(E.B, E.G, E.D, E.X, E.Y); });
}
RAJAPERF_BOTH_VARIANTS(Diffusion3DPA)

void convection3dpaKernel(
    offload::Range<Grid2D> Threads, CR B, CR Bt, CR G, CR D, CR X,
    offload::Tile<Real, Convection3DPA::Dofs> Xs,
    offload::Tile<Real, formula::Convection3DPAStages::Entries> S0,
    offload::Tile<Real, formula::Convection3DPAStages::Entries> S1,
    PaRegion Y) {
  using S = formula::Convection3DPAStages;
  constexpr Index Dofs = Convection3DPA::Dofs,
                  Coefficients = Convection3DPA::Points * Convection3DPA::VDim;
  for (auto [Element, Point] : Threads) {
    const Index El = Index(Element), P = Index(Point);
    Xs.fill([&](std::size_t K) { return X[El * Dofs + K]; });
    stage<S>(S1, P, [&](Index I) { return S::bu(TileView(Xs), B, G, I); });
    stage<S>(S0, P, [&](Index I) { return S::bbu(TileView(S1), B, G, I); });
    stage<S>(S1, P, [&](Index I) { return S::gbbu(TileView(S0), B, G, I); });
    stage<S>(S0, P, [&](Index I) {
      return S::dgu(TileView(S1), D, El * Coefficients, I);
    });
    stage<S>(S1, P, [&](Index I) { return S::bdgu(TileView(S0), Bt, I); });
    stage<S>(S0, P, [&](Index I) { return S::bbdgu(TileView(S1), Bt, I); });
    for (auto [E, Dof, Out] : Y)
      Out += S::y(TileView(S0), Bt, Index(Dof));
  }
}

static Measured run(Convection3DPA &E, Index Reps, bool Staged) {
  const auto [Threads, Dofs] = paShape(E.NE, Convection3DPA::Dofs);
  auto Loop = [&](auto &B, auto &Bt, auto &G, auto &D, auto &X, auto &Y) {
    for (Index R = 0; R < Reps; ++R)
      offload(offload::Launch{.block_shape = {PaPoints, 1, 1}},
              convection3dpaKernel, Threads, B, Bt, G, D, X,
              offload::team_memory, offload::team_memory, offload::team_memory,
              PaRegion(Y, Dofs));
  };
  return twoWays(
      Staged, Loop, registers(convection3dpaKernel),
      [&] {
        return std::make_tuple(preload(E.B), preload(E.Bt), preload(E.G),
                               preload(E.D), preload(E.X), preload_mut(E.Y));
      },
      [&] { return std::tie(E.B, E.Bt, E.G, E.D, E.X, E.Y); });
}
RAJAPERF_BOTH_VARIANTS(Convection3DPA)

static Measured run(AtomicAdds &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &Slots) {
    for (Index R = 0; R < Reps; ++R)
      offload(atomicAddsKernel, D.N, Slots);
  };
  return twoWays(
      Staged, Loop, registers(atomicAddsKernel),
      [&] { return std::make_tuple(preload_mut(D.Slots)); },
      [&] { return std::tie(D.Slots); });
}
RAJAPERF_BOTH_VARIANTS(AtomicAdds)

static Measured run(DaxpyAtomic &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &Y, auto &X) {
    for (Index R = 0; R < Reps; ++R)
      offload(daxpyAtomicKernel, D.N, X, D.A, Y);
  };
  return twoWays(
      Staged, Loop, registers(daxpyAtomicKernel),
      [&] { return std::make_tuple(preload_mut(D.Y), preload(D.X)); },
      [&] { return std::tie(D.Y, D.X); });
}
RAJAPERF_BOTH_VARIANTS(DaxpyAtomic)

static Measured run(Hydro1D &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &X, auto &Y, auto &Z) {
    Region<Real> Out(part(X, 0, D.N));
    for (Index R = 0; R < Reps; ++R)
      offload(hydro1dKernel, Y, Z, D.Q, D.R, D.T, Out);
  };
  return twoWays(
      Staged, Loop, registers(hydro1dKernel),
      [&] {
        return std::tuple_cat(preloadAll(D.X), preloadReadOnly(D.Y, D.Z));
      },
      [&] { return std::tie(D.X, D.Y, D.Z); });
}
RAJAPERF_BOTH_VARIANTS(Hydro1D)

static Measured run(IntPredict &D, Index Reps, bool Staged) {
  const Index N = D.N;
  auto Loop = [&](auto &Px) {
    // Row 0 is written, rows 1..12 only read: two disjoint parts of px.
    Region<Real> Row0(part(Px, 0, N));
    const CR Rows = constPart(Px, N, 12 * N);
    for (Index R = 0; R < Reps; ++R)
      offload(intPredictKernel, Rows, N, D.K, Row0);
  };
  return twoWays(
      Staged, Loop, registers(intPredictKernel),
      [&] { return preloadAll(D.Px); }, [&] { return std::tie(D.Px); });
}
RAJAPERF_BOTH_VARIANTS(IntPredict)

static Measured run(Planckian &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &Y, auto &W, auto &X, auto &U, auto &V) {
    for (Index R = 0; R < Reps; ++R)
      offload(planckianKernel, X, U, V, Y, W);
  };
  return twoWays(
      Staged, Loop, registers(planckianKernel),
      [&] {
        return std::tuple_cat(preloadAll(D.Y, D.W),
                              preloadReadOnly(D.X, D.U, D.V));
      },
      [&] { return std::tie(D.Y, D.W, D.X, D.U, D.V); });
}
RAJAPERF_BOTH_VARIANTS(Planckian)

static Measured run(TridiagElim &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &Xout, auto &Xin, auto &Y, auto &Z) {
    Region<Real, offload::Interval1D> Out(Xout, {1, std::uint64_t(D.N) + 1});
    for (Index R = 0; R < Reps; ++R)
      offload(tridiagElimKernel, Xin, Y, Z, Out);
  };
  return twoWays(
      Staged, Loop, registers(tridiagElimKernel),
      [&] {
        return std::tuple_cat(preloadAll(D.Xout),
                              preloadReadOnly(D.Xin, D.Y, D.Z));
      },
      [&] { return std::tie(D.Xout, D.Xin, D.Y, D.Z); });
}
RAJAPERF_BOTH_VARIANTS(TridiagElim)

static Measured run(GenLinRecur &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &B5, auto &Stb5, auto &Sa, auto &Sb) {
    for (Index R = 0; R < Reps; ++R) {
      offload(genLinRecurKernel, Sa, Sb, B5, Stb5);
      offload(genLinRecurKernel, Sa, Sb, B5, Stb5);
    }
  };
  return twoWays(
      Staged, Loop, registers(genLinRecurKernel),
      [&] {
        return std::tuple_cat(preloadAll(D.B5, D.Stb5),
                              preloadReadOnly(D.Sa, D.Sb));
      },
      [&] { return std::tie(D.B5, D.Stb5, D.Sa, D.Sb); });
}
RAJAPERF_BOTH_VARIANTS(GenLinRecur)

static Measured run(Jacobi1D &D, Index Reps, bool Staged) {
  const Index N = D.N;
  auto Loop = [&](auto &A, auto &B) {
    const offload::Interval1D Inner{1, std::uint64_t(N - 1)};
    Region<Real, offload::Interval1D> InnerA(A, Inner), InnerB(B, Inner);
    for (Index R = 0; R < Reps; ++R)
      for (Index T = 0; T < Jacobi1D::Steps; ++T) {
        offload(jacobi1dKernel, A, InnerB);
        offload(jacobi1dKernel, B, InnerA);
      }
  };
  return twoWays(
      Staged, Loop, registers(jacobi1dKernel),
      [&] { return preloadAll(D.A, D.B); }, [&] { return std::tie(D.A, D.B); });
}
RAJAPERF_BOTH_VARIANTS(Jacobi1D)

static Measured run(Atax &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &Y, auto &Tmp, auto &A, auto &X) {
    for (Index R = 0; R < Reps; ++R) {
      offload(atax1Kernel, A, X, D.N, Y, Tmp);
      offload(atax2Kernel, A, Tmp, D.N, Y);
    }
  };
  return twoWays(
      Staged, Loop, registers(atax1Kernel, atax2Kernel),
      [&] {
        return std::tuple_cat(preloadAll(D.Y, D.Tmp),
                              preloadReadOnly(D.A, D.X));
      },
      [&] { return std::tie(D.Y, D.Tmp, D.A, D.X); });
}
RAJAPERF_BOTH_VARIANTS(Atax)

static Measured run(Mvt &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &X1, auto &X2, auto &A, auto &Y1, auto &Y2) {
    for (Index R = 0; R < Reps; ++R) {
      offload(mvt1Kernel, A, Y1, D.N, X1);
      offload(mvt2Kernel, A, Y2, D.N, X2);
    }
  };
  return twoWays(
      Staged, Loop, registers(mvt1Kernel, mvt2Kernel),
      [&] {
        return std::tuple_cat(preloadAll(D.X1, D.X2),
                              preloadReadOnly(D.A, D.Y1, D.Y2));
      },
      [&] { return std::tie(D.X1, D.X2, D.A, D.Y1, D.Y2); });
}
RAJAPERF_BOTH_VARIANTS(Mvt)

static Measured run(Gesummv &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &Y, auto &A, auto &B, auto &X) {
    for (Index R = 0; R < Reps; ++R)
      offload(gesummvKernel, A, B, X, D.N, Y);
  };
  return twoWays(
      Staged, Loop, registers(gesummvKernel),
      [&] {
        return std::tuple_cat(preloadAll(D.Y), preloadReadOnly(D.A, D.B, D.X));
      },
      [&] { return std::tie(D.Y, D.A, D.B, D.X); });
}
RAJAPERF_BOTH_VARIANTS(Gesummv)

static Measured run(TwoMM &M, Index Reps, bool Staged) {
  auto Loop = [&](auto &Tmp, auto &D, auto &A, auto &B, auto &C) {
    for (Index R = 0; R < Reps; ++R) {
      offload(twoMM1Kernel, A, B, M.Nk, M.Nj, R2(Tmp, Grid2D(M.Ni, M.Nj)));
      offload(twoMM2Kernel, Tmp, C, M.Nj, M.Nl, R2(D, Grid2D(M.Ni, M.Nl)));
    }
  };
  return twoWays(
      Staged, Loop, registers(twoMM1Kernel, twoMM2Kernel),
      [&] {
        return std::tuple_cat(preloadAll(M.Tmp, M.D),
                              preloadReadOnly(M.A, M.B, M.C));
      },
      [&] { return std::tie(M.Tmp, M.D, M.A, M.B, M.C); });
}
RAJAPERF_BOTH_VARIANTS(TwoMM)

static Measured run(ThreeMM &M, Index Reps, bool Staged) {
  auto Loop = [&](auto &E, auto &F, auto &G, auto &A, auto &B, auto &C,
                  auto &D) {
    for (Index R = 0; R < Reps; ++R) {
      offload(threeMMKernel, A, B, M.Nk, M.Nj, R2(E, Grid2D(M.Ni, M.Nj)));
      offload(threeMMKernel, C, D, M.Nm, M.Nl, R2(F, Grid2D(M.Nj, M.Nl)));
      offload(threeMMKernel, E, F, M.Nj, M.Nl, R2(G, Grid2D(M.Ni, M.Nl)));
    }
  };
  return twoWays(
      Staged, Loop, registers(threeMMKernel),
      [&] {
        return std::tuple_cat(preloadAll(M.E, M.F, M.G),
                              preloadReadOnly(M.A, M.B, M.C, M.D));
      },
      [&] { return std::tie(M.E, M.F, M.G, M.A, M.B, M.C, M.D); });
}
RAJAPERF_BOTH_VARIANTS(ThreeMM)

static Measured run(Gemver &G, Index Reps, bool Staged) {
  const Index N = G.N;
  auto Loop = [&](auto &A, auto &X, auto &W, auto &U1, auto &V1, auto &U2,
                  auto &V2, auto &Y, auto &Z) {
    for (Index R = 0; R < Reps; ++R) {
      offload(gemver1Kernel, U1, V1, U2, V2, R2(A, Grid2D(N, N)));
      offload(gemver2Kernel, A, Y, N, X);
      offload(gemver3Kernel, Z, X);
      offload(gemver4Kernel, A, X, N, W);
    }
  };
  return twoWays(
      Staged, Loop,
      registers(gemver1Kernel, gemver2Kernel, gemver3Kernel, gemver4Kernel),
      [&] {
        return std::tuple_cat(
            preloadAll(G.A, G.X, G.W),
            preloadReadOnly(G.U1, G.V1, G.U2, G.V2, G.Y, G.Z));
      },
      [&] {
        return std::tie(G.A, G.X, G.W, G.U1, G.V1, G.U2, G.V2, G.Y, G.Z);
      });
}
RAJAPERF_BOTH_VARIANTS(Gemver)

static Measured run(Adi &D, Index Reps, bool Staged) {
  const Index N = D.N;
  const Adi::Coefficients K = D.coefficients();
  const offload::Rows2D Rows{std::uint64_t(N), std::uint64_t(N)};
  const offload::Columns2D Columns{std::uint64_t(N), std::uint64_t(N)};
  auto Loop = [&](auto &U, auto &V, auto &P, auto &Q) {
    using Rw = Region<Real, offload::Rows2D>;
    for (Index R = 0; R < Reps; ++R)
      for (Index T = 0; T < Adi::Steps; ++T) {
        offload(adiColumnsKernel, N, K, U,
                Region<Real, offload::Columns2D>(V, Columns), Rw(P, Rows),
                Rw(Q, Rows));
        offload(adiRowsKernel, N, K, V, Rw(U, Rows), Rw(P, Rows), Rw(Q, Rows));
      }
  };
  return twoWays(
      Staged, Loop,
      std::max(registers(adiColumnsKernel), registers(adiRowsKernel)),
      [&] { return preloadAll(D.U, D.V, D.P, D.Q); },
      [&] { return std::tie(D.U, D.V, D.P, D.Q); });
}
RAJAPERF_BOTH_VARIANTS(Adi)

static Measured run(FloydWarshall &F, Index Reps, bool Staged) {
  const Index N = F.N;
  auto Loop = [&](auto &Out, auto &In) {
    for (Index R = 0; R < Reps; ++R)
      for (Index K = 0; K < N; ++K)
        offload(floydWarshallKernel, In, K, N, R2(Out, Grid2D(N, N)));
  };
  return twoWays(
      Staged, Loop, registers(floydWarshallKernel),
      [&] { return std::make_tuple(preload_mut(F.Out), preload(F.In)); },
      [&] { return std::tie(F.Out, F.In); });
}
RAJAPERF_BOTH_VARIANTS(FloydWarshall)

static Measured run(Fdtd2D &F, Index Reps, bool Staged) {
  const std::uint64_t Nx = F.Nx, Ny = F.Ny;
  const Grid2D EyBox(Nx, Ny, {1, Nx, 0, Ny}), ExBox(Nx, Ny, {0, Nx, 1, Ny}),
      HzBox(Nx, Ny, {0, Nx - 1, 0, Ny - 1});
  auto Loop = [&](auto &Hz, auto &Ex, auto &Ey, auto &Fict) {
    Region<Real> Ey0(part(Ey, 0, F.Ny));
    for (Index R = 0; R < Reps; ++R)
      for (Index T = 0; T < Fdtd2D::Steps; ++T) {
        offload(fdtd1Kernel, Fict, T, Ey0);
        offload(fdtd2Kernel, Hz, F.Ny, R2(Ey, EyBox));
        offload(fdtd3Kernel, Hz, F.Ny, R2(Ex, ExBox));
        offload(fdtd4Kernel, Ex, Ey, F.Ny, R2(Hz, HzBox));
      }
  };
  return twoWays(
      Staged, Loop,
      registers(fdtd1Kernel, fdtd2Kernel, fdtd3Kernel, fdtd4Kernel),
      [&] {
        return std::tuple_cat(preloadAll(F.Hz, F.Ex, F.Ey),
                              preloadReadOnly(F.Fict));
      },
      [&] { return std::tie(F.Hz, F.Ex, F.Ey, F.Fict); });
}
RAJAPERF_BOTH_VARIANTS(Fdtd2D)

// RAJAPerf's algorithm: each 16 x 16 block walks A's row band and B's
// column band through two tiles in team memory, a thread per element of C
// over the matrix padded to whole tiles (zeros outside it).
constexpr std::uint64_t Side = MatMatShared::Side;
void matMatSharedKernel(CR A, CR B, Index N, offload::Range<Grid2D> Threads,
                        offload::Tile<Real, Side * Side> As,
                        offload::Tile<Real, Side * Side> Bs, R2 C) {
  for (auto [Row, Col] : Threads) {
    const std::uint64_t Top = Row - Row % Side, Left = Col - Col % Side;
    const std::uint64_t Size = N;
    Real Sum = 0;
    for (std::uint64_t K = 0; K < Size; K += Side) {
      offload::fill(
          As,
          [&](std::size_t E) {
            const std::uint64_t R = Top + E / Side, Cc = K + E % Side;
            return R < Size && Cc < Size ? A[R * Size + Cc] : 0.0;
          },
          Bs,
          [&](std::size_t E) {
            const std::uint64_t R = K + E / Side, Cc = Left + E % Side;
            return R < Size && Cc < Size ? B[R * Size + Cc] : 0.0;
          });
      // unchecked: the indices are below Side * Side by construction.
      for (std::uint64_t Nn = 0; Nn < Side; ++Nn)
        Sum += As.unchecked((Row - Top) * Side + Nn) *
               Bs.unchecked(Nn * Side + (Col - Left));
    }
    for (auto [I, J, Cij] : C)
      Cij = Sum;
  }
}

static Measured run(MatMatShared &M, Index Reps, bool Staged) {
  const std::uint64_t N = M.N, Padded = (N + Side - 1) / Side * Side;
  const offload::Range<Grid2D> Threads(Padded * Padded, Grid2D(Padded, Padded));
  auto Loop = [&](auto &A, auto &B, auto &C) {
    for (Index R = 0; R < Reps; ++R)
      offload(offload::Launch{.block_shape = {Side, Side, 1}},
              matMatSharedKernel, A, B, M.N, Threads, offload::team_memory,
              offload::team_memory, R2(C, Grid2D(N, N)));
  };
  return twoWays(
      Staged, Loop, registers(matMatSharedKernel),
      [&] {
        return std::make_tuple(preload(M.A), preload(M.B), preload_mut(M.C));
      },
      [&] { return std::tie(M.A, M.B, M.C); });
}
RAJAPERF_BOTH_VARIANTS(MatMatShared)

// SCAN: the library's device-wide scan (offload/scan.hpp).
static Measured run(Scan &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &X, auto &Y) {
    for (Index R = 0; R < Reps; ++R)
      offload::exclusive_scan(X, Y, 0.0);
  };
  return twoWays(
      Staged, Loop, -1,
      [&] { return std::make_tuple(preload(D.X), preload_mut(D.Y)); },
      [&] { return std::tie(D.X, D.Y); });
}
RAJAPERF_BOTH_VARIANTS(Scan)

// SORT and SORTPAIRS: the library's sorts (offload/sort.hpp), each rep on
// its own part of the data.
static Measured run(Sort &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &X) {
    for (Index R = 0; R < Reps; ++R)
      offload::sort(std::span<Real>(X).subspan(R * D.N, D.N));
  };
  return twoWays(
      Staged, Loop, -1, [&] { return std::make_tuple(preload_mut(D.X)); },
      [&] { return std::tie(D.X); });
}
RAJAPERF_BOTH_VARIANTS(Sort)

static Measured run(SortPairs &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &X, auto &I) {
    for (Index R = 0; R < Reps; ++R)
      offload::sort_by_key(std::span<Real>(X).subspan(R * D.N, D.N),
                           std::span<Real>(I).subspan(R * D.N, D.N));
  };
  return twoWays(
      Staged, Loop, -1,
      [&] { return std::make_tuple(preload_mut(D.X), preload_mut(D.I)); },
      [&] { return std::tie(D.X, D.I); });
}
RAJAPERF_BOTH_VARIANTS(SortPairs)

// INDEXLIST_3LOOP as RAJAPerf's three loops: 0/1 counts, their exclusive
// scan in place, and the list, where Segments(counts) gives thread i the
// list entries [counts[i], counts[i + 1]): one entry or none.
void indexFlagsKernel(CR X, Index N, Region<Index> Counts) {
  for (auto [I, C] : Counts)
    C = std::int64_t(I) < N && X[I] < 0.0 ? 1 : 0;
}
void indexListKernel(offload::Range<> Threads, std::span<const Index> Counts,
                     Region<int, offload::Segments<Index>> List,
                     offload::ReduceSum<Index> Len) {
  for (std::uint64_t I : Threads) {
    for (auto [First, Entry] : List)
      Entry[0] = int(I);
    if (I == Counts.size() - 2)
      Len += Counts[I + 1];
  }
}

static Measured run(IndexList3Loop &D, Index Reps, bool Staged) {
  std::vector<Index> Counts(D.N + 1);
  auto Loop = [&](auto &X, auto &C, auto &L) {
    for (Index R = 0; R < Reps; ++R) {
      offload(indexFlagsKernel, X, D.N, C);
      offload::exclusive_scan(C, C, Index(0));
      D.Len = 0;
      offload(indexListKernel, offload::Range<>(D.N), C,
              Region<int, offload::Segments<Index>>(L, offload::Segments(C)),
              D.Len);
    }
  };
  return twoWays(
      Staged, Loop, registers(indexFlagsKernel, indexListKernel),
      [&] {
        return std::make_tuple(preload(D.X), preload_mut(Counts),
                               preload_mut(D.List));
      },
      [&] { return std::tie(D.X, Counts, D.List); });
}
RAJAPERF_BOTH_VARIANTS(IndexList3Loop)

// INDEXLIST: the library's one-pass stream compaction into an index list.
struct Negative {
  bool operator()(Real V) const { return V < 0.0; }
};
static Measured run(IndexList &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &X, auto &L) {
    for (Index R = 0; R < Reps; ++R)
      D.Len = Index(offload::copy_index_if(X, L, Negative{}));
  };
  return twoWays(
      Staged, Loop, -1,
      [&] { return std::make_tuple(preload(D.X), preload_mut(D.List)); },
      [&] { return std::tie(D.X, D.List); });
}
RAJAPERF_BOTH_VARIANTS(IndexList)

// JACOBI_2D through team memory (a tiled 2-D stencil): each 32 x 8 block
// computes 32 x 32 points, each thread four consecutive rows of one column
// (the Rows4 strategy above), from a 2-D tile of its points and their
// one-point halo. Four points per thread make the halo and the barrier
// cheaper: with one point, the kernel took 9.6 us per launch on an H200,
// with four 7.2, plain JACOBI_2D 5.9 (RESULTS.md, "Tiled JACOBI_2D"). The
// CUDA baseline's tiled tuning is the same algorithm.
constexpr std::uint64_t StencilX = 32, StencilY = 8, RowsPerThread = 4,
                        BandY = StencilY * RowsPerThread;
using StencilTile = offload::Tile2D<Real, BandY + 2, StencilX + 2>;

void jacobiTiledKernel(CR In, Index N, offload::Range<Grid2D> Threads,
                       StencilTile T, Region<Real, Rows4> Out) {
  for (auto [Row, Col] : Threads) {
    // The block's first interior point is (Top + 1, Left + 1); the tile
    // starts at (Top, Left).
    const std::uint64_t Size = N, Top = Row / StencilY * BandY,
                        Left = Col - Col % StencilX;
    T.fill([&](std::size_t R, std::size_t C) {
      const std::uint64_t I = Top + R, J = Left + C;
      return I < Size && J < Size ? In[I * Size + J] : 0.0;
    });
    const std::size_t C = Col % StencilX + 1;
    std::size_t R = Row % StencilY * RowsPerThread + 1;
    // At most four rows: unrolled fully, neighbouring rows share their
    // tile reads, as in the CUDA twin's fixed loop of four.
#pragma unroll
    for (auto [K, O] : Out) { // formula::jacobi's order of terms
      O = 0.2 *
          (T.unchecked(R, C) + T.unchecked(R, C - 1) + T.unchecked(R, C + 1) +
           T.unchecked(R + 1, C) + T.unchecked(R - 1, C));
      ++R;
    }
  }
}

static Measured run(Jacobi2DTiled &D, Index Reps, bool Staged) {
  const Index N = D.N;
  const Rows4 Interior{std::uint64_t(N), std::uint64_t(N)};
  const offload::Extent E = Interior.extent(0);
  const offload::Range<Grid2D> Threads(E.x * E.y, Grid2D(E.y, E.x));
  auto Loop = [&](auto &A, auto &B) {
    const offload::Launch Blocks{.block_shape = {StencilX, StencilY, 1}};
    for (Index R = 0; R < Reps; ++R)
      for (Index T = 0; T < Jacobi2D::Steps; ++T) {
        offload(Blocks, jacobiTiledKernel, A, N, Threads, offload::team_memory,
                Region<Real, Rows4>(B, Interior));
        offload(Blocks, jacobiTiledKernel, B, N, Threads, offload::team_memory,
                Region<Real, Rows4>(A, Interior));
      }
  };
  return twoWays(
      Staged, Loop, registers(jacobiTiledKernel),
      [&] { return preloadAll(D.A, D.B); }, [&] { return std::tie(D.A, D.B); });
}
RAJAPERF_BOTH_VARIANTS(Jacobi2DTiled)

} // namespace rajaperf
