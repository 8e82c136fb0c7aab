//===- benchmarks/rajaperf/formulas.hpp - The kernels' arithmetic ---------===//
//
// The per-element arithmetic of the longer kernels, written once for the
// host reference, the offload kernels and the CUDA baselines, in RAJAPerf's
// order of operations. V is anything indexable: a std::vector, a std::span,
// a pointer.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "suite.hpp"

#if defined(__CUDACC__)
#define RAJAPERF_HD __host__ __device__
#else
#define RAJAPERF_HD
#endif

namespace rajaperf::formula {

/// JACOBI_2D at row I, column J of an N x N grid.
template <class V>
RAJAPERF_HD inline Real jacobi(const V &In, Index I, Index J, Index N) {
  return 0.2 * (In[J + I * N] + In[J - 1 + I * N] + In[J + 1 + I * N] +
                In[J + (I + 1) * N] + In[J + (I - 1) * N]);
}

/// HEAT_3D at (I, J, K) of an N^3 grid, K fastest.
template <class V>
RAJAPERF_HD inline Real heat(const V &In, Index I, Index J, Index K, Index N) {
  const Index C = K + N * (J + N * I), Si = N * N, Sj = N;
  return 0.125 * (In[C + Si] - 2.0 * In[C] + In[C - Si]) +
         0.125 * (In[C + Sj] - 2.0 * In[C] + In[C - Sj]) +
         0.125 * (In[C + 1] - 2.0 * In[C] + In[C - 1]) + In[C];
}

/// HYDRO_2D's za and zb at flat index C = j + k * Jn.
template <class V>
RAJAPERF_HD inline Real hydroZa(const V &Zp, const V &Zq, const V &Zr,
                                const V &Zm, Index C, Index Jn) {
  return (Zp[C - 1 + Jn] + Zq[C - 1 + Jn] - Zp[C - 1] - Zq[C - 1]) *
         (Zr[C] + Zr[C - 1]) / (Zm[C - 1] + Zm[C - 1 + Jn]);
}
template <class V>
RAJAPERF_HD inline Real hydroZb(const V &Zp, const V &Zq, const V &Zr,
                                const V &Zm, Index C, Index Jn) {
  return (Zp[C - 1] + Zq[C - 1] - Zp[C] - Zq[C]) * (Zr[C] + Zr[C - Jn]) /
         (Zm[C] + Zm[C - 1]);
}
/// HYDRO_2D's increment of zu (Z = zz) or zv (Z = zr).
template <class V>
RAJAPERF_HD inline Real hydroUpdate(const V &Za, const V &Zb, const V &Z,
                                    Index C, Index Jn) {
  return Hydro2D::S *
         (Za[C] * (Z[C] - Z[C + 1]) - Za[C - 1] * (Z[C] - Z[C - 1]) -
          Zb[C] * (Z[C] - Z[C - Jn]) + Zb[C + Jn] * (Z[C] - Z[C + Jn]));
}

/// MATVEC_3D_STENCIL at zone I: the 27 coefficients times x. Coef[0..13]
/// are dbl dbc dbr dcl dcc dcr dfl dfc dfr cbl cbc cbr ccl ccc; the other
/// 13 coefficients are those arrays read at mirrored positions.
template <class V, class Coefs>
RAJAPERF_HD inline Real matvec(const Coefs &C, const V &X, Index I, Index Jp,
                               Index Kp) {
  auto Own = [&](int Co, Index Dk, Index Dj, Index Di) {
    return C[Co][I] * X[I + Dk * Kp + Dj * Jp + Di];
  };
  auto Mirror = [&](int Co, Index Dk, Index Dj, Index Di) {
    const Index S = Dk * Kp + Dj * Jp + Di;
    return C[Co][I + S] * X[I + S];
  };
  return Own(0, -1, -1, -1) + Own(1, -1, -1, 0) + Own(2, -1, -1, 1) +
         Own(3, -1, 0, -1) + Own(4, -1, 0, 0) + Own(5, -1, 0, 1) +
         Own(6, -1, 1, -1) + Own(7, -1, 1, 0) + Own(8, -1, 1, 1) +
         Own(9, 0, -1, -1) + Own(10, 0, -1, 0) + Own(11, 0, -1, 1) +
         Own(12, 0, 0, -1) + Own(13, 0, 0, 0) + Mirror(12, 0, 0, 1) +
         Mirror(11, 0, 1, -1) + Mirror(10, 0, 1, 0) + Mirror(9, 0, 1, 1) +
         Mirror(8, 1, -1, -1) + Mirror(7, 1, -1, 0) + Mirror(6, 1, -1, 1) +
         Mirror(5, 1, 0, -1) + Mirror(4, 1, 0, 0) + Mirror(3, 1, 0, 1) +
         Mirror(2, 1, 1, -1) + Mirror(1, 1, 1, 0) + Mirror(0, 1, 1, 1);
}

/// VOL3D at zone I: RAJAPerf's formula, with its four accumulated terms.
template <class V>
RAJAPERF_HD inline Real vol3d(const V &X, const V &Y, const V &Z, Index I,
                              Index Jp, Index Kp) {
  const Index N0 = I, N1 = I + 1, N2 = I + Jp, N3 = I + 1 + Jp, N4 = I + Kp,
              N5 = I + 1 + Kp, N6 = I + Jp + Kp, N7 = I + 1 + Jp + Kp;
  const Real X71 = X[N7] - X[N1], X72 = X[N7] - X[N2], X74 = X[N7] - X[N4],
             X30 = X[N3] - X[N0], X50 = X[N5] - X[N0], X60 = X[N6] - X[N0];
  const Real Y71 = Y[N7] - Y[N1], Y72 = Y[N7] - Y[N2], Y74 = Y[N7] - Y[N4],
             Y30 = Y[N3] - Y[N0], Y50 = Y[N5] - Y[N0], Y60 = Y[N6] - Y[N0];
  const Real Z71 = Z[N7] - Z[N1], Z72 = Z[N7] - Z[N2], Z74 = Z[N7] - Z[N4],
             Z30 = Z[N3] - Z[N0], Z50 = Z[N5] - Z[N0], Z60 = Z[N6] - Z[N0];
  auto Triple = [](Real Xps, Real Yps, Real Zps, Real Xa, Real Ya, Real Za,
                   Real Xb, Real Yb, Real Zb) {
    Real Cyz = Ya * Zb - Za * Yb, Czx = Za * Xb - Xa * Zb,
         Cxy = Xa * Yb - Ya * Xb;
    return Xps * Cyz + Yps * Czx + Zps * Cxy;
  };
  Real Vol =
      Triple(X71 + X60, Y71 + Y60, Z71 + Z60, X72, Y72, Z72, X30, Y30, Z30);
  Vol += Triple(X72 + X50, Y72 + Y50, Z72 + Z50, X74, Y74, Z74, X60, Y60, Z60);
  Vol += Triple(X74 + X30, Y74 + Y30, Z74 + Z30, X74, Y74, Z74, X60, Y60, Z60);
  Vol += Triple(X74 + X30, Y74 + Y30, Z74 + Z30, X71, Y71, Z71, X50, Y50, Z50);
  return Vol * Vol3D::Vnormq;
}

/// EDGE3D at zone I: the sum of the entries of the hexahedron's edge element
/// matrix, its corners at I, I+1, I+Jp, I+1+Jp and those plus Kp (RAJAPerf's
/// NDPTRSET order). Dense 12-entry bases and a symmetric matrix accumulated
/// in its upper triangle, in RAJAPerf's order of operations.
template <class V>
RAJAPERF_HD inline Real edge3d(const V &X, const V &Y, const V &Z, Index I,
                               Index Jp, Index Kp) {
  constexpr int E = Edge3D::Edges, Q = Edge3D::Points1D;
  const Index Node[Edge3D::Corners] = {I,           I + 1,          I + Jp,
                                       I + 1 + Jp,  I + Kp,         I + 1 + Kp,
                                       I + Jp + Kp, I + 1 + Jp + Kp};
  Real Px[Edge3D::Corners], Py[Edge3D::Corners], Pz[Edge3D::Corners];
  for (int C = 0; C < Edge3D::Corners; ++C)
    Px[C] = X[Node[C]], Py[C] = Y[Node[C]], Pz[C] = Z[Node[C]];

  // A coordinate's derivative along x, y or z: its differences across the
  // four edges of that direction, weighted bilinearly in the other two.
  struct Row {
    Real X, Y, Z;
  };
  auto AlongX = [&](Real W0, Real W1, Real W2, Real W3) {
    auto D = [&](const Real(&P)[Edge3D::Corners]) {
      return (P[1] - P[0]) * W0 + (P[2] - P[3]) * W1 + (P[5] - P[4]) * W2 +
             (P[6] - P[7]) * W3;
    };
    return Row{D(Px), D(Py), D(Pz)};
  };
  auto AlongY = [&](Real W0, Real W1, Real W2, Real W3) {
    auto D = [&](const Real(&P)[Edge3D::Corners]) {
      return (P[3] - P[0]) * W0 + (P[2] - P[1]) * W1 + (P[7] - P[4]) * W2 +
             (P[6] - P[5]) * W3;
    };
    return Row{D(Px), D(Py), D(Pz)};
  };
  auto AlongZ = [&](Real W0, Real W1, Real W2, Real W3) {
    auto D = [&](const Real(&P)[Edge3D::Corners]) {
      return (P[4] - P[0]) * W0 + (P[5] - P[1]) * W1 + (P[6] - P[2]) * W2 +
             (P[7] - P[3]) * W3;
    };
    return Row{D(Px), D(Py), D(Pz)};
  };
  auto Det = [](const Row &A, const Row &B, const Row &C) {
    return A.Y * B.Z * C.X - A.Z * B.Y * C.X + A.Z * B.X * C.Y -
           A.X * B.Z * C.Y - A.Y * B.X * C.Z + A.X * B.Y * C.Z;
  };
  // Out[r][m] = T[r] . (Bx[m], By[m], Bz[m]) for the three rows of T.
  auto Transform = [](const Row(&T)[3], const Real(&Bx)[E], const Real(&By)[E],
                      const Real(&Bz)[E], Real(&Out)[3][E]) {
    for (int R = 0; R < 3; ++R)
      for (int M = 0; M < E; ++M)
        Out[R][M] = T[R].X * Bx[M] + T[R].Y * By[M] + T[R].Z * Bz[M];
  };
  Real Matrix[E][E];
  for (int P = 0; P < E; ++P)
    for (int M = P; M < E; ++M)
      Matrix[P][M] = 0.0;
  auto Accumulate = [&](Real W, const Real(&B)[3][E]) {
    for (int P = 0; P < E; ++P)
      for (int M = P; M < E; ++M)
        Matrix[P][M] +=
            W * (B[0][P] * B[0][M] + B[1][P] * B[1][M] + B[2][P] * B[2][M]);
  };

  const Real Point[Q] = {0.211324865405187118, 0.788675134594812882};
  const Real Weight[Q] = {0.5, 0.5};
  const Row CellX = AlongX(0.25, 0.25, 0.25, 0.25),
            CellY = AlongY(0.25, 0.25, 0.25, 0.25),
            CellZ = AlongZ(0.25, 0.25, 0.25, 0.25);
  const Real CellDetj = Det(CellX, CellY, CellZ);

  for (int Qx = 0; Qx < Q; ++Qx) {
    const Real Xl = Point[Qx], Xt = 1. - Xl;
    const Real CurlX[E] = {0, 0, 0, 0, Xt, Xl, -Xt, -Xl, -Xt, -Xl, Xt, Xl};
    for (int Qy = 0; Qy < Q; ++Qy) {
      const Real Yl = Point[Qy], WeightXY = Weight[Qx] * Weight[Qy],
                 Yt = 1. - Yl;
      const Real XtYt = Xt * Yt, XlYl = Xl * Yl, XtYl = Xt * Yl, XlYt = Xl * Yt;
      const Row Jz = AlongZ(XtYt, XlYt, XlYl, XtYl);
      const Real EdgeZ[E] = {0, 0, 0, 0, 0, 0, 0, 0, XtYt, XlYt, XtYl, XlYl};
      const Real CurlY[E] = {-Yt, -Yl, Yt, Yl, 0, 0, 0, 0, Yt, -Yt, Yl, -Yl};
      for (int Qz = 0; Qz < Q; ++Qz) {
        const Real Zl = Point[Qz], Weights = WeightXY * Weight[Qz],
                   Zt = 1. - Zl;
        const Real XtZt = Xt * Zt, YtZt = Yt * Zt, XlZl = Xl * Zl,
                   YlZl = Yl * Zl, YtZl = Yt * Zl, XtZl = Xt * Zl,
                   YlZt = Yl * Zt, XlZt = Xl * Zt;
        const Row Jx = AlongX(YtZt, YlZt, YtZl, YlZl),
                  Jy = AlongY(XtZt, XlZt, XtZl, XlZl);
        // The inverse Jacobian, RAJAPerf's bad-zone rule on the determinant.
        const Real Unfixed = Det(Jx, Jy, Jz);
        const Real Detj = std::fabs(Unfixed / CellDetj) < Edge3D::DetjTol
                              ? CellDetj
                              : Unfixed;
        const Real AbsDetj = std::fabs(Detj),
                   InvDetj = 1.0 / (Detj + Edge3D::Ptiny);
        const Row Inverse[3] = {{(Jy.Y * Jz.Z - Jy.Z * Jz.Y) * InvDetj,
                                 (Jx.Z * Jz.Y - Jx.Y * Jz.Z) * InvDetj,
                                 (Jx.Y * Jy.Z - Jx.Z * Jy.Y) * InvDetj},
                                {(Jy.Z * Jz.X - Jy.X * Jz.Z) * InvDetj,
                                 (Jx.X * Jz.Z - Jx.Z * Jz.X) * InvDetj,
                                 (Jx.Z * Jy.X - Jx.X * Jy.Z) * InvDetj},
                                {(Jy.X * Jz.Y - Jy.Y * Jz.X) * InvDetj,
                                 (Jx.Y * Jz.X - Jx.X * Jz.Y) * InvDetj,
                                 (Jx.X * Jy.Y - Jx.Y * Jy.X) * InvDetj}};
        const Real DetjWeights = Weights * AbsDetj;
        const Real EdgeX[E] = {YtZt, YlZt, YtZl, YlZl, 0, 0, 0, 0, 0, 0, 0, 0};
        const Real EdgeY[E] = {0, 0, 0, 0, XtZt, XlZt, XtZl, XlZl, 0, 0, 0, 0};
        const Real CurlZ[E] = {Zt, -Zt, Zl, -Zl, -Zt, Zt, -Zl, Zl, 0, 0, 0, 0};
        const Real InvAbsDetj = 1. / (AbsDetj + Edge3D::Ptiny);
        // Edges map by J^-1, their curls by J^T / |J|.
        const Row CurlMap[3] = {
            {Jx.X * InvAbsDetj, Jy.X * InvAbsDetj, Jz.X * InvAbsDetj},
            {Jx.Y * InvAbsDetj, Jy.Y * InvAbsDetj, Jz.Y * InvAbsDetj},
            {Jx.Z * InvAbsDetj, Jy.Z * InvAbsDetj, Jz.Z * InvAbsDetj}};
        Real Edge[3][E], Curl[3][E];
        Transform(Inverse, EdgeX, EdgeY, EdgeZ, Edge);
        Transform(CurlMap, CurlX, CurlY, CurlZ, Curl);
        Accumulate(DetjWeights * Edge3D::Alpha, Edge);
        Accumulate(DetjWeights * Edge3D::Beta, Curl);
      }
    }
  }
  Real Sum = 0.0;
  for (int M = 0; M < E; ++M) {
    Real RowSum = 0.0;
    for (int P = 0; P < E; ++P)
      RowSum += P < M ? Matrix[P][M] : Matrix[M][P];
    Sum += RowSum;
  }
  return Sum;
}

/// DEL_DOT_VEC_2D at zone I; corners 1..4 counter-clockwise from (i+1, j).
template <class V>
RAJAPERF_HD inline Real delDotVec2d(const V &X, const V &Y, const V &Fx,
                                    const V &Fy, Index I, Index Jp) {
  const Index C1 = I + 1, C2 = I + 1 + Jp, C3 = I + Jp, C4 = I;
  const Real H = DelDotVec2D::Half;
  const Real Xi = H * (X[C1] + X[C2] - X[C3] - X[C4]);
  const Real Xj = H * (X[C2] + X[C3] - X[C4] - X[C1]);
  const Real Yi = H * (Y[C1] + Y[C2] - Y[C3] - Y[C4]);
  const Real Yj = H * (Y[C2] + Y[C3] - Y[C4] - Y[C1]);
  const Real Fxi = H * (Fx[C1] + Fx[C2] - Fx[C3] - Fx[C4]);
  const Real Fxj = H * (Fx[C2] + Fx[C3] - Fx[C4] - Fx[C1]);
  const Real Fyi = H * (Fy[C1] + Fy[C2] - Fy[C3] - Fy[C4]);
  const Real Fyj = H * (Fy[C2] + Fy[C3] - Fy[C4] - Fy[C1]);
  const Real Rarea = 1.0 / (Xi * Yj - Xj * Yi + DelDotVec2D::Ptiny);
  const Real Dfxdx = Rarea * (Fxi * Yj - Fxj * Yi);
  const Real Dfydy = Rarea * (Fyj * Xi - Fyi * Xj);
  const Real Affine =
      (Fy[C1] + Fy[C2] + Fy[C3] + Fy[C4]) / (Y[C1] + Y[C2] + Y[C3] + Y[C4]);
  return Dfxdx + Dfydy + Affine;
}

/// ENERGY's artificial viscosity ssc * ql + qq, with the sound speed
/// clamped as RAJAPerf clamps it.
RAJAPERF_HD inline Real energyQ(Real Pbvc, Real E, Real V2, Real Bvc, Real P,
                                Real Rho0, Real Ql, Real Qq) {
  Real Ssc = (Pbvc * E + V2 * Bvc * P) / Rho0;
  Ssc = Ssc <= 0.1111111e-36 ? 0.3333333e-18 : sqrt(Ssc);
  return Ssc * Ql + Qq;
}

/// ENERGY's and PRESSURE's cut-offs.
RAJAPERF_HD inline Real cutBelow(Real V, Real Cut, Real Floor) {
  if (fabs(V) < Cut)
    V = 0.0;
  return V < Floor ? Floor : V;
}

} // namespace rajaperf::formula
