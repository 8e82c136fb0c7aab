//===- OffloadPlugin.cpp - The clang plugin's entry point -----------------===//
//
// `clang++-22 -fplugin=CxxOffloadPlugin.so -c a.cpp` does the whole build:
//   1. the AST consumer finds the offload() calls and records their kernels
//      as metadata (KernelAnalysis);
//   2. it runs the device pass on that metadata, once per target
//      (DevicePass);
//   3. the host compile's LLVM pipeline embeds and registers the images
//      (HostLoweringPass).
//
//===----------------------------------------------------------------------===//

#include "DevicePass.h"
#include "Diagnostics.h"
#include "HostLowering.h"
#include "KernelAnalysis.h"
#include "Metadata.h"
#include "Options.h"
#include "StagingCheck.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace offload::plugin;

namespace {

bool emitsCode(const CompilerInstance &CI) {
  switch (CI.getFrontendOpts().ProgramAction) {
  case frontend::EmitAssembly:
  case frontend::EmitBC:
  case frontend::EmitLLVM:
  case frontend::EmitLLVMOnly:
  case frontend::EmitCodeGenOnly:
  case frontend::EmitObj:
    return true;
  default:
    return false;
  }
}

class OffloadConsumer : public ASTConsumer {
public:
  // The action that creates the consumer is destroyed right after, so the
  // consumer keeps its own copy of the options.
  OffloadConsumer(CompilerInstance &CI, Options Opts,
                  std::shared_ptr<LoweringState> State)
      : CI(CI), Opts(Opts), State(std::move(State)) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    Diagnostics Diags(CI.getDiagnostics());
    if (Diags.engine().hasErrorOccurred())
      return;
    checkStaging(Ctx, Diags);
    std::optional<Metadata> M = Opts.ImportMetadata.empty()
                                    ? analyzeTranslationUnit(Ctx, CI.getSema(), Diags)
                                    : importMetadata(Diags);
    if (!M || Diags.engine().hasErrorOccurred())
      return;
    if (Opts.DumpMetadata)
      llvm::outs() << serialize(*M);
    if (Opts.DumpKernels)
      printKernels(*M, llvm::outs());
    if (Opts.DumpDeviceSource)
      llvm::outs() << deviceSource(*M);
    if (M->Kernels.empty() || !emitsCode(CI))
      return;

    // The device pass sees the kernels only through their serialized form,
    // exactly as if it ran in another process.
    llvm::Expected<Metadata> Crossed = deserialize(serialize(*M));
    if (!Crossed) {
      Diags.report({}, Diag::Internal) << llvm::toString(Crossed.takeError());
      return;
    }
    DevicePass Pass(Opts, CI.getInvocation(), Diags);
    std::optional<std::vector<DeviceImage>> Images = Pass.run(*Crossed);
    if (!Images)
      return;
    addDependencies(Pass.dependencies());
    State->Kernels = std::move(*Crossed);
    State->Images = std::move(*Images);
    State->DumpHostIR = Opts.DumpHostIR;
  }

private:
  /// Makes the host's dependency file (-MD) list the files the device
  /// passes read: the dependency collector learns of files as the
  /// preprocessor enters them, so each is announced that way.
  void addDependencies(const std::vector<std::string> &Files) {
    Preprocessor &PP = CI.getPreprocessor();
    PPCallbacks *Callbacks = PP.getPPCallbacks();
    if (!Callbacks)
      return;
    SourceManager &SM = CI.getSourceManager();
    for (const std::string &File : Files)
      if (llvm::Expected<FileEntryRef> Entry =
              SM.getFileManager().getFileRef(File)) {
        FileID ID = SM.getOrCreateFileID(*Entry, SrcMgr::C_User);
        Callbacks->LexedFileChanged(ID, PPCallbacks::LexedFileChangeReason::EnterFile,
                                    SrcMgr::C_User, FileID(),
                                    SM.getLocForStartOfFile(ID));
      } else {
        llvm::consumeError(Entry.takeError());
      }
  }

  std::optional<Metadata> importMetadata(Diagnostics &Diags) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
        llvm::MemoryBuffer::getFile(Opts.ImportMetadata);
    if (!Text) {
      Diags.report({}, Diag::MetadataImport)
          << Opts.ImportMetadata << Text.getError().message();
      return std::nullopt;
    }
    llvm::Expected<Metadata> M = deserialize((*Text)->getBuffer());
    if (!M) {
      Diags.report({}, Diag::MetadataImport)
          << Opts.ImportMetadata << llvm::toString(M.takeError());
      return std::nullopt;
    }
    return std::move(*M);
  }

  CompilerInstance &CI;
  const Options Opts;
  std::shared_ptr<LoweringState> State;
};

class OffloadAction : public PluginASTAction {
protected:
  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    Diagnostics Diags(CI.getDiagnostics());
    for (const std::string &Arg : Args)
      if (llvm::Error E = Opts.parse(Arg)) {
        Diags.report({}, Diag::BadPluginArgument) << llvm::toString(std::move(E));
        return false;
      }
    if (Opts.Targets.empty())
      Opts.Targets = cantFail(parseTargets(defaultTargets()));
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    // The host pass's own macro; <offload/offload.hpp> lowers offload()
    // calls to the runtime when it sees it.
    Preprocessor &PP = CI.getPreprocessor();
    PP.setPredefines(PP.getPredefines() + "#define __OFFLOAD_HOST__ 1\n");

    auto State = std::make_shared<LoweringState>();
    CI.getCodeGenOpts().PassBuilderCallbacks.push_back(
        [State](llvm::PassBuilder &PB) {
          PB.registerPipelineStartEPCallback(
              [State](llvm::ModulePassManager &MPM, llvm::OptimizationLevel) {
                MPM.addPass(HostLoweringPass(State));
              });
        });
    return std::make_unique<OffloadConsumer>(CI, Opts, State);
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  Options Opts;
};

} // namespace

static FrontendPluginRegistry::Add<OffloadAction>
    X("offload", "compile offload() kernels for GPUs and the host device");
