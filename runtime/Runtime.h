//===- runtime/Runtime.h - The cxx-offload runtime, inside ----------------===//
//
// A thin layer over libomptarget: image registration, device selection,
// mapping and launch. Each fallible step returns llvm::Error/Expected; the
// public entry points that lowered code calls (launch(), the registration
// hook) turn an error into a message and a non-zero exit.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Omptarget.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <offload/detail/runtime.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace offload::rt {

//===-- Registration ABI: the plugin's host lowering emits these ---------===//

/// One kernel of a translation unit: its host key (the kernel function's
/// address), the host ID of its entry in the libomptarget tables, its name.
struct KernelRecord {
  const void *Key;
  void *EntryId;
  const char *Name;
  const char *SlotNames; // the parameter of each slot after the launch slots
};

/// Everything one translation unit registers, from a constructor the plugin
/// adds to its object file.
struct Registration {
  std::uint32_t AbiVersion;
  std::uint32_t NumKernels;
  const KernelRecord *Kernels;
  __tgt_bin_desc *Desc;
  const char *Source;  // the translation unit, for messages
  const char *Targets; // the images' targets, comma-separated, in order
};

extern "C" void __cxxoffload_register(Registration *R);

//===-- Registry
//-----------------------------------------------------------===//

class Registry {
public:
  static Registry &get();

  /// Checks R and registers its images with libomptarget.
  llvm::Error add(Registration &R);
  /// A registered kernel and the registration whose images hold it.
  struct Kernel {
    const KernelRecord *Record;
    const Registration *Owner;
    const std::vector<std::string> *Targets; // the owner's, parsed
  };
  /// The kernel whose host key is Key, or null.
  const Kernel *find(const void *Key) const;
  /// The targets of every registered image, each once.
  std::vector<std::string> targets() const;
  std::size_t size() const { return Registrations.size(); }
  /// Unregisters everything, newest first (at exit).
  void clear();

private:
  std::vector<Registration *> Registrations;
  llvm::DenseMap<const void *, Kernel> Kernels;
  std::map<const Registration *, std::vector<std::string>> TargetLists;
};

//===-- Devices
//------------------------------------------------------------===//

enum class DeviceKind { Cuda, Amdgpu, Host, Other };
llvm::StringRef kindName(DeviceKind K);
/// The kind of a libomptarget device from its UID ("CUDA-...", "x86_64-...").
DeviceKind classifyUid(llvm::StringRef Uid);

struct Device {
  int Id;
  DeviceKind Kind;
  std::string Uid;
  std::string Arch; // "sm_90", "gfx942", "host"; empty when unknown
};

//===-- Images: which image runs on which device (Images.cpp) -------------===//

/// Whether an image built for Target ("sm_80", "gfx942", "host") runs on a
/// device of architecture Arch (an unknown Arch: libomptarget decides).
bool imageRuns(llvm::StringRef Target, llvm::StringRef Arch);
/// The first of Targets that runs on Arch, or empty.
std::string imageFor(llvm::ArrayRef<std::string> Targets, llvm::StringRef Arch);
/// The gfx name of a KFD gfx_target_version (90010 -> gfx90a).
std::string gfxName(unsigned TargetVersion);
/// The architecture of a libomptarget device, or empty.
std::string deviceArch(const Device &D);

/// A GPU as its vendor's driver lists it, whether or not libomptarget shows
/// a device for it.
struct InstalledGpu {
  DeviceKind Kind;
  std::string Name, Arch;
};
std::vector<InstalledGpu> installedGpus();
/// NVIDIA GPUs, from the CUDA driver (Cuda.cpp).
std::vector<InstalledGpu> cudaGpus();
/// The sm_XY of a CUDA device, or empty.
std::string cudaArch(const Device &D);
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
};
llvm::Expected<DeviceRequest> parseDeviceRequest(llvm::StringRef Value);

/// Picks the device that Request names among NumDevices devices, describing
/// them one by one (describing a device loads the images onto it).
llvm::Expected<Device>
pickDevice(const DeviceRequest &Request, int NumDevices,
           llvm::function_ref<llvm::Expected<Device>(int)> Describe);

/// The device this process offloads to, chosen once from OFFLOAD_DEVICE.
llvm::Expected<const Device &> selectedDevice();
/// Describes libomptarget device Id.
llvm::Expected<Device> describeDevice(int Id);

//===-- Transfers
//------------------------------------------------------------===//

/// Bytes copied and seconds spent, per direction.
struct TransferStats {
  std::uint64_t ToBytes = 0, FromBytes = 0;
  double ToSeconds = 0, FromSeconds = 0;
  TransferStats &operator+=(const TransferStats &O) {
    ToBytes += O.ToBytes, FromBytes += O.FromBytes;
    ToSeconds += O.ToSeconds, FromSeconds += O.FromSeconds;
    return *this;
  }
};

/// How copies to and from a GPU go (OFFLOAD_TRANSFER): through pinned
/// staging buffers (large copies), or directly from the host memory.
enum class TransferMode { Staged, Direct };

/// The mapped arguments of one call: enter() maps each (copying TO data
/// that is not on the device yet) and writes every slot's device value;
/// exit() copies FROM data back and unmaps. Data already on the device
/// (preloaded) is neither copied nor counted.
class CallMapping {
public:
  /// Types receives each slot's map type for the launch: a literal device
  /// value, or, with WithLaunch, small data libomptarget copies as part of
  /// the launch (asynchronously, one synchronisation for the whole call).
  llvm::Error enter(const Device &D, const detail::rt::LaunchRequest &R,
                    std::uint64_t *Values, std::int64_t *Types,
                    bool WithLaunch);
  llvm::Error exit();
  const TransferStats &stats() const { return Stats; }

  struct MappedArg {
    unsigned Slot;
    void *Host, *Device;
    std::int64_t Bytes, Type;
    bool Present;            // on the device before the call
    bool WithLaunch = false; // copied by libomptarget during the launch
    bool Staged = false;     // kept on the device by a preload
    bool Copied = false, CopiedBack = false;
    double ToSeconds = 0, FromSeconds = 0;
  };
  llvm::ArrayRef<MappedArg> arguments() const { return Args; }

private:
  const Device *Dev = nullptr;
  std::vector<MappedArg> Args;
  TransferStats Stats;
};

struct DirectCopy;
/// Whether every argument of R can go to D without libomptarget: preloaded
/// data (its device address goes to Values) or small host data (added to
/// Copies). Literal slots are copied to Values as they are.
bool directArguments(const Device &D, const detail::rt::LaunchRequest &R,
                     std::uint64_t *Values,
                     llvm::SmallVectorImpl<DirectCopy> &Copies);

/// Preloading: keeps [Ptr, Ptr + Bytes) on D until the matching unstage.
/// Staging the same range again only counts; a range that overlaps a staged
/// one without being the same is an error.
llvm::Error stage(const Device &D, void *Ptr, std::int64_t Bytes,
                  TransferStats &Stats);
/// Copies staged data back to the host now.
llvm::Error syncBack(const Device &D, void *Ptr, std::int64_t Bytes,
                     TransferStats &Stats);
/// Releases one staging of the range; a mutable one copies back first.
llvm::Error unstage(const Device &D, void *Ptr, std::int64_t Bytes,
                    bool Mutable, TransferStats &Stats);

//===-- Mapping and launch
//-------------------------------------------------===//

/// Copies [Ptr, Ptr + Bytes) to the device (or just allocates it) and keeps
/// it there until unmapData; MapType is a libomptarget map-type bitmask.
llvm::Error mapData(const Device &D, void *Ptr, std::int64_t Bytes,
                    std::int64_t MapType);
llvm::Error unmapData(const Device &D, void *Ptr, std::int64_t Bytes,
                      std::int64_t MapType);
/// The device address of mapped host data.
llvm::Expected<void *> devicePointer(const Device &D, const void *Ptr);

/// Runs one lowered offload() call on D.
llvm::Error launchOn(const Device &D, const detail::rt::LaunchRequest &R);

/// Activates each CUDA GPU's primary context with the scheduling that
/// OFFLOAD_CUDA_SYNC names, before libomptarget would make it blocking.
void prepareCudaContexts();
/// Waits for all work queued on D (by vendor libraries too).
llvm::Error synchronizeDevice(const Device &D);
/// Small host data a direct launch copies in before the kernel (and back
/// after it, when From).
struct DirectCopy {
  unsigned Slot;
  void *Host;
  std::int64_t Bytes;
  bool From;
};
/// The largest DirectCopy.
std::size_t directCopyLimit();
/// Launches kernel K on D's own stream, bypassing libomptarget, when D can
/// (a CUDA GPU with an image for K; OFFLOAD_LAUNCH not `sync`); false when
/// the launch must go through libomptarget. Values holds the slots' device
/// values; the slots of Copies get scratch addresses. Without Copies the
/// call returns once the kernel is queued; with them, once it has finished
/// and From data is back.
llvm::Expected<bool> launchDirect(const Device &D, const Registry::Kernel &K,
                                  const std::uint32_t Blocks[3],
                                  const std::uint32_t Block[3],
                                  std::uint64_t *Values, unsigned NumSlots,
                                  llvm::ArrayRef<DirectCopy> Copies);
/// Registers and local bytes per thread of K on D (a CUDA GPU), and the
/// threads of K that D runs at once in blocks of DefaultBlock; left
/// unchanged where D cannot say.
void cudaKernelResources(const Device &D, const Registry::Kernel &K,
                         int &Registers, int &LocalBytes,
                         std::int64_t &ResidentThreads);
/// Waits for every queued launch; an error names the kernels that may have
/// failed.
llvm::Error synchronizeQueues();
/// The CUctx_flags of an OFFLOAD_CUDA_SYNC value, if it is one.
std::optional<unsigned> cudaSyncFlags(llvm::StringRef Mode);

/// Threads per block when a launch does not say.
inline constexpr std::uint32_t DefaultBlock = 256;

/// Finds and loads cuBLAS (see docs/env.md, OFFLOAD_CUBLAS): its handle and
/// path, or an error that lists where it looked.
llvm::Expected<std::pair<void *, std::string>> loadCublas();

//===-- Reporting
//----------------------------------------------------------===//

/// OFFLOAD_INFO bits.
enum InfoBit : unsigned {
  InfoCalls = 0x1,     // one line per call: geometry, bytes, times
  InfoEvents = 0x2,    // registration and device selection
  InfoTransfers = 0x4, // one line per copied argument
  InfoSummary = 0x8,   // totals per kernel and per direction at exit
};

/// Adds one call to the program's transfer totals and, with InfoSummary, to
/// the per-name totals printed at exit (Name is only asked for then).
void recordCall(llvm::function_ref<std::string()> Name, double CallSeconds,
                const TransferStats &Stats);
unsigned infoBits();
void info(InfoBit Bit, const char *Format, ...)
    __attribute__((format(printf, 2, 3)));
/// Prints "offload: error: ..." and exits with status 1.
[[noreturn]] void fatal(llvm::Error E);

} // namespace offload::rt
