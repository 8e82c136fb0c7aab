//===- runtime/CudaContext.cpp - How the host waits for a CUDA GPU --------===//
//
// libomptarget's CUDA plugin sets the primary context of each GPU to
// CU_CTX_SCHED_BLOCKING_SYNC, so every synchronous launch puts the host thread
// to sleep and pays its wake-up (about 15 us on an H200), unless the context
// is already active, in which case it keeps its flags. Before the first
// registration the runtime therefore activates the primary contexts itself,
// with the scheduling that OFFLOAD_CUDA_SYNC names (default: auto, the CUDA
// runtime's own default: spin while the GPU has fewer contexts than the host
// has cores, else yield).
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include "llvm/ADT/StringSwitch.h"

#include <cstdlib>
#include <dlfcn.h>
#include <optional>

namespace offload::rt {
namespace {

// The few driver API entry points used, from the installed libcuda.
using CuInit = int (*)(unsigned);
using CuDeviceGetCount = int (*)(int *);
using CuDeviceGet = int (*)(int *, int);
using CuPrimaryCtxGetState = int (*)(int, unsigned *, int *);
using CuPrimaryCtxSetFlags = int (*)(int, unsigned);
using CuPrimaryCtxRetain = int (*)(void **, int);

// CUctx_flags scheduling values.
constexpr unsigned SchedAuto = 0, SchedSpin = 1, SchedYield = 2,
                   SchedBlocking = 4;

} // namespace

std::optional<unsigned> cudaSyncFlags(llvm::StringRef Mode) {
  return llvm::StringSwitch<std::optional<unsigned>>(Mode.trim().lower())
      .Cases({"", "auto"}, SchedAuto)
      .Case("spin", SchedSpin)
      .Case("yield", SchedYield)
      .Case("blocking", SchedBlocking)
      .Default(std::nullopt);
}

static void *cudaDriver() {
  static void *Handle = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  return Handle;
}

llvm::Error synchronizeDevice(const Device &D) {
  if (D.Kind != DeviceKind::Cuda)
    return llvm::Error::success();
  using CuCtxSynchronize = int (*)();
  static auto Sync = reinterpret_cast<CuCtxSynchronize>(
      cudaDriver() ? dlsym(cudaDriver(), "cuCtxSynchronize") : nullptr);
  if (Sync && Sync() != 0)
    return llvm::createStringError(
        "the device failed while a library call ran (cuCtxSynchronize)");
  return llvm::Error::success();
}

void prepareCudaContexts() {
  const char *Env = std::getenv("OFFLOAD_CUDA_SYNC");
  std::optional<unsigned> Flags = cudaSyncFlags(Env ? Env : "");
  if (!Flags)
    fatal(llvm::createStringError(
        std::string("OFFLOAD_CUDA_SYNC='") + Env +
        "' is not a scheduling mode: use auto, spin, yield or blocking"));
  if (*Flags == SchedBlocking)
    return; // libomptarget's own choice
  void *Cuda = cudaDriver();
  if (!Cuda)
    return; // no NVIDIA driver: nothing to prepare
  auto Init = reinterpret_cast<CuInit>(dlsym(Cuda, "cuInit"));
  auto Count = reinterpret_cast<CuDeviceGetCount>(dlsym(Cuda, "cuDeviceGetCount"));
  auto Get = reinterpret_cast<CuDeviceGet>(dlsym(Cuda, "cuDeviceGet"));
  auto State = reinterpret_cast<CuPrimaryCtxGetState>(
      dlsym(Cuda, "cuDevicePrimaryCtxGetState"));
  auto SetFlags = reinterpret_cast<CuPrimaryCtxSetFlags>(
      dlsym(Cuda, "cuDevicePrimaryCtxSetFlags_v2"));
  auto Retain = reinterpret_cast<CuPrimaryCtxRetain>(
      dlsym(Cuda, "cuDevicePrimaryCtxRetain"));
  int N = 0;
  if (!Init || !Count || !Get || !State || !SetFlags || !Retain ||
      Init(0) != 0 || Count(&N) != 0)
    return;
  for (int I = 0; I < N; ++I) {
    int Dev = 0, Active = 0;
    unsigned Current = 0;
    void *Ctx = nullptr;
    if (Get(&Dev, I) != 0 || State(Dev, &Current, &Active) != 0 || Active)
      continue;
    // The retained context stays active for the life of the process.
    if (SetFlags(Dev, *Flags) == 0 && Retain(&Ctx, Dev) == 0)
      info(InfoEvents, "CUDA device %d: host waits with '%s' scheduling", I,
           Env && *Env ? Env : "auto");
  }
}

} // namespace offload::rt
