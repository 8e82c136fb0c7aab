//===- RegisterTest.cpp - Image registration ------------------------------===//

#include "DeviceState.h"
#include "Devices.h"
#include "Registry.h"

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

// A shared library that is closed unregisters its translation units: their
// kernels go, their images are unloaded, and a registration at the same
// address afterwards (the library opened again) loads its image again
// rather than running a kernel of the unloaded one.
TEST(Register, RemovedRegistrationLeavesAndMayComeBack) {
  const Registry::Kernel *K =
      Registry::get().find(reinterpret_cast<const void *>(&fillSeven));
  ASSERT_NE(K, nullptr);
  const Registration &Own = *K->Owner;
  std::vector<int> V(5, 0);
  offloadFillSeven(V); // loaded, and remembered by this thread
  const std::uint64_t Generation = Registry::get().generation();
  const std::size_t Before = Registry::get().size();

  Registry::get().remove(Own);
  EXPECT_EQ(Registry::get().find(reinterpret_cast<const void *>(&fillSeven)),
            nullptr);
  EXPECT_EQ(Registry::get().size(), Before - 1);
  EXPECT_GT(Registry::get().generation(), Generation);
  Registry::get().remove(Own); // a second time: nothing to do

  ASSERT_FALSE(bool(Registry::get().add(Own)));
  V.assign(5, 0);
  offloadFillSeven(V);
  EXPECT_EQ(V, std::vector<int>(5, 7));
}

// An inline kernel in two translation units is registered by both; when
// the first goes, the second's record serves it.
TEST(Register, AnotherRegistrationOfTheKernelTakesOver) {
  const Registry::Kernel *K =
      Registry::get().find(reinterpret_cast<const void *>(&fillSeven));
  ASSERT_NE(K, nullptr);
  const Registration &Own = *K->Owner;
  const std::vector<KernelRecord> Records(Own.Kernels,
                                          Own.Kernels + Own.NumKernels);
  Registration Copy = Own;
  Copy.Kernels = Records.data();
  Copy.Source = "copy.cpp";
  ASSERT_FALSE(bool(Registry::get().add(Copy)));
  EXPECT_EQ(
      Registry::get().find(reinterpret_cast<const void *>(&fillSeven))->Owner,
      &Own);

  Registry::get().remove(Own);
  K = Registry::get().find(reinterpret_cast<const void *>(&fillSeven));
  ASSERT_NE(K, nullptr);
  EXPECT_EQ(K->Owner, &Copy);
  std::vector<int> V(5, 0);
  offloadFillSeven(V);
  EXPECT_EQ(V, std::vector<int>(5, 7));

  ASSERT_FALSE(bool(Registry::get().add(Own)));
  Registry::get().remove(Copy);
  K = Registry::get().find(reinterpret_cast<const void *>(&fillSeven));
  ASSERT_NE(K, nullptr);
  EXPECT_EQ(K->Owner, &Own);
  V.assign(5, 0);
  offloadFillSeven(V);
  EXPECT_EQ(V, std::vector<int>(5, 7));
}

TEST(Register, RejectsAnotherAbiVersion) {
  Registration R{
      offload::detail::AbiVersion + 98, 0, nullptr, 0, 0, nullptr, "old.cpp"};
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
  Registration R{
      offload::detail::AbiVersion, 0, nullptr, 0, 0, nullptr, "empty.cpp"};
  llvm::Error E = Registry::get().add(R);
  ASSERT_TRUE(bool(E));
  EXPECT_THAT(llvm::toString(std::move(E)),
              HasSubstr("empty.cpp registered no device image"));
}

} // namespace
