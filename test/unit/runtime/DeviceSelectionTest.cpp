//===- DeviceSelectionTest.cpp - OFFLOAD_DEVICE and device kinds ----------===//

#include "DeviceState.h"
#include "Devices.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>

using namespace offload::rt;
using ::testing::HasSubstr;

namespace {

TEST(DeviceSelection, ParsesKindsNumbersAndDefault) {
  auto Parse = [](llvm::StringRef V) {
    llvm::Expected<DeviceRequest> R = parseDeviceRequest(V);
    EXPECT_TRUE(bool(R)) << V.str();
    return R ? *R : DeviceRequest{};
  };
  EXPECT_EQ(Parse("").How, DeviceRequest::FirstGpuElseHost);
  EXPECT_EQ(Parse("  ").How, DeviceRequest::FirstGpuElseHost);
  EXPECT_EQ(Parse("gpu").How, DeviceRequest::AnyGpu);
  DeviceRequest Cuda = Parse("CUDA");
  EXPECT_EQ(Cuda.How, DeviceRequest::ByKind);
  EXPECT_EQ(Cuda.Kind, DeviceKind::Cuda);
  EXPECT_EQ(Parse("amdgpu").Kind, DeviceKind::Amdgpu);
  EXPECT_EQ(Parse("host").Kind, DeviceKind::Host);
  DeviceRequest Three = Parse("3");
  EXPECT_EQ(Three.How, DeviceRequest::ByNumber);
  EXPECT_EQ(Three.Number, 3);
}

TEST(DeviceSelection, RejectsWhatNamesNoDevice) {
  for (llvm::StringRef Bad : {"fpga", "-1", "1x", "cuda0"}) {
    llvm::Expected<DeviceRequest> R = parseDeviceRequest(Bad);
    ASSERT_FALSE(bool(R)) << Bad.str();
    EXPECT_THAT(llvm::toString(R.takeError()),
                HasSubstr("names no device: use cuda, amdgpu, host, gpu or a "
                          "device number"));
  }
}

// A fake machine: device Id has kind Kinds[Id]; counts how many devices were
// described, since describing one loads the images onto it.
struct FakeMachine {
  std::vector<DeviceKind> Kinds;
  int Described = 0;
  llvm::Expected<Device> describe(int Id) {
    ++Described;
    return Device{Id, Kinds.at(Id), "fake-" + std::to_string(Id), ""};
  }
  llvm::Expected<Device> pick(DeviceRequest R) {
    return pickDevice(R, Kinds.size(), [this](int Id) { return describe(Id); });
  }
};

TEST(DeviceSelection, DefaultIsTheFirstGpuElseTheHost) {
  FakeMachine GpuFirst{{DeviceKind::Cuda, DeviceKind::Host, DeviceKind::Host}};
  llvm::Expected<Device> D = GpuFirst.pick({});
  ASSERT_TRUE(bool(D));
  EXPECT_EQ(D->Id, 0);
  EXPECT_EQ(GpuFirst.Described, 1) << "stops at the first GPU";

  FakeMachine HostOnly{{DeviceKind::Host, DeviceKind::Host}};
  D = HostOnly.pick({});
  ASSERT_TRUE(bool(D));
  EXPECT_EQ(D->Kind, DeviceKind::Host);
  EXPECT_EQ(D->Id, 0);

  FakeMachine HostsThenGpu{{DeviceKind::Host, DeviceKind::Amdgpu}};
  D = HostsThenGpu.pick({});
  ASSERT_TRUE(bool(D));
  EXPECT_EQ(D->Id, 1);
}

TEST(DeviceSelection, ByKindAndByNumber) {
  FakeMachine M{{DeviceKind::Cuda, DeviceKind::Host, DeviceKind::Host}};
  DeviceRequest Host;
  Host.How = DeviceRequest::ByKind;
  Host.Kind = DeviceKind::Host;
  llvm::Expected<Device> D = M.pick(Host);
  ASSERT_TRUE(bool(D));
  EXPECT_EQ(D->Id, 1);

  DeviceRequest Two;
  Two.How = DeviceRequest::ByNumber;
  Two.Number = 2;
  D = M.pick(Two);
  ASSERT_TRUE(bool(D));
  EXPECT_EQ(D->Id, 2);
}

TEST(DeviceSelection, ErrorsListWhatThereIs) {
  FakeMachine M{{DeviceKind::Host, DeviceKind::Host}};
  DeviceRequest Cuda;
  Cuda.How = DeviceRequest::ByKind;
  Cuda.Kind = DeviceKind::Cuda;
  llvm::Expected<Device> D = M.pick(Cuda);
  ASSERT_FALSE(bool(D));
  EXPECT_EQ(llvm::toString(D.takeError()),
            "no cuda device among the 2 available (0: host, 1: host)");

  DeviceRequest Far;
  Far.How = DeviceRequest::ByNumber;
  Far.Number = 5;
  D = M.pick(Far);
  ASSERT_FALSE(bool(D));
  EXPECT_EQ(llvm::toString(D.takeError()),
            "OFFLOAD_DEVICE=5, but there are only 2 device(s)");
  Far.InCode = true;
  D = M.pick(Far);
  ASSERT_FALSE(bool(D));
  EXPECT_EQ(llvm::toString(D.takeError()),
            "offload::select_device(5), but there are only 2 device(s)");

  FakeMachine None{{}};
  D = None.pick({});
  ASSERT_FALSE(bool(D));
  EXPECT_EQ(llvm::toString(D.takeError()), "no offload device is available");
}

TEST(DeviceSelection, ThisMachineSelectsAHostDevice) {
  // The unit tests are built for the host device only.
  llvm::Expected<DeviceState &> D = selectedDevice();
  ASSERT_TRUE(bool(D)) << llvm::toString(D.takeError());
  EXPECT_EQ(D->info().Kind, DeviceKind::Host);
  EXPECT_EQ(D->info().Arch, "host");
  // The host devices come after every GPU; the first of them is chosen.
  llvm::Expected<llvm::ArrayRef<std::unique_ptr<DeviceState>>> All = devices();
  ASSERT_TRUE(bool(All));
  const auto FirstHost =
      llvm::find_if(*All, [](const std::unique_ptr<DeviceState> &S) {
        return S->info().Kind == DeviceKind::Host;
      });
  ASSERT_NE(FirstHost, All->end());
  EXPECT_EQ(&*D, FirstHost->get());
  EXPECT_EQ(All->end() - FirstHost, 4)
      << "OFFLOAD_HOST_DEVICES is 4 by default";
}

} // namespace
