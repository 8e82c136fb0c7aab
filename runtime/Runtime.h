//===- runtime/Runtime.h - The cxx-offload runtime, inside ----------------===//
//
// Registration of the embedded images, devices and their state, transfers
// and launches. Each fallible step returns llvm::Error/Expected; the public
// entry points that lowered code calls (offload/detail/runtime.hpp) turn an
// error into a message and a non-zero exit. Everything here may be called
// from several host threads at once.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Backend.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <offload/detail/abi.hpp>
#include <offload/detail/runtime.hpp>

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace offload::rt {

using detail::abi::KernelRecord;
using detail::abi::Registration;

//===-- Registry ----------------------------------------------------------===//

class Registry {
public:
  static Registry &get();

  /// Checks R and records its kernels and images (loaded onto a device
  /// when a kernel first runs there).
  llvm::Error add(const Registration &R);
  /// A registered kernel and the registration whose images hold it.
  struct Kernel {
    const KernelRecord *Record;
    const Registration *Owner;
  };
  /// The kernel whose host key is Key, or null.
  const Kernel *find(const void *Key) const;
  /// The targets of every registered image, each once.
  std::vector<std::string> targets() const;
  std::size_t size() const;

private:
  mutable std::shared_mutex Lock;
  std::vector<const Registration *> Registrations;
  std::unordered_map<const void *, Kernel> Kernels; // stable addresses
};

/// The images' targets of one registration, in order.
std::vector<std::string> imageTargets(const Registration &R);

//===-- Devices -----------------------------------------------------------===//

llvm::StringRef kindName(DeviceKind K);

/// Whether an image built for Target ("sm_80", "gfx942", "host") runs on a
/// device of architecture Arch (an unknown Arch: the device decides).
bool imageRuns(llvm::StringRef Target, llvm::StringRef Arch);
/// The first of Targets that runs on Arch, or empty.
std::string imageFor(llvm::ArrayRef<std::string> Targets, llvm::StringRef Arch);
/// The gfx name of a KFD gfx_target_version (90010 -> gfx90a).
std::string gfxName(unsigned TargetVersion);

/// A GPU as its vendor's driver lists it, whether or not a device shows
/// for it.
struct InstalledGpu {
  DeviceKind Kind;
  std::string Name, Arch;
};
std::vector<InstalledGpu> installedGpus();
/// AMD GPUs, from the kernel driver's topology, in the HSA order.
std::vector<InstalledGpu> amdGpus();
/// NVIDIA GPUs, from the CUDA driver (Cuda.cpp).
std::vector<InstalledGpu> cudaGpus();
/// Why this machine's GPUs cannot run a program built for Targets, or empty
/// when each has an image.
std::string gpusWithoutImage(llvm::ArrayRef<std::string> Targets);

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

//===-- Transfers ---------------------------------------------------------===//

/// Bytes copied and seconds spent, per direction.
struct TransferStats {
  std::uint64_t ToBytes = 0, FromBytes = 0;
  double ToSeconds = 0, FromSeconds = 0;
  /// Bytes a call found already on the device (preloaded, by a handle or
  /// by the plugin around a loop), each way they would have moved.
  std::uint64_t KeptBytes = 0;
  TransferStats &operator+=(const TransferStats &O) {
    ToBytes += O.ToBytes, FromBytes += O.FromBytes;
    ToSeconds += O.ToSeconds, FromSeconds += O.FromSeconds;
    KeptBytes += O.KeptBytes;
    return *this;
  }
};

class BounceBuffers;

/// Everything the runtime keeps for one device, behind its own lock: the
/// backend, the loaded kernels, the preloaded ranges, cached device memory,
/// the bounce buffers for pageable copies, and the kernels queued since the
/// last wait (for messages).
class DeviceState {
public:
  explicit DeviceState(DeviceEntry E);
  ~DeviceState();
  const Device &info() const { return Info; }
  Backend &backend() { return *Driver; }

  /// Kernel K loaded on this device, its image loaded on first use.
  llvm::Expected<LoadedKernel> kernel(const Registry::Kernel &K);

  /// A page-locked host buffer and a device buffer of ScratchBytes each,
  /// for a call's small data: packed into one copy each way, and copied
  /// asynchronously since the host side is page-locked.
  struct Scratch {
    char *Host, *Device;
  };
  static constexpr std::size_t ScratchBytes = 256 << 10;
  /// A scratch pair of its own for one call; null on the host device.
  llvm::Expected<std::optional<Scratch>> takeScratch();
  void returnScratch(Scratch S);

  /// Device memory for a call's data, from a cache of freed blocks.
  llvm::Expected<void *> allocate(std::size_t Bytes);
  /// Returns a block from allocate(); the work using it must have finished.
  void release(void *Ptr, std::size_t Bytes);

  /// Copies between the host and this device, queued behind earlier work.
  /// Large pageable host data goes through pinned bounce buffers (and the
  /// copy has finished on return); other copies may still be in flight:
  /// wait with synchronize().
  llvm::Error transfer(void *Dst, const void *Src, std::size_t Bytes,
                       CopyDirection Direction);

  /// Notes a launch queued without waiting, for messages.
  void queued(const char *Kernel);
  /// Waits for everything queued so far; an error names the kernels that
  /// may have failed.
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
  /// After a wait for the whole queue: forgets the queued kernels, and names
  /// them in E.
  llvm::Error finishWait(llvm::Error E);

  struct PreloadedRange {
    const char *Begin, *End;
    char *DeviceBegin;
    unsigned Handles;
    bool Ready; // its data is on the device (or its copy failed)
  };

  llvm::Error transferUntraced(void *Dst, const void *Src, std::size_t Bytes,
                               CopyDirection Direction);

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

/// Every device: the GPUs liboffload shows, then the host device. Found
/// once; an error (liboffload failed to start) is reported every time.
llvm::Expected<llvm::ArrayRef<std::unique_ptr<DeviceState>>> devices();
/// The device this process offloads to, chosen once from OFFLOAD_DEVICE
/// or by selectInCode().
llvm::Expected<DeviceState &> selectedDevice();
/// offload::select_device(Id): the device, before the first call picks one.
llvm::Error selectInCode(int Id);

//===-- Device sets (DeviceSets.cpp) --------------------------------------===//

/// An error when R maps data preloaded on a device set: a call on one
/// device would see one device's copy of it.
llvm::Error checkNotOnSet(const detail::rt::LaunchRequest &R);
/// Whether any of [Data, +Bytes) is preloaded on a device set.
bool onSet(const void *Data, std::int64_t Bytes);

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
  llvm::Error enter(DeviceState &D, const detail::rt::LaunchRequest &R,
                    std::uint64_t *Values);
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
  DeviceState *Dev = nullptr;
  llvm::SmallVector<Argument, 8> Args;
  llvm::SmallVector<std::pair<void *, std::size_t>, 4> Temporaries;
  std::optional<DeviceState::Scratch> Scratch;
  /// Whether the kernel writes results-only data into the page-locked host
  /// half of the scratch itself (a CUDA GPU reaches it over the bus).
  bool resultsOnHost() const { return Dev->info().Kind == DeviceKind::Cuda; }
  std::size_t Packed = 0;        // bytes of small data in Scratch's lower half
  std::size_t ResultsPacked = 0; // of results only, in its upper half
  TransferStats Stats;
};

/// Pinned host memory allocated by the runtime (offload::pinned_allocator):
/// whether [Ptr, +Bytes) lies inside one allocation.
bool isPinned(const void *Ptr, std::size_t Bytes);

//===-- Launch ------------------------------------------------------------===//

/// Runs one lowered offload() call on D.
llvm::Error launchOn(DeviceState &D, const detail::rt::LaunchRequest &R);
/// Waits for all work queued on every device.
llvm::Error synchronizeAll();

/// Threads per block when a launch does not say.
inline constexpr std::uint32_t DefaultBlock = 256;

//===-- CUDA driver (Cuda.cpp) --------------------------------------------===//

/// Activates each CUDA GPU's primary context with the scheduling that
/// OFFLOAD_CUDA_SYNC names, before the CUDA plugin would make it blocking.
void prepareCudaContexts();
/// The CUctx_flags of an OFFLOAD_CUDA_SYNC value, if it is one.
std::optional<unsigned> cudaSyncFlags(llvm::StringRef Mode);
/// The sm_XY of CUDA device Ordinal, or empty.
std::string cudaArch(int Ordinal);
/// Makes CUDA device Ordinal's primary context current on this thread.
llvm::Error cudaBindContext(int Ordinal);
/// Waits for all work in CUDA device Ordinal's primary context.
llvm::Error cudaSynchronizeContext(int Ordinal);
/// Registers, local bytes and resident threads of Symbol in Image on CUDA
/// device Ordinal.
KernelResources cudaKernelResources(int Ordinal, llvm::StringRef Image,
                                    const char *Symbol);
/// Finds and loads cuBLAS (see docs/env.md, OFFLOAD_CUBLAS): its handle and
/// path, or an error that lists where it looked.
llvm::Expected<std::pair<void *, std::string>> loadCublas();
/// Where loadCublas looks after the loader's search path: the CUDA
/// installation (OFFLOAD_CUDA_PATH), then Python environments' nvidia/cublas
/// wheels (VIRTUAL_ENV, CONDA_PREFIX, the python3 directories on PATH,
/// ~/.local, common prefixes). Patterns for glob().
std::vector<std::string> cublasSearchPatterns();

//===-- Reporting ---------------------------------------------------------===//

/// OFFLOAD_INFO bits.
enum InfoBit : unsigned {
  InfoCalls = 0x1,     // one line per call: geometry, bytes, times
  InfoEvents = 0x2,    // registration and device selection
  InfoTransfers = 0x4, // one line per copied argument
  InfoSummary = 0x8,   // totals per kernel and per direction at exit
};

/// What recordCall() counts: a kernel or library call, or staging (a
/// preload, its release, a device set's halo).
enum class Recorded { Call, Staging };
/// Adds one call to the program's transfer totals and, with InfoSummary, to
/// the per-name totals printed at exit (Name is only asked for then).
void recordCall(Recorded Kind, llvm::function_ref<std::string()> Name,
                double CallSeconds, const TransferStats &Stats);
unsigned infoBits();
void info(InfoBit Bit, const char *Format, ...)
    __attribute__((format(printf, 2, 3)));
/// Prints "offload: error: ..." and exits with status 1.
[[noreturn]] void fatal(llvm::Error E);

/// Seconds on the steady clock: the times of reports and of the trace.
double now();
/// OFFLOAD_TIMELINE=FILE: a timeline of kernels, copies, library calls and
/// waits, per device and host thread, written to FILE at exit as Chrome
/// trace JSON (Perfetto and chrome://tracing open it).
bool tracing();
/// One span of the timeline: Name (of Category) on device On, on the
/// calling thread, from Start (now()) for Seconds; Bytes for copies.
void traceSpan(const char *Category, llvm::StringRef Name, const Device &On,
               double Start, double Seconds, std::uint64_t Bytes = 0);

} // namespace offload::rt
