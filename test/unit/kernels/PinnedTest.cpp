//===- PinnedTest.cpp - pinned_vector through offload() and preloads ------===//
//
// A pinned_vector passes wherever a std::vector does: as a Region, as
// read-only data, to preload and preload_mut, as Atomic data. With the
// plugin its memory comes from the runtime; without it from operator new.
//
//===----------------------------------------------------------------------===//

#include <offload/offload.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

using namespace offload;

// These tests look at staged data on purpose: the staging check would warn.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wopenmp-mapping"
#endif

namespace {

#if defined(__OFFLOAD_HOST__)
constexpr bool Staged = true;
#else
constexpr bool Staged = false;
#endif

void axpy(double A, std::span<const double> X, Region<double> Y) {
  for (auto [I, Yi] : Y)
    Yi = A * X[I] + Yi;
}

void addOne(Region<std::int64_t, Chunked1D> Y) {
  for (auto [First, Values] : Y)
    for (std::int64_t &V : Values)
      V += 1;
}

void sumMax(Range<> R, std::span<const std::int64_t> X,
            ReduceSum<std::int64_t> Sum, ReduceMax<std::int64_t> Max) {
  for (std::uint64_t I : R) {
    Sum += X[I];
    Max.max(X[I]);
  }
}

void count(Range<> R, std::span<const std::int64_t> X, Atomic<unsigned> Bins) {
  for (std::uint64_t I : R)
    Bins.add(std::uint64_t(X[I] & 7), 1u);
}

pinned_vector<std::int64_t> integers(std::size_t N) {
  pinned_vector<std::int64_t> V(N);
  for (std::size_t I = 0; I < N; ++I)
    V[I] = std::int64_t(I * 2654435761u % 2001) - 1000;
  return V;
}

TEST(Pinned, AllocatorIsAStandardAllocator) {
  pinned_allocator<double> A;
  double *P = A.allocate(1000);
  ASSERT_NE(P, nullptr);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(P) % pinned_alignment, 0u);
  for (int I = 0; I < 1000; ++I)
    P[I] = I; // the memory is usable
  // A copy frees it.
  pinned_allocator<double>(A).deallocate(P, 1000);

  using Rebound =
      std::allocator_traits<pinned_allocator<double>>::rebind_alloc<char>;
  static_assert(std::is_same_v<Rebound, pinned_allocator<char>>);
  Rebound B(A);
  EXPECT_TRUE(A == B);
  EXPECT_FALSE(A != B);
  char *Q = B.allocate(3);
  ASSERT_NE(Q, nullptr);
  pinned_allocator<char>(pinned_allocator<int>(B)).deallocate(Q, 3);
  EXPECT_EQ(A.allocate(0), nullptr);
  A.deallocate(nullptr, 0);
}

TEST(Pinned, AllocateThrowsOnOverflowLikeStdAllocator) {
  pinned_allocator<double> A;
  EXPECT_THROW((void)A.allocate(std::numeric_limits<std::size_t>::max() / 4),
               std::bad_array_new_length);
}

TEST(Pinned, VectorsAreRegionsAndReadOnlyData) {
  for (std::size_t N : {1u, 255u, 1000u, (1u << 17) + 3}) {
    pinned_vector<double> X(N), Y(N);
    std::vector<double> Want(N);
    for (std::size_t I = 0; I < N; ++I) {
      X[I] = double(I % 17);
      Y[I] = double(I % 5);
      Want[I] = 3.0 * X[I] + Y[I];
    }
    offload::offload(axpy, 3.0, X, Y);
    EXPECT_EQ(std::vector<double>(Y.begin(), Y.end()), Want) << N;

    // Mixed with a std::vector, and through the deduction guide.
    std::vector<double> Plain(N, 1.0);
    offload::offload(axpy, 1.0, X, Region(Plain));
    EXPECT_EQ(Plain[N - 1], X[N - 1] + 1.0) << N;
    offload::offload(axpy, -1.0, X, Region(Y));
    EXPECT_EQ(Y[N / 2], 2.0 * X[N / 2] + double(N / 2 % 5)) << N;
  }
}

TEST(Pinned, PreloadMutKeepsTheDataUntilTheHandleEnds) {
  for (std::size_t N : {7u, 4099u, (1u << 17) + 3}) {
    pinned_vector<std::int64_t> Y = integers(N);
    const pinned_vector<std::int64_t> Before = Y;
    {
      auto Handle = preload_mut(Y);
      for (int K = 0; K < 3; ++K)
        offload::offload(addOne, Region<std::int64_t, Chunked1D>(
                                     Handle, Chunked1D{1 + std::uint64_t(K)}));
      if (Staged) {
        EXPECT_EQ(Y[N - 1], Before[N - 1]) << "stale while staged, n=" << N;
      }
      Handle.sync();
      EXPECT_EQ(Y[N - 1], Before[N - 1] + 3) << N;
      offload::offload(addOne, Y); // the data finds its handle
    }
    for (std::size_t I = 0; I < N; ++I)
      ASSERT_EQ(Y[I], Before[I] + 4) << "n=" << N << ", i=" << I;
  }
}

TEST(Pinned, ReductionsAndAtomicsOverPreloadedPinnedData) {
  for (std::size_t N : {1u, 1000u, 100003u}) {
    const pinned_vector<std::int64_t> X = integers(N);
    std::int64_t WantSum = 0,
                 WantMax = std::numeric_limits<std::int64_t>::min();
    std::vector<unsigned> WantBins(8, 0);
    for (std::int64_t V : X) {
      WantSum += V;
      WantMax = std::max(WantMax, V);
      ++WantBins[V & 7];
    }
    auto Handle = preload(X);
    std::int64_t Sum = 0, Max = std::numeric_limits<std::int64_t>::min();
    offload::offload(sumMax, N, Handle, Sum, Max);
    EXPECT_EQ(Sum, WantSum) << N;
    EXPECT_EQ(Max, WantMax) << N;

    pinned_vector<unsigned> Bins(8, 0);
    offload::offload(count, N, X, Atomic(Bins));
    EXPECT_EQ(std::vector<unsigned>(Bins.begin(), Bins.end()), WantBins) << N;
  }
}

} // namespace
