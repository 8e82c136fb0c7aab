//===- benchmarks/rajaperf/cuda_common.cuh - CUDA baselines' glue ---------===//
//
// What a CUDA baseline needs around its kernels: error checks, the device
// arrays of one run with their transfers timed, reduction results in
// managed or device memory or combined on the device in one launch, the
// grid of a grid-stride kernel. Shared by cuda.cu and
// cuda_basic_lcals_polybench.cu; everything is internal to each of them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "variants.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <vector>

namespace rajaperf {
namespace {

constexpr int Block = 256;
constexpr int BlockX = 32, BlockY = Block / BlockX;
const dim3 Block2D(BlockX, BlockY);

inline void check(cudaError_t E, const char *What) {
  if (E != cudaSuccess) {
    std::fprintf(stderr, "rajaperf: CUDA error in %s: %s\n", What,
                 cudaGetErrorString(E));
    std::exit(1);
  }
}
#define CUDA_CHECK(X) check((X), #X)

inline unsigned blocksFor(Index N, int Size = Block) {
  return unsigned((N + Size - 1) / Size);
}

/// A grid of BlockX x BlockY blocks over Rows x Cols, columns along x.
inline dim3 grid2D(Index Rows, Index Cols) {
  return dim3(blocksFor(Cols, BlockX), blocksFor(Rows, BlockY));
}

using Clock = std::chrono::steady_clock;
inline double since(Clock::time_point T) {
  return std::chrono::duration<double>(Clock::now() - T).count();
}

/// The device arrays of one run, with the transfers timed.
class Session {
public:
  explicit Session(Measured &M) : M(M) {}
  ~Session() {
    for (void *P : Allocations)
      cudaFree(P);
  }
  template <class T> T *in(const std::vector<T> &V) {
    T *P = nullptr;
    CUDA_CHECK(cudaMalloc(&P, V.size() * sizeof(T)));
    Allocations.push_back(P);
    auto T0 = Clock::now();
    CUDA_CHECK(
        cudaMemcpy(P, V.data(), V.size() * sizeof(T), cudaMemcpyHostToDevice));
    M.ToSeconds += since(T0);
    M.ToBytes += V.size() * sizeof(T);
    return P;
  }
  template <class T> void out(std::vector<T> &V, const T *P) {
    auto T0 = Clock::now();
    CUDA_CHECK(
        cudaMemcpy(V.data(), P, V.size() * sizeof(T), cudaMemcpyDeviceToHost));
    M.FromSeconds += since(T0);
    M.FromBytes += V.size() * sizeof(T);
  }
  /// Times the reps loop between device synchronisations.
  template <class F> void loop(F Body) {
    CUDA_CHECK(cudaDeviceSynchronize());
    auto T0 = Clock::now();
    Body();
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    M.KernelSeconds = since(T0);
  }
  template <class... K> void registers(K... Kernels) {
    for (const void *F : {reinterpret_cast<const void *>(Kernels)...}) {
      cudaFuncAttributes A;
      CUDA_CHECK(cudaFuncGetAttributes(&A, F));
      M.Registers = std::max(M.Registers, A.numRegs);
    }
  }

private:
  Measured &M;
  std::vector<void *> Allocations;
};

/// A reduction's result: in managed memory that the host writes and reads
/// directly (RAJAPerf's default), or in device memory copied through a
/// pinned buffer.
template <class T> class Result {
public:
  Result(bool Managed, int Count) : Managed(Managed), Count(Count) {
    if (Managed) {
      CUDA_CHECK(cudaMallocManaged(&Device, Count * sizeof(T)));
      int Dev = 0;
      CUDA_CHECK(cudaGetDevice(&Dev));
      cudaMemLocation Location{cudaMemLocationTypeDevice, Dev};
      CUDA_CHECK(cudaMemAdvise(Device, Count * sizeof(T),
                               cudaMemAdviseSetPreferredLocation, Location));
      cudaMemLocation Cpu{cudaMemLocationTypeHost, 0};
      CUDA_CHECK(cudaMemAdvise(Device, Count * sizeof(T),
                               cudaMemAdviseSetAccessedBy, Cpu));
      Host = Device;
    } else {
      CUDA_CHECK(cudaMalloc(&Device, Count * sizeof(T)));
      CUDA_CHECK(cudaMallocHost(&Host, Count * sizeof(T)));
    }
  }
  ~Result() {
    cudaFree(Device);
    if (!Managed)
      cudaFreeHost(Host);
  }
  T *device() const { return Device; }
  /// Sets every element to the one value given, or each to its own.
  void reset(std::initializer_list<T> Values) {
    for (int I = 0; I < Count; ++I)
      Host[I] = Values.size() == 1 ? *Values.begin() : Values.begin()[I];
    if (!Managed)
      CUDA_CHECK(cudaMemcpyAsync(Device, Host, Count * sizeof(T),
                                 cudaMemcpyHostToDevice, 0));
  }
  const T *fetch() {
    if (!Managed)
      CUDA_CHECK(cudaMemcpyAsync(Host, Device, Count * sizeof(T),
                                 cudaMemcpyDeviceToHost, 0));
    CUDA_CHECK(cudaStreamSynchronize(0));
    return Host;
  }

private:
  bool Managed;
  int Count;
  T *Device = nullptr, *Host = nullptr;
};

/// The grid of a grid-stride kernel: one thread per element (RAJAPerf's
/// "direct") or as many blocks as fit on the GPU at once ("occgs").
template <class K> unsigned reductionGrid(K Kernel, Index N, bool Occupancy) {
  unsigned Direct = blocksFor(N);
  if (!Occupancy)
    return Direct;
  int PerSm = 0, Dev = 0, Sms = 0;
  CUDA_CHECK(cudaGetDevice(&Dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, Dev));
  CUDA_CHECK(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&PerSm, Kernel, Block, 0));
  return std::min<unsigned>(Direct, unsigned(PerSm * Sms));
}

// The tunings of reductions, and of everything else.
const std::vector<std::string> ReductionTunings = {"managed_direct_256",
                                                   "device_occgs_256"};
inline bool managed(int Tuning) { return Tuning == 0; }
const std::vector<std::string> PlainTuning = {"block_256"};

__device__ inline Index globalIndex() {
  return Index(blockIdx.x) * blockDim.x + threadIdx.x;
}

/// Tree reduction of Shared[0..Block) into Shared[0], as RAJAPerf writes it.
template <class T, class Op> __device__ void treeReduce(T *Shared, Op Combine) {
  __syncthreads();
  for (int S = Block / 2; S > 0; S /= 2) {
    if (int(threadIdx.x) < S)
      Shared[threadIdx.x] =
          Combine(Shared[threadIdx.x], Shared[threadIdx.x + S]);
    __syncthreads();
  }
}

// Plain reductions also have RAJA's newest device reducers (single_launch).
const std::vector<std::string> SingleLaunchTunings = {
    "managed_direct_256", "device_occgs_256", "single_launch_occgs_256"};
inline bool singleLaunch(int Tuning) { return Tuning == 2; }

/// V from lane (lane + Offset) of the warp, for any trivially copyable T of
/// whole 4-byte words (double, MinLoc, Int3).
template <class T> __device__ T shuffleDown(T V, unsigned Offset) {
  static_assert(sizeof(T) % 4 == 0, "shuffled in 4-byte words");
  unsigned Words[sizeof(T) / 4];
  memcpy(Words, &V, sizeof(T));
  for (unsigned &W : Words)
    W = __shfl_down_sync(0xffffffffu, W, Offset);
  memcpy(&V, Words, sizeof(T));
  return V;
}

/// Combine over the block with warp shuffles, then over the warps' results;
/// thread 0 gets the total. Every thread of the block calls it.
template <class T, class Op> __device__ T blockShuffleReduce(T V, Op Combine) {
  __shared__ T Warps[Block / 32];
  for (unsigned Offset = 16; Offset > 0; Offset /= 2)
    V = Combine(V, shuffleDown(V, Offset));
  if (threadIdx.x % 32 == 0)
    Warps[threadIdx.x / 32] = V;
  __syncthreads();
  if (threadIdx.x < 32) {
    V = Warps[threadIdx.x < Block / 32 ? threadIdx.x : 0];
    for (unsigned Offset = Block / 64; Offset > 0; Offset /= 2)
      V = Combine(V, shuffleDown(V, Offset));
  }
  return V;
}

/// The single_launch tuning, in the shape of RAJA's newest device reducers:
/// one kernel over an occupancy-sized grid; each block reduces with warp
/// shuffles and leaves its total in Partials, and the last block to finish
/// combines them and writes Combine(Init, total) to Out (pinned host
/// memory), so the host neither resets, copies nor finishes anything.
/// Element(I) is element I's contribution.
template <class T, class Element, class Op>
__global__ void singleLaunchK(Element E, T Init, Op Combine, T *Partials,
                              unsigned *Done, T *Out, Index N) {
  __shared__ bool Last;
  T V = Init;
  for (Index I = globalIndex(); I < N; I += Index(gridDim.x) * Block)
    V = Combine(V, E(I));
  V = blockShuffleReduce(V, Combine);
  if (threadIdx.x == 0) {
    Partials[blockIdx.x] = V;
    __threadfence(); // the partial is visible before the count says so
    Last = atomicAdd(Done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!Last)
    return;
  __threadfence();
  V = Init;
  for (unsigned B = threadIdx.x; B < gridDim.x; B += Block)
    V = Combine(V, Partials[B]);
  V = blockShuffleReduce(V, Combine);
  if (threadIdx.x == 0) {
    *Out = Combine(Init, V);
    *Done = 0; // ready for the next launch
  }
}

/// Runs singleLaunchK once per call: device partials and counter; the last
/// block writes the result straight into pinned host memory (RAJA's
/// expt::Reduce does the same: its target is a pinned allocation, and
/// resolving it is one wait on the stream, no copy). On a stream of its own,
/// as RAJA's reducers run on their resource's stream: the legacy default
/// stream would order the wait behind every stream of the device.
template <class T, class Element, class Op> class SingleLaunch {
public:
  SingleLaunch(Element E, T Init, Op Combine, Index N)
      : E(E), Init(Init), Combine(Combine), N(N),
        Grid(reductionGrid(singleLaunchK<T, Element, Op>, N, true)) {
    CUDA_CHECK(cudaMalloc(&Partials, Grid * sizeof(T)));
    CUDA_CHECK(cudaMalloc(&Done, sizeof(unsigned)));
    CUDA_CHECK(cudaMemset(Done, 0, sizeof(unsigned)));
    CUDA_CHECK(cudaMallocHost(&Host, sizeof(T)));
    CUDA_CHECK(cudaStreamCreateWithFlags(&Stream, cudaStreamNonBlocking));
  }
  ~SingleLaunch() {
    cudaStreamDestroy(Stream);
    cudaFree(Partials);
    cudaFree(Done);
    cudaFreeHost(Host);
  }
  T operator()() {
    singleLaunchK<<<Grid, Block, 0, Stream>>>(E, Init, Combine, Partials,
                                              Done, Host, N);
    CUDA_CHECK(cudaStreamSynchronize(Stream));
    return *Host;
  }
  int registers() const {
    cudaFuncAttributes A;
    CUDA_CHECK(cudaFuncGetAttributes(&A, singleLaunchK<T, Element, Op>));
    return A.numRegs;
  }

private:
  Element E;
  T Init;
  Op Combine;
  Index N;
  unsigned Grid;
  T *Partials = nullptr, *Host = nullptr;
  unsigned *Done = nullptr;
  cudaStream_t Stream = nullptr;
};
template <class T, class Element, class Op>
SingleLaunch<T, Element, Op> singleLaunch(Element E, T Init, Op Combine,
                                          Index N) {
  return {E, Init, Combine, N};
}

struct Plus {
  template <class T> __device__ T operator()(T A, T B) const { return A + B; }
};

} // namespace
} // namespace rajaperf
