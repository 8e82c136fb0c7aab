//===- LaunchKernelTest.cpp - A launch runs exactly its logical threads ---===//
//
// A GPU runs whole blocks, so the last block of each dimension may have
// threads past the launch's logical extent. Those must not run the kernel
// body: offload(Launch{.threads = n}, k) runs k's body exactly n times, and a
// Region or Range launch exactly as often as its strategy's extent says, on
// every device. The kernels here count how often their body runs, both
// through an Atomic and through a Reduce (whose finish() still needs every
// thread of the block), with counts and block sizes that leave the last
// block partly empty.
//
//===----------------------------------------------------------------------===//

#include <offload/offload.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

using namespace offload;
using u64 = std::uint64_t;

namespace {

const u64 ThreadCounts[] = {1, 777, 1000, 4097};
// 1 and 20: blocks smaller than a warp, whose first warp combines the
// reductions' places several per lane. 0: the default (256).
const std::uint32_t Blocks[] = {1, 20, 64, 256, 1024, 0};

void countRuns(Atomic<u64> Runs, ReduceSum<u64> Total) {
  Runs.add(0, 1);
  Total += 1;
}

TEST(LaunchKernel, ExplicitLaunchRunsEachLogicalThreadOnce) {
  for (std::uint32_t Block : Blocks)
    for (u64 N : ThreadCounts) {
      std::vector<u64> Runs(1, 0);
      u64 Total = 0;
      offload::offload(Launch{.threads = N, .block = Block}, countRuns, Runs,
                       Total);
      EXPECT_EQ(Runs[0], N) << "atomic count, threads " << N << ", block "
                            << Block;
      EXPECT_EQ(Total, N) << "reduced count, threads " << N << ", block "
                          << Block;
    }
}

// With an explicit launch a Range is bound to each logical thread: the
// reduction sums 1 + 2 + ... + n only if every logical thread runs once and
// the idle threads of the last block add nothing.
void sumPositions(Range<> R, Atomic<u64> Runs, ReduceSum<u64> Sum) {
  Runs.add(0, 1);
  for (u64 I : R)
    Sum += I + 1;
}

TEST(LaunchKernel, ReductionsIgnoreThreadsPastTheExtent) {
  for (std::uint32_t Block : Blocks)
    for (u64 N : ThreadCounts) {
      std::vector<u64> Runs(1, 0);
      u64 Sum = 0;
      offload::offload(Launch{.threads = N, .block = Block}, sumPositions,
                       Range<>(N), Runs, Sum);
      EXPECT_EQ(Runs[0], N) << "threads " << N << ", block " << Block;
      EXPECT_EQ(Sum, N * (N + 1) / 2) << "threads " << N << ", block " << Block;
    }
}

// More logical threads than a Region has elements: every thread runs, the
// elements are still owned once each.
void markAndCount(Region<u64> R, ReduceSum<u64> Runs) {
  Runs += 1;
  for (auto [I, V] : R)
    V += I + 1;
}

TEST(LaunchKernel, ALaunchLargerThanItsRegion) {
  for (std::uint32_t Block : Blocks) {
    std::vector<u64> V(10, 0);
    u64 Runs = 0;
    offload::offload(Launch{.threads = 1000, .block = Block}, markAndCount, V,
                     Runs);
    EXPECT_EQ(Runs, 1000u) << "block " << Block;
    for (u64 I = 0; I < V.size(); ++I)
      EXPECT_EQ(V[I], I + 1) << "element " << I << ", block " << Block;
  }
}

// Kernels whose geometry comes from a Region or Range count their runs
// outside the loop over their pieces, as user code may do.
template <class S> void regionRuns(Region<u64, S> R, ReduceSum<u64> Runs) {
  Runs += 1;
  for (auto &&Piece : R)
    (void)Piece;
}
template <class S>
void rangeRuns(Range<S> R, Atomic<u64> Runs, ReduceSum<u64> Total) {
  Runs.add(0, 1);
  Total += 1;
  for (auto &&Position : R)
    (void)Position;
}

const u64 Sizes[] = {1, 31, 777, 1000, 1025, 4097};

TEST(LaunchKernel, OneDimensionalStrategiesRunTheirExtent) {
  for (u64 N : Sizes) {
    std::vector<u64> V(N, 0);
    u64 Runs = 0;
    offload::offload(regionRuns<Linear1D>, V, Runs);
    EXPECT_EQ(Runs, N) << "Linear1D, n=" << N;

    for (u64 K : {3u, 64u}) {
      Runs = 0;
      offload::offload(regionRuns<Chunked1D>, Region<u64, Chunked1D>(V, {K}),
                       Runs);
      EXPECT_EQ(Runs, (N + K - 1) / K) << "Chunked1D{" << K << "}, n=" << N;
    }

    for (u64 T : {100u, 300u}) {
      std::vector<u64> Count(1, 0);
      u64 Total = 0;
      offload::offload(rangeRuns<GridStride1D>, Range<GridStride1D>(N, {T}),
                       Count, Total);
      EXPECT_EQ(Count[0], N < T ? N : T) << "GridStride1D{" << T << "}, n=" << N;
      EXPECT_EQ(Total, N < T ? N : T) << "GridStride1D{" << T << "}, n=" << N;
    }
  }
}

TEST(LaunchKernel, GridsRunTheirExtentInEveryDimension) {
  // 2-D blocks are 32 x 8 threads, 3-D blocks 32 x 4 x 2: none of these
  // shapes fills its last block in any dimension.
  struct Shape {
    u64 Rows, Cols;
  };
  for (Shape S : {Shape{1, 1}, Shape{17, 33}, Shape{9, 100}, Shape{300, 5}}) {
    std::vector<u64> V(S.Rows * S.Cols, 0);
    u64 Runs = 0;
    offload::offload(regionRuns<Grid2D>,
                     Region<u64, Grid2D>(V, Grid2D(S.Rows, S.Cols)), Runs);
    EXPECT_EQ(Runs, S.Rows * S.Cols) << S.Rows << " x " << S.Cols;

    std::vector<u64> Count(1, 0);
    u64 Total = 0;
    offload::offload(rangeRuns<Grid2D>,
                     Range<Grid2D>(S.Rows * S.Cols, Grid2D(S.Rows, S.Cols)),
                     Count, Total);
    EXPECT_EQ(Count[0], S.Rows * S.Cols) << S.Rows << " x " << S.Cols;
    EXPECT_EQ(Total, S.Rows * S.Cols) << S.Rows << " x " << S.Cols;

    if (S.Rows > 2 && S.Cols > 2) {
      Runs = 0;
      offload::offload(
          regionRuns<Grid2D>,
          Region<u64, Grid2D>(V, Grid2D(S.Rows, S.Cols,
                                        {1, S.Rows - 1, 1, S.Cols - 1})),
          Runs);
      EXPECT_EQ(Runs, (S.Rows - 2) * (S.Cols - 2))
          << "interior of " << S.Rows << " x " << S.Cols;
    }
  }

  for (auto [NI, NJ, NK] : {std::array<u64, 3>{1, 1, 1}, {33, 5, 3},
                            {40, 9, 11}}) {
    std::vector<u64> V(NI * NJ * NK, 0);
    u64 Runs = 0;
    offload::offload(regionRuns<Grid3D>,
                     Region<u64, Grid3D>(V, Grid3D(NI, NJ, NK)), Runs);
    EXPECT_EQ(Runs, NI * NJ * NK) << NI << " x " << NJ << " x " << NK;
  }
}

TEST(LaunchKernel, ClosuresRunEachLogicalThreadOnce) {
  const u64 Weight = 3;
  for (std::uint32_t Block : Blocks)
    for (u64 N : ThreadCounts) {
      u64 Total = 0;
      offload::offload(
          Launch{.threads = N, .block = Block},
          [Weight](ReduceSum<u64> Sum) { Sum += Weight; }, Total);
      EXPECT_EQ(Total, Weight * N) << "threads " << N << ", block " << Block;
    }
}

} // namespace
