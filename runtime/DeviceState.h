//===- runtime/DeviceState.h - What the runtime keeps for one device -----===//
//
// Each device's backend, the kernels loaded on it, its cached memory, its
// preloaded ranges and the bounce buffers of its pageable copies, behind its
// own locks. Implemented by concern: DeviceState.cpp (memory, copies and
// waits), Programs.cpp (loading and unloading images), Preloads.cpp
// (preloaded ranges), BounceBuffers.cpp (large pageable copies).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Backend.h"
#include "Registry.h"
#include "Report.h"

#include "llvm/Support/Error.h"

#include <offload/detail/runtime.hpp>

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace offload::rt {

class BounceBuffers;

class DeviceState {
public:
  explicit DeviceState(DeviceEntry E);
  ~DeviceState();
  const Device &info() const { return Info; }
  const Capabilities &capabilities() const { return Info.Caps; }
  Backend &backend() { return *Driver; }

  /// Kernel K loaded on this device, its image loaded on first use.
  llvm::Expected<LoadedKernel> kernel(const Registry::Kernel &K);
  /// Unloads R's images and forgets its kernels (R is being unregistered).
  void forget(const Registration &R);

  /// A page-locked host buffer and a device buffer of ScratchBytes each,
  /// for a call's small data: packed into one copy each way, and copied
  /// asynchronously since the host side is page-locked.
  struct Scratch {
    char *Host, *Device;
  };
  static constexpr std::size_t ScratchBytes = 256 << 10;
  /// A scratch pair of its own for one call; none without separate memory.
  llvm::Expected<std::optional<Scratch>> takeScratch();
  void returnScratch(Scratch S);

  /// Device memory for a call's data, from a cache of freed blocks.
  llvm::Expected<void *> allocate(std::size_t Bytes);
  /// Returns a block from allocate(); the work using it must have finished.
  void release(void *Ptr, std::size_t Bytes);

  /// Copies between the host and this device, queued behind earlier work.
  /// Large pageable host data goes through pinned bounce buffers (and the
  /// copy has finished on return); other copies may still be in flight:
  /// wait with waitQueued().
  llvm::Error transfer(void *Dst, const void *Src, std::size_t Bytes,
                       CopyDirection Direction);

  /// Notes a launch queued without waiting, for messages.
  void queued(const char *Kernel);
  /// Waits for what the calling thread queued so far (Backend::waitOwn), not
  /// for work other threads queue later. An error names the kernels that
  /// may have failed.
  llvm::Error waitQueued();
  /// Waits for everything queued so far, by any thread.
  llvm::Error synchronize();

  /// Preloading: keeps [Ptr, Ptr + Bytes) on the device until the matching
  /// unpreload, copying the host's contents there first when CopyIn.
  /// Preloading the same range again only counts; a range that overlaps a
  /// preloaded one without being the same is an error.
  llvm::Error preload(void *Ptr, std::int64_t Bytes, TransferStats &Stats,
                      bool CopyIn = true);
  /// Copies preloaded data back to the host now.
  llvm::Error syncBack(void *Ptr, std::int64_t Bytes, TransferStats &Stats);
  /// Copies host data into its preloaded copy now.
  llvm::Error update(void *Ptr, std::int64_t Bytes, TransferStats &Stats);
  /// Releases one preload of the range; a mutable one copies back first.
  llvm::Error unpreload(void *Ptr, std::int64_t Bytes, bool Mutable,
                        TransferStats &Stats);
  /// The device address of [Ptr, +Bytes) when a preload keeps it here;
  /// null when it is not preloaded; an error when it overlaps preloaded
  /// data without being inside it.
  llvm::Expected<void *> preloadedAddress(const void *Ptr, std::int64_t Bytes);
  /// Whether any of [Ptr, Ptr + Bytes) is preloaded.
  bool overlapsPreloaded(const void *Ptr, std::int64_t Bytes);
  /// preloadedAddress() of every data slot of R at once (literal and empty
  /// slots get null).
  llvm::Error preloadedAddresses(const detail::rt::LaunchRequest &R,
                                 void **Addresses);
  /// Gives the cached device blocks, scratch and bounce buffers back (at
  /// exit, once the device is idle).
  void releaseCaches();
  /// "device 0 (cuda)", and the kernels queued since the last wait.
  std::string describe() const;

private:
  llvm::Expected<LoadedKernel> kernelLocked(const Registry::Kernel &K);
  llvm::Expected<void *> preloadedAddressLocked(const void *Ptr,
                                                std::int64_t Bytes);
  /// syncBack() and update(): one copy of preloaded data, then a wait.
  llvm::Error copyPreloaded(void *Ptr, std::int64_t Bytes,
                            CopyDirection Direction, TransferStats &Stats);
  /// After a wait: forgets the queued kernels, and names them in E.
  llvm::Error finishWait(llvm::Error E);
  llvm::Error transferUntraced(void *Dst, const void *Src, std::size_t Bytes,
                               CopyDirection Direction);

  struct PreloadedRange {
    const char *Begin, *End;
    char *DeviceBegin;
    unsigned Handles;
    bool Ready; // its data is on the device (or its copy failed)
  };

  const Device Info;
  std::unique_ptr<Backend> Driver;
  std::mutex Lock;
  std::condition_variable RangeReady;
  /// Held while an image loads (olCreateProgram may JIT PTX for seconds)
  /// instead of Lock, so other threads' allocations and copies go on.
  std::mutex LoadLock;
  std::map<const Registration *, void *> Programs; // under LoadLock
  std::unordered_map<const KernelRecord *, LoadedKernel> Kernels;
  std::vector<PreloadedRange> Ranges;
  std::multimap<std::size_t, void *> FreeBlocks; // by size class
  std::size_t CachedBytes = 0;
  std::vector<Scratch> FreeScratch;
  // Written by every queued launch without the lock; only for messages.
  std::atomic<std::size_t> PendingKernels{0};
  std::array<std::atomic<const char *>, 4> PendingNames{};
  std::unique_ptr<BounceBuffers> Bounce;
};

} // namespace offload::rt
