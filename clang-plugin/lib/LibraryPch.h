//===- LibraryPch.h - <offload/offload.hpp> precompiled per target --------===//
//
// Half of a small device compile is parsing the library's header and the
// standard headers it includes. The device pass parses it once per target
// and set of options into a precompiled header kept in a cache, and later
// device compiles with the same options read it instead.
//
// Reading it first is only the same as parsing it where the source includes
// it if nothing before that include could change its meaning: the host pass
// checks that the source's text before its first #include of a library
// header is only includes of standard headers and of the user's own files,
// include guards, #pragma once and comments (PrefixCheck). Otherwise, or
// when the cache is off, the header is parsed as before, and
// -Rpass-missed=offload-cache says why.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/SourceLocation.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
} // namespace clang

namespace offload::plugin {

/// What watchIncludePrefix() found: where the source first includes a
/// library header, or the first thing before it that keeps the header from
/// being read precompiled.
struct IncludePrefix {
  std::string Obstacle; // what it is; empty if there is none
  clang::SourceLocation Loc;
};

/// Watches the host pass's preprocessor until the source first includes a
/// library header or something before it is an obstacle, then calls
/// Decided once (at the end of the main file at the latest).
void watchIncludePrefix(clang::Preprocessor &PP,
                        std::function<void(IncludePrefix)> Decided);

/// The cache folder: Setting (-fplugin-arg-offload-cache=) when given,
/// else $OFFLOAD_CACHE_DIR, else $XDG_CACHE_HOME/cxx-offload, else
/// ~/.cache/cxx-offload; nothing when the setting or the variable is "off".
std::optional<std::string> cacheFolder(llvm::StringRef Setting);

/// The precompiled headers of one cache folder, one per device compile
/// options (and plugin and clang build).
class PchCache {
public:
  explicit PchCache(std::string Folder) : Folder(std::move(Folder)) {}

  /// The name of the header for a device compile run by Clang with
  /// Arguments (-cc1 and the language, target and search options, no input
  /// or output).
  std::string key(llvm::StringRef Clang,
                  llvm::ArrayRef<std::string> Arguments) const;

  struct Found {
    std::string Path;                // a link of it in the compile's folder
    std::vector<std::string> Inputs; // the files it was made of
  };
  /// Key's header, linked to LinkPath, if it exists and none of the files
  /// it was made of has changed since.
  std::optional<Found> lookup(llvm::StringRef Key, llvm::StringRef LinkPath);

  /// Whether building Key's header failed before (it is not tried again).
  bool failedBefore(llvm::StringRef Key) const;

  /// The command that builds Key's header beside the cache's (into a file
  /// of this process), listing what it reads in Dependencies.
  llvm::Expected<std::vector<std::string>>
  buildCommand(llvm::StringRef Clang, llvm::ArrayRef<std::string> Arguments,
               llvm::StringRef Key, llvm::StringRef Dependencies) const;

  /// Puts the header that buildCommand() built under Key (or records that
  /// its build failed), and keeps the cache to its most recent headers.
  llvm::Error store(llvm::StringRef Key, llvm::StringRef Dependencies,
                    bool Succeeded);

  /// Removes what buildCommand() wrote for Key (its compile was stopped).
  void discard(llvm::StringRef Key) const;
  /// Whether File is the cache's own (the header the precompiled ones are
  /// made of).
  bool holds(llvm::StringRef File) const;

private:
  std::string building(llvm::StringRef Key) const;
  std::string path(llvm::StringRef Key, llvm::StringRef Suffix) const;
  void prune() const;

  std::string Folder;
};

} // namespace offload::plugin
