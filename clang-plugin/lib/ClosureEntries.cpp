//===- ClosureEntries.cpp - Finding closure kernels in LLVM IR ------------===//

#include "ClosureEntries.h"

#include "llvm/TargetParser/Triple.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace offload::plugin {

DenseMap<std::uint64_t, Function *> closureFunctions(Module &M,
                                                     StringRef Tag) {
  DenseMap<std::uint64_t, Function *> Found;
  // llvm.global.annotations: { ptr function, ptr string, ptr file, i32 line,
  // ptr arguments }, the arguments a constant struct { i64 ClosureId }.
  GlobalVariable *Annotations = M.getNamedGlobal("llvm.global.annotations");
  auto *Array = Annotations && Annotations->hasInitializer()
                    ? dyn_cast<ConstantArray>(Annotations->getInitializer())
                    : nullptr;
  if (!Array)
    return Found;
  for (const Use &Op : Array->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(Op.get());
    if (!Entry || Entry->getNumOperands() < 5)
      continue;
    auto *F = dyn_cast<Function>(Entry->getOperand(0)->stripPointerCasts());
    auto *Text = dyn_cast<GlobalVariable>(Entry->getOperand(1)->stripPointerCasts());
    auto *Args = dyn_cast<GlobalVariable>(Entry->getOperand(4)->stripPointerCasts());
    auto *Chars = Text && Text->hasInitializer()
                      ? dyn_cast<ConstantDataArray>(Text->getInitializer())
                      : nullptr;
    if (!F || !Chars || !Chars->isCString() || Chars->getAsCString() != Tag ||
        !Args || !Args->hasInitializer())
      continue;
    auto *Values = dyn_cast<ConstantStruct>(Args->getInitializer());
    auto *Id = Values && Values->getNumOperands() == 1
                   ? dyn_cast<ConstantInt>(Values->getOperand(0))
                   : nullptr;
    if (Id)
      Found[Id->getZExtValue()] = F;
  }
  return Found;
}

std::string closureEntryName(std::uint64_t Id) {
  return "__offload_k_" + utohexstr(Id, /*LowerCase=*/true, 16);
}

PreservedAnalyses ClosureEntryPass::run(Module &M, ModuleAnalysisManager &) {
  auto Entries = closureFunctions(M, ClosureEntryTag);
  for (auto &[Id, F] : Entries) {
    std::string Name = closureEntryName(Id);
    if (Function *Other = M.getFunction(Name); Other && Other != F) {
      M.getContext().emitError("cxx-offload: two closure kernels share the "
                               "entry " + Name);
      continue;
    }
    F->setName(Name);
    F->setLinkage(GlobalValue::ExternalLinkage);
    F->setVisibility(GlobalValue::ProtectedVisibility);
    F->setComdat(nullptr);
    F->setDSOLocal(true);
    // amdgpu_kernel is not allowed on a function template, so the header
    // leaves it off closure entries for AMD GPUs, and it is added here.
    if (Triple(M.getTargetTriple()).isAMDGPU())
      F->setCallingConv(CallingConv::AMDGPU_KERNEL);
  }
  return Entries.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace offload::plugin
