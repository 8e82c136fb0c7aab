//===- SortTest.cpp - Device-wide stable sorts ----------------------------===//

#include <offload/offload.hpp>
#include <offload/sort.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <thread>
#include <vector>

namespace {

// The order std::stable_sort gives, by sorting indices with ties broken by
// position.
template <class T, class Less>
std::vector<std::size_t> stableOrder(const std::vector<T> &Keys, Less L) {
  std::vector<std::size_t> Order(Keys.size());
  for (std::size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::sort(Order.begin(), Order.end(), [&](std::size_t A, std::size_t B) {
    return L(Keys[A], Keys[B]) || (!L(Keys[B], Keys[A]) && A < B);
  });
  return Order;
}

// Only the low 4 bits count: runs of ties everywhere.
struct LowBits {
  bool operator()(std::uint32_t A, std::uint32_t B) const {
    return (A & 15) < (B & 15);
  }
};

// Sizes around the first runs (8), a GPU tile (2048) and its powers of two,
// with many ties: each value's index moves with it and must keep its place
// among equal keys.
TEST(Sort, StableByKeyAtEveryBoundary) {
  std::mt19937 Random(7);
  for (std::size_t N : {2u, 8u, 9u, 2047u, 2048u, 2049u, 4096u, 6145u, 16384u,
                        40000u, 100001u}) {
    std::vector<std::uint32_t> Keys(N);
    for (auto &K : Keys)
      K = Random();
    std::vector<std::int64_t> Index(N);
    for (std::size_t I = 0; I < N; ++I)
      Index[I] = std::int64_t(I);
    const std::vector<std::size_t> Order = stableOrder(Keys, LowBits{});
    std::vector<std::uint32_t> Expected(N);
    for (std::size_t I = 0; I < N; ++I)
      Expected[I] = Keys[Order[I]];
    offload::sort_by_key(Keys, Index, LowBits{});
    ASSERT_EQ(Keys, Expected) << N << " keys";
    for (std::size_t I = 0; I < N; ++I)
      ASSERT_EQ(Index[I], std::int64_t(Order[I]))
          << "element " << I << " of " << N;
  }
}

TEST(Sort, DoublesBothWaysOnPreloadedData) {
  std::mt19937_64 Random(11);
  std::uniform_real_distribution<double> Uniform(-1.0, 1.0);
  std::vector<double> X(300000);
  for (double &V : X)
    V = Uniform(Random);
  std::vector<double> Ascending = X;
  std::sort(Ascending.begin(), Ascending.end());
  {
    auto Handle = offload::preload_mut(X);
    offload::sort(Handle, std::greater<>{});
    offload::sort(Handle);
  }
  EXPECT_EQ(X, Ascending);
}

// Parts of one vector sorted each by itself, as RAJAPerf's SORT does per
// rep: the elements around each part stay.
TEST(Sort, PartsOfAVector) {
  std::vector<int> V(3 * 5000);
  for (std::size_t I = 0; I < V.size(); ++I)
    V[I] = int(I * 7919 % 5003);
  std::vector<int> Expected = V;
  std::sort(Expected.begin() + 5000, Expected.begin() + 10000);
  offload::sort(std::span<int>(V).subspan(5000, 5000));
  EXPECT_EQ(V, Expected);
}

// Sorts from several host threads at once, each on its own data.
TEST(Sort, FromManyThreads) {
  std::vector<std::vector<float>> Data(4, std::vector<float>(20000));
  for (std::size_t T = 0; T < Data.size(); ++T)
    for (std::size_t I = 0; I < Data[T].size(); ++I)
      Data[T][I] = float((I * (T + 3) * 2654435761u) % 100000);
  std::vector<std::thread> Threads;
  for (auto &D : Data)
    Threads.emplace_back([&D] { offload::sort(D); });
  for (std::thread &T : Threads)
    T.join();
  for (const auto &D : Data)
    EXPECT_TRUE(std::is_sorted(D.begin(), D.end()));
}

TEST(SortDeathTest, ValuesMustMatchTheKeys) {
  std::vector<int> Keys(10), Values(9);
  EXPECT_DEATH(offload::sort_by_key(Keys, Values),
               "sort_by_key: 9 values for 10 keys");
  EXPECT_DEATH(offload::sort_by_key(Keys, Keys),
               "the values are the keys' own data");
}

} // namespace
