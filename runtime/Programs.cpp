//===- runtime/Programs.cpp - Loading and unloading images on a device ---===//
//
// A device loads the image of a registration when one of its kernels first
// runs there, once, outside the device's main lock (olCreateProgram may JIT
// PTX for seconds), after checking that the image is the one the plugin
// embedded. A registration that goes (its shared library was closed) takes
// its programs and loaded kernels with it.
//
//===----------------------------------------------------------------------===//

#include "DeviceState.h"
#include "Devices.h"
#include "Images.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace offload::rt {

Expected<LoadedKernel> DeviceState::kernel(const Registry::Kernel &K) {
  // Loaded kernels stay loaded: a thread remembers the last one it ran here
  // without taking the lock.
  // A record's address may be reused by a library loaded after another
  // was closed: the registry's generation tells.
  struct LastKernel {
    const DeviceState *Device;
    const KernelRecord *Record;
    std::uint64_t Generation;
    LoadedKernel Loaded;
  };
  thread_local LastKernel Last{nullptr, nullptr, 0, {}};
  const std::uint64_t Generation = Registry::get().generation();
  if (Last.Device == this && Last.Record == K.Record &&
      Last.Generation == Generation)
    return Last.Loaded;
  Expected<LoadedKernel> Loaded = kernelLocked(K);
  if (Loaded)
    Last = {this, K.Record, Generation, *Loaded};
  return Loaded;
}

/// Whether R's images are the bytes the plugin embedded: an executable
/// changed after it was linked must not run them.
static Error checkImages(const Registration &R) {
  if (!R.ImagesCrc)
    return Error::success();
  std::uint32_t Crc = 0;
  for (const detail::abi::DeviceImage &I : ArrayRef(R.Images, R.NumImages))
    Crc = crc32(Crc, ArrayRef(static_cast<const std::uint8_t *>(I.Begin),
                              static_cast<const std::uint8_t *>(I.End)));
  if (Crc != R.ImagesCrc)
    return createStringError(
        formatv("the embedded device images are damaged (CRC-32 {0:x-8}, "
                "built as {1:x-8}): the executable changed after it was "
                "linked; rebuild it",
                Crc, R.ImagesCrc)
            .str());
  return Error::success();
}

Expected<LoadedKernel> DeviceState::kernelLocked(const Registry::Kernel &K) {
  auto Known = [&]() -> std::optional<LoadedKernel> {
    std::lock_guard<std::mutex> L(Lock);
    if (auto It = Kernels.find(K.Record); It != Kernels.end())
      return It->second;
    return std::nullopt;
  };
  if (std::optional<LoadedKernel> Loaded = Known())
    return *Loaded;
  std::lock_guard<std::mutex> Loading(LoadLock);
  // Another thread may have loaded it while this one waited.
  if (std::optional<LoadedKernel> Loaded = Known())
    return *Loaded;
  // The owner's first image that runs here (images are in the order of
  // their targets: an exact match comes first when the plugin built one).
  const Registration &R = *K.Owner;
  const detail::abi::DeviceImage *Image = nullptr;
  for (const detail::abi::DeviceImage &I : ArrayRef(R.Images, R.NumImages))
    if (I.Target && Info.Arch == I.Target) {
      Image = &I;
      break;
    }
  for (const detail::abi::DeviceImage &I : ArrayRef(R.Images, R.NumImages))
    if (!Image && I.Target && imageRuns(I.Target, Info.Arch))
      Image = &I;
  // Each translation unit carries the images it was built for.
  if (!Image)
    return createStringError(
        formatv("kernel '{0}' has no image for device {1} ({2}): {3} was "
                "built for [{4}]; rebuild it with "
                "-fplugin-arg-offload-targets={2}, or choose another device "
                "with OFFLOAD_DEVICE",
                K.Record->Name, Info.Id, Info.Arch, R.Source,
                join(imageTargets(R), ","))
            .str());
  StringRef Bytes(static_cast<const char *>(Image->Begin),
                  static_cast<const char *>(Image->End) -
                      static_cast<const char *>(Image->Begin));
  auto [P, New] = Programs.try_emplace(&R, nullptr);
  if (New) {
    Expected<void *> Program = [&]() -> Expected<void *> {
      if (Error E = checkImages(R))
        return std::move(E);
      return Driver->loadImage(Bytes);
    }();
    if (!Program) {
      Programs.erase(P);
      return createStringError(
          formatv("kernel '{0}' on device {1} ({2}): {3} ({4} image of {5})",
                  K.Record->Name, Info.Id, kindName(Info.Kind),
                  toString(Program.takeError()), Image->Target, R.Source)
              .str());
    }
    P->second = *Program;
  }
  Expected<void *> Handle = Driver->findKernel(P->second, K.Record->Symbol);
  if (!Handle)
    return createStringError(
        formatv("kernel '{0}' on device {1} ({2}): {3}", K.Record->Name,
                Info.Id, kindName(Info.Kind), toString(Handle.takeError()))
            .str());
  LoadedKernel Loaded{*Handle, Bytes, K.Record->Symbol, K.Record->Name};
  // Once per kernel: how many blocks a launch that folds them may keep.
  const KernelResources Used = Driver->resources(Loaded);
  if (Used.ResidentThreads > 0 && Info.ComputeUnits)
    Loaded.ResidentThreadsPerUnit =
        std::uint32_t(Used.ResidentThreads / Info.ComputeUnits);
  std::lock_guard<std::mutex> L(Lock);
  Kernels.emplace(K.Record, Loaded);
  return Loaded;
}

void DeviceState::forget(const Registration &R) {
  std::lock_guard<std::mutex> Loading(LoadLock);
  {
    std::lock_guard<std::mutex> L(Lock);
    for (const KernelRecord &K : ArrayRef(R.Kernels, R.NumKernels))
      Kernels.erase(&K);
  }
  auto P = Programs.find(&R);
  if (P == Programs.end())
    return;
  // Its kernels may still be queued.
  if (Error E = synchronize())
    consumeError(std::move(E));
  if (Error E = Driver->unloadImage(P->second))
    rt::info(InfoEvents, "unloading the image of %s on %s: %s", R.Source,
             describe().c_str(), toString(std::move(E)).c_str());
  else
    rt::info(InfoEvents, "unloaded the image of %s from %s", R.Source,
             describe().c_str());
  Programs.erase(P);
}

} // namespace offload::rt
