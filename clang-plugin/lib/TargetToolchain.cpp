//===- TargetToolchain.cpp - What each kind of device image needs ---------===//

#include "TargetToolchain.h"
#include "Toolchain.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace offload::plugin {

std::unique_ptr<TargetToolchain> TargetToolchain::create(const Target &T) {
  switch (T.Kind) {
  case Target::Nvptx:
    return createNvptxToolchain(T);
  case Target::Amdgpu:
    return createAmdgpuToolchain(T);
  case Target::Host:
    return createHostToolchain(T);
  }
  llvm_unreachable("unknown target kind");
}

std::vector<std::string> TargetToolchain::gpuArguments(StringRef Triple,
                                                       StringRef Cpu,
                                                       StringRef HostTriple,
                                                       StringRef ResourceDir) {
  // Regenerated -cc1 arguments spell the host's system directories
  // -isystem, which clang searches before -internal-isystem ones: the
  // wrappers must come first.
  return {"-triple", Triple.str(), "-aux-triple", HostTriple.str(),
          "-target-cpu", Cpu.str(), "-isystem",
          (ResourceDir + "/include/openmp_wrappers").str(), "-include",
          "__clang_openmp_device_functions.h",
          // Locals whose address escapes stay on the thread's stack: OpenMP
          // device mode would move them to its runtime's shared stack
          // (__kmpc_alloc_shared), and no OpenMP device runtime is linked.
          "-fopenmp-cuda-mode"};
}

Error TargetToolchain::findLinker(std::optional<std::string> &Lld) {
  Lld = findLld();
  if (!Lld)
    return createStringError("ld.lld was not found (install lld-22)");
  return Error::success();
}

Error TargetToolchain::checkSharedObject(StringRef Image, const Metadata &M,
                                         bool WithDescriptors) {
  Expected<std::unique_ptr<object::ObjectFile>> Obj =
      object::ObjectFile::createObjectFile(MemoryBufferRef(Image, "image"));
  if (!Obj)
    return Obj.takeError();
  auto *Elf = dyn_cast<object::ELFObjectFileBase>(Obj->get());
  if (!Elf)
    return createStringError("the image is not an ELF shared object");
  StringSet<> Defined;
  for (const object::ELFSymbolRef &S : Elf->getDynamicSymbolIterators()) {
    Expected<StringRef> Name = S.getName();
    Expected<uint32_t> Flags = S.getFlags();
    if (!Name || !Flags) {
      consumeError(Name.takeError());
      consumeError(Flags.takeError());
      continue;
    }
    if (!(*Flags & object::SymbolRef::SF_Undefined))
      Defined.insert(*Name);
  }
  return checkEntries(M, [&](StringRef E) {
    return Defined.contains(E) &&
           (!WithDescriptors || Defined.contains((E + ".kd").str()));
  });
}

Error TargetToolchain::checkEntries(const Metadata &M,
                                    function_ref<bool(StringRef)> Has) {
  for (const KernelInstance &K : M.Kernels)
    if (!Has(K.Entry))
      return createStringError(
          formatv("the image has no entry {0} for kernel {1}", K.Entry, K.Name)
              .str());
  return Error::success();
}

} // namespace offload::plugin
