//===- DeviceSetsTest.cpp - launchOnSet, preloadOnSet and their errors ----===//
//
// The runtime side of device sets on the host devices: what crosses between
// devices, and the misuses that must end in a message rather than in one
// device's stale copy.
//
//===----------------------------------------------------------------------===//

#include "DeviceSets.h"
#include "DeviceState.h"
#include "Devices.h"

#include <offload/offload.hpp>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

using ::testing::HasSubstr;

#if defined(__clang__)
#pragma clang diagnostic ignored "-Wopenmp-mapping"
#endif

namespace {

void addOne(offload::Region<double> Y) {
  for (auto [I, V] : Y)
    V += 1.0;
}

/// Reads its left neighbour, which the device on the left writes.
void shiftInto(std::span<const double> X, offload::Region<double> Y) {
  for (auto [I, V] : Y)
    V = I ? X[I - 1] : -1.0;
}

TEST(DeviceSets, AllAreTheHostDevicesWithoutAGpu) {
  const offload::Devices All = offload::Devices::all();
  ASSERT_GE(All.size(), 2u) << "OFFLOAD_HOST_DEVICES is 4 by default";
  for (int Id : All)
    EXPECT_EQ((*offload::rt::devices())[Id]->info().Kind,
              offload::rt::DeviceKind::Host);
  EXPECT_EQ(offload::Devices::first(2).size(), 2u);
}

TEST(DeviceSets, OnlyHalosMoveBetweenPreloadedDevices) {
  const std::size_t N = 4096; // 16 blocks of 256: 4 per device
  std::vector<double> X(N), Y(N, 0.0);
  for (std::size_t I = 0; I < N; ++I)
    X[I] = double(I);
  const offload::Devices Set = offload::Devices::all();
  {
    auto HX = offload::preload_mut(Set, X);
    auto HY = offload::preload_mut(Set, Y);
    offload::offload(Set, addOne, HX);
    const offload::TransferTotals Mid = offload::transfer_totals();
    // Each device reads one element beyond each end of its part, which the
    // device beside it wrote: two doubles per boundary, each from its
    // writer to the host and from there to the reader.
    offload::offload(Set, shiftInto, offload::halo(HX, 1), HY);
    const offload::TransferTotals After = offload::transfer_totals();
    EXPECT_EQ(After.to_device_bytes - Mid.to_device_bytes,
              2 * (Set.size() - 1) * sizeof(double));
    EXPECT_EQ(After.from_device_bytes - Mid.from_device_bytes,
              2 * (Set.size() - 1) * sizeof(double));
  }
  for (std::size_t I = 0; I < N; ++I) {
    ASSERT_EQ(X[I], double(I) + 1.0) << I;
    ASSERT_EQ(Y[I], I ? double(I) : -1.0) << I;
  }
}

TEST(DeviceSetsDeathTest, OneDeviceCallOnSetDataIsAnError) {
  EXPECT_DEATH(
      {
        std::vector<double> Y(1000, 0.0);
        auto H = offload::preload_mut(offload::Devices::all(), Y);
        offload::offload(addOne, H);
      },
      HasSubstr("is preloaded on a device set, and this call runs on one "
                "device"));
}

TEST(DeviceSetsDeathTest, PreloadingSetDataOnOneDeviceIsAnError) {
  EXPECT_DEATH(
      {
        std::vector<double> Y(1000, 0.0);
        auto H = offload::preload_mut(offload::Devices::all(), Y);
        auto One = offload::preload_mut(Y);
      },
      HasSubstr("already preloaded on a device set"));
}

/// Offloads addOne on a set of the two devices First and Second.
void onPair(int First, int Second) {
  std::vector<double> Y(1000, 0.0);
  offload::offload(offload::Devices{First, Second}, addOne, Y);
}

TEST(DeviceSetsDeathTest, ADeviceTwiceIsAnError) {
  EXPECT_DEATH(onPair(0, 0),
               HasSubstr("device 0 appears twice in the device set"));
}

TEST(DeviceSetsDeathTest, AMissingDeviceIsAnError) {
  EXPECT_DEATH(onPair(0, 99), HasSubstr("device 99 does not exist"));
}

TEST(DeviceSetsDeathTest, AnEmptySetIsAnError) {
  EXPECT_DEATH(
      {
        std::vector<double> Y(10, 0.0);
        offload::offload(offload::Devices{}, addOne, Y);
      },
      HasSubstr("offload() on an empty offload::Devices"));
}

TEST(DeviceSetsDeathTest, HaloDataOfAnotherSizeIsAnError) {
  EXPECT_DEATH(
      {
        std::vector<double> X(999);
        std::vector<double> Y(1000, 0.0);
        offload::offload(offload::Devices::all(), shiftInto,
                         offload::halo(X, 1), Y);
      },
      HasSubstr("offload::halo() data of 999 elements"));
}

TEST(DeviceSetsDeathTest, SelectingADeviceAfterTheFirstCallIsAnError) {
  EXPECT_DEATH(
      {
        std::vector<double> Y(10, 0.0);
        offload::offload(addOne, Y);
        const int Used = offload::rt::selectedDevice()->info().Id;
        offload::select_device((Used + 1) % offload::device_count());
      },
      HasSubstr("select the device before the first offload() call"));
}

} // namespace
