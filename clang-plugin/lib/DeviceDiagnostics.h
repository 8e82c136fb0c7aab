//===- DeviceDiagnostics.h - Device compile failures as clang diagnostics -===//
//
// Nothing a device compile, ptxas or ld.lld prints reaches the user as it
// is. When one fails, its output is read back: clang's own diagnostics are
// reported again at the same places of the host compile, symbols nothing
// defines are reported for the kernels that use them at their offload()
// calls, and anything else is explained, with the tool's output as a note.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "DeviceModuleCheck.h"
#include "Diagnostics.h"
#include "Metadata.h"
#include "Options.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
class SourceManager;
}

namespace offload::plugin {

class DeviceDiagnostics {
public:
  DeviceDiagnostics(Diagnostics &Diags, clang::SourceManager &SM,
                    const Metadata &M)
      : Diags(Diags), SM(SM), M(M) {}

  /// T's device compile failed with Why after printing Output.
  void compileFailed(const Target &T, llvm::StringRef Output,
                     llvm::StringRef Why, llvm::ArrayRef<std::string> Command);
  /// The remarks T's device compile printed (-R options ask for them).
  void remarks(const Target &T, llvm::StringRef Output);
  /// T's image needs Symbols, which nothing defines.
  void unresolved(const Target &T, llvm::ArrayRef<UnresolvedSymbol> Symbols);
  /// A tool that builds T's image failed with Why after printing Output.
  void toolFailed(const Target &T, llvm::StringRef Why, llvm::StringRef Output,
                  llvm::ArrayRef<std::string> Command);

private:
  clang::SourceLocation location(llvm::StringRef FileLineCol);
  /// Where the kernel of Entry is offloaded first, if it is one of M's.
  const KernelInstance *kernelOf(llvm::StringRef Entry) const;
  /// Notes which kernels the image holds, at their first call.
  void noteKernels(const Target &T);

  Diagnostics &Diags;
  clang::SourceManager &SM;
  const Metadata &M;
};

} // namespace offload::plugin
