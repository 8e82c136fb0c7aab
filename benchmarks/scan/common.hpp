// What these benchmarks and their CUDA baselines share: the data of the
// index lists and the timing loop.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <vector>

/// N values of +1 or -1, from a linear congruential generator.
inline std::vector<double> randomSigns(std::size_t N, unsigned Seed) {
  std::vector<double> X(N);
  for (std::size_t I = 0; I < N; ++I) {
    Seed = Seed * 1103515245u + 12345u;
    X[I] = (Seed >> 16) % 2 ? 1.0 : -1.0;
  }
  return X;
}

/// Warmup batches, then Timed batches of Calls calls, each batch between two
/// device synchronisations (Wait): the microseconds per call of each timed
/// batch, sorted.
template <class Call, class Sync>
std::vector<double> perCall(Call &&Body, Sync &&Wait, int Timed = 15,
                            int Warmup = 3, int Calls = 20) {
  std::vector<double> Us;
  for (int R = 0; R < Warmup + Timed; ++R) {
    Wait();
    const auto Start = std::chrono::steady_clock::now();
    for (int K = 0; K < Calls; ++K)
      Body();
    Wait();
    const auto End = std::chrono::steady_clock::now();
    if (R >= Warmup)
      Us.push_back(
          std::chrono::duration<double, std::micro>(End - Start).count() /
          Calls);
  }
  std::sort(Us.begin(), Us.end());
  return Us;
}
