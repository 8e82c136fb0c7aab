//===- CheckDisjointTest.cpp - User strategies and OFFLOAD_CHECK_DISJOINT -===//

#include <offload/offload.hpp>
#include <offload/scan.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <vector>

using namespace offload;

namespace {

// A user strategy: thread t owns element size - 1 - t.
struct Reversed {
  static constexpr unsigned dims = 1;
  Extent extent(std::uint64_t Size) const { return {Size}; }
  detail::Strided pieces(ThreadIndex T, std::uint64_t Size) const {
    std::uint64_t I = T.linear();
    return {Size - 1 - I, I < Size, 1};
  }
  Span span(std::uint64_t I) const { return {I, 1}; }
  template <class T> Item<T> item(T *Data, std::uint64_t I) const {
    return {I, Data[I]};
  }
};

// A broken one: pairs of threads share an element, and half the data is
// never touched.
struct Halved {
  static constexpr unsigned dims = 1;
  Extent extent(std::uint64_t Size) const { return {Size}; }
  detail::Strided pieces(ThreadIndex T, std::uint64_t Size) const {
    std::uint64_t I = T.linear();
    return {I / 2, I < Size, 1};
  }
  Span span(std::uint64_t I) const { return {I, 1}; }
  template <class T> Item<T> item(T *Data, std::uint64_t I) const {
    return {I, Data[I]};
  }
};

// Another broken one: its extent leaves out the last element, which only a
// GPU's padding threads would reach (and they run no kernel body).
struct OneShort {
  static constexpr unsigned dims = 1;
  Extent extent(std::uint64_t Size) const { return {Size ? Size - 1 : 0}; }
  detail::Strided pieces(ThreadIndex T, std::uint64_t Size) const {
    std::uint64_t I = T.linear();
    return {I, I < Size, 1};
  }
  Span span(std::uint64_t I) const { return {I, 1}; }
  template <class T> Item<T> item(T *Data, std::uint64_t I) const {
    return {I, Data[I]};
  }
};

} // namespace

OFFLOAD_UNSAFE_DISJOINT_STRATEGY(Reversed);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(Halved);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(OneShort);

namespace {

void iota(Region<int, Reversed> R) {
  for (auto [I, V] : R)
    V = int(I);
}
void touch(Region<int, Halved> R) {
  for (auto [I, V] : R)
    V = 1;
}
void touchShort(Region<int, OneShort> R) {
  for (auto [I, V] : R)
    V = 1;
}

TEST(CheckDisjoint, AUserStrategyRuns) {
  std::vector<int> V(1000, -1);
  offload::offload(iota, V);
  for (int I = 0; I < 1000; ++I)
    ASSERT_EQ(V[I], I);
}

class CheckDisjointDeathTest : public ::testing::Test {
protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

TEST_F(CheckDisjointDeathTest, ABrokenPromiseIsCaught) {
  setenv("OFFLOAD_CHECK_DISJOINT", "1", 1);
  std::vector<int> V(10, 0);
  EXPECT_EXIT(offload::offload(touch, V), ::testing::ExitedWithCode(1),
              "offload: error: OFFLOAD_CHECK_DISJOINT: the strategy of argument "
              "1 gives two threads element 0: thread \\(0, 0, 0\\) and thread "
              "\\(1, 0, 0\\)");
  unsetenv("OFFLOAD_CHECK_DISJOINT");
}

TEST_F(CheckDisjointDeathTest, TheReplayRunsOnlyTheLogicalThreads) {
  setenv("OFFLOAD_CHECK_DISJOINT", "1", 1);
  std::vector<int> V(10, 0);
  EXPECT_EXIT(offload::offload(touchShort, V), ::testing::ExitedWithCode(1),
              "offload: error: OFFLOAD_CHECK_DISJOINT: the strategy of argument "
              "1 gives no thread element 9");
  unsetenv("OFFLOAD_CHECK_DISJOINT");
}

TEST_F(CheckDisjointDeathTest, KeptPromisesPass) {
  setenv("OFFLOAD_CHECK_DISJOINT", "1", 1);
  EXPECT_EXIT(
      {
        std::vector<int> V(777, -1);
        offload::offload(iota, V);
        std::exit(V[776] == 776 ? 0 : 2);
      },
      ::testing::ExitedWithCode(0), "");
  unsetenv("OFFLOAD_CHECK_DISJOINT");
}

// The library's scans and compaction write the tiles their blocks claim,
// which no strategy describes: the replay leaves them alone, and a user
// kernel after them is still checked.
struct Positive {
  bool operator()(long X) const { return X > 0; }
};

void scanCompactAndExit() {
  std::vector<long> In(5000, 1), Out(5000), Kept(5000);
  offload::inclusive_scan(In, Out);
  offload::exclusive_scan(In, Out, 0L);
  const std::size_t N = offload::copy_if(In, Kept, Positive{});
  std::exit(Out[4999] == 4999 && N == 5000 ? 0 : 2);
}

TEST_F(CheckDisjointDeathTest, LibraryCallsAreNotReplayed) {
  setenv("OFFLOAD_CHECK_DISJOINT", "1", 1);
  EXPECT_EXIT(scanCompactAndExit(), ::testing::ExitedWithCode(0), "");
  std::vector<int> V(10, 0);
  EXPECT_EXIT(offload::offload(touchShort, V), ::testing::ExitedWithCode(1),
              "gives no thread element 9");
  unsetenv("OFFLOAD_CHECK_DISJOINT");
}

} // namespace
