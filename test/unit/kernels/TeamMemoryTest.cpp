//===- TeamMemoryTest.cpp - Tiles shared by a block's threads -------------===//

#include <offload/offload.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <thread>
#include <vector>

using namespace offload;

namespace {

// A block histogram in team memory, added to the global one per block.
void blockHistogram(Range<GridStride1D> R, std::span<const int> Bins,
                    Tile<unsigned long long, 10> Local,
                    Atomic<unsigned long long> Counts) {
  Local.fill(0ull);
  for (std::uint64_t I : R)
    Local.add(Bins[I], 1ull);
  Local.sync();
  for (std::uint64_t K : Local.mine())
    if (Local[K] != 0)
      Counts.add(K, Local[K]);
}

TEST(TeamMemory, HistogramMatchesTheHost) {
  for (std::uint64_t N : {256u, 1000u, 100003u}) {
    std::vector<int> Bins(N);
    for (std::uint64_t I = 0; I < N; ++I)
      Bins[I] = int((I * 7 + I / 13) % 10);
    std::vector<unsigned long long> Counts(10, 0), Expected(10, 0);
    for (int B : Bins)
      ++Expected[B];
    // 512 threads: two blocks of 256, each thread striding over the data.
    offload::offload(blockHistogram, Range<GridStride1D>(N, GridStride1D{512}),
                     Bins, team_memory, Counts);
    EXPECT_EQ(Counts, Expected) << N;
  }
}

// Team kernels from several host threads at once: each call has its own
// blocks (on the host device, its own fibers).
TEST(TeamMemory, CallsFromSeveralThreads) {
  const std::uint64_t N = 20000;
  std::vector<int> Bins(N);
  for (std::uint64_t I = 0; I < N; ++I)
    Bins[I] = int(I * I % 10);
  std::vector<unsigned long long> Expected(10, 0);
  for (int B : Bins)
    ++Expected[B];
  std::vector<std::vector<unsigned long long>> Counts(
      4, std::vector<unsigned long long>(10, 0));
  std::vector<std::thread> Threads;
  for (auto &C : Counts)
    Threads.emplace_back([&] {
      offload::offload(blockHistogram,
                       Range<GridStride1D>(N, GridStride1D{1024}), Bins,
                       team_memory, C);
    });
  for (std::thread &T : Threads)
    T.join();
  for (const auto &C : Counts)
    EXPECT_EQ(C, Expected);
}

// Each thread reads its right neighbour's value within the block, through
// the tile: a read of another thread's element after the barrier.
void rotateInBlock(std::span<const double> In, Tile<double, 128> T,
                   Region<double> Out) {
  for (auto [I, O] : Out) {
    T.fill([&](std::size_t K) { return In[I - T.rank() + K]; });
    O = T[(T.rank() + 1) % T.size()];
  }
}

TEST(TeamMemory, ThreadsReadOtherThreadsElementsAfterTheBarrier) {
  const std::size_t N = 128 * 5;
  std::vector<double> In(N), Out(N, -1);
  std::iota(In.begin(), In.end(), 0.0);
  offload::offload(offload::Launch{.threads = N, .block = 128}, rotateInBlock,
                   In, team_memory, Out);
  for (std::size_t I = 0; I < N; ++I)
    EXPECT_EQ(Out[I], In[I / 128 * 128 + (I % 128 + 1) % 128]) << I;
}

struct Pair {
  float A;
  int B;
};

// Two tiles of one kernel are distinct memory, refilled in a loop: a
// block-wide running sum over chunks of 64 and a tile of structs.
void chunkSums(std::span<const float> In, Tile<float, 64> Values,
               Tile<Pair, 64> Tagged, Region<float> Sums, int Chunks) {
  for (auto [I, S] : Sums) {
    float Total = 0;
    for (int C = 0; C < Chunks; ++C) {
      const std::uint64_t Base = (I - Values.rank()) * Chunks + C * 64;
      Values.fill([&](std::size_t K) { return In[Base + K]; });
      Tagged.fill([&](std::size_t K) { return Pair{-In[Base + K], int(K)}; });
      for (std::uint32_t K = 0; K <= Values.rank(); ++K)
        Total += Values[K] + Tagged[K].A + float(Tagged[K].B == int(K));
    }
    S = Total;
  }
}

TEST(TeamMemory, TwoTilesRefilledInALoop) {
  const int Chunks = 3;
  const std::size_t Threads = 64 * 4;
  std::vector<float> In(Threads * Chunks), Sums(Threads, 0);
  for (std::size_t I = 0; I < In.size(); ++I)
    In[I] = float(I % 17);
  offload::offload(offload::Launch{.threads = Threads, .block = 64}, chunkSums,
                   In, team_memory, team_memory, Sums, Chunks);
  for (std::size_t I = 0; I < Threads; ++I)
    EXPECT_EQ(Sums[I], float(Chunks * (I % 64 + 1))) << I;
}

// A 2-D block of 16 x 16 transposes its tile of the matrix.
void transposeTiles(std::size_t N, std::span<const double> A,
                    Tile<double, 256> T, Region<double, Grid2D> B) {
  for (auto [Row, Col, Bij] : B) {
    const std::size_t R0 = Row - Row % 16, C0 = Col - Col % 16;
    T.fill([&](std::size_t K) { return A[(R0 + K / 16) * N + C0 + K % 16]; });
    Bij = T[(Col - C0) * 16 + (Row - R0)];
  }
}

TEST(TeamMemory, TwoDimensionalBlocksShareOneTile) {
  const std::size_t N = 48;
  std::vector<double> A(N * N), B(N * N, 0);
  std::iota(A.begin(), A.end(), 1.0);
  offload::offload(offload::Launch{.block_shape = {16, 16, 1}}, transposeTiles,
                   N, A, team_memory, Region<double, Grid2D>(B, {N, N}));
  for (std::size_t R = 0; R < N; ++R)
    for (std::size_t C = 0; C < N; ++C) {
      const std::size_t R0 = R - R % 16, C0 = C - C % 16;
      EXPECT_EQ(B[R * N + C], A[(R0 + C - C0) * N + C0 + R - R0]) << R << C;
    }
}

// A 2-D tile: a 5-point sum over an odd-sized grid (zero outside it), each
// 8 x 8 block filling a 10 x 10 tile (two threads of each row and column
// own two elements).
void neighbours2D(std::size_t Rows, std::size_t Cols, std::span<const int> In,
                  Range<Grid2D> Threads, Tile2D<int, 10, 10> T,
                  Region<int, Grid2D> Out) {
  for (auto [Row, Col] : Threads) {
    const std::size_t Top = Row - Row % 8, Left = Col - Col % 8;
    T.fill([&](std::size_t R, std::size_t C) {
      const std::size_t I = Top + R - 1, J = Left + C - 1;
      return I < Rows && J < Cols ? In[I * Cols + J] : 0;
    });
    for (auto [I, J, O] : Out) {
      const std::size_t R = I - Top + 1, C = J - Left + 1;
      O = T(R, C) + T(R - 1, C) + T(R + 1, C) + T(R, C - 1) + T(R, C + 1);
    }
  }
}

TEST(TeamMemory, TwoDimensionalTilesFollowTheBlockShape) {
  const std::size_t Rows = 45, Cols = 29; // 6 x 4 blocks of 8 x 8 points
  std::vector<int> In(Rows * Cols), Out(Rows * Cols, -1);
  for (std::size_t I = 0; I < In.size(); ++I)
    In[I] = int(I * 7 % 23) - 11;
  const Range<Grid2D> Threads(48 * 32, Grid2D(48, 32));
  offload::offload(offload::Launch{.block_shape = {8, 8, 1}}, neighbours2D,
                   Rows, Cols, In, Threads, team_memory,
                   Region<int, Grid2D>(Out, {Rows, Cols}));
  auto At = [&](long I, long J) {
    return I < 0 || J < 0 || I >= long(Rows) || J >= long(Cols)
               ? 0
               : In[I * Cols + J];
  };
  for (long I = 0; I < long(Rows); ++I)
    for (long J = 0; J < long(Cols); ++J)
      ASSERT_EQ(Out[I * Cols + J], At(I, J) + At(I - 1, J) + At(I + 1, J) +
                                       At(I, J - 1) + At(I, J + 1))
          << I << ", " << J;
}

// Launch-time tiles: sizes from the call, two of them beside a fixed one,
// at block sizes that are no power of two.
void reverseAndSum(Tile<int> T, Tile<long> Sums, Tile<int, 7> Fixed,
                   Region<int> V, Region<long> Total) {
  for (auto [I, X] : V) {
    const std::size_t R = T.rank(), B = T.team_size();
    const int Mine = X;
    offload::fill(
        T, [&](std::size_t) { return Mine; }, Fixed,
        [](std::size_t K) { return int(K); });
    X = T[B - 1 - R] + Fixed[R % 7];
    const long S = Sums.reduce(long(Mine));
    for (auto [J, TJ] : Total)
      TJ = S;
  }
}

TEST(TeamMemory, LaunchTimeTilesTakeTheirSizeFromTheCall) {
  for (std::uint32_t Block : {32u, 96u, 160u, 1024u}) {
    const std::size_t N = 3 * Block;
    std::vector<int> V(N);
    std::iota(V.begin(), V.end(), 0);
    std::vector<long> Total(N, -1);
    offload::offload(offload::Launch{.threads = N, .block = Block},
                     reverseAndSum, team_memory(Block), team_memory(Block),
                     team_memory, V, Total);
    for (std::size_t I = 0; I < N; ++I) {
      const std::size_t First = I - I % Block, R = I % Block;
      ASSERT_EQ(V[I], int(First + Block - 1 - R) + int(R % 7)) << Block << I;
      ASSERT_EQ(Total[I],
                long(Block) * long(First) + long(Block) * long(Block - 1) / 2)
          << Block << I;
    }
  }
}

TEST(TeamMemoryDeathTest, LaunchTimeTilesNeedTheirSize) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  std::vector<int> V(64);
  std::vector<long> Total(64);
  const offload::Launch Block{.threads = 64, .block = 64};
  EXPECT_DEATH(offload::offload(Block, reverseAndSum, team_memory,
                                team_memory(64), team_memory, V, Total),
               "offload: error: offload::Tile: a Tile<T> takes its size from "
               "the call: pass offload::team_memory\\(n\\) with n > 0");
  EXPECT_EXIT(offload::offload(Block, reverseAndSum, team_memory(13000),
                               team_memory(64), team_memory, V, Total),
              ::testing::ExitedWithCode(1),
              "the launch-time tiles of one call take 52512 bytes, more than "
              "the 48 KiB");
}

// Misuse that a GPU cannot report (it would hang or read garbage): the host
// device stops the kernel with the reason.
// The plugin rejects a barrier under a condition on the loop variable
// itself; through a local it cannot tell, and the host device stops it.
void barrierInABranch(Range<> R, Tile<int, 64> T) {
  for (std::uint64_t I : R) {
    const bool Even = I % 2 == 0;
    if (Even)
      T.sync();
  }
}
void readBeforeFill(Range<> R, Tile<int, 64> T, Atomic<int> Out) {
  for (std::uint64_t I : R)
    Out.add(0, T[I % 64]);
}
void readWhileAdding(Range<> R, Tile<int, 64> T, Atomic<int> Out) {
  T.fill(0);
  for (std::uint64_t I : R) {
    T.add(I % 64, 1);
    Out.add(0, T[(I + 1) % 64]);
  }
}

void pastTheEdge(Range<Grid2D> Threads, Tile2D<int, 4, 8> T) {
  for (auto [Row, Col] : Threads) {
    T.fill(1);
    (void)T(Row % 4, Col + 1); // column 8 for thread (7, 0)
  }
}

bool onHostDevice() { return offload::current_device().kind == "host"; }

TEST(TeamMemoryDeathTest, MisuseIsReportedOnTheHostDevice) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  if (!onHostDevice())
    GTEST_SKIP() << "the host device checks the phases";
  std::vector<int> Out(1, 0);
  EXPECT_DEATH(offload::offload(barrierInABranch, 256, team_memory),
               "offload: error: offload::Tile: the threads of a block reached "
               "different barriers");
  EXPECT_DEATH(offload::offload(readBeforeFill, 256, team_memory, Out),
               "read before the tile was filled");
  EXPECT_DEATH(offload::offload(readWhileAdding, 256, team_memory, Out),
               "read in the same phase as an add");
  EXPECT_DEATH(offload::offload(offload::Launch{.block_shape = {8, 8, 1}},
                                pastTheEdge, Range<Grid2D>(64, Grid2D(8, 8)),
                                team_memory),
               "offload: error: offload::Tile2D: element \\(0, 8\\) is "
               "outside the tile \\(4 x 8\\)");
}

TEST(TeamMemoryDeathTest, PartialBlocksAreRefused) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(offload::offload(barrierInABranch, 300, team_memory),
               "runs whole blocks, but its launch of 300 x 1 x 1 threads");
}

} // namespace
