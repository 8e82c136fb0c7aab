//===- benchmarks/rajaperf/host_basic_lcals_polybench.cpp - Host loops ----===//
//
// RAJAPerf's Base_Seq loops of suite_basic_lcals_polybench.hpp's kernels,
// one thread: the reference every other variant's checksum must match.
//
//===----------------------------------------------------------------------===//

#include "formulas_basic_lcals_polybench.hpp"
#include "variants.hpp"

#include <algorithm>
#include <tuple>
#include <utility>

namespace rajaperf {

void host(StreamAdd &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I)
      D.C[I] = D.A[I] + D.B[I];
}

void host(StreamMul &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I)
      D.B[I] = D.Alpha * D.C[I];
}

void host(IfQuad &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I)
      formula::ifQuad(D.A, D.B, D.C, I, D.X1[I], D.X2[I]);
}

void host(InitView1D &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I)
      D.A[I] = (I + 1) * InitView1D::Val;
}

void host(InitView1DOffset &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 1; I < D.N + 1; ++I)
      D.A[I - 1] = I * InitView1D::Val;
}

void host(MulAddSub &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I) {
      D.Out1[I] = D.In1[I] * D.In2[I];
      D.Out2[I] = D.In1[I] + D.In2[I];
      D.Out3[I] = D.In1[I] - D.In2[I];
    }
}

void host(NestedInit &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index K = 0; K < D.Nk; ++K)
      for (Index J = 0; J < D.Nj; ++J)
        for (Index I = 0; I < D.Ni; ++I)
          D.Array[I + D.Ni * (J + D.Nj * K)] = 0.00000001 * I * J * K;
}

void host(TrapInt &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R) {
    Real Sum = 0.0;
    for (Index I = 0; I < D.N; ++I)
      Sum += formula::trapInt(D.X0 + I * D.H, D.Y, D.Xp, D.Yp);
    D.Sumx += Sum * D.H;
  }
}

void host(PiReduce &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R) {
    Real Pi = 0.0;
    for (Index I = 0; I < D.N; ++I)
      Pi += formula::piTerm(I, D.Dx);
    D.Pi = 4.0 * Pi;
  }
}

void host(Copy8 &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I)
      for (int C = 0; C < 8; ++C)
        D.Y[C][I] = D.X[C][I];
}

void host(DiffPredict &D, Index Reps) {
  const Index N = D.N;
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < N; ++I) {
      Real Carry = D.Cx[I + 4 * N];
      for (Index Row = 4; Row < 13; ++Row)
        Carry = formula::diffStep(D.Px[I + Row * N], Carry);
      D.Px[I + 13 * N] = Carry;
    }
}

void host(Eos &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I)
      D.X[I] = formula::eos(D.Y, D.Z, D.U, D.Q, D.R, D.T, I);
}

void host(FirstDiff &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I)
      D.X[I] = D.Y[I + 1] - D.Y[I];
}

void host(FirstSum &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 1; I < D.N; ++I)
      D.X[I] = D.Y[I - 1] + D.Y[I];
}

void host(Memset &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I)
      D.X[I] = Memset::Value;
}

void host(Memcpy &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I)
      D.Y[I] = D.X[I];
}

void host(ArrayOfPtrs &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I) {
      Real Yi = 0.0;
      for (Index A = 0; A < ArrayOfPtrs::Arrays; ++A)
        Yi += D.X[A * D.N + I];
      D.Y[I] = Yi;
    }
}

// The messages of one rank to itself.
static void haloExchange(HaloPacking &H) {
  for (const HaloPacking::Message &M : H.messages())
    std::copy_n(H.SendBuffer.begin() + M.From, M.Len,
                H.ReceiveBuffer.begin() + M.To);
}

// One rep of HALO_PACKING, or of HALO_EXCHANGE with the messages between
// packing and unpacking.
static void haloRep(HaloPacking &H, bool Exchange) {
  using Part = HaloPacking::Part;
  H.forEachPart(true, [&](Part P, int V) {
    for (Index I = 0; I < P.Len; ++I)
      H.SendBuffer[P.Buffer + I] =
          H.Values[V * H.Zones + H.PackList[P.List + I]];
  });
  if (Exchange)
    haloExchange(H);
  H.forEachPart(false, [&](Part P, int V) {
    for (Index I = 0; I < P.Len; ++I)
      H.Values[V * H.Zones + H.UnpackList[P.List + I]] =
          H.ReceiveBuffer[P.Buffer + I];
  });
}

void host(HaloSendRecv &H, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    haloExchange(H);
}

void host(HaloPacking &H, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    haloRep(H, false);
}

void host(HaloExchange &H, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    haloRep(H, true);
}

// RAJAPerf's Base_Seq runs the fused loops in the unfused order.
void host(HaloPackingFused &H, Index Reps) {
  host(static_cast<HaloPacking &>(H), Reps);
}

void host(HaloExchangeFused &H, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    haloRep(H, true);
}

void host(Mass3DEA &E, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index P = 0; P < Mass3DEA::Entries * E.NE; ++P)
      E.M[P] = formula::mass3deaEntry(E.B.data(), E.D.data(), P);
}

void host(Mass3DPA &E, Index Reps) {
  using S = formula::Mass3DPAColumns;
  Real Bs[S::Q1 * S::D1], Bts[S::Q1 * S::D1];
  for (Index K = 0; K < S::Q1 * S::D1; ++K) {
    Bs[K] = S::bs(E.B, K);
    Bts[K] = S::bts(E.Bt, K);
  }
  Real A[S::Entries], C[S::Entries];
  // Each column (x, y) of a stage: Column(x, y, its values over z).
  auto Stage = [](Real *Into, auto Column) {
    for (Index Y = 0; Y < S::Q1; ++Y)
      for (Index X = 0; X < S::Q1; ++X) {
        S::Column Out;
        Column(X, Y, Out);
        for (Index Z = 0; Z < S::Q1; ++Z)
          Into[S::at(Z, Y, X)] = Out[Z];
      }
  };
  for (Index R = 0; R < Reps; ++R)
    for (Index El = 0; El < E.NE; ++El) {
      const Real *X = E.X.data() + El * Mass3DPA::Dofs;
      Stage(C, [&](Index Qx, Index Dy, S::Column &Out) {
        S::ddq(X, Bs, Qx, Dy, Out);
      });
      Stage(A, [&](Index Qx, Index Qy, S::Column &Out) {
        S::dqq(C, Bs, Qx, Qy, Out);
      });
      Stage(C, [&](Index Qx, Index Qy, S::Column &Out) {
        S::qqq(A, Bs, E.D, El * Mass3DPA::Points, Qx, Qy, Out);
      });
      Stage(A, [&](Index Dx, Index Qy, S::Column &Out) {
        S::qqd(C, Bts, Dx, Qy, Out);
      });
      Stage(C, [&](Index Dx, Index Dy, S::Column &Out) {
        S::qdd(A, Bts, Dx, Dy, Out);
      });
      Stage(A, [&](Index Dx, Index Dy, S::Column &Out) {
        S::y(C, Bts, Dx, Dy, Out);
      });
      for (Index K = 0; K < Mass3DPA::Dofs; ++K)
        E.Y[El * Mass3DPA::Dofs + K] +=
            A[S::at(K / (S::D1 * S::D1), K / S::D1 % S::D1, K % S::D1)];
    }
}

// Stores the components of each of a stage's 64 points (Point(I)) into
// Into[C * 64 + I].
template <class F> static void points(Real *Into, F Point) {
  for (Index I = 0; I < 64; ++I) {
    const auto P = Point(I);
    for (Index C = 0; C < 3; ++C)
      Into[C * 64 + I] = P.C[C];
  }
}

void host(Diffusion3DPA &E, Index Reps) {
  using S = formula::Diffusion3DPAStages;
  Real Tab[S::Q1 * S::D1], TabT[S::Q1 * S::D1];
  for (Index C = 0; C < S::Q1 * S::D1; ++C) {
    Tab[C] = S::table(E.B, E.G, C, false);
    TabT[C] = S::table(E.B, E.G, C, true);
  }
  Real A[S::Entries], C[S::Entries];
  constexpr Index Dofs = Diffusion3DPA::Dofs,
                  Coefficients = Diffusion3DPA::Points * Diffusion3DPA::Sym;
  for (Index R = 0; R < Reps; ++R)
    for (Index El = 0; El < E.NE; ++El) {
      const Real *X = E.X.data() + El * Dofs;
      points(C, [&](Index I) { return S::ddq(X, Tab, I); });
      points(A, [&](Index I) { return S::dqq(C, Tab, I); });
      points(C, [&](Index I) {
        return S::qqq(A, Tab, E.D, El * Coefficients, I);
      });
      points(A, [&](Index I) { return S::qqd(C, TabT, I); });
      points(C, [&](Index I) { return S::qdd(A, TabT, I); });
      for (Index K = 0; K < Dofs; ++K)
        E.Y[El * Dofs + K] += S::y(C, TabT, K);
    }
}

void host(Convection3DPA &E, Index Reps) {
  using S = formula::Convection3DPAStages;
  Real A[S::Entries], C[S::Entries];
  constexpr Index Dofs = Convection3DPA::Dofs,
                  Coefficients = Convection3DPA::Points * Convection3DPA::VDim;
  for (Index R = 0; R < Reps; ++R)
    for (Index El = 0; El < E.NE; ++El) {
      const Real *X = E.X.data() + El * Dofs;
      points(C, [&](Index I) { return S::bu(X, E.B, E.G, I); });
      points(A, [&](Index I) { return S::bbu(C, E.B, E.G, I); });
      points(C, [&](Index I) { return S::gbbu(A, E.B, E.G, I); });
      points(A, [&](Index I) { return S::dgu(C, E.D, El * Coefficients, I); });
      points(C, [&](Index I) { return S::bdgu(A, E.Bt, I); });
      points(A, [&](Index I) { return S::bbdgu(C, E.Bt, I); });
      for (Index K = 0; K < Dofs; ++K)
        E.Y[El * Dofs + K] += S::y(A, E.Bt, K);
    }
}

void host(AtomicAdds &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I)
      D.Slots[I % AtomicAdds::Replication] += 1.0;
}

void host(DaxpyAtomic &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I)
      D.Y[I] += D.A * D.X[I];
}

void host(Hydro1D &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I)
      D.X[I] = formula::hydro1d(D.Y, D.Z, D.Q, D.R, D.T, I);
}

void host(IntPredict &D, Index Reps) {
  const Index N = D.N;
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < N; ++I)
      D.Px[I] = formula::intPredict(
          D.K, [&](Index Row) { return D.Px[I + Row * N]; });
}

void host(Planckian &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < D.N; ++I) {
      D.Y[I] = D.U[I] / D.V[I];
      D.W[I] = D.X[I] / (std::exp(D.Y[I]) - 1.0);
    }
}

void host(TridiagElim &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 1; I < D.N + 1; ++I)
      D.Xout[I] = D.Z[I] * (D.Y[I] - D.Xin[I - 1]);
}

void host(GenLinRecur &D, Index Reps) {
  const Index N = D.N;
  for (Index R = 0; R < Reps; ++R) {
    for (Index K = 0; K < N; ++K)
      formula::genLinRecur(D.B5[K], D.Stb5[K], D.Sa[K], D.Sb[K]);
    for (Index I = 1; I < N + 1; ++I) {
      const Index K = N - I;
      formula::genLinRecur(D.B5[K], D.Stb5[K], D.Sa[K], D.Sb[K]);
    }
  }
}

void host(Jacobi1D &D, Index Reps) {
  const Index N = D.N;
  auto Sweep = [N](const std::vector<Real> &In, std::vector<Real> &Out) {
    for (Index I = 1; I < N - 1; ++I)
      Out[I] = formula::jacobi1d(In, I);
  };
  for (Index R = 0; R < Reps; ++R)
    for (Index T = 0; T < Jacobi1D::Steps; ++T) {
      Sweep(D.A, D.B);
      Sweep(D.B, D.A);
    }
}

void host(Atax &D, Index Reps) {
  const Index N = D.N;
  for (Index R = 0; R < Reps; ++R) {
    for (Index I = 0; I < N; ++I) {
      D.Y[I] = 0.0;
      Real Dot = 0.0;
      for (Index J = 0; J < N; ++J)
        Dot += D.A[J + I * N] * D.X[J];
      D.Tmp[I] = Dot;
    }
    for (Index J = 0; J < N; ++J) {
      Real Dot = D.Y[J];
      for (Index I = 0; I < N; ++I)
        Dot += D.A[J + I * N] * D.Tmp[I];
      D.Y[J] = Dot;
    }
  }
}

void host(Mvt &D, Index Reps) {
  const Index N = D.N;
  for (Index R = 0; R < Reps; ++R) {
    for (Index I = 0; I < N; ++I) {
      Real Dot = 0.0;
      for (Index J = 0; J < N; ++J)
        Dot += D.A[J + I * N] * D.Y1[J];
      D.X1[I] += Dot;
    }
    // RAJAPerf's second product reads y2 at the row, not the column.
    for (Index I = 0; I < N; ++I) {
      Real Dot = 0.0;
      for (Index J = 0; J < N; ++J)
        Dot += D.A[I + J * N] * D.Y2[I];
      D.X2[I] += Dot;
    }
  }
}

void host(Gesummv &D, Index Reps) {
  const Index N = D.N;
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < N; ++I) {
      Real TmpDot = 0.0, YDot = 0.0;
      for (Index J = 0; J < N; ++J) {
        TmpDot += D.A[J + I * N] * D.X[J];
        YDot += D.B[J + I * N] * D.X[J];
      }
      D.Y[I] = Gesummv::Alpha * TmpDot + Gesummv::Beta * YDot;
    }
}

void host(TwoMM &M, Index Reps) {
  const Index Ni = M.Ni, Nj = M.Nj, Nk = M.Nk, Nl = M.Nl;
  for (Index R = 0; R < Reps; ++R) {
    for (Index I = 0; I < Ni; ++I)
      for (Index J = 0; J < Nj; ++J) {
        Real Dot = 0.0;
        for (Index K = 0; K < Nk; ++K)
          Dot += TwoMM::Alpha * M.A[K + I * Nk] * M.B[J + K * Nj];
        M.Tmp[J + I * Nj] = Dot;
      }
    for (Index I = 0; I < Ni; ++I)
      for (Index L = 0; L < Nl; ++L) {
        Real Dot = TwoMM::Beta;
        for (Index J = 0; J < Nj; ++J)
          Dot += M.Tmp[J + I * Nj] * M.C[L + J * Nl];
        M.D[L + I * Nl] = Dot;
      }
  }
}

void host(ThreeMM &M, Index Reps) {
  // Out (Rows x Cols) = X (Rows x Inner) Y (Inner x Cols).
  auto Product = [](std::vector<Real> &Out, const std::vector<Real> &X,
                    const std::vector<Real> &Y, Index Rows, Index Cols,
                    Index Inner) {
    for (Index I = 0; I < Rows; ++I)
      for (Index J = 0; J < Cols; ++J) {
        Real Dot = 0.0;
        for (Index K = 0; K < Inner; ++K)
          Dot += X[K + I * Inner] * Y[J + K * Cols];
        Out[J + I * Cols] = Dot;
      }
  };
  for (Index R = 0; R < Reps; ++R) {
    Product(M.E, M.A, M.B, M.Ni, M.Nj, M.Nk);
    Product(M.F, M.C, M.D, M.Nj, M.Nl, M.Nm);
    Product(M.G, M.E, M.F, M.Ni, M.Nl, M.Nj);
  }
}

void host(Gemver &G, Index Reps) {
  const Index N = G.N;
  for (Index R = 0; R < Reps; ++R) {
    for (Index I = 0; I < N; ++I)
      for (Index J = 0; J < N; ++J)
        G.A[J + I * N] += G.U1[I] * G.V1[J] + G.U2[I] * G.V2[J];
    for (Index I = 0; I < N; ++I) {
      Real Dot = 0.0;
      for (Index J = 0; J < N; ++J)
        Dot += Gemver::Beta * G.A[I + J * N] * G.Y[J];
      G.X[I] += Dot;
    }
    for (Index I = 0; I < N; ++I)
      G.X[I] += G.Z[I];
    for (Index I = 0; I < N; ++I) {
      Real Dot = G.W[I];
      for (Index J = 0; J < N; ++J)
        Dot += Gemver::Alpha * G.A[J + I * N] * G.X[J];
      G.W[I] = Dot;
    }
  }
}

void host(Adi &D, Index Reps) {
  const Adi::Coefficients K = D.coefficients();
  for (Index R = 0; R < Reps; ++R)
    for (Index T = 0; T < Adi::Steps; ++T) {
      for (Index I = 1; I < D.N - 1; ++I)
        formula::adiColumnSweep(K, D.U.data(), D.V.data(), D.P.data(),
                                D.Q.data(), D.N, I);
      for (Index I = 1; I < D.N - 1; ++I)
        formula::adiRowSweep(K, D.U.data(), D.V.data(), D.P.data(), D.Q.data(),
                             D.N, I);
    }
}

void host(FloydWarshall &F, Index Reps) {
  const Index N = F.N;
  for (Index R = 0; R < Reps; ++R)
    for (Index K = 0; K < N; ++K)
      for (Index I = 0; I < N; ++I)
        for (Index J = 0; J < N; ++J) {
          const Real Via = F.In[K + I * N] + F.In[J + K * N];
          F.Out[J + I * N] = F.In[J + I * N] < Via ? F.In[J + I * N] : Via;
        }
}

void host(Fdtd2D &F, Index Reps) {
  const Index Nx = F.Nx, Ny = F.Ny;
  std::vector<Real> &Ex = F.Ex, &Ey = F.Ey, &Hz = F.Hz;
  for (Index R = 0; R < Reps; ++R)
    for (Index T = 0; T < Fdtd2D::Steps; ++T) {
      for (Index J = 0; J < Ny; ++J)
        Ey[J] = F.Fict[T];
      for (Index I = 1; I < Nx; ++I)
        for (Index J = 0; J < Ny; ++J)
          Ey[J + I * Ny] = formula::fdtdE(Ey[J + I * Ny], Hz[J + I * Ny],
                                          Hz[J + (I - 1) * Ny]);
      for (Index I = 0; I < Nx; ++I)
        for (Index J = 1; J < Ny; ++J)
          Ex[J + I * Ny] = formula::fdtdE(Ex[J + I * Ny], Hz[J + I * Ny],
                                          Hz[J - 1 + I * Ny]);
      for (Index I = 0; I < Nx - 1; ++I)
        for (Index J = 0; J < Ny - 1; ++J) {
          const Index C = J + I * Ny;
          Hz[C] = formula::fdtdH(Hz[C], Ex[C + 1], Ex[C], Ey[C + Ny], Ey[C]);
        }
    }
}

void host(MatMatShared &M, Index Reps) {
  const Index N = M.N;
  for (Index R = 0; R < Reps; ++R)
    for (Index I = 0; I < N; ++I)
      for (Index J = 0; J < N; ++J) {
        Real Sum = 0;
        for (Index K = 0; K < N; ++K)
          Sum += M.A[I * N + K] * M.B[K * N + J];
        M.C[I * N + J] = Sum;
      }
}

void host(Scan &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R) {
    Real Sum = 0;
    for (Index I = 0; I < D.N; ++I) {
      D.Y[I] = Sum;
      Sum += D.X[I];
    }
  }
}

void host(Sort &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R)
    std::sort(D.X.begin() + R * D.N, D.X.begin() + (R + 1) * D.N);
}

// As RAJAPerf's Base_Seq: pairs sorted by key with std::sort.
void host(SortPairs &D, Index Reps) {
  std::vector<std::pair<Real, Real>> Pairs(D.N);
  for (Index R = 0; R < Reps; ++R) {
    for (Index K = 0; K < D.N; ++K)
      Pairs[K] = {D.X[R * D.N + K], D.I[R * D.N + K]};
    std::sort(Pairs.begin(), Pairs.end(),
              [](const auto &A, const auto &B) { return A.first < B.first; });
    for (Index K = 0; K < D.N; ++K)
      std::tie(D.X[R * D.N + K], D.I[R * D.N + K]) = Pairs[K];
  }
}

void host(IndexList3Loop &D, Index Reps) {
  std::vector<Index> Counts(D.N + 1);
  for (Index R = 0; R < Reps; ++R) {
    for (Index I = 0; I < D.N; ++I)
      Counts[I] = D.X[I] < 0.0 ? 1 : 0;
    Index Count = 0;
    for (Index I = 0; I < D.N + 1; ++I) {
      const Index Inc = Counts[I];
      Counts[I] = Count;
      Count += Inc;
    }
    for (Index I = 0; I < D.N; ++I)
      if (Counts[I] != Counts[I + 1])
        D.List[Counts[I]] = int(I);
    D.Len = Counts[D.N];
  }
}

void host(IndexList &D, Index Reps) {
  for (Index R = 0; R < Reps; ++R) {
    Index Count = 0;
    for (Index I = 0; I < D.N; ++I)
      if (D.X[I] < 0.0)
        D.List[Count++] = int(I);
    D.Len = Count;
  }
}

} // namespace rajaperf
