//===- KernelAnalysis.cpp - Finding and checking offload() calls ----------===//

#include "KernelAnalysis.h"
#include "ClosureEntries.h"
#include "KernelChecks.h"
#include "KernelNames.h"
#include "LaunchShape.h"
#include "LibraryModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Mangle.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/Sema.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <map>

using namespace clang;
using namespace clang::ast_matchers;

namespace offload::plugin {
namespace {

// The plugin reads these from the header's constants in the AST; it is
// built with the same header, so their numbering cannot differ.
using HeaderParamKind = offload::detail::ParamKind;
using HeaderMapKind = offload::detail::MapKind;
// The header's argument layout this plugin understands.
constexpr unsigned ExpectedAbi = offload::detail::AbiVersion;

AST_MATCHER(FunctionDecl, isOffloadFunctionDecl) {
  return isOffloadFunction(&Node);
}

/// A call of offload::offload, template instantiations included.
const auto OffloadCall =
    callExpr(callee(functionDecl(isOffloadFunctionDecl(),
                                 isTemplateInstantiation())))
        .bind("call");

class Analysis : public MatchFinder::MatchCallback {
public:
  Analysis(ASTContext &Ctx, Sema &S, Diagnostics &Diags,
           llvm::ArrayRef<Target> Targets)
      : Ctx(Ctx), S(S), Diags(Diags), Bodies(Ctx, Diags, Targets), Names(Ctx),
        Namer(Ctx), Policy(Ctx.getLangOpts()) {
    Policy.SuppressUnwrittenScope = true;
    Policy.FullyQualifiedName = true;
    Policy.SuppressTagKeyword = true;
  }

  Metadata run();
  void run(const MatchFinder::MatchResult &Result) override;

private:
  NamedDecl *lookupHeaderDecl(llvm::StringRef Name);
  std::optional<APValue> evaluateMember(ClassTemplateSpecializationDecl *Spec,
                                        llvm::StringRef Member,
                                        SourceLocation Loc);
  std::optional<KernelLayout> layoutOf(const FunctionDecl *Kernel,
                                       const CXXMethodDecl *CallOperator,
                                       SourceLocation Loc);
  const FunctionDecl *resolveKernel(const Expr *E);
  const FunctionDecl *resolveClosure(const Expr *E, const CXXRecordDecl *RD,
                                     const CXXMethodDecl *&Op);
  void record(const CallExpr *Call, const FunctionDecl *K,
              const KernelLayout &Layout, const CXXRecordDecl *Closure,
              const std::string &Callee, std::optional<BlockShape> Block);

  ASTContext &Ctx;
  Sema &S;
  Diagnostics &Diags;
  KernelBodyChecker Bodies;
  ASTNameGenerator Names;
  KernelNamer Namer;
  /// Lambdas already reported as a library call's operation.
  llvm::SmallPtrSet<const clang::CXXRecordDecl *, 4> LambdasReported;
  PrintingPolicy Policy;
  std::optional<unsigned> HeaderAbi;
  std::map<std::string, KernelInstance> Kernels; // by mangled name
  /// The block every call so far launches each kernel with, if constant
  /// and the same, by mangled name.
  std::map<std::string, std::optional<BlockShape>> CallBlocks;
  // Closure kernels by ClosureId: the type and where it was first offloaded.
  std::map<std::string, std::pair<const CXXRecordDecl *, SourceLocation>>
      Closures;
};

NamedDecl *Analysis::lookupHeaderDecl(llvm::StringRef Name) {
  // Name is "offload::detail::X": walk the namespaces from the TU.
  DeclContext *DC = Ctx.getTranslationUnitDecl();
  llvm::SmallVector<llvm::StringRef> Parts;
  Name.split(Parts, "::");
  for (size_t I = 0; I < Parts.size(); ++I) {
    DeclContextLookupResult R = DC->lookup(&Ctx.Idents.get(Parts[I]));
    if (R.empty())
      return nullptr;
    if (I + 1 == Parts.size())
      return R.front();
    DC = dyn_cast<NamespaceDecl>(R.front());
    if (!DC)
      return nullptr;
  }
  return nullptr;
}

std::optional<APValue>
Analysis::evaluateMember(ClassTemplateSpecializationDecl *Spec,
                         llvm::StringRef Member, SourceLocation Loc) {
  DeclContextLookupResult R = Spec->lookup(&Ctx.Idents.get(Member));
  auto *VD = R.empty() ? nullptr : dyn_cast<VarDecl>(R.front());
  if (!VD)
    return std::nullopt;
  if (!VD->getInit())
    S.InstantiateVariableDefinition(Loc, VD);
  if (!VD->getInit())
    return std::nullopt;
  if (const APValue *V = VD->evaluateValue())
    return *V;
  return std::nullopt;
}

/// The argument layout of Kernel, read from offload::detail::Signature,
/// which the header instantiated for this call.
std::optional<KernelLayout>
Analysis::layoutOf(const FunctionDecl *Kernel,
                   const CXXMethodDecl *CallOperator, SourceLocation Loc) {
  auto Fail = [&](llvm::StringRef Why) -> std::optional<KernelLayout> {
    Diags.report(Loc, Diag::Internal)
        << (llvm::Twine(Why) + " (is <offload/offload.hpp> the header of "
                               "this plugin's installation?)")
               .str();
    return std::nullopt;
  };
  if (!HeaderAbi) {
    auto *AbiDecl =
        dyn_cast_or_null<VarDecl>(lookupHeaderDecl("offload::detail::AbiVersion"));
    const APValue *V = AbiDecl ? AbiDecl->evaluateValue() : nullptr;
    if (!V || !V->isInt())
      return Fail("cannot read offload::detail::AbiVersion");
    HeaderAbi = V->getInt().getZExtValue();
  }
  if (*HeaderAbi != ExpectedAbi)
    return Fail(("offload.hpp has ABI version " + llvm::Twine(*HeaderAbi) +
                 " but the plugin expects " + llvm::Twine(ExpectedAbi))
                    .str());

  auto *Template = dyn_cast_or_null<ClassTemplateDecl>(
      lookupHeaderDecl("offload::detail::Signature"));
  if (!Template)
    return Fail("cannot find offload::detail::Signature");
  // noexcept kernels share the layout of their plain function type.
  QualType Fn = Ctx.getFunctionTypeWithExceptionSpec(Kernel->getType(),
                                                     EST_None);
  TemplateArgument Arg(Ctx.getCanonicalType(Ctx.getPointerType(Fn)));
  void *InsertPos = nullptr;
  ClassTemplateSpecializationDecl *Spec =
      Template->findSpecialization(Arg, InsertPos);
  if (!Spec)
    return Fail("offload::detail::Signature was not instantiated for kernel '" +
                Kernel->getNameAsString() + "'");

  std::optional<APValue> NumSlots = evaluateMember(Spec, "NumSlots", Loc);
  std::optional<APValue> Dims = evaluateMember(Spec, "Dims", Loc);
  std::optional<APValue> Nodes = evaluateMember(Spec, "Nodes", Loc);
  if (!NumSlots || !NumSlots->isInt() || !Dims || !Dims->isInt() || !Nodes ||
      !Nodes->isStruct())
    return Fail("cannot evaluate the argument layout of kernel '" +
                Kernel->getNameAsString() + "'");
  // std::array<ParamInfo, N>: one field, the element array.
  std::vector<offload::detail::ParamInfo> Infos;
  if (Kernel->getNumParams() != 0) {
    const APValue &Elems = Nodes->getStructField(0);
    if (Nodes->getStructNumFields() != 1 || !Elems.isArray())
      return Fail("unexpected offload::detail::ParamInfo array");
    for (unsigned I = 0; I < Elems.getArrayInitializedElts(); ++I) {
      const APValue &E = Elems.getArrayInitializedElt(I);
      if (!E.isStruct() || E.getStructNumFields() != 4)
        return Fail("unexpected offload::detail::ParamInfo layout");
      auto Field = [&](unsigned F) {
        return unsigned(E.getStructField(F).getInt().getZExtValue());
      };
      Infos.push_back({HeaderParamKind(Field(0)), HeaderMapKind(Field(1)),
                       Field(2), Field(3)});
    }
  }
  // A closure's parameters are its object's and its call operator's.
  std::vector<const ParmVarDecl *> Declared;
  if (CallOperator && Kernel->getNumParams() != 0) {
    Declared.push_back(Kernel->getParamDecl(0));
    llvm::append_range(Declared, CallOperator->parameters());
  } else {
    llvm::append_range(Declared, Kernel->parameters());
  }
  if (Declared.size() != Kernel->getNumParams())
    return Fail("the closure's call operator does not match its kernel");
  std::string Why;
  std::optional<KernelLayout> L =
      buildLayout(Declared, Infos, NumSlots->getInt().getZExtValue(),
                  Dims->getInt().getZExtValue(), Ctx, Why);
  if (!L)
    return Fail("kernel '" + Kernel->getNameAsString() + "': " + Why);
  L->ClosureObject = CallOperator != nullptr;
  return L;
}

/// The function an offload() kernel argument names, or null.
const FunctionDecl *Analysis::resolveKernel(const Expr *E) {
  // Look through `&f` and through casts that only pick an overload
  // (static_cast<void (*)(T)>(f)), not through casts that change the type.
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
      E = UO->getSubExpr();
    else if (auto *Cast = dyn_cast<ExplicitCastExpr>(E);
             Cast && (Cast->getCastKind() == CK_NoOp ||
                      Cast->getCastKind() == CK_FunctionToPointerDecay))
      E = Cast->getSubExpr();
    else
      break;
  }
  if (auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl()))
      return FD;
    QualType T = DRE->getType().getNonReferenceType();
    if (T->isFunctionPointerType() || T->isFunctionType()) {
      Diags.report(E->getExprLoc(), Diag::KernelFunctionPointer)
          << DRE->getDecl() << E->getSourceRange();
      return nullptr;
    }
  }
  if (auto *ME = dyn_cast<MemberExpr>(E))
    if (auto *MD = dyn_cast<CXXMethodDecl>(ME->getMemberDecl())) {
      Diags.report(E->getExprLoc(), Diag::KernelMethod)
          << MD << E->getSourceRange();
      return nullptr;
    }
  Diags.report(E->getExprLoc(), Diag::KernelNotFunction)
      << E->getType() << E->getSourceRange();
  return nullptr;
}

/// The call operator of class RD, looked up through its bases too.
static DeclContextLookupResult callOperators(const CXXRecordDecl *RD,
                                             ASTContext &Ctx) {
  DeclarationName Name = Ctx.DeclarationNames.getCXXOperatorName(OO_Call);
  DeclContextLookupResult Own = RD->lookup(Name);
  if (!Own.empty() || !RD->hasDefinition())
    return Own;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl())
      if (DeclContextLookupResult Found = callOperators(Base, Ctx);
          !Found.empty())
        return Found;
  return Own;
}

/// The callClosure<C, P...> that offload() runs for the closure object E
/// of class RD, after checking the class, and its call operator in Op. Both
/// null after a diagnostic; only the result null if offload() did not
/// instantiate callClosure.
const FunctionDecl *Analysis::resolveClosure(const Expr *E,
                                             const CXXRecordDecl *RD,
                                             const CXXMethodDecl *&Op) {
  QualType Type = Ctx.getCanonicalTagType(RD);
  Op = nullptr;
  for (NamedDecl *D : callOperators(RD, Ctx)) {
    if (isa<FunctionTemplateDecl>(D)) {
      Diags.report(E->getExprLoc(), Diag::ClosureGeneric)
          << Type << E->getSourceRange();
      return nullptr;
    }
    auto *M = dyn_cast<CXXMethodDecl>(D);
    if (!M || Op || !M->getReturnType()->isVoidType() || M->isVariadic()) {
      Diags.report(E->getExprLoc(), Diag::ClosureNoCallOperator)
          << Type << E->getSourceRange();
      Op = nullptr;
      return nullptr;
    }
    Op = M;
  }
  if (!Op) {
    Diags.report(E->getExprLoc(), Diag::ClosureNoCallOperator)
        << Type << E->getSourceRange();
    return nullptr;
  }
  if (!checkClosureState(E, RD, Ctx, Diags)) {
    Op = nullptr;
    return nullptr;
  }
  // offload() runs the class that declares the call operator (a base's
  // operator() takes the object as that base).
  QualType Runs = Ctx.getCanonicalTagType(Op->getParent());
  auto *Template = dyn_cast_or_null<FunctionTemplateDecl>(
      lookupHeaderDecl("offload::detail::callClosure"));
  if (Template)
    for (FunctionDecl *Spec : Template->specializations())
      if (const TemplateArgumentList *Args =
              Spec->getTemplateSpecializationArgs();
          Args && Args->size() > 0 &&
          Args->get(0).getKind() == TemplateArgument::Type &&
          Ctx.hasSameType(Args->get(0).getAsType(), Runs))
        return Spec;
  // offload() stops before instantiating it when an argument does not
  // convert: analyze() then checks the arguments against Op.
  return nullptr;
}

void Analysis::record(const CallExpr *Call, const FunctionDecl *K,
                      const KernelLayout &Layout, const CXXRecordDecl *Closure,
                      const std::string &Callee,
                      std::optional<BlockShape> Block) {
  std::string Mangled = Names.getName(K);
  // A closure's entry is offload()'s own instantiation, which cannot know.
  if (Closure || !definedInOneImage(K) || !Layout.sharesBlock())
    Block.reset();
  auto [Known, FirstCall] = CallBlocks.try_emplace(Mangled, Block);
  if (!FirstCall && Known->second != Block)
    Known->second.reset();
  PresumedLoc PLoc =
      Ctx.getSourceManager().getPresumedLoc(Call->getExprLoc());
  std::string Site = PLoc.isValid()
                         ? (llvm::Twine(PLoc.getFilename()) + ":" +
                            llvm::Twine(PLoc.getLine()) + ":" +
                            llvm::Twine(PLoc.getColumn()))
                               .str()
                         : "<unknown>";
  auto [It, New] = Kernels.try_emplace(Mangled);
  KernelInstance &KI = It->second;
  if (!llvm::is_contained(KI.Calls, Site))
    KI.Calls.push_back(Site);
  if (!New)
    return;

  static constexpr const char *KindNames[] = {
      "unsupported", "value",  "read-only",   "region", "range",
      "reduction",   "atomic", "team-memory", "struct"};
  static_assert(std::size(KindNames) ==
                    unsigned(offload::detail::ParamKind::Struct) + 1,
                "a name for every parameter kind");
  static constexpr const char *MapNames[] = {"none", "literal", "to",
                                             "tofrom", "from"};
  KI.Mangled = Mangled;
  KI.Entry = "__offload_k_" + llvm::utohexstr(llvm::xxh3_64bits(Mangled),
                                              /*LowerCase=*/true, 16);
  if (Closure) {
    // The device pass cannot name a closure: both passes find its entry by
    // the ClosureId that callClosure's annotation carries.
    const auto *Note = K->getAttr<AnnotateAttr>();
    Expr::EvalResult Id;
    if (!Note || Note->args_size() != 1 ||
        !(*Note->args_begin())->EvaluateAsInt(Id, Ctx)) {
      Diags.report(Call->getExprLoc(), Diag::Internal)
          << "cannot read the ClosureId of offload::detail::callClosure";
      return;
    }
    std::uint64_t ClosureId = Id.Val.getInt().getZExtValue();
    KI.Closure = llvm::utohexstr(ClosureId, /*LowerCase=*/true, 16);
    KI.Entry = closureEntryName(ClosureId);
    KI.Name = QualType(Ctx.getCanonicalTagType(Closure)).getAsString(Policy);
    KI.Body = closureBodyHash(Closure, Ctx);
    auto [Other, First] =
        Closures.try_emplace(KI.Closure, Closure, Call->getExprLoc());
    if (!First && Other->second.first != Closure) {
      Diags.report(Call->getExprLoc(), Diag::ClosureIndistinct)
          << Ctx.getCanonicalTagType(Closure)
          << Ctx.getCanonicalTagType(Other->second.first);
      Diags.report(Other->second.second, Diag::NoteOtherClosure);
    }
  } else {
    llvm::raw_string_ostream OS(KI.Name);
    K->getNameForDiagnostic(OS, Policy, /*Qualified=*/true);
    KI.Callee = Callee;
  }
  KI.Signature = K->getType().getAsString(Policy);
  KI.NumSlots = Layout.NumSlots;
  auto Describe = [&](const ParamLayout &PL) {
    return KernelParam{PL.Path,
                       PL.Type.getAsString(Policy),
                       KindNames[unsigned(PL.Kind)],
                       MapNames[unsigned(PL.Map)],
                       PL.Slots,
                       {}};
  };
  for (const ParamLayout &PL : Layout.Params) {
    KernelParam P = Describe(PL);
    if (PL.isStruct())
      PL.forEachLeaf([&](const ParamLayout &Leaf) {
        P.Members.push_back(Describe(Leaf));
      });
    KI.Params.push_back(std::move(P));
  }
}

void Analysis::run(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  const FunctionDecl *Offload = Call->getDirectCallee();
  // A call that can never run (in a template never instantiated, a
  // discarded `if constexpr` branch, decltype or noexcept) did not make
  // the header instantiate offload(): there is nothing to compile.
  if (!Offload->isDefined())
    return;
  // offload([Devices,] [Launch,] kernel, args...).
  auto LeadingParam = [&](unsigned I, Entity E) {
    return I < Offload->getNumParams() &&
           isEntity(Offload->getParamDecl(I)->getType().getNonReferenceType(),
                    E);
  };
  unsigned KernelArg = LeadingParam(0, Entity::Devices) ? 1 : 0;
  const bool ExplicitLaunch = LeadingParam(KernelArg, Entity::Launch);
  KernelArg += ExplicitLaunch;
  if (Call->getNumArgs() <= KernelArg)
    return;
  const Expr *KernelExpr = Call->getArg(KernelArg);
  // A lambda or function object runs as callClosure(object, args...).
  const CXXRecordDecl *Closure =
      KernelExpr->getType().getNonReferenceType()->getAsCXXRecordDecl();
  const CXXMethodDecl *CallOperator = nullptr;
  const FunctionDecl *K = Closure
                              ? resolveClosure(KernelExpr, Closure, CallOperator)
                              : resolveKernel(KernelExpr);
  if (!K && CallOperator) {
    // No callClosure: offload() stopped before it, most often at an
    // argument that does not convert. Checking the arguments against the
    // call operator says which (Signature is not instantiated for it
    // either, so each parameter is a Region, a forbidden type (the
    // header's static_assert stopped there) or a value by its type).
    KernelLayout OpLayout;
    OpLayout.Dims = 0;
    for (const ParmVarDecl *P : CallOperator->parameters()) {
      const Entity E = entityOf(P->getType().getNonReferenceType());
      const bool IsRegion = E == Entity::Region;
      // Only a Region or a Range sizes the launch (the exact shape does not
      // matter here).
      if (IsRegion || E == Entity::Range)
        OpLayout.Dims = 1;
      // Not a value unless a scalar: the types of the others are checked
      // once the arguments convert.
      detail::ParamKind Kind =
          P->getType().getNonReferenceType()->isScalarType()
              ? detail::ParamKind::Value
              : detail::ParamKind::ReadOnly;
      if (isForbiddenParamType(P->getType()))
        Kind = detail::ParamKind::Unsupported;
      else if (IsRegion)
        Kind = detail::ParamKind::Region;
      OpLayout.Params.push_back(paramNode(P, Kind));
    }
    if (checkArguments(Call, KernelArg + 1, CallOperator, OpLayout,
                       ExplicitLaunch, S, Diags))
      Diags.report(KernelExpr->getExprLoc(), Diag::Internal)
          << "offload::detail::callClosure was not instantiated for this "
             "kernel (is <offload/offload.hpp> the header of this plugin's "
             "installation?)";
    return;
  }
  if (!K || !checkKernelDecl(K, KernelExpr->getExprLoc(), Diags))
    return;
  std::optional<KernelLayout> Layout =
      layoutOf(K, CallOperator, Call->getExprLoc());
  unsigned FirstArg = Closure ? KernelArg : KernelArg + 1;
  if (!Layout ||
      !checkArguments(Call, FirstArg, K, *Layout, ExplicitLaunch, S, Diags))
    return;
  std::string Callee;
  if (!Closure) {
    std::optional<std::string> Name = Namer.callee(K);
    if (!Name) {
      // A library kernel (a scan's, a sort's) instantiated with the user's
      // lambda: said once, where the lambda is written.
      if (const CXXRecordDecl *Lambda = Namer.failure().Lambda;
          Lambda && inOffload(K)) {
        if (LambdasReported.insert(Lambda).second)
          Diags.report(Lambda->getLocation(), Diag::LibraryCallLambda) << K;
        return;
      }
      Diags.report(KernelExpr->getExprLoc(), Diag::TemplateArgumentNotNameable)
          << K << Namer.failure().Argument << Namer.failure().Why
          << KernelExpr->getSourceRange();
      return;
    }
    Callee = std::move(*Name);
  }
  Bodies.check(Closure ? CallOperator : K);
  record(
      Call, K, *Layout, Closure, Callee,
      constantBlock(ExplicitLaunch ? launchArgument(Call, KernelArg) : nullptr,
                    Layout->Dims, Ctx));
}

Metadata Analysis::run() {
  MatchFinder Finder;
  Finder.addMatcher(OffloadCall, this);
  Finder.matchAST(Ctx);

  Metadata M;
  M.Abi = HeaderAbi.value_or(0);
  const SourceManager &SM = Ctx.getSourceManager();
  // Absolute, so that the device pass finds it from any directory.
  if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID())) {
    llvm::SmallString<256> Path(Main->getName());
    SM.getFileManager().makeAbsolutePath(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    M.Source = std::string(Path);
  }
  for (auto &[Mangled, K] : Kernels) {
    if (const std::optional<BlockShape> &B = CallBlocks[Mangled])
      K.Block = {B->x, B->y, B->z};
    M.Kernels.push_back(std::move(K));
  }
  M.Globals = Bodies.constantGlobals();
  return M;
}

} // namespace

Metadata analyzeTranslationUnit(ASTContext &Ctx, Sema &S, Diagnostics &Diags,
                                llvm::ArrayRef<Target> Targets) {
  return Analysis(Ctx, S, Diags, Targets).run();
}

std::string closureBodyHash(const CXXRecordDecl *C, const ASTContext &Ctx) {
  const CXXMethodDecl *Op = nullptr;
  for (const CXXMethodDecl *M : C->methods())
    if (M->getOverloadedOperator() == OO_Call) {
      Op = M;
      break;
    }
  if (!Op)
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = SM.getSpellingLoc(Op->getBeginLoc()),
                 End = SM.getSpellingLoc(Op->getEndLoc());
  if (SM.getFileID(Begin) != SM.getFileID(End) ||
      SM.getFileOffset(End) < SM.getFileOffset(Begin)) {
    Begin = SM.getExpansionLoc(Op->getBeginLoc());
    End = SM.getExpansionRange(Op->getEndLoc()).getEnd();
  }
  const StringRef Text = Lexer::getSourceText(
      CharSourceRange::getTokenRange(Begin, End), SM, Ctx.getLangOpts());
  return llvm::utohexstr(llvm::xxh3_64bits(Text), /*LowerCase=*/true, 16);
}

} // namespace offload::plugin
