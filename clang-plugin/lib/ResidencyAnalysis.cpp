//===- ResidencyAnalysis.cpp - Which data a loop could keep on the device -===//

#include "ResidencyAnalysis.h"
#include "LibraryModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Sema/Sema.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace offload::plugin {

bool isLoop(const Stmt *S) {
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

namespace {

/// A call that runs kernels on its arguments: offload(), or a library call
/// (a scan, copy_if, a BLAS call), which residency treats alike.
const CallExpr *asOffloadCall(const Stmt *S) {
  const auto *CE = dyn_cast<CallExpr>(S);
  if (!CE)
    return nullptr;
  const Function F = calleeOf(CE);
  return F == Function::Offload || F == Function::LibraryCall ? CE : nullptr;
}

/// std::vector<T> of any T but bool (which is not contiguous).
bool isStdVector(QualType T) {
  if (!isEntity(T, Entity::Vector))
    return false;
  const auto *RD = cast<ClassTemplateSpecializationDecl>(
      T.getCanonicalType()->getAsCXXRecordDecl());
  return !RD->getTemplateArgs()[0].getAsType()->isBooleanType();
}

const Type *canonical(QualType T) {
  return T.getCanonicalType().getUnqualifiedType().getTypePtr();
}

/// The element type of a container that refers to its data (std::vector,
/// std::span, offload::Region, offload::Preloaded), or null.
const Type *containerElement(QualType T) {
  const auto *RD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getCanonicalType()->getAsCXXRecordDecl());
  if (!RD || !(isEntity(T, Entity::Vector) || isEntity(T, Entity::Span) ||
               isEntity(T, Entity::Region) || isEntity(T, Entity::Preloaded)))
    return nullptr;
  QualType E = RD->getTemplateArgs()[0].getAsType();
  if (const Type *Inner = containerElement(E)) // Preloaded<std::vector<T>>
    return Inner;
  return canonical(E);
}

/// A member function of a standard container that reads the container or
/// reaches one element (the caller decides whether it reads or writes).
bool isElementAccessor(const CXXMethodDecl *M) {
  if (M->getOverloadedOperator() == OO_Subscript)
    return true;
  if (!M->getIdentifier())
    return false;
  StringRef N = M->getName();
  return N == "at" || N == "front" || N == "back" || N == "size" ||
         N == "empty" || N == "capacity";
}

/// An offload() argument without the conversion it goes through to the
/// kernel's parameter type (a std::span or a Region), or the container of a
/// Region built in the call (`Region<T, S>(v, strategy)`).
const Expr *unconverted(const Expr *E) {
  E = E->IgnoreImplicit()->IgnoreParens();
  if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
    E = Cast->getSubExpr()->IgnoreImplicit()->IgnoreParens();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
      CE && CE->getNumArgs() >= 1 &&
      (CE->getNumArgs() == 1 || isEntity(CE->getType(), Entity::Region)))
    E = CE->getArg(0)->IgnoreImplicit()->IgnoreParens();
  return E;
}

/// The std::vector that offload() argument E names, if FD owns it: a local
/// variable or a parameter (by value or, with Reference set, by reference).
/// Null if E is anything else.
VarDecl *namedVector(const Expr *E, const FunctionDecl &FD,
                     const DeclRefExpr *&Ref, bool *Reference = nullptr) {
  const auto *DRE = dyn_cast<DeclRefExpr>(unconverted(E));
  auto *V = DRE ? dyn_cast<VarDecl>(const_cast<ValueDecl *>(DRE->getDecl()))
                : nullptr;
  // A variable of an enclosing function (a lambda's capture) may be
  // reached by code this analysis does not see.
  if (!V || V->getDeclContext() != &FD || !V->hasLocalStorage() ||
      V->getType().isVolatileQualified())
    return nullptr;
  QualType T = V->getType();
  const bool IsReference = T->isLValueReferenceType();
  if (IsReference && !isa<ParmVarDecl>(V))
    return nullptr;
  T = T.getNonReferenceType();
  if (!isStdVector(T.getUnqualifiedType()) || T.isVolatileQualified())
    return nullptr;
  Ref = DRE;
  if (Reference)
    *Reference = IsReference;
  return V;
}

/// Whether a kernel parameter of type T only reads its data.
bool readsOnly(QualType T) {
  if (T->isReferenceType())
    return T->getPointeeType().isConstQualified();
  if (isEntity(T, Entity::Span))
    return cast<ClassTemplateSpecializationDecl>(
               T.getCanonicalType()->getAsCXXRecordDecl())
        ->getTemplateArgs()[0]
        .getAsType()
        .isConstQualified();
  return false;
}

/// What a call of asOffloadCall's does with its data arguments, those from
/// First on: for each, whether it may write the data; an empty list when
/// that cannot be told (then every container is treated as written).
SmallVector<bool> argumentWrites(const CallExpr &Call, unsigned &First) {
  First = 0;
  SmallVector<bool> Writes;
  // A library call: its own parameters say.
  if (calleeOf(&Call) == Function::LibraryCall) {
    const FunctionDecl *F = Call.getDirectCallee();
    for (unsigned I = 0; I < F->getNumParams(); ++I)
      Writes.push_back(!taggedReads(F, I) &&
                       !readsOnly(F->getParamDecl(I)->getType()));
    return Writes;
  }
  // offload([Devices,] [Launch,] kernel, args...): the kernel's parameters.
  for (Entity Leading : {Entity::Devices, Entity::Launch})
    if (Call.getNumArgs() > First &&
        isEntity(Call.getArg(First)->getType(), Leading))
      ++First;
  if (Call.getNumArgs() <= First)
    return Writes;
  const Expr *K = Call.getArg(First)->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(K);
      UO && UO->getOpcode() == UO_AddrOf)
    K = UO->getSubExpr()->IgnoreParenImpCasts();
  const FunctionDecl *F = nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(K))
    F = dyn_cast<FunctionDecl>(DRE->getDecl());
  if (!F)
    if (const CXXRecordDecl *RD =
            K->getType().getNonReferenceType()->getAsCXXRecordDecl())
      if (RD->isLambda())
        F = RD->getLambdaCallOperator();
  if (F)
    for (const ParmVarDecl *P : F->parameters())
      Writes.push_back(!readsOnly(P->getType()));
  ++First;
  return Writes;
}

/// Whether Call is a library call that takes the same data as its input
/// and its output and hands it to its kernels once (the scans in place): a
/// parameter tagged OFFLOAD_READS may be the written argument's own data.
bool worksInPlace(const CallExpr &Call) {
  if (calleeOf(&Call) != Function::LibraryCall)
    return false;
  const FunctionDecl *F = Call.getDirectCallee();
  for (unsigned I = 0; I < F->getNumParams(); ++I)
    if (taggedReads(F, I))
      return true;
  return false;
}

/// Whether an offload() call runs on a device set: offload(Devices, ...).
bool onDeviceSet(const CallExpr &Call) {
  return Call.getNumArgs() &&
         isEntity(Call.getArg(0)->getType(), Entity::Devices);
}

/// A call of a lambda that makes offload() calls itself, with the
/// std::vector references and the views (a Region or a std::span) it takes
/// used only as their arguments: for each argument of the call, whether the
/// lambda's offload() calls may write it (std::nullopt where the argument
/// is not such a vector or view).
struct Relay {
  const FunctionDecl *Lambda = nullptr;     // the call operator, with its body
  SmallVector<std::optional<bool>> Written; // per argument of the call
  unsigned FirstArg = 0;                    // 1: arg 0 is the closure
};

std::optional<Relay> asRelay(const CallExpr *Call, Sema *S = nullptr) {
  FunctionDecl *F = const_cast<FunctionDecl *>(Call->getDirectCallee());
  if (!F || !isLambdaCallOperator(F))
    return std::nullopt;
  // A generic lambda's call operator may not be instantiated yet: Sema
  // would do it at the end of the translation unit anyway.
  if (S && !F->isDefined() &&
      F->getTemplateSpecializationKind() == TSK_ImplicitInstantiation)
    S->InstantiateFunctionDefinition(Call->getExprLoc(), F);
  const FunctionDecl *Def = nullptr;
  if (!F->hasBody(Def) || !Def->getBody() || Def->isDependentContext())
    return std::nullopt;
  struct Look : DynamicRecursiveASTVisitor {
    SmallVector<const CallExpr *> Calls;
    llvm::DenseMap<const ParmVarDecl *, unsigned> Refs;
    bool VisitCallExpr(CallExpr *E) override {
      if (asOffloadCall(E))
        Calls.push_back(E);
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) override {
      if (const auto *P = dyn_cast<ParmVarDecl>(E->getDecl()))
        ++Refs[P];
      return true;
    }
    bool TraverseLambdaExpr(LambdaExpr *) override { return true; }
  } L;
  L.TraverseStmt(Def->getBody());
  if (L.Calls.empty())
    return std::nullopt;
  Relay R;
  R.Lambda = Def;
  R.FirstArg = isa<CXXOperatorCallExpr>(Call) ? 1 : 0;
  for (unsigned I = R.FirstArg; I < Call->getNumArgs(); ++I) {
    std::optional<bool> Written;
    const unsigned Index = I - R.FirstArg;
    const ParmVarDecl *P =
        Index < Def->getNumParams() ? Def->getParamDecl(Index) : nullptr;
    const QualType T = P ? P->getType().getNonReferenceType() : QualType();
    if (P && ((P->getType()->isLValueReferenceType() &&
               isStdVector(T.getUnqualifiedType())) ||
              isEntity(T, Entity::Region) || isEntity(T, Entity::Span))) {
      // Every use of P an offload() argument of the lambda's own calls.
      unsigned Uses = 0;
      bool Writes = false;
      for (const CallExpr *C : L.Calls) {
        unsigned First;
        SmallVector<bool> Params = argumentWrites(*C, First);
        for (unsigned J = First; J < C->getNumArgs(); ++J) {
          const auto *DRE = dyn_cast<DeclRefExpr>(unconverted(C->getArg(J)));
          if (!DRE || DRE->getDecl() != P)
            continue;
          ++Uses;
          Writes |= J - First >= Params.size() || Params[J - First];
        }
      }
      if (Uses > 0 && Uses == L.Refs.lookup(P))
        Written = Writes;
    }
    R.Written.push_back(Written);
  }
  return R;
}

class Finder : public DynamicRecursiveASTVisitor {
public:
  /// Every reference to a variable, and the offload() calls.
  bool VisitDeclRefExpr(DeclRefExpr *E) override {
    if (auto *V = dyn_cast<VarDecl>(E->getDecl()))
      Refs[V].push_back(E);
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *E) override {
    ++LambdaDepth;
    bool R = DynamicRecursiveASTVisitor::TraverseLambdaExpr(E);
    --LambdaDepth;
    return R;
  }
  bool VisitCallExpr(CallExpr *E) override {
    if (LambdaDepth > 0)
      return true;
    if (asOffloadCall(E))
      Calls.push_back(E);
    else if (std::optional<Relay> R = asRelay(E, &S))
      Relays.push_back({E, std::move(*R)});
    return true;
  }
  bool VisitStmt(Stmt *S) override {
    if (LambdaDepth > 0)
      InLambda.insert(S);
    return true;
  }

  explicit Finder(Sema &S) : S(S) {}
  Sema &S; // to instantiate the lambdas the function calls
  llvm::DenseMap<const VarDecl *, SmallVector<const DeclRefExpr *>> Refs;
  SmallVector<const CallExpr *> Calls;
  SmallVector<std::pair<const CallExpr *, Relay>> Relays;
  llvm::SmallPtrSet<const Stmt *, 16> InLambda;
  unsigned LambdaDepth = 0;
};

// ParentMap takes non-const statements, though it changes none.
const Stmt *parent(const ParentMap &PM, const Stmt *S) {
  return PM.getParent(const_cast<Stmt *>(S));
}
const Stmt *parentSkipping(const ParentMap &PM, const Stmt *S) {
  return PM.getParentIgnoreParenImpCasts(const_cast<Stmt *>(S));
}
const Stmt *parentSkippingParens(const ParentMap &PM, const Stmt *S) {
  return PM.getParentIgnoreParens(const_cast<Stmt *>(S));
}

bool contains(const Stmt *Outer, const Stmt *Inner, const ParentMap &PM) {
  for (const Stmt *S = Inner; S; S = parent(PM, S))
    if (S == Outer)
      return true;
  return false;
}

/// Whether a use of the container outside the loop keeps its address in
/// this full expression: a member call or element access used at once, an
/// iterator or pointer handed straight to a standard algorithm, a
/// range-based for that does not hold the loop. Anything else (its address
/// taken, a reference bound to it or to an element, a call of another
/// function) may let the loop's host code reach the data.
bool usedInPlace(const DeclRefExpr *Ref, const Stmt *Loop, const ParentMap &PM,
                 unsigned Depth = 0);

/// Whether function F, called with the container as its argument Arg,
/// keeps no reference to it: F is defined in this translation unit, takes
/// it by reference, and uses that parameter only in place (looked at up to
/// three calls deep).
bool calleeUsesInPlace(const CallExpr &Call, const Expr *Arg, unsigned Depth) {
  const FunctionDecl *F = Call.getDirectCallee();
  if (!F || Depth >= 3 || isa<CXXOperatorCallExpr>(Call))
    return false;
  const FunctionDecl *Def = nullptr;
  if (!F->hasBody(Def) || !Def->getBody() || Def->isDependentContext())
    return false;
  unsigned Index = 0;
  while (Index < Call.getNumArgs() &&
         Call.getArg(Index)->IgnoreParenImpCasts() != Arg)
    ++Index;
  if (Index >= Def->getNumParams() ||
      !Def->getParamDecl(Index)->getType()->isReferenceType())
    return false;
  const ParmVarDecl *Param = Def->getParamDecl(Index);
  struct Refs : DynamicRecursiveASTVisitor {
    const ParmVarDecl *Param;
    SmallVector<const DeclRefExpr *> Found;
    bool VisitDeclRefExpr(DeclRefExpr *E) override {
      if (E->getDecl() == Param)
        Found.push_back(E);
      return true;
    }
    bool TraverseLambdaExpr(LambdaExpr *E) override {
      // A lambda that captures the parameter may outlive the call.
      for (const LambdaCapture &C : E->captures())
        if (C.capturesVariable() && C.getCapturedVar() == Param)
          Found.push_back(nullptr);
      return true;
    }
  } R;
  R.Param = Param;
  R.TraverseStmt(Def->getBody());
  ParentMap CalleePM(Def->getBody());
  return llvm::all_of(R.Found, [&](const DeclRefExpr *E) {
    return E && usedInPlace(E, nullptr, CalleePM, Depth + 1);
  });
}

/// The offload::preload or preload_mut call whose argument Ref is, or null.
const CallExpr *preloadOf(const DeclRefExpr *Ref, const ParentMap &PM) {
  const auto *Call = dyn_cast_or_null<CallExpr>(parentSkipping(PM, Ref));
  const Function F = calleeOf(Call);
  return F == Function::Preload || F == Function::PreloadMut ? Call : nullptr;
}

/// Whether Ref is preloaded by an explicit preload handle that cannot be
/// alive while Loop runs: `auto H = offload::preload[_mut](v);` declared in
/// a block that does not hold the loop, and H never moved or returned.
bool preloadedElsewhere(const DeclRefExpr *Ref, const Stmt *Loop,
                        const ParentMap &PM) {
  const CallExpr *Call = preloadOf(Ref, PM);
  if (!Loop || !Call)
    return false;
  const Stmt *S = parentSkipping(PM, Call);
  while (S && isa<ExprWithCleanups, MaterializeTemporaryExpr,
                  CXXBindTemporaryExpr, CXXConstructExpr>(S))
    S = parentSkipping(PM, S);
  const auto *Decl = dyn_cast_or_null<DeclStmt>(S);
  if (!Decl || !Decl->isSingleDecl())
    return false;
  const auto *Handle = dyn_cast<VarDecl>(Decl->getSingleDecl());
  const Stmt *Block = parent(PM, Decl);
  if (!Handle || Handle->getType()->isReferenceType() || !Block ||
      contains(Block, Loop, PM))
    return false;
  // Its uses in the block: none may move it out or return it.
  struct Moves : DynamicRecursiveASTVisitor {
    const VarDecl *Handle;
    const ParentMap *PM;
    bool Found = false;
    bool VisitDeclRefExpr(DeclRefExpr *E) override {
      if (E->getDecl() != Handle)
        return true;
      const Stmt *P = parentSkipping(*PM, E);
      if (isa_and_nonnull<ReturnStmt>(P))
        Found = true;
      if (const auto *C = dyn_cast_or_null<CallExpr>(P))
        if (isStdMove(C->getDirectCallee()))
          Found = true;
      return !Found;
    }
  } M;
  M.Handle = Handle;
  M.PM = &PM;
  M.TraverseStmt(const_cast<Stmt *>(Block));
  return !M.Found;
}

/// Whether a call of the standard library that takes the container cannot
/// hand its address on: it returns nothing a reference can live in
/// (std::swap, std::size, an algorithm's count), its result is dropped, or
/// it is std::move into a container's construction or assignment. Not
/// std::tie, std::ref or std::data, whose results refer to the container.
bool stdCallKeepsNoReference(const CallExpr &Call, const ParentMap &PM) {
  const FunctionDecl *F = Call.getDirectCallee();
  const QualType R = F->getReturnType();
  if (R->isVoidType() || R->isArithmeticType() || R->isEnumeralType())
    return true;
  const Stmt *User = parentSkipping(PM, &Call);
  if (!User || !isa<Expr, DeclStmt, ReturnStmt, CoreturnStmt>(User))
    return true; // a statement of its own: the result is dropped
  if (!isStdMove(F))
    return false;
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(User))
    return isStdVector(Construct->getType());
  const auto *Assign = dyn_cast<CXXOperatorCallExpr>(User);
  return Assign && Assign->getOperator() == OO_Equal &&
         isStdVector(Assign->getType());
}

bool usedInPlace(const DeclRefExpr *Ref, const Stmt *Loop, const ParentMap &PM,
                 unsigned Depth) {
  if (preloadedElsewhere(Ref, Loop, PM))
    return true;
  const Stmt *P = parentSkipping(PM, Ref);
  // The container itself handed to the standard library (std::swap, a
  // move, std::ranges algorithms) in a way that keeps no reference, or
  // by reference to a function of this translation unit that keeps none.
  if (const auto *Call = dyn_cast_or_null<CallExpr>(P)) {
    const FunctionDecl *F = Call->getDirectCallee();
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
    if (F && inStd(F) && !(Op && Op->getOperator() == OO_Subscript) &&
        stdCallKeepsNoReference(*Call, PM))
      return true;
    if (F && !inStd(F) && calleeUsesInPlace(*Call, Ref, Depth))
      return true;
  }
  if (const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(P))
    if (isStdVector(Construct->getType()))
      return true;
  if (const auto *For =
          dyn_cast_or_null<CXXForRangeStmt>(P ? parent(PM, P) : nullptr);
      For && !contains(For, Loop, PM))
    return true; // the range's DeclStmt (__range = v)
  const Expr *Use = nullptr;
  QualType Result;
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(P)) {
    const auto *Call =
        dyn_cast_or_null<CXXMemberCallExpr>(parentSkippingParens(PM, ME));
    if (!Call)
      return false;
    Use = Call;
    Result = Call->getType();
  } else if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P)) {
    if (Op->getOperator() != OO_Subscript ||
        Op->getArg(0)->IgnoreParenImpCasts() != Ref)
      return false;
    Use = Op;
    Result = Op->getType();
  } else {
    return false;
  }
  const bool Iterator =
      Result->isPointerType() ||
      (Result->getAsCXXRecordDecl() &&
       Result->getAsCXXRecordDecl()->getName().contains("iterator"));
  const Stmt *Parent = parentSkipping(PM, Use);
  while (Parent && isa<MaterializeTemporaryExpr, CXXBindTemporaryExpr,
                       CXXConstructExpr, CXXFunctionalCastExpr>(Parent))
    Parent = parentSkipping(PM, Parent);
  if (Iterator) {
    const auto *Call = dyn_cast_or_null<CallExpr>(Parent);
    const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
    return F && inStd(F);
  }
  if (!Result->isReferenceType() && !Use->isGLValue())
    return true; // a value: size(), empty(), a copy of an element
  // An element reference, used at once: read, assigned, incremented.
  const Stmt *Direct = parentSkippingParens(PM, Use);
  if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Direct))
    return Cast->getCastKind() == CK_LValueToRValue;
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Direct))
    return BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == Use;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Direct))
    return UO->isIncrementDecrementOp();
  return false;
}

/// Inside the loop, the host may ask the container its size.
bool sizeQuery(const DeclRefExpr *Ref, const ParentMap &PM) {
  const auto *ME = dyn_cast_or_null<MemberExpr>(parentSkipping(PM, Ref));
  const auto *MD = ME ? dyn_cast<CXXMethodDecl>(ME->getMemberDecl()) : nullptr;
  return containerMemberOf(MD) == ContainerMember::Size;
}

/// An element of the container read at once (`x[i]`, `x.at(i)`, `front()`,
/// `back()` converted to a value): the conversion, or null.
const ImplicitCastExpr *elementRead(const DeclRefExpr *Ref,
                                    const ParentMap &PM) {
  const Stmt *P = parentSkipping(PM, Ref);
  const Expr *Use = nullptr;
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P);
      Op && Op->getOperator() == OO_Subscript &&
      Op->getArg(0)->IgnoreParenImpCasts() == Ref)
    Use = Op;
  else if (const auto *ME = dyn_cast_or_null<MemberExpr>(P)) {
    const auto *MD = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
    if (containerMemberOf(MD) == ContainerMember::Element)
      Use = dyn_cast_or_null<CXXMemberCallExpr>(parentSkippingParens(PM, ME));
  }
  const auto *Cast =
      Use ? dyn_cast_or_null<ImplicitCastExpr>(parentSkippingParens(PM, Use))
          : nullptr;
  return Cast && Cast->getCastKind() == CK_LValueToRValue ? Cast : nullptr;
}

/// Whether the loop holds a label or a case whose jump could enter it.
bool hasLabels(const Stmt *S, bool InSwitch = false) {
  if (isa<LabelStmt>(S) || (isa<SwitchCase>(S) && !InSwitch))
    return true;
  InSwitch |= isa<SwitchStmt>(S);
  for (const Stmt *Child : S->children())
    if (Child && hasLabels(Child, InSwitch))
      return true;
  return false;
}
} // namespace

class ResidencyAnalysis::Impl {
public:
  Impl(FunctionDecl &FD, Sema &S)
      : FD(FD), S(S), Ctx(S.getASTContext()), PM(FD.getBody()), Uses(S) {
    Uses.TraverseStmt(FD.getBody());
  }

  bool hasOffloadCall(const Stmt *Loop) const {
    for (const CallExpr *Call : Uses.Calls)
      if (contains(Loop, Call, PM))
        return true;
    for (const auto &[Call, R] : Uses.Relays)
      if (contains(Loop, Call, PM))
        return true;
    return false;
  }

  /// What Loop's offload() calls pass, and what keeps each from staying.
  LoopPlan analyze(const Stmt *Loop) {
    LoopPlan Plan;
    SmallVector<Candidate> &Found = Plan.Candidates;
    // The containers the loop's offload() calls pass, and whether a kernel
    // may write them.
    llvm::SmallPtrSet<const DeclRefExpr *, 8> Passed;
    Views.clear();
    // Adds the vector Arg names (itself, or a std::span of it or of a part
    // of it, made in the call) as a candidate; returns it (null if Arg
    // names none).
    auto Add = [&](const Expr *Arg, bool Written) -> VarDecl * {
      if (!Arg)
        return nullptr;
      const DeclRefExpr *Ref;
      bool Reference = false;
      VarDecl *V = namedVector(throughSpans(Arg), FD, Ref, &Reference);
      if (!V)
        return nullptr;
      // A vector declared in the loop is a new one every time.
      if (!isa<ParmVarDecl>(V) && contains(Loop, V->getInit(), PM))
        return V;
      Passed.insert(Ref);
      auto It =
          llvm::find_if(Found, [&](const Candidate &C) { return C.Var == V; });
      if (It == Found.end()) {
        It = Found.insert(Found.end(), Candidate());
        It->Var = V;
        It->Reference = Reference;
      }
      It->Written |= Written;
      return V;
    };
    // Per call: how many arguments reach each vector, and whether one is
    // written. Two that overlap get their own copies from a plain call but
    // would share the preloaded one (the runtime refuses that when one is
    // written), so such a vector moves as written; views may be disjoint
    // parts of it, which is checked when the loop starts.
    struct Reaching {
      unsigned Count = 0;
      bool Written = false;
      SmallVector<const VarDecl *, 2> Views; // null: the vector itself
    };
    llvm::SmallDenseMap<const VarDecl *, Reaching> Reach;
    auto Reached = [&](const VarDecl *V, bool Written,
                       const VarDecl *View = nullptr) {
      if (V) {
        Reaching &R = Reach[V];
        ++R.Count;
        R.Written |= Written;
        R.Views.push_back(View);
      }
    };
    auto Shared = [&](const CallExpr *Call) {
      for (auto &[V, R] : Reach)
        if (R.Count > 1 && R.Written &&
            !(worksInPlace(*Call) && llvm::all_of(R.Views, [](auto *W) {
                return !W; // the vector itself, in every argument
              })))
          for (Candidate &C : Found) {
            if (C.Var != V || C.Blocker)
              continue;
            if (llvm::is_contained(R.Views, nullptr))
              C.Blocker = Call, C.Why = Candidate::SharedInCall;
            else
              C.DisjointViews.emplace_back(R.Views.begin(), R.Views.end());
          }
      Reach.clear();
    };
    // A view built before the loop: what it reaches, its data (written
    // through a Region) and an Indexed strategy's list (read), as if
    // passed itself. False if Arg names no such view.
    auto AddView = [&](const Expr *Arg, bool Writes) {
      const VarDecl *View = viewVariable(Arg, Loop);
      if (!View)
        return false;
      auto [Data, List] = viewed(*View);
      const bool Region = isEntity(View->getType(), Entity::Region);
      VarDecl *D = Add(Data, Writes || Region);
      VarDecl *L = List ? Add(List, false) : nullptr;
      if (D && (!List || L))
        Views.insert(View);
      Reached(D, Writes || Region, View);
      Reached(L, false, View);
      return true;
    };
    for (const CallExpr *Call : Uses.Calls) {
      if (!contains(Loop, Call, PM))
        continue;
      unsigned First;
      SmallVector<bool> Params = argumentWrites(*Call, First);
      for (unsigned I = First; I < Call->getNumArgs(); ++I) {
        const unsigned Param = I - First;
        const bool Writes = Param >= Params.size() || Params[Param];
        if (VarDecl *V = Add(Call->getArg(I), Writes)) {
          Reached(V, Writes);
          // A Region built in the call whose strategy reads a list.
          if (const Expr *List = listInCall(Call->getArg(I)))
            Reached(Add(List, false), false);
          continue;
        }
        if (AddView(Call->getArg(I), Writes))
          continue;
        // A struct of views: each member as if it were an argument.
        if (forEachMemberInit(
                Call->getArg(I), [&](const Expr *Init, QualType Member) {
                  const bool MemberWrites = !readsOnly(Member);
                  Reached(Add(throughSpans(Init), MemberWrites), MemberWrites);
                }))
          continue;
        notLocal(Plan, Call->getArg(I));
      }
      // A call on a device set splits its data between the set's devices:
      // what it passes must not be preloaded on one device.
      if (onDeviceSet(*Call))
        for (auto &[V, R] : Reach)
          for (Candidate &C : Found)
            if (C.Var == V && !C.Blocker)
              C.Blocker = Call, C.Why = Candidate::OnDeviceSet;
      Shared(Call);
    }
    // Vectors and views handed to a lambda that passes them on to offload().
    for (const auto &[Call, R] : Uses.Relays) {
      if (!contains(Loop, Call, PM))
        continue;
      for (unsigned I = 0; I < R.Written.size(); ++I) {
        if (!R.Written[I])
          continue;
        const Expr *Arg = Call->getArg(R.FirstArg + I);
        if (VarDecl *V = Add(Arg, *R.Written[I]))
          Reached(V, *R.Written[I]);
        else
          AddView(Arg, *R.Written[I]);
      }
      Shared(Call);
    }
    if (Found.empty())
      return Plan;
    if (hasLabels(Loop)) {
      Plan.HasLabels = true;
      return Plan;
    }
    for (Candidate &C : Found)
      check(C, Loop, Passed);
    if (llvm::any_of(Found, [](const Candidate &C) { return C.Reference; }))
      if (const Stmt *Hazard = aliasHazard(Loop, Found))
        for (Candidate &C : Found)
          if (C.Reference && !C.Blocker)
            C.Blocker = Hazard, C.Why = Candidate::Aliased;
    return Plan;
  }

  const ParentMap &parents() const { return PM; }

private:
  /// Finds a host use that keeps C from staying on the device.
  void check(Candidate &C, const Stmt *Loop,
             const llvm::SmallPtrSetImpl<const DeclRefExpr *> &Passed) {
    for (const DeclRefExpr *Ref : Uses.Refs.lookup(C.Var)) {
      if (Passed.contains(Ref))
        continue;
      // The caller's object: the host copy is current again after the
      // loop, so only the loop's own uses matter (and aliasHazard), and a
      // handle of this function that may be alive in the loop (which then
      // governs the data: its reads stay the plain program's).
      if (C.Reference && !contains(Loop, Ref, PM)) {
        if (preloadOf(Ref, PM) && !preloadedElsewhere(Ref, Loop, PM)) {
          C.Blocker = Ref, C.Why = Candidate::Escapes;
          return;
        }
        continue;
      }
      if (Uses.InLambda.contains(Ref) ||
          Ref->refersToEnclosingVariableOrCapture()) {
        C.Blocker = Ref, C.Why = Candidate::InLambda;
        return;
      }
      if (contains(Loop, Ref, PM)) {
        if (sizeQuery(Ref, PM) || isOffloadArgument(Ref))
          continue;
        if (const ImplicitCastExpr *Read = elementRead(Ref, PM)) {
          // Data no kernel writes: its host copy stays current. Else
          // v[i] brings element i back (v.at(i) and the like still stop it).
          if (!C.Written)
            continue;
          if (isa<CXXOperatorCallExpr>(Read->getSubExpr()->IgnoreParens())) {
            C.Reads.push_back(Read);
            continue;
          }
        }
        C.Blocker = Ref, C.Why = Candidate::InLoop;
        return;
      }
      if (isOffloadArgument(Ref) || isMemberArgument(Ref) ||
          usedInPlace(Ref, Loop, PM))
        continue;
      C.Blocker = Ref, C.Why = Candidate::Escapes;
      return;
    }
  }

  /// A local offload::Region or std::span variable (a view) that offload()
  /// argument Arg names, declared before Loop and used only as an offload()
  /// argument, or one a lambda passes on to offload() (a relay's).
  const VarDecl *viewVariable(const Expr *Arg, const Stmt *Loop) const {
    const auto *DRE = dyn_cast<DeclRefExpr>(unconverted(Arg));
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V || V->getDeclContext() != &FD || !V->hasLocalStorage() ||
        V->getType()->isReferenceType() || !V->getInit() ||
        contains(Loop, V->getInit(), PM) ||
        !(isEntity(V->getType(), Entity::Region) ||
          isEntity(V->getType(), Entity::Span)))
      return nullptr;
    for (const DeclRefExpr *Use : Uses.Refs.lookup(V))
      if (!isOffloadArgument(
              Use, [&](const Expr *Arg) { return unconverted(Arg) == Use; }) &&
          !isRelayed(Use))
        return nullptr;
    return V;
  }
  /// Whether Ref is an argument of a relay that passes it on to offload().
  bool isRelayed(const DeclRefExpr *Ref) const {
    for (const auto &[Call, R] : Uses.Relays)
      for (unsigned I = 0; I < R.Written.size(); ++I)
        if (R.Written[I] && unconverted(Call->getArg(R.FirstArg + I)) == Ref)
          return true;
    return false;
  }

  /// For `v.m[i].n = value` with Use naming v (members, elements of
  /// std::array and C array members on the way): the assigned part and the
  /// value; else {null, null}.
  std::pair<const Expr *, const Expr *>
  memberAssignment(const DeclRefExpr *Use) const {
    const Expr *Part = Use;
    for (const Stmt *P = parent(PM, Part); P; P = parent(PM, Part)) {
      auto Is = [&](const Expr *E) { return E->IgnoreParenImpCasts() == Part; };
      const auto *Op = dyn_cast<CXXOperatorCallExpr>(P);
      const auto *BO = dyn_cast<BinaryOperator>(P);
      if (Op && Op->getOperator() == OO_Equal && Is(Op->getArg(0)))
        return {Part, Op->getArg(1)};
      if (BO && BO->getOpcode() == BO_Assign && Is(BO->getLHS()))
        return {Part, BO->getRHS()};
      const auto *ME = dyn_cast<MemberExpr>(P);
      const auto *AS = dyn_cast<ArraySubscriptExpr>(P);
      const auto *Cast = dyn_cast<ImplicitCastExpr>(P);
      // Parts of v, not reads of it.
      if ((ME && !ME->isArrow() && Is(ME->getBase())) ||
          (AS && Is(AS->getBase())) ||
          (Op && Op->getOperator() == OO_Subscript && Is(Op->getArg(0)) &&
           isEntity(Part->getType(), Entity::Array)) ||
          isa<ParenExpr>(P) ||
          (Cast && Cast->getCastKind() != CK_LValueToRValue))
        Part = cast<Expr>(P);
      else
        break;
    }
    return {nullptr, nullptr};
  }

  /// For a struct-of-views argument Arg, written as a braced list in the
  /// call or naming a local variable that only offload() calls use besides
  /// assignments to its members (`p.parts[k] = span`; initialized by a
  /// braced list or by default): calls Each(initializer or assigned value,
  /// member type) for each member, those of nested structs included, and
  /// returns true.
  bool
  forEachMemberInit(const Expr *Arg,
                    llvm::function_ref<void(const Expr *, QualType)> Each) {
    const Expr *E = unconverted(Arg);
    auto AggregateOf = [](const Expr *E) {
      const CXXRecordDecl *RD = E->getType()->getAsCXXRecordDecl();
      return RD && RD->isAggregate() && RD->getNumBases() == 0 &&
                     !isEntity(E->getType(), Entity::Array)
                 ? RD
                 : nullptr;
    };
    SmallVector<std::pair<const Expr *, const Expr *>, 4> Assigned;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (!V || V->getDeclContext() != &FD || !V->hasLocalStorage() ||
          V->getType()->isReferenceType() || !V->getInit())
        return false;
      for (const DeclRefExpr *Use : Uses.Refs.lookup(V)) {
        if (isOffloadArgument(
                Use, [&](const Expr *Arg) { return unconverted(Arg) == Use; }))
          continue;
        auto [Part, Value] = memberAssignment(Use);
        if (!Part)
          return false;
        Assigned.emplace_back(Part, Value);
      }
      E = unconverted(V->getInit());
      // Default members view nothing: the assignments say what they do.
      if (const auto *Default = dyn_cast<CXXConstructExpr>(E);
          Default && Default->getNumArgs() == 0 && AggregateOf(E))
        E = nullptr;
    }
    const auto *List = dyn_cast_or_null<InitListExpr>(E);
    const CXXRecordDecl *RD = E ? AggregateOf(E) : nullptr;
    if (E && (!List || !RD))
      return false;
    for (auto [Part, Value] : Assigned)
      if (!forEachMemberInit(Value, Each))
        Each(Value, Part->getType());
    if (!E)
      return true;
    unsigned I = 0;
    for (const FieldDecl *F : RD->fields()) {
      if (I == List->getNumInits())
        break;
      const Expr *Init = List->getInit(I++);
      if (!forEachMemberInit(Init, Each))
        Each(Init, F->getType());
    }
    return true;
  }

  /// The data a view's initializer (`Region<T, S>(d, strategy)`, a span of
  /// d) reaches: d, and the list of an `Indexed(l)` strategy (null if
  /// none). Each is a container expression, seen through std::span and its
  /// sub-spans.
  std::pair<const Expr *, const Expr *> viewed(const VarDecl &View) {
    if (isEntity(View.getType(), Entity::Span))
      return {throughSpans(View.getInit()), nullptr};
    const auto *Init =
        dyn_cast<CXXConstructExpr>(View.getInit()->IgnoreImplicit());
    if (!Init || Init->getNumArgs() == 0 || Init->getNumArgs() > 2)
      return {nullptr, nullptr};
    bool Unknown = false;
    const Expr *List = strategyList(*Init, Unknown);
    if (Unknown)
      return {nullptr, nullptr};
    return {throughSpans(Init->getArg(0)), List};
  }

  /// The list that the strategy of a Region's construction `Region<T, S>(
  /// data, strategy)` reads, without span conversions: of the strategies
  /// only Indexed and Segments reach data. Null for the others; Unknown is
  /// set where the strategy cannot be followed.
  const Expr *strategyList(const CXXConstructExpr &Init, bool &Unknown) {
    if (Init.getNumArgs() != 2)
      return nullptr;
    const Expr *Strategy = Init.getArg(1)->IgnoreImplicit()->IgnoreParens();
    if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(Strategy))
      Strategy = Cast->getSubExpr()->IgnoreImplicit();
    if (!isEntity(Strategy->getType(), Entity::Indexed) &&
        !isEntity(Strategy->getType(), Entity::Segments))
      return nullptr;
    // The list is the first argument (StridedSegments' second is a count);
    // a copy of a strategy object cannot be followed.
    const auto *CE = dyn_cast<CXXConstructExpr>(Strategy);
    if (!CE || CE->getNumArgs() == 0 ||
        isEntity(CE->getArg(0)->getType(), entityOf(CE->getType()))) {
      Unknown = true;
      return nullptr;
    }
    return throughSpans(CE->getArg(0));
  }

  /// The list an Indexed or Segments strategy reads in a Region that
  /// offload() argument E builds in the call, or null.
  const Expr *listInCall(const Expr *E) {
    E = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
      E = Cast->getSubExpr()->IgnoreImplicit()->IgnoreParens();
    const auto *CE = dyn_cast<CXXConstructExpr>(E);
    if (!CE || !isEntity(CE->getType(), Entity::Region))
      return nullptr;
    bool Unknown = false;
    return strategyList(*CE, Unknown);
  }

  /// E without std::span conversions, subspan/first/last calls, and calls
  /// of functions that only return such a span of a parameter.
  const Expr *throughSpans(const Expr *E, unsigned Depth = 0) {
    for (;;) {
      E = unconverted(E);
      if (const Expr *Arg = spanOfArgument(E, Depth)) {
        E = Arg;
        continue;
      }
      const auto *Call = dyn_cast<CXXMemberCallExpr>(E);
      const auto *M = Call ? Call->getMethodDecl() : nullptr;
      if (containerMemberOf(M) != ContainerMember::Subrange ||
          !isEntity(Call->getImplicitObjectArgument()->getType(), Entity::Span))
        return E;
      E = Call->getImplicitObjectArgument();
    }
  }

  /// For `f(v, ...)` where f's body is `return <a span of its parameter>;`
  /// (looked into up to three calls deep), v; else null.
  const Expr *spanOfArgument(const Expr *E, unsigned Depth) {
    const auto *Call = dyn_cast<CallExpr>(E);
    auto *F =
        Call ? const_cast<FunctionDecl *>(Call->getDirectCallee()) : nullptr;
    if (!F || Depth >= 3 || isa<CXXMemberCallExpr, CXXOperatorCallExpr>(Call) ||
        !isEntity(Call->getType(), Entity::Span))
      return nullptr;
    if (!F->isDefined() &&
        F->getTemplateSpecializationKind() == TSK_ImplicitInstantiation)
      S.InstantiateFunctionDefinition(Call->getExprLoc(), F);
    const FunctionDecl *Def = nullptr;
    if (!F->hasBody(Def) || Def->isDependentContext())
      return nullptr;
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
    const auto *Return = Body && Body->size() == 1
                             ? dyn_cast<ReturnStmt>(Body->body_front())
                             : nullptr;
    if (!Return || !Return->getRetValue())
      return nullptr;
    const auto *Ref =
        dyn_cast<DeclRefExpr>(throughSpans(Return->getRetValue(), Depth + 1));
    const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
    if (!P || !P->getType()->isLValueReferenceType() ||
        P->getFunctionScopeIndex() >= Call->getNumArgs())
      return nullptr;
    return Call->getArg(P->getFunctionScopeIndex());
  }

  /// For a loop with containers received by reference: the first host
  /// code in it that may reach one of them by another name (the caller may
  /// have passed the same object elsewhere), or null. Besides offload()
  /// calls and the candidates' own uses, the loop may use its function's
  /// locals, fields of objects that are not of a candidate's element type,
  /// other containers of other element types (of written candidates' only
  /// for reads), and call standard functions of arithmetic values and
  /// element accessors of standard containers; any other call, a pointer
  /// dereference or a lambda is a hazard.
  const Stmt *aliasHazard(const Stmt *Loop, ArrayRef<Candidate> Found) {
    struct Walk : DynamicRecursiveASTVisitor {
      Impl &K;
      ArrayRef<Candidate> Found;
      const FunctionDecl &Fn; // whose code this is: the loop's, or a relay's
      const ParentMap &PM;
      unsigned Depth;
      llvm::SmallPtrSet<const Type *, 4> Elements, WrittenElements;
      llvm::SmallPtrSet<const VarDecl *, 4> Relayed; // a relay's vectors
      const Stmt *Hazard = nullptr;
      Walk(Impl &K, ArrayRef<Candidate> Found, const FunctionDecl &Fn,
           const ParentMap &PM, unsigned Depth = 0)
          : K(K), Found(Found), Fn(Fn), PM(PM), Depth(Depth) {
        for (const Candidate &C : Found)
          if (C.Reference) {
            const Type *E =
                containerElement(C.Var->getType().getNonReferenceType());
            Elements.insert(E);
            if (C.Written)
              WrittenElements.insert(E);
          }
      }
      bool stop(const Stmt *S) {
        Hazard = S;
        return false;
      }
      bool TraverseLambdaExpr(LambdaExpr *E) override { return stop(E); }
      bool VisitCXXNewExpr(CXXNewExpr *E) override { return stop(E); }
      bool VisitCXXDeleteExpr(CXXDeleteExpr *E) override { return stop(E); }
      bool VisitAsmStmt(AsmStmt *S) override { return stop(S); }
      bool VisitUnaryOperator(UnaryOperator *E) override {
        return E->getOpcode() == UO_Deref ? stop(E) : true;
      }
      bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) override {
        return E->getBase()->IgnoreParenImpCasts()->getType()->isArrayType()
                   ? true
                   : stop(E);
      }
      bool VisitMemberExpr(MemberExpr *E) override {
        return !E->isArrow() ||
                       isa<CXXThisExpr>(E->getBase()->IgnoreParenImpCasts())
                   ? true
                   : stop(E);
      }
      bool VisitCallExpr(CallExpr *E) override {
        if (asOffloadCall(E))
          return true;
        // A lambda that offloads: its own host code counts as the loop's.
        if (std::optional<Relay> R = asRelay(E); R && Depth < 3) {
          Stmt *Body = R->Lambda->getBody();
          ParentMap BodyPM(Body);
          Walk Inner(K, Found, *R->Lambda, BodyPM, Depth + 1);
          for (unsigned I = 0; I < R->Written.size(); ++I)
            if (R->Written[I])
              Inner.Relayed.insert(R->Lambda->getParamDecl(I));
          Inner.TraverseStmt(Body);
          return Inner.Hazard ? stop(Inner.Hazard) : true;
        }
        const FunctionDecl *F = E->getDirectCallee();
        if (!F || !inStd(F))
          return stop(E);
        // Element access, a part of a span (which reads no element), or a
        // container assigned another: the walk sees both objects' names.
        if (const auto *M = dyn_cast<CXXMethodDecl>(F); M && !M->isStatic())
          return isElementAccessor(M) || M->isCopyAssignmentOperator() ||
                         M->isMoveAssignmentOperator() ||
                         (containerMemberOf(M) == ContainerMember::Subrange &&
                          isEntity(cast<CXXMemberCallExpr>(E)
                                       ->getImplicitObjectArgument()
                                       ->getType(),
                                   Entity::Span))
                     ? true
                     : stop(E);
        if (isa<CXXOperatorCallExpr>(E))
          return stop(E);
        for (const Expr *Arg : E->arguments())
          if (!Arg->getType()->isArithmeticType() &&
              !Arg->getType()->isEnumeralType())
            return stop(E);
        return true;
      }
      bool VisitCXXConstructExpr(CXXConstructExpr *E) override {
        const CXXConstructorDecl *Ctor = E->getConstructor();
        const CXXRecordDecl *RD = Ctor->getParent();
        return Ctor->isTrivial() || inOffload(RD) || inStd(RD) ? true : stop(E);
      }
      bool VisitCXXThisExpr(CXXThisExpr *E) override {
        return root(E, E->getType()->getPointeeType(), false);
      }
      bool VisitDeclRefExpr(DeclRefExpr *E) override {
        if (const auto *B = dyn_cast<BindingDecl>(E->getDecl()))
          return binding(E, *B);
        const auto *V = dyn_cast<VarDecl>(E->getDecl());
        if (!V || K.Views.contains(V) || Relayed.contains(V) ||
            llvm::any_of(Found, [&](const Candidate &C) { return C.Var == V; }))
          return true;
        // This function's own objects are none of its caller's (but a view
        // may show anyone's data).
        QualType T = V->getType();
        if (V->getDeclContext() == &Fn && V->hasLocalStorage() &&
            !T->isReferenceType() && (isStdVector(T) || !containerElement(T)))
          return true;
        return root(E, V->getType().getNonReferenceType(),
                    V->getType()->isReferenceType());
      }

      /// A structured binding names a part of its decomposed object: an
      /// object of its own when that is a local copy (here or in a function
      /// around a lambda) and the part no reference (a tuple element of
      /// reference type, as `std::tie` makes, or a reference field);
      /// otherwise what it names may be anyone's.
      bool binding(DeclRefExpr *E, const BindingDecl &B) {
        const auto *Whole = dyn_cast_or_null<VarDecl>(B.getDecomposedDecl());
        QualType T = B.getType();
        if (Whole && Whole->hasLocalStorage() &&
            !Whole->getType()->isReferenceType() && !T->isReferenceType() &&
            !partIsReference(B) && (isStdVector(T) || !containerElement(T)))
          return true;
        return root(E, T.getNonReferenceType(), true);
      }
      static bool partIsReference(const BindingDecl &B) {
        const Expr *Binding = B.getBinding();
        if (!Binding) // not yet known (a dependent type): assume the worst
          return true;
        const auto *Part = dyn_cast<MemberExpr>(Binding->IgnoreImplicit());
        return Part && Part->getMemberDecl()->getType()->isReferenceType();
      }

      /// Access through Root, an object that may be the caller's: its
      /// fields (`d.x.y`) are no candidate's elements unless an object on
      /// the way has an element type; a container reached this way may be
      /// a candidate of its element type.
      bool root(const Expr *Root, QualType T, bool Reference) {
        const Expr *E = Root;
        bool Field = false;
        for (;;) {
          const auto *ME = dyn_cast_or_null<MemberExpr>(parentSkipping(PM, E));
          if (!ME || !isa<FieldDecl>(ME->getMemberDecl()))
            break;
          if (isElement(T)) // a field of what may be an element
            return stop(Root);
          E = ME, Field = true;
          T = ME->getType();
        }
        if (const Type *Element = containerElement(T))
          return (isRead(E) ? WrittenElements : Elements).contains(Element)
                     ? stop(E)
                     : true;
        // A reference to a scalar may be an element itself.
        if (!Field && Reference && Elements.contains(canonical(T)))
          return stop(Root);
        return true;
      }
      bool isElement(QualType T) const {
        return Elements.contains(canonical(T));
      }
      /// Whether the container E is only read here: an element read at
      /// once, its size, a copy, or a read-only offload() argument.
      bool isRead(const Expr *E) const {
        const Stmt *P = parentSkipping(PM, E);
        if (const auto *ME = dyn_cast_or_null<MemberExpr>(P)) {
          const auto *M = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
          if (!M || !M->getIdentifier())
            return false;
          if (containerMemberOf(M) == ContainerMember::Size)
            return true;
          P = parentSkippingParens(PM, ME);
        } else if (!isa_and_nonnull<CXXOperatorCallExpr>(P)) {
          if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(P))
            return CE->getConstructor()->isCopyConstructor();
          return false;
        }
        const auto *Cast =
            dyn_cast_or_null<ImplicitCastExpr>(parentSkippingParens(PM, P));
        return Cast && Cast->getCastKind() == CK_LValueToRValue;
      }
    } W(*this, Found, FD, PM);
    W.TraverseStmt(const_cast<Stmt *>(Loop));
    return W.Hazard;
  }

  /// Notes a std::vector argument that is not a local variable: a
  /// parameter, a reference, a member or a global, which code outside this
  /// function may reach while the loop runs.
  void notLocal(LoopPlan &Plan, const Expr *Arg) {
    const Expr *E = unconverted(Arg);
    const QualType T = E->getType().getNonReferenceType().getUnqualifiedType();
    const bool Vector = isStdVector(T);
    if (!Vector && !holdsViews(T))
      return;
    const NamedDecl *D = nullptr;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      D = DRE->getDecl();
    else if (const auto *ME = dyn_cast<MemberExpr>(E))
      D = ME->getMemberDecl();
    auto &List = Vector ? Plan.NotLocal : Plan.UnfollowedViews;
    if (D && !llvm::is_contained(List, D))
      List.push_back(D);
  }
  /// Whether T is a struct with a view or container among its members (or
  /// theirs, or in an array member).
  static bool holdsViews(QualType T, unsigned Depth = 0) {
    const auto *RD = T->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || containerElement(T) || Depth > 4)
      return false;
    for (const FieldDecl *F : RD->fields()) {
      QualType M = F->getType();
      while (const auto *A = M->getAsArrayTypeUnsafe())
        M = A->getElementType();
      if (containerElement(M) || holdsViews(M, Depth + 1))
        return true;
    }
    return false;
  }

  /// An argument of an offload() call (whose data the runtime moves).
  bool isOffloadArgument(const DeclRefExpr *Ref) const {
    return isOffloadArgument(Ref, [&](const Expr *Arg) {
      const DeclRefExpr *Named;
      return namedVector(Arg, FD, Named) && Named == Ref;
    });
  }
  /// Whether Ref names the data of a member of a struct-of-views argument
  /// of an offload() call (forEachMemberInit).
  bool isMemberArgument(const DeclRefExpr *Ref) {
    bool Found = false;
    for (const CallExpr *Call : Uses.Calls)
      for (const Expr *Arg : Call->arguments())
        forEachMemberInit(Arg, [&](const Expr *Init, QualType) {
          const DeclRefExpr *Named;
          Found |= namedVector(throughSpans(Init), FD, Named) && Named == Ref;
        });
    return Found;
  }
  /// Whether E is in an argument of an offload() call that Matches.
  template <class Pred>
  bool isOffloadArgument(const Expr *E, Pred Matches) const {
    for (const Stmt *P = parent(PM, E); P; P = parent(PM, P)) {
      if (asOffloadCall(P))
        return llvm::any_of(cast<CallExpr>(P)->arguments(), Matches);
      if (!isa<Expr>(P))
        return false;
    }
    return false;
  }

  FunctionDecl &FD;
  Sema &S;
  ASTContext &Ctx;
  ParentMap PM;
  Finder Uses;
  llvm::SmallPtrSet<const VarDecl *, 4> Views; // of the loop analyze() looks at
};

ResidencyAnalysis::ResidencyAnalysis(FunctionDecl &FD, Sema &S)
    : Self(std::make_unique<Impl>(FD, S)) {}
ResidencyAnalysis::~ResidencyAnalysis() = default;
bool ResidencyAnalysis::hasOffloadCall(const Stmt *Loop) const {
  return Self->hasOffloadCall(Loop);
}
LoopPlan ResidencyAnalysis::analyze(const Stmt *Loop) {
  return Self->analyze(Loop);
}
const ParentMap &ResidencyAnalysis::parents() const { return Self->parents(); }

bool offloads(const CallExpr *Call, Sema &S) {
  return asOffloadCall(Call) || asRelay(Call, &S);
}

} // namespace offload::plugin
