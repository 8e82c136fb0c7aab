//===- runtime/Cuda.cpp - What the runtime asks the CUDA driver itself ----===//
//
// Two things libomptarget cannot be asked for:
//
// - How the host waits. libomptarget's CUDA plugin sets each primary context
//   to CU_CTX_SCHED_BLOCKING_SYNC, so every synchronous launch puts the host
//   thread to sleep and pays its wake-up (about 15 us on an H200), unless the
//   context is already active. Before the first registration the runtime
//   activates the primary contexts itself, with the scheduling that
//   OFFLOAD_CUDA_SYNC names (default: CUDA's own).
//
// - Launches that do not wait. __tgt_target_kernel synchronises after every
//   launch unless it runs inside an OpenMP task. A call whose data a preload
//   already keeps on the GPU has nothing to copy back, so the runtime queues
//   it on a stream of its own, from a module it loads from the same cubin,
//   and waits only when the host next needs the device (synchronizeQueues).
//   Small host data (a reduction's result, a short array) goes the same way
//   through pinned scratch memory, and then the call waits once, as a CUDA
//   program would.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <map>
#include <mutex>
#include <optional>

using namespace llvm;

namespace offload::rt {
namespace {

// CUctx_flags scheduling values.
constexpr unsigned SchedAuto = 0, SchedSpin = 1, SchedYield = 2,
                   SchedBlocking = 4;
constexpr int AttrMultiprocessors = 16, AttrComputeMajor = 75,
              AttrComputeMinor = 76;
constexpr int FuncAttrLocalBytes = 3, FuncAttrRegisters = 4;
constexpr unsigned StreamNonBlocking = 1;
constexpr std::size_t ScratchBytes = 1 << 20, ScratchAlign = 256;

/// The driver entry points used, from the installed libcuda (absent on a
/// machine without an NVIDIA driver).
struct Driver {
  using Result = int;
  Result (*Init)(unsigned);
  Result (*DeviceGetCount)(int *);
  Result (*DeviceGet)(int *, int);
  Result (*DeviceGetUuid)(unsigned char *, int);
  Result (*DeviceGetAttribute)(int *, int, int);
  Result (*DeviceGetName)(char *, int, int);
  Result (*PrimaryCtxGetState)(int, unsigned *, int *);
  Result (*PrimaryCtxSetFlags)(int, unsigned);
  Result (*PrimaryCtxRetain)(void **, int);
  Result (*CtxSetCurrent)(void *);
  Result (*CtxSynchronize)();
  Result (*ModuleLoadData)(void **, const void *);
  Result (*ModuleGetFunction)(void **, void *, const char *);
  Result (*FuncGetAttribute)(int *, int, void *);
  Result (*OccupancyMaxActiveBlocks)(int *, void *, int, std::size_t);
  Result (*StreamCreate)(void **, unsigned);
  Result (*StreamSynchronize)(void *);
  Result (*MemAlloc)(std::uint64_t *, std::size_t);
  Result (*MemAllocHost)(void **, std::size_t);
  Result (*MemcpyHtoDAsync)(std::uint64_t, const void *, std::size_t, void *);
  Result (*MemcpyDtoHAsync)(void *, std::uint64_t, std::size_t, void *);
  Result (*LaunchKernel)(void *, unsigned, unsigned, unsigned, unsigned,
                         unsigned, unsigned, unsigned, void *, void **,
                         void **);
  Result (*GetErrorName)(Result, const char **);
  Result (*GetErrorString)(Result, const char **);

  /// The driver, initialised, or null.
  static const Driver *get() {
    static const std::optional<Driver> D = load();
    return D ? &*D : nullptr;
  }

  std::string describe(Result R) const {
    const char *Name = "?", *Text = "?";
    GetErrorName(R, &Name);
    GetErrorString(R, &Text);
    return formatv("{0} ({1})", Name, Text).str();
  }

private:
  static std::optional<Driver> load() {
    void *H = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!H)
      return std::nullopt;
    Driver D;
    bool Complete = true;
    auto Bind = [&](auto &Fn, const char *Name) {
      Fn = reinterpret_cast<std::remove_reference_t<decltype(Fn)>>(
          dlsym(H, Name));
      Complete &= Fn != nullptr;
    };
    Bind(D.Init, "cuInit");
    Bind(D.DeviceGetCount, "cuDeviceGetCount");
    Bind(D.DeviceGet, "cuDeviceGet");
    Bind(D.DeviceGetUuid, "cuDeviceGetUuid_v2");
    Bind(D.DeviceGetAttribute, "cuDeviceGetAttribute");
    Bind(D.DeviceGetName, "cuDeviceGetName");
    Bind(D.PrimaryCtxGetState, "cuDevicePrimaryCtxGetState");
    Bind(D.PrimaryCtxSetFlags, "cuDevicePrimaryCtxSetFlags_v2");
    Bind(D.PrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
    Bind(D.CtxSetCurrent, "cuCtxSetCurrent");
    Bind(D.CtxSynchronize, "cuCtxSynchronize");
    Bind(D.ModuleLoadData, "cuModuleLoadData");
    Bind(D.ModuleGetFunction, "cuModuleGetFunction");
    Bind(D.FuncGetAttribute, "cuFuncGetAttribute");
    Bind(D.OccupancyMaxActiveBlocks,
         "cuOccupancyMaxActiveBlocksPerMultiprocessor");
    Bind(D.StreamCreate, "cuStreamCreate");
    Bind(D.StreamSynchronize, "cuStreamSynchronize");
    Bind(D.MemAlloc, "cuMemAlloc_v2");
    Bind(D.MemAllocHost, "cuMemAllocHost_v2");
    Bind(D.MemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2");
    Bind(D.MemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2");
    Bind(D.LaunchKernel, "cuLaunchKernel");
    Bind(D.GetErrorName, "cuGetErrorName");
    Bind(D.GetErrorString, "cuGetErrorString");
    if (!Complete || D.Init(0) != 0)
      return std::nullopt;
    return D;
  }
};

/// The runtime's own stream on one GPU, and what it has loaded there.
struct Queue {
  void *Context = nullptr, *Stream = nullptr;
  std::string Arch; // the device's sm_XY
  // A module per registration; null where no image loaded.
  std::map<const Registration *, void *> Modules;
  std::map<const void *, void *> Functions; // by entry ID
  // Small arguments travel through this pinned buffer and its device twin;
  // a call that uses them waits before the next one can.
  void *PinnedScratch = nullptr;
  std::uint64_t DeviceScratch = 0;
  // The kernels queued since the last wait, for messages: how many, and
  // the first few names.
  std::size_t Pending = 0;
  int Multiprocessors = 0;
  static constexpr unsigned MaxNames = 4;
  SmallVector<const char *, MaxNames> PendingNames;
};

// Never destroyed: the runtime's exit handler still waits on the queues
// after static destructors have run.
std::mutex &queuesLock() {
  static auto *L = new std::mutex;
  return *L;
}
std::map<int, Queue> &queues() {
  static auto *Q = new std::map<int, Queue>;
  return *Q;
}

bool asyncLaunchesEnabled() {
  static const bool Enabled = [] {
    const char *V = std::getenv("OFFLOAD_LAUNCH");
    StringRef Mode = V ? StringRef(V).trim() : "";
    if (Mode.empty() || Mode == "async")
      return true;
    if (Mode == "sync")
      return false;
    fatal(createStringError(
        formatv("OFFLOAD_LAUNCH='{0}' is not a launch mode: use async or sync",
                Mode)
            .str()));
  }();
  return Enabled;
}

/// The CUDA ordinal of the libomptarget device whose UID is "CUDA-<uuid>".
std::optional<int> cudaOrdinal(const Driver &Cu, StringRef Uid) {
  int N = 0;
  if (Cu.DeviceGetCount(&N) != 0)
    return std::nullopt;
  for (int I = 0; I < N; ++I) {
    int Dev = 0;
    unsigned char Uuid[16];
    if (Cu.DeviceGet(&Dev, I) == 0 && Cu.DeviceGetUuid(Uuid, Dev) == 0 &&
        Uid.equals_insensitive("CUDA-" + toHex(ArrayRef(Uuid), true)))
      return Dev;
  }
  return std::nullopt;
}

/// The queue of D, set up on first use; null when D cannot queue launches.
Queue *queueFor(const Driver &Cu, const Device &D) {
  auto [It, New] = queues().try_emplace(D.Id);
  Queue &Q = It->second;
  if (!New)
    return Q.Stream ? &Q : nullptr;
  std::optional<int> Dev = cudaOrdinal(Cu, D.Uid);
  if (!Dev || D.Arch.empty() || Cu.PrimaryCtxRetain(&Q.Context, *Dev) != 0 ||
      Cu.CtxSetCurrent(Q.Context) != 0 ||
      Cu.DeviceGetAttribute(&Q.Multiprocessors, AttrMultiprocessors, *Dev) !=
          0 ||
      Cu.StreamCreate(&Q.Stream, StreamNonBlocking) != 0 ||
      Cu.MemAllocHost(&Q.PinnedScratch, ScratchBytes) != 0 ||
      Cu.MemAlloc(&Q.DeviceScratch, ScratchBytes) != 0) {
    info(InfoEvents, "device %d: launches wait for the kernel (no CUDA stream)",
         D.Id);
    Q.Stream = nullptr;
    return nullptr;
  }
  Q.Arch = D.Arch;
  info(InfoEvents, "device %d: calls on preloaded data are queued (%s)", D.Id,
       Q.Arch.c_str());
  return &Q;
}

/// The function of kernel K in the owner's image for this GPU, loading the
/// image on first use; null when no image fits.
void *functionFor(const Driver &Cu, Queue &Q, const Registry::Kernel &K) {
  if (auto It = Q.Functions.find(K.Record->EntryId); It != Q.Functions.end())
    return It->second;
  auto [M, New] = Q.Modules.try_emplace(K.Owner, nullptr);
  const __tgt_bin_desc &Desc = *K.Owner->Desc;
  if (New) {
    // The images are in the order of the registration's target list; load
    // the one built for this GPU, else one that runs on it.
    const std::vector<std::string> &Targets = *K.Targets;
    auto Image = find(Targets, Q.Arch);
    if (Image == Targets.end())
      Image = find_if(Targets, [&](const std::string &T) {
        return imageRuns(T, Q.Arch);
      });
    const int I = Image - Targets.begin();
    if (I < Desc.NumDeviceImages &&
        Cu.ModuleLoadData(&M->second, Desc.DeviceImages[I].ImageStart) != 0)
      M->second = nullptr;
  }
  void *Function = nullptr;
  for (const __tgt_offload_entry *E = Desc.HostEntriesBegin;
       M->second && E != Desc.HostEntriesEnd; ++E)
    if (E->Address == K.Record->EntryId &&
        Cu.ModuleGetFunction(&Function, M->second, E->SymbolName) != 0)
      Function = nullptr;
  return Q.Functions[K.Record->EntryId] = Function;
}

std::string pendingKernels(const Queue &Q) {
  if (Q.Pending == 1)
    return formatv("kernel '{0}'", Q.PendingNames.front()).str();
  std::string Names = join(Q.PendingNames, "', '");
  if (Q.PendingNames.size() == Queue::MaxNames)
    Names += "', ...";
  else
    Names += "'";
  return formatv("one of the {0} kernels queued since the last wait ('{1})",
                 Q.Pending, Names)
      .str();
}

Error waitFor(const Driver &Cu, int Id, Queue &Q) {
  if (!Q.Stream || Q.Pending == 0)
    return Error::success();
  int Rc = Cu.CtxSetCurrent(Q.Context);
  if (Rc == 0)
    Rc = Cu.StreamSynchronize(Q.Stream);
  std::string Failed = pendingKernels(Q);
  Q.Pending = 0;
  Q.PendingNames.clear();
  if (Rc != 0)
    return createStringError(formatv("{0} failed on device {1} (cuda): {2}",
                                     Failed, Id, Cu.describe(Rc))
                                 .str());
  return Error::success();
}

} // namespace

std::optional<unsigned> cudaSyncFlags(StringRef Mode) {
  return StringSwitch<std::optional<unsigned>>(Mode.trim().lower())
      .Cases({"", "auto"}, SchedAuto)
      .Case("spin", SchedSpin)
      .Case("yield", SchedYield)
      .Case("blocking", SchedBlocking)
      .Default(std::nullopt);
}

std::vector<InstalledGpu> cudaGpus() {
  std::vector<InstalledGpu> Gpus;
  const Driver *Cu = Driver::get();
  int N = 0;
  if (!Cu || Cu->DeviceGetCount(&N) != 0)
    return Gpus;
  for (int I = 0; I < N; ++I) {
    int Dev = 0, Major = 0, Minor = 0;
    char Name[256] = "NVIDIA GPU";
    if (Cu->DeviceGet(&Dev, I) != 0 ||
        Cu->DeviceGetAttribute(&Major, AttrComputeMajor, Dev) != 0 ||
        Cu->DeviceGetAttribute(&Minor, AttrComputeMinor, Dev) != 0)
      continue;
    Cu->DeviceGetName(Name, sizeof(Name), Dev);
    Gpus.push_back({DeviceKind::Cuda, Name,
                    "sm_" + std::to_string(Major * 10 + Minor)});
  }
  return Gpus;
}

std::string cudaArch(const Device &D) {
  const Driver *Cu = Driver::get();
  std::optional<int> Dev = Cu ? cudaOrdinal(*Cu, D.Uid) : std::nullopt;
  int Major = 0, Minor = 0;
  if (!Dev || Cu->DeviceGetAttribute(&Major, AttrComputeMajor, *Dev) != 0 ||
      Cu->DeviceGetAttribute(&Minor, AttrComputeMinor, *Dev) != 0)
    return {};
  return "sm_" + std::to_string(Major * 10 + Minor);
}

void prepareCudaContexts() {
  const char *Env = std::getenv("OFFLOAD_CUDA_SYNC");
  std::optional<unsigned> Flags = cudaSyncFlags(Env ? Env : "");
  if (!Flags)
    fatal(createStringError(
        std::string("OFFLOAD_CUDA_SYNC='") + Env +
        "' is not a scheduling mode: use auto, spin, yield or blocking"));
  const Driver *Cu = Driver::get();
  if (*Flags == SchedBlocking || !Cu)
    return; // libomptarget's own choice, or no NVIDIA driver
  int N = 0;
  if (Cu->DeviceGetCount(&N) != 0)
    return;
  for (int I = 0; I < N; ++I) {
    int Dev = 0, Active = 0;
    unsigned Current = 0;
    void *Ctx = nullptr;
    if (Cu->DeviceGet(&Dev, I) != 0 ||
        Cu->PrimaryCtxGetState(Dev, &Current, &Active) != 0 || Active)
      continue;
    // The retained context stays active for the life of the process.
    if (Cu->PrimaryCtxSetFlags(Dev, *Flags) == 0 &&
        Cu->PrimaryCtxRetain(&Ctx, Dev) == 0)
      info(InfoEvents, "CUDA device %d: host waits with '%s' scheduling", I,
           Env && *Env ? Env : "auto");
  }
}

Error synchronizeDevice(const Device &D) {
  if (D.Kind != DeviceKind::Cuda)
    return Error::success();
  if (Error E = synchronizeQueues())
    return E;
  const Driver *Cu = Driver::get();
  if (Cu && Cu->CtxSynchronize() != 0)
    return createStringError(
        "the device failed while a library call ran (cuCtxSynchronize)");
  return Error::success();
}

std::size_t directCopyLimit() { return ScratchBytes / 4; }

Expected<bool> launchDirect(const Device &D, const Registry::Kernel &K,
                            const std::uint32_t Blocks[3],
                            const std::uint32_t Block[3], std::uint64_t *Values,
                            unsigned NumSlots, ArrayRef<DirectCopy> Copies) {
  const Driver *Cu = Driver::get();
  if (D.Kind != DeviceKind::Cuda || !Cu || !asyncLaunchesEnabled())
    return false;
  std::lock_guard<std::mutex> Lock(queuesLock());
  Queue *Q = queueFor(*Cu, D);
  if (!Q)
    return false;
  if (int Rc = Cu->CtxSetCurrent(Q->Context))
    return createStringError("cuCtxSetCurrent: " + Cu->describe(Rc));
  void *Function = functionFor(*Cu, *Q, K);
  if (!Function)
    return false;

  // Small host data: packed into the pinned scratch, copied in on the
  // stream, and its slots pointed at the device scratch.
  std::size_t Packed = 0;
  bool AnyFrom = false;
  SmallVector<std::size_t, 8> Offsets;
  for (const DirectCopy &C : Copies) {
    Packed = alignTo(Packed, ScratchAlign);
    if (Packed + C.Bytes > ScratchBytes)
      return false;
    Offsets.push_back(Packed);
    std::memcpy(static_cast<char *>(Q->PinnedScratch) + Packed, C.Host,
                C.Bytes);
    Values[C.Slot] = Q->DeviceScratch + Packed;
    Packed += C.Bytes;
    AnyFrom |= C.From;
  }
  auto Fail = [&](const char *What, int Rc) {
    return createStringError(formatv("{0}: {1}", What, Cu->describe(Rc)).str());
  };
  if (Packed)
    if (int Rc = Cu->MemcpyHtoDAsync(Q->DeviceScratch, Q->PinnedScratch, Packed,
                                     Q->Stream))
      return Fail("cuMemcpyHtoDAsync", Rc);

  // The entry's parameters: the implicit dyn_ptr, then the slots.
  void *DynPtr = nullptr;
  SmallVector<void *, 17> Params{&DynPtr};
  for (unsigned I = 0; I < NumSlots; ++I)
    Params.push_back(&Values[I]);
  if (int Rc = Cu->LaunchKernel(Function, Blocks[0], Blocks[1], Blocks[2],
                                Block[0], Block[1], Block[2], 0, Q->Stream,
                                Params.data(), nullptr))
    return Fail("cuLaunchKernel", Rc);
  ++Q->Pending;
  if (!is_contained(Q->PendingNames, K.Record->Name) &&
      Q->PendingNames.size() < Queue::MaxNames)
    Q->PendingNames.push_back(K.Record->Name);
  if (Copies.empty())
    return true;

  // The scratch is reused by the next call: wait, then hand results back.
  if (AnyFrom)
    if (int Rc = Cu->MemcpyDtoHAsync(Q->PinnedScratch, Q->DeviceScratch, Packed,
                                     Q->Stream))
      return Fail("cuMemcpyDtoHAsync", Rc);
  if (Error E = waitFor(*Cu, D.Id, *Q))
    return std::move(E);
  for (auto [C, Offset] : zip(Copies, Offsets))
    if (C.From)
      std::memcpy(C.Host, static_cast<char *>(Q->PinnedScratch) + Offset,
                  C.Bytes);
  return true;
}

void cudaKernelResources(const Device &D, const Registry::Kernel &K,
                         int &Registers, int &LocalBytes,
                         std::int64_t &ResidentThreads) {
  const Driver *Cu = Driver::get();
  if (D.Kind != DeviceKind::Cuda || !Cu)
    return;
  std::lock_guard<std::mutex> Lock(queuesLock());
  Queue *Q = queueFor(*Cu, D);
  if (!Q || Cu->CtxSetCurrent(Q->Context) != 0)
    return;
  if (void *Function = functionFor(*Cu, *Q, K)) {
    Cu->FuncGetAttribute(&Registers, FuncAttrRegisters, Function);
    Cu->FuncGetAttribute(&LocalBytes, FuncAttrLocalBytes, Function);
    int Blocks = 0;
    if (Cu->OccupancyMaxActiveBlocks(&Blocks, Function, DefaultBlock, 0) == 0)
      ResidentThreads =
          std::int64_t(Blocks) * Q->Multiprocessors * DefaultBlock;
  }
}

Error synchronizeQueues() {
  std::lock_guard<std::mutex> Lock(queuesLock());
  for (auto &[Id, Q] : queues())
    if (Error E = waitFor(*Driver::get(), Id, Q))
      return E;
  return Error::success();
}

} // namespace offload::rt
