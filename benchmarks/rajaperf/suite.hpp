//===- benchmarks/rajaperf/suite.hpp - RAJAPerf kernels: data -------------===//
//
// The data of the 22 RAJA Performance Suite kernels this benchmark runs, set
// up exactly as RAJAPerf (LLNL/RAJAPerf, develop 9af20b3f) sets it up, so
// that checksums are comparable with RAJAPerf's own. Plain C++17: the
// offload variants (clang++-22 with the plugin), the host reference and the
// CUDA baselines (nvcc) all include it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <vector>

namespace rajaperf {

using Index = std::int64_t;
using Real = double;

/// rand() has one state per process: set-ups that draw from it must not
/// overlap.
inline std::mutex &randomLock() {
  static std::mutex M;
  return M;
}

/// RAJAPerf's data initialisation. Every call counts, and the count decides
/// the factor of the next array: 0.2 after an even number of calls, 0.1
/// after an odd one. A kernel's set-up starts from zero.
class Init {
public:
  std::vector<Real> data(Index N) {
    std::vector<Real> V(N);
    const Real F = factor();
    for (Index I = 0; I < N; ++I)
      V[I] = F * (Real(I) + 1.1) / (Real(I) + 1.12345);
    ++Count;
    return V;
  }
  template <class T = Real> std::vector<T> constant(Index N, T Value) {
    ++Count;
    return std::vector<T>(N, Value);
  }
  Real scalar() {
    Real V = factor() * 1.1 / 1.12345;
    ++Count;
    return V;
  }
  /// An initialisation whose values the set-up then overwrites: it counts.
  void overwritten() { ++Count; }
  std::vector<Real> randomValues(Index N) {
    std::lock_guard<std::mutex> Lock(randomLock());
    std::srand(4793);
    std::vector<Real> V(N);
    for (Real &X : V)
      X = Real(std::rand()) / RAND_MAX;
    ++Count;
    return V;
  }
  /// data()'s values, each with a random sign.
  std::vector<Real> randomSigns(Index N) {
    std::lock_guard<std::mutex> Lock(randomLock());
    std::srand(4793);
    std::vector<Real> V(N);
    const Real F = factor();
    for (Index I = 0; I < N; ++I) {
      const Real Sign = Real(std::rand()) / RAND_MAX < 0.5 ? -1.0 : 1.0;
      V[I] = Sign * F * (Real(I) + 1.1) / (Real(I) + 1.12345);
    }
    ++Count;
    return V;
  }
  /// +-1 at random, then one -58 and one 19.
  std::vector<int> signs(Index N) {
    std::lock_guard<std::mutex> Lock(randomLock());
    std::srand(4793);
    std::vector<int> V(N);
    for (int &X : V)
      X = Real(std::rand()) / RAND_MAX < 0.5 ? -1 : 1;
    V[std::size_t(N * (Real(std::rand()) / RAND_MAX))] = -58;
    V[std::size_t(N * (Real(std::rand()) / RAND_MAX))] = 19;
    ++Count;
    return V;
  }

private:
  Real factor() const { return Count % 2 ? 0.1 : 0.2; }
  int Count = 0;
};

/// RAJAPerf's checksum: a Kahan sum in long double of
/// (|sin(j + 1)| + 0.5) * x[j], times Scale.
template <class T> long double checksum(const T *X, Index N, Real Scale = 1.0) {
  long double Sum = 0, Carry = 0;
  for (Index J = 0; J < N; ++J) {
    long double Term =
        (std::abs(std::sin(J + 1.0)) + 0.5) * static_cast<long double>(X[J]);
    long double Y = Term - Carry;
    volatile long double T_ = Sum + Y;
    volatile long double Z = T_ - Sum;
    Carry = Z - Y;
    Sum = T_;
  }
  return Sum * Scale;
}
template <class T>
long double checksum(const std::vector<T> &X, Real Scale = 1.0) {
  return checksum(X.data(), Index(X.size()), Scale);
}

/// RAJAPerf's structured mesh (ADomain): two ghost node layers before the
/// real nodes of each dimension, one after.
struct Domain {
  int Dims;
  Index Imin, Imax, Jmin, Jmax, Kmin, Kmax;
  Index Jp, Kp, Nnalls;
  Index Fpz, Lpz;
  Index RealZones, RealNodes;

  Domain(Index RealNodesPerDim, int NumDims) : Dims(NumDims) {
    const Index N = RealNodesPerDim, Stride = N + 3;
    Imin = 2, Imax = N + 1;
    Jmin = Dims >= 2 ? 2 : 0, Jmax = Dims >= 2 ? N + 1 : 0;
    Kmin = Dims >= 3 ? 2 : 0, Kmax = Dims >= 3 ? N + 1 : 0;
    Jp = Dims >= 2 ? Stride : 0;
    Kp = Dims >= 3 ? Stride * Stride : 0;
    Nnalls = Stride * (Dims >= 2 ? Stride : 1) * (Dims >= 3 ? Stride : 1);
    Fpz = (Kmin - 1) * Kp + (Jmin - 1) * Jp + (Imin - 1);
    Lpz = Kmax * Kp + Jmax * Jp + Imax;
    RealZones = (N - 1) * (Dims >= 2 ? N - 1 : 1) * (Dims >= 3 ? N - 1 : 1);
    RealNodes = N * (Dims >= 2 ? N : 1) * (Dims >= 3 ? N : 1);
  }
  /// The real zones' linear indices, ascending (i fastest).
  std::vector<Index> realZones() const {
    std::vector<Index> Z;
    Z.reserve(RealZones);
    for (Index K = Kmin; K < (Dims >= 3 ? Kmax : 1); ++K)
      for (Index J = Jmin; J < (Dims >= 2 ? Jmax : 1); ++J)
        for (Index I = Imin; I < Imax; ++I)
          Z.push_back(I + J * Jp + K * Kp);
    return Z;
  }
};

//===-- The kernels' data ----------------------------------------------===//
//
// One struct per kernel: its sizes, its arrays as RAJAPerf initialises them
// (make()), and what RAJAPerf checksums (checksum()).

struct StreamCopy {
  Index N;
  std::vector<Real> A, C;
  static StreamCopy make(Index Size) {
    Init In;
    StreamCopy D{Size, In.data(Size), {}};
    D.C = In.constant(Size, 0.0);
    return D;
  }
  long double checksum() const { return rajaperf::checksum(C); }
};

struct StreamTriad {
  Index N;
  std::vector<Real> A, B, C;
  Real Alpha;
  static StreamTriad make(Index Size) {
    Init In;
    StreamTriad D{Size, In.constant(Size, 0.0), {}, {}, 0};
    D.B = In.data(Size);
    D.C = In.data(Size);
    D.Alpha = In.scalar();
    return D;
  }
  long double checksum() const {
    return rajaperf::checksum(A, 0.001 * (1000000.0L / N));
  }
};

struct StreamDot {
  Index N;
  std::vector<Real> A, B;
  Real Dot = 0; // summed over the reps
  static StreamDot make(Index Size) {
    Init In;
    StreamDot D{Size, In.data(Size), {}};
    D.B = In.data(Size);
    return D;
  }
  long double checksum() const { return Dot; }
};

struct Daxpy {
  Index N;
  std::vector<Real> Y, X;
  Real A;
  static Daxpy make(Index Size) {
    Init In;
    Daxpy D{Size, In.constant(Size, 0.0), {}, 0};
    D.X = In.data(Size);
    D.A = In.scalar();
    return D;
  }
  long double checksum() const { return rajaperf::checksum(Y); }
};

struct Init3 {
  Index N;
  std::vector<Real> Out1, Out2, Out3, In1, In2;
  static Init3 make(Index Size) {
    Init In;
    Init3 D{Size, In.constant(Size, 0.0), {}, {}, {}, {}};
    D.Out2 = In.constant(Size, 0.0);
    D.Out3 = In.constant(Size, 0.0);
    D.In1 = In.data(Size);
    D.In2 = In.data(Size);
    return D;
  }
  long double checksum() const {
    long double S = rajaperf::checksum(Out1);
    S += rajaperf::checksum(Out2);
    S += rajaperf::checksum(Out3);
    return S;
  }
};

struct Reduce3Int {
  Index N;
  std::vector<int> Vec;
  int Sum = 0, Min = 2147483647, Max = -2147483647 - 1; // over the reps
  static Reduce3Int make(Index Size) {
    Init In;
    return {Size, In.signs(Size)};
  }
  long double checksum() const {
    long double S = Sum;
    S += Min;
    S += Max;
    return S;
  }
};

/// REDUCE_STRUCT: the sum, minimum and maximum of a struct of arrays'
/// coordinates, x[i] = i 100 / N and y[i] = i 50 / N; the centre is the
/// sums over N. Fields hold the last rep's results.
struct ReduceStruct {
  Index N;
  std::vector<Real> X, Y;
  Real XSum = 0, XMin = 0, XMax = 0, YSum = 0, YMin = 0, YMax = 0;
  static ReduceStruct make(Index Size) {
    ReduceStruct D{Size, std::vector<Real>(Size), std::vector<Real>(Size)};
    const Real Dx = 100.0 / Real(Size), Dy = 50.0 / Real(Size);
    for (Index I = 0; I < Size; ++I) {
      D.X[I] = Real(I) * Dx;
      D.Y[I] = Real(I) * Dy;
    }
    return D;
  }
  long double checksum() const {
    long double S = XSum / Real(N);
    S += XMin;
    S += XMax;
    S += YSum / Real(N);
    S += YMin;
    S += YMax;
    return S;
  }
};

struct PiAtomic {
  Index N;
  Real Dx;
  Real Pi = 0; // 4 * the last rep's sum
  static PiAtomic make(Index Size) { return {Size, 1.0 / Real(Size)}; }
  long double checksum() const { return Pi; }
};

struct ReduceSum {
  Index N;
  std::vector<Real> X;
  Real Sum = 0; // the last rep's
  static ReduceSum make(Index Size) {
    Init In;
    return {Size, In.data(Size)};
  }
  long double checksum() const { return rajaperf::checksum(&Sum, 1); }
};

/// RAJAPerf's bin of each of Size elements for HISTOGRAM and MULTI_REDUCE:
/// runs of random lengths, ending at NumBins sorted random edges.
inline std::vector<Index> binRuns(Init &In, Index Size, Index NumBins) {
  std::vector<Real> Edges = In.randomValues(NumBins);
  std::sort(Edges.begin(), Edges.end());
  std::vector<Index> Bins(Size);
  Index Bin = 0;
  for (Index I = 0; I < Size; ++I) {
    const Real Pos = Real(I) / Size;
    while (Bin + 1 < NumBins && Pos >= Edges[Bin])
      ++Bin;
    Bins[I] = Bin;
  }
  return Bins;
}

struct Histogram {
  static constexpr Index NumBins = 10;
  Index N;
  std::vector<Index> Bins;
  std::vector<unsigned long long> Counts; // the last rep's
  static Histogram make(Index Size) {
    Init In;
    return {Size, binRuns(In, Size, NumBins),
            std::vector<unsigned long long>(NumBins, 0)};
  }
  long double checksum() const { return rajaperf::checksum(Counts); }
};

/// MULTI_REDUCE: per bin, the sum of the values assigned to it, the bins
/// as HISTOGRAM's (runs of random lengths); values at random.
struct MultiReduce {
  static constexpr Index NumBins = 10;
  Index N;
  std::vector<Index> Bins;
  std::vector<Real> Data;
  std::vector<Real> Values; // the last rep's
  static MultiReduce make(Index Size) {
    Init In;
    MultiReduce D{
        Size, {}, In.randomValues(Size), std::vector<Real>(NumBins, 0.0)};
    D.Bins = binRuns(In, Size, NumBins);
    return D;
  }
  long double checksum() const { return rajaperf::checksum(Values); }
};

struct FirstMin {
  Index N;
  std::vector<Real> X;
  Index MinLoc = -1;
  static FirstMin make(Index Size) {
    Init In;
    FirstMin D{Size, In.constant(Size, 0.0)};
    D.X[Size / 2] = -1.0e+10;
    return D;
  }
  long double checksum() const { return MinLoc; }
};

struct Hydro2D {
  static constexpr Real S = 0.0041, T = 0.0037;
  Index Size, Jn, Kn;
  std::vector<Real> Zrout, Zzout, Za, Zb, Zm, Zp, Zq, Zr, Zu, Zv, Zz;
  static Hydro2D make(Index Size) {
    Hydro2D D;
    D.Size = Size;
    D.Jn = D.Kn = Index(std::sqrt(Real(Size)) + std::sqrt(2.0) - 1);
    const Index L = D.Jn * D.Kn;
    Init In;
    D.Zrout = In.constant(L, 0.0);
    D.Zzout = In.constant(L, 0.0);
    for (std::vector<Real> *V :
         {&D.Za, &D.Zb, &D.Zm, &D.Zp, &D.Zq, &D.Zr, &D.Zu, &D.Zv, &D.Zz})
      *V = In.data(L);
    return D;
  }
  long double checksum() const {
    const Real Scale = 0.001 * (1000000.0L / Size);
    long double C = rajaperf::checksum(Zzout, Scale);
    C += rajaperf::checksum(Zrout, Scale);
    return C;
  }
};

/// JACOBI_2D and HEAT_3D: A and B start as copies of the initial data and
/// evolve over all reps.
struct Jacobi2D {
  static constexpr Index Steps = 40;
  Index N;
  std::vector<Real> A, B;
  static Jacobi2D make(Index Size) {
    Jacobi2D D;
    D.N = Index(std::sqrt(Real(Size)) + 2 + std::sqrt(2.0) - 1);
    Init In;
    D.A = In.data(D.N * D.N);
    D.B = In.data(D.N * D.N);
    return D;
  }
  long double checksum() const {
    const Real Scale = 0.0001 * (1000000.0L / ((N - 2) * (N - 2)));
    return rajaperf::checksum(A, Scale) + rajaperf::checksum(B, Scale);
  }
};

struct Heat3D {
  static constexpr Index Steps = 20;
  Index N;
  std::vector<Real> A, B;
  static Heat3D make(Index Size) {
    Heat3D D;
    D.N = Index(std::cbrt(Real(Size)) + 2 + std::cbrt(3.0) - 1);
    Init In;
    D.A = In.data(D.N * D.N * D.N);
    D.B = In.data(D.N * D.N * D.N);
    return D;
  }
  long double checksum() const {
    const Real Scale = 0.0001 * (1000000.0L / ((N - 2) * (N - 2) * (N - 2)));
    return rajaperf::checksum(A, Scale) + rajaperf::checksum(B, Scale);
  }
};

struct Gemm {
  static constexpr Real Alpha = 0.62, Beta = 1.002;
  Index Ni, Nj, Nk;
  std::vector<Real> A, B, C;
  static Gemm make(Index Size) {
    Gemm D;
    D.Ni = D.Nj = Index(std::sqrt(Real(Size)) + std::sqrt(2.0) - 1);
    D.Nk = Index(Real(1200) / 1000 * D.Ni);
    Init In;
    D.A = In.data(D.Ni * D.Nk);
    D.B = In.data(D.Nk * D.Nj);
    D.C = In.constant(D.Ni * D.Nj, 0.0);
    return D;
  }
  long double checksum() const {
    return rajaperf::checksum(C, 0.001 * (1000000.0L / (Ni * Nj)));
  }
};

/// The 27-point stencil of MATVEC_3D_STENCIL: RAJAPerf allocates 14
/// coefficient arrays; the other 13 are the symmetric ones, read at shifted
/// positions of those.
struct Matvec3D {
  Domain Dom;
  Index ZoneLength; // what RAJAPerf allocates and checksums
  std::vector<Real> B, X;
  // dbl dbc dbr dcl dcc dcr dfl dfc dfr cbl cbc cbr ccl ccc
  std::vector<Real> Coef[14];
  std::vector<Index> RealZones;
  static Matvec3D make(Index Size) {
    Matvec3D D{
        Domain(Index(std::cbrt(Real(Size)) + 1 + std::cbrt(3.0) - 1), 3)};
    D.ZoneLength = D.Dom.Lpz + 1;
    Init In;
    // B is padded to the whole node box, which makes it a Grid3D; the
    // padding stays zero and is not checksummed.
    D.B = In.constant(D.Dom.Nnalls, 0.0);
    D.X = In.data(D.ZoneLength);
    for (std::vector<Real> &C : D.Coef)
      C = In.data(D.ZoneLength);
    D.RealZones = D.Dom.realZones();
    return D;
  }
  long double checksum() const {
    return rajaperf::checksum(B.data(), ZoneLength,
                              1.0 * (1000000.0L / Dom.RealZones));
  }
};

/// A 3-D domain's node positions on RAJAPerf's regular mesh (spacings 0.3,
/// 0.2, 0.1) and one zonal result, as VOL3D and EDGE3D set them up.
struct ZonalMesh3D {
  Domain Dom;
  std::vector<Real> X, Y, Z, Out;
  static ZonalMesh3D make(Index Size) {
    ZonalMesh3D D{
        Domain(Index(std::cbrt(Real(Size)) + 1 + std::cbrt(3.0) - 1), 3)};
    const Domain &M = D.Dom;
    Init In;
    D.X = In.constant(M.Nnalls, 0.0);
    D.Y = In.constant(M.Nnalls, 0.0);
    D.Z = In.constant(M.Nnalls, 0.0);
    for (Index K = 0; K < M.Kmax + 2; ++K)
      for (Index J = 0; J < M.Jmax + 2; ++J)
        for (Index I = 0; I < M.Imax + 2; ++I) {
          Index N = I + J * M.Jp + K * M.Kp;
          D.X[N] = I * 0.3, D.Y[N] = J * 0.2, D.Z[N] = K * 0.1;
        }
    D.Out = In.constant(M.Nnalls, 0.0);
    return D;
  }
  long double checksum() const {
    return rajaperf::checksum(Out, 0.001 * (1000000.0L / Dom.RealZones));
  }
};

struct Vol3D : ZonalMesh3D {
  static constexpr Real Vnormq = 0.083333333333333333;
  static Vol3D make(Index Size) { return {ZonalMesh3D::make(Size)}; }
};

/// EDGE3D: per zone, the sum of the entries of the 12 x 12 lowest-order edge
/// element matrix (mass plus curl-curl, both weights 1) of the hexahedron,
/// by 2-point Gauss-Legendre quadrature per axis.
struct Edge3D : ZonalMesh3D {
  static constexpr int Corners = 8, Edges = 12, Points1D = 2;
  static constexpr Real Alpha = 1.0, Beta = 1.0, DetjTol = 0.0, Ptiny = 1.0e-50;
  static Edge3D make(Index Size) { return {ZonalMesh3D::make(Size)}; }
};

struct DelDotVec2D {
  static constexpr Real Ptiny = 1.0e-20, Half = 0.5;
  Domain Dom;
  std::vector<Real> X, Y, Xdot, Ydot, Div;
  std::vector<Index> RealZones;
  static DelDotVec2D make(Index Size) {
    DelDotVec2D D{
        Domain(Index(std::sqrt(Real(Size)) + 1 + std::sqrt(2.0) - 1), 2)};
    const Domain &M = D.Dom;
    Init In;
    D.X = In.constant(M.Nnalls, 0.0);
    D.Y = In.constant(M.Nnalls, 0.0);
    In.constant<Index>(0, -1); // RAJAPerf initialises its zone list here
    for (Index J = 0; J < M.Jmax + 2; ++J)
      for (Index I = 0; I < M.Imax + 2; ++I) {
        D.X[I + J * M.Jp] = I * 0.2;
        D.Y[I + J * M.Jp] = J * 0.1;
      }
    D.RealZones = M.realZones();
    D.Xdot = In.data(M.Nnalls);
    D.Ydot = In.data(M.Nnalls);
    D.Div = In.constant(M.Nnalls, 0.0);
    return D;
  }
  long double checksum() const { return rajaperf::checksum(Div); }
};

struct Fir {
  static constexpr Index CoefLength = 16;
  Index N;
  std::vector<Real> In, Out;
  std::vector<Real> Coef{3.0,  -1.0, -1.0, -1.0, -1.0, 3.0,  -1.0, -1.0,
                         -1.0, -1.0, 3.0,  -1.0, -1.0, -1.0, -1.0, 3.0};
  static Fir make(Index Size) {
    Init I;
    Fir D{Size, I.data(Size + CoefLength - 1), {}};
    D.Out = I.constant(Size, 0.0);
    return D;
  }
  long double checksum() const {
    return rajaperf::checksum(Out, 0.0001 * (1000000.0L / N));
  }
};

struct Ltimes {
  static constexpr Index NumD = 64, NumG = 32, NumM = 25;
  Index NumZ;
  std::vector<Real> Phi, Ell, Psi;
  static Ltimes make(Index Size) {
    Ltimes D;
    D.NumZ = std::max<Index>((Size + NumD * NumG / 2) / (NumD * NumG), 1);
    Init In;
    D.Phi = In.constant(NumM * NumG * D.NumZ, 0.0);
    D.Ell = In.data(NumD * NumM);
    D.Psi = In.data(NumD * NumG * D.NumZ);
    return D;
  }
  long double checksum() const {
    const Index Default =
        NumD * NumG * ((1000000 + NumD * NumG / 2) / (NumD * NumG));
    return rajaperf::checksum(Phi, 0.001 * ((long double)Default / Psi.size()));
  }
};

/// The accumulation kernels' 3-D domain, with an array over its nodes (X)
/// and one over its zones (Vol).
struct Accumulation3D {
  Domain Dom;
  std::vector<Real> X, Vol;
  std::vector<Index> RealZones;
  Accumulation3D(Index Size, Real NodeValue, Real ZoneValue)
      : Dom(Index(std::cbrt(Real(Size)) + 1 + std::cbrt(3.0) - 1), 3) {
    Init In;
    X = In.constant(Dom.Nnalls, NodeValue);
    Vol = In.constant(Dom.Lpz + 1, ZoneValue);
    RealZones = Dom.realZones();
  }
  long double checksumOf(const std::vector<Real> &V) const {
    return rajaperf::checksum(V, 0.001 * (1000000.0L / Dom.RealZones));
  }
};

/// NODAL_ACCUMULATION_3D: each real zone adds an eighth of its volume to
/// its eight nodes.
struct NodalAccumulation3D : Accumulation3D {
  static NodalAccumulation3D make(Index Size) {
    return {Accumulation3D(Size, 0.0, 1.0)};
  }
  long double checksum() const { return checksumOf(X); }
};

/// ZONAL_ACCUMULATION_3D: each real zone's volume, an eighth of the sum of
/// its eight nodes' values (NODAL_ACCUMULATION_3D the other way round).
struct ZonalAccumulation3D : Accumulation3D {
  static ZonalAccumulation3D make(Index Size) {
    return {Accumulation3D(Size, 1.0, 0.0)};
  }
  long double checksum() const { return checksumOf(Vol); }
};

struct Energy {
  Index N;
  std::vector<Real> ENew, EOld, Delvc, PNew, POld, QNew, QOld, Work,
      CompHalfStep, PHalfStep, Bvc, Pbvc, QlOld, QqOld, Vnewc;
  Real Rho0, ECut, Emin, QCut;
  static Energy make(Index Size) {
    Energy D;
    D.N = Size;
    Init In;
    D.ENew = In.constant(Size, 0.0);
    D.EOld = In.data(Size);
    D.Delvc = In.data(Size);
    D.PNew = In.data(Size);
    D.POld = In.data(Size);
    D.QNew = In.constant(Size, 0.0);
    for (std::vector<Real> *V :
         {&D.QOld, &D.Work, &D.CompHalfStep, &D.PHalfStep, &D.Bvc, &D.Pbvc,
          &D.QlOld, &D.QqOld, &D.Vnewc})
      *V = In.data(Size);
    D.Rho0 = In.scalar();
    D.ECut = In.scalar();
    D.Emin = In.scalar();
    D.QCut = In.scalar();
    return D;
  }
  long double checksum() const {
    return rajaperf::checksum(ENew) + rajaperf::checksum(QNew);
  }
};

struct Pressure {
  Index N;
  std::vector<Real> Compression, Bvc, PNew, EOld, Vnewc;
  Real Cls, PCut, Pmin, Eosvmax;
  static Pressure make(Index Size) {
    Pressure D;
    D.N = Size;
    Init In;
    D.Compression = In.data(Size);
    D.Bvc = In.data(Size);
    D.PNew = In.constant(Size, 0.0);
    D.EOld = In.data(Size);
    D.Vnewc = In.data(Size);
    D.Cls = In.scalar();
    D.PCut = In.scalar();
    D.Pmin = In.scalar();
    D.Eosvmax = In.scalar();
    return D;
  }
  long double checksum() const { return rajaperf::checksum(PNew); }
};

} // namespace rajaperf
