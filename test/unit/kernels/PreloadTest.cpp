//===- PreloadTest.cpp - Interface C: preload handles ---------------------===//
//
// With the plugin, staged data lives in a device copy: kernels work on it,
// the host copy is stale until the handle syncs or is released. Without the
// plugin, staging does nothing and kernels work on the host data, so the
// tests that observe staleness only expect it with the plugin.
//
//===----------------------------------------------------------------------===//

#include <offload/offload.hpp>

#include <gtest/gtest.h>

#include <numeric>
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

void addOne(Region<double> Y) {
  for (auto [I, V] : Y)
    V += 1.0;
}
void copyIn(std::span<const double> X, Region<double> Y) {
  for (auto [I, V] : Y)
    V = X[I];
}

std::vector<double> iota(std::size_t N, double Start) {
  std::vector<double> V(N);
  std::iota(V.begin(), V.end(), Start);
  return V;
}

TEST(Preload, MutableDataComesBackWhenTheHandleEnds) {
  std::vector<double> Y = iota(1000, 0.0);
  {
    auto Handle = preload_mut(Y);
    EXPECT_TRUE(Handle.preloaded());
    for (int K = 0; K < 3; ++K)
      offload::offload(addOne, Handle);
    if (Staged) {
      EXPECT_EQ(Y[10], 10.0) << "the host copy is stale while staged";
    }
  }
  EXPECT_EQ(Y[10], 13.0);
  EXPECT_EQ(Y[999], 1002.0);
}

TEST(Preload, KernelsUseTheStagedCopyOfReadOnlyData) {
  std::vector<double> X = iota(256, 1.0), Y(256, 0.0);
  auto XHandle = preload(X);
  X[5] = -100.0; // a host write the staged copy does not see
  offload::offload(copyIn, XHandle, Y);
  EXPECT_EQ(Y[5], Staged ? 6.0 : -100.0);
}

TEST(Preload, SyncCopiesBackAndKeepsTheDataStaged) {
  std::vector<double> Y(64, 0.0);
  auto Handle = preload_mut(Y);
  offload::offload(addOne, Y); // the data itself also finds the staged copy
  Handle.sync();
  EXPECT_EQ(Y[0], 1.0);
  Y[0] = 50.0; // lost: the device copy is what comes back
  offload::offload(addOne, Handle);
  Handle.release();
  EXPECT_FALSE(Handle.preloaded());
  EXPECT_EQ(Y[0], Staged ? 2.0 : 51.0);
  Handle.release(); // again: nothing
  EXPECT_EQ(Y[1], 2.0);
}

TEST(Preload, MovedHandlesReleaseOnce) {
  std::vector<double> Y(10, 0.0);
  auto A = preload_mut(Y);
  auto B = std::move(A);
  EXPECT_FALSE(A.preloaded());
  EXPECT_TRUE(B.preloaded());
  offload::offload(addOne, B);
  offload::Preloaded<std::vector<double>> C = std::move(B);
  C.release();
  EXPECT_EQ(Y[3], 1.0);
  offload::offload(addOne, Y); // unstaged: an ordinary offload
  EXPECT_EQ(Y[3], 2.0);
}

TEST(Preload, NestedHandlesKeepTheDataUntilTheLastOne) {
  std::vector<double> Y(32, 0.0);
  auto Outer = preload_mut(Y);
  {
    auto Inner = preload_mut(Y);
    offload::offload(addOne, Inner);
  } // releasing the inner handle copies back; the data stays staged
  EXPECT_EQ(Y[7], 1.0);
  Y[7] = 100.0; // stale for the device: the outer handle still stages it
  offload::offload(addOne, Outer);
  Outer.release();
  EXPECT_EQ(Y[7], Staged ? 2.0 : 101.0);
}

TEST(Preload, PartOfStagedDataIsUsedInPlace) {
  std::vector<double> Y(100, 0.0);
  auto Handle = preload_mut(Y);
  offload::offload(addOne,
                   Region<double>(std::span<double>(Y).subspan(10, 20)));
  Handle.release();
  EXPECT_EQ(Y[9], 0.0);
  EXPECT_EQ(Y[10], 1.0);
  EXPECT_EQ(Y[29], 1.0);
  EXPECT_EQ(Y[30], 0.0);
}

// Out[i] depends on In[i - 1]: a call that overtook the one before it would
// read stale neighbours.
void smooth(std::span<const double> In, Region<double> Out) {
  for (auto [I, V] : Out)
    V = 0.5 * (In[I] + In[I == 0 ? 0 : I - 1]);
}

TEST(Preload, CallsOnPreloadedDataRunInOrder) {
  const std::size_t N = 1 << 16;
  std::vector<double> A(N), B(N, 0.0);
  for (std::size_t I = 0; I < N; ++I)
    A[I] = double(I % 7);
  std::vector<double> WantA = A, WantB = B;
  auto HostSmooth = [](const std::vector<double> &In,
                       std::vector<double> &Out) {
    for (std::size_t I = 0; I < In.size(); ++I)
      Out[I] = 0.5 * (In[I] + In[I == 0 ? 0 : I - 1]);
  };
  {
    // On a GPU these calls are queued without waiting.
    auto HA = preload_mut(A), HB = preload_mut(B);
    for (int Step = 0; Step < 50; ++Step) {
      offload::offload(smooth, HA, HB);
      offload::offload(smooth, HB, HA);
      HostSmooth(WantA, WantB);
      HostSmooth(WantB, WantA);
    }
    offload::synchronize();
  }
  EXPECT_EQ(A, WantA);
  EXPECT_EQ(B, WantB);
}

void fillWithIndex(Region<double> Y) {
  for (auto [I, V] : Y)
    V = double(I);
}
void scaleInto(std::span<const double> X, Region<double> Y) {
  for (auto [I, V] : Y)
    V = 3.0 * X[I];
}

TEST(Preload, UninitializedStagingCopiesNothingInAndTheResultBack) {
  std::vector<double> Y(4096, -1.0);
  const auto Before = offload::transfer_totals();
  {
    auto Handle = preload_mut(Y, offload::uninitialized);
    EXPECT_TRUE(Handle.preloaded());
    offload::offload(fillWithIndex, Handle);
    offload::offload(addOne, Handle);
    if (Staged) {
      EXPECT_EQ(Y[100], -1.0) << "the host copy is stale while staged";
    }
  }
  const auto After = offload::transfer_totals();
  if (Staged) {
    EXPECT_EQ(After.to_device_bytes, Before.to_device_bytes)
        << "nothing is copied in";
    EXPECT_EQ(After.from_device_bytes - Before.from_device_bytes,
              Y.size() * sizeof(double));
  }
  for (std::size_t I = 0; I < Y.size(); ++I)
    ASSERT_EQ(Y[I], double(I) + 1.0) << I;
}

TEST(Preload, DiscardLeavesTheHostCopyAsItWas) {
  std::vector<double> Work(512, 7.0), Out(512, 0.0);
  {
    auto W = preload_mut(Work, offload::uninitialized);
    auto O = preload_mut(Out);
    offload::offload(fillWithIndex, W);
    offload::offload(scaleInto, W, O);
    W.discard();
    EXPECT_FALSE(W.preloaded());
    W.discard(); // later calls do nothing
  }
  EXPECT_EQ(Out[10], 30.0);
  // Without the plugin the kernels wrote the host data itself.
  EXPECT_EQ(Work[10], Staged ? 7.0 : 10.0);
}

// A class that stages its arrays for its lifetime, as the user guide shows.
class Field {
public:
  explicit Field(std::size_t N) : U(N, 1.0), Scratch(N) {
    HU = preload_mut(U);
    HScratch = preload_mut(Scratch, offload::uninitialized);
  }
  ~Field() { HScratch.discard(); }
  void step() {
    offload::offload(scaleInto, HU, HScratch);
    offload::offload(copyIn, HScratch, HU);
  }
  const std::vector<double> &values() {
    HU.sync();
    return U;
  }

private:
  std::vector<double> U, Scratch;
  Preloaded<std::vector<double>> HU, HScratch;
};

TEST(Preload, AClassHoldsHandlesAsMembers) {
  Preloaded<const std::vector<double>> Empty;
  EXPECT_FALSE(Empty.preloaded());
  Empty.release(); // nothing to release
  Field F(1000);
  for (int K = 0; K < 4; ++K)
    F.step();
  EXPECT_EQ(F.values()[999], 81.0);
}

void scatterPastTheEnd(Region<double> Y, offload::Atomic<double> Sums) {
  for (auto [I, V] : Y)
    Sums.add(I + 1000000, V);
}

void scatterOnPreloadedData() {
  std::vector<double> Y(64, 1.0), Sums(4, 0.0);
  auto HY = preload_mut(Y), HSums = preload_mut(Sums);
  offload::offload(scatterPastTheEnd, HY, HSums);
  offload::synchronize();
}

TEST(PreloadDeathTest, AFailedQueuedKernelIsReportedByName) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // On a GPU the kernel is queued and traps; the wait reports it. On the
  // host the bad index is reported directly.
  EXPECT_DEATH(
      scatterOnPreloadedData(),
      "offload: error: (kernel '.*scatterPastTheEnd' failed on device [0-9]+ "
      "\\(cuda\\)|offload::Atomic index 1000000 is out of range)");
}

#if defined(__OFFLOAD_HOST__)
TEST(PreloadDeathTest, OverlappingStagingOfAnotherRangeIsAnError) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        std::vector<double> Y(100, 0.0);
        std::span<double> FirstHalf = std::span<double>(Y).first(50);
        auto Front = preload_mut(FirstHalf);
        auto Whole = preload_mut(Y);
      },
      ::testing::ExitedWithCode(1),
      "offload: error: preload of the data at .* \\(800 bytes\\) on device "
      "[0-9]+: .* overlaps the preloaded .* without being the same range as "
      "it");
}
#endif

} // namespace
