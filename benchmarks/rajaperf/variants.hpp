//===- benchmarks/rajaperf/variants.hpp - What each variant provides ------===//
//
// Every kernel K of suite.hpp and suite_basic_lcals_polybench.hpp has four
// variants:
//   host(K&, reps)       the sequential host reference (RAJAPerf's Base_Seq)
//   staged(K&, reps)     offload(), data preloaded once (Interface C)
//   automatic(K&, reps)  offload(), data moved by each call (Interface A)
//   cuda(K&, reps, t)    hand-written CUDA in the shape of RAJAPerf's
//                        Base_CUDA: tuning t of cudaTunings(K) (RAJAPerf's
//                        default tuning, and for reductions also a
//                        device-side one)
// The device variants return what they measured.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "suite.hpp"
#include "suite_basic_lcals_polybench.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace rajaperf {

/// One pass of one variant.
struct Measured {
  double KernelSeconds = 0; // the reps loop, between device synchronisations
  double ToSeconds = 0, FromSeconds = 0; // inputs in, outputs back
  std::uint64_t ToBytes = 0, FromBytes = 0;
  // Wall time of everything: the staged variant's preload, reps loop and
  // release; the automatic variant's loop (KernelSeconds, data included).
  double WholeSeconds = 0;
  int Registers = -1; // the most any of the variant's kernels uses
};

#define RAJAPERF_KERNELS(X)                                                    \
  X(StreamCopy)                                                                \
  X(StreamTriad)                                                               \
  X(StreamDot) X(Daxpy) X(Init3) X(Reduce3Int) X(PiAtomic) X(ReduceSum)        \
      X(Histogram) X(FirstMin) X(Hydro2D) X(Jacobi2D) X(Heat3D) X(Gemm)        \
          X(Matvec3D) X(Vol3D) X(Edge3D) X(DelDotVec2D) X(Fir) X(Ltimes)                 \
              X(NodalAccumulation3D) X(Energy) X(Pressure) X(ReduceStruct)     \
                  X(ZonalAccumulation3D) X(MultiReduce)                        \
                  RAJAPERF_KERNELS2(X)

/// suite_basic_lcals_polybench.hpp's kernels.
#define RAJAPERF_KERNELS2(X)                                                   \
  X(StreamAdd)                                                                 \
  X(StreamMul)                                                                 \
  X(IfQuad)                                                                    \
  X(InitView1D) X(InitView1DOffset) X(MulAddSub) X(NestedInit) X(TrapInt)      \
      X(PiReduce) X(Copy8) X(DiffPredict) X(Eos) X(FirstDiff) X(Hydro1D)       \
          X(IntPredict) X(Planckian) X(TridiagElim) X(GenLinRecur) X(Jacobi1D) \
              X(Atax) X(Mvt) X(Gesummv) X(TwoMM) X(ThreeMM) X(Gemver)          \
                  X(Fdtd2D) X(MatMatShared) X(Scan) X(IndexList3Loop)          \
                      X(IndexList) X(FirstSum) X(Memset) X(Memcpy)             \
                          X(DaxpyAtomic) X(FloydWarshall) X(ArrayOfPtrs)       \
                          X(Adi) X(AtomicAdds) X(HaloPacking)                  \
                              X(HaloPackingFused) X(HaloSendRecv)              \
                                  X(HaloExchange) X(HaloExchangeFused)         \
                                      X(Mass3DEA) X(Sort) X(SortPairs)         \
                                          X(Mass3DPA) X(Diffusion3DPA)         \
                                              X(Convection3DPA)

#define RAJAPERF_DECLARE_VARIANTS(K)                                           \
  void host(K &, Index Reps);                                                  \
  Measured staged(K &, Index Reps);                                            \
  Measured automatic(K &, Index Reps);                                         \
  Measured cuda(K &, Index Reps, int Tuning);                                  \
  std::vector<std::string> cudaTunings(const K &);
RAJAPERF_KERNELS(RAJAPERF_DECLARE_VARIANTS)
#undef RAJAPERF_DECLARE_VARIANTS

/// Idiomatic versions of five kernels, reported beside RAJAPerf's kernel and
/// outside the like-for-like headline: the same data, host reference and
/// CUDA baseline (host() and cuda() take the base), another algorithm in
/// the offload variants (offload.cpp says which).
#define RAJAPERF_IDIOMATIC(K, Base)                                            \
  struct K : Base {                                                            \
    static K make(Index Size) { return {Base::make(Size)}; }                   \
  };                                                                           \
  Measured staged(K &, Index Reps);                                            \
  Measured automatic(K &, Index Reps);
RAJAPERF_IDIOMATIC(PiAtomicAggregated, PiAtomic)
RAJAPERF_IDIOMATIC(HistogramRuns, Histogram)
RAJAPERF_IDIOMATIC(Matvec3DBox, Matvec3D)
RAJAPERF_IDIOMATIC(DelDotVec2DBox, DelDotVec2D)
RAJAPERF_IDIOMATIC(Jacobi2DTiled, Jacobi2D)
#undef RAJAPERF_IDIOMATIC

/// Whether this build has the CUDA baselines and a GPU to run them on.
bool cudaAvailable();

} // namespace rajaperf
