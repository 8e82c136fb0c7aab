//===- DevicePass.h - Compiling the kernels for each target ---------------===//
//
// From the metadata alone, compiles the device translation unit
// (DeviceSource.h) once per target, with that target's own preprocessor,
// and links each result into an image. What differs between targets is in
// TargetToolchain; this file runs the compiles and tools, overlapping them
// with the host compile, and reports their failures (DeviceDiagnostics).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "CompileCache.h"
#include "Diagnostics.h"
#include "Metadata.h"
#include "Options.h"
#include "Subprocess.h"
#include "TargetToolchain.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CompilerInvocation;
class SourceManager;
} // namespace clang

namespace offload::plugin {

struct DeviceImage {
  Target For;
  std::string Bytes;
};

/// Compiles the kernels of one translation unit for every target. The
/// device compiles can start before the host pass has found the kernels
/// (launch()): they parse the original source, which is most of their
/// work, while the host parses it too, and read the entries from a pipe
/// that feed() fills.
class DevicePass {
public:
  DevicePass(const Options &Opts, const clang::CompilerInvocation &Host,
             clang::SourceManager &SM, Diagnostics &Diags);
  ~DevicePass();

  /// The cache folder (CompileCache.h), if the cache is on.
  const std::optional<std::string> &cacheFolder() const { return CacheFolder; }
  /// What the host pass found before the source's first include of a
  /// library header, before launch(); the device compiles read the header
  /// precompiled only if this found no obstacle.
  void setIncludePrefix(IncludePrefix Found);

  /// Starts the device compiles of Source (absolute); false after reporting
  /// why not.
  bool launch(llvm::StringRef Source);
  bool launched() const { return !Compiles.empty(); }

  /// Hands the compiles the entries of M (launching them first if launch()
  /// was not called); false after reporting why not.
  bool feed(const Metadata &M);
  /// Waits for the compiles and builds one image per target, in target
  /// order, or nothing after reporting why.
  std::optional<std::vector<DeviceImage>> finish(const Metadata &M);

  /// The files the device compiles read, when the host compile writes a
  /// dependency file (-MD): headers included for a device only must
  /// rebuild the object too.
  const std::vector<std::string> &dependencies() const { return Dependencies; }
  /// The targets whose images came from the cache (CompileCache.h).
  const std::vector<std::string> &imagesFromCache() const { return FromCache; }

private:
  /// The -cc1 arguments of the device compile for Toolchain's target that
  /// say how it reads C++: no plugin, input or output.
  std::vector<std::string>
  languageArguments(const TargetToolchain &Toolchain) const;

  /// One target's running compile.
  struct Compile {
    TargetToolchain *Toolchain;
    std::string Entries;  // the pipe its source includes
    std::string Compiled; // what it writes: PTX or an object
    std::optional<Subprocess> Process = std::nullopt;
    std::string PchKey = ""; // the header it reads or builds
    std::optional<Subprocess> PchBuild = std::nullopt; // building it for later
    std::string ImageName = "";                        // in the image cache
    std::optional<std::string> CachedImage = std::nullopt; // from there
  };

  /// Adds the precompiled library header to C's arguments Args, or starts
  /// building it for later compiles.
  void usePrecompiledHeader(Compile &C, std::vector<std::string> &Args,
                            const std::vector<std::string> &Language);
  /// Adds to Args what makes the compile look for its image in the cache.
  void askImageCache(TargetToolchain &Toolchain, std::vector<std::string> &Args,
                     const std::vector<std::string> &Language);
  /// Puts the headers built beside the compiles into the cache.
  void storePrecompiledHeaders();

  /// Ends the running compiles without waiting for their results.
  void abandon();
  /// Reports that T's device pass failed, and abandons.
  bool failed(const Target &T, llvm::Error E);
  std::optional<std::vector<DeviceImage>> link(const Metadata &M);

  const Options &Opts;
  const clang::CompilerInvocation &Host;
  clang::SourceManager &SM;
  Diagnostics &Diags;
  std::vector<std::unique_ptr<TargetToolchain>> Toolchains;
  std::vector<std::string> Dependencies, FromCache;
  std::optional<std::string> CacheFolder;
  std::optional<PchCache> Cache;
  std::optional<IncludePrefix> Prefix;
  clang::SourceLocation PrefixLoc;    // for remarks
  std::vector<std::string> PchInputs; // of the precompiled headers read
  bool RemarkPch, RemarkPchMissed;
  std::unique_ptr<class Scratch> Dir;
  std::vector<Compile> Compiles;
};

} // namespace offload::plugin
