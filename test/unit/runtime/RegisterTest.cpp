//===- RegisterTest.cpp - Image registration ------------------------------===//

#include "Runtime.h"

#include <offload/offload.hpp>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace offload::rt;
using ::testing::HasSubstr;

namespace {

void fillSeven(offload::Region<int> V) {
  for (auto [I, Vi] : V)
    Vi = 7;
}

// The plugin registers the kernels that this translation unit offloads.
void offloadFillSeven(std::vector<int> &V) { offload::offload(fillSeven, V); }

TEST(Register, ConstructorRegistersTheKernelsOfThisTranslationUnit) {
  const Registry::Kernel *K =
      Registry::get().find(reinterpret_cast<const void *>(&fillSeven));
  ASSERT_NE(K, nullptr);
  EXPECT_STREQ(K->Record->Name, "fillSeven");
  EXPECT_THAT(K->Record->Symbol, ::testing::StartsWith("__offload_k_"));
  EXPECT_STREQ(K->Record->SlotNames, "V,V");
  ASSERT_NE(K->Owner, nullptr);
  ASSERT_EQ(K->Owner->NumImages, 1u);
  EXPECT_STREQ(K->Owner->Images[0].Target, "host");
  EXPECT_LT(K->Owner->Images[0].Begin, K->Owner->Images[0].End);
  EXPECT_EQ(Registry::get().targets(), std::vector<std::string>{"host"});
}

TEST(Register, OtherAddressesAreNoKernels) {
  int NotAKernel = 0;
  EXPECT_EQ(Registry::get().find(&NotAKernel), nullptr);
  EXPECT_EQ(Registry::get().find(nullptr), nullptr);
}

TEST(Register, RegisteredKernelRuns) {
  std::vector<int> V(5, 0);
  offloadFillSeven(V);
  EXPECT_EQ(V, std::vector<int>(5, 7));
}

TEST(Register, RejectsAnotherAbiVersion) {
  Registration R{offload::detail::AbiVersion + 98, 0, nullptr, 0, 0, nullptr,
                 "old.cpp"};
  std::size_t Before = Registry::get().size();
  llvm::Error E = Registry::get().add(R);
  ASSERT_TRUE(bool(E));
  const unsigned Abi = offload::detail::AbiVersion;
  EXPECT_THAT(llvm::toString(std::move(E)),
              HasSubstr("old.cpp was compiled by a cxx-offload plugin with ABI "
                        "version " +
                        std::to_string(Abi + 98) +
                        ", but this runtime has version " +
                        std::to_string(Abi)));
  EXPECT_EQ(Registry::get().size(), Before);
}

TEST(Register, RejectsARegistrationWithoutImages) {
  Registration R{offload::detail::AbiVersion, 0, nullptr, 0, 0, nullptr,
                 "empty.cpp"};
  llvm::Error E = Registry::get().add(R);
  ASSERT_TRUE(bool(E));
  EXPECT_THAT(llvm::toString(std::move(E)),
              HasSubstr("empty.cpp registered no device image"));
}

} // namespace
