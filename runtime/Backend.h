//===- runtime/Backend.h - What the runtime asks of a device --------------===//
//
// One interface for every device, in LLVM offload's style: public entry
// points over private virtual ...Impl(). Each device has one in-order queue:
// launch() and copy() are queued behind what is already queued and may
// return before they ran; record() marks the queue's current end and wait()
// waits for a mark; waitOwn() waits for what the calling thread queued.
// Backends are safe to call from several threads at once.
//
// Two implementations:
//   - OffloadBackend (liboffload, LLVM's queue API): CUDA and AMD GPUs.
//   - HostBackend: the host device. liboffload 22 has no host plugin (its
//     "Virtual Host Device" only names host memory in copies), so the
//     runtime loads x86-64 images itself and calls their entries directly;
//     the host device's queue runs each operation when it is queued.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include "Watchdog.h"

#include <climits>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace offload::rt {

enum class DeviceKind { Cuda, Amdgpu, Host, Other };

/// Threads per block when a launch does not say.
inline constexpr std::uint32_t DefaultBlock = 256;

/// What a device can do, as its backend says. Generic code asks these and
/// never tests a device's kind.
struct Capabilities {
  /// Memory of its own: a call's data is copied there, through page-locked
  /// scratch and bounce buffers. Without it (the host device) kernels read
  /// host memory and copies are plain memcpy.
  bool SeparateMemory = true;
  /// Kernels write page-locked host memory themselves, over the bus (CUDA):
  /// a result that only comes back needs no copy.
  bool KernelsWritePinnedHost = false;
  /// Kernels run on the calling thread (the host device): a crash in one
  /// arrives as the process's own signal.
  bool RunsOnCallingThread = false;
  /// It runs host images, whose GridStride1D threads own contiguous runs
  /// where a GPU image's own strided elements: a call on a device set whose
  /// kernel has one runs on devices that agree on it (DeviceSets.cpp).
  bool HostImages = false;
  /// The most threads of one block, and of blocks along each dimension.
  std::uint32_t MaxBlockThreads = 1024;
  std::uint64_t MaxBlocks[3] = {INT32_MAX, 65535, 65535};
  /// Threads a compute unit holds at once when a kernel's own figure is
  /// unknown.
  std::uint32_t ResidentThreadsPerUnit = 2048;
  /// The vendor library that offload::blas calls on it.
  enum class Blas { None, Cublas, Rocblas } VendorBlas = Blas::None;
};

/// A device as the runtime presents it: its number (OFFLOAD_DEVICE), kind,
/// an identifier, the architecture images are built for, and what its
/// backend can do.
struct Device {
  int Id;
  DeviceKind Kind;
  std::string Uid;
  std::string Arch;          // "sm_90", "gfx942", "host"; empty when unknown
  unsigned ComputeUnits = 0; // multiprocessors or CUs; 0 when unknown
  std::string Name = "";     // "NVIDIA H200", "host"
  Capabilities Caps = {};
};

/// A kernel's symbol in a loaded image, and the image it came from.
struct LoadedKernel {
  void *Handle = nullptr;
  llvm::StringRef Image;
  const char *Symbol = nullptr;
  const char *Name = nullptr; // for messages: "saxpy"
  /// Threads one compute unit holds at once, in blocks of DefaultBlock, as
  /// the kernel's registers allow; 0 when the device cannot say.
  std::uint32_t ResidentThreadsPerUnit = 0;
};

/// What a device says about a compiled kernel; -1 where it cannot say.
struct KernelResources {
  int Registers = -1, LocalBytes = -1;
  // At once, in blocks of DefaultBlock (the host device: a GridStride1D
  // size that suits it).
  std::int64_t ResidentThreads = -1;
  int MaxBlock = -1;                 // the most threads a block may have
};

enum class CopyDirection { ToDevice, FromDevice };

class Backend {
public:
  virtual ~Backend() = default;

  /// Loads a device image; the program lives as long as the backend.
  llvm::Expected<void *> loadImage(llvm::StringRef Image) {
    return loadImageImpl(Image);
  }
  /// Unloads a program from loadImage() whose kernels will not run again
  /// (its shared library was closed).
  llvm::Error unloadImage(void *Program) { return unloadImageImpl(Program); }
  /// The kernel Symbol of a loaded program.
  llvm::Expected<void *> findKernel(void *Program, const char *Symbol) {
    return findKernelImpl(Program, Symbol);
  }
  /// Queues a launch; Slots are the entry's argument words (after the
  /// implicit dyn_ptr, which the backend adds); TeamBytes of dynamic shared
  /// memory per block hold its launch-time tiles.
  llvm::Error launch(const LoadedKernel &K, const std::uint32_t Blocks[3],
                     const std::uint32_t Block[3],
                     llvm::ArrayRef<std::uint64_t> Slots,
                     std::uint32_t TeamBytes = 0) {
    Watch W([&] {
      return "kernel '" + std::string(K.Name ? K.Name : K.Symbol) + "' on " +
             describe();
    });
    noteQueued();
    return launchImpl(K, Blocks, Block, Slots, TeamBytes);
  }
  /// Queues a copy between host memory and this device's memory. The host
  /// side must stay valid until a later wait() (pageable memory is read
  /// before the call returns).
  llvm::Error copy(void *Dst, const void *Src, std::size_t Bytes,
                   CopyDirection Direction) {
    Watch W([&] { return "a copy on " + describe(); });
    noteQueued();
    return copyImpl(Dst, Src, Bytes, Direction);
  }
  /// Device memory, and page-locked host memory this device copies at full
  /// speed.
  llvm::Expected<void *> alloc(std::size_t Bytes, bool Host = false) {
    return allocImpl(Bytes, Host);
  }
  llvm::Error free(void *Ptr) { return freeImpl(Ptr); }
  /// Marks the end of the queue; wait() returns once everything queued
  /// before the mark has run, and releases the mark.
  llvm::Expected<void *> record() { return recordImpl(); }
  llvm::Error wait(void *Mark) {
    Watch W([&] { return "the work queued on " + describe(); });
    return waitImpl(Mark);
  }
  /// Waits for everything queued so far (by any thread).
  llvm::Error synchronize() {
    Watch W([&] { return "the work queued on " + describe(); });
    const std::uint64_t Seen = queuedCount();
    llvm::Error E = synchronizeImpl();
    if (!E)
      noteIdle(Seen);
    return E;
  }
  /// Waits for everything the calling thread queued so far. While it alone
  /// has queued work since the queue was last seen empty, that is the whole
  /// queue, and waiting for the queue costs about 2 us less per call than
  /// recording a mark and waiting for it (H200, liboffload 22); once
  /// another thread has queued work too, a mark after this thread's work,
  /// so that it does not wait for work queued later.
  llvm::Error waitOwn() {
    Watch W([&] { return "the work queued on " + describe(); });
    bool Alone;
    std::uint64_t Seen;
    {
      std::lock_guard<std::mutex> L(OwnerLock);
      Alone = !SharedQueue && (Owner == std::thread::id() ||
                               Owner == std::this_thread::get_id());
      Seen = Queued;
    }
    llvm::Error E = llvm::Error::success();
    if (Alone) {
      E = synchronizeImpl();
    } else {
      llvm::Expected<void *> Mark = recordImpl();
      E = Mark ? waitImpl(*Mark) : Mark.takeError();
    }
    if (!E)
      noteIdle(Seen);
    return E;
  }
  /// What OFFLOAD_TIMEOUT's message calls this device ("device 0 (cuda),
  /// ..."), set by its owner.
  void describeAs(std::function<std::string()> F) { Describe = std::move(F); }
  KernelResources resources(const LoadedKernel &K) { return resourcesImpl(K); }
  /// Vendor libraries (cuBLAS, rocBLAS) queue work outside our queue:
  /// before such a call the calling thread is bound to this device, after
  /// it the library's work is waited for.
  llvm::Error beginVendorCall() { return beginVendorCallImpl(); }
  llvm::Error endVendorCall() { return endVendorCallImpl(); }

private:
  std::string describe() const { return Describe ? Describe() : "a device"; }
  std::function<std::string()> Describe;

  /// Which threads queued work since the queue was last seen empty: none
  /// (Owner empty), one (Owner), or several (SharedQueue).
  void noteQueued() {
    const std::thread::id Self = std::this_thread::get_id();
    std::lock_guard<std::mutex> L(OwnerLock);
    ++Queued;
    if (Owner == std::thread::id())
      Owner = Self;
    else if (Owner != Self)
      SharedQueue = true;
  }
  std::uint64_t queuedCount() {
    std::lock_guard<std::mutex> L(OwnerLock);
    return Queued;
  }
  /// After a wait for everything queued by the time Queued was Seen: if
  /// nothing was queued since, the queue is empty.
  void noteIdle(std::uint64_t Seen) {
    std::lock_guard<std::mutex> L(OwnerLock);
    if (Queued == Seen) {
      Owner = std::thread::id();
      SharedQueue = false;
    }
  }
  std::mutex OwnerLock;
  std::thread::id Owner;
  bool SharedQueue = false;
  std::uint64_t Queued = 0;

  virtual llvm::Expected<void *> loadImageImpl(llvm::StringRef Image) = 0;
  virtual llvm::Error unloadImageImpl(void *Program) = 0;
  virtual llvm::Expected<void *> findKernelImpl(void *Program,
                                                const char *Symbol) = 0;
  virtual llvm::Error launchImpl(const LoadedKernel &K,
                                 const std::uint32_t Blocks[3],
                                 const std::uint32_t Block[3],
                                 llvm::ArrayRef<std::uint64_t> Slots,
                                 std::uint32_t TeamBytes) = 0;
  virtual llvm::Error copyImpl(void *Dst, const void *Src, std::size_t Bytes,
                               CopyDirection Direction) = 0;
  virtual llvm::Expected<void *> allocImpl(std::size_t Bytes, bool Host) = 0;
  virtual llvm::Error freeImpl(void *Ptr) = 0;
  virtual llvm::Expected<void *> recordImpl() = 0;
  virtual llvm::Error waitImpl(void *Mark) = 0;
  virtual llvm::Error synchronizeImpl() = 0;
  virtual KernelResources resourcesImpl(const LoadedKernel &K) = 0;
  virtual llvm::Error beginVendorCallImpl() = 0;
  virtual llvm::Error endVendorCallImpl() = 0;
};

/// A device and the backend that drives it.
struct DeviceEntry {
  Device Info;
  std::unique_ptr<Backend> Driver;
};

/// The GPUs liboffload shows (numbered from FirstId on), each with its
/// backend; an error when liboffload fails to start.
llvm::Expected<std::vector<DeviceEntry>> offloadDevices(int FirstId);
/// The host device.
DeviceEntry hostDevice(int Id);

} // namespace offload::rt
