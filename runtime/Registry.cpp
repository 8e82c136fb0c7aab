//===- runtime/Registry.cpp - Image registration --------------------------===//
//
// Each translation unit the plugin built registers its kernels and images
// from a constructor. Nothing is loaded then: a device loads the image it
// runs when one of the image's kernels first runs there.
//
//===----------------------------------------------------------------------===//

#include "Registry.h"
#include "DeviceState.h"
#include "Devices.h"
#include "Report.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <offload/detail/abi.hpp>

#include <cstdio>
#include <cstdlib>

using namespace llvm;

namespace offload::rt {

static std::atomic<bool> Exiting{false};

Registry &Registry::get() {
  // Never destroyed: kernels may still be looked up while the program's
  // static destructors run.
  static Registry *R = new Registry;
  return *R;
}

std::vector<std::string> imageTargets(const Registration &R) {
  std::vector<std::string> Targets;
  for (const detail::abi::DeviceImage &I : ArrayRef(R.Images, R.NumImages))
    Targets.push_back(I.Target ? I.Target : "?");
  return Targets;
}

Error Registry::add(const Registration &R) {
  if (R.AbiVersion != detail::AbiVersion)
    return createStringError(
        formatv("{0} was compiled by a cxx-offload plugin with ABI version "
                "{1}, but this runtime has version {2}: rebuild it with the "
                "installed plugin",
                R.Source, R.AbiVersion, detail::AbiVersion)
            .str());
  if (R.NumImages == 0 || !R.Images)
    return createStringError(
        formatv("{0} registered no device image", R.Source).str());
  // At exit the registrations stay: static destructors may still offload,
  // and the devices' libraries may already be gone.
  static const bool WatchesExit = [] {
    std::atexit([] { Exiting = true; });
    return true;
  }();
  (void)WatchesExit;
  {
    std::unique_lock<std::shared_mutex> L(Lock);
    Registrations.push_back(&R);
    // An inline kernel used in several translation units is in each of
    // their images; the first registration serves all of them.
    for (const KernelRecord &K : ArrayRef(R.Kernels, R.NumKernels))
      Kernels.try_emplace(K.Key, Kernel{&K, &R});
  }
  if (infoBits() & InfoEvents) {
    std::string Targets = join(imageTargets(R), ",");
    info(InfoEvents, "registered %u image(s) [%s] with %u kernel(s) from %s",
         R.NumImages, Targets.c_str(), R.NumKernels, R.Source);
  }
  return Error::success();
}

void Registry::remove(const Registration &R) {
  if (Exiting)
    return;
  {
    std::unique_lock<std::shared_mutex> L(Lock);
    auto It = llvm::find(Registrations, &R);
    if (It == Registrations.end())
      return;
    Registrations.erase(It);
    // R's kernels go; an inline kernel that another registration holds too
    // stays, with that registration's record.
    for (const KernelRecord &K : ArrayRef(R.Kernels, R.NumKernels)) {
      auto Known = Kernels.find(K.Key);
      if (Known == Kernels.end() || Known->second.Owner != &R)
        continue;
      Kernels.erase(Known);
      for (const Registration *Other : Registrations)
        for (const KernelRecord &O :
             ArrayRef(Other->Kernels, Other->NumKernels))
          if (O.Key == K.Key)
            Kernels.try_emplace(K.Key, Kernel{&O, Other});
    }
    Generation.fetch_add(1, std::memory_order_acq_rel);
  }
  for (const std::unique_ptr<DeviceState> &D : devicesInUse())
    D->forget(R);
  info(InfoEvents, "unregistered the images of %s", R.Source);
}

const Registry::Kernel *Registry::find(const void *Key) const {
  std::shared_lock<std::shared_mutex> L(Lock);
  auto It = Kernels.find(Key);
  return It == Kernels.end() ? nullptr : &It->second;
}

std::vector<std::string> Registry::targets() const {
  std::shared_lock<std::shared_mutex> L(Lock);
  std::vector<std::string> Seen;
  for (const Registration *R : Registrations)
    for (std::string &T : imageTargets(*R))
      if (!is_contained(Seen, T))
        Seen.push_back(std::move(T));
  return Seen;
}

std::size_t Registry::size() const {
  std::shared_lock<std::shared_mutex> L(Lock);
  return Registrations.size();
}

} // namespace offload::rt

extern "C" void
__cxxoffload_register(const offload::detail::abi::Registration *R) {
  if (Error E = offload::rt::Registry::get().add(*R))
    offload::rt::fatal(std::move(E));
}

extern "C" void
__cxxoffload_unregister(const offload::detail::abi::Registration *R) {
  offload::rt::Registry::get().remove(*R);
}
