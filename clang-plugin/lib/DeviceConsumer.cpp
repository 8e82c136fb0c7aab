//===- DeviceConsumer.cpp - The plugin inside a device compile ------------===//

#include "DeviceConsumer.h"
#include "Diagnostics.h"
#include "KernelAnalysis.h"
#include "LibraryModel.h"
#include "Metadata.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/Mangle.h"
#include "clang/Frontend/CompilerInstance.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"

#include <vector>

using namespace clang;

namespace offload::plugin {
namespace {

/// What the device compile must find in its AST, by the metadata: the
/// constant data kernels read, the generated entries and the closures'
/// entries.
class DeviceVisitor : public DynamicRecursiveASTVisitor {
public:
  DeviceVisitor(ASTContext &Ctx, const Metadata &M, Diagnostics &Diags)
      : Ctx(Ctx), Names(Ctx), Diags(Diags) {
    for (const std::string &G : M.Globals)
      Globals.insert(G);
    for (const KernelInstance &K : M.Kernels)
      if (K.Closure.empty())
        Callees[K.Entry] = &K;
      else if (!K.Body.empty())
        Closures[K.Closure] = &K;
    ShouldVisitTemplateInstantiations = true;
  }

  /// Whether something the metadata names has not been found yet.
  bool missing() const {
    return GlobalsFound.size() < Globals.size() || !Callees.empty() ||
           !Closures.empty();
  }

  bool VisitVarDecl(VarDecl *VD) override {
    if (Globals.empty() || !VD->hasGlobalStorage())
      return true;
    // Every declaration of it is marked, as declare target would.
    const std::string Name = Names.getName(VD);
    if (!Globals.contains(Name) || VD->hasAttr<OMPDeclareTargetDeclAttr>())
      return true;
    GlobalsFound.insert(Name);
    VD->addAttr(OMPDeclareTargetDeclAttr::CreateImplicit(
        Ctx, OMPDeclareTargetDeclAttr::MT_Enter,
        OMPDeclareTargetDeclAttr::DT_Any,
        /*IndirectExpr=*/nullptr, /*Indirect=*/false, /*Level=*/0,
        VD->getSourceRange()));
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) override {
    if (!FD->getIdentifier() || !FD->hasBody())
      return true;
    if (functionOf(FD) == Function::CallClosure)
      checkClosure(FD);
    auto It = Callees.find(FD->getName());
    if (It == Callees.end())
      return true;
    Entry = It->second;
    Callees.erase(It);
    TraverseStmt(FD->getBody());
    Entry = nullptr;
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) override {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Entry || !Callee || Callee->getName() != "deviceEntry")
      return true;
    const TemplateArgumentList *Args = Callee->getTemplateSpecializationArgs();
    const auto *Kernel =
        Args && Args->size() >= 1 &&
                Args->get(0).getKind() == TemplateArgument::Declaration
            ? dyn_cast<FunctionDecl>(Args->get(0).getAsDecl())
            : nullptr;
    std::string Found = Kernel ? Names.getName(Kernel) : "(not a function)";
    if (Found != Entry->Mangled)
      Diags.report(Call->getExprLoc(), Diag::EntryMismatch)
          << Entry->Name << Entry->Mangled << Found;
    return true;
  }

private:
  /// callClosure<C, P...>, tagged with its ClosureId: C must be the code
  /// the host pass saw under that id.
  void checkClosure(const FunctionDecl *FD) {
    const auto *Note = FD->getAttr<AnnotateAttr>();
    const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
    Expr::EvalResult Id;
    if (!Note || Note->getAnnotation() != "offload.closure" ||
        Note->args_size() != 1 || !Args || Args->size() == 0 ||
        Args->get(0).getKind() != TemplateArgument::Type ||
        !(*Note->args_begin())->EvaluateAsInt(Id, Ctx))
      return;
    auto It = Closures.find(llvm::utohexstr(Id.Val.getInt().getZExtValue(),
                                            /*LowerCase=*/true, 16));
    const CXXRecordDecl *C = Args->get(0).getAsType()->getAsCXXRecordDecl();
    if (It == Closures.end() || !C)
      return;
    if (closureBodyHash(C, Ctx) != It->second->Body)
      Diags.report(C->getLocation(), Diag::ClosureDiffersBetweenPasses)
          << It->second->Name;
    Closures.erase(It);
  }

  ASTContext &Ctx;
  ASTNameGenerator Names;
  Diagnostics &Diags;
  llvm::StringSet<> Globals, GlobalsFound;
  llvm::StringMap<const KernelInstance *> Callees;  // until found
  llvm::StringMap<const KernelInstance *> Closures; // by ClosureId
  const KernelInstance *Entry = nullptr;
};

class DeviceConsumer : public ASTConsumer {
public:
  DeviceConsumer(CompilerInstance &CI, std::string MetadataFile)
      : Diags(CI.getDiagnostics()), MetadataFile(std::move(MetadataFile)) {}

  // What this compile parsed and instantiated: the library's header, read
  // precompiled, is not visited unless something is still missing (walking
  // it deserializes all of it, a third of a small device compile).
  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    Parsed.insert(Parsed.end(), Group.begin(), Group.end());
    return true;
  }
  // Definitions read from the precompiled header (and deserialized while
  // the visitor runs): only the fallback below visits them.
  void HandleInterestingDecl(DeclGroupRef) override {}
  void HandleCXXImplicitFunctionInstantiation(FunctionDecl *FD) override {
    Instantiated.push_back(FD);
  }
  void HandleCXXStaticMemberVarInstantiation(VarDecl *VD) override {
    Instantiated.push_back(VD);
  }

  // Runs before code generation finishes the module: declare-target
  // variables it skipped at their definition are emitted at its end.
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Diags.engine().hasErrorOccurred())
      return;
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
        llvm::MemoryBuffer::getFile(MetadataFile);
    if (!Text) {
      Diags.report({}, Diag::MetadataImport)
          << MetadataFile << Text.getError().message();
      return;
    }
    llvm::Expected<Metadata> M = deserialize((*Text)->getBuffer());
    if (!M) {
      Diags.report({}, Diag::MetadataImport)
          << MetadataFile << llvm::toString(M.takeError());
      return;
    }
    DeviceVisitor Visitor(Ctx, *M, Diags);
    // By index: visiting may instantiate, which appends.
    for (size_t I = 0; I < Parsed.size(); ++I)
      Visitor.TraverseDecl(Parsed[I]);
    for (size_t I = 0; I < Instantiated.size() && Visitor.missing(); ++I)
      Visitor.TraverseDecl(Instantiated[I]);
    if (Visitor.missing())
      Visitor.TraverseAST(Ctx);
  }

private:
  Diagnostics Diags;
  std::string MetadataFile;
  std::vector<Decl *> Parsed, Instantiated;
};

} // namespace

std::unique_ptr<ASTConsumer> createDeviceConsumer(CompilerInstance &CI,
                                                  std::string MetadataFile) {
  return std::make_unique<DeviceConsumer>(CI, std::move(MetadataFile));
}

} // namespace offload::plugin
