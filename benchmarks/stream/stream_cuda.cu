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
#include <algorithm>
#include <chrono>
#include <cmath>
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

double seconds() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

template <class T>
bool run(const char *Type, unsigned Log2, int Passes, bool GridStride) {
  const std::size_t N = std::size_t(1) << Log2;
  const T Scalar = T(0.4);
  int Sms = 0, PerSm = 0;
  CHECK(cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, 0));
  CHECK(cudaDeviceGetAttribute(&PerSm, cudaDevAttrMaxThreadsPerMultiProcessor,
                               0));
  const unsigned Grid = GridStride ? unsigned(Sms * (PerSm / Block))
                                   : unsigned((N + Block - 1) / Block);
  std::vector<T> HA(N, T(0.1)), HB(N, T(0.2)), HC(N, T(0.0));
  T *A, *B, *C, *Sum;
  CHECK(cudaMalloc(&A, N * sizeof(T)));
  CHECK(cudaMalloc(&B, N * sizeof(T)));
  CHECK(cudaMalloc(&C, N * sizeof(T)));
  CHECK(cudaMalloc(&Sum, sizeof(T)));
  CHECK(cudaMemcpy(A, HA.data(), N * sizeof(T), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(B, HB.data(), N * sizeof(T), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(C, HC.data(), N * sizeof(T), cudaMemcpyHostToDevice));
  const double Bytes[] = {2.0 * sizeof(T) * N, 2.0 * sizeof(T) * N,
                          3.0 * sizeof(T) * N, 3.0 * sizeof(T) * N,
                          2.0 * sizeof(T) * N};
  const char *Names[] = {"copy", "mul", "add", "triad", "dot"};
  const int Kernels = GridStride ? 5 : 4;
  std::vector<double> Times[5];
  T Dot = 0;
  auto Timed = [&](int K, auto &&Call) {
    const double T0 = seconds();
    Call();
    CHECK(cudaDeviceSynchronize());
    Times[K].push_back(seconds() - T0);
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
  T Ea = T(0.1), Eb = T(0.2), Ec = T(0.0);
  for (int P = 0; P < Passes; ++P) {
    Ec = Ea;
    Eb = Scalar * Ec;
    Ec = Ea + Eb;
    Ea = Eb + Scalar * Ec;
  }
  const double Tolerance = sizeof(T) == 4 ? 1e-3 : 1e-8;
  auto Near = [&](double Got, double Want) {
    return std::fabs(Got - Want) <= Tolerance * std::fabs(Want);
  };
  bool Ok = !GridStride || Near(Dot, double(Ea) * Eb * N);
  for (std::size_t I : {std::size_t(0), N / 2, N - 1})
    Ok = Ok && Near(HA[I], Ea) && Near(HB[I], Eb) && Near(HC[I], Ec);
  for (int K = 0; K < Kernels; ++K) {
    std::vector<double> &S = Times[K];
    S.erase(S.begin());
    std::sort(S.begin(), S.end());
    std::printf("%s,%s,%zu,%s,%zu,%.1f,%.1f,%d\n",
                GridStride ? "cuda-gridstride" : "cuda-onepass", Type, N,
                Names[K], S.size(), Bytes[K] / S.front() * 1e-9,
                Bytes[K] / S[S.size() / 2] * 1e-9, Ok);
  }
  std::fflush(stdout);
  return Ok;
}

int main(int Argc, char **Argv) {
  const char *PassesEnv = std::getenv("PASSES");
  const int Passes = PassesEnv ? std::max(2, std::atoi(PassesEnv)) : 20;
  std::vector<unsigned> Sizes;
  for (int I = 1; I < Argc; ++I)
    Sizes.push_back(unsigned(std::atoi(Argv[I])));
  if (Sizes.empty())
    Sizes = {25, 28};
  std::puts("program,type,elements,kernel,passes,best_GBps,median_GBps,ok");
  bool Ok = true;
  for (unsigned Log2 : Sizes)
    for (bool GridStride : {true, false}) {
      Ok &= run<float>("float", Log2, Passes, GridStride);
      Ok &= run<double>("double", Log2, Passes, GridStride);
    }
  return Ok ? 0 : 1;
}
