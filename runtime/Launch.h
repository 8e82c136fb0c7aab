//===- runtime/Launch.h - Running lowered offload() calls ----------------===//
#pragma once

#include "llvm/Support/Error.h"

#include <offload/detail/runtime.hpp>

namespace offload::rt {

class DeviceState;

/// Runs one lowered offload() call on D.
llvm::Error launchOn(DeviceState &D, const detail::rt::LaunchRequest &R);
/// Waits for all work queued on every device.
llvm::Error synchronizeAll();

} // namespace offload::rt
