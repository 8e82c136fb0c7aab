//===- runtime/Devices.h - The devices and the one this process uses -----===//
#pragma once

#include "Backend.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>

namespace offload::rt {

class DeviceState;

llvm::StringRef kindName(DeviceKind K);
/// Whether OFFLOAD_DEVICE=gpu (and a device set's default) takes a device
/// of kind K.
bool isGpu(DeviceKind K);

/// OFFLOAD_DEVICE: empty (first GPU, else host), `gpu`, a kind, or a
/// device number.
struct DeviceRequest {
  enum Method {
    FirstGpuElseHost,
    AnyGpu,
    ByKind,
    ByNumber
  } How = FirstGpuElseHost;
  DeviceKind Kind = DeviceKind::Host;
  int Number = 0;
  /// Named by offload::select_device() rather than OFFLOAD_DEVICE: errors
  /// name what the user wrote.
  bool InCode = false;
};
llvm::Expected<DeviceRequest> parseDeviceRequest(llvm::StringRef Value);

/// Picks the device that Request names among NumDevices devices, described
/// one by one.
llvm::Expected<Device>
pickDevice(const DeviceRequest &Request, int NumDevices,
           llvm::function_ref<llvm::Expected<Device>(int)> Describe);

/// Every device: the GPUs liboffload shows, then the host device. Found
/// once; an error (liboffload failed to start) is reported every time.
llvm::Expected<llvm::ArrayRef<std::unique_ptr<DeviceState>>> devices();
/// The devices if they were already found, else none: for work that only
/// concerns devices in use (forgetting an unloaded library's images).
llvm::ArrayRef<std::unique_ptr<DeviceState>> devicesInUse();
/// The device this process offloads to, chosen once from OFFLOAD_DEVICE
/// or by selectInCode().
llvm::Expected<DeviceState &> selectedDevice();
/// offload::select_device(Id): the device, before the first call picks one.
llvm::Error selectInCode(int Id);

} // namespace offload::rt
