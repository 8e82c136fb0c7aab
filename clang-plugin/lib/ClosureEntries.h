//===- ClosureEntries.h - Finding closure kernels in LLVM IR --------------===//
//
// A lambda or function object kernel has no name the device source could
// spell, so <offload/detail/closure.hpp> tags its functions with
// [[clang::annotate(Tag, ClosureId)]]: the host's callClosure<C, P...> with
// "offload.closure" (the kernel's key for registration), the device's
// closureEntry<...> with "offload.entry". Both passes compute the same
// ClosureId, so these annotations connect them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/PassManager.h"

#include <cstdint>
#include <string>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace offload::plugin {

inline constexpr const char *ClosureKeyTag = "offload.closure";
inline constexpr const char *ClosureEntryTag = "offload.entry";

/// The functions of M annotated Tag, by their ClosureId.
llvm::DenseMap<std::uint64_t, llvm::Function *>
closureFunctions(llvm::Module &M, llvm::StringRef Tag);

/// The entry symbol of a closure kernel.
std::string closureEntryName(std::uint64_t Id);

/// Device compiles: gives each closureEntry instantiation its entry name,
/// external linkage and visibility, as the generated entries of named
/// kernels have. (A closure local to a function makes the instantiation
/// internal; the image's entry must be found by name.)
class ClosureEntryPass : public llvm::PassInfoMixin<ClosureEntryPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace offload::plugin
