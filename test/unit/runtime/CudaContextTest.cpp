//===- CudaContextTest.cpp - OFFLOAD_CUDA_SYNC -----------------------------===//

#include "Runtime.h"

#include <gtest/gtest.h>

using namespace offload::rt;

namespace {

TEST(CudaContext, ParsesSchedulingModes) {
  EXPECT_EQ(cudaSyncFlags(""), 0u);
  EXPECT_EQ(cudaSyncFlags("auto"), 0u);
  EXPECT_EQ(cudaSyncFlags("Spin"), 1u);
  EXPECT_EQ(cudaSyncFlags("yield"), 2u);
  EXPECT_EQ(cudaSyncFlags("blocking"), 4u);
  EXPECT_EQ(cudaSyncFlags("fast"), std::nullopt);
}

TEST(CudaContextDeathTest, RejectsAnUnknownMode) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        setenv("OFFLOAD_CUDA_SYNC", "fast", 1);
        prepareCudaContexts();
      },
      ::testing::ExitedWithCode(1),
      "OFFLOAD_CUDA_SYNC='fast' is not a scheduling mode");
}

TEST(CudaContext, DoesNothingWithoutADriverOrWhenBlocking) {
  // Here there is no NVIDIA driver (or the contexts are already active):
  // preparing again must be harmless.
  prepareCudaContexts();
  setenv("OFFLOAD_CUDA_SYNC", "blocking", 1);
  prepareCudaContexts();
  unsetenv("OFFLOAD_CUDA_SYNC");
  SUCCEED();
}

} // namespace
