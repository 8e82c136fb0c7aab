//===- DeviceModuleCheck.h - What a device image must not leave undefined -===//
//
// Runs last in every device compile's optimization pipeline. A kernel that
// reaches a variable or a function nothing in the image defines would fail
// when the image is loaded (the host device's dlopen, an AMD code object),
// or, for a variable on NVIDIA GPUs, silently read zeros (ptxas defines an
// unresolved variable itself). The pass lists each such symbol with the
// entries that reach it in a side file (device-unresolved=FILE, JSON); the
// host's device pass reads the file after the compile and reports an error
// naming the kernels and their offload() calls.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"

#include <string>
#include <vector>

namespace offload::plugin {

/// A symbol an image needs but nothing defines, and the kernel entries
/// that reach it (empty when that is not known).
struct UnresolvedSymbol {
  bool IsVariable = false;
  std::string Symbol;
  std::vector<std::string> Entries;
};

/// Where the pass of this device compile lists the symbols it finds: set
/// from the plugin's arguments (device-unresolved=FILE) before the pipeline
/// runs. Without it the pass reports each symbol as an error of its own.
void setUnresolvedSymbolsFile(std::string Path);
/// The symbols a device compile listed in Path; none when it wrote none.
std::vector<UnresolvedSymbol> readUnresolvedSymbols(llvm::StringRef Path);

class DeviceModuleCheckPass
    : public llvm::PassInfoMixin<DeviceModuleCheckPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace offload::plugin
