//===- DeviceSetTest.cpp - offload() on several devices -------------------===//
//
// Every call on a device set is checked against the same call on one device.
// On the host device there are four host devices (OFFLOAD_HOST_DEVICES);
// with a GPU, the sets are the GPUs, and a set of a GPU and a host device
// (every device runs its own image). Without the plugin a set is one device.
//
//===----------------------------------------------------------------------===//

#include <offload/offload.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <thread>
#include <vector>

using namespace offload;

#if defined(__clang__)
#pragma clang diagnostic ignored "-Wopenmp-mapping"
#endif

namespace {

/// The sets each test runs on: every device of all(), its first two, and
/// (when there are several devices) the first and the last device.
std::vector<Devices> sets() {
  std::vector<Devices> Out{Devices::all(), Devices::first(2)};
  if (int N = device_count(); N > 1)
    Out.push_back(Devices{0, N - 1});
  return Out;
}

void triad(Region<double> A, std::span<const double> B,
           std::span<const double> C, double Scalar) {
  for (auto [I, Ai] : A)
    Ai = B[I] + Scalar * C[I];
}

std::vector<double> ramp(std::size_t N, double Start, double Step) {
  std::vector<double> V(N);
  for (std::size_t I = 0; I < N; ++I)
    V[I] = Start + Step * double(I);
  return V;
}

TEST(DeviceSet, SplitsARegionLikeOneDevice) {
  // Odd sizes: parts of whole blocks, and a last part that is shorter.
  for (std::size_t N : {1u, 255u, 1000u, 100003u}) {
    const std::vector<double> B = ramp(N, 1.0, 0.5), C = ramp(N, -2.0, 0.25);
    std::vector<double> One(N, -1.0);
    offload::offload(triad, One, B, C, 3.0);
    for (const Devices &Set : sets()) {
      std::vector<double> Split(N, -1.0);
      offload::offload(Set, triad, Split, B, C, 3.0);
      EXPECT_EQ(Split, One) << "N = " << N << ", " << Set.size() << " devices";
    }
  }
}

void sumOf(Range<> R, std::span<const double> X, Reduce<Sum<double>> S,
           Reduce<Max<double>> M, Reduce<MinLoc<double>> Where) {
  for (std::uint64_t I : R) {
    S += X[I];
    M.max(X[I]);
    Where.min(X[I], I);
  }
}

TEST(DeviceSet, ReductionsCombineAcrossDevices) {
  // 1280 threads are 5 blocks: on four devices, three parts of 2, 2 and 1.
  for (std::size_t N : {77777u, 1280u, 1u}) {
    std::vector<double> X(N);
    const std::size_t Low = N / 2;
    for (std::size_t I = 0; I < N; ++I)
      X[I] = std::sin(double(I)) * 10.0 + (I == Low ? -50.0 : 0.0);
    double Sum1 = 1.5, Max1 = -1e300;
    ValueLoc<double> Min1{1e300, 0};
    offload::offload(sumOf, N, X, Sum1, Max1, Min1);
    for (const Devices &Set : sets()) {
      double Sum = 1.5, Max = -1e300;
      ValueLoc<double> Min{1e300, 0};
      offload::offload(Set, sumOf, N, X, Sum, Max, Min);
      EXPECT_NEAR(Sum, Sum1, 1e-9 * std::abs(Sum1));
      EXPECT_EQ(Max, Max1);
      EXPECT_EQ(Min.value, Min1.value);
      EXPECT_EQ(Min.index, Low);
    }
  }
}

void strideSum(Range<GridStride1D> R, std::span<const std::int64_t> X,
               Reduce<Sum<std::int64_t>> S) {
  for (std::uint64_t I : R)
    S += X[I];
}

TEST(DeviceSet, GridStrideRangesSplitByThreads) {
  // Each device runs a slab of the 1000 threads; each thread still strides
  // through all of the data.
  std::vector<std::int64_t> X(123457);
  std::iota(X.begin(), X.end(), -5000);
  std::int64_t One = 7;
  offload::offload(strideSum, Range<GridStride1D>(X.size(), {1000}), X, One);
  EXPECT_EQ(One, 7 + std::accumulate(X.begin(), X.end(), std::int64_t(0)));
  for (const Devices &Set : sets()) {
    std::int64_t Split = 7;
    offload::offload(Set, strideSum, Range<GridStride1D>(X.size(), {1000}), X,
                     Split);
    EXPECT_EQ(Split, One);
  }
}

/// Jacobi on a rows x cols grid: the interior of B from A's neighbours.
void jacobi(std::span<const double> A, Region<double, Grid2D> B) {
  const std::uint64_t Cols = B.strategy().cols;
  for (auto [R, C, V] : B)
    V = 0.25 * (A[(R - 1) * Cols + C] + A[(R + 1) * Cols + C] +
                A[R * Cols + C - 1] + A[R * Cols + C + 1]);
}

std::vector<double> jacobiSteps(std::size_t Rows, std::size_t Cols, int Steps,
                                const Devices *Set, bool WithHalo) {
  std::vector<double> A(Rows * Cols), B;
  for (std::size_t I = 0; I < A.size(); ++I)
    A[I] = double(I % 7) + double(I % Cols) * 0.01;
  B = A;
  const Grid2D Interior(Rows, Cols, Box2D{1, Rows - 1, 1, Cols - 1});
  for (int Step = 0; Step < Steps; ++Step) {
    Region<double, Grid2D> Out(Step % 2 ? A : B, Interior);
    const std::vector<double> &In = Step % 2 ? B : A;
    if (!Set)
      offload::offload(jacobi, In, Out);
    else if (WithHalo)
      offload::offload(*Set, jacobi, halo(In, 1), Out);
    else
      offload::offload(*Set, jacobi, In, Out);
  }
  return Steps % 2 ? B : A;
}

TEST(DeviceSet, StencilWithAndWithoutHalo) {
  for (auto [Rows, Cols] : {std::pair{10, 9}, std::pair{67, 130}}) {
    const std::vector<double> One = jacobiSteps(Rows, Cols, 5, nullptr, false);
    for (const Devices &Set : sets()) {
      EXPECT_EQ(jacobiSteps(Rows, Cols, 5, &Set, false), One);
      EXPECT_EQ(jacobiSteps(Rows, Cols, 5, &Set, true), One);
    }
  }
}

TEST(DeviceSet, PreloadedStencilExchangesOnlyHalos) {
  const std::size_t Rows = 130, Cols = 64;
  const int Steps = 8;
  const std::vector<double> One =
      jacobiSteps(Rows, Cols, Steps, nullptr, false);
  for (const Devices &Set : sets()) {
    std::vector<double> A(Rows * Cols), B;
    for (std::size_t I = 0; I < A.size(); ++I)
      A[I] = double(I % 7) + double(I % Cols) * 0.01;
    B = A;
    const Grid2D Interior(Rows, Cols, Box2D{1, Rows - 1, 1, Cols - 1});
    [[maybe_unused]] const TransferTotals Before = transfer_totals();
    {
      auto HA = preload_mut(Set, A);
      auto HB = preload_mut(Set, B);
      for (int Step = 0; Step < Steps; ++Step) {
        if (Step % 2)
          offload::offload(Set, jacobi, halo(HB, 1),
                           Region<double, Grid2D>(HA, Interior));
        else
          offload::offload(Set, jacobi, halo(HA, 1),
                           Region<double, Grid2D>(HB, Interior));
      }
    }
    EXPECT_EQ(Steps % 2 ? B : A, One) << Set.size() << " devices";
#if defined(__OFFLOAD_HOST__)
    // Each step moves at most two halo rows per boundary between devices,
    // there and back through the host; the preloads and releases move the
    // rest.
    const TransferTotals After = transfer_totals();
    const std::uint64_t Whole = Rows * Cols * sizeof(double);
    const std::uint64_t Halos =
        std::uint64_t(Steps) * 2 * (Set.size() - 1) * Cols * sizeof(double);
    EXPECT_LE(After.to_device_bytes - Before.to_device_bytes,
              2 * Whole * Set.size() + Halos);
#endif
  }
}

TEST(DeviceSet, PreloadedStreamQueuesOnEveryDevice) {
  const std::size_t N = 1 << 16;
  std::vector<double> A(N, 0.0), B = ramp(N, 1.0, 1.0), C = ramp(N, 0.0, 2.0);
  std::vector<double> Expected(N);
  for (std::size_t I = 0; I < N; ++I)
    Expected[I] = B[I] + 0.5 * C[I];
  for (const Devices &Set : sets()) {
    std::fill(A.begin(), A.end(), 0.0);
    {
      auto HA = preload_mut(Set, A);
      auto HB = preload(Set, B);
      auto HC = preload(Set, C);
      for (int K = 0; K < 3; ++K)
        offload::offload(Set, triad, HA, HB, HC, 0.5);
      offload::synchronize();
      HA.sync();
      EXPECT_EQ(A, Expected);
    }
    EXPECT_EQ(A, Expected);
  }
}

TEST(DeviceSet, CallsFromSeveralThreadsAtOnce) {
  // Each thread its own data, passed each call and preloaded on the set.
  const Devices Set = Devices::all();
  std::vector<std::vector<double>> Out(4, std::vector<double>(5003, 0.0));
  const std::vector<double> B = ramp(5003, 1.0, 0.5), C = ramp(5003, 2.0, 1.0);
  std::vector<std::thread> Threads;
  for (std::size_t T = 0; T < Out.size(); ++T)
    Threads.emplace_back([&, T] {
      for (int K = 0; K < 10; ++K)
        offload::offload(Set, triad, Out[T], B, C, double(T));
      auto Kept = preload_mut(Set, Out[T]);
      offload::offload(Set, triad, Kept, B, C, double(T) + 1.0);
    });
  for (std::thread &T : Threads)
    T.join();
  for (std::size_t T = 0; T < Out.size(); ++T)
    for (std::size_t I = 0; I < B.size(); ++I)
      ASSERT_EQ(Out[T][I], B[I] + (double(T) + 1.0) * C[I]) << T << " " << I;
}

struct Chunks {
  static void run(Region<int, Chunked1D> Out) {
    for (auto [First, Values] : Out)
      for (std::size_t K = 0; K < Values.size(); ++K)
        Values[K] = int(First + K) * 3;
  }
};

TEST(DeviceSet, ChunksAndExplicitLaunch) {
  std::vector<int> One(10007), Split(10007);
  offload::offload(Chunks::run, Region<int, Chunked1D>(One, Chunked1D{16}));
  for (const Devices &Set : sets()) {
    std::fill(Split.begin(), Split.end(), 0);
    offload::offload(Set, Launch{.threads = (10007 + 15) / 16, .block = 64},
                     Chunks::run, Region<int, Chunked1D>(Split, Chunked1D{16}));
    EXPECT_EQ(Split, One);
  }
}

} // namespace
