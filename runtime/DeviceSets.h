//===- runtime/DeviceSets.h - Data preloaded on several devices -----------===//
#pragma once

#include "llvm/Support/Error.h"

#include <offload/detail/runtime.hpp>

#include <cstdint>

namespace offload::rt {

/// An error when R maps data preloaded on a device set: a call on one
/// device would see one device's copy of it.
llvm::Error checkNotOnSet(const detail::rt::LaunchRequest &R);
/// Whether any of [Data, +Bytes) is preloaded on a device set.
bool onSet(const void *Data, std::int64_t Bytes);

} // namespace offload::rt
