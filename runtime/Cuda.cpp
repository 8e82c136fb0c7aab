//===- runtime/Cuda.cpp - What the runtime asks the CUDA driver itself ----===//
//
// Three things liboffload 22 cannot be asked for:
//
// - How the host waits. The CUDA plugin sets each primary context to
//   CU_CTX_SCHED_BLOCKING_SYNC, so every wait puts the host thread to sleep
//   and pays its wake-up (about 15 us on an H200), unless the context is
//   already active. Before liboffload starts, the runtime activates the
//   primary contexts itself, with the scheduling that OFFLOAD_CUDA_SYNC
//   names (default: CUDA's own).
// - A kernel's registers, spills and occupancy (offload::kernel_resources):
//   the runtime loads the image into a module of its own, once, only when
//   asked.
// - Waiting for cuBLAS, which queues work on the context's default stream:
//   the calling thread is bound to the device's primary context before a
//   library call, and the context is synchronised after it.
//
//===----------------------------------------------------------------------===//

#include "Cuda.h"
#include "Report.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstdlib>
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
constexpr int FuncAttrMaxBlock = 0, FuncAttrLocalBytes = 3,
              FuncAttrRegisters = 4;

/// The driver entry points used, from the installed libcuda (absent on a
/// machine without an NVIDIA driver).
struct Driver {
  using Result = int;
  Result (*Init)(unsigned);
  Result (*DeviceGetCount)(int *);
  Result (*DeviceGet)(int *, int);
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

  /// The primary context of device Ordinal, retained once.
  Expected<void *> context(int Ordinal) const {
    static std::mutex M;
    static std::map<int, void *> Contexts;
    std::lock_guard<std::mutex> L(M);
    void *&Ctx = Contexts[Ordinal];
    int Dev = 0;
    if (!Ctx)
      if (Result R = DeviceGet(&Dev, Ordinal);
          R || (R = PrimaryCtxRetain(&Ctx, Dev)))
        return createStringError("cuDevicePrimaryCtxRetain: " + describe(R));
    return Ctx;
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
    Bind(D.GetErrorName, "cuGetErrorName");
    Bind(D.GetErrorString, "cuGetErrorString");
    if (!Complete || D.Init(0) != 0)
      return std::nullopt;
    return D;
  }
};

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
    int Dev = 0;
    char Name[256] = "NVIDIA GPU";
    if (Cu->DeviceGet(&Dev, I) != 0)
      continue;
    Cu->DeviceGetName(Name, sizeof(Name), Dev);
    Gpus.push_back({DeviceKind::Cuda, Name, cudaArch(I)});
  }
  return Gpus;
}

std::string cudaArch(int Ordinal) {
  const Driver *Cu = Driver::get();
  int Dev = 0, Major = 0, Minor = 0;
  if (!Cu || Cu->DeviceGet(&Dev, Ordinal) != 0 ||
      Cu->DeviceGetAttribute(&Major, AttrComputeMajor, Dev) != 0 ||
      Cu->DeviceGetAttribute(&Minor, AttrComputeMinor, Dev) != 0)
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
    return; // the CUDA plugin's own choice, or no NVIDIA driver
  int N = 0;
  if (Cu->DeviceGetCount(&N) != 0)
    return;
  for (int I = 0; I < N; ++I) {
    int Dev = 0, Active = 0;
    unsigned Current = 0;
    if (Cu->DeviceGet(&Dev, I) != 0 ||
        Cu->PrimaryCtxGetState(Dev, &Current, &Active) != 0 || Active)
      continue;
    // The retained context stays active for the life of the process.
    if (Cu->PrimaryCtxSetFlags(Dev, *Flags) == 0 && Cu->context(I))
      info(InfoEvents, "CUDA device %d: host waits with '%s' scheduling", I,
           Env && *Env ? Env : "auto");
  }
}

Error cudaBindContext(int Ordinal) {
  const Driver *Cu = Driver::get();
  if (!Cu)
    return createStringError("the CUDA driver (libcuda.so.1) is not loaded");
  Expected<void *> Ctx = Cu->context(Ordinal);
  if (!Ctx)
    return Ctx.takeError();
  if (int R = Cu->CtxSetCurrent(*Ctx))
    return createStringError("cuCtxSetCurrent: " + Cu->describe(R));
  return Error::success();
}

Error cudaSynchronizeContext(int Ordinal) {
  if (Error E = cudaBindContext(Ordinal))
    return E;
  const Driver *Cu = Driver::get();
  if (int R = Cu->CtxSynchronize())
    return createStringError(
        "the device failed while a library call ran (cuCtxSynchronize: " +
        Cu->describe(R) + ")");
  return Error::success();
}

KernelResources cudaKernelResources(int Ordinal, StringRef Image,
                                    const char *Symbol) {
  KernelResources R;
  const Driver *Cu = Driver::get();
  if (!Cu || cudaBindContext(Ordinal))
    return R;
  // One module per image, for these queries only.
  static std::mutex M;
  static std::map<const void *, void *> Modules;
  std::lock_guard<std::mutex> L(M);
  auto [It, New] = Modules.try_emplace(Image.data(), nullptr);
  if (New && Cu->ModuleLoadData(&It->second, Image.data()) != 0)
    It->second = nullptr;
  void *Function = nullptr;
  int Dev = 0, Multiprocessors = 0, Blocks = 0;
  if (!It->second || Cu->ModuleGetFunction(&Function, It->second, Symbol) != 0)
    return R;
  Cu->FuncGetAttribute(&R.Registers, FuncAttrRegisters, Function);
  Cu->FuncGetAttribute(&R.LocalBytes, FuncAttrLocalBytes, Function);
  Cu->FuncGetAttribute(&R.MaxBlock, FuncAttrMaxBlock, Function);
  if (Cu->DeviceGet(&Dev, Ordinal) == 0 &&
      Cu->DeviceGetAttribute(&Multiprocessors, AttrMultiprocessors, Dev) == 0 &&
      Cu->OccupancyMaxActiveBlocks(&Blocks, Function, DefaultBlock, 0) == 0)
    R.ResidentThreads = std::int64_t(Blocks) * Multiprocessors * DefaultBlock;
  return R;
}

} // namespace offload::rt
