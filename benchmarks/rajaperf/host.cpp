//===- benchmarks/rajaperf/host.cpp - Sequential host reference -----------===//
//
// RAJAPerf's Base_Seq loops, one thread: the reference every other variant's
// checksum must match.
//
//===----------------------------------------------------------------------===//

#include "formulas.hpp"
#include "variants.hpp"

#include <climits>

namespace rajaperf {

void host(StreamCopy &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I)
      D.C[I] = D.A[I];
}

void host(StreamTriad &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I)
      D.A[I] = D.B[I] + D.Alpha * D.C[I];
}

void host(StreamDot &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R) {
    Real Dot = 0;
    for (Index I = 0; I < D.N; ++I)
      Dot += D.A[I] * D.B[I];
    D.Dot += Dot;
  }
}

void host(Daxpy &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I)
      D.Y[I] += D.A * D.X[I];
}

void host(Init3 &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I)
      D.Out1[I] = D.Out2[I] = D.Out3[I] = -D.In1[I] - D.In2[I];
}

void host(ReduceStruct &D, Index Reps) {
  constexpr Real Highest = std::numeric_limits<Real>::max(),
                 Lowest = std::numeric_limits<Real>::lowest();
  for (Index R = 0; R < Reps; ++R) {
    Real XSum = 0, XMin = Highest, XMax = Lowest;
    Real YSum = 0, YMin = Highest, YMax = Lowest;
    for (Index I = 0; I < D.N; ++I) {
      XSum += D.X[I];
      XMin = std::min(XMin, D.X[I]);
      XMax = std::max(XMax, D.X[I]);
      YSum += D.Y[I];
      YMin = std::min(YMin, D.Y[I]);
      YMax = std::max(YMax, D.Y[I]);
    }
    D.XSum = XSum, D.XMin = XMin, D.XMax = XMax;
    D.YSum = YSum, D.YMin = YMin, D.YMax = YMax;
  }
}

void host(Reduce3Int &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R) {
    int Sum = 0, Min = INT_MAX, Max = INT_MIN;
    for (Index I = 0; I < D.N; ++I) {
      Sum += D.Vec[I];
      Min = std::min(Min, D.Vec[I]);
      Max = std::max(Max, D.Vec[I]);
    }
    D.Sum += Sum;
    D.Min = std::min(D.Min, Min);
    D.Max = std::max(D.Max, Max);
  }
}

void host(PiAtomic &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R) {
    Real Pi = 0;
    for (Index I = 0; I < D.N; ++I) {
      Real X = (Real(I) + 0.5) * D.Dx;
      Pi += D.Dx / (1.0 + X * X);
    }
    D.Pi = Pi * 4.0;
  }
}

void host(ReduceSum &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R) {
    Real Sum = 0;
    for (Index I = 0; I < D.N; ++I)
      Sum += D.X[I];
    D.Sum = Sum;
  }
}

void host(Histogram &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R) {
    std::vector<unsigned long long> Counts(Histogram::NumBins, 0);
    for (Index I = 0; I < D.N; ++I)
      Counts[D.Bins[I]] += 1;
    D.Counts = Counts;
  }
}

void host(MultiReduce &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R) {
    std::vector<Real> Values(MultiReduce::NumBins, 0.0);
    for (Index I = 0; I < D.N; ++I)
      Values[D.Bins[I]] += D.Data[I];
    D.Values = Values;
  }
}

void host(FirstMin &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R) {
    Real Min = D.X[0];
    Index Loc = 0;
    for (Index I = 0; I < D.N; ++I)
      if (D.X[I] < Min)
        Min = D.X[I], Loc = I;
    D.MinLoc = Loc;
  }
}

void host(Hydro2D &D, Index Reps) {
  const Index Jn = D.Jn, Kn = D.Kn;
  auto ForInterior = [&](auto Body) {
    for (Index K = 1; K < Kn - 1; ++K)
      for (Index J = 1; J < Jn - 1; ++J)
        Body(J + K * Jn);
  };
  for (Index R = 0; R < Reps; ++R) {
    ForInterior([&](Index C) {
      D.Za[C] = formula::hydroZa(D.Zp, D.Zq, D.Zr, D.Zm, C, Jn);
      D.Zb[C] = formula::hydroZb(D.Zp, D.Zq, D.Zr, D.Zm, C, Jn);
    });
    ForInterior([&](Index C) {
      D.Zu[C] += formula::hydroUpdate(D.Za, D.Zb, D.Zz, C, Jn);
      D.Zv[C] += formula::hydroUpdate(D.Za, D.Zb, D.Zr, C, Jn);
    });
    ForInterior([&](Index C) {
      D.Zrout[C] = D.Zr[C] + Hydro2D::T * D.Zu[C];
      D.Zzout[C] = D.Zz[C] + Hydro2D::T * D.Zv[C];
    });
  }
}

void host(Jacobi2D &D, Index Reps) {
  const Index N = D.N;
  auto Sweep = [N](const std::vector<Real> &In, std::vector<Real> &Out) {
    for (Index I = 1; I < N - 1; ++I)
      for (Index J = 1; J < N - 1; ++J)
        Out[J + I * N] = formula::jacobi(In, I, J, N);
  };
  for (Index R = 0; R < Reps; ++R)
    for (Index T = 0; T < Jacobi2D::Steps; ++T) {
      Sweep(D.A, D.B);
      Sweep(D.B, D.A);
    }
}

void host(Heat3D &D, Index Reps) {
  const Index N = D.N;
  auto Sweep = [N](const std::vector<Real> &In, std::vector<Real> &Out) {
    for (Index I = 1; I < N - 1; ++I)
      for (Index J = 1; J < N - 1; ++J)
        for (Index K = 1; K < N - 1; ++K)
          Out[K + N * (J + N * I)] = formula::heat(In, I, J, K, N);
  };
  for (Index R = 0; R < Reps; ++R)
    for (Index T = 0; T < Heat3D::Steps; ++T) {
      Sweep(D.A, D.B);
      Sweep(D.B, D.A);
    }
}

void host(Gemm &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.Ni; ++I)
      for (Index J = 0; J < D.Nj; ++J) {
        Real Dot = 0.0;
        D.C[J + I * D.Nj] *= Gemm::Beta;
        for (Index K = 0; K < D.Nk; ++K)
          Dot += Gemm::Alpha * D.A[K + I * D.Nk] * D.B[J + K * D.Nj];
        D.C[J + I * D.Nj] = Dot;
      }
}

void host(Matvec3D &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I : D.RealZones)
      D.B[I] = formula::matvec(D.Coef, D.X, I, D.Dom.Jp, D.Dom.Kp);
}

void host(Vol3D &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = D.Dom.Fpz; I <= D.Dom.Lpz; ++I)
      D.Out[I] = formula::vol3d(D.X, D.Y, D.Z, I, D.Dom.Jp, D.Dom.Kp);
}

void host(Edge3D &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = D.Dom.Fpz; I <= D.Dom.Lpz; ++I)
      D.Out[I] = formula::edge3d(D.X, D.Y, D.Z, I, D.Dom.Jp, D.Dom.Kp);
}

void host(DelDotVec2D &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I : D.RealZones)
      D.Div[I] = formula::delDotVec2d(D.X, D.Y, D.Xdot, D.Ydot, I, D.Dom.Jp);
}

void host(Fir &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I) {
      Real Sum = 0.0;
      for (Index J = 0; J < Fir::CoefLength; ++J)
        Sum += D.Coef[J] * D.In[I + J];
      D.Out[I] = Sum;
    }
}

void host(Ltimes &D, Index Reps) {
  const Index M = Ltimes::NumM, G = Ltimes::NumG, Dd = Ltimes::NumD;
  for (Index R = 0; R < Reps; ++R)
    for (Index Z = 0; Z < D.NumZ; ++Z)
      for (Index Gi = 0; Gi < G; ++Gi)
        for (Index Mi = 0; Mi < M; ++Mi)
          for (Index Di = 0; Di < Dd; ++Di)
            D.Phi[Mi + Gi * M + Z * M * G] +=
                D.Ell[Di + Mi * Dd] * D.Psi[Di + Gi * Dd + Z * Dd * G];
}

void host(NodalAccumulation3D &D, Index Reps) {
  const Index Jp = D.Dom.Jp, Kp = D.Dom.Kp;
  const Index Corners[8] = {0, 1, Jp, 1 + Jp, Kp, 1 + Kp, Jp + Kp, 1 + Jp + Kp};
  for (Index R = 0; R < Reps; ++R)
    for (Index I : D.RealZones) {
      Real Val = 0.125 * D.Vol[I];
      for (Index C : Corners)
        D.X[I + C] += Val;
    }
}

void host(ZonalAccumulation3D &D, Index Reps) {
  const Index Jp = D.Dom.Jp, Kp = D.Dom.Kp;
  for (Index R = 0; R < Reps; ++R)
    for (Index I : D.RealZones)
      D.Vol[I] = 0.125 * (D.X[I] + D.X[I + 1] + D.X[I + Jp] + D.X[I + 1 + Jp] +
                          D.X[I + Kp] + D.X[I + 1 + Kp] + D.X[I + Jp + Kp] +
                          D.X[I + 1 + Jp + Kp]);
}

void host(Energy &D, Index Reps) {
  const Index N = D.N;
  for (Index R = 0; R < Reps; ++R) {
    for (Index I = 0; I < N; ++I)
      D.ENew[I] = D.EOld[I] - 0.5 * D.Delvc[I] * (D.POld[I] + D.QOld[I]) +
                  0.5 * D.Work[I];
    for (Index I = 0; I < N; ++I) {
      Real Vhalf = 1.0 / (1.0 + D.CompHalfStep[I]);
      D.QNew[I] = D.Delvc[I] > 0.0
                      ? 0.0
                      : formula::energyQ(D.Pbvc[I], D.ENew[I], Vhalf * Vhalf,
                                         D.Bvc[I], D.PHalfStep[I], D.Rho0,
                                         D.QlOld[I], D.QqOld[I]);
    }
    for (Index I = 0; I < N; ++I)
      D.ENew[I] = D.ENew[I] + 0.5 * D.Delvc[I] *
                                  (3.0 * (D.POld[I] + D.QOld[I]) -
                                   4.0 * (D.PHalfStep[I] + D.QNew[I]));
    for (Index I = 0; I < N; ++I)
      D.ENew[I] =
          formula::cutBelow(D.ENew[I] + 0.5 * D.Work[I], D.ECut, D.Emin);
    for (Index I = 0; I < N; ++I) {
      Real QTilde =
          D.Delvc[I] > 0.0
              ? 0.0
              : formula::energyQ(D.Pbvc[I], D.ENew[I], D.Vnewc[I] * D.Vnewc[I],
                                 D.Bvc[I], D.PNew[I], D.Rho0, D.QlOld[I],
                                 D.QqOld[I]);
      D.ENew[I] =
          formula::cutBelow(D.ENew[I] - (7.0 * (D.POld[I] + D.QOld[I]) -
                                         8.0 * (D.PHalfStep[I] + D.QNew[I]) +
                                         (D.PNew[I] + QTilde)) *
                                            D.Delvc[I] / 6.0,
                            D.ECut, D.Emin);
    }
    for (Index I = 0; I < N; ++I)
      if (D.Delvc[I] <= 0.0) {
        Real Q = formula::energyQ(D.Pbvc[I], D.ENew[I], D.Vnewc[I] * D.Vnewc[I],
                                  D.Bvc[I], D.PNew[I], D.Rho0, D.QlOld[I],
                                  D.QqOld[I]);
        D.QNew[I] = std::fabs(Q) < D.QCut ? 0.0 : Q;
      }
  }
}

void host(Pressure &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R) {
    for (Index I = 0; I < D.N; ++I)
      D.Bvc[I] = D.Cls * (D.Compression[I] + 1.0);
    for (Index I = 0; I < D.N; ++I) {
      D.PNew[I] = D.Bvc[I] * D.EOld[I];
      if (std::fabs(D.PNew[I]) < D.PCut)
        D.PNew[I] = 0.0;
      if (D.Vnewc[I] >= D.Eosvmax)
        D.PNew[I] = 0.0;
      if (D.PNew[I] < D.Pmin)
        D.PNew[I] = D.Pmin;
    }
  }
}

} // namespace rajaperf
