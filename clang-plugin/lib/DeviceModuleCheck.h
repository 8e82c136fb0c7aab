//===- DeviceModuleCheck.h - What a device image must not leave undefined -===//
//
// Runs last in every device compile's optimization pipeline. A kernel that
// reaches a variable or a function nothing in the image defines would fail
// when the image is loaded (the host device's dlopen, an AMD code object),
// or, for a variable on NVIDIA GPUs, silently read zeros (ptxas defines an
// unresolved variable itself). The pass reports each such symbol with the
// entries that reach it, in a form the host's device pass turns into an
// error naming the kernels and their offload() calls.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"

#include <optional>
#include <string>
#include <vector>

namespace offload::plugin {

/// A symbol an image needs but nothing defines, and the kernel entries
/// that reach it (empty when that is not known). The pass reports it in a
/// line of the device compile's output that the host reads back.
struct UnresolvedSymbol {
  bool IsVariable = false;
  std::string Symbol;
  std::vector<std::string> Entries;

  std::string format() const;
  static std::optional<UnresolvedSymbol> parse(llvm::StringRef Line);
};

class DeviceModuleCheckPass
    : public llvm::PassInfoMixin<DeviceModuleCheckPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace offload::plugin
