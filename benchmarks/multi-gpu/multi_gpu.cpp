//===- multi_gpu.cpp - STREAM triad and 2-D Jacobi on 1..n devices --------===//
//
// The same program on the first 1, 2, ... devices of Devices::all() (the
// GPUs, or the host devices without one), data preloaded on the set:
//   triad:  a = b + s * c over 3 arrays of N doubles (default 2^28);
//   jacobi: 5-point Jacobi on an M x M grid (default 16384), the input read
//           through offload::halo(), so that only halo rows move between
//           steps; strong scaling (same grid) and weak scaling (M rows per
//           device).
// Medians of the repetitions; each result is checked against the one-device
// run (bit for bit: the same kernels on the same elements).
//
//   multi_gpu [max devices] [N] [M] [reps]
//
//===----------------------------------------------------------------------===//

#include <offload/offload.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

void triad(offload::Region<double> A, std::span<const double> B,
           std::span<const double> C, double S) {
  for (auto [I, Ai] : A)
    Ai = B[I] + S * C[I];
}

void jacobi(std::span<const double> In,
            offload::Region<double, offload::Grid2D> Out) {
  const std::uint64_t Cols = Out.strategy().cols;
  for (auto [R, C, V] : Out)
    V = 0.25 * (In[(R - 1) * Cols + C] + In[(R + 1) * Cols + C] +
                In[R * Cols + C - 1] + In[R * Cols + C + 1]);
}

double seconds() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

/// Triad on Set: median seconds per call; A is left with the result.
double runTriad(const offload::Devices &Set, std::vector<double> &A,
                const std::vector<double> &B, const std::vector<double> &C,
                int Reps) {
  auto HA = offload::preload_mut(Set, A);
  auto HB = offload::preload(Set, B);
  auto HC = offload::preload(Set, C);
  offload::offload(Set, triad, HA, HB, HC, 3.0); // warm-up
  offload::synchronize();
  std::vector<double> Times;
  for (int R = 0; R < Reps; ++R) {
    const double T0 = seconds();
    for (int K = 0; K < 10; ++K)
      offload::offload(Set, triad, HA, HB, HC, 3.0);
    offload::synchronize();
    Times.push_back((seconds() - T0) / 10);
  }
  return median(Times);
}

/// Steps of Jacobi on a Rows x Cols grid on Set: median seconds per step
/// over Reps runs of Steps steps; Grid is left with the last run's result.
double runJacobi(const offload::Devices &Set, std::size_t Rows,
                 std::size_t Cols, int Steps, int Reps,
                 std::vector<double> &Grid) {
  std::vector<double> Times;
  const offload::Grid2D Interior(Rows, Cols,
                                 offload::Box2D{1, Rows - 1, 1, Cols - 1});
  for (int R = 0; R < Reps; ++R) {
    std::vector<double> A(Rows * Cols);
    for (std::size_t I = 0; I < A.size(); ++I)
      A[I] = double(I % 13) * 0.5 + (I < Cols ? 100.0 : 0.0);
    std::vector<double> B = A;
    {
      auto HA = offload::preload_mut(Set, A);
      auto HB = offload::preload_mut(Set, B);
      offload::synchronize();
      const double T0 = seconds();
      for (int S = 0; S < Steps; ++S) {
        auto &In = S % 2 ? HB : HA;
        auto &Out = S % 2 ? HA : HB;
        offload::offload(
            Set, jacobi, offload::halo(In, 1),
            offload::Region<double, offload::Grid2D>(Out, Interior));
      }
      offload::synchronize();
      Times.push_back((seconds() - T0) / Steps);
    }
    Grid = Steps % 2 ? B : A;
  }
  return median(Times);
}

} // namespace

int main(int Argc, char **Argv) {
  const offload::Devices All = offload::Devices::all();
  const unsigned MaxDevices =
      Argc > 1 ? unsigned(std::atoi(Argv[1])) : All.size();
  const std::size_t N =
      Argc > 2 ? std::strtoull(Argv[2], nullptr, 10) : std::size_t(1) << 28;
  const std::size_t M = Argc > 3 ? std::strtoull(Argv[3], nullptr, 10) : 16384;
  const int Reps = Argc > 4 ? std::atoi(Argv[4]) : 5;
  const int Steps = 20;
  int Failures = 0;

  std::printf("devices available: %u of %d\n", All.size(),
              offload::device_count());
  std::printf("\ntriad, %zu doubles per array\n", N);
  std::printf("%8s %12s %12s %9s %s\n", "devices", "ms/call", "GB/s",
              "speed-up", "result");
  std::vector<double> B(N), C(N), Reference;
  for (std::size_t I = 0; I < N; ++I)
    B[I] = double(I % 1000), C[I] = double(I % 7) - 3.0;
  double Base = 0;
  for (unsigned D = 1; D <= std::min(MaxDevices, All.size()); ++D) {
    std::vector<double> A(N, 0.0);
    const double T = runTriad(offload::Devices::first(D), A, B, C, Reps);
    if (D == 1)
      Base = T, Reference = A;
    const bool Same = A == Reference;
    Failures += !Same;
    std::printf("%8u %12.4f %12.1f %9.3f %s\n", D, T * 1e3,
                3.0 * double(N) * sizeof(double) / T * 1e-9, Base / T,
                Same ? "same" : "DIFFERS");
  }

  for (bool Weak : {false, true}) {
    std::printf("\njacobi, %s scaling: %s, %d steps\n",
                Weak ? "weak" : "strong",
                Weak ? "M x M per device" : "M x M in all", Steps);
    std::printf("%8s %12s %12s %9s %s\n", "devices", "grid", "ms/step",
                Weak ? "efficiency" : "speed-up", "result");
    std::vector<double> One;
    double JBase = 0;
    for (unsigned D = 1; D <= std::min(MaxDevices, All.size()); ++D) {
      const std::size_t Rows = Weak ? M * D : M;
      std::vector<double> Grid;
      const double T =
          runJacobi(offload::Devices::first(D), Rows, M, Steps, Reps, Grid);
      if (D == 1)
        JBase = T;
      // Checked against one device on the same grid.
      std::vector<double> Check;
      if (D == 1)
        One = Grid;
      else if (Weak)
        runJacobi(offload::Devices::first(1), Rows, M, Steps, 1, Check);
      const bool Same = D == 1 || (Weak ? Grid == Check : Grid == One);
      Failures += !Same;
      char Shape[40];
      std::snprintf(Shape, sizeof Shape, "%zux%zu", Rows, M);
      std::printf("%8u %12s %12.4f %9.3f %s\n", D, Shape, T * 1e3, JBase / T,
                  Same ? "same" : "DIFFERS");
    }
  }
  return Failures ? 1 : 0;
}
