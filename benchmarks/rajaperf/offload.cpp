//===- benchmarks/rajaperf/offload.cpp - The kernels with offload() -------===//
//
// Each kernel is an ordinary function: read-only data as std::span<const>,
// written data as a Region whose strategy gives each logical thread its own
// elements, reductions as Reduce, scattered updates as Atomic. No raw
// pointers.
//
// staged(): Interface C, as a production code would run it: the data is
// preloaded once, the reps loop only launches, the results come back when
// the handles are released. automatic(): Interface A, each call moves its
// data both ways.
//
//===----------------------------------------------------------------------===//

#include "formulas.hpp"
#include "offload_common.hpp"

#include <offload/offload.hpp>

#include <algorithm>
#include <limits>
#include <array>
#include <chrono>
#include <climits>
#include <optional>
#include <tuple>

namespace rajaperf {
namespace {

using offload::Grid2D;
using offload::Grid3D;
using offload::GridStride1D;
using offload::Region;
using CR = std::span<const Real>;

//===-- Kernels ----------------------------------------------------------===//

void copyKernel(CR A, Region<Real> C) {
  for (auto [I, Ci] : C)
    Ci = A[I];
}

void triadKernel(CR B, CR C, Real Alpha, Region<Real> A) {
  for (auto [I, Ai] : A)
    Ai = B[I] + Alpha * C[I];
}

void dotKernel(offload::Range<GridStride1D> R, CR A, CR B,
               offload::ReduceSum<Real> Dot) {
  for (std::uint64_t I : R)
    Dot += A[I] * B[I];
}

void daxpyKernel(CR X, Real A, Region<Real> Y) {
  for (auto [I, Yi] : Y)
    Yi += A * X[I];
}

void init3Kernel(CR In1, CR In2, Region<Real> Out1, Region<Real> Out2,
                 Region<Real> Out3) {
  for (auto [I, V] : Out1)
    V = -In1[I] - In2[I];
  for (auto [I, V] : Out2)
    V = -In1[I] - In2[I];
  for (auto [I, V] : Out3)
    V = -In1[I] - In2[I];
}

void reduce3IntKernel(offload::Range<GridStride1D> R, std::span<const int> Vec,
                      offload::ReduceSum<int> Sum, offload::ReduceMin<int> Min,
                      offload::ReduceMax<int> Max) {
  for (std::uint64_t I : R) {
    Sum += Vec[I];
    Min.min(Vec[I]);
    Max.max(Vec[I]);
  }
}

void reduceStructKernel(offload::Range<GridStride1D> R, CR X, CR Y,
                        offload::ReduceSum<Real> XSum,
                        offload::ReduceMin<Real> XMin,
                        offload::ReduceMax<Real> XMax,
                        offload::ReduceSum<Real> YSum,
                        offload::ReduceMin<Real> YMin,
                        offload::ReduceMax<Real> YMax) {
  for (std::uint64_t I : R) {
    XSum += X[I];
    XMin.min(X[I]);
    XMax.max(X[I]);
    YSum += Y[I];
    YMin.min(Y[I]);
    YMax.max(Y[I]);
  }
}

// RAJAPerf's algorithm: one atomic add per element. fetch_add is one atomic
// per call; add(), in the idiomatic variant, lets a GPU combine a warp's adds
// to one address into one.
void piAtomicKernel(offload::Range<> R, Real Dx, offload::Atomic<Real> Pi) {
  for (std::uint64_t I : R) {
    Real X = (Real(I) + 0.5) * Dx;
    (void)Pi.fetch_add(0, Dx / (1.0 + X * X));
  }
}
void piAtomicAggregatedKernel(offload::Range<> R, Real Dx,
                              offload::Atomic<Real> Pi) {
  for (std::uint64_t I : R) {
    Real X = (Real(I) + 0.5) * Dx;
    Pi.add(0, Dx / (1.0 + X * X));
  }
}

void reduceSumKernel(offload::Range<GridStride1D> R, CR X,
                     offload::ReduceSum<Real> Sum) {
  for (std::uint64_t I : R)
    Sum += X[I];
}

// RAJAPerf's algorithm: each block counts into HistogramShared copies of the
// bins in team memory (thread r into copy r % HistogramShared), then adds
// each bin's sum to one of HistogramCopies sets of global counters (by
// block); the host adds the sets. fetch_add is one atomic per call; add(),
// in the idiomatic variant, lets a warp combine its adds.
constexpr std::uint64_t HistogramCopies = 2, HistogramShared = 16;
void histogramKernel(
    offload::Range<GridStride1D> R, std::span<const Index> Bins,
    offload::Tile<unsigned long long, Histogram::NumBins * HistogramShared>
        Local,
    offload::Atomic<unsigned long long> Counts) {
  Local.fill(0ull);
  const std::uint64_t Copy = Local.rank() % HistogramShared;
  // The block's number, from the thread's first position (its own index).
  std::uint64_t Block = 0;
  bool First = true;
  for (std::uint64_t I : R) {
    if (First)
      Block = I / Local.team_size(), First = false;
    Local.add(Bins[I] * HistogramShared + Copy, 1ull);
  }
  Local.sync();
  for (std::uint64_t B : Local.mine()) {
    if (B >= std::uint64_t(Histogram::NumBins))
      break;
    unsigned long long Sum = 0;
    for (std::uint64_t S = 0; S < HistogramShared; ++S)
      Sum += Local[B * HistogramShared + S];
    if (Sum)
      (void)Counts.fetch_add(B + Block % HistogramCopies * Histogram::NumBins,
                             Sum);
  }
}

// Idiomatic: each thread counts a run of Bins and adds a count whenever the
// bin changes.
constexpr std::uint64_t HistogramRun = 16;
void histogramRunsKernel(offload::Range<offload::Chunked1D> R,
                     std::span<const Index> Bins,
                     offload::Atomic<unsigned long long> Counts) {
  for (auto [First, Length] : R) {
    Index Bin = Bins[First];
    unsigned long long Count = 0;
    for (std::uint64_t I = First; I < First + Length; ++I) {
      if (Bins[I] != Bin) {
        Counts.add(Bin, Count);
        Bin = Bins[I], Count = 0;
      }
      ++Count;
    }
    Counts.add(Bin, Count);
  }
}

void firstMinKernel(offload::Range<GridStride1D> R, CR X,
                    offload::ReduceMinLoc<Real> Min) {
  for (std::uint64_t I : R)
    Min.min(X[I], I);
}

void hydro1Kernel(CR Zp, CR Zq, CR Zr, CR Zm, Index Jn, Region<Real, Grid2D> Za,
                  Region<Real, Grid2D> Zb) {
  for (auto [K, J, V] : Za)
    V = formula::hydroZa(Zp, Zq, Zr, Zm, J + K * Jn, Jn);
  for (auto [K, J, V] : Zb)
    V = formula::hydroZb(Zp, Zq, Zr, Zm, J + K * Jn, Jn);
}

void hydro2Kernel(CR Za, CR Zb, CR Zz, CR Zr, Index Jn, Region<Real, Grid2D> Zu,
                  Region<Real, Grid2D> Zv) {
  for (auto [K, J, V] : Zu)
    V += formula::hydroUpdate(Za, Zb, Zz, J + K * Jn, Jn);
  for (auto [K, J, V] : Zv)
    V += formula::hydroUpdate(Za, Zb, Zr, J + K * Jn, Jn);
}

void hydro3Kernel(CR Zr, CR Zz, CR Zu, CR Zv, Index Jn,
                  Region<Real, Grid2D> Zrout, Region<Real, Grid2D> Zzout) {
  for (auto [K, J, V] : Zrout)
    V = Zr[J + K * Jn] + Hydro2D::T * Zu[J + K * Jn];
  for (auto [K, J, V] : Zzout)
    V = Zz[J + K * Jn] + Hydro2D::T * Zv[J + K * Jn];
}

void jacobiKernel(CR In, Index N, Region<Real, Grid2D> Out) {
  for (auto [I, J, V] : Out)
    V = formula::jacobi(In, I, J, N);
}

// Grid3D's i is the fastest index, which is HEAT_3D's k.
void heatKernel(CR In, Index N, Region<Real, Grid3D> Out) {
  for (auto [K, J, I, V] : Out)
    V = formula::heat(In, I, J, K, N);
}

void gemmKernel(CR A, CR B, Index Nk, Index Nj, Region<Real, Grid2D> C) {
  for (auto [I, J, Cij] : C) {
    Real Dot = 0.0;
    Cij *= Gemm::Beta;
    for (Index K = 0; K < Nk; ++K)
      Dot += Gemm::Alpha * A[K + I * Nk] * B[J + K * Nj];
    Cij = Dot;
  }
}

// RAJAPerf's algorithm: B's real zones from the zone list.
void matvecKernel(CR X, CR Dbl, CR Dbc, CR Dbr, CR Dcl, CR Dcc, CR Dcr, CR Dfl,
                  CR Dfc, CR Dfr, CR Cbl, CR Cbc, CR Cbr, CR Ccl, CR Ccc,
                  Index Jp, Index Kp, Region<Real, offload::Indexed<Index>> B) {
  const CR Coef[14] = {Dbl, Dbc, Dbr, Dcl, Dcc, Dcr, Dfl,
                       Dfc, Dfr, Cbl, Cbc, Cbr, Ccl, Ccc};
  for (auto [I, V] : B)
    V = formula::matvec(Coef, X, Index(I), Jp, Kp);
}

// Idiomatic: the real zones as a box of the node array.
void matvecBoxKernel(CR X, CR Dbl, CR Dbc, CR Dbr, CR Dcl, CR Dcc, CR Dcr,
                     CR Dfl, CR Dfc, CR Dfr, CR Cbl, CR Cbc, CR Cbr, CR Ccl,
                     CR Ccc, Index Jp, Index Kp, Region<Real, Grid3D> B) {
  const CR Coef[14] = {Dbl, Dbc, Dbr, Dcl, Dcc, Dcr, Dfl,
                       Dfc, Dfr, Cbl, Cbc, Cbr, Ccl, Ccc};
  for (auto [I, J, K, V] : B)
    V = formula::matvec(Coef, X, I + J * Jp + K * Kp, Jp, Kp);
}

// Vol covers the zones [first, last] of the node array, from First.
void vol3dKernel(CR X, CR Y, CR Z, Index First, Index Jp, Index Kp,
                 Region<Real> Vol) {
  for (auto [I, V] : Vol)
    V = formula::vol3d(X, Y, Z, First + I, Jp, Kp);
}

// Sum covers the zones [first, last] of the node array, from First.
void edge3dKernel(CR X, CR Y, CR Z, Index First, Index Jp, Index Kp,
                  Region<Real> Sum) {
  for (auto [I, S] : Sum)
    S = formula::edge3d(X, Y, Z, First + I, Jp, Kp);
}

// RAJAPerf's algorithm: the zones from the zone list.
void delDotKernel(CR X, CR Y, CR Fx, CR Fy, Index Jp,
                  Region<Real, offload::Indexed<Index>> Div) {
  for (auto [I, V] : Div)
    V = formula::delDotVec2d(X, Y, Fx, Fy, Index(I), Jp);
}

// Idiomatic: the real zones as a box of the node array.
void delDotBoxKernel(CR X, CR Y, CR Fx, CR Fy, Index Jp,
                     Region<Real, Grid2D> Div) {
  for (auto [J, I, V] : Div)
    V = formula::delDotVec2d(X, Y, Fx, Fy, I + J * Jp, Jp);
}

void firKernel(CR In, std::array<Real, Fir::CoefLength> Coef,
               Region<Real> Out) {
  for (auto [I, V] : Out) {
    Real Sum = 0.0;
    for (Index J = 0; J < Fir::CoefLength; ++J)
      Sum += Coef[J] * In[I + J];
    V = Sum;
  }
}

// phi is (z, g, m) with m fastest: Grid3D(m, g, z).
// The sizes are arguments, as in RAJAPerf.
void ltimesKernel(CR Ell, CR Psi, Index NumD, Index NumG,
                  Region<Real, Grid3D> Phi) {
  for (auto [Mi, Gi, Z, V] : Phi)
    for (Index Di = 0; Di < NumD; ++Di)
      V += Ell[Di + Mi * NumD] * Psi[Di + Gi * NumD + Z * NumD * NumG];
}

void zonalKernel(CR X, Index Jp, Index Kp,
                 Region<Real, offload::Indexed<Index>> Vol) {
  for (auto [Z, V] : Vol) {
    const Index I = Index(Z);
    V = 0.125 * (X[I] + X[I + 1] + X[I + Jp] + X[I + 1 + Jp] + X[I + Kp] +
                 X[I + 1 + Kp] + X[I + Jp + Kp] + X[I + 1 + Jp + Kp]);
  }
}

// RAJAPerf's algorithm: one atomic add per value, into its bin.
void multiReduceKernel(offload::Range<> R, std::span<const Index> Bins, CR Data,
                       offload::Atomic<Real> Values) {
  for (std::uint64_t I : R)
    Values.add(Bins[I], Data[I]);
}

void nodalKernel(offload::Range<> R, std::span<const Index> Zones, CR Vol,
                 Index Jp, Index Kp, offload::Atomic<Real> X) {
  for (std::uint64_t Z : R) {
    const Index Zone = Zones[Z];
    const Real Val = 0.125 * Vol[Zone];
    X.add(Zone, Val);
    X.add(Zone + 1, Val);
    X.add(Zone + Jp, Val);
    X.add(Zone + 1 + Jp, Val);
    X.add(Zone + Kp, Val);
    X.add(Zone + 1 + Kp, Val);
    X.add(Zone + Jp + Kp, Val);
    X.add(Zone + 1 + Jp + Kp, Val);
  }
}

void energy1Kernel(CR EOld, CR Delvc, CR POld, CR QOld, CR Work,
                   Region<Real> ENew) {
  for (auto [I, E] : ENew)
    E = EOld[I] - 0.5 * Delvc[I] * (POld[I] + QOld[I]) + 0.5 * Work[I];
}

void energy2Kernel(CR Delvc, CR CompHalfStep, CR Pbvc, CR ENew, CR Bvc,
                   CR PHalfStep, CR QlOld, CR QqOld, Real Rho0,
                   Region<Real> QNew) {
  for (auto [I, Q] : QNew) {
    Real Vhalf = 1.0 / (1.0 + CompHalfStep[I]);
    Q = Delvc[I] > 0.0
            ? 0.0
            : formula::energyQ(Pbvc[I], ENew[I], Vhalf * Vhalf, Bvc[I],
                               PHalfStep[I], Rho0, QlOld[I], QqOld[I]);
  }
}

void energy3Kernel(CR Delvc, CR POld, CR QOld, CR PHalfStep, CR QNew,
                   Region<Real> ENew) {
  for (auto [I, E] : ENew)
    E = E + 0.5 * Delvc[I] *
                (3.0 * (POld[I] + QOld[I]) - 4.0 * (PHalfStep[I] + QNew[I]));
}

void energy4Kernel(CR Work, Real ECut, Real Emin, Region<Real> ENew) {
  for (auto [I, E] : ENew)
    E = formula::cutBelow(E + 0.5 * Work[I], ECut, Emin);
}

void energy5Kernel(CR Delvc, CR Pbvc, CR Vnewc, CR Bvc, CR PNew, CR QlOld,
                   CR QqOld, CR POld, CR QOld, CR PHalfStep, CR QNew, Real Rho0,
                   Real ECut, Real Emin, Region<Real> ENew) {
  for (auto [I, E] : ENew) {
    Real QTilde =
        Delvc[I] > 0.0
            ? 0.0
            : formula::energyQ(Pbvc[I], E, Vnewc[I] * Vnewc[I], Bvc[I], PNew[I],
                               Rho0, QlOld[I], QqOld[I]);
    E = formula::cutBelow(E - (7.0 * (POld[I] + QOld[I]) -
                               8.0 * (PHalfStep[I] + QNew[I]) +
                               (PNew[I] + QTilde)) *
                                  Delvc[I] / 6.0,
                          ECut, Emin);
  }
}

void energy6Kernel(CR Delvc, CR Pbvc, CR ENew, CR Vnewc, CR Bvc, CR PNew,
                   CR QlOld, CR QqOld, Real Rho0, Real QCut,
                   Region<Real> QNew) {
  for (auto [I, Q] : QNew)
    if (Delvc[I] <= 0.0) {
      Real V = formula::energyQ(Pbvc[I], ENew[I], Vnewc[I] * Vnewc[I], Bvc[I],
                                PNew[I], Rho0, QlOld[I], QqOld[I]);
      Q = fabs(V) < QCut ? 0.0 : V;
    }
}

void pressure1Kernel(CR Compression, Real Cls, Region<Real> Bvc) {
  for (auto [I, B] : Bvc)
    B = Cls * (Compression[I] + 1.0);
}

void pressure2Kernel(CR Bvc, CR EOld, CR Vnewc, Real PCut, Real Pmin,
                     Real Eosvmax, Region<Real> PNew) {
  for (auto [I, P] : PNew) {
    Real V = Bvc[I] * EOld[I];
    if (fabs(V) < PCut)
      V = 0.0;
    if (Vnewc[I] >= Eosvmax)
      V = 0.0;
    P = V < Pmin ? Pmin : V;
  }
}

} // namespace

//===-- Variants ---------------------------------------------------------===//
//
// Each kernel's loop takes its arrays as preload handles (staged) or as the
// host vectors themselves (automatic): the same offload() calls either way.

static Measured run(StreamCopy &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &A, auto &C) {
    for (Index R = 0; R < Reps; ++R)
      offload(copyKernel, A, C);
  };
  return twoWays(
      Staged, Loop, registers(copyKernel),
      [&] { return std::make_tuple(preload(D.A), preload_mut(D.C)); },
      [&] { return std::tie(D.A, D.C); });
}
RAJAPERF_BOTH_VARIANTS(StreamCopy)

static Measured run(StreamTriad &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &A, auto &B, auto &C) {
    for (Index R = 0; R < Reps; ++R)
      offload(triadKernel, B, C, D.Alpha, A);
  };
  return twoWays(
      Staged, Loop, registers(triadKernel),
      [&] {
        return std::make_tuple(preload_mut(D.A), preload(D.B), preload(D.C));
      },
      [&] { return std::tie(D.A, D.B, D.C); });
}
RAJAPERF_BOTH_VARIANTS(StreamTriad)

static Measured run(StreamDot &D, Index Reps, bool Staged) {
  const auto Positions = strided(dotKernel, D.N);
  auto Loop = [&](auto &A, auto &B) {
    for (Index R = 0; R < Reps; ++R) {
      Real Dot = 0.0;
      offload(dotKernel, Positions, A, B, Dot);
      D.Dot += Dot;
    }
  };
  return twoWays(
      Staged, Loop, registers(dotKernel),
      [&] { return std::make_tuple(preload(D.A), preload(D.B)); },
      [&] { return std::tie(D.A, D.B); });
}
RAJAPERF_BOTH_VARIANTS(StreamDot)

static Measured run(Daxpy &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &Y, auto &X) {
    for (Index R = 0; R < Reps; ++R)
      offload(daxpyKernel, X, D.A, Y);
  };
  return twoWays(
      Staged, Loop, registers(daxpyKernel),
      [&] { return std::make_tuple(preload_mut(D.Y), preload(D.X)); },
      [&] { return std::tie(D.Y, D.X); });
}
RAJAPERF_BOTH_VARIANTS(Daxpy)

static Measured run(Init3 &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &O1, auto &O2, auto &O3, auto &I1, auto &I2) {
    for (Index R = 0; R < Reps; ++R)
      offload(init3Kernel, I1, I2, O1, O2, O3);
  };
  return twoWays(
      Staged, Loop, registers(init3Kernel),
      [&] {
        return std::make_tuple(preload_mut(D.Out1), preload_mut(D.Out2),
                               preload_mut(D.Out3), preload(D.In1),
                               preload(D.In2));
      },
      [&] { return std::tie(D.Out1, D.Out2, D.Out3, D.In1, D.In2); });
}
RAJAPERF_BOTH_VARIANTS(Init3)

static Measured run(Reduce3Int &D, Index Reps, bool Staged) {
  const auto Positions = strided(reduce3IntKernel, D.N);
  auto Loop = [&](auto &Vec) {
    for (Index R = 0; R < Reps; ++R) {
      int Sum = 0, Min = INT_MAX, Max = INT_MIN;
      offload(reduce3IntKernel, Positions, Vec, Sum, Min, Max);
      D.Sum += Sum;
      D.Min = std::min(D.Min, Min);
      D.Max = std::max(D.Max, Max);
    }
  };
  return twoWays(
      Staged, Loop, registers(reduce3IntKernel),
      [&] { return std::make_tuple(preload(D.Vec)); },
      [&] { return std::tie(D.Vec); });
}
RAJAPERF_BOTH_VARIANTS(Reduce3Int)

static Measured run(ReduceStruct &D, Index Reps, bool Staged) {
  const auto Positions = strided(reduceStructKernel, D.N);
  auto Loop = [&](auto &X, auto &Y) {
    for (Index R = 0; R < Reps; ++R) {
      Real XSum = 0, XMin = std::numeric_limits<Real>::max(),
           XMax = std::numeric_limits<Real>::lowest();
      Real YSum = 0, YMin = XMin, YMax = XMax;
      offload(reduceStructKernel, Positions, X, Y, XSum, XMin, XMax, YSum,
              YMin, YMax);
      D.XSum = XSum, D.XMin = XMin, D.XMax = XMax;
      D.YSum = YSum, D.YMin = YMin, D.YMax = YMax;
    }
  };
  return twoWays(
      Staged, Loop, registers(reduceStructKernel),
      [&] { return std::make_tuple(preload(D.X), preload(D.Y)); },
      [&] { return std::tie(D.X, D.Y); });
}
RAJAPERF_BOTH_VARIANTS(ReduceStruct)

/// Launch(Pi) makes the offload() call.
template <class Launch>
static Measured runPiAtomic(PiAtomic &D, Index Reps, Launch L, int Registers) {
  // No arrays: both interfaces make the same calls.
  return measureAutomatic(
      [&] {
        for (Index R = 0; R < Reps; ++R) {
          std::array<Real, 1> Pi{0.0};
          L(Pi);
          D.Pi = Pi[0] * 4.0;
        }
      },
      Registers);
}
static Measured run(PiAtomic &D, Index Reps, bool) {
  return runPiAtomic(
      D, Reps, [&](auto &Pi) { offload(piAtomicKernel, D.N, D.Dx, Pi); },
      registers(piAtomicKernel));
}
RAJAPERF_BOTH_VARIANTS(PiAtomic)
static Measured run(PiAtomicAggregated &D, Index Reps, bool) {
  return runPiAtomic(
      D, Reps,
      [&](auto &Pi) { offload(piAtomicAggregatedKernel, D.N, D.Dx, Pi); },
      registers(piAtomicAggregatedKernel));
}
RAJAPERF_BOTH_VARIANTS(PiAtomicAggregated)

static Measured run(ReduceSum &D, Index Reps, bool Staged) {
  const auto Positions = strided(reduceSumKernel, D.N);
  auto Loop = [&](auto &X) {
    for (Index R = 0; R < Reps; ++R) {
      Real Sum = 0.0;
      offload(reduceSumKernel, Positions, X, Sum);
      D.Sum = Sum;
    }
  };
  return twoWays(
      Staged, Loop, registers(reduceSumKernel),
      [&] { return std::make_tuple(preload(D.X)); },
      [&] { return std::tie(D.X); });
}
RAJAPERF_BOTH_VARIANTS(ReduceSum)

/// Launch(Bins, Counts) makes the offload() call; Counts holds Copies sets
/// of counters.
template <class Launch>
static Measured runHistogram(Histogram &D, Index Reps, bool Staged,
                             std::uint64_t Copies, Launch L, int Registers) {
  auto Loop = [&](auto &Bins) {
    for (Index R = 0; R < Reps; ++R) {
      std::vector<unsigned long long> Counts(Histogram::NumBins * Copies, 0);
      L(Bins, Counts);
      for (Index B = 0; B < Histogram::NumBins; ++B) {
        D.Counts[B] = 0;
        for (std::uint64_t C = 0; C < Copies; ++C)
          D.Counts[B] += Counts[B + C * Histogram::NumBins];
      }
    }
  };
  return twoWays(
      Staged, Loop, Registers,
      [&] { return std::make_tuple(preload(D.Bins)); },
      [&] { return std::tie(D.Bins); });
}
static Measured run(Histogram &D, Index Reps, bool Staged) {
  // One wave of whole blocks: a kernel with team memory runs whole blocks.
  const std::uint64_t Wave = strided(histogramKernel, D.N).strategy().threads;
  const offload::Range<GridStride1D> Positions(
      D.N,
      GridStride1D{std::min(
          Wave, std::max<std::uint64_t>(256, std::uint64_t(D.N) / 256 * 256))});
  return runHistogram(
      D, Reps, Staged, HistogramCopies,
      [&](auto &Bins, auto &Counts) {
        offload(histogramKernel, Positions, Bins, offload::team_memory, Counts);
      },
      registers(histogramKernel));
}
RAJAPERF_BOTH_VARIANTS(Histogram)
static Measured run(MultiReduce &D, Index Reps, bool Staged) {
  // Each rep's bins come back to a vector of the loop's own: written into
  // D in the loop, they could be the caller's Data for all the residency
  // analysis knows, and Bins and Data would move at every call.
  auto Loop = [&](auto &Bins, auto &Data) {
    std::vector<Real> Last;
    for (Index R = 0; R < Reps; ++R) {
      std::vector<Real> Values(MultiReduce::NumBins, 0.0);
      offload(multiReduceKernel, D.N, Bins, Data, Values);
      Last = Values;
    }
    D.Values = Last;
  };
  return twoWays(
      Staged, Loop, registers(multiReduceKernel),
      [&] { return std::make_tuple(preload(D.Bins), preload(D.Data)); },
      [&] { return std::tie(D.Bins, D.Data); });
}
RAJAPERF_BOTH_VARIANTS(MultiReduce)

static Measured run(HistogramRuns &D, Index Reps, bool Staged) {
  const offload::Range<offload::Chunked1D> Runs(D.N, {HistogramRun});
  return runHistogram(
      D, Reps, Staged, 1,
      [&](auto &Bins, auto &Counts) {
        offload(histogramRunsKernel, Runs, Bins, Counts);
      },
      registers(histogramRunsKernel));
}
RAJAPERF_BOTH_VARIANTS(HistogramRuns)

static Measured run(FirstMin &D, Index Reps, bool Staged) {
  const auto Positions = strided(firstMinKernel, D.N);
  auto Loop = [&](auto &X) {
    for (Index R = 0; R < Reps; ++R) {
      offload::ValueLoc<Real> Min{D.X[0], 0};
      offload(firstMinKernel, Positions, X, Min);
      D.MinLoc = Index(Min.index);
    }
  };
  return twoWays(
      Staged, Loop, registers(firstMinKernel),
      [&] { return std::make_tuple(preload(D.X)); },
      [&] { return std::tie(D.X); });
}
RAJAPERF_BOTH_VARIANTS(FirstMin)

static Measured run(Hydro2D &D, Index Reps, bool Staged) {
  const Index Jn = D.Jn;
  const Grid2D Interior(
      D.Kn, D.Jn, {1, std::uint64_t(D.Kn - 1), 1, std::uint64_t(D.Jn - 1)});
  auto Loop = [&](auto &Zrout, auto &Zzout, auto &Za, auto &Zb, auto &Zu,
                  auto &Zv, auto &Zm, auto &Zp, auto &Zq, auto &Zr, auto &Zz) {
    using R2 = Region<Real, Grid2D>;
    for (Index R = 0; R < Reps; ++R) {
      offload(hydro1Kernel, Zp, Zq, Zr, Zm, Jn, R2(Za, Interior),
              R2(Zb, Interior));
      offload(hydro2Kernel, Za, Zb, Zz, Zr, Jn, R2(Zu, Interior),
              R2(Zv, Interior));
      offload(hydro3Kernel, Zr, Zz, Zu, Zv, Jn, R2(Zrout, Interior),
              R2(Zzout, Interior));
    }
  };
  return twoWays(
      Staged, Loop, registers(hydro1Kernel, hydro2Kernel, hydro3Kernel),
      [&] {
        return std::tuple_cat(
            preloadAll(D.Zrout, D.Zzout, D.Za, D.Zb, D.Zu, D.Zv),
            preloadReadOnly(D.Zm, D.Zp, D.Zq, D.Zr, D.Zz));
      },
      [&] {
        return std::tie(D.Zrout, D.Zzout, D.Za, D.Zb, D.Zu, D.Zv, D.Zm, D.Zp,
                        D.Zq, D.Zr, D.Zz);
      });
}
RAJAPERF_BOTH_VARIANTS(Hydro2D)

static Measured run(Jacobi2D &D, Index Reps, bool Staged) {
  const Index N = D.N;
  const Grid2D Interior(N, N,
                        {1, std::uint64_t(N - 1), 1, std::uint64_t(N - 1)});
  auto Loop = [&](auto &A, auto &B) {
    using R2 = Region<Real, Grid2D>;
    for (Index R = 0; R < Reps; ++R)
      for (Index T = 0; T < Jacobi2D::Steps; ++T) {
        offload(jacobiKernel, A, N, R2(B, Interior));
        offload(jacobiKernel, B, N, R2(A, Interior));
      }
  };
  return twoWays(
      Staged, Loop, registers(jacobiKernel),
      [&] { return preloadAll(D.A, D.B); }, [&] { return std::tie(D.A, D.B); });
}
RAJAPERF_BOTH_VARIANTS(Jacobi2D)

static Measured run(Heat3D &D, Index Reps, bool Staged) {
  const Index N = D.N;
  const std::uint64_t Last = N - 1;
  const Grid3D Interior(N, N, N, {1, Last, 1, Last, 1, Last});
  // RAJAPerf's blocks: 32 along k (contiguous), 8 along j, one i-plane.
  const offload::Launch Blocks{.block_shape = {32, 8, 1}};
  auto Loop = [&](auto &A, auto &B) {
    using R3 = Region<Real, Grid3D>;
    for (Index R = 0; R < Reps; ++R)
      for (Index T = 0; T < Heat3D::Steps; ++T) {
        offload(Blocks, heatKernel, A, N, R3(B, Interior));
        offload(Blocks, heatKernel, B, N, R3(A, Interior));
      }
  };
  return twoWays(
      Staged, Loop, registers(heatKernel), [&] { return preloadAll(D.A, D.B); },
      [&] { return std::tie(D.A, D.B); });
}
RAJAPERF_BOTH_VARIANTS(Heat3D)

static Measured run(Gemm &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &A, auto &B, auto &C) {
    for (Index R = 0; R < Reps; ++R)
      offload(gemmKernel, A, B, D.Nk, D.Nj,
              Region<Real, Grid2D>(C, Grid2D(D.Ni, D.Nj)));
  };
  return twoWays(
      Staged, Loop, registers(gemmKernel),
      [&] {
        return std::make_tuple(preload(D.A), preload(D.B), preload_mut(D.C));
      },
      [&] { return std::tie(D.A, D.B, D.C); });
}
RAJAPERF_BOTH_VARIANTS(Gemm)

/// MATVEC_3D_STENCIL's calls: Loop(B, Zones, X, coefficients...), with the
/// arrays preloaded or not.
template <class Loop>
static Measured runMatvec(Matvec3D &D, bool Staged, Loop L, int Registers) {
  auto &C = D.Coef;
  return twoWays(
      Staged, L, Registers,
      [&] {
        return std::make_tuple(
            preload_mut(D.B), preload(D.RealZones), preload(D.X),
            preload(C[0]), preload(C[1]), preload(C[2]), preload(C[3]),
            preload(C[4]), preload(C[5]), preload(C[6]), preload(C[7]),
            preload(C[8]), preload(C[9]), preload(C[10]), preload(C[11]),
            preload(C[12]), preload(C[13]));
      },
      [&] {
        return std::tie(D.B, D.RealZones, D.X, C[0], C[1], C[2], C[3], C[4],
                        C[5], C[6], C[7], C[8], C[9], C[10], C[11], C[12],
                        C[13]);
      });
}

static Measured run(Matvec3D &D, Index Reps, bool Staged) {
  const Domain &M = D.Dom;
  auto Loop = [&](auto &B, auto &Zones, auto &X, auto &...C) {
    Region<Real, offload::Indexed<Index>> Out(B, offload::Indexed(Zones));
    for (Index R = 0; R < Reps; ++R)
      offload(matvecKernel, X, C..., M.Jp, M.Kp, Out);
  };
  return runMatvec(D, Staged, Loop, registers(matvecKernel));
}
RAJAPERF_BOTH_VARIANTS(Matvec3D)

static Measured run(Matvec3DBox &D, Index Reps, bool Staged) {
  const Domain &M = D.Dom;
  auto U = [](Index V) { return std::uint64_t(V); };
  // B spans the whole node box; the real zones are a box inside it.
  const Grid3D Zones(
      U(M.Jp), U(M.Jp), U(M.Jp),
      {U(M.Imin), U(M.Imax), U(M.Jmin), U(M.Jmax), U(M.Kmin), U(M.Kmax)});
  auto Loop = [&](auto &B, auto &, auto &X, auto &...C) {
    for (Index R = 0; R < Reps; ++R)
      offload(matvecBoxKernel, X, C..., M.Jp, M.Kp,
              Region<Real, Grid3D>(B, Zones));
  };
  return runMatvec(D, Staged, Loop, registers(matvecBoxKernel));
}
RAJAPERF_BOTH_VARIANTS(Matvec3DBox)

/// VOL3D's and EDGE3D's calls: Launch(Zones, X, Y, Z) once per rep, Zones
/// being Out's zones [Fpz, Lpz], each thread one.
static Measured runZonalMesh(ZonalMesh3D &D, Index Reps, bool Staged,
                             int Registers, auto Launch) {
  const Domain &M = D.Dom;
  auto Loop = [&](auto &Out, auto &X, auto &Y, auto &Z) {
    Region<Real> Zones(std::span<Real>(Out).subspan(M.Fpz, M.Lpz + 1 - M.Fpz));
    for (Index R = 0; R < Reps; ++R)
      Launch(Zones, X, Y, Z);
  };
  return twoWays(
      Staged, Loop, Registers,
      [&] {
        return std::make_tuple(preload_mut(D.Out), preload(D.X), preload(D.Y),
                               preload(D.Z));
      },
      [&] { return std::tie(D.Out, D.X, D.Y, D.Z); });
}

static Measured run(Vol3D &D, Index Reps, bool Staged) {
  const Domain &M = D.Dom;
  return runZonalMesh(D, Reps, Staged, registers(vol3dKernel),
                      [&](auto &Zones, auto &X, auto &Y, auto &Z) {
                        offload(vol3dKernel, X, Y, Z, M.Fpz, M.Jp, M.Kp, Zones);
                      });
}
RAJAPERF_BOTH_VARIANTS(Vol3D)

static Measured run(Edge3D &D, Index Reps, bool Staged) {
  const Domain &M = D.Dom;
  return runZonalMesh(D, Reps, Staged, registers(edge3dKernel),
                      [&](auto &Zones, auto &X, auto &Y, auto &Z) {
                        offload(edge3dKernel, X, Y, Z, M.Fpz, M.Jp, M.Kp,
                                Zones);
                      });
}
RAJAPERF_BOTH_VARIANTS(Edge3D)

/// DEL_DOT_VEC_2D's calls: Loop(Div, Zones, X, Y, Xdot, Ydot), with the
/// arrays preloaded or not.
template <class Loop>
static Measured runDelDot(DelDotVec2D &D, bool Staged, Loop L, int Registers) {
  return twoWays(
      Staged, L, Registers,
      [&] {
        return std::make_tuple(preload_mut(D.Div), preload(D.RealZones),
                               preload(D.X), preload(D.Y), preload(D.Xdot),
                               preload(D.Ydot));
      },
      [&] { return std::tie(D.Div, D.RealZones, D.X, D.Y, D.Xdot, D.Ydot); });
}

static Measured run(DelDotVec2D &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &Div, auto &Zones, auto &X, auto &Y, auto &Fx,
                  auto &Fy) {
    Region<Real, offload::Indexed<Index>> Out(Div, offload::Indexed(Zones));
    for (Index R = 0; R < Reps; ++R)
      offload(delDotKernel, X, Y, Fx, Fy, D.Dom.Jp, Out);
  };
  return runDelDot(D, Staged, Loop, registers(delDotKernel));
}
RAJAPERF_BOTH_VARIANTS(DelDotVec2D)

static Measured run(DelDotVec2DBox &D, Index Reps, bool Staged) {
  const Domain &M = D.Dom;
  auto U = [](Index V) { return std::uint64_t(V); };
  const Grid2D Zones(U(M.Jp), U(M.Jp),
                     {U(M.Jmin), U(M.Jmax), U(M.Imin), U(M.Imax)});
  auto Loop = [&](auto &Div, auto &, auto &X, auto &Y, auto &Fx, auto &Fy) {
    for (Index R = 0; R < Reps; ++R)
      offload(delDotBoxKernel, X, Y, Fx, Fy, M.Jp,
              Region<Real, Grid2D>(Div, Zones));
  };
  return runDelDot(D, Staged, Loop, registers(delDotBoxKernel));
}
RAJAPERF_BOTH_VARIANTS(DelDotVec2DBox)

static Measured run(Fir &D, Index Reps, bool Staged) {
  std::array<Real, Fir::CoefLength> Coef;
  std::copy(D.Coef.begin(), D.Coef.end(), Coef.begin());
  auto Loop = [&](auto &Out, auto &In) {
    for (Index R = 0; R < Reps; ++R)
      offload(firKernel, In, Coef, Out);
  };
  return twoWays(
      Staged, Loop, registers(firKernel),
      [&] { return std::make_tuple(preload_mut(D.Out), preload(D.In)); },
      [&] { return std::tie(D.Out, D.In); });
}
RAJAPERF_BOTH_VARIANTS(Fir)

static Measured run(Ltimes &D, Index Reps, bool Staged) {
  const Grid3D Shape(Ltimes::NumM, Ltimes::NumG, D.NumZ);
  auto Loop = [&](auto &Phi, auto &Ell, auto &Psi) {
    for (Index R = 0; R < Reps; ++R)
      offload(ltimesKernel, Ell, Psi, Ltimes::NumD, Ltimes::NumG,
              Region<Real, Grid3D>(Phi, Shape));
  };
  return twoWays(
      Staged, Loop, registers(ltimesKernel),
      [&] {
        return std::make_tuple(preload_mut(D.Phi), preload(D.Ell),
                               preload(D.Psi));
      },
      [&] { return std::tie(D.Phi, D.Ell, D.Psi); });
}
RAJAPERF_BOTH_VARIANTS(Ltimes)

static Measured run(NodalAccumulation3D &D, Index Reps, bool Staged) {
  const Domain &M = D.Dom;
  auto Loop = [&](auto &X, auto &Vol, auto &Zones) {
    for (Index R = 0; R < Reps; ++R)
      offload(nodalKernel, M.RealZones, Zones, Vol, M.Jp, M.Kp, X);
  };
  return twoWays(
      Staged, Loop, registers(nodalKernel),
      [&] {
        return std::make_tuple(preload_mut(D.X), preload(D.Vol),
                               preload(D.RealZones));
      },
      [&] { return std::tie(D.X, D.Vol, D.RealZones); });
}
RAJAPERF_BOTH_VARIANTS(NodalAccumulation3D)

static Measured run(ZonalAccumulation3D &D, Index Reps, bool Staged) {
  const Domain &M = D.Dom;
  auto Loop = [&](auto &Vol, auto &X, auto &Zones) {
    Region<Real, offload::Indexed<Index>> Out(Vol, offload::Indexed(Zones));
    for (Index R = 0; R < Reps; ++R)
      offload(zonalKernel, X, M.Jp, M.Kp, Out);
  };
  return twoWays(
      Staged, Loop, registers(zonalKernel),
      [&] {
        return std::make_tuple(preload_mut(D.Vol), preload(D.X),
                               preload(D.RealZones));
      },
      [&] { return std::tie(D.Vol, D.X, D.RealZones); });
}
RAJAPERF_BOTH_VARIANTS(ZonalAccumulation3D)

static Measured run(Energy &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &ENew, auto &QNew, auto &EOld, auto &Delvc, auto &PNew,
                  auto &POld, auto &QOld, auto &Work, auto &CompHalfStep,
                  auto &PHalfStep, auto &Bvc, auto &Pbvc, auto &QlOld,
                  auto &QqOld, auto &Vnewc) {
    for (Index R = 0; R < Reps; ++R) {
      offload(energy1Kernel, EOld, Delvc, POld, QOld, Work, ENew);
      offload(energy2Kernel, Delvc, CompHalfStep, Pbvc, ENew, Bvc, PHalfStep,
              QlOld, QqOld, D.Rho0, QNew);
      offload(energy3Kernel, Delvc, POld, QOld, PHalfStep, QNew, ENew);
      offload(energy4Kernel, Work, D.ECut, D.Emin, ENew);
      offload(energy5Kernel, Delvc, Pbvc, Vnewc, Bvc, PNew, QlOld, QqOld, POld,
              QOld, PHalfStep, QNew, D.Rho0, D.ECut, D.Emin, ENew);
      offload(energy6Kernel, Delvc, Pbvc, ENew, Vnewc, Bvc, PNew, QlOld, QqOld,
              D.Rho0, D.QCut, QNew);
    }
  };
  return twoWays(
      Staged, Loop,
      registers(energy1Kernel, energy2Kernel, energy3Kernel, energy4Kernel,
                energy5Kernel, energy6Kernel),
      [&] {
        return std::tuple_cat(preloadAll(D.ENew, D.QNew),
                              preloadReadOnly(D.EOld, D.Delvc, D.PNew, D.POld,
                                              D.QOld, D.Work, D.CompHalfStep,
                                              D.PHalfStep, D.Bvc, D.Pbvc,
                                              D.QlOld, D.QqOld, D.Vnewc));
      },
      [&] {
        return std::tie(D.ENew, D.QNew, D.EOld, D.Delvc, D.PNew, D.POld, D.QOld,
                        D.Work, D.CompHalfStep, D.PHalfStep, D.Bvc, D.Pbvc,
                        D.QlOld, D.QqOld, D.Vnewc);
      });
}
RAJAPERF_BOTH_VARIANTS(Energy)

static Measured run(Pressure &D, Index Reps, bool Staged) {
  auto Loop = [&](auto &PNew, auto &Bvc, auto &Compression, auto &EOld,
                  auto &Vnewc) {
    for (Index R = 0; R < Reps; ++R) {
      offload(pressure1Kernel, Compression, D.Cls, Bvc);
      offload(pressure2Kernel, Bvc, EOld, Vnewc, D.PCut, D.Pmin, D.Eosvmax,
              PNew);
    }
  };
  return twoWays(
      Staged, Loop, registers(pressure1Kernel, pressure2Kernel),
      [&] {
        return std::tuple_cat(preloadAll(D.PNew, D.Bvc),
                              preloadReadOnly(D.Compression, D.EOld, D.Vnewc));
      },
      [&] { return std::tie(D.PNew, D.Bvc, D.Compression, D.EOld, D.Vnewc); });
}
RAJAPERF_BOTH_VARIANTS(Pressure)

} // namespace rajaperf
