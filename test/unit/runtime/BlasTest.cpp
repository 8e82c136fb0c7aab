//===- BlasTest.cpp - Finding the vendor BLAS -----------------------------===//

#include "Runtime.h"

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

TEST(Blas, TheSearchListsPythonEnvironments) {
  setenv("OFFLOAD_CUDA_PATH", "/nonexistent-cuda", 1);
  setenv("LD_LIBRARY_PATH", "/nonexistent", 1);
  llvm::Expected<std::pair<void *, std::string>> Found = loadCublas();
  unsetenv("OFFLOAD_CUDA_PATH");
  if (Found) {
    SUCCEED() << "cuBLAS is installed here: " << Found->second;
    return;
  }
  EXPECT_THAT(llvm::toString(Found.takeError()),
              HasSubstr("/lib/python3*/site-packages/nvidia/cublas/lib/"
                        "libcublas.so*"));
}

} // namespace
