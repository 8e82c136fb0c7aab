//===- MapTest.cpp - mapData / unmapData / devicePointer ------------------===//
//
// On the host device "device memory" is host memory that libomptarget
// allocated, so the tests can look at the device copy directly.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include <offload/offload.hpp>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

using namespace offload::rt;
using offload::detail::MapTypeFrom;
using offload::detail::MapTypeTo;
using ::testing::HasSubstr;

namespace {

void increment(offload::Region<int> V) {
  for (auto [I, Vi] : V)
    ++Vi;
}

const Device &device() {
  llvm::Expected<const Device &> D = selectedDevice();
  if (!D)
    ADD_FAILURE() << llvm::toString(D.takeError());
  return *D;
}

constexpr std::int64_t ToFrom = MapTypeTo | MapTypeFrom;

TEST(Map, CopiesToTheDeviceAndBack) {
  std::vector<int> V = {1, 2, 3, 4};
  const std::int64_t Bytes = V.size() * sizeof(int);
  ASSERT_FALSE(bool(mapData(device(), V.data(), Bytes, ToFrom)));
  llvm::Expected<void *> P = devicePointer(device(), V.data());
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  int *Copy = static_cast<int *>(*P);
  ASSERT_NE(Copy, V.data());
  EXPECT_EQ(Copy[2], 3);
  Copy[2] = 30; // a "device" write
  V[0] = 100;   // a host write the device copy does not see
  ASSERT_FALSE(bool(unmapData(device(), V.data(), Bytes, ToFrom)));
  EXPECT_EQ(V, (std::vector<int>{1, 2, 30, 4}));
  EXPECT_FALSE(omp_target_is_present(V.data(), device().Id));
}

TEST(Map, ToOnlyLeavesTheHostCopyAlone) {
  std::vector<int> V = {5, 6};
  const std::int64_t Bytes = V.size() * sizeof(int);
  ASSERT_FALSE(bool(mapData(device(), V.data(), Bytes, MapTypeTo)));
  static_cast<int *>(*devicePointer(device(), V.data()))[0] = 50;
  ASSERT_FALSE(bool(unmapData(device(), V.data(), Bytes, MapTypeTo)));
  EXPECT_EQ(V, (std::vector<int>{5, 6}));
}

TEST(Map, NestedMappingsLastUntilTheLastUnmap) {
  std::vector<int> V(8, 1);
  const std::int64_t Bytes = V.size() * sizeof(int);
  ASSERT_FALSE(bool(mapData(device(), V.data(), Bytes, ToFrom)));
  ASSERT_FALSE(bool(mapData(device(), V.data(), Bytes, ToFrom)));
  ASSERT_FALSE(bool(unmapData(device(), V.data(), Bytes, ToFrom)));
  EXPECT_TRUE(omp_target_is_present(V.data(), device().Id));
  ASSERT_FALSE(bool(unmapData(device(), V.data(), Bytes, ToFrom)));
  EXPECT_FALSE(omp_target_is_present(V.data(), device().Id));
}

TEST(Map, KernelsUseDataThatIsAlreadyMapped) {
  std::vector<int> V(4, 10);
  const std::int64_t Bytes = V.size() * sizeof(int);
  ASSERT_FALSE(bool(mapData(device(), V.data(), Bytes, ToFrom)));
  V[1] = -1; // stale on the device: the kernel works on the device copy
  offload::offload(increment, V);
  offload::offload(increment, V);
  EXPECT_EQ(V[1], -1) << "present data is not copied back by each offload";
  ASSERT_FALSE(bool(unmapData(device(), V.data(), Bytes, ToFrom)));
  EXPECT_EQ(V, (std::vector<int>{12, 12, 12, 12}));
}

TEST(Map, UnmappingWhatIsNotMappedIsAnError) {
  int X = 0;
  llvm::Error E = unmapData(device(), &X, sizeof(X), ToFrom);
  ASSERT_TRUE(bool(E));
  EXPECT_THAT(llvm::toString(std::move(E)), HasSubstr("are not mapped to device"));
}

TEST(Map, DevicePointerOfUnmappedDataIsAnError) {
  int X = 0;
  llvm::Expected<void *> P = devicePointer(device(), &X);
  ASSERT_FALSE(bool(P));
  EXPECT_THAT(llvm::toString(P.takeError()), HasSubstr("is not mapped to device"));
}

} // namespace
