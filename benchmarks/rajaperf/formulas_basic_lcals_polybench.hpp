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

/// MASS3DPA's stages of one element, entry K of each from the stage
/// before (Prev), as RAJAPerf orders the sums: a stage is an array of the
/// dimensions its name gives, the last one fastest (DDQ: [dz][dy][qx]).
/// Bs holds B as [q][d] (B[q + 5 d]), Bts holds Bt as [d][q] (Bt[q + 4 d]).
struct Mass3DPAStages {
  static constexpr Index D1 = Mass3DPA::D1D, Q1 = Mass3DPA::Q1D;
  // The entries of each stage, in order: X, DDQ, DQQ, QQQ, QQD, QDD, Y.
  static constexpr Index DDQ = D1 * D1 * Q1, DQQ = D1 * Q1 * Q1,
                         QQQ = Q1 * Q1 * Q1, QQD = Q1 * Q1 * D1,
                         QDD = Q1 * D1 * D1;
  template <class V> RAJAPERF_HD static Real bs(const V &B, Index K) {
    return B[K / D1 + Q1 * (K % D1)];
  }
  template <class V> RAJAPERF_HD static Real bts(const V &Bt, Index K) {
    return Bt[K % Q1 + D1 * (K / Q1)];
  }
  /// DDQ[dz][dy][qx] = sum over dx of X[dz][dy][dx] Bs[qx][dx].
  template <class P, class W>
  RAJAPERF_HD static Real ddq(const P &X, const W &Bs, Index K) {
    const Index Qx = K % Q1, DzDy = K / Q1;
    Real U = 0;
    for (Index Dx = 0; Dx < D1; ++Dx)
      U += X[DzDy * D1 + Dx] * Bs[Qx * D1 + Dx];
    return U;
  }
  /// DQQ[dz][qy][qx] = sum over dy of DDQ[dz][dy][qx] Bs[qy][dy].
  template <class P, class W>
  RAJAPERF_HD static Real dqq(const P &Ddq, const W &Bs, Index K) {
    const Index Qx = K % Q1, Qy = K / Q1 % Q1, Dz = K / (Q1 * Q1);
    Real U = 0;
    for (Index Dy = 0; Dy < D1; ++Dy)
      U += Ddq[(Dz * D1 + Dy) * Q1 + Qx] * Bs[Qy * D1 + Dy];
    return U;
  }
  /// QQQ[qz][qy][qx] = (sum over dz of DQQ[dz][qy][qx] Bs[qz][dz]) times
  /// the element's D at the point (D of the element from D0).
  template <class P, class W, class V>
  RAJAPERF_HD static Real qqq(const P &Dqq, const W &Bs, const V &D, Index D0,
                              Index K) {
    const Index QyQx = K % (Q1 * Q1), Qz = K / (Q1 * Q1);
    Real U = 0;
    for (Index Dz = 0; Dz < D1; ++Dz)
      U += Dqq[Dz * Q1 * Q1 + QyQx] * Bs[Qz * D1 + Dz];
    return U * D[D0 + K];
  }
  /// QQD[qz][qy][dx] = sum over qx of QQQ[qz][qy][qx] Bts[dx][qx].
  template <class P, class W>
  RAJAPERF_HD static Real qqd(const P &Qqq, const W &Bts, Index K) {
    const Index Dx = K % D1, QzQy = K / D1;
    Real U = 0;
    for (Index Qx = 0; Qx < Q1; ++Qx)
      U += Qqq[QzQy * Q1 + Qx] * Bts[Dx * Q1 + Qx];
    return U;
  }
  /// QDD[qz][dy][dx] = sum over qy of QQD[qz][qy][dx] Bts[dy][qy].
  template <class P, class W>
  RAJAPERF_HD static Real qdd(const P &Qqd, const W &Bts, Index K) {
    const Index Dx = K % D1, Dy = K / D1 % D1, Qz = K / (D1 * D1);
    Real U = 0;
    for (Index Qy = 0; Qy < Q1; ++Qy)
      U += Qqd[(Qz * Q1 + Qy) * D1 + Dx] * Bts[Dy * Q1 + Qy];
    return U;
  }
  /// What Y[dz][dy][dx] gains: the sum over qz of QDD[qz][dy][dx]
  /// Bts[dz][qz].
  template <class P, class W>
  RAJAPERF_HD static Real y(const P &Qdd, const W &Bts, Index K) {
    const Index DyDx = K % (D1 * D1), Dz = K / (D1 * D1);
    Real U = 0;
    for (Index Qz = 0; Qz < Q1; ++Qz)
      U += Qdd[Qz * D1 * D1 + DyDx] * Bts[Dz * Q1 + Qz];
    return U;
  }
};

} // namespace rajaperf::formula
