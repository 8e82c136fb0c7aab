//===- benchmarks/stream/stream.cpp - STREAM kernels far beyond L2 --------===//
//
// copy, mul, add, triad and dot as a new user writes them with the default
// strategies: a Region per array a kernel writes (one element per logical
// thread), std::span for what it reads, a Range<> and a ReduceSum for dot;
// the arrays preloaded. float and double, at 2^25 and 2^28 elements (the
// H200's L2 holds 60 MB). Each pass runs the five kernels in order, each
// call timed alone to its end, as BabelStream does; stream_cuda.cu is the
// same in hand-written CUDA. Results are checked against the values the
// same passes give on the host (every element of an array is equal).
//
// Usage: stream [LOG2_ELEMENTS...]   (default: 25 28); PASSES (default 20)
// Prints CSV: program,type,elements,kernel,passes,best_GBps,median_GBps,ok
//
//===----------------------------------------------------------------------===//

#include <offload/offload.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

template <class T> void copyKernel(std::span<const T> A, offload::Region<T> C) {
  for (auto [I, Ci] : C)
    Ci = A[I];
}

template <class T>
void mulKernel(T Scalar, std::span<const T> C, offload::Region<T> B) {
  for (auto [I, Bi] : B)
    Bi = Scalar * C[I];
}

template <class T>
void addKernel(std::span<const T> A, std::span<const T> B,
               offload::Region<T> C) {
  for (auto [I, Ci] : C)
    Ci = A[I] + B[I];
}

template <class T>
void triadKernel(std::span<const T> B, std::span<const T> C, T Scalar,
                 offload::Region<T> A) {
  for (auto [I, Ai] : A)
    Ai = B[I] + Scalar * C[I];
}

template <class T>
void dotKernel(offload::Range<> R, std::span<const T> A, std::span<const T> B,
               offload::ReduceSum<T> Sum) {
  for (std::uint64_t I : R)
    Sum += A[I] * B[I];
}

double seconds() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

template <class T> bool run(const char *Type, unsigned Log2, int Passes) {
  const std::size_t N = std::size_t(1) << Log2;
  const T Scalar = T(0.4);
  std::vector<T> A(N, T(0.1)), B(N, T(0.2)), C(N, T(0.0));
  // Bytes each kernel moves, in BabelStream's order.
  const double Bytes[] = {2.0 * sizeof(T) * N, 2.0 * sizeof(T) * N,
                          3.0 * sizeof(T) * N, 3.0 * sizeof(T) * N,
                          2.0 * sizeof(T) * N};
  const char *Names[] = {"copy", "mul", "add", "triad", "dot"};
  std::vector<double> Times[5];
  T Dot = 0;
  {
    auto DA = offload::preload_mut(A), DB = offload::preload_mut(B),
         DC = offload::preload_mut(C);
    auto Timed = [&](int K, auto &&Call) {
      const double T0 = seconds();
      Call();
      offload::synchronize();
      Times[K].push_back(seconds() - T0);
    };
    for (int P = 0; P < Passes; ++P) {
      Timed(0, [&] { offload::offload(copyKernel<T>, DA, DC); });
      Timed(1, [&] { offload::offload(mulKernel<T>, Scalar, DC, DB); });
      Timed(2, [&] { offload::offload(addKernel<T>, DA, DB, DC); });
      Timed(3, [&] { offload::offload(triadKernel<T>, DB, DC, Scalar, DA); });
      Timed(4, [&] {
        Dot = 0;
        offload::offload(dotKernel<T>, N, DA, DB, Dot);
      });
    }
  }
  // The same passes on one element of each array.
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
  bool Ok = Near(Dot, double(Ea) * Eb * N);
  for (std::size_t I : {std::size_t(0), N / 2, N - 1})
    Ok = Ok && Near(A[I], Ea) && Near(B[I], Eb) && Near(C[I], Ec);
  for (int K = 0; K < 5; ++K) {
    std::vector<double> &S = Times[K];
    // The first pass loads the images and warms the device up.
    S.erase(S.begin());
    std::sort(S.begin(), S.end());
    std::printf("offload,%s,%zu,%s,%zu,%.1f,%.1f,%d\n", Type, N, Names[K],
                S.size(), Bytes[K] / S.front() * 1e-9,
                Bytes[K] / S[S.size() / 2] * 1e-9, Ok);
  }
  std::fflush(stdout);
  if (!Ok)
    std::fprintf(stderr,
                 "stream: %s at 2^%u: wrong results (dot %g, want %g)\n", Type,
                 Log2, double(Dot), double(Ea) * Eb * N);
  return Ok;
}

} // namespace

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
  for (unsigned Log2 : Sizes) {
    Ok &= run<float>("float", Log2, Passes);
    Ok &= run<double>("double", Log2, Passes);
  }
  return Ok ? 0 : 1;
}
