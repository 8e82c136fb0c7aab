//===- CudaContextTest.cpp - OFFLOAD_CUDA_SYNC
//-----------------------------===//

#include "Cuda.h"

#include <gmock/gmock.h>
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

TEST(CudaContext, BindingAContextNeedsTheDriver) {
  // Without an NVIDIA driver (CI) binding fails with a message; with one,
  // the first GPU's primary context binds and has an architecture.
  llvm::Error E = cudaBindContext(0);
  if (cudaGpus().empty()) {
    ASSERT_TRUE(bool(E));
    EXPECT_THAT(llvm::toString(std::move(E)), ::testing::HasSubstr("CUDA"));
    EXPECT_EQ(cudaArch(0), "");
  } else {
    EXPECT_FALSE(bool(E)) << llvm::toString(std::move(E));
    EXPECT_THAT(cudaArch(0), ::testing::StartsWith("sm_"));
  }
}

} // namespace
