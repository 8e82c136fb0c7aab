//===- DevicePass.cpp - Compiling the kernels for each target -------------===//

#include "DevicePass.h"
#include "DependencyFile.h"
#include "DeviceDiagnostics.h"
#include "DeviceSource.h"
#include "HostOptions.h"
#include "Toolchain.h"

#include "clang/Basic/CodeGenOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetOptions.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/DependencyOutputOptions.h"
#include "clang/Lex/HeaderSearchOptions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <chrono>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace llvm;

namespace offload::plugin {

/// A directory for one compile's intermediate files: a fresh temporary one,
/// removed afterwards, or the save-temps directory.
class Scratch {
public:
  static Expected<Scratch> create(const Options &Opts, StringRef Source) {
    Scratch S;
    S.Stem = sys::path::stem(Source).str();
    if (!Opts.SaveTemps.empty()) {
      S.Dir = Opts.SaveTemps;
      if (std::error_code EC = sys::fs::create_directories(S.Dir))
        return createStringError(EC, "cannot create the save-temps directory " +
                                         S.Dir + ": " + EC.message());
      return S;
    }
    SmallString<128> Dir;
    if (std::error_code EC = sys::fs::createUniqueDirectory("cxx-offload", Dir))
      return createStringError(EC, "cannot create a temporary directory");
    S.Dir = std::string(Dir);
    S.Remove = true;
    return S;
  }
  Scratch() = default;
  Scratch(Scratch &&O) : Dir(O.Dir), Stem(O.Stem), Remove(O.Remove) {
    O.Remove = false;
  }
  ~Scratch() {
    if (Remove)
      sys::fs::remove_directories(Dir);
  }
  std::string path(StringRef Suffix) const {
    SmallString<256> P(Dir);
    sys::path::append(P, Stem + "." + Suffix);
    return std::string(P);
  }

private:
  std::string Dir, Stem;
  bool Remove = false;
};

namespace {

/// Writes Text into C's entries pipe once the compile opens it for reading.
/// A compile that exits first (it failed on the original source) gets
/// nothing; one that neither opens nor reads the pipe within its time limit
/// is left to wait(), which stops it and says so.
Error writeEntries(const std::string &Pipe, Subprocess &Compile,
                   StringRef Text) {
  int FD;
  while ((FD = ::open(Pipe.c_str(), O_WRONLY | O_NONBLOCK)) < 0) {
    if (errno != ENXIO && errno != EINTR)
      return createStringError(std::error_code(errno, std::generic_category()),
                               "cannot open " + Pipe);
    if (Compile.hasExited() || Compile.overTime())
      return Error::success();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  for (size_t Done = 0; Done < Text.size() && !Compile.overTime();) {
    ssize_t N = ::write(FD, Text.data() + Done, Text.size() - Done);
    if (N < 0 && errno == EAGAIN) { // the pipe is full: wait for the reader
      pollfd Ready = {FD, POLLOUT, 0};
      ::poll(&Ready, 1, /*ms=*/100);
      continue;
    }
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0) // the reader went away: its exit status says why
      break;
    Done += N;
  }
  ::close(FD);
  return Error::success();
}

} // namespace

DevicePass::DevicePass(const Options &Opts,
                       const clang::CompilerInvocation &Host,
                       clang::SourceManager &SM, Diagnostics &Diags)
    : Opts(Opts), Host(Host), SM(SM), Diags(Diags),
      RemarkPch(Host.getCodeGenOpts().OptimizationRemark.patternMatches(
          "offload-cache")),
      RemarkPchMissed(
          Host.getCodeGenOpts().OptimizationRemarkMissed.patternMatches(
              "offload-cache")) {
  for (const Target &T : Opts.Targets)
    Toolchains.push_back(TargetToolchain::create(T));
  CacheFolder = plugin::cacheFolder(Opts.Cache);
  if (CacheFolder)
    Cache.emplace(*CacheFolder);
}

DevicePass::~DevicePass() { abandon(); }

void DevicePass::setIncludePrefix(IncludePrefix Found) {
  // Only a remark needs a location: making one enters the file.
  if (Cache && (RemarkPch || RemarkPchMissed))
    PrefixLoc = Found.location(SM);
  if (!Found.Obstacle.empty() && Cache && RemarkPchMissed)
    Diags.report(PrefixLoc, Diag::LibraryPchMissed) << Found.Obstacle;
  Prefix = std::move(Found);
}

std::vector<std::string>
DevicePass::languageArguments(const TargetToolchain &Toolchain) const {
  const Target &T = Toolchain.target();
  std::vector<std::string> Args = {"-cc1"};
  // OpenMP device mode, as clang's driver sets it up for each target, with
  // our own entries in place of target regions.
  append_range(
      Args, Toolchain.compileArguments(Host.getTargetOpts().Triple,
                                       Host.getHeaderSearchOpts().ResourceDir));
  if (Host.getLangOpts().FastMath)
    append_range(Args, Toolchain.fastMathArguments());
  append_range(Args, std::vector<std::string>{
                         "-fopenmp", "-fopenmp-is-target-device",
                         "-fvisibility=protected", "-D__OFFLOAD_DEVICE__=1",
                         "-O" + std::to_string(Opts.DeviceOptLevel),
                         // The entries use no OpenMP runtime, so LLVM's
                         // OpenMPOpt has nothing to do but its Attributor
                         // analyses, which miscompiled a compare-and-swap
                         // loop (MinLoc's combine) in LLVM 22.
                         "-mllvm", "-openmp-opt-disable"});
  HostArguments FromHost = hostArgumentsFor(Host, T);
  for (const std::string &A : FromHost.Dropped)
    Diags.report({}, Diag::HostOptionLeftOut) << T.Name << A;
  append_range(Args, FromHost.Arguments);
  return Args;
}

void DevicePass::abandon() {
  for (Compile &C : Compiles) {
    if (C.Process)
      C.Process->kill();
    if (C.PchBuild) {
      C.PchBuild->kill();
      Cache->discard(C.PchKey);
    }
    ::unlink(C.Entries.c_str());
  }
  Compiles.clear();
}

void DevicePass::usePrecompiledHeader(
    Compile &C, std::vector<std::string> &Args,
    const std::vector<std::string> &Language) {
  if (!Cache || !Prefix || !Prefix->Obstacle.empty())
    return;
  const Target &T = C.Toolchain->target();
  const std::string Clang = clangExecutable();
  // Remarks (-R...) change what a compile reports, not what the header
  // means.
  std::vector<std::string> HeaderLanguage;
  copy_if(Language, std::back_inserter(HeaderLanguage),
          [](StringRef A) { return !A.starts_with("-R"); });
  C.PchKey = Cache->key(Clang, HeaderLanguage);
  if (std::optional<PchCache::Found> Found =
          Cache->lookup(C.PchKey, Dir->path(T.Name + ".pch"))) {
    append_range(Args, std::vector<std::string>{"-include-pch", Found->Path});
    for (std::string &File : Found->Inputs)
      if (!Cache->holds(File))
        PchInputs.push_back(std::move(File));
    if (RemarkPch)
      Diags.report(PrefixLoc, Diag::LibraryPchUsed) << T.Name;
    return;
  }
  // Not there: this compile parses the header, and from the second compile
  // with these options on (a first one may stay the only one), a compile of
  // the header alone beside it precompiles it for the next ones. One that
  // failed before is not tried again.
  if (!Cache->wantedBefore(C.PchKey)) {
    if (RemarkPch)
      Diags.report(PrefixLoc, Diag::LibraryPchNoted) << T.Name;
    return;
  }
  Expected<std::vector<std::string>> Command =
      Cache->failedBefore(C.PchKey)
          ? createStringError("failed before")
          : Cache->buildCommand(Clang, HeaderLanguage, C.PchKey,
                                Dir->path(T.Name + ".pch.d"));
  Expected<Subprocess> Build =
      Command ? Subprocess::start(std::move(*Command),
                                  Dir->path(T.Name + ".pch.log"), std::nullopt,
                                  Opts.DeviceTimeLimit)
              : Command.takeError();
  if (!Build) {
    consumeError(Build.takeError());
    return;
  }
  C.PchBuild = std::move(*Build);
  if (RemarkPch)
    Diags.report(PrefixLoc, Diag::LibraryPchBuilt) << T.Name;
}

void DevicePass::askImageCache(TargetToolchain &Toolchain,
                               std::vector<std::string> &Args,
                               const std::vector<std::string> &Language) {
  // Remarks come from compiling the image, and save-temps keeps what the
  // compile made: both want it compiled.
  if (!CacheFolder || !Opts.SaveTemps.empty() ||
      any_of(Language, [](StringRef A) { return A.starts_with("-R"); }))
    return;
  if (Error E = Toolchain.findTools()) { // reported by feed()
    consumeError(std::move(E));
    return;
  }
  const Target &T = Toolchain.target();
  // What the front end reads (macros, include paths, warnings, the
  // language) shows in the module; the rest decides what becomes of it.
  std::vector<std::string> Decided;
  static const StringSet<> WithValue = {"-D",
                                        "-U",
                                        "-I",
                                        "-isystem",
                                        "-iquote",
                                        "-idirafter",
                                        "-include",
                                        "-internal-isystem",
                                        "-internal-externc-isystem"};
  for (size_t I = 0; I < Language.size(); ++I) {
    StringRef A = Language[I];
    if (WithValue.contains(A))
      ++I;
    else if (!A.starts_with("-D") && !A.starts_with("-U") &&
             !A.starts_with("-I") && !A.starts_with("-W") &&
             !A.starts_with("-std="))
      Decided.push_back(A.str());
  }
  Decided.push_back(Toolchain.compileAction().str());
  append_range(Decided, Toolchain.linkCommand("compiled", "image"));
  const std::string Key =
      ImageCache(*CacheFolder)
          .key(Decided, {clangExecutable(), pluginLibrary(),
                         Toolchain.linkCommand("", "").front()});
  append_range(
      Args, std::vector<std::string>{
                "-plugin-arg-offload", "device-image-cache=" + *CacheFolder,
                "-plugin-arg-offload", "device-image-key=" + Key,
                "-plugin-arg-offload",
                "device-image-answer=" + Dir->path(T.Name + ".image-answer")});
}

void DevicePass::storePrecompiledHeaders() {
  for (Compile &C : Compiles) {
    if (!C.PchBuild)
      continue;
    // A cache that cannot take it costs the next compiles time, not this
    // one its result.
    Error Built = C.PchBuild->wait();
    const bool Succeeded = !Built;
    consumeError(std::move(Built));
    consumeError(Cache->store(
        C.PchKey, Dir->path(C.Toolchain->target().Name + ".pch.d"), Succeeded));
    C.PchBuild.reset();
  }
}

bool DevicePass::failed(const Target &T, Error E) {
  Diags.report({}, Diag::DevicePassFailed) << T.Name << toString(std::move(E));
  abandon();
  return false;
}

bool DevicePass::launch(StringRef Source) {
  Expected<Scratch> Created = Scratch::create(Opts, Source);
  if (!Created)
    return failed(Opts.Targets.front(), Created.takeError());
  Dir = std::make_unique<Scratch>(std::move(*Created));

  const clang::DependencyOutputOptions &HostDeps =
      Host.getDependencyOutputOpts();
  const std::string Clang = clangExecutable();
  for (const std::unique_ptr<TargetToolchain> &Toolchain : Toolchains) {
    const Target &T = Toolchain->target();
    // Each compile reads the original source, then the entries from a pipe
    // of its own, which blocks it until feed() writes them.
    Compile C{Toolchain.get(), Dir->path(T.Name + ".entries"),
              Dir->path(T.Name + "." + Toolchain->compiledSuffix().str())};
    ::unlink(C.Entries.c_str());
    if (::mkfifo(C.Entries.c_str(), 0600) != 0)
      return failed(
          T, createStringError(std::error_code(errno, std::generic_category()),
                               "cannot create " + C.Entries));
    const std::string SourcePath = Dir->path(T.Name + ".offload-device.cpp");
    if (Error E = writeFile(SourcePath, deviceSourceHead(Source) +
                                            "#include \"" + C.Entries + "\"\n"))
      return failed(T, std::move(E));
    const std::vector<std::string> Language = languageArguments(*Toolchain);
    std::vector<std::string> Args = {Clang};
    append_range(Args, Language);
    // This plugin again: its device-side AST consumer (constant data the
    // kernels read, checks of the entries) and LLVM passes (closure
    // entries, math libraries, the module check).
    if (std::string Self = pluginLibrary(); !Self.empty())
      append_range(Args,
                   std::vector<std::string>{
                       "-load", Self, "-plugin-arg-offload",
                       "device-metadata=" + Dir->path("offload.json"),
                       "-plugin-arg-offload",
                       "device-unresolved=" + Dir->path(T.Name + ".unresolved"),
                       "-fpass-plugin=" + Self});
    // Its diagnostics come back as data, not as text to parse.
    append_range(Args, std::vector<std::string>{"-serialize-diagnostic-file",
                                                Dir->path(T.Name + ".dia")});
    usePrecompiledHeader(C, Args, Language);
    askImageCache(*Toolchain, Args, Language);
    append_range(Args,
                 std::vector<std::string>{Toolchain->compileAction().str(),
                                          "-o", C.Compiled, "-x", "c++", "-"});
    if (!HostDeps.OutputFile.empty()) {
      append_range(Args, std::vector<std::string>{"-dependency-file",
                                                  Dir->path(T.Name + ".d"),
                                                  "-MT", "device"});
      if (HostDeps.IncludeSystemHeaders)
        Args.push_back("-sys-header-deps");
    }
    // What it was given, kept with -fplugin-arg-offload-save-temps.
    if (!Opts.SaveTemps.empty())
      if (Error E = writeFile(Dir->path(T.Name + ".cc1"), join(Args, "\n")))
        return failed(T, std::move(E));
    Expected<Subprocess> P =
        Subprocess::start(std::move(Args), Dir->path(T.Name + ".log"),
                          StringRef(SourcePath), Opts.DeviceTimeLimit);
    if (!P)
      return failed(T, P.takeError());
    C.Process = std::move(*P);
    Compiles.push_back(std::move(C));
  }
  return true;
}

bool DevicePass::feed(const Metadata &M) {
  for (const std::unique_ptr<TargetToolchain> &Toolchain : Toolchains)
    if (Error E = Toolchain->findTools())
      return failed(Toolchain->target(), std::move(E));
  if (!launched() && !launch(M.Source))
    return false;
  const Target &First = Opts.Targets.front();
  // The device compiles read the metadata (device-metadata=) once they have
  // parsed the entries, so it is written first.
  if (Error E = writeFile(Dir->path("offload.json"), serialize(M)))
    return failed(First, std::move(E));
  if (!Opts.SaveTemps.empty())
    if (Error E = writeFile(Dir->path("offload-device.cpp"), deviceSource(M)))
      return failed(First, std::move(E));

  // The compiles have been parsing the original source: hand them the
  // entries.
  const std::string Entries = deviceEntries(M);
  for (Compile &C : Compiles)
    if (Error E = writeEntries(C.Entries, *C.Process, Entries))
      return failed(C.Toolchain->target(), std::move(E));
  return true;
}

std::optional<std::vector<DeviceImage>> DevicePass::finish(const Metadata &M) {
  DeviceDiagnostics Report(Diags, SM, M);
  bool Failed = false;
  for (Compile &C : Compiles) {
    const Target &T = C.Toolchain->target();
    Error E = C.Process->wait();
    std::optional<std::vector<DeviceDiagnostic>> Printed =
        readDeviceDiagnostics(Dir->path(T.Name + ".dia"));
    std::vector<UnresolvedSymbol> Unresolved =
        readUnresolvedSymbols(Dir->path(T.Name + ".unresolved"));
    if (E) {
      Report.compileFailed(
          T, Printed ? ArrayRef(*Printed) : ArrayRef<DeviceDiagnostic>(),
          Unresolved, C.Process->output(), toString(std::move(E)),
          C.Process->args());
      Failed = true;
      continue;
    }
    if (Printed)
      Report.remarks(T, *Printed);
    if (!Unresolved.empty()) {
      Report.unresolved(T, Unresolved);
      Failed = true;
    }
  }
  if (Failed) {
    abandon();
    return std::nullopt;
  }
  storePrecompiledHeaders();
  if (CacheFolder)
    for (Compile &C : Compiles)
      C.CachedImage =
          ImageCache(*CacheFolder)
              .take(Dir->path(C.Toolchain->target().Name + ".image-answer"),
                    C.ImageName);
  if (!Host.getDependencyOutputOpts().OutputFile.empty()) {
    // The pipes, generated sources and precompiled headers are the
    // compile's own, not inputs; what a precompiled header was made of is.
    StringSet<> Seen;
    auto Add = [&](std::string File) {
      if (Seen.insert(File).second)
        Dependencies.push_back(std::move(File));
    };
    for (const Compile &C : Compiles)
      if (ErrorOr<std::unique_ptr<MemoryBuffer>> D = MemoryBuffer::getFile(
              Dir->path(C.Toolchain->target().Name + ".d")))
        for (std::string &File : readDependencyFile((*D)->getBuffer()))
          if (File != "-" && File != "<stdin>" && File != C.Entries &&
              File != Dir->path(C.Toolchain->target().Name + ".pch") &&
              !(Cache && Cache->holds(File)))
            Add(std::move(File));
    for (std::string &File : PchInputs)
      Add(std::move(File));
  }
  std::optional<std::vector<DeviceImage>> Images = link(M);
  abandon(); // all have exited: this only removes the pipes
  return Images;
}

std::optional<std::vector<DeviceImage>> DevicePass::link(const Metadata &M) {
  DeviceDiagnostics Report(Diags, SM, M);
  // ptxas and ld.lld, side by side, for the images the cache does not have.
  std::vector<std::optional<Subprocess>> Links;
  std::vector<std::string> ImagePaths;
  for (const Compile &C : Compiles) {
    const Target &T = C.Toolchain->target();
    ImagePaths.push_back(
        Dir->path(T.Name + "." + C.Toolchain->imageSuffix().str()));
    if (C.CachedImage) {
      Links.emplace_back();
      continue;
    }
    Expected<Subprocess> P = Subprocess::start(
        C.Toolchain->linkCommand(C.Compiled, ImagePaths.back()),
        Dir->path(T.Name + ".link.log"), std::nullopt, Opts.DeviceTimeLimit);
    if (!P) {
      failed(T, P.takeError());
      return std::nullopt;
    }
    Links.push_back(std::move(*P));
  }

  std::vector<DeviceImage> Images;
  bool Failed = false;
  for (size_t I = 0; I < Links.size(); ++I) {
    const TargetToolchain &Toolchain = *Compiles[I].Toolchain;
    const Target &T = Toolchain.target();
    if (Compiles[I].CachedImage) {
      Images.push_back({T, std::move(*Compiles[I].CachedImage)});
      FromCache.push_back(T.Name);
      continue;
    }
    Error Status = Links[I]->wait();
    ErrorOr<std::unique_ptr<MemoryBuffer>> Compiled =
        MemoryBuffer::getFile(Compiles[I].Compiled);
    if (!Compiled) {
      consumeError(std::move(Status));
      failed(T, createStringError(Compiled.getError(),
                                  "cannot read " + Compiles[I].Compiled));
      return std::nullopt;
    }
    std::string Output = Links[I]->output();
    std::vector<UnresolvedSymbol> Unresolved =
        Toolchain.unresolvedSymbols(Output, (*Compiled)->getBuffer());
    if (!Unresolved.empty()) {
      consumeError(std::move(Status));
      Report.unresolved(T, Unresolved);
      Failed = true;
      continue;
    }
    if (Status) {
      Report.toolFailed(T, toString(std::move(Status)), Output,
                        Links[I]->args());
      Failed = true;
      continue;
    }
    ErrorOr<std::unique_ptr<MemoryBuffer>> Bytes =
        MemoryBuffer::getFile(ImagePaths[I]);
    if (!Bytes) {
      failed(T, createStringError(Bytes.getError(),
                                  "cannot read " + ImagePaths[I]));
      return std::nullopt;
    }
    if (Error E = Toolchain.checkImage((*Compiled)->getBuffer(),
                                       (*Bytes)->getBuffer(), M)) {
      failed(T, std::move(E));
      return std::nullopt;
    }
    if (!Compiles[I].ImageName.empty())
      ImageCache(*CacheFolder)
          .store(Compiles[I].ImageName, (*Bytes)->getBuffer());
    Images.push_back({T, (*Bytes)->getBuffer().str()});
  }
  if (Failed)
    return std::nullopt;
  return Images;
}

} // namespace offload::plugin
