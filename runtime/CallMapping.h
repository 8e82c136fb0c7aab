//===- runtime/CallMapping.h - One call's arguments on a device ----------===//
//
// Every call puts the arguments that are not preloaded on the device itself
// (device memory from the device's cache, copies queued on its queue),
// launches with the device addresses as plain values, then copies back,
// waits for its own work and returns the memory.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "DeviceState.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace offload::rt {

/// The mapped arguments of one call: enter() puts each argument that is
/// not preloaded on the device (copying TO data) and writes every slot's
/// device value; exit() copies FROM data back, waits, and frees.
class CallMapping {
public:
  CallMapping() = default;
  CallMapping(const CallMapping &) = delete;
  CallMapping &operator=(const CallMapping &) = delete;
  /// A call that fails before exit() still gives its device memory back.
  ~CallMapping();
  /// SlotName names a slot's parameter in the errors of its checks.
  llvm::Error enter(DeviceState &D, const detail::rt::LaunchRequest &R,
                    std::uint64_t *Values,
                    llvm::function_ref<std::string(unsigned)> SlotName);
  llvm::Error exit();
  /// Whether the call moved data (and so must wait for its end).
  bool movesData() const {
    return !Temporaries.empty() || Packed || ResultsPacked;
  }
  const TransferStats &stats() const { return Stats; }

  struct Argument {
    unsigned Slot;
    void *Host, *Device;
    std::int64_t Bytes, Type;
    bool Preloaded;
    double ToSeconds = 0, FromSeconds = 0;
    std::size_t ScratchOffset = ~std::size_t(0); // packed small data
  };
  llvm::ArrayRef<Argument> arguments() const { return Args; }

private:
  /// Whether the kernel writes results-only data into the page-locked host
  /// half of the scratch itself.
  bool resultsOnHost() const {
    return Dev->capabilities().KernelsWritePinnedHost;
  }

  DeviceState *Dev = nullptr;
  llvm::SmallVector<Argument, 8> Args;
  llvm::SmallVector<std::pair<void *, std::size_t>, 4> Temporaries;
  std::optional<DeviceState::Scratch> Scratch;
  std::size_t Packed = 0;        // bytes of small data in Scratch's lower half
  std::size_t ResultsPacked = 0; // of results only, in its upper half
  TransferStats Stats;
};

} // namespace offload::rt
