//===- BlasTest.cpp - Finding the vendor BLAS -----------------------------===//

#include "Blas.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>

using namespace offload::rt;
using ::testing::HasSubstr;

namespace {

TEST(Blas, AMissingCublasIsAClearError) {
  setenv("OFFLOAD_CUBLAS", "/nonexistent/libcublas.so.13", 1);
  llvm::Expected<std::pair<void *, std::string>> Found = loadCublas();
  unsetenv("OFFLOAD_CUBLAS");
  ASSERT_FALSE(bool(Found));
  EXPECT_THAT(llvm::toString(Found.takeError()),
              HasSubstr("cuBLAS was not found; set OFFLOAD_CUBLAS to the path "
                        "of libcublas.so (tried "
                        "/nonexistent/libcublas.so.13)"));
}

TEST(Blas, TheSearchCoversCudaAndPythonEnvironments) {
  setenv("OFFLOAD_CUDA_PATH", "/opt/cuda-x", 1);
  setenv("VIRTUAL_ENV", "/work/venv-x", 1);
  std::vector<std::string> Patterns = cublasSearchPatterns();
  unsetenv("OFFLOAD_CUDA_PATH");
  unsetenv("VIRTUAL_ENV");
  ASSERT_FALSE(Patterns.empty());
  EXPECT_EQ(Patterns.front(), "/opt/cuda-x/lib64/libcublas.so*");
  EXPECT_THAT(Patterns,
              ::testing::Contains("/work/venv-x/lib/python3*/site-packages/"
                                  "nvidia/cublas/lib/libcublas.so*"));
  EXPECT_THAT(Patterns,
              ::testing::Contains("/usr/local/lib/python3*/dist-packages/"
                                  "nvidia/cublas/lib/libcublas.so*"));
}

} // namespace
