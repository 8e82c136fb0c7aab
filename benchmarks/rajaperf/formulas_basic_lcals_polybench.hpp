//===- benchmarks/rajaperf/formulas_basic_lcals_polybench.hpp - Formulas --===//
//
// The per-element arithmetic of suite_basic_lcals_polybench.hpp's longer
// kernels, written once for the host reference, the offload kernels and the
// CUDA baselines, in RAJAPerf's order of operations. V is anything
// indexable.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "formulas.hpp"
#include "suite_basic_lcals_polybench.hpp"

namespace rajaperf::formula {

/// TRAP_INT's integrand at x.
RAJAPERF_HD inline Real trapInt(Real X, Real Y, Real Xp, Real Yp) {
  Real Denom = (X - Xp) * (X - Xp) + (Y - Yp) * (Y - Yp);
  return 1.0 / sqrt(Denom);
}

/// PI_REDUCE's term i.
RAJAPERF_HD inline Real piTerm(Index I, Real Dx) {
  Real X = (Real(I) + 0.5) * Dx;
  return Dx / (1.0 + X * X);
}

/// IF_QUAD's roots at element I into X1 and X2 (both 0 without real roots).
template <class V>
RAJAPERF_HD inline void ifQuad(const V &A, const V &B, const V &C, Index I,
                               Real &X1, Real &X2) {
  Real S = B[I] * B[I] - 4.0 * A[I] * C[I];
  if (S >= 0) {
    S = sqrt(S);
    X2 = (-B[I] + S) / (2.0 * A[I]);
    X1 = (-B[I] - S) / (2.0 * A[I]);
  } else {
    X2 = 0.0;
    X1 = 0.0;
  }
}

/// EOS at element I.
template <class V>
RAJAPERF_HD inline Real eos(const V &Y, const V &Z, const V &U, Real Q, Real R,
                            Real T, Index I) {
  return U[I] + R * (Z[I] + R * Y[I]) +
         T * (U[I + 3] + R * (U[I + 2] + R * U[I + 1]) +
              T * (U[I + 6] + Q * (U[I + 5] + Q * U[I + 4])));
}

/// INT_PREDICT at column I; Row(k) is element I of row k of px.
template <class RowFn>
RAJAPERF_HD inline Real intPredict(const IntPredictCoefs &K, RowFn Row) {
  return K.Dm28 * Row(12) + K.Dm27 * Row(11) + K.Dm26 * Row(10) +
         K.Dm25 * Row(9) + K.Dm24 * Row(8) + K.Dm23 * Row(7) + K.Dm22 * Row(6) +
         K.C0 * (Row(4) + Row(5)) + Row(2);
}

/// One step down DIFF_PREDICT's column: the difference carried to the next
/// row is Carry - Px, and Px takes Carry.
RAJAPERF_HD inline Real diffStep(Real &Px, Real Carry) {
  Real Next = Carry - Px;
  Px = Carry;
  return Next;
}

/// One GEN_LIN_RECUR update of element K.
RAJAPERF_HD inline void genLinRecur(Real &B5, Real &Stb5, Real Sa, Real Sb) {
  B5 = Sa + Stb5 * Sb;
  Stb5 = B5 - Stb5;
}

/// HYDRO_1D at element I.
template <class V>
RAJAPERF_HD inline Real hydro1d(const V &Y, const V &Z, Real Q, Real R, Real T,
                                Index I) {
  return Q + Y[I] * (R * Z[I + 10] + T * Z[I + 11]);
}

/// JACOBI_1D at I.
template <class V> RAJAPERF_HD inline Real jacobi1d(const V &In, Index I) {
  return 0.33333 * (In[I - 1] + In[I] + In[I + 1]);
}

/// FDTD_2D's update of an E field from two Hz values.
RAJAPERF_HD inline Real fdtdE(Real E, Real Hz, Real HzBefore) {
  return E - 0.5 * (Hz - HzBefore);
}
/// FDTD_2D's update of Hz from its E neighbours.
RAJAPERF_HD inline Real fdtdH(Real Hz, Real ExNext, Real Ex, Real EyNext,
                              Real Ey) {
  return Hz - 0.7 * (ExNext - Ex + EyNext - Ey);
}

/// ADI's column sweep at (I, J): P(I, J) and Q(I, J) from P(I, J - 1),
/// Q(I, J - 1) and U's column I and its neighbours.
template <class V>
RAJAPERF_HD inline void adiColumnStep(const Adi::Coefficients &K, const V &U,
                                      Index N, Index I, Index J, Real PPrev,
                                      Real QPrev, Real &P, Real &Q) {
  P = -K.C / (K.A * PPrev + K.B);
  Q = (-K.D * U[J * N + I - 1] + (1.0 + 2.0 * K.D) * U[J * N + I] -
       K.F * U[J * N + I + 1] - K.A * QPrev) /
      (K.A * PPrev + K.B);
}

/// ADI's row sweep at (I, J), from V's row I and its neighbours.
template <class V>
RAJAPERF_HD inline void adiRowStep(const Adi::Coefficients &K, const V &Vv,
                                   Index N, Index I, Index J, Real PPrev,
                                   Real QPrev, Real &P, Real &Q) {
  P = -K.F / (K.D * PPrev + K.E);
  Q = (-K.A * Vv[(I - 1) * N + J] + (1.0 + 2.0 * K.A) * Vv[I * N + J] -
       K.C * Vv[(I + 1) * N + J] - K.D * QPrev) /
      (K.D * PPrev + K.E);
}

/// ADI's whole column sweep of column I and row sweep of row I, on the
/// arrays (the host reference and the CUDA twin; the offload kernels walk
/// their Regions' rows with the steps above).
RAJAPERF_HD inline void adiColumnSweep(const Adi::Coefficients &K,
                                       const Real *U, Real *V, Real *P, Real *Q,
                                       Index N, Index I) {
  V[I] = 1.0;
  P[I * N] = 0.0;
  Q[I * N] = V[I];
  for (Index J = 1; J < N - 1; ++J)
    adiColumnStep(K, U, N, I, J, P[I * N + J - 1], Q[I * N + J - 1],
                  P[I * N + J], Q[I * N + J]);
  V[(N - 1) * N + I] = 1.0;
  for (Index Kk = N - 2; Kk >= 1; --Kk)
    V[Kk * N + I] = P[I * N + Kk] * V[(Kk + 1) * N + I] + Q[I * N + Kk];
}
RAJAPERF_HD inline void adiRowSweep(const Adi::Coefficients &K, Real *U,
                                    const Real *V, Real *P, Real *Q, Index N,
                                    Index I) {
  U[I * N] = 1.0;
  P[I * N] = 0.0;
  Q[I * N] = U[I * N];
  for (Index J = 1; J < N - 1; ++J)
    adiRowStep(K, V, N, I, J, P[I * N + J - 1], Q[I * N + J - 1], P[I * N + J],
               Q[I * N + J]);
  U[I * N + N - 1] = 1.0;
  for (Index Kk = N - 2; Kk >= 1; --Kk)
    U[I * N + Kk] = P[I * N + Kk] * U[I * N + Kk + 1] + Q[I * N + Kk];
}

/// MASS3DEA's entry P of M (its element, and the dofs i and j it pairs),
/// the quadrature points in RAJAPerf's order.
template <class V>
RAJAPERF_HD inline Real mass3deaEntry(const V &B, const V &D, Index P) {
  constexpr Index D1D = Mass3DEA::D1D, Q1D = Mass3DEA::Q1D;
  Index Rest = P;
  Index Dof[6];
  for (Index &X : Dof) {
    X = Rest % D1D;
    Rest /= D1D;
  }
  const Index E = Rest;
  auto Basis = [&](Index K, Index Dofi) { return B[K + Q1D * Dofi]; };
  Real Val = 0.0;
  for (Index K1 = 0; K1 < Q1D; ++K1)
    for (Index K2 = 0; K2 < Q1D; ++K2)
      for (Index K3 = 0; K3 < Q1D; ++K3)
        Val += Basis(K1, Dof[0]) * Basis(K1, Dof[3]) * Basis(K2, Dof[1]) *
               Basis(K2, Dof[4]) * Basis(K3, Dof[2]) * Basis(K3, Dof[5]) *
               D[K1 + Q1D * K2 + Q1D * Q1D * K3 + Q1D * Q1D * Q1D * E];
  return Val;
}

/// MASS3DPA's stages of one element, as RAJAPerf computes them: thread
/// (x, y) of a 5 x 5 block computes column (x, y) of each stage, its values
/// over z together (Out[z]), each entry's sum in RAJAPerf's order. A stage
/// is stored padded to 5 x 5 x 5, entry (z, y, x) at at(z, y, x); entries
/// past its extents are 0. Bs holds B as [q][d] (B[q + 5 d]), Bts holds Bt
/// as [d][q] (Bt[q + 4 d]), X is the element's [dz][dy][dx].
struct Mass3DPAColumns {
  static constexpr Index D1 = Mass3DPA::D1D, Q1 = Mass3DPA::Q1D,
                         Entries = Q1 * Q1 * Q1;
  using Column = Real[Q1];
  RAJAPERF_HD static constexpr Index at(Index Z, Index Y, Index X) {
    return (Z * Q1 + Y) * Q1 + X;
  }
  template <class V> RAJAPERF_HD static Real bs(const V &B, Index K) {
    return B[K / D1 + Q1 * (K % D1)];
  }
  template <class V> RAJAPERF_HD static Real bts(const V &Bt, Index K) {
    return Bt[K % Q1 + D1 * (K / Q1)];
  }
  RAJAPERF_HD static void zero(Column &Out) {
    for (Index Z = 0; Z < Q1; ++Z)
      Out[Z] = 0;
  }
  /// DDQ[dz][dy][qx] = sum over dx of X[dz][dy][dx] Bs[qx][dx]: (qx, dy).
  template <class P, class W>
  RAJAPERF_HD static void ddq(const P &X, const W &Bs, Index Qx, Index Dy,
                              Column &Out) {
    zero(Out);
    if (Dy >= D1)
      return;
    for (Index Dx = 0; Dx < D1; ++Dx) {
      const Real B = Bs[Qx * D1 + Dx];
      for (Index Dz = 0; Dz < D1; ++Dz)
        Out[Dz] += X[(Dz * D1 + Dy) * D1 + Dx] * B;
    }
  }
  /// DQQ[dz][qy][qx] = sum over dy of DDQ[dz][dy][qx] Bs[qy][dy]: (qx, qy).
  template <class P, class W>
  RAJAPERF_HD static void dqq(const P &Ddq, const W &Bs, Index Qx, Index Qy,
                              Column &Out) {
    zero(Out);
    for (Index Dy = 0; Dy < D1; ++Dy) {
      const Real B = Bs[Qy * D1 + Dy];
      for (Index Dz = 0; Dz < D1; ++Dz)
        Out[Dz] += Ddq[at(Dz, Dy, Qx)] * B;
    }
  }
  /// QQQ[qz][qy][qx] = (sum over dz of DQQ[dz][qy][qx] Bs[qz][dz]) times
  /// the element's D at the point (D of the element from D0): (qx, qy).
  template <class P, class W, class V>
  RAJAPERF_HD static void qqq(const P &Dqq, const W &Bs, const V &D, Index D0,
                              Index Qx, Index Qy, Column &Out) {
    zero(Out);
    for (Index Dz = 0; Dz < D1; ++Dz) {
      const Real U = Dqq[at(Dz, Qy, Qx)];
      for (Index Qz = 0; Qz < Q1; ++Qz)
        Out[Qz] += U * Bs[Qz * D1 + Dz];
    }
    for (Index Qz = 0; Qz < Q1; ++Qz)
      Out[Qz] *= D[D0 + at(Qz, Qy, Qx)];
  }
  /// QQD[qz][qy][dx] = sum over qx of QQQ[qz][qy][qx] Bts[dx][qx]: (dx, qy).
  template <class P, class W>
  RAJAPERF_HD static void qqd(const P &Qqq, const W &Bts, Index Dx, Index Qy,
                              Column &Out) {
    zero(Out);
    if (Dx >= D1)
      return;
    for (Index Qx = 0; Qx < Q1; ++Qx) {
      const Real B = Bts[Dx * Q1 + Qx];
      for (Index Qz = 0; Qz < Q1; ++Qz)
        Out[Qz] += Qqq[at(Qz, Qy, Qx)] * B;
    }
  }
  /// QDD[qz][dy][dx] = sum over qy of QQD[qz][qy][dx] Bts[dy][qy]: (dx, dy).
  template <class P, class W>
  RAJAPERF_HD static void qdd(const P &Qqd, const W &Bts, Index Dx, Index Dy,
                              Column &Out) {
    zero(Out);
    if (Dx >= D1 || Dy >= D1)
      return;
    for (Index Qy = 0; Qy < Q1; ++Qy) {
      const Real B = Bts[Dy * Q1 + Qy];
      for (Index Qz = 0; Qz < Q1; ++Qz)
        Out[Qz] += Qqd[at(Qz, Qy, Dx)] * B;
    }
  }
  /// What Y[dz][dy][dx] gains, the sum over qz of QDD[qz][dy][dx]
  /// Bts[dz][qz]: (dx, dy).
  template <class P, class W>
  RAJAPERF_HD static void y(const P &Qdd, const W &Bts, Index Dx, Index Dy,
                            Column &Out) {
    zero(Out);
    if (Dx >= D1 || Dy >= D1)
      return;
    for (Index Qz = 0; Qz < Q1; ++Qz) {
      const Real U = Qdd[at(Qz, Dy, Dx)];
      for (Index Dz = 0; Dz < D1; ++Dz)
        Out[Dz] += U * Bts[Dz * Q1 + Qz];
    }
  }
};

/// DIFFUSION3DPA's stages of one element, as RAJAPerf computes them. Its
/// B and G share one table of 12 (and Bt and Gt another), folded by the
/// symmetries MFEM's bases have: entry (q, d) of B is read at (qi, dj), of G
/// at (qk, dl) times a sign. RAJAPerf's data (all 1) lacks the symmetry, so
/// two of its writes to a table entry differ and the last one in its loop
/// order stays: table() gives that value, so that every device computes
/// what RAJAPerf's sequential loop does. Each stage is three components of
/// 64 entries (entry K: component K / 64), in RAJAPerf's layouts, and its
/// sums in RAJAPerf's order; entries past a stage's count are 0. Each
/// stage function gives the components of one point I < 64 together, as
/// RAJAPerf's thread of the point computes them.
struct Diffusion3DPAStages {
  static constexpr Index D1 = Diffusion3DPA::D1D, Q1 = Diffusion3DPA::Q1D;
  static constexpr Index Entries = 3 * 64;
  RAJAPERF_HD static Index qi(Index Q, Index D) { return Q <= D ? Q : Q1 - 1 - Q; }
  RAJAPERF_HD static Index dj(Index Q, Index D) { return Q <= D ? D : D1 - 1 - D; }
  RAJAPERF_HD static Index qk(Index Q, Index D) { return Q <= D ? Q1 - 1 - Q : Q; }
  RAJAPERF_HD static Index dl(Index Q, Index D) { return Q <= D ? D1 - 1 - D : D; }
  RAJAPERF_HD static Real sign(Index Q, Index D) { return Q <= D ? -1.0 : 1.0; }
  /// Entry C of the table of B and G (Transposed: of Bt and Gt).
  template <class V>
  RAJAPERF_HD static Real table(const V &Basis, const V &DBasis, Index C,
                                bool Transposed) {
    Real Value = 0;
    for (Index D = 0; D < D1; ++D)
      for (Index Q = 0; Q < Q1; ++Q) {
        const Index BAt = Transposed ? dj(Q, D) * Q1 + qi(Q, D)
                                     : qi(Q, D) * D1 + dj(Q, D);
        const Index GAt = Transposed ? dl(Q, D) * Q1 + qk(Q, D)
                                     : qk(Q, D) * D1 + dl(Q, D);
        if (BAt == C)
          Value = Basis[Q + Q1 * D];
        if (GAt == C)
          Value = DBasis[Q + Q1 * D] * sign(Q, D);
      }
    return Value;
  }
  template <class T> RAJAPERF_HD static Real b(const T &Tab, Index Q, Index D) {
    return Tab[qi(Q, D) * D1 + dj(Q, D)];
  }
  template <class T> RAJAPERF_HD static Real g(const T &Tab, Index Q, Index D) {
    return Tab[qk(Q, D) * D1 + dl(Q, D)];
  }
  template <class T> RAJAPERF_HD static Real bt(const T &Tab, Index Q, Index D) {
    return Tab[dj(Q, D) * Q1 + qi(Q, D)];
  }
  template <class T> RAJAPERF_HD static Real gt(const T &Tab, Index Q, Index D) {
    return Tab[dl(Q, D) * Q1 + qk(Q, D)];
  }
  /// The three components of a stage at one point (0 past its count).
  struct Point {
    Real C[3] = {0, 0, 0};
  };
  /// DDQ0/DDQ1[dz][dy][qx] from X[dz][dy][dx].
  template <class P, class T>
  RAJAPERF_HD static Point ddq(const P &X, const T &Tab, Index I) {
    Point Out;
    if (I >= D1 * D1 * Q1)
      return Out;
    const Index Qx = I % Q1, Dy = I / Q1 % D1, Dz = I / (Q1 * D1);
    for (Index Dx = 0; Dx < D1; ++Dx) {
      const Real Coords = X[(Dz * D1 + Dy) * D1 + Dx];
      Out.C[0] += Coords * b(Tab, Qx, Dx);
      Out.C[1] += Coords * g(Tab, Qx, Dx) * sign(Qx, Dx);
    }
    return Out;
  }
  /// DQQ0/1/2[dz][qy][qx] from DDQ0/1[dz][dy][qx].
  template <class P, class T>
  RAJAPERF_HD static Point dqq(const P &Ddq, const T &Tab, Index I) {
    Point Out;
    if (I >= D1 * Q1 * Q1)
      return Out;
    const Index Qx = I % Q1, Qy = I / Q1 % Q1, Dz = I / (Q1 * Q1);
    for (Index Dy = 0; Dy < D1; ++Dy) {
      const Index At = (Dz * D1 + Dy) * Q1 + Qx;
      const Real B = b(Tab, Qy, Dy);
      Out.C[0] += Ddq[64 + At] * B;
      Out.C[1] += Ddq[At] * g(Tab, Qy, Dy) * sign(Qy, Dy);
      Out.C[2] += Ddq[At] * B;
    }
    return Out;
  }
  /// QQQ0/1/2[qz][qy][qx]: the gradient from DQQ0/1/2[dz][qy][qx] times the
  /// point's symmetric coefficients (D of the element from D0).
  template <class P, class T, class V>
  RAJAPERF_HD static Point qqq(const P &Dqq, const T &Tab, const V &D, Index D0,
                               Index I) {
    const Index QyQx = I % (Q1 * Q1), Qz = I / (Q1 * Q1);
    Real U = 0.0, V2 = 0.0, W = 0.0;
    for (Index Dz = 0; Dz < D1; ++Dz) {
      const Real S = sign(Qz, Dz);
      const Index At = Dz * Q1 * Q1 + QyQx;
      U += Dqq[At] * b(Tab, Qz, Dz);
      V2 += Dqq[64 + At] * b(Tab, Qz, Dz);
      W += Dqq[128 + At] * g(Tab, Qz, Dz) * S;
    }
    auto Coef = [&](Index S) { return D[D0 + I + 64 * S]; };
    const Real O11 = Coef(0), O12 = Coef(1), O13 = Coef(2), O21 = O12,
               O22 = Coef(3), O23 = Coef(4), O31 = O13, O32 = O23,
               O33 = Coef(5);
    return {{(O11 * U) + (O12 * V2) + (O13 * W),
             (O21 * U) + (O22 * V2) + (O23 * W),
             (O31 * U) + (O32 * V2) + (O33 * W)}};
  }
  /// QQD0/1/2[qz][qy][dx] from QQQ0/1/2[qz][qy][qx].
  template <class P, class T>
  RAJAPERF_HD static Point qqd(const P &Qqq, const T &Tab, Index I) {
    Point Out;
    if (I >= Q1 * Q1 * D1)
      return Out;
    const Index Dx = I % D1, QzQy = I / D1;
    for (Index Qx = 0; Qx < Q1; ++Qx) {
      const Index At = QzQy * Q1 + Qx;
      const Real Bt = bt(Tab, Qx, Dx);
      Out.C[0] += Qqq[At] * gt(Tab, Qx, Dx) * sign(Qx, Dx);
      Out.C[1] += Qqq[64 + At] * Bt;
      Out.C[2] += Qqq[128 + At] * Bt;
    }
    return Out;
  }
  /// QDD0/1/2[qz][dy][dx] from QQD0/1/2[qz][qy][dx].
  template <class P, class T>
  RAJAPERF_HD static Point qdd(const P &Qqd, const T &Tab, Index I) {
    Point Out;
    if (I >= Q1 * D1 * D1)
      return Out;
    const Index Dx = I % D1, Dy = I / D1 % D1, Qz = I / (D1 * D1);
    for (Index Qy = 0; Qy < Q1; ++Qy) {
      const Index At = (Qz * Q1 + Qy) * D1 + Dx;
      const Real Bt = bt(Tab, Qy, Dy);
      Out.C[0] += Qqd[At] * Bt;
      Out.C[1] += Qqd[64 + At] * gt(Tab, Qy, Dy) * sign(Qy, Dy);
      Out.C[2] += Qqd[128 + At] * Bt;
    }
    return Out;
  }
  /// What Y[dz][dy][dx] gains, from QDD0/1/2[qz][dy][dx].
  template <class P, class T>
  RAJAPERF_HD static Real y(const P &Qdd, const T &Tab, Index K) {
    const Index DyDx = K % (D1 * D1), Dz = K / (D1 * D1);
    Real U = 0.0, V = 0.0, W = 0.0;
    for (Index Qz = 0; Qz < Q1; ++Qz) {
      const Real S = sign(Qz, Dz);
      const Index At = Qz * D1 * D1 + DyDx;
      U += Qdd[At] * bt(Tab, Qz, Dz);
      V += Qdd[64 + At] * bt(Tab, Qz, Dz);
      W += Qdd[128 + At] * gt(Tab, Qz, Dz) * S;
    }
    return (U + V + W);
  }
};

/// CONVECTION3DPA's stages of one element, as RAJAPerf computes them (its
/// layouts, its order of sums), up to three components of 64 entries each
/// (entry K: component K / 64; entries past a stage's count are 0), each
/// stage function giving the components of one point I < 64 together.
/// B(q, d) = B[q + 4 d], G likewise, Bt(d, q) = Bt[d + 3 q].
struct Convection3DPAStages {
  static constexpr Index D1 = Convection3DPA::D1D, Q1 = Convection3DPA::Q1D;
  static constexpr Index Entries = 3 * 64;
  template <class V> RAJAPERF_HD static Real b(const V &B, Index Q, Index D) {
    return B[Q + Q1 * D];
  }
  template <class V> RAJAPERF_HD static Real bt(const V &Bt, Index D, Index Q) {
    return Bt[D + D1 * Q];
  }
  /// The components of a stage at one point (0 past its count).
  struct Point {
    Real C[3] = {0, 0, 0};
  };
  /// Bu, Gu [dz][dy][qx] from u[dz][dy][dx].
  template <class P, class V>
  RAJAPERF_HD static Point bu(const P &U, const V &B, const V &G, Index I) {
    Point Out;
    if (I >= D1 * D1 * Q1)
      return Out;
    const Index Qx = I % Q1, DzDy = I / Q1;
    for (Index Dx = 0; Dx < D1; ++Dx) {
      const Real Value = U[DzDy * D1 + Dx];
      Out.C[0] += b(B, Qx, Dx) * Value;
      Out.C[1] += b(G, Qx, Dx) * Value;
    }
    return Out;
  }
  /// BBu, GBu, BGu [dz][qy][qx] from Bu, Gu [dz][dy][qx].
  template <class P, class V>
  RAJAPERF_HD static Point bbu(const P &Bu, const V &B, const V &G, Index I) {
    Point Out;
    if (I >= D1 * Q1 * Q1)
      return Out;
    const Index Qx = I % Q1, Qy = I / Q1 % Q1, Dz = I / (Q1 * Q1);
    for (Index Dy = 0; Dy < D1; ++Dy) {
      const Index At = (Dz * D1 + Dy) * Q1 + Qx;
      Out.C[0] += b(B, Qy, Dy) * Bu[At];
      Out.C[1] += b(G, Qy, Dy) * Bu[At];
      Out.C[2] += b(B, Qy, Dy) * Bu[64 + At];
    }
    return Out;
  }
  /// GBBu, BGBu, BBGu [qz][qy][qx] from BBu, GBu, BGu [dz][qy][qx].
  template <class P, class V>
  RAJAPERF_HD static Point gbbu(const P &Bbu, const V &B, const V &G, Index I) {
    Point Out;
    const Index QyQx = I % (Q1 * Q1), Qz = I / (Q1 * Q1);
    for (Index Dz = 0; Dz < D1; ++Dz) {
      const Index At = Dz * Q1 * Q1 + QyQx;
      Out.C[0] += b(G, Qz, Dz) * Bbu[At];
      Out.C[1] += b(B, Qz, Dz) * Bbu[64 + At];
      Out.C[2] += b(B, Qz, Dz) * Bbu[128 + At];
    }
    return Out;
  }
  /// DGu [qz][qy][qx]: the gradient (BBGu, BGBu, GBBu) dotted with the
  /// point's 3 numbers of D (of the element from D0).
  template <class P, class V>
  RAJAPERF_HD static Point dgu(const P &Grad, const V &D, Index D0, Index I) {
    const Real O1 = D[D0 + I], O2 = D[D0 + 64 + I], O3 = D[D0 + 128 + I];
    return {
        {(O1 * Grad[128 + I]) + (O2 * Grad[64 + I]) + (O3 * Grad[I]), 0, 0}};
  }
  /// BDGu [dz][qy][qx] from DGu [qz][qy][qx].
  template <class P, class V>
  RAJAPERF_HD static Point bdgu(const P &Dgu, const V &Bt, Index I) {
    Point Out;
    if (I >= D1 * Q1 * Q1)
      return Out;
    const Index QyQx = I % (Q1 * Q1), Dz = I / (Q1 * Q1);
    for (Index Qz = 0; Qz < Q1; ++Qz)
      Out.C[0] += bt(Bt, Dz, Qz) * Dgu[Qz * Q1 * Q1 + QyQx];
    return Out;
  }
  /// BBDGu [dz][dy][qx] from BDGu [dz][qy][qx].
  template <class P, class V>
  RAJAPERF_HD static Point bbdgu(const P &Bdgu, const V &Bt, Index I) {
    Point Out;
    if (I >= D1 * D1 * Q1)
      return Out;
    const Index Qx = I % Q1, Dy = I / Q1 % D1, Dz = I / (Q1 * D1);
    for (Index Qy = 0; Qy < Q1; ++Qy)
      Out.C[0] += bt(Bt, Dy, Qy) * Bdgu[(Dz * Q1 + Qy) * Q1 + Qx];
    return Out;
  }
  /// What Y[dz][dy][dx] gains, from BBDGu [dz][dy][qx].
  template <class P, class V>
  RAJAPERF_HD static Real y(const P &Bbdgu, const V &Bt, Index K) {
    const Index Dx = K % D1, DzDy = K / D1;
    Real Sum = 0.0;
    for (Index Qx = 0; Qx < Q1; ++Qx)
      Sum += bt(Bt, Dx, Qx) * Bbdgu[DzDy * Q1 + Qx];
    return Sum;
  }
};

} // namespace rajaperf::formula
