//===- DeviceDiagnostics.h - Device compile failures as clang diagnostics -===//
//
// Nothing a device compile, ptxas or ld.lld prints reaches the user as it
// is. A device compile's diagnostics come back as data (clang's serialized
// diagnostics) and are reported again at the same places of the host
// compile; the symbols nothing defines come back in a side file and are
// reported for the kernels that use them at their offload() calls; a tool
// that fails otherwise is explained, with its output as a note.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "DeviceModuleCheck.h"
#include "Diagnostics.h"
#include "Metadata.h"
#include "Options.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class SourceManager;
}

namespace offload::plugin {

/// One diagnostic of a device compile.
struct DeviceDiagnostic {
  enum { Error, Warning, Note, Remark } Level = Error;
  std::string File; // empty: no location
  unsigned Line = 0, Column = 0;
  std::string Text;
};
/// The diagnostics a device compile serialized into Path
/// (-serialize-diagnostic-file), or none if it wrote no readable file.
std::optional<std::vector<DeviceDiagnostic>>
readDeviceDiagnostics(llvm::StringRef Path);

class DeviceDiagnostics {
public:
  DeviceDiagnostics(Diagnostics &Diags, clang::SourceManager &SM,
                    const Metadata &M)
      : Diags(Diags), SM(SM), M(M) {}

  /// T's device compile failed with Why, reporting Printed (empty if it
  /// serialized none) and listing Unresolved, after printing Output.
  void compileFailed(const Target &T, llvm::ArrayRef<DeviceDiagnostic> Printed,
                     llvm::ArrayRef<UnresolvedSymbol> Unresolved,
                     llvm::StringRef Output, llvm::StringRef Why,
                     llvm::ArrayRef<std::string> Command);
  /// The remarks among T's device compile's diagnostics (-R options ask for
  /// them).
  void remarks(const Target &T, llvm::ArrayRef<DeviceDiagnostic> Printed);
  /// T's image needs Symbols, which nothing defines.
  void unresolved(const Target &T, llvm::ArrayRef<UnresolvedSymbol> Symbols);
  /// A tool that builds T's image failed with Why after printing Output.
  void toolFailed(const Target &T, llvm::StringRef Why, llvm::StringRef Output,
                  llvm::ArrayRef<std::string> Command);

private:
  clang::SourceLocation location(llvm::StringRef FileLineCol);
  clang::SourceLocation location(const DeviceDiagnostic &D);
  clang::SourceLocation location(llvm::StringRef File, unsigned Line,
                                 unsigned Col);
  /// Where the kernel of Entry is offloaded first, if it is one of M's.
  const KernelInstance *kernelOf(llvm::StringRef Entry) const;
  /// Notes which kernels the image holds, at their first call.
  void noteKernels(const Target &T);

  Diagnostics &Diags;
  clang::SourceManager &SM;
  const Metadata &M;
};

} // namespace offload::plugin
