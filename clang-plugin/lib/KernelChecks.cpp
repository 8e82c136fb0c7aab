//===- KernelChecks.cpp - What a kernel may do on a device ----------------===//

#include "KernelChecks.h"
#include "LaunchShape.h"
#include "LibraryModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Sema/Initialization.h"
#include "clang/Sema/Sema.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <set>

using namespace clang;
using offload::detail::ParamKind;

namespace offload::plugin {

/// Checks one value a closure carries to the device (a capture or a
/// field): it must be plain data, not an address.
static bool checkCarried(const CXXRecordDecl *RD, const FieldDecl *F,
                         const NamedDecl *What, SourceLocation Loc,
                         ASTContext &Ctx, Diagnostics &Diags) {
  QualType Type = Ctx.getCanonicalTagType(RD);
  QualType T = F->getType();
  auto Note = [&] {
    if (What)
      Diags.report(What->getLocation(), Diag::NoteDeclaredHere) << What;
  };
  if (holdsAddress(T)) {
    Diags.report(Loc, Diag::ClosureCapturesPointer)
        << Type << (What ? What : F) << T;
    Note();
    return false;
  }
  if (!T.isTriviallyCopyableType(Ctx)) {
    Diags.report(Loc, Diag::ClosureNotCopyable)
        << Type << (What ? What : F) << T;
    Note();
    return false;
  }
  return true;
}

/// A closure travels to the device by value: its captures or fields must be
/// values, not references or addresses of host memory.
bool checkClosureState(const Expr *E, const CXXRecordDecl *RD, ASTContext &Ctx,
                       Diagnostics &Diags) {
  bool Ok = true;
  if (RD->isLambda()) {
    const auto *Lambda = dyn_cast<LambdaExpr>(E->IgnoreImplicit());
    auto Field = RD->field_begin();
    for (const LambdaCapture &C : RD->captures()) {
      SourceLocation Loc = C.getLocation();
      if (C.capturesThis() && C.getCaptureKind() == LCK_This) {
        auto D = Diags.report(Loc, Diag::ClosureCapturesThis);
        if (!C.isImplicit())
          D << FixItHint::CreateReplacement(Loc, "*this");
        Ok = false;
      } else if (C.capturesThis() && Field != RD->field_end()) {
        // [*this] carries a copy of the object: plain data travels.
        const CXXRecordDecl *Object = Field->getType()->getAsCXXRecordDecl();
        Ok &= checkCarried(RD, *Field, Object, Loc, Ctx, Diags);
      } else if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef) {
        auto D = Diags.report(Loc, Diag::ClosureCapturesByReference)
                 << C.getCapturedVar();
        if (Lambda && C.isImplicit() &&
            Lambda->getCaptureDefault() == LCD_ByRef)
          D << FixItHint::CreateReplacement(Lambda->getCaptureDefaultLoc(),
                                            "=");
        Ok = false;
      } else if (C.capturesVariable() && Field != RD->field_end()) {
        Ok &= checkCarried(RD, *Field, C.getCapturedVar(), Loc, Ctx, Diags);
      }
      if (Field != RD->field_end())
        ++Field;
    }
  } else {
    for (const FieldDecl *F : RD->fields())
      Ok &= checkCarried(RD, F, F, E->getExprLoc(), Ctx, Diags);
  }
  if (Ok &&
      Ctx.getTypeSizeInChars(Ctx.getCanonicalTagType(RD)).getQuantity() > 256) {
    Diags.report(E->getExprLoc(), Diag::ClosureTooLarge)
        << Ctx.getCanonicalTagType(RD)
        << unsigned(Ctx.getTypeSizeInChars(Ctx.getCanonicalTagType(RD))
                        .getQuantity());
    Ok = false;
  }
  return Ok;
}

bool checkKernelDecl(const FunctionDecl *K, SourceLocation Loc,
                     Diagnostics &Diags) {
  auto NoteDecl = [&] {
    Diags.report(K->getLocation(), Diag::NoteKernelDeclared) << K;
  };
  if (auto *MD = dyn_cast<CXXMethodDecl>(K); MD && !MD->isStatic()) {
    Diags.report(Loc, Diag::KernelMethod) << K;
    NoteDecl();
    return false;
  }
  if (!K->getReturnType()->isVoidType()) {
    Diags.report(Loc, Diag::KernelNotVoid) << K << K->getReturnType();
    NoteDecl();
    return false;
  }
  if (K->isVariadic()) {
    Diags.report(Loc, Diag::KernelVariadic) << K;
    NoteDecl();
    return false;
  }
  for (const DeclContext *DC = K->getDeclContext(); DC; DC = DC->getParent())
    if (DC->isFunctionOrMethod()) {
      Diags.report(Loc, Diag::KernelNotNameable) << K;
      NoteDecl();
      return false;
    }
  if (!K->isDefined()) {
    Diags.report(Loc, Diag::KernelNoDefinition) << K;
    NoteDecl();
    return false;
  }
  return true;
}

namespace {

/// The object an argument names: a variable and a path of fields, looking
/// through views made of it (Region(v), std::span<const T>(v)).
struct ObjectPath {
  const ValueDecl *Root = nullptr;
  llvm::SmallVector<const FieldDecl *, 2> Fields;
};

std::optional<ObjectPath> objectOf(const Expr *E) {
  while (true) {
    E = E->IgnoreImplicit()->IgnoreParens();
    if (auto *Cast = dyn_cast<ExplicitCastExpr>(E)) {
      E = Cast->getSubExpr();
    } else if (auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
      if (Construct->getNumArgs() == 0)
        return std::nullopt;
      E = Construct->getArg(0);
    } else {
      break;
    }
  }
  if (auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (isa<VarDecl>(DRE->getDecl()))
      return ObjectPath{DRE->getDecl(), {}};
    return std::nullopt;
  }
  if (auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
    if (auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl()))
      if (std::optional<ObjectPath> Base = objectOf(ME->getBase())) {
        Base->Fields.push_back(Field);
        return Base;
      }
  return std::nullopt;
}

/// Whether VD is const, or a local variable that the function uses only as
/// an argument of offload() calls: its initializer then says what it
/// holds at every call.
bool onlyOffloaded(const VarDecl *VD) {
  if (VD->getType().isConstQualified())
    return true;
  const auto *F =
      dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!VD->hasLocalStorage() || !F || !F->getBody())
    return false;
  struct Uses : DynamicRecursiveASTVisitor {
    const VarDecl *VD;
    unsigned All = 0, Offloaded = 0;
    explicit Uses(const VarDecl *VD) : VD(VD) {
      ShouldVisitTemplateInstantiations = true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *Ref) override {
      All += Ref->getDecl() == VD;
      return true;
    }
    bool VisitCallExpr(CallExpr *Call) override {
      if (!isOffloadFunction(Call->getDirectCallee()))
        return true;
      for (const Expr *Arg : Call->arguments())
        if (const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreImplicit());
            Ref && Ref->getDecl() == VD)
          ++Offloaded;
      return true;
    }
  } U(VD);
  U.TraverseStmt(F->getBody());
  return U.All == U.Offloaded;
}

/// Whether A and B name overlapping objects: the same variable, and one
/// field path a prefix of the other.
bool overlap(const ObjectPath &A, const ObjectPath &B) {
  if (A.Root != B.Root)
    return false;
  for (size_t I = 0; I < std::min(A.Fields.size(), B.Fields.size()); ++I)
    if (A.Fields[I] != B.Fields[I])
      return false;
  return true;
}

} // namespace

/// The expressions that initialize the members of struct-of-views argument
/// E (membersOf's order; null where the call does not show one): a braced
/// list, or the initializer of a variable that is const or that nothing
/// but offload() calls uses.
static llvm::SmallVector<const Expr *>
memberInits(const Expr *E, const ParamLayout &Node, bool &FromVariable) {
  llvm::SmallVector<const Expr *> Inits(Node.Members.size(), nullptr);
  auto Strip = [](const Expr *E) {
    while (true) {
      E = E->IgnoreImplicit()->IgnoreParens();
      if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
        E = F->getSubExpr();
      else if (const auto *C = dyn_cast<CXXConstructExpr>(E);
               C && C->getNumArgs() == 1 &&
               C->getConstructor()->isCopyOrMoveConstructor())
        E = C->getArg(0);
      else
        return E;
    }
  };
  E = Strip(E);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
        VD && VD->getInit() && onlyOffloaded(VD)) {
      E = Strip(VD->getInit());
      FromVariable = true;
    }
  llvm::ArrayRef<Expr *> List;
  if (const auto *ILE = dyn_cast<InitListExpr>(E))
    List = ILE->inits();
  else if (const auto *PLE = dyn_cast<CXXParenListInitExpr>(E))
    List = PLE->getInitExprs();
  else
    return Inits;
  const CXXRecordDecl *RD =
      Node.Type.getNonReferenceType()->getAsCXXRecordDecl();
  // Members named through a base's binding, or a std::array's elements (a
  // list for its one array member): not followed.
  if (!RD || RD->getNumBases() != 0 || List.size() != Inits.size())
    return Inits;
  for (std::size_t I = 0; I < List.size(); ++I)
    if (!isa<ImplicitValueInitExpr, CXXDefaultInitExpr>(
            List[I]->IgnoreImplicit()))
      Inits[I] = List[I];
  return Inits;
}

/// Reports every leaf argument (a parameter's, or a member's of a struct
/// of views) that names the same object as an earlier one when the kernel
/// may write either. Returns whether there was none.
static bool checkAliasing(const CallExpr *Call, unsigned FirstArg,
                          const FunctionDecl *Kernel,
                          const KernelLayout &Layout, Diagnostics &Diags) {
  struct Leaf {
    const ParamLayout *Node;
    const Expr *Init;  // what initializes it
    const Expr *Shown; // where to report it: Init, if it is in the call
    std::optional<ObjectPath> Object;
  };
  llvm::SmallVector<Leaf, 8> Leaves;
  std::function<void(const ParamLayout &, const Expr *, const Expr *)> Collect =
      [&](const ParamLayout &Node, const Expr *Init, const Expr *Shown) {
        if (!Node.isStruct()) {
          Leaves.push_back(
              {&Node, Init, Shown, Init ? objectOf(Init) : std::nullopt});
          return;
        }
        bool FromVariable = false;
        llvm::SmallVector<const Expr *> Inits =
            Init ? memberInits(Init, Node, FromVariable)
                 : llvm::SmallVector<const Expr *>(Node.Members.size());
        for (std::size_t I = 0; I < Node.Members.size(); ++I)
          Collect(Node.Members[I], Inits[I], FromVariable ? Shown : Inits[I]);
      };
  for (std::size_t I = 0; I < Layout.Params.size(); ++I)
    Collect(Layout.Params[I], Call->getArg(FirstArg + I),
            Call->getArg(FirstArg + I));
  bool Ok = true;
  for (std::size_t J = 1; J < Leaves.size(); ++J)
    for (std::size_t I = 0; I < J; ++I) {
      const Leaf &A = Leaves[I], &B = Leaves[J];
      if (!(A.Node->isMutable() || B.Node->isMutable()) || !A.Object ||
          !B.Object || !overlap(*A.Object, *B.Object))
        continue;
      const ParamLayout *Mutable = B.Node->isMutable() ? B.Node : A.Node;
      Diags.report(B.Shown->getExprLoc(), Diag::Aliasing)
          << B.Object->Root << Kernel
          << ((Mutable->Decl == Mutable->Param ? "parameter '" : "'") +
              Mutable->Path + "'")
          << B.Shown->getSourceRange();
      Diags.report(A.Init->getExprLoc(), Diag::NoteOtherArgument)
          << A.Init->getSourceRange();
      if (B.Shown != B.Init)
        Diags.report(B.Init->getExprLoc(), Diag::NoteOtherArgument)
            << B.Init->getSourceRange();
      Ok = false;
      break;
    }
  return Ok;
}

bool checkArguments(const CallExpr *Call, unsigned FirstArg,
                    const FunctionDecl *K, const KernelLayout &Layout,
                    bool ExplicitLaunch, Sema &S, Diagnostics &Diags) {
  ASTContext &Ctx = S.getASTContext();
  unsigned NumArgs = Call->getNumArgs() - FirstArg;
  if (NumArgs != K->getNumParams()) {
    Diags.report(Call->getExprLoc(), Diag::ArityMismatch)
        << NumArgs << K << K->getNumParams() << Call->getSourceRange();
    Diags.report(K->getLocation(), Diag::NoteKernelDeclared) << K;
    return false;
  }
  bool Ok = true;
  for (unsigned I = 0; I < NumArgs; ++I) {
    const ParmVarDecl *P = K->getParamDecl(I);
    // A closure object is checked as a closure (checkClosureState).
    if (!(I == 0 && Layout.ClosureObject) &&
        !checkParamType(K, Layout.Params[I], Ctx, Diags)) {
      Ok = false;
      continue;
    }
    const Expr *Arg = Call->getArg(FirstArg + I)->IgnoreImplicit();
    InitializedEntity Entity = InitializedEntity::InitializeParameter(
        Ctx, const_cast<ParmVarDecl *>(P));
    if (S.CanPerformCopyInitialization(Entity, const_cast<Expr *>(Arg)))
      continue;
    if (Layout.Params[I].Kind == ParamKind::Region &&
        Arg->getType().isConstQualified())
      Diags.report(Arg->getExprLoc(), Diag::RegionNeedsMutableData)
          << P << Arg->getType() << Arg->getSourceRange();
    else
      Diags.report(Arg->getExprLoc(), Diag::ArgumentMismatch)
          << Arg->getType() << P << P->getType() << Arg->getSourceRange();
    Diags.report(P->getLocation(), Diag::NoteParamDeclared) << P;
    Ok = false;
  }
  if (Ok)
    Ok = checkAliasing(Call, FirstArg, K, Layout, Diags);
  if (Ok && Layout.Dims == 0 && !ExplicitLaunch) {
    Diags.report(Call->getExprLoc(), Diag::NoGeometry)
        << K << Call->getSourceRange();
    Ok = false;
  }
  if (Ok && ExplicitLaunch) {
    // A Launch{...} written in the call says which fields it sets; other
    // Launch values are checked when the call runs.
    // The Launch argument comes right before the kernel's arguments (and
    // the kernel, unless the kernel is a closure passed as the first).
    const Expr *LaunchArg = launchArgument(Call, FirstArg);
    const LaunchFields Set = launchFields(LaunchArg);
    std::optional<Diag> Mismatch;
    if (Layout.Dims > 1 && (Set.Threads || Set.Block))
      Mismatch = Diag::LaunchNotOneDimensional;
    else if (Layout.Dims <= 1 && Set.Shape)
      Mismatch = Diag::LaunchShapeOneDimensional;
    if (Mismatch) {
      Diags.report(LaunchArg->getExprLoc(), *Mismatch)
          << K << Layout.Dims << LaunchArg->getSourceRange();
      Ok = false;
    }
  }
  return Ok;
}

namespace {

/// A mutable variable with static storage that E writes, if E names one
/// (through members of it and elements of a global array).
const VarDecl *globalVariable(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow() ? nullptr : globalVariable(ME->getBase());
  if (auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = AS->getBase()->IgnoreParenImpCasts();
    return Base->getType()->isArrayType() ? globalVariable(Base) : nullptr;
  }
  if (auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->hasGlobalStorage() && !VD->isConstexpr() &&
          !VD->getType().isConstQualified() &&
          !VD->getType()->isReferenceType())
        return VD;
  return nullptr;
}

/// The variable with static storage an address or reference is formed
/// from, through members, elements and `&` (for casts that drop const).
const VarDecl *addressedGlobal(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
    return addressedGlobal(UO->getSubExpr());
  if (auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow() ? nullptr : addressedGlobal(ME->getBase());
  if (auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return addressedGlobal(AS->getBase());
  if (auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && VD->hasGlobalStorage())
      return VD;
  return nullptr;
}

/// How device code may use a variable with static storage.
enum class GlobalUse {
  Constant,          // read-only data the image gets a copy of
  Mutable,           // shared with the host: not available to kernels
  ComputedAtRunTime, // const, but its value is computed by the host
  DefinedElsewhere,  // const, but its initializer is in another TU
};

GlobalUse classifyGlobal(const VarDecl *VD, ASTContext &Ctx) {
  QualType T = VD->getType();
  if (T->isReferenceType() || VD->getTLSKind() != VarDecl::TLS_None)
    return GlobalUse::Mutable;
  if (!VD->isConstexpr() && !T.isConstant(Ctx))
    return GlobalUse::Mutable;
  // A mutable member makes even a const object writable.
  if (const CXXRecordDecl *RD = Ctx.getBaseElementType(T)->getAsCXXRecordDecl();
      RD && RD->hasDefinition() && RD->hasMutableFields())
    return GlobalUse::Mutable;
  const VarDecl *WithInit = nullptr;
  if (!VD->getAnyInitializer(WithInit))
    return GlobalUse::DefinedElsewhere;
  if (!WithInit->hasConstantInitialization())
    return GlobalUse::ComputedAtRunTime;
  return GlobalUse::Constant;
}

} // namespace

/// What the body checks share across the kernels of a translation unit.
struct CheckState {
  CheckState(ASTContext &Ctx, Diagnostics &Diags)
      : Ctx(Ctx), Diags(Diags), Names(Ctx) {}
  ASTContext &Ctx;
  Diagnostics &Diags;
  std::string NvptxTarget; // the first sm_XX target, if any
  ASTNameGenerator Names;
  llvm::DenseSet<const FunctionDecl *> Checked;
  llvm::DenseSet<const VarDecl *> ConstantGlobals;
  std::set<std::string> GlobalNames;
};

namespace {

/// Whether F is part of the API that only runs on the host (offload(),
/// preload(), ...): the header tags it OFFLOAD_HOST_ONLY.
bool isHostOnly(const FunctionDecl *F) {
  auto Tagged = [](const Decl *D) {
    for (const auto *A : D->specific_attrs<AnnotateAttr>())
      if (A->getAnnotation() == "offload.host_only")
        return true;
    return false;
  };
  if (Tagged(F))
    return true;
  if (const FunctionDecl *Pattern = F->getTemplateInstantiationPattern())
    return Tagged(Pattern);
  return false;
}

class BodyVisitor : public DynamicRecursiveASTVisitor {
public:
  BodyVisitor(const FunctionDecl *Kernel, CheckState &State)
      : Shown(Kernel), State(State), Diags(State.Diags),
        Checked(State.Checked) {
    // Lambdas are checked where they are called.
    ShouldVisitLambdaBody = false;
    ShouldVisitTemplateInstantiations = true;
    // A lambda kernel is named after its closure: "(lambda at f.cpp:3:5)".
    if (auto *M = dyn_cast<CXXMethodDecl>(Kernel);
        M && M->getParent()->isLambda())
      Shown = M->getParent();
  }

  // What is never evaluated never runs on the device: decltype, sizeof,
  // noexcept and requires-expressions.
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc, bool) override { return true; }
  bool TraverseDecltypeType(DecltypeType *, bool) override { return true; }
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) override {
    return true;
  }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr *) override { return true; }
  bool TraverseRequiresExpr(RequiresExpr *) override { return true; }

  void visitFunction(const FunctionDecl *F, const Expr *CallSite) {
    for (const Frame &Active : Stack)
      if (Active.F == F) {
        Diags.report(CallSite->getExprLoc(), Diag::Recursion)
            << Shown << F << CallSite->getSourceRange();
        noteChain();
        return;
      }
    const FunctionDecl *Definition = nullptr;
    if (!F->getBody(Definition) || !Checked.insert(Definition).second)
      return;
    // Versions for several host CPUs, picked by the host's CPU at run time
    // (ending in a raw link error against __cpu_model on the device).
    if (const char *Kind = hostMultiversion(Definition)) {
      Diags.report(CallSite ? CallSite->getExprLoc() : F->getLocation(),
                   Diag::UsesHostMultiversion)
          << Shown << F << Kind;
      noteChain();
      return;
    }
    Stack.push_back({Definition, CallSite});
    TraverseStmt(Definition->getBody());
    Stack.pop_back();
  }

  bool VisitCallExpr(CallExpr *Call) override {
    // A template's pattern (a generic lambda's body) never runs itself: its
    // instantiations are checked where they are called.
    if (Call->isInstantiationDependent())
      return true;
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee) {
      if (!isa<CXXPseudoDestructorExpr>(
              Call->getCallee()->IgnoreParenImpCasts()))
        report(Call, Diag::CallsIndirectly);
      return true;
    }
    checkArgumentsWrite(Call, Callee);
    if (isTileMember(Callee, {"fill", "fill_mine", "sync", "inclusive_scan",
                              "exclusive_scan", "reduce"}) ||
        isTilesFill(Callee))
      checkBarrier(Call, Callee);
    visitCallee(Call, Callee);
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *Construct) override {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    if (!Ctor->isTrivial())
      visitCallee(Construct, Ctor);
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *Op) override {
    if (Op->isAssignmentOp())
      checkWrite(Op->getLHS());
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *Op) override {
    if (Op->isIncrementDecrementOp() || Op->getOpcode() == UO_AddrOf)
      checkWrite(Op->getSubExpr());
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) override {
    auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
    // Uses the compiler folds to a constant or never evaluates need no
    // storage on the device.
    if (!VD || !VD->hasGlobalStorage() || Ref->isNonOdrUse() != NOUR_None ||
        Written.contains(Ref) || !Reported.insert(Ref).second)
      return true;
    switch (classifyGlobal(VD, State.Ctx)) {
    case GlobalUse::Constant:
      useConstant(VD);
      break;
    case GlobalUse::Mutable:
      // Any use: a read would see a copy the host never updates, and an
      // address or reference (int &r = g, a span over it, atomic_ref,
      // structured bindings, a template argument) would let it be written.
      report(Ref, Diag::ReadsGlobal, VD);
      break;
    case GlobalUse::ComputedAtRunTime:
      report(Ref, Diag::GlobalComputedAtRunTime, VD);
      break;
    case GlobalUse::DefinedElsewhere:
      report(Ref, Diag::GlobalDefinedElsewhere, VD);
      break;
    }
    return true;
  }

  /// const_cast (or a C-style cast) that drops const from constant data.
  bool VisitExplicitCastExpr(ExplicitCastExpr *Cast) override {
    QualType To = Cast->getTypeAsWritten();
    QualType Pointee = To->isPointerType() || To->isReferenceType()
                           ? To->getPointeeType()
                           : QualType();
    if (Cast->getCastKind() == CK_NoOp && !Pointee.isNull() &&
        !Pointee.isConstQualified())
      if (const VarDecl *VD = addressedGlobal(Cast->getSubExpr())) {
        markWritten(Cast->getSubExpr());
        report(Cast, Diag::WritesGlobal, VD);
      }
    return true;
  }

  /// Conversions between 128-bit integers and floating point, which NVPTX
  /// code generation cannot lower; and integers made pointers.
  bool VisitCastExpr(CastExpr *Cast) override {
    // The one way left for a host address to reach a kernel (the parameter
    // checks see every type): the host device would run it, a GPU would
    // not. The standard library's own code is its business.
    if (Cast->getCastKind() == CK_IntegralToPointer &&
        !Cast->getSubExpr()->isEvaluatable(State.Ctx) && !Stack.empty() &&
        !inStd(Stack.back().F)) {
      report(Cast, Diag::IntegerToPointer);
      return true;
    }
    if (State.NvptxTarget.empty() ||
        (Cast->getCastKind() != CK_IntegralToFloating &&
         Cast->getCastKind() != CK_FloatingToIntegral))
      return true;
    QualType From = Cast->getSubExpr()->getType(), To = Cast->getType();
    QualType Int = Cast->getCastKind() == CK_IntegralToFloating ? From : To;
    if (State.Ctx.getIntWidth(Int) > 64 &&
        !Cast->getSubExpr()->isEvaluatable(State.Ctx))
      report(Cast, Diag::UnsupportedConversion, From, To, State.NvptxTarget);
    return true;
  }

  bool VisitCXXNewExpr(CXXNewExpr *E) override {
    report(E, Diag::UsesNewDelete, "new");
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) override {
    report(E, Diag::UsesNewDelete, "delete");
    return true;
  }
  bool VisitCXXThrowExpr(CXXThrowExpr *E) override {
    report(E, Diag::UsesExceptions, "throw");
    return true;
  }
  bool VisitCXXTryStmt(CXXTryStmt *S) override {
    Diags.report(S->getTryLoc(), Diag::UsesExceptions) << Shown << "try";
    noteChain();
    return true;
  }
  bool VisitAsmStmt(AsmStmt *S) override {
    Diags.report(S->getAsmLoc(), Diag::UsesInlineAsm) << Shown;
    noteChain();
    return true;
  }
  bool VisitCXXTypeidExpr(CXXTypeidExpr *E) override {
    report(E, Diag::UsesRtti, "typeid");
    return true;
  }
  bool VisitCXXDynamicCastExpr(CXXDynamicCastExpr *E) override {
    report(E, Diag::UsesRtti, "dynamic_cast");
    return true;
  }

private:
  struct Frame {
    const FunctionDecl *F;
    const Expr *CallSite;
  };

  static const char *hostMultiversion(const FunctionDecl *F) {
    if (F->hasAttr<TargetClonesAttr>())
      return "target_clones";
    if (F->hasAttr<CPUDispatchAttr>())
      return "cpu_dispatch";
    if (F->hasAttr<CPUSpecificAttr>())
      return "cpu_specific";
    if (F->isMultiVersion())
      return "target";
    return nullptr;
  }

  static bool isTileMember(const FunctionDecl *F,
                           std::initializer_list<llvm::StringRef> Names) {
    const auto *M = dyn_cast<CXXMethodDecl>(F);
    if (!M || !M->getIdentifier() || !llvm::is_contained(Names, M->getName()))
      return false;
    const Entity E = entityOf(M->getParent());
    return E == Entity::Tile || E == Entity::Tile2D;
  }

  /// offload::fill(tile, values, ...), which fills several tiles at once.
  static bool isTilesFill(const FunctionDecl *F) {
    return functionOf(F) == Function::FillTiles;
  }

  /// What in Cond differs between the threads of a block, if anything: a
  /// Tile's rank(), or a variable that a loop over a Region or Range binds.
  const Expr *threadDependent(const Expr *Cond) {
    struct Finder : DynamicRecursiveASTVisitor {
      const Expr *Found = nullptr;
      bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) override {
        if (const FunctionDecl *F = Call->getDirectCallee();
            F && isTileMember(F, {"rank"}))
          Found = Call;
        return !Found;
      }
      bool VisitDeclRefExpr(DeclRefExpr *Ref) override {
        if (boundByPartition(Ref->getDecl()))
          Found = Ref;
        return !Found;
      }
      bool boundByPartition(const ValueDecl *D) {
        const auto *VD = dyn_cast<VarDecl>(D);
        if (const auto *B = dyn_cast<BindingDecl>(D))
          VD = B->getHoldingVar()
                   ? B->getHoldingVar()
                   : dyn_cast_or_null<VarDecl>(B->getDecomposedDecl());
        if (!VD || !VD->isCXXForRangeDecl())
          return false;
        // The loop variable's statement, then the loop: `for (x : region)`.
        ASTContext &Ctx = VD->getASTContext();
        for (const auto &Decl : Ctx.getParents(*VD))
          for (const auto &Parent : Ctx.getParents(Decl))
            if (const auto *Loop = Parent.get<CXXForRangeStmt>()) {
              QualType T =
                  Loop->getRangeInit()->getType().getNonReferenceType();
              return isEntity(T, Entity::Region) || isEntity(T, Entity::Range);
            }
        return false;
      }
    } F;
    F.TraverseStmt(const_cast<Expr *>(Cond));
    return F.Found;
  }

  /// A barrier (Tile::fill or sync) under a condition that depends on the
  /// thread: an error, since the block's other threads wait for it forever.
  void checkBarrier(const CallExpr *Call, const FunctionDecl *Callee) {
    ASTContext &Ctx = State.Ctx;
    DynTypedNode Node = DynTypedNode::create(*Call);
    for (unsigned Depth = 0; Depth < 64; ++Depth) {
      auto Parents = Ctx.getParents(Node);
      if (Parents.empty())
        return;
      const DynTypedNode &P = Parents[0];
      const Stmt *Child = Node.get<Stmt>();
      const Expr *Cond = nullptr;
      if (const auto *If = P.get<IfStmt>(); If && Child != If->getCond())
        Cond = If->getCond();
      else if (const auto *While = P.get<WhileStmt>())
        Cond = While->getCond();
      else if (const auto *Do = P.get<DoStmt>())
        Cond = Do->getCond();
      else if (const auto *For = P.get<ForStmt>();
               For && Child == For->getBody())
        Cond = For->getCond();
      else if (const auto *Switch = P.get<SwitchStmt>();
               Switch && Child != Switch->getCond())
        Cond = Switch->getCond();
      else if (const auto *Op = P.get<ConditionalOperator>();
               Op && Child != Op->getCond())
        Cond = Op->getCond();
      else if (const auto *Op = P.get<BinaryOperator>();
               Op && Op->isLogicalOp() && Child == Op->getRHS())
        Cond = Op->getLHS();
      else if (P.get<FunctionDecl>() || P.get<LambdaExpr>())
        return;
      if (Cond)
        if (const Expr *Why = threadDependent(Cond)) {
          const auto *Method = dyn_cast<CXXMethodDecl>(Callee);
          report(Call, Diag::BarrierInDivergentCode,
                 "offload::" +
                     (Method ? Method->getParent()->getName().str() + "::"
                             : std::string()) +
                     Callee->getNameAsString() + "()");
          Diags.report(Why->getExprLoc(), Diag::NoteDivergentCondition)
              << Why->getSourceRange()
              << (isa<CXXMemberCallExpr>(Why)
                      ? std::string("the thread's rank()")
                      : "'" +
                            cast<DeclRefExpr>(Why)
                                ->getDecl()
                                ->getNameAsString() +
                            "', bound by a loop over a Region or Range");
          return;
        }
      Node = P;
    }
  }

  /// Reports D at E (with the kernel as its first argument, then Args),
  /// followed by the calls that lead there from the kernel.
  template <class... ArgTs>
  void report(const Expr *E, Diag D, const ArgTs &...Args) {
    {
      DiagnosticBuilder B = Diags.report(E->getExprLoc(), D);
      B << Shown;
      ((B << Args), ...);
      B << E->getSourceRange();
    }
    noteChain();
  }

  /// Notes the calls that lead from the kernel to the current function.
  void noteChain() {
    for (size_t I = Stack.size(); I-- > 1;)
      Diags.report(Stack[I].CallSite->getExprLoc(), Diag::NoteCalledFrom)
          << Stack[I].F << Stack[I - 1].F;
  }

  void visitCallee(const Expr *Call, const FunctionDecl *Callee) {
    if (isHostOnly(Callee)) {
      report(Call, Diag::CallsHostOnly, Callee->getQualifiedNameAsString());
      return;
    }
    // The header's own device code is trusted.
    if (inOffload(Callee))
      return;
    if (auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
      if (const CXXMethodDecl *Method = Member->getMethodDecl();
          Method && Method->isVirtual() && !isDevirtualized(Member, Method)) {
        report(Call, Diag::CallsVirtual, Method);
        return;
      }
    if (unsigned Builtin = Callee->getBuiltinID();
        Builtin && Callee->getASTContext().BuiltinInfo.isTSBuiltin(Builtin)) {
      report(Call, Diag::CallsTargetBuiltin, Callee);
      return;
    }
    if (!Callee->isDefined() && !Callee->getBuiltinID() &&
        !Callee->isDeleted() && !definedForDevices(Callee)) {
      report(Call, Diag::CallsUndefined, Callee);
      return;
    }
    visitFunction(Callee, Call);
  }

  /// C library functions that every image has: the host device's from the
  /// process, the GPUs' from offload/detail/assert.hpp.
  static bool definedForDevices(const FunctionDecl *F) {
    return F->isExternC() && F->getIdentifier() &&
           F->getName() == "__assert_fail";
  }

  static bool isDevirtualized(const CXXMemberCallExpr *Call,
                              const CXXMethodDecl *Method) {
    if (Method->hasAttr<FinalAttr>() ||
        Method->getParent()->hasAttr<FinalAttr>())
      return true;
    auto *ME = dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParens());
    if (!ME)
      return false;
    if (ME->hasQualifier()) // Base::f() calls exactly that function
      return true;
    // A call on a complete object (not through a pointer or reference)
    // knows its dynamic type.
    if (auto *Ref = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts()))
      if (auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
        return !ME->isArrow() && !Var->getType()->isReferenceType();
    return false;
  }

  /// Constant data the kernel reads: the image gets a copy, and so does
  /// what its initializer refers to.
  void useConstant(const VarDecl *VD) {
    if (!State.ConstantGlobals.insert(VD).second)
      return;
    State.GlobalNames.insert(State.Names.getName(VD));
    // A constant initializer runs no code on the device, but the addresses
    // it holds (a table of strings, a pointer to another table) must be
    // there too: only the variables it refers to are checked.
    const VarDecl *WithInit = nullptr;
    const Expr *Init = VD->getAnyInitializer(WithInit);
    if (!Init)
      return;
    struct Refs : DynamicRecursiveASTVisitor {
      llvm::SmallVector<DeclRefExpr *, 4> Found;
      bool VisitDeclRefExpr(DeclRefExpr *Ref) override {
        if (isa<VarDecl>(Ref->getDecl()))
          Found.push_back(Ref);
        return true;
      }
    } R;
    R.TraverseStmt(const_cast<Expr *>(Init));
    for (DeclRefExpr *Ref : R.Found)
      VisitDeclRefExpr(Ref);
  }

  void checkWrite(const Expr *Target) {
    if (const VarDecl *Global = globalVariable(Target)) {
      markWritten(Target);
      report(Target, Diag::WritesGlobal, Global);
    }
  }

  /// Every reference to a global inside Target is written, not read.
  void markWritten(const Expr *Target) {
    Target = Target->IgnoreParenImpCasts();
    if (auto *Ref = dyn_cast<DeclRefExpr>(Target))
      Written.insert(Ref);
    else if (auto *ME = dyn_cast<MemberExpr>(Target))
      markWritten(ME->getBase());
    else if (auto *AS = dyn_cast<ArraySubscriptExpr>(Target))
      markWritten(AS->getBase());
  }

  /// Arguments bound to non-const references, and the object of a non-const
  /// member function, are written.
  void checkArgumentsWrite(const CallExpr *Call, const FunctionDecl *Callee) {
    if (inOffload(Callee))
      return;
    unsigned Shift = 0;
    if (auto *Method = dyn_cast<CXXMethodDecl>(Callee);
        Method && Method->isInstance()) {
      const Expr *Object = nullptr;
      if (auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
        Object = Member->getImplicitObjectArgument();
      else if (isa<CXXOperatorCallExpr>(Call) && Call->getNumArgs() > 0) {
        Object = Call->getArg(0);
        Shift = 1;
      }
      if (Object && !Method->isConst())
        checkWrite(Object);
    }
    for (unsigned I = 0;
         I + Shift < Call->getNumArgs() && I < Callee->getNumParams(); ++I) {
      QualType T = Callee->getParamDecl(I)->getType();
      if (T->isReferenceType() && !T->getPointeeType().isConstQualified())
        checkWrite(Call->getArg(I + Shift));
    }
  }

private:
  const NamedDecl *Shown; // how messages name the kernel
  CheckState &State;
  Diagnostics &Diags;
  llvm::DenseSet<const FunctionDecl *> &Checked;
  llvm::SmallVector<Frame, 8> Stack;
  llvm::DenseSet<const DeclRefExpr *> Written, Reported;
};

} // namespace

KernelBodyChecker::KernelBodyChecker(ASTContext &Ctx, Diagnostics &Diags,
                                     llvm::ArrayRef<Target> Targets)
    : State(std::make_unique<CheckState>(Ctx, Diags)) {
  for (const Target &T : Targets)
    if (T.Kind == Target::Nvptx) {
      State->NvptxTarget = T.Name;
      break;
    }
}

KernelBodyChecker::~KernelBodyChecker() = default;

void KernelBodyChecker::check(const FunctionDecl *Kernel) {
  BodyVisitor(Kernel, *State).visitFunction(Kernel, nullptr);
}

std::vector<std::string> KernelBodyChecker::constantGlobals() const {
  return {State->GlobalNames.begin(), State->GlobalNames.end()};
}

} // namespace offload::plugin
