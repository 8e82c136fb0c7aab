// The CUDA baseline of stream.cpp: the same kernels, passes, timing and
// checks, hand-written in two shapes, each printed: "cuda-gridstride" (one
// wave of 256-thread blocks, each thread looping over the array a grid
// apart, as BabelStream's CUDA and most hand-tuned code do) and
// "cuda-onepass" (one element per thread, blocks of 256, as RAJAPerf's
// Base_CUDA). dot, in the grid-stride shape only (one float atomic per
// block of a one-pass grid loses the sum's precision): each thread sums its
// share, a block sums its threads (warp shuffles), one atomic add per
// block, the 4- or 8-byte result copied back.
// Usage: stream_cuda [LOG2_ELEMENTS...]   (default: 25 28); PASSES (default 20)
#include "common.hpp"

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t E = (x);                                                       \
    if (E != cudaSuccess) {                                                    \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(E));                                     \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr int Block = 256;

// Each kernel: for every I of the thread's share (the launch's threads a
// grid apart; a one-pass launch has one I per thread).
#define FOR_EACH_I                                                             \
  for (std::size_t I = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;     \
       I < N; I += std::size_t(gridDim.x) * blockDim.x)

template <class T>
__global__ void copyK(const T *__restrict__ A, T *__restrict__ C,
                      std::size_t N) {
  FOR_EACH_I C[I] = A[I];
}
template <class T>
__global__ void mulK(T *__restrict__ B, const T *__restrict__ C, T S,
                     std::size_t N) {
  FOR_EACH_I B[I] = S * C[I];
}
template <class T>
__global__ void addK(const T *__restrict__ A, const T *__restrict__ B,
                     T *__restrict__ C, std::size_t N) {
  FOR_EACH_I C[I] = A[I] + B[I];
}
template <class T>
__global__ void triadK(T *__restrict__ A, const T *__restrict__ B,
                       const T *__restrict__ C, T S, std::size_t N) {
  FOR_EACH_I A[I] = B[I] + S * C[I];
}
template <class T>
__global__ void dotK(const T *__restrict__ A, const T *__restrict__ B, T *Sum,
                     std::size_t N) {
  __shared__ T Warps[Block / 32];
  T Mine = 0;
  FOR_EACH_I Mine += A[I] * B[I];
  for (int Off = 16; Off > 0; Off /= 2)
    Mine += __shfl_down_sync(0xffffffffu, Mine, Off);
  if (threadIdx.x % 32 == 0)
    Warps[threadIdx.x / 32] = Mine;
  __syncthreads();
  if (threadIdx.x < 32) {
    Mine = threadIdx.x < Block / 32 ? Warps[threadIdx.x] : T(0);
    for (int Off = 16; Off > 0; Off /= 2)
      Mine += __shfl_down_sync(0xffffffffu, Mine, Off);
    if (threadIdx.x == 0)
      atomicAdd(Sum, Mine);
  }
}

template <class T>
bool run(const char *Type, unsigned Log2, int Passes, bool GridStride) {
  using St = stream::Start<T>;
  const std::size_t N = std::size_t(1) << Log2;
  const T Scalar = St::Scalar;
  int Sms = 0, PerSm = 0;
  CHECK(cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, 0));
  CHECK(cudaDeviceGetAttribute(&PerSm, cudaDevAttrMaxThreadsPerMultiProcessor,
                               0));
  const unsigned Grid = GridStride ? unsigned(Sms * (PerSm / Block))
                                   : unsigned((N + Block - 1) / Block);
  std::vector<T> HA(N, St::A), HB(N, St::B), HC(N, St::C);
  T *A, *B, *C, *Sum;
  CHECK(cudaMalloc(&A, N * sizeof(T)));
  CHECK(cudaMalloc(&B, N * sizeof(T)));
  CHECK(cudaMalloc(&C, N * sizeof(T)));
  CHECK(cudaMalloc(&Sum, sizeof(T)));
  CHECK(cudaMemcpy(A, HA.data(), N * sizeof(T), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(B, HB.data(), N * sizeof(T), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(C, HC.data(), N * sizeof(T), cudaMemcpyHostToDevice));
  std::vector<double> Times[stream::Kernels];
  T Dot = 0;
  auto Timed = [&](int K, auto &&Call) {
    const double T0 = stream::seconds();
    Call();
    CHECK(cudaDeviceSynchronize());
    Times[K].push_back(stream::seconds() - T0);
  };
  for (int P = 0; P < Passes; ++P) {
    Timed(0, [&] { copyK<<<Grid, Block>>>(A, C, N); });
    Timed(1, [&] { mulK<<<Grid, Block>>>(B, C, Scalar, N); });
    Timed(2, [&] { addK<<<Grid, Block>>>(A, B, C, N); });
    Timed(3, [&] { triadK<<<Grid, Block>>>(A, B, C, Scalar, N); });
    if (GridStride)
      Timed(4, [&] {
        CHECK(cudaMemsetAsync(Sum, 0, sizeof(T)));
        dotK<<<Grid, Block>>>(A, B, Sum, N);
        CHECK(cudaMemcpy(&Dot, Sum, sizeof(T), cudaMemcpyDeviceToHost));
      });
  }
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(HA.data(), A, N * sizeof(T), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(HB.data(), B, N * sizeof(T), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(HC.data(), C, N * sizeof(T), cudaMemcpyDeviceToHost));
  for (T *P : {A, B, C, Sum})
    CHECK(cudaFree(P));
  const bool Ok = stream::check("stream_cuda", Type, N, Passes, HA, HB, HC, Dot,
                                GridStride);
  stream::report<T>(GridStride ? "cuda-gridstride" : "cuda-onepass", Type, N,
                    Times, GridStride ? stream::Kernels : 4, Ok);
  return Ok;
}

int main(int Argc, char **Argv) {
  const int Passes = stream::passes();
  bool Ok = true;
  for (unsigned Log2 : stream::sizes(Argc, Argv))
    for (bool GridStride : {true, false}) {
      Ok &= run<float>("float", Log2, Passes, GridStride);
      Ok &= run<double>("double", Log2, Passes, GridStride);
    }
  return Ok ? 0 : 1;
}
