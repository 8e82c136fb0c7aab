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

#include "ClosureEntries.h"
#include "CompileCache.h"
#include "DeviceBarriers.h"
#include "DeviceConsumer.h"
#include "DeviceLibraries.h"
#include "DeviceLoops.h"
#include "DeviceModuleCheck.h"
#include "DevicePass.h"
#include "DeviceSource.h"
#include "Diagnostics.h"
#include "HostLowering.h"
#include "HostPrecompiledHeader.h"
#include "KernelAnalysis.h"
#include "Metadata.h"
#include "Options.h"
#include "PreloadCheck.h"
#include "Residency.h"
#include "TeamLockstep.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

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

/// Why this compile cannot run device compiles over its input, if so: they
/// include the original source, so it must be a file, not yet
/// preprocessed.
std::optional<std::string> inputProblem(const CompilerInstance &CI) {
  const FrontendOptions &FO = CI.getFrontendOpts();
  if (FO.Inputs.size() != 1)
    return std::nullopt;
  const FrontendInputFile &In = FO.Inputs[0];
  if (!In.isFile() || In.getFile() == "-")
    return std::string("standard input: compile a file instead");
  // Device compiles #include the source by its absolute name, which cannot
  // hold these.
  llvm::SmallString<256> Absolute(In.getFile());
  (void)llvm::sys::fs::make_absolute(Absolute);
  if (Absolute.str().find_first_of("\"\n") != llvm::StringRef::npos)
    return "'" + Absolute.str().str() +
           "', whose name has a '\"' or a line break, which an #include "
           "cannot spell: rename the file";
  if (In.getKind().isPreprocessed())
    return "the preprocessed file '" + In.getFile().str() +
           "' (clang's -save-temps splits the compile so): to keep the "
           "device compiles' files, use -fplugin-arg-offload-save-temps=DIR "
           "instead";
  return std::nullopt;
}

/// The main source file, absolute, if its text calls something named
/// offload (a cheap guess, made before parsing, that it has kernels).
std::optional<std::string> mainSourceThatOffloads(const CompilerInstance &CI) {
  const FrontendOptions &FO = CI.getFrontendOpts();
  if (FO.Inputs.size() != 1 || !FO.Inputs[0].isFile())
    return std::nullopt;
  llvm::SmallString<256> Path(FO.Inputs[0].getFile());
  if (llvm::sys::fs::make_absolute(Path))
    return std::nullopt;
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
      llvm::MemoryBuffer::getFile(Path);
  if (!Text)
    return std::nullopt;
  llvm::StringRef Rest = (*Text)->getBuffer();
  for (size_t At; (At = Rest.find("offload")) != llvm::StringRef::npos;) {
    Rest = Rest.drop_front(At + 7).ltrim(" \t");
    if (Rest.starts_with("("))
      return std::string(Path);
  }
  return std::nullopt;
}

class OffloadConsumer : public ASTConsumer {
public:
  // The action that creates the consumer is destroyed right after, so the
  // consumer keeps its own copy of the options.
  OffloadConsumer(CompilerInstance &CI, Options Opts,
                  std::shared_ptr<LoweringState> State)
      : CI(CI), Opts(Opts), State(std::move(State)), Diags(CI.getDiagnostics()),
        Pass(this->Opts, CI.getInvocation(), CI.getSourceManager(), Diags),
        Input(inputProblem(CI)) {
    if (!emitsCode(CI) || !this->Opts.ImportMetadata.empty() || Input)
      return;
    // Whether the host and device compiles may read the library's header
    // precompiled is decided before anything is parsed.
    const std::optional<std::string> &Folder = Pass.cacheFolder();
    std::optional<IncludePrefix> Prefix;
    if (Folder) {
      Prefix = scanIncludePrefix(CI.getPreprocessor());
      Pass.setIncludePrefix(*Prefix);
    }
    // Most of a device compile is parsing the source, which it can do while
    // the host pass parses it too: start the device compiles now when the
    // source looks like it offloads (else once the kernels are known). If
    // it has no kernels after all, they are stopped.
    if (std::optional<std::string> Source = mainSourceThatOffloads(CI))
      StartedEarly = Pass.launch(*Source);
    // After the launch: offering clang the header adds a macro to the
    // options that the device compiles take theirs from (until loaded()).
    if (Folder)
      HostHeader.emplace(CI, *Folder, *Prefix, Diags,
                         this->Opts.DeviceTimeLimit);
  }

  void Initialize(ASTContext &) override {
    if (HostHeader)
      HostHeader->loaded();
  }

  // Before code generation sees each function (this consumer runs first):
  // loops over local containers keep them on the device (Residency.h).
  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    if (HostHeader && HostHeader->used())
      Parsed.insert(Parsed.end(), Group.begin(), Group.end());
    if (!keepsResident())
      return true;
    const Clock::time_point T0 = Clock::now();
    for (Decl *D : Group)
      keepResidentIn(D);
    keepDataResidentInLambdas(CI.getSema(), Diags, Remarks, Residency);
    ResidencyTime += Clock::now() - T0;
    return true;
  }

  void HandleCXXImplicitFunctionInstantiation(FunctionDecl *FD) override {
    // The header's templates (the source's own are walked with them).
    if (HostHeader && HostHeader->used())
      if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
          Pattern && Pattern->isFromASTFile())
        Instantiated.push_back(FD);
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    llvm::scope_exit StoreHeader([this] {
      if (HostHeader)
        HostHeader->finish();
    });
    if (keepsResident()) {
      const Clock::time_point T0 = Clock::now();
      keepDataResidentInLambdas(CI.getSema(), Diags, Remarks, Residency);
      ResidencyTime += Clock::now() - T0;
    }
    if (Diags.engine().hasErrorOccurred())
      return;
    ParseEnd = Clock::now();
    // With the library's header read precompiled, a walk of the whole AST
    // would read all of it back: the checks walk what this compile parsed
    // and the instantiations it made of the header's templates.
    if (HostHeader && HostHeader->used()) {
      Parsed.insert(Parsed.end(), Instantiated.begin(), Instantiated.end());
      Ctx.setTraversalScope(Parsed);
    }
    checkPreloads(Ctx, Diags);
    std::optional<Metadata> M =
        Opts.ImportMetadata.empty()
            ? analyzeTranslationUnit(Ctx, CI.getSema(), Diags, Opts.Targets)
            : importMetadata(Diags);
    Ctx.setTraversalScope({Ctx.getTranslationUnitDecl()});
    if (!M || Diags.engine().hasErrorOccurred())
      return;
    if (Opts.DumpMetadata)
      llvm::outs() << serialize(*M);
    if (Opts.DumpKernels)
      printKernels(*M, llvm::outs());
    if (Opts.DumpDeviceSource)
      llvm::outs() << deviceSource(*M);
    Analyzed = Clock::now();
    if (M->Kernels.empty() || !emitsCode(CI))
      return;
    if (Input) {
      Diags.report({}, Diag::InputNotSource) << *Input;
      return;
    }

    // The device pass sees the kernels only through their serialized form,
    // exactly as if it ran in another process.
    llvm::Expected<Metadata> Crossed = deserialize(serialize(*M));
    if (!Crossed) {
      Diags.report({}, Diag::Internal) << llvm::toString(Crossed.takeError());
      return;
    }
    if (!Pass.feed(*Crossed))
      return;
    // The device compiles finish while the host compile generates and
    // optimizes its code; the host lowering waits for them.
    State->Kernels = std::move(*Crossed);
    State->DumpHostIR = Opts.DumpHostIR;
    State->Complete = [this] {
      std::optional<std::vector<DeviceImage>> Images =
          Pass.finish(State->Kernels);
      if (Opts.TimeReport)
        report();
      if (!Images)
        return false;
      addDependencies(Pass.dependencies());
      State->Images = std::move(*Images);
      return true;
    };
  }

private:
  using Clock = std::chrono::steady_clock;

  bool keepsResident() {
    return Opts.Residency && Opts.ImportMetadata.empty() &&
           !Diags.engine().hasErrorOccurred();
  }

  void keepResidentIn(Decl *D) {
    if (auto *FD = dyn_cast<FunctionDecl>(D)) {
      keepDataResident(*FD, CI.getSema(), Diags, Remarks, Residency);
    } else if (auto *DC = dyn_cast<DeclContext>(D);
               DC && isa<NamespaceDecl, LinkageSpecDecl, CXXRecordDecl>(D)) {
      for (Decl *Inner : DC->decls())
        keepResidentIn(Inner);
    }
  }

  /// time-report: where the compile's time went, on stderr.
  void report() const {
    auto Ms = [](Clock::time_point A, Clock::time_point B) {
      return std::chrono::duration<double, std::milli>(B - A).count();
    };
    llvm::errs() << llvm::formatv(
        "cxx-offload time: host parse {0:f0} ms (automatic residency {4:f1} "
        "ms of it), kernel analysis and metadata {1:f0} ms, host code "
        "generation until the device compiles (started {2}) and ptxas/ld.lld "
        "were done {3:f0} ms; images from the cache: {5}\n",
        Ms(Created, ParseEnd), Ms(ParseEnd, Analyzed),
        StartedEarly ? "with the host parse" : "after the analysis",
        Ms(Analyzed, Clock::now()),
        std::chrono::duration<double, std::milli>(ResidencyTime).count(),
        Pass.imagesFromCache().empty()
            ? "none"
            : llvm::join(Pass.imagesFromCache(), ", "));
  }

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
        Callbacks->LexedFileChanged(
            ID, PPCallbacks::LexedFileChangeReason::EnterFile, SrcMgr::C_User,
            FileID(), SM.getLocForStartOfFile(ID));
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
  Diagnostics Diags;
  DevicePass Pass;
  const std::optional<std::string> Input; // why device compiles cannot run
  std::optional<HostPrecompiledHeader> HostHeader;
  std::vector<Decl *> Parsed, Instantiated; // while HostHeader is used
  bool StartedEarly = false;
  Clock::time_point Created = Clock::now(), ParseEnd, Analyzed;
  ResidencyState Residency;
  Clock::duration ResidencyTime{};
  // -Rpass=/-Rpass-missed= patterns, matched once rather than per function.
  const ResidencyRemarks Remarks{
      CI.getCodeGenOpts().OptimizationRemark.patternMatches(
          "offload-residency"),
      CI.getCodeGenOpts().OptimizationRemarkMissed.patternMatches(
          "offload-residency")};
};

class OffloadAction : public PluginASTAction {
protected:
  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    Diagnostics Diags(CI.getDiagnostics());
    for (const std::string &Arg : Args)
      if (llvm::Error E = Opts.parse(Arg)) {
        Diags.report({}, Diag::BadPluginArgument)
            << llvm::toString(std::move(E));
        return false;
      }
    // In an OpenMP device compile the plugin runs only when the device pass
    // started it, which says where the kernels' metadata is.
    if (CI.getLangOpts().OpenMPIsTargetDevice) {
      setUnresolvedSymbolsFile(Opts.DeviceUnresolved);
      if (!Opts.DeviceImageCache.empty())
        setImageCacheRequest({Opts.DeviceImageCache, Opts.DeviceImageKey,
                              Opts.DeviceImageAnswer});
      return !Opts.DeviceMetadata.empty();
    }
    if (Opts.Targets.empty())
      Opts.Targets = cantFail(parseTargets(defaultTargets()));
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    if (CI.getLangOpts().OpenMPIsTargetDevice)
      return createDeviceConsumer(CI, Opts.DeviceMetadata);
    // The host pass's own macro; <offload/offload.hpp> lowers offload()
    // calls to the runtime when it sees it.
    Preprocessor &PP = CI.getPreprocessor();
    PP.setPredefines(PP.getPredefines() + "#define __OFFLOAD_HOST__ 1\n");

    auto State = std::make_shared<LoweringState>();
    CI.getCodeGenOpts().PassBuilderCallbacks.push_back(
        [State](llvm::PassBuilder &PB) {
          // Last, so that the host's optimization overlaps the device
          // compiles the pass waits for.
          PB.registerOptimizerLastEPCallback(
              [State](llvm::ModulePassManager &MPM, llvm::OptimizationLevel,
                      llvm::ThinOrFullLTOPhase) {
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

// Device compiles load this library as a pass plugin too (-fpass-plugin=),
// for the passes that name closure kernels' entries, keep a kernel's trivial
// infinite loop and link the GPU math libraries the code calls (first in the
// pipeline, at every optimization level, so that the linked functions are
// optimized with the kernels), set GPU code's loop policies (which loops
// unroll fully or at run time), merge back-to-back block barriers and check
// what the image leaves undefined (last); and the pass that names the image
// for the cache.
extern "C" LLVM_ATTRIBUTE_WEAK llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "cxx-offload-device", "22",
          [](llvm::PassBuilder &PB) {
            PB.registerPipelineStartEPCallback(
                [](llvm::ModulePassManager &MPM, llvm::OptimizationLevel) {
                  MPM.addPass(ClosureEntryPass());
                  MPM.addPass(ForwardProgressPass());
                  MPM.addPass(DeviceLibrariesPass());
                  // After the libraries are linked in: they are part of
                  // what names the image.
                  MPM.addPass(ImageCachePass());
                });
            // Before the full unroll of the function simplification loops,
            // which SROA follows.
            PB.registerLateLoopOptimizationsEPCallback(
                [](llvm::LoopPassManager &LPM, llvm::OptimizationLevel) {
                  LPM.addPass(GpuPrivateArrayUnrollPass());
                });
            // After inlining, before the loop passes that the lockstep
            // blocks' loops over their threads need.
            PB.registerOptimizerEarlyEPCallback([](llvm::ModulePassManager &MPM,
                                                   llvm::OptimizationLevel,
                                                   llvm::ThinOrFullLTOPhase) {
              MPM.addPass(TeamLockstepPass());
            });
            PB.registerVectorizerStartEPCallback(
                [](llvm::FunctionPassManager &FPM, llvm::OptimizationLevel) {
                  FPM.addPass(GpuLoopUnrollPolicyPass());
                });
            PB.registerOptimizerLastEPCallback([](llvm::ModulePassManager &MPM,
                                                  llvm::OptimizationLevel,
                                                  llvm::ThinOrFullLTOPhase) {
              MPM.addPass(llvm::createModuleToFunctionPassAdaptor(
                  GpuBarrierMergePass()));
              MPM.addPass(DeviceModuleCheckPass());
            });
          }};
}

static FrontendPluginRegistry::Add<OffloadAction>
    X("offload", "compile offload() kernels for GPUs and the host device");
