//===- Compatibility.h - Shims over clang/LLVM version differences --------===//
//
// Every use of an API whose shape changed between clang releases goes
// through here, so that moving to a new release touches one file.
// Supported: clang/LLVM 22.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInvocation.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

#if CLANG_VERSION_MAJOR != 22
#error "cxx-offload's plugin supports clang 22 only"
#endif

namespace offload::compat {

/// The -cc1 arguments that reproduce Invocation.
inline std::vector<std::string>
cc1Arguments(const clang::CompilerInvocation &Invocation) {
  std::vector<std::string> Args;
  Invocation.generateCC1CommandLine(
      [&](const llvm::Twine &Arg) { Args.push_back(Arg.str()); });
  return Args;
}

} // namespace offload::compat
