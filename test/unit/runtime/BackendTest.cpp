//===- BackendTest.cpp - What every backend's queue does ------------------===//

#include "Backend.h"

#include <gtest/gtest.h>

#include <thread>

using namespace offload::rt;
using llvm::Error;
using llvm::Expected;

namespace {

/// A queue that only counts how it was waited for.
class CountingBackend : public Backend {
public:
  int QueueWaits = 0, MarkWaits = 0;

private:
  Expected<void *> loadImageImpl(llvm::StringRef) override { return nullptr; }
  Error unloadImageImpl(void *) override { return Error::success(); }
  Expected<void *> findKernelImpl(void *, const char *) override {
    return nullptr;
  }
  Error launchImpl(const LoadedKernel &, const std::uint32_t[3],
                   const std::uint32_t[3], llvm::ArrayRef<std::uint64_t>,
                   std::uint32_t) override {
    return Error::success();
  }
  Error copyImpl(void *, const void *, std::size_t, CopyDirection) override {
    return Error::success();
  }
  Expected<void *> allocImpl(std::size_t, bool) override { return nullptr; }
  Error freeImpl(void *) override { return Error::success(); }
  Expected<void *> recordImpl() override { return this; }
  Error waitImpl(void *) override {
    ++MarkWaits;
    return Error::success();
  }
  Error synchronizeImpl() override {
    ++QueueWaits;
    return Error::success();
  }
  KernelResources resourcesImpl(const LoadedKernel &) override { return {}; }
  Error beginVendorCallImpl() override { return Error::success(); }
  Error endVendorCallImpl() override { return Error::success(); }
};

void launchOne(Backend &B) {
  const std::uint32_t One[3] = {1, 1, 1};
  ASSERT_FALSE(llvm::errorToBool(B.launch(LoadedKernel{}, One, One, {})));
}

TEST(Backend, AThreadAloneOnTheQueueWaitsForTheQueue) {
  CountingBackend B;
  for (int I = 0; I < 3; ++I) {
    launchOne(B);
    ASSERT_FALSE(llvm::errorToBool(B.waitOwn()));
  }
  EXPECT_EQ(B.QueueWaits, 3);
  EXPECT_EQ(B.MarkWaits, 0);
}

TEST(Backend, ThreadsSharingTheQueueWaitForTheirOwnMarkUntilItEmpties) {
  CountingBackend B;
  launchOne(B);
  std::thread([&] { launchOne(B); }).join();
  // Another thread's work is queued too: only this thread's is waited for.
  ASSERT_FALSE(llvm::errorToBool(B.waitOwn()));
  EXPECT_EQ(B.MarkWaits, 1);
  EXPECT_EQ(B.QueueWaits, 0);
  // Nothing was queued after the mark: the queue is empty, this thread
  // is alone again.
  launchOne(B);
  ASSERT_FALSE(llvm::errorToBool(B.waitOwn()));
  EXPECT_EQ(B.MarkWaits, 1);
  EXPECT_EQ(B.QueueWaits, 1);
}

TEST(Backend, SynchronizeLeavesTheQueueToTheNextThread) {
  CountingBackend B;
  launchOne(B);
  std::thread([&] { launchOne(B); }).join();
  ASSERT_FALSE(llvm::errorToBool(B.synchronize()));
  std::thread([&] {
    launchOne(B);
    ASSERT_FALSE(llvm::errorToBool(B.waitOwn()));
  }).join();
  EXPECT_EQ(B.MarkWaits, 0);
  EXPECT_EQ(B.QueueWaits, 2);
}

} // namespace
