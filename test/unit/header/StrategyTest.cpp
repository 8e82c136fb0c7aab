//===- StrategyTest.cpp - Every shipped strategy partitions exactly -------===//
//
// Property tests: for many sizes and shapes, replays more threads than each
// strategy's extent (padded to whole blocks; another argument or an explicit
// launch can ask for more threads than the strategy does) and checks that
// each strategy gives every element of its domain to exactly one thread and
// nothing outside the data.
//
//===----------------------------------------------------------------------===//

#include <offload/offload.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <optional>
#include <ranges>
#include <span>
#include <string>
#include <vector>

using namespace offload;
using namespace offload::detail;

namespace {

// The sizes the issue asks for: 0, 1, primes, powers of two +-1, and sizes
// that are no multiple of the 256-thread block.
const std::uint64_t Sizes[] = {0,   1,   2,    3,    7,    31,   97,  127,
                               255, 256, 257,  1000, 1023, 1024, 1025, 4099,
                               65535, 65536, 65537};

std::string describe(const std::optional<PartitionProblem> &P) {
  if (!P)
    return "none";
  static const char *What[] = {"outside the data", "two owners", "no owner"};
  return std::string(What[P->What]) + " at element " + std::to_string(P->Element);
}

/// The strategy's extent padded to whole blocks of the shape offload() uses:
/// the threads past the extent must get no pieces.
template <class S> Extent paddedLaunch(const S &Strategy, std::uint64_t Size) {
  Extent E = Strategy.extent(Size), B = blockShape(S::dims, Launch{});
  return {ceilDiv(E.x, B.x) * B.x, ceilDiv(E.y, B.y) * B.y,
          ceilDiv(E.z, B.z) * B.z};
}

template <class S> void expectExactPartition(const S &Strategy, std::uint64_t Size) {
  std::optional<PartitionProblem> P =
      findPartitionProblem(Strategy, Size, paddedLaunch(Strategy, Size));
  EXPECT_FALSE(P) << "size " << Size << ": " << describe(P);
}

TEST(Strategy, Linear1D) {
  for (std::uint64_t N : Sizes)
    expectExactPartition(Linear1D{}, N);
}

TEST(Strategy, Chunked1D) {
  for (std::uint64_t K : {1u, 2u, 3u, 64u, 1000u})
    for (std::uint64_t N : Sizes)
      expectExactPartition(Chunked1D{K}, N);
}

TEST(Strategy, Coarsened1D) {
  for (std::uint64_t PerThread : {1u, 2u, 4u, 7u, 32u})
    for (std::uint64_t Block : {1u, 32u, 64u, 256u, 1000u})
      for (std::uint64_t N : Sizes)
        expectExactPartition(Coarsened1D{PerThread, Block}, N);
}

TEST(Strategy, Blocked1D) {
  for (std::uint64_t Elements : {1u, 25u, 64u, 300u})
    for (std::uint64_t Block : {1u, 25u, 64u, 256u})
      for (std::uint64_t N : Sizes)
        expectExactPartition(Blocked1D{Elements, Block}, N);
}

TEST(Strategy, GridStride1D) {
  for (std::uint64_t T : {1u, 7u, 256u, 1000u, 65536u})
    for (std::uint64_t N : Sizes)
      expectExactPartition(GridStride1D{T}, N);
}

// On the host (this test's build) a grid-stride thread's share is a
// contiguous run, and the first thread of each group of 64 takes its
// group's runs, so that one loop streams through them.
TEST(Strategy, GridStride1DHostRuns) {
  const GridStride1D Strategy{1000};
  const std::uint64_t Size = 100000; // runs of 100 elements
  auto Owned = [&](std::uint64_t Thread) {
    std::vector<std::uint64_t> Elements;
    for (std::uint64_t I : Strategy.pieces({Thread, 0, 0, 1000, 1}, Size))
      Elements.push_back(I);
    return Elements;
  };
  const std::vector<std::uint64_t> First = Owned(0), Second = Owned(64),
                                   Last = Owned(960);
  ASSERT_EQ(First.size(), 6400u);
  EXPECT_EQ(First.back(), 6399u);
  for (std::uint64_t I = 1; I < First.size(); ++I)
    ASSERT_EQ(First[I], First[I - 1] + 1);
  ASSERT_FALSE(Second.empty());
  EXPECT_EQ(Second.front(), 6400u);
  EXPECT_TRUE(Owned(1).empty());
  EXPECT_TRUE(Owned(63).empty());
  ASSERT_EQ(Last.size(), 4000u); // the last group has 40 threads' runs
  EXPECT_EQ(Last.back(), Size - 1);
  EXPECT_TRUE(Owned(1000).empty()); // past the launch's extent
}

TEST(Strategy, Columns2D) {
  for (auto [Rows, Cols] : {std::pair<std::uint64_t, std::uint64_t>{1, 1},
                            {10, 1000}, {3, 257}, {0, 5}, {7, 0}})
    expectExactPartition(Columns2D{Rows, Cols}, Rows * Cols);
  EXPECT_FALSE((Columns2D{3, 4}.fits(11)));
}

TEST(Strategy, Interval1D) {
  for (std::uint64_t N : Sizes)
    for (std::uint64_t B : {std::uint64_t(0), std::uint64_t(1), N / 3})
      for (std::uint64_t E : {N, N - N / 4, B})
        if (B <= E && E <= N) {
          Interval1D S{B, E};
          EXPECT_TRUE(S.fits(N));
          expectExactPartition(S, N);
        }
  EXPECT_FALSE((Interval1D{3, 2}.fits(10)));
  EXPECT_FALSE((Interval1D{0, 11}.fits(10)));
}

// Every k-th element, and the elements covers() names.
TEST(Strategy, Indexed) {
  for (std::uint64_t K : {1u, 2u, 5u})
    for (std::uint64_t N : Sizes) {
      std::vector<int> List;
      for (std::uint64_t I = K / 2; I < N; I += K)
        List.push_back(int(I));
      Indexed<int> Strategy(List);
      expectExactPartition(Strategy, N);
      for (std::uint64_t I = 0; I < N; ++I)
        EXPECT_EQ(Strategy.covers(I), I >= K / 2 && (I - K / 2) % K == 0);
      EXPECT_EQ(Strategy.extent(N).x, List.size());
    }
}

// Segments of lengths 0, 1, 3, 256, 1000, ... walked by various numbers of
// threads each, and a list that leaves elements before and after it.
TEST(Strategy, StridedSegments) {
  const std::vector<std::vector<long long>> Lists = {{0},
                                                     {0, 0},
                                                     {0, 1},
                                                     {0, 3, 3, 259},
                                                     {5, 1005, 1006},
                                                     {0, 7, 300, 301, 1025}};
  for (const std::vector<long long> &List : Lists)
    for (std::uint64_t Threads : {1u, 2u, 32u, 100u, 256u, 1024u})
      for (std::uint64_t Extra : {0u, 9u}) {
        const std::uint64_t N = std::uint64_t(List.back()) + Extra;
        StridedSegments<long long> Strategy(List, Threads);
        expectExactPartition(Strategy, N);
        for (std::uint64_t I = 0; I < N; ++I)
          EXPECT_EQ(Strategy.covers(I), I >= std::uint64_t(List.front()) &&
                                            I < std::uint64_t(List.back()));
        EXPECT_EQ(Strategy.extent(N).x, Threads);
        EXPECT_EQ(Strategy.extent(N).y, List.size() - 1);
      }
  // Each thread's elements, in order, with their segment and place.
  const std::vector<int> List = {2, 2, 7};
  StridedSegments<int> Strategy(List, 2);
  std::vector<std::uint64_t> Seen;
  for (auto P : Strategy.pieces({1, 1, 0, 2, 2}, 9)) {
    EXPECT_EQ(P.segment, 1u);
    EXPECT_EQ(P.index, 2 + P.offset);
    Seen.push_back(P.offset);
  }
  EXPECT_EQ(Seen, (std::vector<std::uint64_t>{1, 3}));
  EXPECT_FALSE((StridedSegments<int>(List, 0).fits(9)));
}

struct Shape2D {
  std::uint64_t Rows, Cols;
};
const Shape2D Shapes2D[] = {{0, 0},  {1, 1},   {1, 9},   {7, 1},   {3, 5},
                            {17, 33}, {64, 64}, {31, 257}, {100, 100}};

TEST(Strategy, Grid2DWholeMatrix) {
  for (Shape2D S : Shapes2D)
    expectExactPartition(Grid2D(S.Rows, S.Cols), S.Rows * S.Cols);
}

TEST(Strategy, Grid2DInterior) {
  for (Shape2D S : Shapes2D) {
    if (S.Rows < 2 || S.Cols < 2)
      continue;
    expectExactPartition(Grid2D(S.Rows, S.Cols, {1, S.Rows - 1, 1, S.Cols - 1}),
                         S.Rows * S.Cols);
  }
}

TEST(Strategy, Rows2D) {
  for (Shape2D S : Shapes2D)
    expectExactPartition(Rows2D{S.Rows, S.Cols}, S.Rows * S.Cols);
}

TEST(Strategy, Grid3D) {
  struct Shape {
    std::uint64_t I, J, K;
  };
  for (Shape S : {Shape{1, 1, 1}, Shape{2, 3, 5}, Shape{33, 5, 3},
                  Shape{16, 16, 16}, Shape{7, 9, 11}}) {
    expectExactPartition(Grid3D(S.I, S.J, S.K), S.I * S.J * S.K);
    if (S.I > 2 && S.J > 2 && S.K > 2)
      expectExactPartition(
          Grid3D(S.I, S.J, S.K, {1, S.I - 1, 1, S.J - 1, 1, S.K - 1}),
          S.I * S.J * S.K);
  }
}

// A strategy that breaks its promise: every thread owns element 0.
struct EveryoneOwnsZero {
  static constexpr unsigned dims = 1;
  Extent extent(std::uint64_t Size) const { return {Size}; }
  detail::Strided pieces(ThreadIndex T, std::uint64_t Size) const {
    return {0, T.x < Size, 1};
  }
  Span span(std::uint64_t I) const { return {I, 1}; }
  template <class T> Item<T> item(T *Data, std::uint64_t I) const {
    return {I, Data[I]};
  }
};

TEST(Strategy, TheCheckFindsOverlapsGapsAndOverruns) {
  std::optional<PartitionProblem> P =
      findPartitionProblem(EveryoneOwnsZero{}, 10, {10, 1, 1});
  ASSERT_TRUE(P);
  EXPECT_EQ(P->What, PartitionProblem::TwoOwners);
  EXPECT_EQ(P->Element, 0u);
  EXPECT_EQ(P->First->x, 0u);
  EXPECT_EQ(P->Second->x, 1u);

  P = findPartitionProblem(Linear1D{}, 10, {5, 1, 1});
  ASSERT_TRUE(P);
  EXPECT_EQ(P->What, PartitionProblem::NoOwner);
  EXPECT_EQ(P->Element, 5u);

  P = findPartitionProblem(Rows2D{3, 4}, 10, {3, 1, 1});
  ASSERT_TRUE(P);
  EXPECT_EQ(P->What, PartitionProblem::OutsideData);
}

TEST(Strategy, ItemsPointAtTheirElements) {
  int Data[12] = {};
  // Thread (x=2, y=1) of a 3 x 4 matrix owns row 1, column 2.
  int Owned = 0;
  for (Grid2D::Position P : Grid2D(3, 4).pieces(ThreadIndex{2, 1, 0, 4, 3}, 12)) {
    auto [R, C, V] = Grid2D(3, 4).item(Data, P);
    EXPECT_EQ(R, 1u);
    EXPECT_EQ(C, 2u);
    EXPECT_EQ(&V, &Data[6]);
    ++Owned;
  }
  EXPECT_EQ(Owned, 1);
  Chunk<int> Last = Chunked1D{5}.item(Data, {10, 2});
  EXPECT_EQ(Last.first, 10u);
  EXPECT_EQ(Last.values.data(), &Data[10]);
  EXPECT_EQ(Last.values.size(), 2u);
  // Thread 66 of blocks of 64, four elements each: block 1 owns elements
  // [256, 512), thread 2 of it 258, 322, 386, 450.
  std::vector<int> Many(512);
  Group<int> G = Coarsened1D{4, 64}.item(Many.data(), {258, 4});
  EXPECT_EQ(G.index(3), 450u);
  EXPECT_EQ(&G[1], &Many[322]);
  EXPECT_EQ(G.size(), 4u);
  for (auto P : Coarsened1D{4, 64}.pieces(ThreadIndex{66, 0, 0, 128, 1}, 480)) {
    EXPECT_EQ(P.first, 258u);
    EXPECT_EQ(P.count, 4u);
  }
  for (auto P : Coarsened1D{4, 64}.pieces(ThreadIndex{66, 0, 0, 128, 1}, 400))
    EXPECT_EQ(P.count, 3u); // 258, 322, 386
  // Runs of 64 elements per 25 threads: thread 27 is thread 2 of run 1,
  // which owns 66, 91 and 116; thread 15 of the last, short run (of 9
  // elements, [192, 201)) owns nothing, thread 3 of it owns 195 alone.
  const Blocked1D Runs{64, 25};
  for (auto P : Runs.pieces(ThreadIndex{27, 0, 0, 128, 1}, 201)) {
    EXPECT_EQ(P.first, 66u);
    EXPECT_EQ(P.count, 3u);
    EXPECT_EQ(Runs.item(Many.data(), P).index(2), 116u);
  }
  EXPECT_TRUE(Runs.pieces(ThreadIndex{90, 0, 0, 128, 1}, 201).begin() ==
              std::default_sentinel);
  for (auto P : Runs.pieces(ThreadIndex{78, 0, 0, 128, 1}, 201))
    EXPECT_EQ(P.count, 1u);
  Row<int> R1 = Rows2D{3, 4}.item(Data, 1);
  EXPECT_EQ(R1.values.data(), &Data[4]);
  EXPECT_EQ(R1.values.size(), 4u);
}

TEST(Strategy, ShapesMustFitTheirData) {
  EXPECT_TRUE(Grid2D(3, 4).fits(12));
  EXPECT_FALSE(Grid2D(3, 4).fits(13));
  EXPECT_FALSE(Grid2D(3, 4, {0, 4, 0, 4}).fits(12));
  EXPECT_FALSE((Rows2D{2, 2}.fits(5)));
  EXPECT_FALSE(Grid3D(2, 2, 2).fits(7));
  EXPECT_FALSE(Chunked1D{0}.fits(7));
  EXPECT_FALSE((Coarsened1D{0, 64}.fits(7)));
  EXPECT_FALSE((Coarsened1D{4, 0}.fits(7)));
  EXPECT_FALSE((Blocked1D{0, 64}.fits(7)));
  EXPECT_FALSE((Blocked1D{4, 0}.fits(7)));
}

// The shipped position ranges are borrowed std::ranges input ranges, and so
// are Regions and Ranges iterated in a kernel.
using Position2D = Grid2D::Position;
static_assert(std::ranges::input_range<Strided> &&
              std::ranges::borrowed_range<Strided>);
static_assert(std::ranges::input_range<StridedBelow> &&
              std::ranges::borrowed_range<StridedBelow>);
static_assert(std::ranges::input_range<Optional<Position2D>> &&
              std::ranges::borrowed_range<Optional<Position2D>>);
static_assert(std::input_iterator<Strided::iterator>);
static_assert(std::sentinel_for<std::default_sentinel_t, Strided::iterator>);
static_assert(std::input_iterator<Optional<Position2D>::iterator>);
static_assert(std::ranges::input_range<Region<float>>);
static_assert(std::ranges::input_range<Region<double, Grid2D>>);
static_assert(std::ranges::input_range<Range<Chunked1D>>);
// size() is the whole data's, not the thread's pieces'.
static_assert(!std::ranges::sized_range<Region<float>> &&
              !std::ranges::sized_range<Range<>>);
static_assert(std::same_as<std::ranges::range_value_t<Range<Grid3D>>,
                           Grid3D::Position>);

// detail::InputRange and detail::BorrowedRange, spelled out without
// <ranges>, agree with the standard's concepts.
template <class R> constexpr bool agrees() {
  return InputRange<R> == std::ranges::input_range<R> &&
         BorrowedRange<R> == std::ranges::borrowed_range<R>;
}
using U64 = std::uint64_t;
using IotaView = std::ranges::iota_view<U64, U64>;
static_assert(agrees<Strided>() && agrees<StridedBelow>() &&
              agrees<Optional<Position2D>>());
static_assert(agrees<IotaView>() && BorrowedRange<IotaView>);
static_assert(agrees<std::span<const U64>>() &&
              BorrowedRange<std::span<const U64>>);
static_assert(agrees<std::ranges::subrange<const U64 *>>() &&
              BorrowedRange<std::ranges::subrange<const U64 *>>);
static_assert(agrees<std::ranges::single_view<U64>>() &&
              !BorrowedRange<std::ranges::single_view<U64>>);
static_assert(agrees<std::array<U64, 2>>() && InputRange<std::array<U64, 2>> &&
              !BorrowedRange<std::array<U64, 2>>);
static_assert(agrees<const std::array<U64, 2> &>() &&
              BorrowedRange<const std::array<U64, 2> &>);
static_assert(agrees<std::vector<U64>>() && !BorrowedRange<std::vector<U64>>);
static_assert(agrees<U64>() && !InputRange<U64>);

// A user strategy on <ranges>: thread t owns the elements [t * k, t * k + k)
// (the last block may be shorter), one at a time, as a std::views::iota.
struct IotaBlocks {
  U64 k = 4;
  static constexpr unsigned dims = 1;
  Extent extent(U64 Size) const { return {ceilDiv(Size, k)}; }
  auto pieces(ThreadIndex T, U64 Size) const {
    U64 First = std::min(T.linear() * k, Size);
    return std::views::iota(First, std::min(First + k, Size));
  }
  Span span(U64 I) const { return {I, 1}; }
  template <class T> Item<T> item(T *Data, U64 I) const { return {I, Data[I]}; }
};

// Another: a fixed permutation of up to 8 elements, thread t owning element
// Order[t]; pieces() is a std::span into the strategy itself.
struct Permuted {
  U64 Order[8];
  static constexpr unsigned dims = 1;
  Extent extent(U64 Size) const { return {Size}; }
  std::span<const U64> pieces(ThreadIndex T, U64 Size) const {
    U64 I = T.linear();
    return {Order + (I < Size ? I : 0), I < Size ? 1u : 0u};
  }
  Span span(U64 I) const { return {I, 1}; }
  template <class T> Item<T> item(T *Data, U64 I) const { return {I, Data[I]}; }
};

// Not strategies: their pieces() is a container by value, or no range.
struct ArrayByValue {
  static constexpr unsigned dims = 1;
  Extent extent(U64 Size) const { return {Size}; }
  std::array<U64, 1> pieces(ThreadIndex T, U64) const { return {T.linear()}; }
  Span span(U64 I) const { return {I, 1}; }
};
struct NotARange {
  static constexpr unsigned dims = 1;
  Extent extent(U64 Size) const { return {Size}; }
  U64 pieces(ThreadIndex T, U64) const { return T.linear(); }
  Span span(U64 I) const { return {I, 1}; }
};

} // namespace

OFFLOAD_UNSAFE_DISJOINT_STRATEGY(IotaBlocks);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(Permuted);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(ArrayByValue);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(NotARange);

namespace {

static_assert(PartitionStrategy<IotaBlocks> && PartitionStrategy<Permuted>);
static_assert(!PartitionStrategy<ArrayByValue> &&
              !PartitionStrategy<NotARange>);
static_assert(std::ranges::input_range<Region<int, IotaBlocks>>);

TEST(Strategy, AUserStrategyOnIotaViews) {
  for (U64 K : {1u, 3u, 4u, 256u})
    for (U64 N : Sizes)
      expectExactPartition(IotaBlocks{K}, N);
}

TEST(Strategy, AUserStrategyOnSpans) {
  Permuted P{{5, 2, 7, 0, 1, 6, 3, 4}};
  expectExactPartition(P, 8);
  U64 Owned = 0;
  for (U64 I : P.pieces(ThreadIndex{2, 0, 0, 8, 1}, 8)) {
    EXPECT_EQ(I, 7u);
    ++Owned;
  }
  EXPECT_EQ(Owned, 1u);
}

TEST(Strategy, RegionsAndRangesIterateUserRanges) {
  int Data[10] = {};
  Region<int, IotaBlocks> R(Data, IotaBlocks{4});
  EXPECT_EQ(R.extent().x, 3u);
  // Unbound (host side, outside a kernel): no pieces.
  EXPECT_EQ(std::ranges::distance(R), 0);
  // Thread 2 owns elements 8 and 9.
  std::vector<U64> Seen;
  for (auto [I, V] : RegionAccess::bind(R, ThreadIndex{2, 0, 0, 3, 1})) {
    EXPECT_EQ(&V, &Data[I]);
    Seen.push_back(I);
  }
  EXPECT_EQ(Seen, (std::vector<U64>{8, 9}));

  Range<IotaBlocks> Positions(10, IotaBlocks{4});
  Seen.clear();
  for (U64 I : RegionAccess::bind(Positions, ThreadIndex{1, 0, 0, 3, 1}))
    Seen.push_back(I);
  EXPECT_EQ(Seen, (std::vector<U64>{4, 5, 6, 7}));

  // The standard algorithms take them too.
  auto Bound = RegionAccess::bind(Positions, ThreadIndex{0, 0, 0, 3, 1});
  EXPECT_EQ(std::ranges::distance(Bound), 4);
  EXPECT_TRUE(std::ranges::equal(
      RegionAccess::bind(Range<>(10), ThreadIndex{7, 0, 0, 10, 1}),
      std::array<U64, 1>{7}));
}

} // namespace
