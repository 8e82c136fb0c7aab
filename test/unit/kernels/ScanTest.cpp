//===- ScanTest.cpp - Block and device-wide scans, Segments ---------------===//

#include <offload/offload.hpp>
#include <offload/scan.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <thread>
#include <vector>

using namespace offload;

namespace {

// (Operations are named function objects: the device pass names them.)

// Each thread's inclusive and exclusive prefix within its block, and the
// block's total, packed into one number.
void blockScans(std::span<const int> In, Tile<int, 256> T,
                Region<long long> Out) {
  for (auto [I, O] : Out) {
    const long long Inclusive = T.inclusive_scan(In[I]);
    const long long Exclusive = T.exclusive_scan(In[I], 7);
    const long long Total = T.reduce(In[I]);
    O = Inclusive * 1000000000 + Exclusive * 10000 + Total;
  }
}

TEST(Scan, BlockScansMatchTheHost) {
  // Blocks of 256 and of 100 (not a whole number of warps).
  for (std::uint32_t Block : {256u, 100u}) {
    const std::size_t N = 4 * Block;
    std::vector<int> In(N);
    for (std::size_t I = 0; I < N; ++I)
      In[I] = int(I * 13 % 7) - 2;
    std::vector<long long> Out(N);
    offload::offload(Launch{.threads = N, .block = Block}, blockScans, In,
                     team_memory, Out);
    for (std::size_t B = 0; B < N; B += Block) {
      const long long Total =
          std::accumulate(In.begin() + B, In.begin() + B + Block, 0LL);
      long long Running = 0;
      for (std::size_t I = B; I < B + Block; ++I) {
        const long long Exclusive = 7 + Running;
        Running += In[I];
        EXPECT_EQ(Out[I], Running * 1000000000 + Exclusive * 10000 + Total)
            << "block " << Block << ", element " << I;
      }
    }
  }
}

// Composition of affine maps: associative, not commutative, so a scan that
// combines in the wrong order gives other numbers.
struct Affine {
  long long A, B;
  bool operator==(const Affine &) const = default;
};
struct ThenApply {
  Affine operator()(Affine F, Affine G) const {
    return {G.A * F.A, G.A * F.B + G.B};
  }
};

struct MaxOf {
  double operator()(double A, double B) const { return A < B ? B : A; }
};

template <class T> std::vector<T> sample(std::size_t N) {
  std::vector<T> V(N);
  for (std::size_t I = 0; I < N; ++I)
    V[I] = T(int(I * 7919 % 61) - 30);
  return V;
}

TEST(Scan, DeviceWideScansMatchTheStandardLibrary) {
  for (std::size_t N : {0u, 1u, 255u, 2048u, 2049u, 4095u, 4096u, 4097u, 6143u,
                        8191u, 8192u, 8193u, 100003u}) {
    const std::vector<int> I32 = sample<int>(N);
    std::vector<int> O32(N), Expected32(N);
    offload::exclusive_scan(I32, O32, 3);
    std::exclusive_scan(I32.begin(), I32.end(), Expected32.begin(), 3);
    EXPECT_EQ(O32, Expected32) << N;

    const std::vector<long long> X = sample<long long>(N);
    std::vector<long long> Y(N), Expected(N);
    offload::inclusive_scan(X, Y);
    std::inclusive_scan(X.begin(), X.end(), Expected.begin());
    EXPECT_EQ(Y, Expected) << N;
    offload::exclusive_scan(X, Y, -5LL);
    std::exclusive_scan(X.begin(), X.end(), Expected.begin(), -5LL);
    EXPECT_EQ(Y, Expected) << N;

    const std::vector<double> D = sample<double>(N);
    std::vector<double> E(N), ExpectedD(N);
    offload::inclusive_scan(D, E, MaxOf{});
    std::inclusive_scan(D.begin(), D.end(), ExpectedD.begin(), MaxOf{});
    EXPECT_EQ(E, ExpectedD) << N;

    std::vector<Affine> Maps(N), Composed(N), ExpectedMaps(N);
    for (std::size_t I = 0; I < N; ++I)
      Maps[I] = {I % 5 == 0 ? -1 : 1, (long long)(I % 9) - 4};
    offload::inclusive_scan(Maps, Composed, ThenApply{});
    std::inclusive_scan(Maps.begin(), Maps.end(), ExpectedMaps.begin(),
                        ThenApply{});
    EXPECT_EQ(Composed, ExpectedMaps) << N;
  }
}

// The first launch of a value type's scan starts from its zeroed state (on a
// GPU, epoch 0): with many tiles, flags never published must not pass for
// published ones.
struct Span2 {
  int Low, High;
  bool operator==(const Span2 &) const = default;
};
struct Hull {
  Span2 operator()(Span2 A, Span2 B) const {
    return {A.Low < B.Low ? A.Low : B.Low, A.High < B.High ? B.High : A.High};
  }
};

TEST(Scan, FirstLaunchOfATypeWithManyTiles) {
  const std::size_t N = 200003;
  std::vector<Span2> X(N), Y(N), Expected(N);
  for (std::size_t I = 0; I < N; ++I)
    X[I] = {int(I * 7919 % 10007) - 5000, int(I * 104729 % 10009) - 5000};
  offload::inclusive_scan(X, Y, Hull{});
  std::inclusive_scan(X.begin(), X.end(), Expected.begin(), Hull{});
  EXPECT_EQ(Y, Expected);
}

TEST(Scan, InPlaceAndPreloaded) {
  const std::size_t N = 50001;
  std::vector<int> X = sample<int>(N), Expected(N);
  std::exclusive_scan(X.begin(), X.end(), Expected.begin(), 3);
  std::vector<int> InPlace = X;
  offload::exclusive_scan(InPlace, InPlace, 3);
  EXPECT_EQ(InPlace, Expected);
  std::vector<int> Staged = X, Out(N);
  {
    auto S = preload(Staged);
    auto O = preload_mut(Out);
    offload::exclusive_scan(S, O, 3);
    offload::inclusive_scan(O, O); // a second scan on the device data
  }
  std::inclusive_scan(Expected.begin(), Expected.end(), Expected.begin());
  EXPECT_EQ(Out, Expected);
}

TEST(Scan, FromSeveralHostThreads) {
  const std::size_t N = 30000;
  const std::vector<long long> X = sample<long long>(N);
  std::vector<long long> Expected(N);
  std::inclusive_scan(X.begin(), X.end(), Expected.begin());
  std::vector<std::vector<long long>> Outs(4, std::vector<long long>(N));
  std::vector<std::thread> Threads;
  for (auto &Y : Outs)
    Threads.emplace_back([&] {
      for (int Round = 0; Round < 3; ++Round)
        offload::inclusive_scan(X, Y);
    });
  for (std::thread &T : Threads)
    T.join();
  for (const auto &Y : Outs)
    EXPECT_EQ(Y, Expected);
}

// Stream compaction: the exclusive scan of 0/1 flags gives each kept
// element its place; Segments(offsets) gives thread i the places
// [offsets[i], offsets[i + 1]).
void flagOdd(std::span<const int> In, Region<long long> Flags) {
  for (auto [I, F] : Flags)
    F = I < In.size() && In[I] % 2 != 0 ? 1 : 0;
}
void keep(Range<> R, std::span<const int> In,
          Region<int, Segments<long long>> Out) {
  for (std::uint64_t I : R)
    for (auto [First, Slots] : Out)
      for (int &S : Slots)
        S = In[I];
}

TEST(Scan, StreamCompactionWithSegments) {
  const std::size_t N = 9999;
  const std::vector<int> In = sample<int>(N);
  std::vector<long long> Flags(N + 1);
  offload::offload(flagOdd, In, Flags);
  offload::exclusive_scan(Flags, Flags, 0LL);
  std::vector<int> Kept(N, 0), Expected;
  for (int V : In)
    if (V % 2 != 0)
      Expected.push_back(V);
  ASSERT_EQ(Flags.back(), (long long)Expected.size());
  offload::offload(keep, Range<>(N), In,
                   Region<int, Segments<long long>>(Kept, Segments(Flags)));
  Kept.resize(Expected.size());
  EXPECT_EQ(Kept, Expected);
}

struct Odd {
  bool operator()(int V) const { return V % 2 != 0; }
};
struct Negative {
  bool operator()(double V) const { return V < 0.0; }
};

TEST(Scan, CopyIfAndIndexListsInOnePass) {
  for (std::size_t N : {0u, 1u, 4095u, 4097u, 100003u}) {
    const std::vector<int> In = sample<int>(N);
    std::vector<int> Kept(N, -9), Expected(N, -9);
    const auto End =
        std::copy_if(In.begin(), In.end(), Expected.begin(), Odd{});
    EXPECT_EQ(offload::copy_if(In, Kept, Odd{}),
              std::size_t(End - Expected.begin()));
    EXPECT_EQ(Kept, Expected) << N;

    std::vector<double> X(N);
    for (std::size_t I = 0; I < N; ++I)
      X[I] = In[I] * 0.5;
    std::vector<long long> List(N, -1), Indices(N, -1);
    std::size_t M = 0;
    for (std::size_t I = 0; I < N; ++I)
      if (X[I] < 0.0)
        Indices[M++] = (long long)I;
    auto Staged = offload::preload(X);
    EXPECT_EQ(offload::copy_index_if(Staged, List, Negative{}), M);
    EXPECT_EQ(List, Indices) << N;
  }
}

void writeSegments(Region<int, Segments<long long>> Out) {
  for (auto [First, Slots] : Out)
    for (int &S : Slots)
      S = int(First);
}

// A GPU traps (the launch fails); the host reports the offset.
TEST(ScanDeathTest, DecreasingOffsetsStopTheKernel) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  std::vector<int> Out(10);
  const std::vector<long long> Decreasing = {0, 4, 3, 8};
  EXPECT_DEATH(offload::offload(writeSegments, Region<int, Segments<long long>>(
                                                   Out, Segments(Decreasing))),
               "offload: error");
  const std::vector<long long> PastTheEnd = {0, 4, 11};
  EXPECT_DEATH(offload::offload(writeSegments, Region<int, Segments<long long>>(
                                                   Out, Segments(PastTheEnd))),
               "offload: error");
}

} // namespace
