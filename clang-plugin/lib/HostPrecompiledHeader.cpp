//===- HostPrecompiledHeader.cpp - The host reads the header precompiled -===//

#include "HostPrecompiledHeader.h"
#include "Toolchain.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Serialization/ASTReader.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"

using namespace clang;
using namespace llvm;

namespace offload::plugin {
namespace {

// The host pass's own macro (OffloadPlugin.cpp), which the header reads.
constexpr const char *HostMacro = "__OFFLOAD_HOST__=1";

/// The -cc1 arguments that precompile a header as Host reads C++: its
/// options without its input, outputs and plugins, and without what names
/// the file or the terminal, so that every source compiled alike shares
/// one header.
std::vector<std::string> headerArguments(const CompilerInvocation &Host) {
  CompilerInvocation Header(Host);
  FrontendOptions &FO = Header.getFrontendOpts();
  FO.Inputs.clear();
  FO.OutputFile.clear();
  FO.Plugins.clear();
  FO.PluginArgs.clear();
  FO.AddPluginActions.clear();
  FO.ActionName.clear();
  FO.ProgramAction = frontend::GeneratePCH;
  Header.getDependencyOutputOpts() = DependencyOutputOptions();
  CodeGenOptions &CG = Header.getCodeGenOpts();
  CG.MainFileName.clear();
  CG.DebugCompilationDir.clear();
  CG.CoverageCompilationDir.clear();
  CG.PassPlugins.clear();
  DiagnosticOptions &DO = Header.getDiagnosticOpts();
  DO.ShowColors = false;
  DO.MessageLength = 0;
  // -include files are read after the header, as they are now.
  PreprocessorOptions &PO = Header.getPreprocessorOpts();
  PO.Includes.clear();
  PO.addMacroDef(HostMacro);
  std::vector<std::string> Args = {"-cc1"};
  // Remarks change what a compile reports, not what the header means; the
  // action is PchCache::buildCommand()'s.
  copy_if(Header.getCC1CommandLine(), std::back_inserter(Args),
          [](StringRef A) { return !A.starts_with("-R") && A != "-emit-pch"; });
  return Args;
}

/// Whether clang will take the header at Path for CI, checked as clang
/// will check it, so that a header it would refuse is never offered.
bool acceptable(CompilerInstance &CI, StringRef Path) {
  return ASTReader::isAcceptableASTFile(
      Path, CI.getFileManager(), CI.getModuleCache(),
      CI.getPCHContainerReader(), CI.getLangOpts(), CI.getCodeGenOpts(),
      CI.getTargetOpts(), CI.getPreprocessorOpts(), CI.getHeaderSearchOpts(),
      CI.getSpecificModuleCachePath());
}

} // namespace

HostPrecompiledHeader::HostPrecompiledHeader(CompilerInstance &CI,
                                             std::string Folder,
                                             const IncludePrefix &Prefix,
                                             Diagnostics &Diags,
                                             unsigned TimeLimit)
    : Cache(std::move(Folder)) {
  const CodeGenOptions &CG = CI.getCodeGenOpts();
  const bool Remark = CG.OptimizationRemark.patternMatches("offload-cache");
  const bool RemarkMissed =
      CG.OptimizationRemarkMissed.patternMatches("offload-cache");
  SourceLocation Loc;
  if (Remark || RemarkMissed)
    Loc = Prefix.location(CI.getSourceManager());
  std::string Obstacle = Prefix.Obstacle;
  // Code generation leaves out the debug information of what a precompiled
  // header declares but the source never uses (its using-declarations).
  if (Obstacle.empty() &&
      CG.getDebugInfo() > llvm::codegenoptions::DebugLineTablesOnly)
    Obstacle = "the compile makes debug information, which would lack some "
               "of the header's declarations";
  if (!Obstacle.empty()) {
    if (RemarkMissed)
      Diags.report(Loc, Diag::HostPchMissed) << Obstacle;
    return;
  }
  const std::string Clang = clangExecutable();
  // Absolute: the key must tell apart same-named headers of two folders.
  SmallString<256> HeaderPath(Prefix.Header->getName());
  sys::fs::make_absolute(HeaderPath);
  std::vector<std::string> Args = headerArguments(CI.getInvocation());
  std::vector<std::string> Keyed = Args;
  Keyed.push_back(std::string(HeaderPath));
  Key = Cache.key(Clang, Keyed);
  PreprocessorOptions &PPOpts = CI.getPreprocessorOpts();
  if (std::optional<PchCache::Found> Found = Cache.lookup(Key, "")) {
    // What the header was made with, for clang's check (until loaded()).
    PPOpts.addMacroDef(HostMacro);
    if (acceptable(CI, Found->Path)) {
      PPOpts.ImplicitPCHInclude = Found->Path;
      Options = &PPOpts;
      Used = true;
      if (Remark)
        Diags.report(Loc, Diag::HostPchUsed);
      return;
    }
    PPOpts.Macros.pop_back();
    if (RemarkMissed)
      Diags.report(Loc, Diag::HostPchMissed)
          << "clang does not take the cache's for this compile";
    return;
  }
  // As for the device compiles: from the second compile with these options
  // on, and never again after a build that failed.
  if (!Cache.wantedBefore(Key)) {
    if (Remark)
      Diags.report(Loc, Diag::HostPchNoted);
    return;
  }
  if (Cache.failedBefore(Key))
    return;
  Expected<std::vector<std::string>> Command = Cache.buildCommand(
      Clang, Args, Key, Cache.ownFile(Key, "host.d"), HeaderPath);
  Expected<Subprocess> Started =
      Command ? Subprocess::start(std::move(*Command),
                                  Cache.ownFile(Key, "host.log"), std::nullopt,
                                  TimeLimit)
              : Command.takeError();
  if (!Started) {
    consumeError(Started.takeError());
    return;
  }
  Build = std::move(*Started);
  if (Remark)
    Diags.report(Loc, Diag::HostPchBuilt);
}

HostPrecompiledHeader::~HostPrecompiledHeader() {
  if (!Build)
    return;
  Build->kill();
  Cache.discard(Key);
}

void HostPrecompiledHeader::loaded() {
  if (!Options)
    return;
  // The device compiles take the host's macros, but not this one.
  llvm::erase(Options->Macros, std::pair<std::string, bool>(HostMacro, false));
  Options = nullptr;
}

void HostPrecompiledHeader::finish() {
  if (!Build)
    return;
  // A cache that cannot take it costs the next compiles time, not this one
  // its result.
  Error Built = Build->wait();
  const bool Succeeded = !Built;
  consumeError(std::move(Built));
  consumeError(Cache.store(Key, Cache.ownFile(Key, "host.d"), Succeeded));
  sys::fs::remove(Cache.ownFile(Key, "host.d"));
  if (Succeeded) // else it says why, beside the cache's mark of the failure
    sys::fs::remove(Cache.ownFile(Key, "host.log"));
  Build.reset();
}

} // namespace offload::plugin
