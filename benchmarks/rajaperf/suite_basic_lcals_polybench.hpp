//===- benchmarks/rajaperf/suite_basic_lcals_polybench.hpp - More data ----===//
//
// The data of 28 more RAJA Performance Suite kernels: this benchmark's Basic,
// Lcals and Polybench kernels that suite.hpp does not have, Stream_ADD,
// Stream_MUL and Algorithm_SCAN. Set up as RAJAPerf (develop 9af20b3f) sets
// them up, with suite.hpp's Init, so that checksums are comparable with
// RAJAPerf's own.
// Plain C++17, like suite.hpp: every variant includes it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "suite.hpp"

namespace rajaperf {

/// RAJAPerf's data with a random sign: Init::data() (which counts as the
/// call), each element negated where rand() draws below one half.
inline std::vector<Real> randomSigns(Init &In, Index N) {
  std::vector<Real> V = In.data(N);
  std::lock_guard<std::mutex> Lock(randomLock());
  std::srand(4793);
  for (Real &X : V)
    if (Real(std::rand()) / RAND_MAX < 0.5)
      X = -X;
  return V;
}

/// The size of a square problem of about Size elements, as RAJAPerf rounds
/// it.
inline Index squareSide(Index Size) {
  return Index(std::sqrt(Real(Size)) + std::sqrt(2.0) - 1);
}

//===-- Stream ---------------------------------------------------------===//

struct StreamAdd {
  Index N;
  std::vector<Real> A, B, C;
  static StreamAdd make(Index Size) {
    Init In;
    StreamAdd D{Size, In.data(Size), {}, {}};
    D.B = In.data(Size);
    D.C = In.constant(Size, 0.0);
    return D;
  }
  long double checksum() const { return rajaperf::checksum(C); }
};

struct StreamMul {
  Index N;
  std::vector<Real> B, C;
  Real Alpha;
  static StreamMul make(Index Size) {
    Init In;
    StreamMul D{Size, In.constant(Size, 0.0), {}, 0};
    D.C = In.data(Size);
    D.Alpha = In.scalar();
    return D;
  }
  long double checksum() const { return rajaperf::checksum(B); }
};

//===-- Basic ----------------------------------------------------------===//

struct IfQuad {
  Index N;
  std::vector<Real> A, B, C, X1, X2;
  static IfQuad make(Index Size) {
    Init In;
    IfQuad D{Size, randomSigns(In, Size), {}, {}, {}, {}};
    D.B = In.data(Size);
    D.C = In.data(Size);
    D.X1 = In.constant(Size, 0.0);
    D.X2 = In.constant(Size, 0.0);
    return D;
  }
  long double checksum() const {
    const Real Scale = 0.0001 * (1000000.0L / N);
    return rajaperf::checksum(X1, Scale) + rajaperf::checksum(X2, Scale);
  }
};

/// INIT_VIEW1D and INIT_VIEW1D_OFFSET: a[i] = (i + 1) * Val, the second
/// through a view whose indices start at 1.
struct InitView1D {
  static constexpr Real Val = 0.00000123;
  Index N;
  std::vector<Real> A;
  static InitView1D make(Index Size) {
    Init In;
    return {Size, In.constant(Size, 0.0)};
  }
  long double checksum() const { return rajaperf::checksum(A); }
};
struct InitView1DOffset : InitView1D {
  static InitView1DOffset make(Index Size) { return {InitView1D::make(Size)}; }
};

struct MulAddSub {
  Index N;
  std::vector<Real> Out1, Out2, Out3, In1, In2;
  static MulAddSub make(Index Size) {
    Init In;
    MulAddSub D{Size, In.constant(Size, 0.0), {}, {}, {}, {}};
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

/// An Ni x Nj x Nk box, i fastest.
struct NestedInit {
  Index Ni, Nj, Nk;
  std::vector<Real> Array;
  static NestedInit make(Index Size) {
    const Index N = Index(std::cbrt(Real(Size)) + std::cbrt(3.0) - 1);
    Init In;
    return {N, N, N, In.constant(N * N * N, 0.0)};
  }
  long double checksum() const { return rajaperf::checksum(Array); }
};

/// TRAP_INT: the trapezoid rule for 1 / |(x, y) - (xp, yp)| at x0 + i * h.
struct TrapInt {
  Index N;
  Real X0, Xp, Y, Yp, H;
  Real Sumx = 0; // summed over the reps, each rep's sum times h
  static TrapInt make(Index Size) {
    Init In;
    TrapInt D{Size};
    const Real Xn = In.scalar();
    D.X0 = In.scalar();
    D.Xp = In.scalar();
    D.Y = In.scalar();
    D.Yp = In.scalar();
    D.H = Xn - D.X0;
    return D;
  }
  long double checksum() const { return Sumx; }
};

struct PiReduce {
  Index N;
  Real Dx;
  Real Pi = 0; // 4 * the last rep's sum
  static PiReduce make(Index Size) { return {Size, 1.0 / Real(Size)}; }
  long double checksum() const { return Pi; }
};

struct Copy8 {
  Index N;
  std::vector<Real> Y[8], X[8];
  static Copy8 make(Index Size) {
    Init In;
    Copy8 D{Size};
    for (std::vector<Real> &V : D.Y)
      V = In.constant(Size, 0.0);
    for (std::vector<Real> &V : D.X)
      V = In.data(Size);
    return D;
  }
  long double checksum() const {
    long double S = 0;
    for (const std::vector<Real> &V : Y)
      S += rajaperf::checksum(V);
    return S;
  }
};

//===-- Lcals ----------------------------------------------------------===//

/// DIFF_PREDICT: Px and Cx are 14 rows of N; the kernel reads row 4 of Cx
/// and updates rows 4..13 of Px column by column.
struct DiffPredict {
  Index N;
  std::vector<Real> Px, Cx;
  static DiffPredict make(Index Size) {
    Init In;
    DiffPredict D{Size, In.constant(14 * Size, 0.0), {}};
    D.Cx = In.data(14 * Size);
    return D;
  }
  long double checksum() const { return rajaperf::checksum(Px); }
};

struct Eos {
  Index N;
  std::vector<Real> X, Y, Z, U; // N + 7 each
  Real Q, R, T;
  static Eos make(Index Size) {
    const Index L = Size + 7;
    Init In;
    Eos D{Size, In.constant(L, 0.0), {}, {}, {}, 0, 0, 0};
    D.Y = In.data(L);
    D.Z = In.data(L);
    D.U = In.data(L);
    D.Q = In.scalar();
    D.R = In.scalar();
    D.T = In.scalar();
    return D;
  }
  long double checksum() const {
    return rajaperf::checksum(X.data(), N, 0.0001 * (1000000.0L / N));
  }
};

struct FirstDiff {
  Index N;
  std::vector<Real> X, Y; // N + 1 each
  static FirstDiff make(Index Size) {
    Init In;
    FirstDiff D{Size, In.constant(Size + 1, 0.0), {}};
    D.Y = In.data(Size + 1);
    return D;
  }
  long double checksum() const { return rajaperf::checksum(X.data(), N); }
};

/// FIRST_SUM: x[i] = y[i-1] + y[i] for i in [1, N).
struct FirstSum {
  Index N;
  std::vector<Real> X, Y;
  static FirstSum make(Index Size) {
    Init In;
    FirstSum D{Size, In.constant(Size, 0.0), {}};
    D.Y = In.data(Size);
    return D;
  }
  long double checksum() const { return rajaperf::checksum(X); }
};

/// MEMSET: x[i] = 0 over data that starts at -1.234567e89.
struct Memset {
  static constexpr Real Value = 0.0;
  Index N;
  std::vector<Real> X;
  static Memset make(Index Size) {
    Init In;
    return {Size, In.constant(Size, -1.234567e89)};
  }
  long double checksum() const { return rajaperf::checksum(X); }
};

/// MEMCPY: y[i] = x[i].
struct Memcpy {
  Index N;
  std::vector<Real> X, Y;
  static Memcpy make(Index Size) {
    Init In;
    Memcpy D{Size, In.constant(Size, 0.0), {}};
    D.Y = In.constant(Size, -1.234567e89);
    return D;
  }
  long double checksum() const { return rajaperf::checksum(Y); }
};

/// ARRAY_OF_PTRS: y[i] = the sum of x_a[i] over the 26 arrays x_a, which
/// are consecutive parts of one allocation (RAJAPerf passes the kernel
/// their 26 pointers).
struct ArrayOfPtrs {
  static constexpr Index Arrays = 26;
  Index N;
  std::vector<Real> Y, X;
  static ArrayOfPtrs make(Index Size) {
    Init In;
    ArrayOfPtrs D{Size, In.constant(Size, 0.0), {}};
    D.X = In.data(Arrays * Size);
    return D;
  }
  long double checksum() const { return rajaperf::checksum(Y); }
};

/// ATOMIC: atomic[i % 4096] += 1 for every i, over the reps (RAJAPerf's
/// GPU replication); the result is the slots' sum, in order.
struct AtomicAdds {
  static constexpr Index Replication = 4096;
  Index N;
  std::vector<Real> Slots;
  static AtomicAdds make(Index Size) {
    Init In;
    return {Size, In.constant(Replication, 0.0)};
  }
  long double checksum() const {
    Real Sum = 0.0;
    for (Real S : Slots)
      Sum += S;
    return Sum;
  }
};

/// DAXPY_ATOMIC: y[i] += a x[i] by an atomic add.
struct DaxpyAtomic {
  Index N;
  std::vector<Real> Y, X;
  Real A;
  static DaxpyAtomic make(Index Size) {
    Init In;
    DaxpyAtomic D{Size, In.constant(Size, 0.0), {}, 0};
    D.X = In.data(Size);
    D.A = In.scalar();
    return D;
  }
  long double checksum() const { return rajaperf::checksum(Y); }
};

struct Hydro1D {
  Index N;
  std::vector<Real> X, Y, Z; // N + 12 each
  Real Q, R, T;
  static Hydro1D make(Index Size) {
    const Index L = Size + 12;
    Init In;
    Hydro1D D{Size, In.constant(L, 0.0), {}, {}, 0, 0, 0};
    D.Y = In.data(L);
    D.Z = In.data(L);
    D.Q = In.scalar();
    D.R = In.scalar();
    D.T = In.scalar();
    return D;
  }
  long double checksum() const {
    return rajaperf::checksum(X.data(), N, 0.001 * (1000000.0L / N));
  }
};

/// INT_PREDICT's coefficients, a kernel argument.
struct IntPredictCoefs {
  Real Dm22, Dm23, Dm24, Dm25, Dm26, Dm27, Dm28, C0;
};

/// INT_PREDICT: Px is 13 rows of N, all 1.0; the kernel writes row 0 from
/// rows 2 and 4..12. The checksum is of row 0 less its initial value.
struct IntPredict {
  static constexpr Real PxInit = 1.0;
  Index N;
  std::vector<Real> Px;
  IntPredictCoefs K;
  static IntPredict make(Index Size) {
    Init In;
    IntPredict D{Size, In.constant(13 * Size, PxInit), {}};
    IntPredictCoefs &K = D.K;
    for (Real *S :
         {&K.Dm22, &K.Dm23, &K.Dm24, &K.Dm25, &K.Dm26, &K.Dm27, &K.Dm28, &K.C0})
      *S = In.scalar();
    return D;
  }
  long double checksum() const {
    std::vector<Real> Row(Px.begin(), Px.begin() + N);
    for (Real &V : Row)
      V -= PxInit;
    return rajaperf::checksum(Row);
  }
};

struct Planckian {
  Index N;
  std::vector<Real> X, Y, U, V, W;
  static Planckian make(Index Size) {
    Init In;
    Planckian D{Size, In.data(Size), {}, {}, {}, {}};
    D.Y = In.data(Size);
    D.U = In.data(Size);
    D.V = In.data(Size);
    D.W = In.constant(Size, 0.0);
    return D;
  }
  long double checksum() const { return rajaperf::checksum(W); }
};

/// TRIDIAG_ELIM: arrays of N + 1, the kernel writes xout[1..N]; RAJAPerf
/// checksums xout[0..N).
struct TridiagElim {
  Index N;
  std::vector<Real> Xout, Xin, Y, Z;
  static TridiagElim make(Index Size) {
    Init In;
    TridiagElim D{Size, In.constant(Size + 1, 0.0), {}, {}, {}};
    D.Xin = In.data(Size + 1);
    D.Y = In.data(Size + 1);
    D.Z = In.data(Size + 1);
    return D;
  }
  long double checksum() const { return rajaperf::checksum(Xout.data(), N); }
};

/// GEN_LIN_RECUR: two passes over the elements per rep (ascending, then
/// descending); Stb5 evolves over the reps.
struct GenLinRecur {
  Index N;
  std::vector<Real> B5, Stb5, Sa, Sb;
  static GenLinRecur make(Index Size) {
    Init In;
    GenLinRecur D{Size, In.constant(Size, 0.0), {}, {}, {}};
    D.Stb5 = In.data(Size);
    D.Sa = In.data(Size);
    D.Sb = In.data(Size);
    return D;
  }
  long double checksum() const {
    return rajaperf::checksum(B5, 0.01 * (1000000.0L / N));
  }
};

//===-- Polybench ------------------------------------------------------===//

/// JACOBI_1D: A and B start as copies of the initial data and evolve over
/// all reps; N is the array length, the problem size N - 2.
struct Jacobi1D {
  static constexpr Index Steps = 16;
  Index N;
  std::vector<Real> A, B;
  static Jacobi1D make(Index Size) {
    Init In;
    Jacobi1D D{Size + 2, In.data(Size + 2), {}};
    D.B = In.data(Size + 2);
    return D;
  }
  long double checksum() const {
    const Real Scale = 0.0001 * (1000000.0L / (N - 2));
    return rajaperf::checksum(A, Scale) + rajaperf::checksum(B, Scale);
  }
};

struct Atax {
  Index N;
  std::vector<Real> Tmp, X, A, Y;
  static Atax make(Index Size) {
    const Index N = squareSide(Size);
    Init In;
    Atax D{N, In.data(N), {}, {}, {}};
    D.X = In.data(N);
    D.A = In.data(N * N);
    D.Y = In.constant(N, 0.0);
    return D;
  }
  long double checksum() const {
    return rajaperf::checksum(Y, 0.001 * (1000000.0L / (N * N)));
  }
};

/// MVT: X1 and X2 accumulate over the reps.
struct Mvt {
  Index N;
  std::vector<Real> Y1, Y2, A, X1, X2;
  static Mvt make(Index Size) {
    const Index N = squareSide(Size);
    Init In;
    Mvt D{N, In.data(N), {}, {}, {}, {}};
    D.Y2 = In.data(N);
    D.A = In.data(N * N);
    D.X1 = In.constant(N, 0.0);
    D.X2 = In.constant(N, 0.0);
    return D;
  }
  long double checksum() const {
    const Real Scale = 1.0 * (1000000.0L / (N * N));
    return rajaperf::checksum(X1, Scale) + rajaperf::checksum(X2, Scale);
  }
};

struct Gesummv {
  static constexpr Real Alpha = 0.62, Beta = 1.002;
  Index N;
  std::vector<Real> X, Y, A, B;
  static Gesummv make(Index Size) {
    const Index N = squareSide(Size);
    Init In;
    Gesummv D{N, In.data(N), {}, {}, {}};
    D.Y = In.constant(N, 0.0);
    D.A = In.data(N * N);
    D.B = In.data(N * N);
    return D;
  }
  long double checksum() const { return rajaperf::checksum(Y); }
};

/// 2MM: tmp = alpha A B, D = beta + tmp C (row-major, RAJAPerf's
/// arithmetic).
struct TwoMM {
  static constexpr Real Alpha = 1.5, Beta = 1.2;
  Index Ni, Nj, Nk, Nl;
  std::vector<Real> Tmp, A, B, C, D;
  static TwoMM make(Index Size) {
    TwoMM M;
    M.Ni = M.Nj = M.Nl = squareSide(Size);
    M.Nk = Index(Real(1120) / 1000 * M.Ni);
    Init In;
    M.Tmp = In.data(M.Ni * M.Nj);
    M.A = In.data(M.Ni * M.Nk);
    M.B = In.data(M.Nk * M.Nj);
    M.C = In.data(M.Nj * M.Nl);
    M.D = In.constant(M.Ni * M.Nl, 0.0);
    return M;
  }
  long double checksum() const {
    const Index Actual = std::max(Ni * Nj, Ni * Nl);
    return rajaperf::checksum(D, 0.000001 * (1000000.0L / Actual));
  }
};

/// 3MM: E = A B, F = C D, G = E F (row-major, RAJAPerf's arithmetic).
struct ThreeMM {
  Index Ni, Nj, Nk, Nl, Nm;
  std::vector<Real> A, B, C, D, E, F, G;
  static ThreeMM make(Index Size) {
    ThreeMM M;
    M.Ni = M.Nj = M.Nl = squareSide(Size);
    M.Nk = Index(Real(1010) / 1000 * M.Ni);
    M.Nm = Index(Real(1200) / 1000 * M.Ni);
    Init In;
    M.A = In.data(M.Ni * M.Nk);
    M.B = In.data(M.Nk * M.Nj);
    M.C = In.data(M.Nj * M.Nm);
    M.D = In.data(M.Nm * M.Nl);
    M.E = In.constant(M.Ni * M.Nj, 0.0);
    M.F = In.constant(M.Nj * M.Nl, 0.0);
    M.G = In.constant(M.Ni * M.Nl, 0.0);
    return M;
  }
  long double checksum() const {
    const Index Actual = std::max({Ni * Nj, Nj * Nl, Ni * Nl});
    return rajaperf::checksum(G, 0.000000001 * (1000000.0L / Actual));
  }
};

/// GEMVER: A += u1 v1^T + u2 v2^T, x += beta A^T y, x += z, w += alpha A x;
/// w accumulates over the reps.
struct Gemver {
  static constexpr Real Alpha = 1.5, Beta = 1.2;
  Index N;
  std::vector<Real> A, U1, V1, U2, V2, W, X, Y, Z;
  static Gemver make(Index Size) {
    Gemver G;
    G.N = squareSide(Size);
    Init In;
    G.A = In.data(G.N * G.N);
    G.U1 = In.data(G.N);
    G.V1 = In.data(G.N);
    G.U2 = In.data(G.N);
    G.V2 = In.data(G.N);
    G.W = In.constant(G.N, 0.0);
    G.X = In.data(G.N);
    G.Y = In.data(G.N);
    G.Z = In.data(G.N);
    return G;
  }
  long double checksum() const {
    return rajaperf::checksum(W, 0.001 * (1000000.0L / (N * N)));
  }
};

/// FLOYD_WARSHALL: per k, pout(i, j) = min(pin(i, j), pin(i, k) + pin(k, j)),
/// pin never written (RAJAPerf's arithmetic).
struct FloydWarshall {
  Index N;
  std::vector<Real> In, Out;
  static FloydWarshall make(Index Size) {
    FloydWarshall F;
    F.N = squareSide(Size);
    Init Data;
    F.In = Data.randomSigns(F.N * F.N);
    F.Out = Data.constant(F.N * F.N, 0.0);
    return F;
  }
  long double checksum() const {
    return rajaperf::checksum(Out, 1000000.0L / (N * N));
  }
};

/// ADI: alternating-direction implicit sweeps over N x N grids, four time
/// steps per rep, each a column sweep (row i solves column i's tridiagonal
/// system into P and Q's row i, then V's column i) and a row sweep (U, P and
/// Q's row i), rows and columns 1 to N - 2; RAJAPerf's arithmetic.
struct Adi {
  static constexpr Index Steps = 4;
  Index N;
  std::vector<Real> U, V, P, Q;
  /// The tridiagonal systems' coefficients.
  struct Coefficients {
    Real A, B, C, D, E, F;
  };
  static Adi make(Index Size) {
    Adi D;
    D.N = Index(std::sqrt(Real(Size)) + 2 + std::sqrt(2.0) - 1);
    Init In;
    D.U = In.constant(D.N * D.N, 0.0);
    D.V = In.data(D.N * D.N);
    D.P = In.data(D.N * D.N);
    D.Q = In.data(D.N * D.N);
    return D;
  }
  Coefficients coefficients() const {
    const Real Dx = 1.0 / Real(N), Dy = 1.0 / Real(N), Dt = 1.0 / Real(Steps);
    const Real Mul1 = 2.0 * Dt / (Dx * Dx), Mul2 = 1.0 * Dt / (Dy * Dy);
    const Real A = -Mul1 / 2.0, D = -Mul2 / 2.0;
    return {A, 1.0 + Mul1, A, D, 1.0 + Mul2, D};
  }
  long double checksum() const {
    return rajaperf::checksum(U, 0.0000001 *
                                     (1000000.0 / Real((N - 2) * (N - 2))));
  }
};

/// FDTD_2D: Nx x Ny fields, 40 time steps per rep, evolving over the reps.
struct Fdtd2D {
  static constexpr Index Steps = 40;
  static constexpr Index DefaultSize = 999000; // max(999 * 1000, 1000 * 999)
  Index Nx, Ny;
  std::vector<Real> Hz, Ex, Ey, Fict;
  static Fdtd2D make(Index Size) {
    Fdtd2D F;
    F.Nx = F.Ny = Index(std::sqrt(Real(Size)) + 1 + std::sqrt(2.0) - 1);
    Init In;
    F.Hz = In.constant(F.Nx * F.Ny, 0.0);
    F.Ex = In.data(F.Nx * F.Ny);
    F.Ey = In.data(F.Nx * F.Ny);
    F.Fict = In.data(Steps);
    return F;
  }
  long double checksum() const {
    const Index Actual = std::max((Nx - 1) * Ny, Nx * (Ny - 1));
    return rajaperf::checksum(Hz, 0.001 * ((long double)DefaultSize / Actual));
  }
};

/// MAT_MAT_SHARED: C = A B for N x N matrices of ones, in tiles of 16 x 16
/// in team memory; every element of C is N.
struct MatMatShared {
  static constexpr Index Side = 16;
  Index N;
  std::vector<Real> A, B, C;
  static MatMatShared make(Index Size) {
    MatMatShared M;
    M.N = Index(std::sqrt(Real(Size)) + std::sqrt(2.0) - 1);
    Init In;
    M.A = In.constant(M.N * M.N, 1.0);
    M.B = In.constant(M.N * M.N, 1.0);
    M.C = In.constant(M.N * M.N, 0.0);
    return M;
  }
  long double checksum() const {
    return rajaperf::checksum(C, 0.000001 * (1000000.0L / (N * N)));
  }
};

/// SCAN: Y = the exclusive prefix sums of X (random values in [0, 1]).
struct Scan {
  Index N;
  std::vector<Real> X, Y;
  static Scan make(Index Size) {
    Init In;
    Scan D{Size, In.randomValues(Size), {}};
    D.Y = In.constant(Size, 0.0);
    return D;
  }
  long double checksum() const {
    return rajaperf::checksum(Y, 1e-2 * (1000000.0L / N) / N);
  }
};

/// SORT: rep r sorts its own N of the N * reps random values ascending,
/// [rN, rN + N).
struct Sort {
  Index N, Reps;
  std::vector<Real> X;
  static Sort make(Index Size, Index Reps = 1) {
    Init In;
    return {Size, Reps, In.randomValues(Size * Reps)};
  }
  long double checksum() const { return rajaperf::checksum(X); }
};

/// SORTPAIRS: the same, each value of I (the same random numbers as X)
/// moving with its key.
struct SortPairs {
  Index N, Reps;
  std::vector<Real> X, I;
  static SortPairs make(Index Size, Index Reps = 1) {
    Init In;
    SortPairs D{Size, Reps, In.randomValues(Size * Reps), {}};
    D.I = In.randomValues(Size * Reps);
    return D;
  }
  long double checksum() const {
    return rajaperf::checksum(X) + rajaperf::checksum(I);
  }
};

/// INDEXLIST_3LOOP: the indices of X's negative elements into List (the
/// rest of List keeps its values), and their count: 0/1 counts, their
/// exclusive scan, and each selected index written where the scan says.
struct IndexList3Loop {
  Index N;
  std::vector<Real> X;
  std::vector<int> List;
  Index Len = -1;
  static IndexList3Loop make(Index Size) {
    Init In;
    IndexList3Loop D{Size, randomSigns(In, Size), {}};
    D.List = In.signs(Size);
    return D;
  }
  long double checksum() const {
    return rajaperf::checksum(List) + (long double)Len;
  }
};

/// INDEXLIST: the same list and count as INDEXLIST_3LOOP, in one pass.
struct IndexList : IndexList3Loop {
  static IndexList make(Index Size) { return {IndexList3Loop::make(Size)}; }
};

/// HALO_PACKING: a cube of Dim^3 zones inside a halo one zone wide, and,
/// for each of the 26 neighbours of a rank that is its own neighbour, the
/// zones it sends and the halo zones it receives as increasing index lists
/// (RAJAPerf's HALO_base); three variables. A rep packs each variable's
/// sent zones into the neighbour's send buffer, then unpacks the
/// neighbour's receive buffer into the halo. Each kind of array is one
/// vector: neighbour L's list is [Start[L], Start[L + 1]) of its lists, its
/// buffer Vars times that, variable by variable. RAJAPerf checksums each
/// variable and each send buffer.
struct HaloPacking {
  static constexpr int Neighbours = 26, Vars = 3;
  Index Dim, Zones; // zones per side without the halo; per variable with it
  std::vector<int> PackList, UnpackList;
  std::vector<Index> PackStart, UnpackStart;
  std::vector<Real> Values, SendBuffer, ReceiveBuffer;

  static constexpr int Offsets[Neighbours][3] = {
      {-1, 0, 0},  {1, 0, 0},   {0, -1, 0},  {0, 1, 0},    {0, 0, -1},
      {0, 0, 1},   {-1, -1, 0}, {-1, 1, 0},  {1, -1, 0},   {1, 1, 0},
      {-1, 0, -1}, {-1, 0, 1},  {1, 0, -1},  {1, 0, 1},    {0, -1, -1},
      {0, -1, 1},  {0, 1, -1},  {0, 1, 1},   {-1, -1, -1}, {-1, -1, 1},
      {-1, 1, -1}, {-1, 1, 1},  {1, -1, -1}, {1, -1, 1},   {1, 1, -1},
      {1, 1, 1}};
  /// The zones of neighbour L's box: the layer inside the halo it is sent
  /// (Send), or the halo layer it fills.
  static std::vector<int> box(Index Dim, int L, bool Send) {
    const Index Side = Dim + 2;
    Index Lo[3], Hi[3];
    for (int D = 0; D < 3; ++D) {
      const int O = Offsets[L][D];
      Lo[D] = O == 0 ? 1 : O < 0 ? (Send ? 1 : 0) : (Send ? Dim : Dim + 1);
      Hi[D] = O == 0 ? Dim + 1 : Lo[D] + 1;
    }
    std::vector<int> List;
    for (Index K = Lo[2]; K < Hi[2]; ++K)
      for (Index J = Lo[1]; J < Hi[1]; ++J)
        for (Index I = Lo[0]; I < Hi[0]; ++I)
          List.push_back(int(I + Side * (J + Side * K)));
    return List;
  }
  /// WithValues false: the lists and buffers alone (HALO_SENDRECV's set-up).
  static HaloPacking make(Index Size, bool WithValues = true) {
    Init In;
    HaloPacking H;
    H.Dim = Index(std::cbrt(Real(Size)) + std::cbrt(3.0) - 1.0);
    H.Zones = (H.Dim + 2) * (H.Dim + 2) * (H.Dim + 2);
    H.PackStart = H.UnpackStart = {0};
    for (int L = 0; L < Neighbours; ++L)
      for (bool Send : {true, false}) {
        In.overwritten(); // RAJAPerf initialises each list, then fills it
        std::vector<int> &List = Send ? H.PackList : H.UnpackList;
        std::vector<int> Box = box(H.Dim, L, Send);
        List.insert(List.end(), Box.begin(), Box.end());
        (Send ? H.PackStart : H.UnpackStart).push_back(Index(List.size()));
      }
    H.Values.resize(WithValues ? Vars * H.Zones : 0);
    for (int V = 0; WithValues && V < Vars; ++V) {
      In.overwritten();
      for (Index I = 0; I < H.Zones; ++I)
        H.Values[V * H.Zones + I] = Real(I + V);
    }
    for (int L = 0; L < Neighbours; ++L) {
      std::vector<Real> B =
          In.data(Vars * (H.PackStart[L + 1] - H.PackStart[L]));
      H.SendBuffer.insert(H.SendBuffer.end(), B.begin(), B.end());
    }
    for (int L = 0; L < Neighbours; ++L) {
      std::vector<Real> B =
          In.data(Vars * (H.UnpackStart[L + 1] - H.UnpackStart[L]));
      H.ReceiveBuffer.insert(H.ReceiveBuffer.end(), B.begin(), B.end());
    }
    return H;
  }
  /// Neighbour L's variable V: where it lies in the send (Pack) or receive
  /// buffer, where its list starts, and its length.
  struct Part {
    Index Buffer, List, Len;
  };
  Part part(int L, int V, bool Pack) const {
    const std::vector<Index> &Start = Pack ? PackStart : UnpackStart;
    const Index First = Start[L], Len = Start[L + 1] - First;
    return {Vars * First + V * Len, First, Len};
  }
  /// Each(part, V) for every neighbour's every variable, in RAJAPerf's
  /// order.
  template <class F> void forEachPart(bool Pack, F Each) const {
    for (int L = 0; L < Neighbours; ++L)
      for (int V = 0; V < Vars; ++V)
        Each(part(L, V, Pack), V);
  }
  /// On one MPI rank every neighbour is the rank itself (periodically), and
  /// neighbour L receives the message sent to the opposite neighbour
  /// (RAJAPerf's tags): Len values from From in the send buffer to To in
  /// the receive buffer.
  struct Message {
    Index From, To, Len;
  };
  std::vector<Message> messages() const {
    std::vector<Message> All;
    for (int L = 0; L < Neighbours; ++L) {
      int Across = 0;
      while (Offsets[Across][0] != -Offsets[L][0] ||
             Offsets[Across][1] != -Offsets[L][1] ||
             Offsets[Across][2] != -Offsets[L][2])
        ++Across;
      All.push_back({Vars * PackStart[Across], Vars * UnpackStart[L],
                     Vars * (UnpackStart[L + 1] - UnpackStart[L])});
    }
    return All;
  }
  long double valuesChecksum() const {
    long double Sum = 0;
    for (int V = 0; V < Vars; ++V)
      Sum += rajaperf::checksum(Values.data() + V * Zones, Zones);
    return Sum;
  }
  /// Sum plus RAJAPerf's checksums of the neighbours' buffers, one by one
  /// (in its order of additions).
  static long double buffersChecksum(const std::vector<Real> &Buffer,
                                     const std::vector<Index> &Start,
                                     long double Sum = 0) {
    for (int L = 0; L < Neighbours; ++L)
      Sum += rajaperf::checksum(Buffer.data() + Vars * Start[L],
                                Vars * (Start[L + 1] - Start[L]));
    return Sum;
  }
  long double checksum() const {
    return buffersChecksum(SendBuffer, PackStart, valuesChecksum());
  }
};

/// HALO_EXCHANGE on one MPI rank (RAJAPerf's Comm kernels need MPI; ours
/// run without it): HALO_PACKING's packing and unpacking with the exchange
/// of the 26 messages between them, each a copy on the device from the
/// send buffer into the receive buffer. RAJAPerf checksums the variables.
struct HaloExchange : HaloPacking {
  static HaloExchange make(Index Size) { return {HaloPacking::make(Size)}; }
  long double checksum() const { return valuesChecksum(); }
};

/// HALO_SENDRECV on one MPI rank: the exchange alone, of buffers set up
/// once; RAJAPerf checksums the receive buffers.
struct HaloSendRecv : HaloPacking {
  static HaloSendRecv make(Index Size) {
    return {HaloPacking::make(Size, false)};
  }
  long double checksum() const {
    return buffersChecksum(ReceiveBuffer, UnpackStart);
  }
};

/// HALO_PACKING_FUSED: HALO_PACKING's data and result, each rep one launch
/// that packs every neighbour's buffer and one that unpacks them. Set up
/// beside it: the halo zones of all variables in increasing order (zone +
/// variable * Zones) with the receive buffer entry that fills each.
struct HaloPackingFused : HaloPacking {
  std::vector<int> HaloZones, HaloEntries;
  /// Where each neighbour's variable starts in the send buffer, in
  /// RAJAPerf's order, and the buffer's end; threads for each part: the
  /// parts' average length in whole blocks of 256, as RAJAPerf's grid.
  std::vector<Index> SendParts;
  Index PartThreads;
  static HaloPackingFused make(Index Size) {
    HaloPackingFused H{HaloPacking::make(Size), {}, {}, {}, 0};
    H.forEachPart(true, [&](Part P, int) { H.SendParts.push_back(P.Buffer); });
    H.SendParts.push_back(Index(H.SendBuffer.size()));
    const Index Average = Index(H.PackList.size()) / Neighbours;
    H.PartThreads = (Average + 255) / 256 * 256;
    std::vector<std::pair<int, int>> Halo;
    H.forEachPart(false, [&](Part P, int V) {
      for (Index I = 0; I < P.Len; ++I)
        Halo.push_back(
            {int(V * H.Zones + H.UnpackList[P.List + I]), int(P.Buffer + I)});
    });
    std::sort(Halo.begin(), Halo.end());
    for (auto [Zone, Entry] : Halo) {
      H.HaloZones.push_back(Zone);
      H.HaloEntries.push_back(Entry);
    }
    return H;
  }
};

/// HALO_EXCHANGE_FUSED on one MPI rank: HALO_PACKING_FUSED's launches with
/// the exchange of the 26 messages between them.
struct HaloExchangeFused : HaloPackingFused {
  static HaloExchangeFused make(Index Size) {
    return {HaloPackingFused::make(Size)};
  }
  long double checksum() const { return valuesChecksum(); }
};

/// MASS3DEA: each of NE elements' 64 x 64 mass matrix from the basis B
/// (Q1D x D1D quadrature points by dofs per dimension) and the element's
/// Q1D^3 quadrature weights D: entry (i, j) = sum over the quadrature points
/// k of B(k1, i1) B(k1, j1) B(k2, i2) B(k2, j2) B(k3, i3) B(k3, j3) D(k, e).
/// M holds entry (i1 i2 i3, j1 j2 j3) of element e at i1 + 4 (i2 + 4 (i3 +
/// 4 (j1 + 4 (j2 + 4 (j3 + 4 e))))).
struct Mass3DEA {
  static constexpr Index D1D = 4, Q1D = 5, Entries = 4096;
  Index NE;
  std::vector<Real> B, D, M;
  static Mass3DEA make(Index Size) {
    Init In;
    Mass3DEA E;
    E.NE = std::max<Index>((Size + Entries / 2) / Entries, 1);
    E.B = In.constant(Q1D * D1D, 1.0);
    E.D = In.constant(Q1D * Q1D * Q1D * E.NE, 1.0);
    E.M = In.constant(Entries * E.NE, 0.0);
    return E;
  }
  long double checksum() const { return rajaperf::checksum(M); }
};

/// MASS3DPA: the action of each element's mass matrix by partial assembly,
/// Y_e += Bt Bt Bt (D_e * (B B B X_e)) with 4 dofs and 5 quadrature
/// points a dimension, the sum factorized into six contractions (RAJAPerf
/// sets every input to 1).
struct Mass3DPA {
  static constexpr Index D1D = 4, Q1D = 5, Dofs = D1D * D1D * D1D,
                         Points = Q1D * Q1D * Q1D;
  Index NE;
  std::vector<Real> B, Bt, D, X, Y;
  static Mass3DPA make(Index Size) {
    Init In;
    Mass3DPA E;
    E.NE = std::max<Index>((Size + Points / 2) / Points, 1);
    E.B = In.constant(Q1D * D1D, 1.0);
    E.Bt = In.constant(Q1D * D1D, 1.0);
    E.D = In.constant(Points * E.NE, 1.0);
    E.X = In.constant(Dofs * E.NE, 1.0);
    E.Y = In.constant(Dofs * E.NE, 0.0);
    return E;
  }
  long double checksum() const { return rajaperf::checksum(Y); }
};

/// DIFFUSION3DPA: the action of each element's diffusion matrix by partial
/// assembly with 3 dofs and 4 quadrature points a dimension: the gradient
/// of X at the points (B and its derivative G in each direction), times the
/// point's symmetric 3 x 3 coefficients (6 numbers of D), back through the
/// transposes. RAJAPerf sets every input to 1.
struct Diffusion3DPA {
  static constexpr Index D1D = 3, Q1D = 4, Sym = 6, Dofs = D1D * D1D * D1D,
                         Points = Q1D * Q1D * Q1D;
  Index NE;
  std::vector<Real> B, G, D, X, Y;
  static Diffusion3DPA make(Index Size) {
    Init In;
    Diffusion3DPA E;
    E.NE = std::max<Index>((Size + Points / 2) / Points, 1);
    E.B = In.constant(Q1D * D1D, 1.0);
    E.G = In.constant(Q1D * D1D, 1.0);
    E.D = In.constant(Points * Sym * E.NE, 1.0);
    E.X = In.constant(Dofs * E.NE, 1.0);
    E.Y = In.constant(Dofs * E.NE, 0.0);
    return E;
  }
  long double checksum() const { return rajaperf::checksum(Y); }
};

/// CONVECTION3DPA: the action of each element's convection matrix by partial
/// assembly with 3 dofs and 4 quadrature points a dimension: the gradient
/// of X at the points dotted with the point's velocity (3 numbers of D),
/// back through Bt. RAJAPerf sets every input to 1.
struct Convection3DPA {
  static constexpr Index D1D = 3, Q1D = 4, VDim = 3, Dofs = D1D * D1D * D1D,
                         Points = Q1D * Q1D * Q1D;
  Index NE;
  std::vector<Real> B, Bt, G, D, X, Y;
  static Convection3DPA make(Index Size) {
    Init In;
    Convection3DPA E;
    E.NE = std::max<Index>((Size + Points / 2) / Points, 1);
    E.B = In.constant(Q1D * D1D, 1.0);
    E.Bt = In.constant(Q1D * D1D, 1.0);
    E.G = In.constant(Q1D * D1D, 1.0);
    E.D = In.constant(Points * VDim * E.NE, 1.0);
    E.X = In.constant(Dofs * E.NE, 1.0);
    E.Y = In.constant(Dofs * E.NE, 0.0);
    return E;
  }
  long double checksum() const { return rajaperf::checksum(Y); }
};

} // namespace rajaperf
