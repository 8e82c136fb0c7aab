//===- HostPrecompiledHeader.h - The host reads the header precompiled ---===//
//
// A plain compile of a small source spends about half its time parsing
// <offload/offload.hpp> and the standard headers it includes, and the host
// pass is that compile. So the host pass reads the header precompiled too:
// from the cache (CompileCache.h), built with the host compile's own
// options, on the same condition as the device compiles (scanIncludePrefix()).
// Clang reads the header that PreprocessorOptions::ImplicitPCHInclude names
// right after it creates the plugin's consumer, and checks it against the
// compile's options then, as it does for -include-pch; the header is offered
// only if that check passes beforehand. -Rpass=offload-cache says what the
// host compile did.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "CompileCache.h"
#include "Diagnostics.h"
#include "Subprocess.h"

#include <optional>
#include <string>

namespace clang {
class CompilerInstance;
class PreprocessorOptions;
} // namespace clang

namespace offload::plugin {

class HostPrecompiledHeader {
public:
  /// Sets CI up to read the header Prefix found precompiled, if the cache in
  /// Folder has it for CI's options; else, from the second compile with
  /// these options on, starts building it for the next compiles.
  HostPrecompiledHeader(clang::CompilerInstance &CI, std::string Folder,
                        const IncludePrefix &Prefix, Diagnostics &Diags,
                        unsigned TimeLimit);
  ~HostPrecompiledHeader();

  /// Once clang has read the header (when the parse begins): takes back
  /// from the compile's options what was there only for clang's check.
  void loaded();
  /// Whether the compile reads the header precompiled.
  bool used() const { return Used; }
  /// Waits for the header this compile builds, if any, and puts it in the
  /// cache.
  void finish();

private:
  PchCache Cache;
  std::string Key;
  std::optional<Subprocess> Build;
  clang::PreprocessorOptions *Options = nullptr; // until loaded()
  bool Used = false;
};

} // namespace offload::plugin
