//===- runtime/Registry.cpp - Image registration --------------------------===//

#include "Runtime.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <offload/detail/params.hpp>

#include <cstdio>
#include <cstdlib>

using namespace llvm;

namespace offload::rt {

Registry &Registry::get() {
  static Registry R;
  return R;
}

Error Registry::add(Registration &R) {
  if (R.AbiVersion != detail::AbiVersion)
    return createStringError(
        formatv("{0} was compiled by a cxx-offload plugin with ABI version "
                "{1}, but this runtime has version {2}: rebuild it with the "
                "installed plugin",
                R.Source, R.AbiVersion, detail::AbiVersion)
            .str());
  if (!R.Desc || R.Desc->NumDeviceImages <= 0)
    return createStringError(
        formatv("{0} registered no device image", R.Source).str());

  bool First = Registrations.empty();
  if (First)
    prepareCudaContexts();
  __tgt_register_lib(R.Desc);
  // Registering initialises the device plugins (cuInit), which set up exit
  // handlers of their own; ours must run before them, so it comes after.
  if (First)
    std::atexit([] { Registry::get().clear(); });
  Registrations.push_back(&R);
  std::vector<std::string> &Targets = TargetLists[&R];
  for (StringRef T : split(StringRef(R.Targets), ','))
    Targets.push_back(T.str());
  // An inline kernel used in several translation units is in each of their
  // images; the first registration serves all of them.
  for (const KernelRecord &K : ArrayRef(R.Kernels, R.NumKernels))
    Kernels.try_emplace(K.Key, Kernel{&K, &R, &Targets});
  info(InfoEvents, "registered %d image(s) [%s] with %u kernel(s) from %s",
       R.Desc->NumDeviceImages, R.Targets, R.NumKernels, R.Source);
  return Error::success();
}

const Registry::Kernel *Registry::find(const void *Key) const {
  auto It = Kernels.find(Key);
  return It == Kernels.end() ? nullptr : &It->second;
}

std::vector<std::string> Registry::targets() const {
  std::vector<std::string> Seen;
  for (const Registration *R : Registrations)
    for (const std::string &T : TargetLists.at(R))
      if (!is_contained(Seen, T))
        Seen.push_back(T);
  return Seen;
}

void Registry::clear() {
  // Kernels still queued must finish before their images go. One that failed
  // fails the program even if nothing waited for it.
  if (Error E = synchronizeQueues()) {
    std::fprintf(stderr, "offload: error: %s\n", toString(std::move(E)).c_str());
    std::_Exit(1);
  }
  for (Registration *R : reverse(Registrations))
    __tgt_unregister_lib(R->Desc);
  Registrations.clear();
  Kernels.clear();
  TargetLists.clear();
}

extern "C" void __cxxoffload_register(Registration *R) {
  if (Error E = Registry::get().add(*R))
    fatal(std::move(E));
}

} // namespace offload::rt
