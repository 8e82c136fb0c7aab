//===- StrategyKernelTest.cpp - Strategies partition real launches --------===//
//
// Each kernel adds (index + 1) to every element its thread owns. After the
// launch an element holds index + 1 if exactly one thread owned it with the
// right index, 0 if none did, and a multiple if several did. Built once with
// the plugin (run on whatever device is selected: the host device in CI,
// the H200) and once without it (serially).
//
//===----------------------------------------------------------------------===//

#include <offload/offload.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <ranges>
#include <vector>

using namespace offload;
using u64 = std::uint64_t;

namespace {

// A user strategy built on <ranges>: thread t owns the elements
// [t * k, t * k + k) (the last block may be shorter), one at a time, as a
// std::views::iota.
struct IotaBlocks {
  u64 k = 1;
  static constexpr unsigned dims = 1;
  Extent extent(u64 Size) const { return {(Size + k - 1) / k}; }
  auto pieces(ThreadIndex T, u64 Size) const {
    u64 First = std::min(T.linear() * k, Size);
    return std::views::iota(First, std::min(First + k, Size));
  }
  Span span(u64 I) const { return {I, 1}; }
  template <class T> Item<T> item(T *Data, u64 I) const { return {I, Data[I]}; }
};

} // namespace

OFFLOAD_UNSAFE_DISJOINT_STRATEGY(IotaBlocks);

namespace {

template <class S> void markItems(Region<u64, S> R) {
  for (auto [I, V] : R)
    V += I + 1;
}
void markChunks(Region<u64, Chunked1D> R) {
  for (auto [First, Values] : R)
    for (u64 K = 0; K < Values.size(); ++K)
      Values[K] += First + K + 1;
}
void markGroups(Region<u64, Coarsened1D> R) {
  for (auto G : R)
    for (u64 K = 0; K < G.size(); ++K)
      G[K] += G.index(K) + 1;
}
void markRows(u64 Cols, Region<u64, Rows2D> R) {
  for (auto [Row, Values] : R)
    for (u64 C = 0; C < Values.size(); ++C)
      Values[C] += Row * Cols + C + 1;
}
void markGrid2D(u64 Cols, Region<u64, Grid2D> R) {
  for (auto [Row, Col, V] : R)
    V += Row * Cols + Col + 1;
}
void markGrid3D(u64 NI, u64 NJ, Region<u64, Grid3D> R) {
  for (auto [I, J, K, V] : R)
    V += I + NI * (J + NJ * K) + 1;
}
// Ranges: positions only; the element updates go through Atomic.
void countRange(Range<GridStride1D> R, Atomic<u64> Hits) {
  for (u64 I : R)
    Hits.add(I, I + 1);
}
void countRange2D(u64 Cols, Range<Grid2D> R, Atomic<u64> Hits) {
  for (Grid2D::Position P : R)
    Hits.add(P.row * Cols + P.col, P.row * Cols + P.col + 1);
}

void countIndexed(Range<Indexed<int>> R, Atomic<u64> Hits) {
  for (u64 I : R)
    Hits.add(I, I + 1);
}
void markIndexedTwice(Region<u64, Indexed<int>> R) {
  for (auto [I, V] : R)
    V += I + 1;
  for (auto [I, V] : R)
    V *= 2;
}

void countIota(Range<IotaBlocks> R, Atomic<u64> Hits) {
  for (u64 I : R)
    Hits.add(I, I + 1);
}

const u64 Sizes[] = {0, 1, 2, 31, 97, 255, 256, 257, 1000, 1023, 1025, 65537};

/// Element I must hold I + 1 where Owned(I), else 0.
template <class F> void expectMarked(const std::vector<u64> &V, F Owned) {
  u64 Bad = 0, First = 0;
  for (u64 I = 0; I < V.size(); ++I)
    if (V[I] != (Owned(I) ? I + 1 : 0) && Bad++ == 0)
      First = I;
  EXPECT_EQ(Bad, 0u) << "first wrong element " << First << " of " << V.size()
                     << " holds " << (Bad ? V[First] : 0);
}
auto All = [](u64) { return true; };

TEST(StrategyKernel, Linear1D) {
  for (u64 N : Sizes) {
    std::vector<u64> V(N, 0);
    offload::offload(markItems<Linear1D>, V);
    expectMarked(V, All);
  }
}

TEST(StrategyKernel, GridStride1D) {
  for (u64 Threads : {1u, 100u, 4096u})
    for (u64 N : Sizes) {
      std::vector<u64> V(N, 0);
      offload::offload(markItems<GridStride1D>,
                       Region<u64, GridStride1D>(V, {Threads}));
      expectMarked(V, All);
    }
}

TEST(StrategyKernel, Chunked1D) {
  for (u64 K : {1u, 3u, 64u})
    for (u64 N : Sizes) {
      std::vector<u64> V(N, 0);
      offload::offload(markChunks, Region<u64, Chunked1D>(V, {K}));
      expectMarked(V, All);
    }
}

// Thread coarsening: per-thread counts and blocks that match the launch's
// block, and one that does not (still a partition, only slower on a GPU).
TEST(StrategyKernel, Coarsened1D) {
  for (u64 PerThread : {1u, 4u, 7u})
    for (u64 Block : {32u, 64u, 256u})
      for (u64 N : Sizes) {
        std::vector<u64> V(N, 0);
        offload::offload(Launch{.block = 64}, markGroups,
                         Region<u64, Coarsened1D>(V, {PerThread, Block}));
        expectMarked(V, All);
      }
}

struct Shape {
  u64 Rows, Cols;
};
const Shape Shapes[] = {{1, 1}, {1, 300}, {300, 1}, {17, 33}, {64, 64}, {129, 257}};

TEST(StrategyKernel, Rows2D) {
  for (Shape S : Shapes) {
    std::vector<u64> V(S.Rows * S.Cols, 0);
    offload::offload(markRows, S.Cols, Region<u64, Rows2D>(V, {S.Rows, S.Cols}));
    expectMarked(V, All);
  }
}

TEST(StrategyKernel, Grid2DWholeAndInterior) {
  for (Shape S : Shapes) {
    std::vector<u64> V(S.Rows * S.Cols, 0);
    offload::offload(markGrid2D, S.Cols,
                     Region<u64, Grid2D>(V, Grid2D(S.Rows, S.Cols)));
    expectMarked(V, All);
    if (S.Rows < 3 || S.Cols < 3)
      continue;
    std::vector<u64> W(S.Rows * S.Cols, 0);
    offload::offload(markGrid2D, S.Cols,
                     Region<u64, Grid2D>(W, Grid2D(S.Rows, S.Cols,
                                                   {1, S.Rows - 1, 1, S.Cols - 1})));
    expectMarked(W, [&](u64 I) {
      u64 R = I / S.Cols, C = I % S.Cols;
      return R > 0 && R + 1 < S.Rows && C > 0 && C + 1 < S.Cols;
    });
  }
}

TEST(StrategyKernel, Grid3DWholeAndInterior) {
  for (auto [NI, NJ, NK] : {std::array<u64, 3>{1, 1, 1}, {33, 5, 3},
                            {16, 16, 16}, {40, 9, 11}}) {
    std::vector<u64> V(NI * NJ * NK, 0);
    offload::offload(markGrid3D, NI, NJ, Region<u64, Grid3D>(V, Grid3D(NI, NJ, NK)));
    expectMarked(V, All);
    if (NI < 3 || NJ < 3 || NK < 3)
      continue;
    std::vector<u64> W(NI * NJ * NK, 0);
    offload::offload(
        markGrid3D, NI, NJ,
        Region<u64, Grid3D>(W, Grid3D(NI, NJ, NK,
                                      {1, NI - 1, 1, NJ - 1, 1, NK - 1})));
    expectMarked(W, [&](u64 E) {
      u64 I = E % NI, J = E / NI % NJ, K = E / NI / NJ;
      return I > 0 && I + 1 < NI && J > 0 && J + 1 < NJ && K > 0 && K + 1 < NK;
    });
  }
}

TEST(StrategyKernel, Ranges) {
  for (u64 N : Sizes) {
    std::vector<u64> Hits(N, 0);
    offload::offload(countRange, Range<GridStride1D>(N, {512}), Hits);
    expectMarked(Hits, All);
  }
  for (Shape S : Shapes) {
    std::vector<u64> Hits(S.Rows * S.Cols, 0);
    offload::offload(countRange2D, S.Cols,
                     Range<Grid2D>(S.Rows * S.Cols, Grid2D(S.Rows, S.Cols)), Hits);
    expectMarked(Hits, All);
  }
}

TEST(StrategyKernel, AUserStrategyOnIotaViews) {
  for (u64 K : {1u, 5u, 64u})
    for (u64 N : Sizes) {
      std::vector<u64> V(N, 0);
      offload::offload(markItems<IotaBlocks>, Region<u64, IotaBlocks>(V, {K}));
      expectMarked(V, All);
      std::vector<u64> Hits(N, 0);
      offload::offload(countIota, Range<IotaBlocks>(N, {K}), Hits);
      expectMarked(Hits, All);
    }
}

// Each thread walks its column top-down: a running sum along the column.
void prefixColumns(Region<u64, Columns2D> R) {
  u64 Sum = 0;
  for (Item2D<u64> E : R)
    E.value = Sum += E.value;
}

TEST(StrategyKernel, Columns2D) {
  for (Shape S : Shapes) {
    std::vector<u64> V(S.Rows * S.Cols);
    for (u64 I = 0; I < V.size(); ++I)
      V[I] = I % 7;
    std::vector<u64> Want = V;
    for (u64 C = 0; C < S.Cols; ++C)
      for (u64 R = 1; R < S.Rows; ++R)
        Want[R * S.Cols + C] += Want[(R - 1) * S.Cols + C];
    offload::offload(prefixColumns,
                     Region<u64, Columns2D>(V, {S.Rows, S.Cols}));
    EXPECT_EQ(V, Want) << S.Rows << " x " << S.Cols;
  }
}

TEST(StrategyKernel, Interval1D) {
  for (u64 N : Sizes) {
    std::vector<u64> V(N, 0);
    const u64 B = N / 5, E = N - N / 7;
    offload::offload(markItems<Interval1D>, Region<u64, Interval1D>(V, {B, E}));
    expectMarked(V, [&](u64 I) { return I >= B && I < E; });
  }
}

// Every third element, then every element but the first and last, from
// int64 and int lists, copied with the call or preloaded.
TEST(StrategyKernel, Indexed) {
  for (u64 N : Sizes) {
    std::vector<std::int64_t> Thirds;
    for (u64 I = 0; I < N; I += 3)
      Thirds.push_back(std::int64_t(I));
    std::vector<u64> V(N, 0);
    offload::offload(markItems<Indexed<>>,
                     Region<u64, Indexed<>>(V, Indexed(Thirds)));
    expectMarked(V, [](u64 I) { return I % 3 == 0; });

    std::vector<int> Inner;
    for (u64 I = 1; I + 1 < N; ++I)
      Inner.push_back(int(I));
    auto Inside = [N](u64 I) { return I > 0 && I + 1 < N; };
    auto List = offload::preload(Inner);
    std::vector<u64> Hits(N, 0);
    offload::offload(countIndexed, Range<Indexed<int>>(N, List), Hits);
    expectMarked(Hits, Inside);
    V.assign(N, 0);
    offload::offload(markIndexedTwice,
                     Region<u64, Indexed<int>>(V, Indexed(List)));
    for (u64 I = 0; I < N; ++I)
      EXPECT_EQ(V[I], Inside(I) ? 2 * (I + 1) : 0) << I << " of " << N;
  }
}

// Segments of a ragged array shared by a few threads each: element I
// gets I + 1 (its owner's index) plus, in the upper 32 bits, its place in
// its segment plus the segment's number times 1000, from the item.
void markSegments(Region<u64, StridedSegments<long long>> R) {
  for (auto [Segment, Offset, I, V] : R)
    V += I + 1 + ((Segment * 1000 + Offset) << 32);
}

TEST(StrategyKernel, StridedSegments) {
  for (u64 N : Sizes) {
    // Segments of lengths 0, 1, 2, 3, ... up to N, then one to the end.
    std::vector<long long> Offsets = {0};
    for (u64 Length = 0; u64(Offsets.back()) + Length <= N; ++Length)
      Offsets.push_back(Offsets.back() + (long long)Length);
    Offsets.push_back((long long)N);
    for (u64 Threads : {1u, 3u, 32u, 300u}) {
      std::vector<u64> V(N, 0);
      auto List = offload::preload(Offsets);
      offload::offload(markSegments, Region<u64, StridedSegments<long long>>(
                                         V, StridedSegments(List, Threads)));
      u64 Bad = 0;
      for (u64 S = 0; S + 1 < Offsets.size(); ++S)
        for (u64 I = u64(Offsets[S]); I < u64(Offsets[S + 1]); ++I)
          Bad += V[I] != I + 1 + ((S * 1000 + I - u64(Offsets[S])) << 32);
      EXPECT_EQ(Bad, 0u) << N << " elements, " << Threads << " threads";
    }
  }
}

void markStridedSegments(Region<int, StridedSegments<int>> R) {
  for (auto [Segment, Offset, I, V] : R)
    V = 1;
}

TEST(StrategyKernelDeathTest, StridedSegmentsOutOfOrderStopTheProgram) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  std::vector<int> V(64, 0);
  std::vector<int> Decreasing = {0, 9, 8, 20};
  EXPECT_DEATH(offload::offload(markStridedSegments,
                                Region<int, StridedSegments<int>>(
                                    V, StridedSegments(Decreasing, 4))),
               "offload: error:");
  std::vector<int> Past = {3, 9, 65};
  EXPECT_DEATH(
      offload::offload(markStridedSegments, Region<int, StridedSegments<int>>(
                                                V, StridedSegments(Past, 4))),
      "offload: error:");
}

void markIndexed(Region<int, Indexed<int>> R) {
  for (auto [I, V] : R)
    V = 1;
}

TEST(StrategyKernelDeathTest, AnIndexListOutOfOrderStopsTheProgram) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  std::vector<int> V(64, 0);
  // On the host: the entry is reported; on a GPU: the kernel traps and the
  // launch fails.
  std::vector<int> Repeated = {3, 9, 9, 20};
  EXPECT_DEATH(offload::offload(markIndexed, Region<int, Indexed<int>>(
                                                 V, Indexed(Repeated))),
               "offload: error:");
  std::vector<int> Past = {3, 9, 64};
  EXPECT_DEATH(offload::offload(markIndexed,
                                Region<int, Indexed<int>>(V, Indexed(Past))),
               "offload: error:");
  std::vector<int> Negative = {-1, 9};
  EXPECT_DEATH(offload::offload(markIndexed, Region<int, Indexed<int>>(
                                                 V, Indexed(Negative))),
               "offload: error:");
}

void pastTheGroup(Region<int, Coarsened1D> R) {
  for (auto G : R)
    G[G.size()] = 1; // another thread's element
}

TEST(StrategyKernelDeathTest, AGroupIndexPastTheThreadsElementsStops) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  std::vector<int> V(256, 0);
  EXPECT_DEATH(
      offload::offload(pastTheGroup, Region<int, Coarsened1D>(V, {2, 64})),
      "offload");
}

// offload::zip: a thread's element of several Regions at once.
void axpyBoth(double A, std::span<const double> P, Region<double> U,
              Region<double> R) {
  for (auto [Ui, Ri] : offload::zip(U, R)) {
    Ui.value += A * P[Ui.index];
    Ri.value -= A * P[Ri.index];
  }
}
void interiorBoth(Region<double, Grid2D> A, Region<int, Grid2D> B,
                  Region<u64, Grid2D> C) {
  for (auto [Ai, Bi, Ci] : offload::zip(A, B, C)) {
    Ai.value = double(Ai.row) + 0.5;
    Bi.value = int(Bi.col);
    Ci.value = Ci.row * 1000 + Ci.col;
  }
}
void groupsBoth(Region<u64, Coarsened1D> A, Region<u64, Coarsened1D> B) {
  for (auto [Ga, Gb] : offload::zip(A, B))
    for (u64 K = 0; K < Ga.size(); ++K) {
      Ga[K] += Ga.index(K);
      Gb[K] += 2 * Gb.index(K);
    }
}

TEST(StrategyKernel, ZipGivesEachThreadItsElementOfEveryRegion) {
  const u64 N = 100003;
  std::vector<double> P(N), U(N, 1.0), R(N, 4.0);
  for (u64 I = 0; I < N; ++I)
    P[I] = double(I % 17);
  offload::offload(axpyBoth, 0.5, P, U, R);
  for (u64 I = 0; I < N; ++I) {
    ASSERT_EQ(U[I], 1.0 + 0.5 * double(I % 17)) << I;
    ASSERT_EQ(R[I], 4.0 - 0.5 * double(I % 17)) << I;
  }

  const u64 Rows = 37, Cols = 53;
  const Grid2D Interior(Rows, Cols, {1, Rows - 1, 2, Cols - 2});
  std::vector<double> A(Rows * Cols, -1.0);
  std::vector<int> B(Rows * Cols, -1);
  std::vector<u64> C(Rows * Cols, 7);
  offload::offload(interiorBoth, Region<double, Grid2D>(A, Interior),
                   Region<int, Grid2D>(B, Interior),
                   Region<u64, Grid2D>(C, Interior));
  for (u64 Row = 0; Row < Rows; ++Row)
    for (u64 Col = 0; Col < Cols; ++Col) {
      const bool In = Row >= 1 && Row < Rows - 1 && Col >= 2 && Col < Cols - 2;
      const u64 I = Row * Cols + Col;
      ASSERT_EQ(A[I], In ? double(Row) + 0.5 : -1.0) << Row << "," << Col;
      ASSERT_EQ(B[I], In ? int(Col) : -1);
      ASSERT_EQ(C[I], In ? Row * 1000 + Col : 7u);
    }

  std::vector<u64> GA(1000, 0), GB(1000, 1);
  offload::offload(Launch{.block = 64}, groupsBoth,
                   Region<u64, Coarsened1D>(GA, {4, 64}),
                   Region<u64, Coarsened1D>(GB, {4, 64}));
  for (u64 I = 0; I < GA.size(); ++I) {
    ASSERT_EQ(GA[I], I);
    ASSERT_EQ(GB[I], 1 + 2 * I);
  }
}

TEST(StrategyKernelDeathTest, ZippedRegionsOfDifferentSizesStop) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  std::vector<double> P(64, 1.0), U(64), Shorter(63);
  EXPECT_DEATH(offload::offload(axpyBoth, 0.5, P, U, Shorter), "offload");
  std::vector<double> A(12), C(12);
  std::vector<int> B(12);
  std::vector<u64> D(12);
  EXPECT_DEATH(offload::offload(interiorBoth,
                                Region<double, Grid2D>(A, Grid2D(3, 4)),
                                Region<int, Grid2D>(B, Grid2D(4, 3)),
                                Region<u64, Grid2D>(D, Grid2D(3, 4))),
               "offload");
}

} // namespace
