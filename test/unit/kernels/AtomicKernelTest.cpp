//===- AtomicKernelTest.cpp - Atomic views --------------------------------===//

#include <offload/offload.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

using namespace offload;

namespace {

// RAJAPerf's HISTOGRAM.
void histogram(Range<> R, std::span<const int> Bins, Atomic<unsigned> Counts) {
  for (std::uint64_t I : R)
    Counts.add(Bins[I], 1u);
}

// RAJAPerf's PI_ATOMIC: every thread adds into one double.
void piAtomic(Range<> R, double Dx, Atomic<double> Pi) {
  for (std::uint64_t I : R) {
    double X = (double(I) + 0.5) * Dx;
    Pi.add(0, Dx / (1.0 + X * X));
  }
}

void extremes(Range<> R, std::span<const float> X, Atomic<float> MinMax,
              Atomic<long> IntMinMax) {
  for (std::uint64_t I : R) {
    MinMax.min(0, X[I]);
    MinMax.max(1, X[I]);
    IntMinMax.min(0, long(X[I] * 100));
    IntMinMax.max(1, long(X[I] * 100));
  }
}

TEST(AtomicKernel, HistogramMatchesTheHost) {
  for (std::uint64_t N : {0u, 1u, 1000u, 1000003u}) {
    const int NumBins = 97;
    std::vector<int> Bins(N);
    std::vector<unsigned> Want(NumBins, 0), Got(NumBins, 0);
    for (std::uint64_t I = 0; I < N; ++I)
      ++Want[Bins[I] = int((I * I + 7 * I) % NumBins)];
    offload::offload(histogram, N, Bins, Got);
    EXPECT_EQ(Got, Want) << N;
  }
}

TEST(AtomicKernel, AddsIntoOneValue) {
  const std::uint64_t N = 1 << 20;
  std::vector<double> Pi(1, 0.0);
  offload::offload(piAtomic, N, 1.0 / double(N), Pi);
  EXPECT_NEAR(4.0 * Pi[0], M_PI, 1e-9); // the integral of 1/(1+x^2) on [0,1]
}

TEST(AtomicKernel, MinAndMax) {
  std::vector<float> X(4099);
  for (std::size_t I = 0; I < X.size(); ++I)
    X[I] = float(std::cos(double(I))) * 50.0f;
  std::vector<float> MinMax = {1e30f, -1e30f};
  std::vector<long> IntMinMax = {1L << 40, -(1L << 40)};
  offload::offload(extremes, X.size(), X, MinMax, IntMinMax);
  float Lo = X[0], Hi = X[0];
  for (float V : X)
    Lo = std::min(Lo, V), Hi = std::max(Hi, V);
  EXPECT_EQ(MinMax[0], Lo);
  EXPECT_EQ(MinMax[1], Hi);
  EXPECT_EQ(IntMinMax[0], long(Lo * 100));
  EXPECT_EQ(IntMinMax[1], long(Hi * 100));
}

// Runs of adds to one place (sorted bins), with a thread's own operations
// mixed in: it reads back what it added, whatever the host device held back.
void runsAndReads(Range<> R, std::span<const long> Bins, Atomic<long> Counts,
                  Atomic<long> Misses) {
  for (std::uint64_t I : R) {
    Counts.add(Bins[I], 2);
    Counts.add(Bins[I], -1);
    if (I % 7 == 0 && Counts.load(Bins[I]) < 1)
      Misses.add(0, 1);
    if (I % 11 == 0)
      (void)Counts.fetch_add(Bins[I], 0);
  }
}

TEST(AtomicKernel, RunsOfAddsToOnePlaceAndTheThreadsOwnReads) {
  for (std::uint64_t N : {1u, 777u, 100003u}) {
    std::vector<long> Bins(N), Counts(5, 0), Misses(1, 0), Want(5, 0);
    for (std::uint64_t I = 0; I < N; ++I)
      ++Want[Bins[I] = long(I * 5 / N)];
    offload::offload(runsAndReads, N, Bins, Counts, Misses);
    EXPECT_EQ(Counts, Want) << N;
    EXPECT_EQ(Misses[0], 0) << N;
  }
}

// With team memory, a block's adds before a barrier are seen after it.
void addsBeforeABarrier(Range<> R, Tile<int, 256> Local, Atomic<long> Total,
                        Region<long> Seen) {
  Local.fill(0);
  for ([[maybe_unused]] std::uint64_t I : R)
    Total.add(0, 1);
  Local.sync();
  for (auto [I, V] : Seen) {
    (void)I;
    V = Total.load(0);
  }
}

TEST(AtomicKernel, AddsBeforeABarrierAreSeenAfterIt) {
  std::vector<long> Total(1, 0), Seen(256, 0);
  offload::offload(addsBeforeABarrier, Range<>(256), offload::team_memory,
                   Total, Seen);
  EXPECT_EQ(Total[0], 256);
  for (long V : Seen)
    EXPECT_EQ(V, 256);
}

void outOfRange(Range<> R, Atomic<int> A) {
  for (std::uint64_t I : R)
    A.add(I + 10, 1);
}

TEST(AtomicKernelDeathTest, ACheckedIndexPastTheEndStopsTheProgram) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  std::vector<int> A(4, 0);
  // On the host: the index is reported; on a GPU: the kernel traps and the
  // launch fails.
  EXPECT_DEATH(offload::offload(outOfRange, 4, A), "offload: error:");
}

} // namespace
