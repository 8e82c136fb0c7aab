//===- offload/detail/runtime.hpp - What lowered offload() calls use ------===//
//
// Declarations of the runtime library (libcxxoffload-rt) entry points that the
// host pass's lowering of offload() calls. Only used when the plugin compiles
// the translation unit; the serial host fallback needs no library. Programs
// reach them through the loader (libcxxoffload.a): a new entry point goes into
// OFFLOAD_RUNTIME_ENTRY_POINTS (runtime/EntryPoints.h) and gets a forwarder
// in runtime/Loader.cpp.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>

namespace offload::detail::rt {

/// One kernel launch: the kernel's host address (its key in the registered
/// images), the logical threads and the block shape per dimension, and the
/// per-slot argument arrays (offload/detail/params.hpp).
struct LaunchRequest {
  const void *Kernel;
  std::uint64_t Extent[3];
  std::uint32_t Block[3];
  std::uint32_t NumSlots;
  void **Ptrs;
  std::int64_t *Sizes;
  std::int64_t *Types;
  /// 0, or the kernel's dimensions when it may run in fewer blocks along
  /// the last of them than its extent has (Signature::FoldDims).
  std::uint8_t FoldDims = 0;
  /// Bytes of team memory per block for its launch-time tiles.
  std::uint32_t TeamBytes = 0;
  /// The first logical thread along dimension OriginDim (the launch runs
  /// threads [Origin, Extent[OriginDim]) there): one device's slab of a
  /// call on a device set.
  std::uint64_t Origin = 0;
  std::uint32_t OriginDim = 0;
  /// Per slot, or null: bytes subtracted from a mapped slot's device
  /// address, so that a kernel given part of the data indexes it as a
  /// whole (the slot maps [Ptrs[I], +Sizes[I]), which begins Bias[I] bytes
  /// into the data the kernel sees).
  const std::int64_t *Bias = nullptr;
};

/// Maps the data, runs the kernel and maps the data back. On failure it
/// prints an error naming the kernel, the device and the cause, and exits
/// with a non-zero status.
void launch(const LaunchRequest &Request);
/// Strategy::part(First, Last, Size) of the strategy at Strategy: writes
/// the offset and length of the elements that threads [First, Last) own.
using PartOf = void (*)(const void *Strategy, std::int64_t First,
                        std::int64_t Last, std::uint64_t Size,
                        std::uint64_t *OffsetAndLength);

/// How a call on a device set divides one argument slot between devices.
struct SetSlot {
  enum Kind : std::uint8_t {
    Whole,     // every device gets the slot as it is
    Split,     // a Region: each device maps the elements its slab owns
    Halo,      // halo() data: split as the call's splitter, widened by
               // HaloWidth elements at each end
    Reduction, // each device's result starts as Identity; the results
               // combine, in device order, into *Result
  };
  Kind How = Whole;
  /// Split, Halo: bytes per element; Reduction: bytes of the value.
  std::uint32_t ElementBytes = 0;
  /// Split, Halo: the data's elements.
  std::uint64_t Elements = 0;
  /// Split: the Region's strategy.
  const void *Strategy = nullptr;
  PartOf Part = nullptr;
  std::int64_t HaloWidth = 0;
  void *Result = nullptr;
  alignas(16) std::uint64_t Identity[2] = {};
  /// *Total = combine(*Total, *Part), Total the host's value (Result),
  /// Part a device's, in 16-byte aligned words.
  void (*Combine)(void *Total, const void *Part) = nullptr;
};

/// A call on a device set, as Whole would run on one device: the runtime
/// gives each device a slab of whole blocks of the threads along
/// Whole.OriginDim, the part of each slot its slab needs (Slots, one per
/// slot), launches the parts at once and combines their reductions.
/// Halo slots split as the strategy SplitStrategy of SplitElements
/// elements (the first Region or Range whose strategy has part()).
struct SetCall {
  LaunchRequest Whole;
  const SetSlot *Slots = nullptr;
  const void *SplitStrategy = nullptr;
  PartOf SplitPart = nullptr;
  std::uint64_t SplitElements = 0;
  const int *Devices = nullptr;
  unsigned NumDevices = 0;
  /// The kernel's logical threads own other elements in host images than
  /// in GPU images (GridStride1D: strategy.hpp), so its parts run on the
  /// set's devices of the first one's kind only.
  bool OneKind = false;
};
/// Runs Call; returns when each part has returned as launch() would.
void launchOnSet(const SetCall &Call);
/// The devices of offload::Devices::all(): every GPU that has an image of
/// this program, or else every host device. Writes at most Max numbers.
unsigned allDevices(int *Devices, unsigned Max);
/// How many devices the runtime has (GPUs, then host devices).
int deviceCount();
/// What offload::device_info() reports of a device.
struct DeviceDescription {
  int Number;
  bool Gpu;
  char Kind[16];  // "cuda", "amdgpu", "host"
  char Arch[32];  // "sm_90", "gfx942", "host"
  char Name[128]; // "NVIDIA H200", "host"
};
/// Describes device Device, or the selected device (selecting it, as the
/// first call would) when Device is -1; false when there is no such device.
bool describeDevice(int Device, DeviceDescription *Out);
/// OFFLOAD_DEVICE's choice made in code, before the first call.
void selectDevice(int Device);
/// Preloading on a device set: every device holds [Data, Data + Bytes);
/// calls copy between them only what a part needs and another device
/// wrote (docs/design.md, "Device sets").
void preloadOnSet(const int *Devices, unsigned NumDevices, void *Data,
                  std::int64_t Bytes);
void syncPreloadedOnSet(void *Data, std::int64_t Bytes);
void unpreloadOnSet(void *Data, std::int64_t Bytes, bool CopyBack);

/// Waits for the launches the runtime queued without waiting.
void synchronize();
/// Registers and local (spill) bytes per thread of the kernel whose host key
/// is Kernel on the selected device, and how many of its threads (in blocks
/// of the default size) the device holds at once; -1 where it does not say.
void kernelResources(const void *Kernel, int *Registers, int *LocalBytes,
                     std::int64_t *ResidentThreads, int *MaxBlock);

/// Reached only if the plugin let an invalid offload() call through.
[[noreturn]] void invalidCall(const char *Signature);

/// offload_args: maps a host function's arguments (a LaunchRequest without
/// geometry) and writes each slot's device value into Values; the returned
/// token ends the call, after the function ran for Seconds.
void *enterCall(const LaunchRequest &Request, std::uint64_t *Values);
void exitCall(void *Token);

/// Bytes copied and seconds spent per direction since the program started.
struct Totals {
  std::uint64_t ToDeviceBytes, FromDeviceBytes;
  double ToDeviceSeconds, FromDeviceSeconds;
};
Totals totals();

/// preload: keeps [Data, Data + Bytes) on the selected device from preload()
/// to unpreload() (copying the host's contents there first when CopyIn);
/// syncPreloaded() copies it back to the host meanwhile.
void preload(void *Data, std::int64_t Bytes, bool CopyIn);
void syncPreloaded(void *Data, std::int64_t Bytes);
/// Copies [Data, Data + Bytes), part of preloaded data, from the host to the
/// device copy.
void updatePreloaded(void *Data, std::int64_t Bytes);
/// Whether any of [Data, Data + Bytes) is preloaded on the selected device.
bool isPreloaded(const void *Data, std::int64_t Bytes);
void unpreload(void *Data, std::int64_t Bytes, bool CopyBack);

/// offload::pinned_allocator: page-locked host memory that the selected
/// device copies at full speed, aligned to at least 256 bytes (never null for
/// Bytes > 0: the runtime exits with a message when it cannot allocate), and
/// its release.
void *allocPinned(std::size_t Bytes);
void freePinned(void *Ptr);

} // namespace offload::detail::rt
