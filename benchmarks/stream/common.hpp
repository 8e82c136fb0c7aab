//===- benchmarks/stream/common.hpp - What stream and stream_cuda share --===//
//
// The clock, the bytes each kernel moves, the values the passes leave in
// the arrays, the check and the CSV rows: the same for both programs, so
// their numbers compare.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace stream {

inline double seconds() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// Kernels in BabelStream's order.
constexpr int Kernels = 5;
inline const char *const Names[Kernels] = {"copy", "mul", "add", "triad",
                                           "dot"};

/// What the arrays start from, and the passes' scalar.
template <class T> struct Start {
  static constexpr T A = T(0.1), B = T(0.2), C = T(0.0), Scalar = T(0.4);
};

/// Whether the arrays and the last dot hold what Passes passes leave (every
/// element of an array is equal, so one element of each is followed).
template <class T>
bool check(const char *Program, const char *Type, std::size_t N, int Passes,
           const std::vector<T> &A, const std::vector<T> &B,
           const std::vector<T> &C, T Dot, bool WithDot) {
  T Ea = Start<T>::A, Eb = Start<T>::B, Ec = Start<T>::C;
  for (int P = 0; P < Passes; ++P) {
    Ec = Ea;
    Eb = Start<T>::Scalar * Ec;
    Ec = Ea + Eb;
    Ea = Eb + Start<T>::Scalar * Ec;
  }
  const double Tolerance = sizeof(T) == 4 ? 1e-3 : 1e-8;
  auto Near = [&](double Got, double Want) {
    return std::fabs(Got - Want) <= Tolerance * std::fabs(Want);
  };
  const double WantDot = double(Ea) * Eb * N;
  bool Ok = !WithDot || Near(Dot, WantDot);
  for (std::size_t I : {std::size_t(0), N / 2, N - 1})
    Ok = Ok && Near(A[I], Ea) && Near(B[I], Eb) && Near(C[I], Ec);
  if (!Ok)
    std::fprintf(stderr,
                 "%s: %s at %zu elements: wrong results (dot %g, want %g)\n",
                 Program, Type, N, double(Dot), WantDot);
  return Ok;
}

/// One CSV row per kernel timed: best and median bandwidth over the passes
/// after the first (which loads images and warms the device up).
template <class T>
void report(const char *Program, const char *Type, std::size_t N,
            std::vector<double> (&Times)[Kernels], int Timed, bool Ok) {
  const double Bytes[Kernels] = {2.0 * sizeof(T) * N, 2.0 * sizeof(T) * N,
                                 3.0 * sizeof(T) * N, 3.0 * sizeof(T) * N,
                                 2.0 * sizeof(T) * N};
  for (int K = 0; K < Timed; ++K) {
    std::vector<double> &S = Times[K];
    S.erase(S.begin());
    std::sort(S.begin(), S.end());
    std::printf("%s,%s,%zu,%s,%zu,%.1f,%.1f,%d\n", Program, Type, N, Names[K],
                S.size(), Bytes[K] / S.front() * 1e-9,
                Bytes[K] / S[S.size() / 2] * 1e-9, Ok);
  }
  std::fflush(stdout);
}

/// PASSES (default 20, at least 2) and the sizes, 2^arguments (default 25 28).
inline int passes() {
  const char *Env = std::getenv("PASSES");
  return Env ? std::max(2, std::atoi(Env)) : 20;
}
inline std::vector<unsigned> sizes(int Argc, char **Argv) {
  std::vector<unsigned> Sizes;
  for (int I = 1; I < Argc; ++I)
    Sizes.push_back(unsigned(std::atoi(Argv[I])));
  if (Sizes.empty())
    Sizes = {25, 28};
  std::puts("program,type,elements,kernel,passes,best_GBps,median_GBps,ok");
  return Sizes;
}

} // namespace stream
