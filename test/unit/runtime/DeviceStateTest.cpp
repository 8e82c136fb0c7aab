//===- DeviceStateTest.cpp - What the runtime keeps per device ------------===//

#include "DeviceState.h"
#include "Devices.h"
#include "Launch.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <thread>
#include <vector>

using namespace offload::rt;
using ::testing::HasSubstr;

namespace {

DeviceState &device() { return *selectedDevice(); }

TEST(DeviceState, FreedBlocksAreReusedBySizeClass) {
  DeviceState &D = device();
  llvm::Expected<void *> A = D.allocate(1000);
  ASSERT_TRUE(bool(A)) << llvm::toString(A.takeError());
  D.release(*A, 1000);
  // 1000 and 1024 bytes share a size class: the freed block comes back.
  llvm::Expected<void *> B = D.allocate(1024);
  ASSERT_TRUE(bool(B)) << llvm::toString(B.takeError());
  EXPECT_EQ(*A, *B);
  llvm::Expected<void *> C = D.allocate(1024);
  ASSERT_TRUE(bool(C));
  EXPECT_NE(*B, *C) << "a block in use is not handed out twice";
  D.release(*B, 1024);
  D.release(*C, 1024);
}

TEST(DeviceState, LargeBlocksAreCachedInEighths) {
  DeviceState &D = device();
  const std::size_t Mi = 1 << 20;
  // Above 1 MiB classes step by an eighth of the next power of two (1 MiB
  // between 4 and 8 MiB): 5 MiB + 1 byte and 6 MiB share one, 6 MiB + 1
  // byte is the next.
  llvm::Expected<void *> A = D.allocate(5 * Mi + 1);
  ASSERT_TRUE(bool(A)) << llvm::toString(A.takeError());
  D.release(*A, 5 * Mi + 1);
  llvm::Expected<void *> B = D.allocate(6 * Mi + 1);
  ASSERT_TRUE(bool(B));
  EXPECT_NE(*A, *B) << "a 6 MiB block cannot hold 6 MiB + 1 byte";
  llvm::Expected<void *> C = D.allocate(6 * Mi);
  ASSERT_TRUE(bool(C));
  EXPECT_EQ(*A, *C);
  D.release(*B, 6 * Mi + 1);
  D.release(*C, 6 * Mi);
}

TEST(DeviceState, ReleasedPreloadsGoToTheCache) {
  DeviceState &D = device();
  std::vector<double> X(300000, 1.5), Y(300000, 2.5);
  const std::int64_t Bytes = X.size() * sizeof(double);
  TransferStats S;
  ASSERT_FALSE(bool(D.preload(X.data(), Bytes, S)));
  llvm::Expected<void *> First = D.preloadedAddress(X.data(), Bytes);
  ASSERT_TRUE(bool(First));
  ASSERT_FALSE(bool(D.unpreload(X.data(), Bytes, /*Mutable=*/false, S)));
  // The next preload of that size gets the same device block back.
  ASSERT_FALSE(bool(D.preload(Y.data(), Bytes, S)));
  llvm::Expected<void *> Second = D.preloadedAddress(Y.data(), Bytes);
  ASSERT_TRUE(bool(Second));
  EXPECT_EQ(*First, *Second);
  ASSERT_FALSE(bool(D.unpreload(Y.data(), Bytes, /*Mutable=*/true, S)));
  EXPECT_EQ(Y[12345], 2.5) << "the reused block held Y's data, not X's";
}

TEST(DeviceState, PreloadsCountAndRejectPartialOverlaps) {
  DeviceState &D = device();
  std::vector<int> V(100, 3);
  TransferStats S;
  ASSERT_FALSE(bool(D.preload(V.data(), 400, S)));
  EXPECT_EQ(S.ToBytes, 400u);
  ASSERT_FALSE(bool(D.preload(V.data(), 400, S)));
  EXPECT_EQ(S.ToBytes, 400u) << "the same range again only counts";

  llvm::Expected<void *> Inside = D.preloadedAddress(V.data() + 10, 40);
  ASSERT_TRUE(bool(Inside));
  llvm::Expected<void *> Start = D.preloadedAddress(V.data(), 4);
  ASSERT_TRUE(bool(Start));
  EXPECT_EQ(static_cast<char *>(*Inside) - static_cast<char *>(*Start), 40);

  llvm::Error Overlap = D.preload(V.data() + 50, 400, S);
  ASSERT_TRUE(bool(Overlap));
  EXPECT_THAT(llvm::toString(std::move(Overlap)),
              HasSubstr("without being the same range as it"));
  llvm::Expected<void *> Straddle = D.preloadedAddress(V.data() + 90, 80);
  ASSERT_FALSE(bool(Straddle));
  EXPECT_THAT(llvm::toString(Straddle.takeError()),
              HasSubstr("without being inside it"));

  ASSERT_FALSE(bool(D.unpreload(V.data(), 400, /*Mutable=*/false, S)));
  EXPECT_NE(*D.preloadedAddress(V.data(), 4), nullptr) << "one handle left";
  ASSERT_FALSE(bool(D.unpreload(V.data(), 400, /*Mutable=*/false, S)));
  EXPECT_EQ(*D.preloadedAddress(V.data(), 4), nullptr);
  llvm::Error Again = D.unpreload(V.data(), 400, /*Mutable=*/false, S);
  ASSERT_TRUE(bool(Again));
  EXPECT_THAT(llvm::toString(std::move(Again)), HasSubstr("is not preloaded"));
}

TEST(DeviceState, ThreadsPreloadingTheSameDataShareOneCopy) {
  DeviceState &D = device();
  std::vector<double> Shared(1 << 16, 2.0);
  const std::int64_t Bytes = Shared.size() * sizeof(double);
  std::vector<std::thread> Threads;
  std::vector<void *> Seen(8);
  for (int T = 0; T < 8; ++T)
    Threads.emplace_back([&, T] {
      TransferStats S;
      if (llvm::Error E = D.preload(Shared.data(), Bytes, S)) {
        llvm::consumeError(std::move(E));
        return;
      }
      Seen[T] = *D.preloadedAddress(Shared.data(), Bytes);
    });
  for (std::thread &T : Threads)
    T.join();
  for (void *P : Seen)
    EXPECT_EQ(P, Seen[0]);
  EXPECT_NE(Seen[0], nullptr);
  TransferStats S;
  for (int T = 0; T < 8; ++T)
    ASSERT_FALSE(bool(D.unpreload(Shared.data(), Bytes, false, S)));
  EXPECT_EQ(*D.preloadedAddress(Shared.data(), Bytes), nullptr);
}

TEST(DeviceState, SynchronizeWithNothingQueuedSucceeds) {
  EXPECT_FALSE(bool(device().synchronize()));
  EXPECT_FALSE(bool(device().waitQueued()));
  EXPECT_FALSE(bool(synchronizeAll()));
}

// The host device says what it can do, and the device state follows what
// it says rather than its kind: no memory of its own, so no scratch pair.
TEST(DeviceState, TheHostDeviceAnswersCapabilityQueries) {
  DeviceState D(hostDevice(63));
  const Capabilities &Caps = D.capabilities();
  EXPECT_FALSE(Caps.SeparateMemory);
  EXPECT_FALSE(Caps.KernelsWritePinnedHost);
  EXPECT_TRUE(Caps.RunsOnCallingThread);
  EXPECT_EQ(Caps.VendorBlas, Capabilities::Blas::None);
  EXPECT_EQ(Caps.MaxBlockThreads, 1024u);
  llvm::Expected<std::optional<DeviceState::Scratch>> S = D.takeScratch();
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  EXPECT_FALSE(S->has_value());
}

// A GPU's backend says it has memory of its own, and CUDA's that its
// kernels write page-locked host memory; runs where a GPU is present.
TEST(DeviceState, GpusAnswerCapabilityQueries) {
  llvm::Expected<llvm::ArrayRef<std::unique_ptr<DeviceState>>> All =
      devices();
  ASSERT_TRUE(bool(All)) << llvm::toString(All.takeError());
  int Gpus = 0;
  for (const std::unique_ptr<DeviceState> &D : *All) {
    const Device &Info = D->info();
    if (!isGpu(Info.Kind))
      continue;
    ++Gpus;
    const Capabilities &Caps = D->capabilities();
    const bool IsCuda = Info.Kind == DeviceKind::Cuda;
    EXPECT_TRUE(Caps.SeparateMemory) << D->describe();
    EXPECT_FALSE(Caps.RunsOnCallingThread) << D->describe();
    EXPECT_EQ(Caps.KernelsWritePinnedHost, IsCuda) << D->describe();
    EXPECT_EQ(Caps.VendorBlas, IsCuda ? Capabilities::Blas::Cublas
                                      : Capabilities::Blas::Rocblas);
    EXPECT_EQ(Caps.MaxBlockThreads, 1024u) << D->describe();
    EXPECT_GT(Info.ComputeUnits, 0u) << D->describe();
  }
  if (Gpus == 0)
    GTEST_SKIP() << "no GPU";
}

} // namespace
