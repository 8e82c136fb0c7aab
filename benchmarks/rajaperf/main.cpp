//===- benchmarks/rajaperf/main.cpp - The RAJAPerf subset, all variants ---===//
//
// Runs 46 RAJA Performance Suite kernels, and idiomatic versions of four of
// them (KERNEL+how), in every variant (offload with preloaded data, offload
// with automatic data movement, hand-written CUDA, sequential host
// reference), RAJAPerf's way: the reps loop timed between
// device synchronisations, several passes, checksums against the host
// reference. Prints a table, optionally writes a CSV, and exits non-zero if
// any checksum is off.
//
//   rajaperf [--size N] [--repfact F] [--passes P] [--kernels A,B,...]
//            [--csv FILE] [--automatic-passes P] [--copy-bandwidth GB/s]
//
// --automatic-passes sets the passes of the naive variant (Interface A),
// whose reps move all their data each time (0 leaves it out).
//
//===----------------------------------------------------------------------===//

#include "variants.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

using namespace rajaperf;

namespace {

struct Options {
  Index Size = 0; // 0: each kernel's default
  double RepFactor = 1.0;
  int Passes = 3;
  int AutomaticPasses = -1; // -1: as many as Passes
  std::vector<std::string> Kernels;
  std::string Csv;
  double CopyBandwidth = 4040; // GB/s: device-to-device copy on the H200
};

// RAJAPerf's checksum tolerances (relative difference).
constexpr double Zero = 0, Tight = 1e-14, Normal = 1e-10;

/// What RAJAPerf declares a kernel reads and writes per rep (atomic
/// read-modify-writes twice), for GB/s.
double bytesPerRep(const StreamCopy &D) { return 16.0 * D.N; }
double bytesPerRep(const StreamTriad &D) { return 24.0 * D.N; }
double bytesPerRep(const StreamDot &D) { return 16.0 * D.N + 16; }
double bytesPerRep(const Daxpy &D) { return 24.0 * D.N; }
double bytesPerRep(const Init3 &D) { return 40.0 * D.N; }
double bytesPerRep(const Reduce3Int &D) { return 4.0 * D.N + 24; }
double bytesPerRep(const PiAtomic &) { return 16; }
double bytesPerRep(const ReduceSum &D) { return 8.0 * D.N + 16; }
double bytesPerRep(const Histogram &D) {
  return 8.0 * D.N + 16.0 * Histogram::NumBins;
}
double bytesPerRep(const FirstMin &D) { return 8.0 * D.N + 32; }
double bytesPerRep(const Hydro2D &D) {
  double L = double(D.Jn) * D.Kn, I = double(D.Jn - 2) * (D.Kn - 2);
  return 64 * L + 80 * I;
}
double bytesPerRep(const Jacobi2D &D) {
  double N = D.N;
  return (16 * (N * N - 4) + 16 * (N - 2) * (N - 2)) * Jacobi2D::Steps;
}
double bytesPerRep(const Heat3D &D) {
  double N = D.N;
  return (16 * (N * N * N - 12 * (N - 2) - 8) + 16 * std::pow(N - 2, 3)) *
         Heat3D::Steps;
}
double bytesPerRep(const Gemm &D) {
  return 8.0 * (D.Ni * D.Nk + D.Nj * D.Nk + D.Ni * D.Nj);
}
double bytesPerRep(const Matvec3D &D) {
  const double L = double(D.Dom.Imax - D.Dom.Imin);
  auto E = [L](double A, double B, double C) {
    return (L + A) * (L + B) * (L + C);
  };
  auto M = [&](double A, double B, double C) {
    return E(0, 0, 0) + (E(0, 0, 0) - (L - A) * (L - B) * (L - C));
  };
  const double Shifts[14][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0},
                                {1, 1, 0}, {1, 1, 1}, {0, 1, 1}, {1, 1, 1},
                                {1, 0, 1}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1},
                                {0, 1, 1}, {1, 1, 1}};
  double Matrix = 0;
  for (const auto &S : Shifts)
    Matrix += M(S[0], S[1], S[2]);
  return 8.0 * D.Dom.RealZones + 8 * E(2, 2, 2) + 8 * Matrix + 8 * E(0, 0, 0);
}
// VOL3D's and EDGE3D's: RAJAPerf counts the nodes touched, not the loads.
double bytesPerRep(const ZonalMesh3D &D) {
  double Its = double(D.Dom.Lpz + 1 - D.Dom.Fpz);
  return 24 * (Its + 1 + D.Dom.Jp + D.Dom.Kp) + 8 * Its;
}
double bytesPerRep(const DelDotVec2D &D) {
  return 16.0 * D.Dom.RealZones + 32.0 * D.Dom.RealNodes;
}
double bytesPerRep(const Fir &D) { return 128 + 8.0 * (D.N + 15) + 8.0 * D.N; }
double bytesPerRep(const Ltimes &D) {
  return 8.0 * (2 * D.Phi.size() + D.Ell.size() + D.Psi.size());
}
double bytesPerRep(const NodalAccumulation3D &D) {
  return 16.0 * D.Dom.RealZones + 16.0 * D.Dom.RealNodes;
}
double bytesPerRep(const ZonalAccumulation3D &D) {
  return 16.0 * D.Dom.RealZones + 16.0 * D.Dom.RealNodes;
}
double bytesPerRep(const Energy &D) { return 216.0 * D.N; }
double bytesPerRep(const Pressure &D) { return 48.0 * D.N; }

// suite_basic_lcals_polybench.hpp's kernels.
double bytesPerRep(const StreamAdd &D) { return 24.0 * D.N; }
double bytesPerRep(const StreamMul &D) { return 16.0 * D.N; }
double bytesPerRep(const IfQuad &D) { return 40.0 * D.N; }
double bytesPerRep(const InitView1D &D) { return 8.0 * D.N; }
double bytesPerRep(const InitView1DOffset &D) { return 8.0 * D.N; }
double bytesPerRep(const MulAddSub &D) { return 40.0 * D.N; }
double bytesPerRep(const NestedInit &D) { return 8.0 * D.Ni * D.Nj * D.Nk; }
double bytesPerRep(const TrapInt &) { return 16; }
double bytesPerRep(const PiReduce &) { return 16; }
double bytesPerRep(const Copy8 &D) { return 128.0 * D.N; }
double bytesPerRep(const DiffPredict &D) { return 160.0 * D.N; }
double bytesPerRep(const Eos &D) { return 24.0 * D.N + 8.0 * (D.N + 7); }
double bytesPerRep(const FirstDiff &D) { return 8.0 * (D.N + 1) + 8.0 * D.N; }
double bytesPerRep(const Hydro1D &D) { return 16.0 * D.N + 8.0 * (D.N + 1); }
double bytesPerRep(const IntPredict &D) { return 88.0 * D.N; }
double bytesPerRep(const Planckian &D) { return 40.0 * D.N; }
double bytesPerRep(const TridiagElim &D) { return 32.0 * D.N; }
double bytesPerRep(const GenLinRecur &D) { return 80.0 * D.N; }
double bytesPerRep(const Jacobi1D &D) {
  return (16.0 * D.N + 16.0 * (D.N - 2)) * Jacobi1D::Steps;
}
double bytesPerRep(const Atax &D) {
  double N = D.N;
  return 16 * N * N + 40 * N;
}
double bytesPerRep(const Mvt &D) {
  double N = D.N;
  return 16 * N * N + 48 * N;
}
double bytesPerRep(const Gesummv &D) {
  double N = D.N;
  return 16 * N * N + 16 * N;
}
double bytesPerRep(const TwoMM &M) {
  double Ni = M.Ni, Nj = M.Nj, Nk = M.Nk, Nl = M.Nl;
  return 8 * (Ni * Nk + Nj * Nk + Ni * Nj + Nj * Nl) + 8 * (Ni * Nj + Ni * Nl);
}
double bytesPerRep(const ThreeMM &M) {
  double Ni = M.Ni, Nj = M.Nj, Nk = M.Nk, Nl = M.Nl, Nm = M.Nm;
  return 8 * (Ni * Nk + Nj * Nk + Nj * Nm + Nl * Nm + Ni * Nj + Nj * Nl) +
         8 * (Ni * Nj + Nj * Nl + Ni * Nl);
}
double bytesPerRep(const Gemver &G) {
  double N = G.N;
  return 8 * (3 * N * N + 10 * N) + 8 * (N * N + 3 * N);
}
double bytesPerRep(const FirstSum &D) { return 16.0 * (D.N - 1); }
double bytesPerRep(const Memset &D) { return 8.0 * D.N; }
double bytesPerRep(const Memcpy &D) { return 16.0 * D.N; }
double bytesPerRep(const ArrayOfPtrs &D) {
  return 8.0 * (ArrayOfPtrs::Arrays + 1) * D.N;
}
double bytesPerRep(const DaxpyAtomic &D) { return 24.0 * D.N; }
double bytesPerRep(const AtomicAdds &) {
  return 16.0 * AtomicAdds::Replication;
}
double bytesPerRep(const ReduceStruct &D) { return 16.0 * D.N; }
double bytesPerRep(const Mass3DEA &E) {
  return 8.0 * (Mass3DEA::Q1D * Mass3DEA::D1D +
                E.NE * (Mass3DEA::Q1D * Mass3DEA::Q1D * Mass3DEA::Q1D +
                        Mass3DEA::Entries));
}
// RAJAPerf's: B and Bt, X, Y and D read, Y written.
double bytesPerRep(const Mass3DPA &E) {
  return 8.0 * (2 * Mass3DPA::Q1D * Mass3DPA::D1D +
                E.NE * (3 * Mass3DPA::Dofs + Mass3DPA::Points));
}
// RAJAPerf's: B and G, X, Y and the 6 coefficients read, Y written.
double bytesPerRep(const Diffusion3DPA &E) {
  return 8.0 * (2 * Diffusion3DPA::Q1D * Diffusion3DPA::D1D +
                E.NE * (3 * Diffusion3DPA::Dofs +
                        Diffusion3DPA::Sym * Diffusion3DPA::Points));
}
// RAJAPerf's: B, Bt, G, X, Y and the 3 velocity components read, Y written.
double bytesPerRep(const Convection3DPA &E) {
  return 8.0 * (3 * Convection3DPA::Q1D * Convection3DPA::D1D +
                E.NE * (3 * Convection3DPA::Dofs +
                        Convection3DPA::VDim * Convection3DPA::Points));
}
// RAJAPerf's: per packed or unpacked value, a 4-byte index, a value read
// and a value written.
double bytesPerRep(const HaloPacking &H) {
  return 20.0 * HaloPacking::Vars *
         double(H.PackList.size() + H.UnpackList.size());
}
// HALO_EXCHANGE(_FUSED): HALO_PACKING's bytes with the messages' read and
// write; HALO_SENDRECV: the messages alone.
double bytesPerRep(const HaloExchange &H) {
  return 28.0 * HaloPacking::Vars *
         double(H.PackList.size() + H.UnpackList.size());
}
double bytesPerRep(const HaloExchangeFused &H) {
  return 28.0 * HaloPacking::Vars *
         double(H.PackList.size() + H.UnpackList.size());
}
double bytesPerRep(const HaloSendRecv &H) {
  return 16.0 * HaloPacking::Vars * double(H.UnpackList.size());
}
double bytesPerRep(const FloydWarshall &F) { return 16.0 * F.N * F.N; }
double bytesPerRep(const Adi &D) {
  return 2.0 * Adi::Steps * (6.0 * 8 * D.N * (D.N - 2));
}
double bytesPerRep(const MultiReduce &D) { return 16.0 * D.N + 16.0 * 10; }
double bytesPerRep(const MatMatShared &M) { return 8.0 * 3 * M.N * M.N; }
double bytesPerRep(const Scan &D) { return 16.0 * D.N; }
// RAJAPerf's (which notes they mean little for an N log N algorithm).
double bytesPerRep(const Sort &D) { return 16.0 * D.N; }
double bytesPerRep(const SortPairs &D) { return 32.0 * D.N; }
double bytesPerRep(const IndexList3Loop &D) { return 8.0 * D.N + 16.0 * D.N; }
double bytesPerRep(const IndexList &D) { return 8.0 * D.N + 4.0 * D.Len; }
double bytesPerRep(const Fdtd2D &F) {
  double X = F.Nx, Y = F.Ny;
  double Read = 8 + 8 * (X - 1) * Y + 8 * X * Y + 8 * X * (Y - 1) + 8 * X * Y +
                8 * (X - 1) * (Y - 1) + 8 * (X - 1) * Y + 8 * X * (Y - 1);
  double Written =
      8 * Y + 8 * (X - 1) * Y + 8 * X * (Y - 1) + 8 * (X - 1) * (Y - 1);
  return (Read + Written) * Fdtd2D::Steps;
}

struct Kernel {
  const char *Name;
  Index DefaultSize, DefaultReps;
  double Tolerance;
  // The checksum is one floating-point sum over the whole problem, whose
  // rounding error grows with its length: the tolerance scales with the size
  // beyond RAJAPerf's default.
  bool SumOfSize = false;
};

/// One variant's passes.
struct VariantResult {
  std::string Name;
  std::vector<Measured> Passes;
  std::vector<long double> Checksums;
  bool Ok = true;
  double median() const {
    std::vector<double> T;
    for (const Measured &M : Passes)
      T.push_back(M.KernelSeconds);
    std::sort(T.begin(), T.end());
    return T.empty() ? 0 : T[T.size() / 2];
  }
  double min() const {
    double T = 1e300;
    for (const Measured &M : Passes)
      T = std::min(T, M.KernelSeconds);
    return T;
  }
  template <class F> double medianOf(F Field) const {
    std::vector<double> T;
    for (const Measured &M : Passes)
      T.push_back(Field(M));
    std::sort(T.begin(), T.end());
    return T.empty() ? 0 : T[T.size() / 2];
  }
};

struct KernelResult {
  Kernel K;
  Index Size = 0, Reps = 0;
  double Tolerance = 0;
  double Bytes = 0;
  long double Reference = 0;
  double HostSeconds = 0;
  VariantResult Staged, Automatic;
  std::vector<VariantResult> Cuda;
  const VariantResult *bestCuda() const {
    const VariantResult *Best = nullptr;
    for (const VariantResult &V : Cuda)
      if (!V.Passes.empty() && (!Best || V.median() < Best->median()))
        Best = &V;
    return Best;
  }
  bool ok() const {
    bool Ok = Staged.Ok && Automatic.Ok;
    for (const VariantResult &V : Cuda)
      Ok &= V.Ok;
    return Ok;
  }
};

double relativeDifference(long double A, long double Ref) {
  long double D = std::fabs(A - Ref);
  return double(Ref == 0 ? D : D / std::fabs(Ref));
}

/// Runs one kernel type: the host reference (Reference()), then the device
/// variants pass by pass, each on freshly initialised data.
struct Runner {
  std::function<void(KernelResult &)> Reference;
  std::function<void(KernelResult &, const Options &)> Device;
};

/// A kernel's data for Reps reps: most kernels' data has one size for any
/// number of reps; a sort's has N elements for each rep.
template <class K> K makeFor(Index Size, Index Reps) {
  if constexpr (requires { K::make(Size, Reps); })
    return K::make(Size, Reps);
  else
    return K::make(Size);
}

template <class K> Runner runnerFor() {
  Runner R;
  R.Reference = [](KernelResult &Out) {
    K D = makeFor<K>(Out.Size, Out.Reps);
    Out.Bytes = bytesPerRep(D);
    auto T0 = std::chrono::steady_clock::now();
    host(D, Out.Reps);
    Out.HostSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
            .count();
    Out.Reference = D.checksum();
  };
  R.Device = [](KernelResult &Out, const Options &O) {
    auto RunPass = [&](VariantResult &V, auto Variant) {
      K D = makeFor<K>(Out.Size, Out.Reps);
      V.Passes.push_back(Variant(D));
      long double C = D.checksum();
      V.Checksums.push_back(C);
      V.Ok &= relativeDifference(C, Out.Reference) <= Out.Tolerance;
    };
    // The staged and automatic passes alternate: they move the same bytes,
    // and a stretch of slow host copies (this machine's copies of pageable
    // memory run at half speed for seconds at a time) then meets both.
    Out.Staged.Name = "offload-staged";
    Out.Automatic.Name = "offload-automatic";
    const int AutomaticPasses =
        O.AutomaticPasses < 0 ? O.Passes : O.AutomaticPasses;
    for (int P = 0; P < std::max(O.Passes, AutomaticPasses); ++P) {
      if (P < O.Passes)
        RunPass(Out.Staged, [&](K &D) { return staged(D, Out.Reps); });
      if (P < AutomaticPasses)
        RunPass(Out.Automatic, [&](K &D) { return automatic(D, Out.Reps); });
    }
#if RAJAPERF_HAVE_CUDA
    if (cudaAvailable()) {
      K Probe = K::make(1);
      std::vector<std::string> Tunings = cudaTunings(Probe);
      for (int T = 0; T < int(Tunings.size()); ++T) {
        Out.Cuda.push_back({"cuda-" + Tunings[T]});
        for (int P = 0; P < O.Passes; ++P)
          RunPass(Out.Cuda.back(), [&](K &D) { return cuda(D, Out.Reps, T); });
      }
    }
#endif
  };
  return R;
}

struct Entry {
  Kernel K;
  Runner Run;
};

std::vector<Entry> allKernels() {
  return {
      {{"Stream_COPY", 1000000, 1800, Zero}, runnerFor<StreamCopy>()},
      {{"Stream_TRIAD", 1000000, 1000, Tight}, runnerFor<StreamTriad>()},
      {{"Stream_DOT", 1000000, 2000, Normal, true}, runnerFor<StreamDot>()},
      {{"Basic_DAXPY", 1000000, 500, Normal}, runnerFor<Daxpy>()},
      {{"Basic_REDUCE_STRUCT", 1000000, 50, Normal}, runnerFor<ReduceStruct>()},
      {{"Basic_MULTI_REDUCE", 1000000, 50, Normal}, runnerFor<MultiReduce>()},
      {{"Basic_INIT3", 1000000, 500, Normal}, runnerFor<Init3>()},
      {{"Basic_REDUCE3_INT", 1000000, 50, Normal}, runnerFor<Reduce3Int>()},
      {{"Basic_PI_ATOMIC", 1000000, 50, Normal, true}, runnerFor<PiAtomic>()},
      {{"Algorithm_REDUCE_SUM", 1000000, 50, Normal, true},
       runnerFor<ReduceSum>()},
      {{"Algorithm_HISTOGRAM", 1000000, 50, Normal}, runnerFor<Histogram>()},
      {{"Lcals_FIRST_MIN", 1000000, 100, Normal}, runnerFor<FirstMin>()},
      {{"Lcals_HYDRO_2D", 1000000, 100, Normal}, runnerFor<Hydro2D>()},
      {{"Polybench_JACOBI_2D", 1000000, 50, Normal}, runnerFor<Jacobi2D>()},
      {{"Polybench_HEAT_3D", 1000000, 20, Normal}, runnerFor<Heat3D>()},
      {{"Polybench_GEMM", 1000000, 4, Normal}, runnerFor<Gemm>()},
      {{"Apps_MATVEC_3D_STENCIL", 1000000, 100, Normal}, runnerFor<Matvec3D>()},
      {{"Apps_VOL3D", 1000000, 100, Normal}, runnerFor<Vol3D>()},
      {{"Apps_EDGE3D", 1000000, 10, Normal}, runnerFor<Edge3D>()},
      {{"Apps_DEL_DOT_VEC_2D", 1000000, 100, Normal}, runnerFor<DelDotVec2D>()},
      {{"Apps_FIR", 1000000, 160, Normal}, runnerFor<Fir>()},
      {{"Apps_LTIMES", 999424, 50, Normal}, runnerFor<Ltimes>()},
      // RAJAPerf's LTIMES without RAJA's views: the same loops and data;
      // ours is the same kernel.
      {{"Apps_LTIMES_NOVIEW", 999424, 50, Normal}, runnerFor<Ltimes>()},
      {{"Apps_NODAL_ACCUMULATION_3D", 1000000, 100, Normal},
       runnerFor<NodalAccumulation3D>()},
      {{"Apps_ZONAL_ACCUMULATION_3D", 1000000, 100, Normal},
       runnerFor<ZonalAccumulation3D>()},
      {{"Apps_ENERGY", 1000000, 130, Normal}, runnerFor<Energy>()},
      {{"Apps_PRESSURE", 1000000, 700, Normal}, runnerFor<Pressure>()},
      // suite_basic_lcals_polybench.hpp's kernels.
      {{"Stream_ADD", 1000000, 1000, Tight}, runnerFor<StreamAdd>()},
      {{"Stream_MUL", 1000000, 1800, Tight}, runnerFor<StreamMul>()},
      {{"Basic_IF_QUAD", 1000000, 180, Normal}, runnerFor<IfQuad>()},
      {{"Basic_INIT_VIEW1D", 1000000, 2500, Tight}, runnerFor<InitView1D>()},
      {{"Basic_INIT_VIEW1D_OFFSET", 1000000, 2500, Tight},
       runnerFor<InitView1DOffset>()},
      {{"Basic_MULADDSUB", 1000000, 350, Tight}, runnerFor<MulAddSub>()},
      {{"Basic_NESTED_INIT", 1000000, 1000, Tight}, runnerFor<NestedInit>()},
      {{"Basic_TRAP_INT", 1000000, 50, Normal, true}, runnerFor<TrapInt>()},
      {{"Basic_PI_REDUCE", 1000000, 50, Normal, true}, runnerFor<PiReduce>()},
      {{"Basic_COPY8", 1000000, 50, Zero}, runnerFor<Copy8>()},
      {{"Lcals_DIFF_PREDICT", 1000000, 200, Normal}, runnerFor<DiffPredict>()},
      {{"Lcals_EOS", 1000000, 500, Normal}, runnerFor<Eos>()},
      {{"Lcals_FIRST_DIFF", 1000000, 2000, Tight}, runnerFor<FirstDiff>()},
      {{"Lcals_FIRST_SUM", 1000000, 2000, Tight}, runnerFor<FirstSum>()},
      {{"Algorithm_MEMSET", 1000000, 100, Zero}, runnerFor<Memset>()},
      {{"Algorithm_MEMCPY", 1000000, 100, Zero}, runnerFor<Memcpy>()},
      {{"Basic_DAXPY_ATOMIC", 1000000, 500, Normal}, runnerFor<DaxpyAtomic>()},
      {{"Basic_ARRAY_OF_PTRS", 1000000, 50, Normal}, runnerFor<ArrayOfPtrs>()},
      {{"Algorithm_ATOMIC", 1000000, 50, Zero}, runnerFor<AtomicAdds>()},
      {{"Comm_HALO_PACKING", 1000000, 200, Normal}, runnerFor<HaloPacking>()},
      {{"Comm_HALO_PACKING_FUSED", 1000000, 200, Normal},
       runnerFor<HaloPackingFused>()},
      // One MPI rank: its 26 neighbours are itself.
      {{"Comm_HALO_SENDRECV", 1000000, 200, Normal}, runnerFor<HaloSendRecv>()},
      {{"Comm_HALO_EXCHANGE", 1000000, 200, Normal}, runnerFor<HaloExchange>()},
      {{"Comm_HALO_EXCHANGE_FUSED", 1000000, 200, Normal},
       runnerFor<HaloExchangeFused>()},
      {{"Apps_MASS3DEA", 1000000, 1, Normal}, runnerFor<Mass3DEA>()},
      {{"Apps_MASS3DPA", 1000000, 50, Normal}, runnerFor<Mass3DPA>()},
      {{"Apps_DIFFUSION3DPA", 1000000, 50, Normal}, runnerFor<Diffusion3DPA>()},
      {{"Apps_CONVECTION3DPA", 1000000, 50, Normal},
       runnerFor<Convection3DPA>()},
      {{"Lcals_HYDRO_1D", 1000000, 1000, Normal}, runnerFor<Hydro1D>()},
      {{"Lcals_INT_PREDICT", 1000000, 400, Normal}, runnerFor<IntPredict>()},
      {{"Lcals_PLANCKIAN", 1000000, 50, Normal}, runnerFor<Planckian>()},
      {{"Lcals_TRIDIAG_ELIM", 1000000, 1000, Normal}, runnerFor<TridiagElim>()},
      {{"Lcals_GEN_LIN_RECUR", 1000000, 500, Normal}, runnerFor<GenLinRecur>()},
      {{"Polybench_JACOBI_1D", 1000000, 100, Normal}, runnerFor<Jacobi1D>()},
      {{"Polybench_ATAX", 1000000, 100, Normal}, runnerFor<Atax>()},
      {{"Polybench_MVT", 1000000, 100, Normal}, runnerFor<Mvt>()},
      {{"Polybench_GESUMMV", 1000000, 120, Normal}, runnerFor<Gesummv>()},
      {{"Polybench_2MM", 1000000, 2, Normal}, runnerFor<TwoMM>()},
      {{"Polybench_3MM", 1000000, 2, Normal}, runnerFor<ThreeMM>()},
      {{"Polybench_GEMVER", 1000000, 20, Normal}, runnerFor<Gemver>()},
      {{"Polybench_FLOYD_WARSHALL", 1000000, 8, Normal},
       runnerFor<FloydWarshall>()},
      {{"Polybench_ADI", 1000000, 4, Normal}, runnerFor<Adi>()},
      {{"Polybench_FDTD_2D", Fdtd2D::DefaultSize, 8, Normal},
       runnerFor<Fdtd2D>()},
      {{"Basic_MAT_MAT_SHARED", 1000000, 5, Normal}, runnerFor<MatMatShared>()},
      {{"Algorithm_SCAN", 1000000, 100, Normal}, runnerFor<Scan>()},
      {{"Basic_INDEXLIST_3LOOP", 1000000, 100, Normal},
       runnerFor<IndexList3Loop>()},
      {{"Basic_INDEXLIST", 1000000, 100, Normal}, runnerFor<IndexList>()},
      {{"Algorithm_SORT", 1000000, 20, Zero}, runnerFor<Sort>()},
      {{"Algorithm_SORTPAIRS", 1000000, 20, Zero}, runnerFor<SortPairs>()},
      // Idiomatic versions, named KERNEL+how (variants.hpp).
      {{"Basic_PI_ATOMIC+aggregated", 1000000, 50, Normal, true},
       runnerFor<PiAtomicAggregated>()},
      {{"Algorithm_HISTOGRAM+runs", 1000000, 50, Normal},
       runnerFor<HistogramRuns>()},
      {{"Apps_MATVEC_3D_STENCIL+box", 1000000, 100, Normal},
       runnerFor<Matvec3DBox>()},
      {{"Apps_DEL_DOT_VEC_2D+box", 1000000, 100, Normal},
       runnerFor<DelDotVec2DBox>()},
      {{"Polybench_JACOBI_2D+tiled", 1000000, 50, Normal},
       runnerFor<Jacobi2DTiled>()},
  };
}

[[noreturn]] void usage(const char *Problem) {
  std::fprintf(stderr,
               "rajaperf: %s\nusage: rajaperf [--size N] [--repfact F] "
               "[--passes P] [--kernels A,B,...] [--csv FILE] "
               "[--automatic-passes P] [--copy-bandwidth GB/s]\n",
               Problem);
  std::exit(2);
}

Options parse(int Argc, char **Argv) {
  Options O;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    auto Value = [&]() -> std::string {
      if (I + 1 >= Argc)
        usage(("missing value after " + A).c_str());
      return Argv[++I];
    };
    if (A == "--size")
      O.Size = std::stoll(Value());
    else if (A == "--repfact")
      O.RepFactor = std::stod(Value());
    else if (A == "--passes")
      O.Passes = std::max(1, std::stoi(Value()));
    else if (A == "--csv")
      O.Csv = Value();
    else if (A == "--automatic-passes")
      O.AutomaticPasses = std::max(0, std::stoi(Value()));
    else if (A == "--copy-bandwidth")
      O.CopyBandwidth = std::stod(Value());
    else if (A == "--kernels") {
      std::string List = Value();
      for (std::size_t B = 0, E; B <= List.size(); B = E + 1) {
        E = List.find(',', B);
        if (E == std::string::npos)
          E = List.size();
        if (E > B)
          O.Kernels.push_back(List.substr(B, E - B));
      }
    } else
      usage(("unknown option " + A).c_str());
  }
  return O;
}

/// The host references, several kernels at a time (each one sequential).
void runReferences(std::vector<KernelResult> &Results,
                   std::vector<const Entry *> &Entries) {
  std::atomic<std::size_t> Next{0};
  unsigned Threads = std::max(1u, std::thread::hardware_concurrency() - 1);
  std::vector<std::thread> Pool;
  for (unsigned T = 0; T < std::min<std::size_t>(Threads, Results.size()); ++T)
    Pool.emplace_back([&] {
      for (std::size_t I; (I = Next++) < Results.size();)
        Entries[I]->Run.Reference(Results[I]);
    });
  for (std::thread &T : Pool)
    T.join();
}

std::string gbps(double Bytes, double Seconds) {
  char B[32];
  std::snprintf(B, sizeof(B), "%.1f", Seconds > 0 ? Bytes / Seconds / 1e9 : 0);
  return B;
}

} // namespace

int main(int Argc, char **Argv) {
  Options O = parse(Argc, Argv);
  std::vector<Entry> All = allKernels();
  std::vector<const Entry *> Selected;
  for (const Entry &E : All)
    if (O.Kernels.empty() || std::find(O.Kernels.begin(), O.Kernels.end(),
                                       E.K.Name) != O.Kernels.end())
      Selected.push_back(&E);
  if (Selected.size() != (O.Kernels.empty() ? All.size() : O.Kernels.size()))
    usage("--kernels names a kernel this benchmark does not have");

  std::vector<KernelResult> Results(Selected.size());
  for (std::size_t I = 0; I < Selected.size(); ++I) {
    KernelResult &R = Results[I];
    R.K = Selected[I]->K;
    R.Size = O.Size ? O.Size : R.K.DefaultSize;
    R.Reps = std::max<Index>(1, Index(R.K.DefaultReps * O.RepFactor));
    R.Tolerance = R.K.Tolerance;
    if (R.K.SumOfSize && R.Size > R.K.DefaultSize)
      R.Tolerance *= double(R.Size) / R.K.DefaultSize;
  }
#if RAJAPERF_HAVE_CUDA
  const bool Cuda = cudaAvailable();
#else
  const bool Cuda = false;
#endif
  std::printf("rajaperf: %zu kernels, %d passes, repfact %g, CUDA baselines: "
              "%s\n",
              Results.size(), O.Passes, O.RepFactor,
              Cuda ? "yes" : "no (not built, or no GPU)");
  std::fflush(stdout);
  runReferences(Results, Selected);
  for (std::size_t I = 0; I < Results.size(); ++I) {
    Selected[I]->Run.Device(Results[I], O);
    std::printf("  %-28s done\n", Results[I].K.Name);
    std::fflush(stdout);
  }

  // The table: median (min) microseconds per rep.
  std::printf(
      "\nmicroseconds per rep: median (min) over the passes; au/st = "
      "automatic / staged with its preload and release (minima); st/CU = "
      "staged / best CUDA tuning; GB/s of the staged variant\n");
  std::printf("%-28s %9s %5s %17s %10s %6s %17s %10s %6s %7s %6s %7s %s\n",
              "kernel", "size", "reps", "staged", "automatic", "au/st", "CUDA",
              "host", "st/CU", "GB/s", "%copy", "regs", "checksum");
  double AutoLogSum = 0, AutoMax = 0, AutoMedianLogSum = 0, AutoMedianMax = 0;
  int AutoRatios = 0;
  double LogSum = 0;
  int Ratios = 0;
  bool AllOk = true;
  double StagedTo = 0, StagedToS = 0, StagedFrom = 0, StagedFromS = 0;
  double CudaTo = 0, CudaToS = 0, CudaFrom = 0, CudaFromS = 0;
  for (const KernelResult &R : Results) {
    const VariantResult *Cuda = R.bestCuda();
    auto PerRep = [&](double S) { return S / R.Reps * 1e6; };
    double St = PerRep(R.Staged.median());
    char Staged[40], Auto[16] = "-", CudaCol[40] = "-", Ratio[16] = "-",
                     Regs[16];
    std::snprintf(Staged, sizeof(Staged), "%.2f (%.2f)", St,
                  PerRep(R.Staged.min()));
    char AutoRatio[16] = "-";
    if (!R.Automatic.Passes.empty()) {
      std::snprintf(Auto, sizeof(Auto), "%.1f", PerRep(R.Automatic.median()));
      // Like for like: the automatic variant's time includes moving the
      // data, so the staged variant's does too (the wall time of its
      // preload, loop and release). Minimum over the passes, as RAJAPerf
      // combines them (copies of pageable memory vary several-fold between
      // passes); the median too.
      auto Whole = [](const Measured &M) { return M.WholeSeconds; };
      double StagedMin = 1e300;
      for (const Measured &M : R.Staged.Passes)
        StagedMin = std::min(StagedMin, Whole(M));
      double Ratio = R.Automatic.min() / StagedMin;
      double MedianRatio = R.Automatic.median() / R.Staged.medianOf(Whole);
      std::snprintf(AutoRatio, sizeof(AutoRatio), "%.3f", Ratio);
      AutoLogSum += std::log(Ratio), ++AutoRatios;
      AutoMax = std::max(AutoMax, Ratio);
      AutoMedianLogSum += std::log(MedianRatio);
      AutoMedianMax = std::max(AutoMedianMax, MedianRatio);
    }
    int CudaRegs = -1;
    if (Cuda) {
      double Cu = PerRep(Cuda->median());
      std::snprintf(CudaCol, sizeof(CudaCol), "%.2f (%.2f)", Cu,
                    PerRep(Cuda->min()));
      std::snprintf(Ratio, sizeof(Ratio), "%.3f", St / Cu);
      LogSum += std::log(St / Cu), ++Ratios;
      CudaRegs = Cuda->Passes.front().Registers;
      StagedTo += R.Staged.Passes.front().ToBytes;
      StagedToS +=
          R.Staged.medianOf([](const Measured &M) { return M.ToSeconds; });
      StagedFrom += R.Staged.Passes.front().FromBytes;
      StagedFromS +=
          R.Staged.medianOf([](const Measured &M) { return M.FromSeconds; });
      CudaTo += Cuda->Passes.front().ToBytes;
      CudaToS += Cuda->medianOf([](const Measured &M) { return M.ToSeconds; });
      CudaFrom += Cuda->Passes.front().FromBytes;
      CudaFromS +=
          Cuda->medianOf([](const Measured &M) { return M.FromSeconds; });
    }
    std::snprintf(Regs, sizeof(Regs), "%d/%d",
                  R.Staged.Passes.front().Registers, CudaRegs);
    double Gbs = R.Bytes / (St * 1e-6) / 1e9;
    bool Ok = R.ok();
    AllOk &= Ok;
    std::printf("%-28s %9lld %5lld %17s %10s %6s %17s %10.1f %6s %7.1f %5.1f%% "
                "%7s %s\n",
                R.K.Name, (long long)R.Size, (long long)R.Reps, Staged, Auto,
                AutoRatio, CudaCol, PerRep(R.HostSeconds), Ratio, Gbs,
                100 * Gbs / O.CopyBandwidth, Regs, Ok ? "ok" : "MISMATCH");
  }
  if (Ratios)
    std::printf("\ngeometric mean of staged/CUDA over %d kernels: %.3f\n",
                Ratios, std::exp(LogSum / Ratios));
  if (AutoRatios)
    std::printf("automatic / staged (both with their transfers) over %d "
                "kernels: minima geometric mean %.3f, maximum %.3f; medians "
                "geometric mean %.3f, maximum %.3f\n",
                AutoRatios, std::exp(AutoLogSum / AutoRatios), AutoMax,
                std::exp(AutoMedianLogSum / AutoRatios), AutoMedianMax);
  if (CudaToS > 0)
    std::printf("transfers (medians, summed over kernels): to the device "
                "staged %.0f MB at %s GB/s, cudaMemcpy %.0f MB at %s GB/s "
                "(time ratio %.3f); back staged %.0f MB at %s GB/s, "
                "cudaMemcpy %.0f MB at %s GB/s (time ratio %.3f)\n",
                StagedTo / 1e6, gbps(StagedTo, StagedToS).c_str(), CudaTo / 1e6,
                gbps(CudaTo, CudaToS).c_str(), StagedToS / CudaToS,
                StagedFrom / 1e6, gbps(StagedFrom, StagedFromS).c_str(),
                CudaFrom / 1e6, gbps(CudaFrom, CudaFromS).c_str(),
                CudaFromS > 0 ? StagedFromS / CudaFromS : 0);

  // Every variant's checksums.
  std::printf("\nchecksums (host reference, then each variant's first pass "
              "and its largest relative difference over the passes):\n");
  for (const KernelResult &R : Results) {
    std::printf("%-28s reference %.20Lg (tolerance %g)\n", R.K.Name,
                R.Reference, R.Tolerance);
    std::vector<const VariantResult *> Vs = {&R.Staged, &R.Automatic};
    for (const VariantResult &V : R.Cuda)
      Vs.push_back(&V);
    for (const VariantResult *V : Vs) {
      if (V->Checksums.empty())
        continue;
      double Worst = 0;
      for (long double C : V->Checksums)
        Worst = std::max(Worst, relativeDifference(C, R.Reference));
      std::printf("  %-26s %.20Lg  rel. diff %.3g  %s\n", V->Name.c_str(),
                  V->Checksums.front(), Worst, V->Ok ? "ok" : "MISMATCH");
    }
  }

  if (!O.Csv.empty()) {
    FILE *F = std::fopen(O.Csv.c_str(), "w");
    if (!F) {
      std::perror(O.Csv.c_str());
      return 1;
    }
    std::fprintf(F, "kernel,variant,size,reps,pass,us_per_rep,registers,"
                    "to_bytes,to_seconds,from_bytes,from_seconds,checksum,"
                    "reference,ok,whole_seconds\n");
    for (const KernelResult &R : Results) {
      std::vector<const VariantResult *> Vs = {&R.Staged, &R.Automatic};
      for (const VariantResult &V : R.Cuda)
        Vs.push_back(&V);
      for (const VariantResult *V : Vs)
        for (std::size_t P = 0; P < V->Passes.size(); ++P) {
          const Measured &M = V->Passes[P];
          std::fprintf(F,
                       "%s,%s,%lld,%lld,%zu,%.4f,%d,%llu,%.6g,%llu,%.6g,%.20Lg,"
                       "%.20Lg,%d,%.6g\n",
                       R.K.Name, V->Name.c_str(), (long long)R.Size,
                       (long long)R.Reps, P, M.KernelSeconds / R.Reps * 1e6,
                       M.Registers, (unsigned long long)M.ToBytes, M.ToSeconds,
                       (unsigned long long)M.FromBytes, M.FromSeconds,
                       V->Checksums[P], R.Reference,
                       relativeDifference(V->Checksums[P], R.Reference) <=
                           R.Tolerance,
                       M.WholeSeconds);
        }
      std::fprintf(F,
                   "%s,host-reference,%lld,%lld,0,%.4f,-1,0,0,0,0,%.20Lg,"
                   "%.20Lg,1,%.6g\n",
                   R.K.Name, (long long)R.Size, (long long)R.Reps,
                   R.HostSeconds / R.Reps * 1e6, R.Reference, R.Reference,
                   R.HostSeconds);
    }
    std::fclose(F);
  }
  if (!AllOk)
    std::printf("\nrajaperf: FAILED: a variant's checksum differs from the "
                "host reference\n");
  return AllOk ? 0 : 1;
}
