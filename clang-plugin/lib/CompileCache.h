//===- CompileCache.h - What device compiles keep for the next ones -------===//
//
// One folder (cacheFolder()) holds two kinds of results:
//
// - <offload/offload.hpp> precompiled, per target and set of options. Half
//   of a small device compile is parsing the library's header and the
//   standard headers it includes; later device compiles with the same
//   options read it instead. Reading it first is only the same as parsing it
//   where the source includes it if nothing before that include could change
//   its meaning: before anything is parsed, the host pass checks that the
//   source's text before its first #include of a library header is only
//   includes of standard headers and of the user's own files, include
//   guards, #pragma once and comments (scanIncludePrefix()). Otherwise, or
//   when the cache is off, the header is parsed as before, and
//   -Rpass-missed=offload-cache says why.
//
// - Device images, by the code they are made of. An edit of a translation
//   unit's host code changes nothing its kernels compile to, yet every
//   device compile would optimize, generate and link its image again. The
//   device compile still parses the source (what its kernels reach is known
//   only then), but the first pass of its pipeline names the image by a hash
//   of the module (with the GPU math libraries linked in) and of everything
//   else that decides the image: the compile's arguments and the clang,
//   plugin and linker binaries. If the cache has that image, the pass
//   empties the module, so that the rest of the compile does nothing, and
//   the host's device pass takes the image from the cache instead of linking
//   one; if not, the device pass stores the image it links. A compile that
//   asks for remarks (-R...) or keeps its intermediate files (save-temps)
//   builds its image as before.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/FileEntry.h"
#include "clang/Basic/SourceLocation.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
class SourceManager;
} // namespace clang

namespace offload::plugin {

/// What scanIncludePrefix() found: the library header the source first
/// includes and where, or the first thing before it that keeps the header
/// from being read precompiled.
struct IncludePrefix {
  std::string Obstacle; // what it is; empty if there is none
  clang::OptionalFileEntryRef File = std::nullopt; // where, if in a file
  unsigned Line = 0, Column = 0;
  clang::OptionalFileEntryRef Header = std::nullopt; // without an obstacle

  /// Where it is, for a remark.
  clang::SourceLocation location(clang::SourceManager &SM) const;
};

/// Reads what the compile of PP's main file sees before that file first
/// includes a library header (the -include files, then the source and the
/// user's headers it includes): reading the header first is the same as
/// parsing it there only if this holds nothing but includes of standard
/// headers and of the user's own files, include guards, #pragma once and
/// comments. Runs before the compile parses anything.
IncludePrefix scanIncludePrefix(clang::Preprocessor &PP);

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
  /// Key's header, linked to LinkPath (if not empty: a link the cache does
  /// not drop), if it exists and none of the files it was made of has
  /// changed since.
  std::optional<Found> lookup(llvm::StringRef Key, llvm::StringRef LinkPath);

  /// Whether a compile looked for Key's header before; notes that this
  /// one did.
  bool wantedBefore(llvm::StringRef Key) const;
  /// Whether building Key's header failed before (it is not tried again).
  bool failedBefore(llvm::StringRef Key) const;

  /// The command that builds Key's header beside the cache's (into a file
  /// of this process), listing what it reads in Dependencies: Header, or
  /// <offload/offload.hpp> as the device compiles include it.
  llvm::Expected<std::vector<std::string>>
  buildCommand(llvm::StringRef Clang, llvm::ArrayRef<std::string> Arguments,
               llvm::StringRef Key, llvm::StringRef Dependencies,
               llvm::StringRef Header = "") const;

  /// Puts the header that buildCommand() built under Key (or records that
  /// its build failed), and keeps the cache to its most recent headers.
  llvm::Error store(llvm::StringRef Key, llvm::StringRef Dependencies,
                    bool Succeeded);

  /// Removes what buildCommand() wrote for Key (its compile was stopped).
  void discard(llvm::StringRef Key) const;
  /// A file of this process for Key in the cache's folder.
  std::string ownFile(llvm::StringRef Key, llvm::StringRef Suffix) const;
  /// Whether File is the cache's own (the header the precompiled ones are
  /// made of).
  bool holds(llvm::StringRef File) const;

private:
  std::string building(llvm::StringRef Key) const;
  std::string path(llvm::StringRef Key, llvm::StringRef Suffix) const;
  void prune() const;

  std::string Folder;
};

/// What a device compile is told of the image cache (device-image-cache=,
/// device-image-key=, device-image-answer=): the folder, the hash of its
/// arguments and tools, and the file where it writes "hit NAME" or
/// "miss NAME" for its module's image.
struct ImageCacheRequest {
  std::string Folder, Key, Answer;
};
/// Set from the plugin's arguments in a device compile, before its
/// pipeline runs.
void setImageCacheRequest(ImageCacheRequest R);

/// The device compile's side: names the module's image and, when the cache
/// has it, empties the module.
class ImageCachePass : public llvm::PassInfoMixin<ImageCachePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// The host's side, for one folder.
class ImageCache {
public:
  explicit ImageCache(std::string Folder) : Folder(std::move(Folder)) {}
  /// The hash of a device compile's arguments and of the programs that
  /// make its image, for its ImageCacheRequest.
  std::string key(llvm::ArrayRef<std::string> Arguments,
                  llvm::ArrayRef<std::string> Programs) const;
  /// The image a device compile's answer names when the cache has it
  /// ("hit"); Name is set to the name either way (empty without an answer).
  std::optional<std::string> take(llvm::StringRef Answer,
                                  std::string &Name) const;
  /// Keeps Image under Name, and the cache to its most recent images.
  void store(llvm::StringRef Name, llvm::StringRef Image) const;

private:
  std::string Folder;
};

} // namespace offload::plugin
