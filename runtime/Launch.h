//===- runtime/Launch.h - Running lowered offload() calls ----------------===//
#pragma once

#include "llvm/Support/Error.h"

#include <offload/detail/runtime.hpp>

namespace offload::rt {

class DeviceState;

/// The kernel a thread runs on the host device, which a fatal signal on
/// that thread names: the calling thread's, and the host device's other
/// threads' while they run its chunks.
struct RunningKernel {
  const char *Name = nullptr;
  int Device = -1;
};
RunningKernel &runningKernel();

/// Runs one lowered offload() call on D.
llvm::Error launchOn(DeviceState &D, const detail::rt::LaunchRequest &R);
/// Waits for all work queued on every device.
llvm::Error synchronizeAll();

} // namespace offload::rt
