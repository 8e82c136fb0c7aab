//===- Residency.cpp - Keeping data on the device across offload() calls --===//

#include "Residency.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace offload::plugin {
namespace {

bool isLoop(const Stmt *S) {
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

/// A declaration directly in namespace ::offload.
bool inOffloadNamespace(const Decl *D) {
  const auto *NS = dyn_cast<NamespaceDecl>(D->getDeclContext());
  return NS && NS->getName() == "offload" &&
         NS->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

const CallExpr *asOffloadCall(const Stmt *S) {
  const auto *CE = dyn_cast<CallExpr>(S);
  if (!CE || isa<CXXMemberCallExpr>(CE))
    return nullptr;
  const FunctionDecl *F = CE->getDirectCallee();
  return F && F->getIdentifier() && F->getName() == "offload" &&
                 inOffloadNamespace(F)
             ? CE
             : nullptr;
}

/// A function or member of a class of the standard library.
bool inStd(const Decl *D) {
  const auto *NS = dyn_cast<NamespaceDecl>(
      D->getDeclContext()->getEnclosingNamespaceContext());
  return NS && (NS->isStdNamespace() || NS->isInStdNamespace());
}

/// A record type whose template is Name in namespace std or offload.
bool isSpecialization(QualType T, StringRef NS, StringRef Name) {
  const auto *RD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getCanonicalType()->getAsCXXRecordDecl());
  if (!RD || RD->getName() != Name)
    return false;
  if (NS == "offload")
    return inOffloadNamespace(RD);
  return RD->isInStdNamespace();
}

/// std::vector<T> of any T but bool (which is not contiguous).
bool isStdVector(QualType T) {
  if (!isSpecialization(T, "std", "vector"))
    return false;
  const auto *RD = cast<ClassTemplateSpecializationDecl>(
      T.getCanonicalType()->getAsCXXRecordDecl());
  return !RD->getTemplateArgs()[0].getAsType()->isBooleanType();
}

/// An offload() argument without the conversion it goes through to the
/// kernel's parameter type (a std::span or a Region).
const Expr *unconverted(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
      CE && CE->getNumArgs() == 1)
    E = CE->getArg(0)->IgnoreParenImpCasts();
  return E;
}

/// The local std::vector variable that offload() argument E names; null if
/// E is anything else.
VarDecl *namedVector(const Expr *E, const DeclRefExpr *&Ref) {
  const auto *DRE = dyn_cast<DeclRefExpr>(unconverted(E));
  auto *V = DRE ? dyn_cast<VarDecl>(const_cast<ValueDecl *>(DRE->getDecl()))
                : nullptr;
  if (!V || isa<ParmVarDecl>(V) || !V->hasLocalStorage() ||
      V->getType()->isReferenceType() || V->getType().isVolatileQualified() ||
      !isStdVector(V->getType()))
    return nullptr;
  Ref = DRE;
  return V;
}

/// The kernel an offload() call runs: its parameter types, or an empty
/// list when they cannot be told (then every container is treated as
/// written).
SmallVector<QualType> kernelParams(const CallExpr &Call, unsigned &First) {
  First = 0;
  if (Call.getNumArgs() > 0 &&
      isSpecialization(Call.getArg(0)->getType(), "offload", "Launch"))
    First = 1;
  SmallVector<QualType> Params;
  if (Call.getNumArgs() <= First)
    return Params;
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
      Params.push_back(P->getType());
  ++First;
  return Params;
}

/// Whether a kernel parameter of type T only reads its data.
bool readsOnly(QualType T) {
  if (T->isReferenceType())
    return T->getPointeeType().isConstQualified();
  if (isSpecialization(T, "std", "span"))
    return cast<ClassTemplateSpecializationDecl>(
               T.getCanonicalType()->getAsCXXRecordDecl())
        ->getTemplateArgs()[0]
        .getAsType()
        .isConstQualified();
  return false;
}

/// What a loop does with one container.
struct Candidate {
  VarDecl *Var;
  bool Written = false;
  // Host reads `v[i]` in the loop of data a kernel writes: each becomes
  // offload::detail::readResident(v, i), which copies that element back.
  SmallVector<const ImplicitCastExpr *> Reads;
  const Stmt *Blocker = nullptr; // the host use that keeps it from staying
  enum { None, InLoop, Escapes, InLambda } Why = None;
};

class Finder : public RecursiveASTVisitor<Finder> {
public:
  /// Every reference to a variable, and the offload() calls.
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (auto *V = dyn_cast<VarDecl>(E->getDecl()))
      Refs[V].push_back(E);
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *E) {
    ++LambdaDepth;
    bool R = RecursiveASTVisitor::TraverseLambdaExpr(E);
    --LambdaDepth;
    return R;
  }
  bool VisitCallExpr(CallExpr *E) {
    if (LambdaDepth == 0 && asOffloadCall(E))
      Calls.push_back(E);
    return true;
  }
  bool VisitStmt(Stmt *S) {
    if (LambdaDepth > 0)
      InLambda.insert(S);
    return true;
  }

  llvm::DenseMap<const VarDecl *, SmallVector<const DeclRefExpr *>> Refs;
  SmallVector<const CallExpr *> Calls;
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
bool usedInPlace(const DeclRefExpr *Ref, const Stmt *Loop,
                 const ParentMap &PM, unsigned Depth = 0);

/// Whether function F, called with the container as its argument Arg,
/// keeps no reference to it: F is defined in this translation unit, takes
/// it by reference, and uses that parameter only in place (looked at up to
/// three calls deep).
bool calleeUsesInPlace(const CallExpr &Call, const Expr *Arg,
                       unsigned Depth) {
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
  struct Refs : RecursiveASTVisitor<Refs> {
    const ParmVarDecl *Param;
    SmallVector<const DeclRefExpr *> Found;
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (E->getDecl() == Param)
        Found.push_back(E);
      return true;
    }
    bool TraverseLambdaExpr(LambdaExpr *E) {
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

/// Whether Ref is staged by an explicit preload handle that cannot be
/// alive while Loop runs: `auto H = offload::preload[_mut](v);` declared in
/// a block that does not hold the loop, and H never moved or returned.
bool stagedElsewhere(const DeclRefExpr *Ref, const Stmt *Loop,
                     const ParentMap &PM) {
  const auto *Call = dyn_cast_or_null<CallExpr>(parentSkipping(PM, Ref));
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!Loop || !F || !F->getIdentifier() || !inOffloadNamespace(F) ||
      (F->getName() != "preload" && F->getName() != "preload_mut"))
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
  struct Moves : RecursiveASTVisitor<Moves> {
    const VarDecl *Handle;
    const ParentMap *PM;
    bool Found = false;
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (E->getDecl() != Handle)
        return true;
      const Stmt *P = parentSkipping(*PM, E);
      if (isa_and_nonnull<ReturnStmt>(P))
        Found = true;
      if (const auto *C = dyn_cast_or_null<CallExpr>(P))
        if (const FunctionDecl *G = C->getDirectCallee();
            G && G->getIdentifier() && G->getName() == "move" && inStd(G))
          Found = true;
      return !Found;
    }
  } M;
  M.Handle = Handle;
  M.PM = &PM;
  M.TraverseStmt(const_cast<Stmt *>(Block));
  return !M.Found;
}

bool usedInPlace(const DeclRefExpr *Ref, const Stmt *Loop,
                 const ParentMap &PM, unsigned Depth) {
  if (stagedElsewhere(Ref, Loop, PM))
    return true;
  const Stmt *P = parentSkipping(PM, Ref);
  // The container itself handed to the standard library (std::swap, a
  // copy or a move, std::ranges algorithms), which keeps no reference, or
  // by reference to a function of this translation unit that keeps none.
  if (const auto *Call = dyn_cast_or_null<CallExpr>(P)) {
    const FunctionDecl *F = Call->getDirectCallee();
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
    if (F && inStd(F) && !(Op && Op->getOperator() == OO_Subscript))
      return true;
    if (F && !inStd(F) && calleeUsesInPlace(*Call, Ref, Depth))
      return true;
  }
  if (const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(P))
    if (isStdVector(Construct->getType()))
      return true;
  if (const auto *For = dyn_cast_or_null<CXXForRangeStmt>(
          P ? parent(PM, P) : nullptr);
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
  const auto *ME =
      dyn_cast_or_null<MemberExpr>(parentSkipping(PM, Ref));
  const auto *MD = ME ? dyn_cast<CXXMethodDecl>(ME->getMemberDecl()) : nullptr;
  return MD && MD->getIdentifier() &&
         (MD->getName() == "size" || MD->getName() == "empty" ||
          MD->getName() == "capacity");
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
    if (MD && MD->getIdentifier() &&
        (MD->getName() == "at" || MD->getName() == "front" ||
         MD->getName() == "back"))
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

class Keeper {
public:
  Keeper(FunctionDecl &FD, Sema &S, Diagnostics &Diags, ResidencyRemarks R)
      : FD(FD), S(S), Ctx(S.getASTContext()), Diags(Diags), Remarks(R),
        PM(FD.getBody()) {
    Uses.TraverseStmt(FD.getBody());
  }

  void run() { visit(FD.getBody()); }

private:
  /// Finds the outermost loops with offload() calls; a loop that cannot
  /// keep anything resident lets its inner loops try.
  void visit(Stmt *S) {
    for (Stmt *&Child : S->children()) {
      if (!Child || isa<LambdaExpr>(Child))
        continue;
      if (isLoop(Child) && hasOffloadCall(Child) && wrap(Child))
        continue;
      visit(Child);
    }
  }

  bool hasOffloadCall(const Stmt *Loop) const {
    for (const CallExpr *Call : Uses.Calls)
      if (contains(Loop, Call, PM))
        return true;
    return false;
  }

  /// Stages the loop's containers around it; Slot is where the loop hangs
  /// in its parent. Returns whether anything was staged.
  bool wrap(Stmt *&Slot) {
    Stmt *Loop = Slot;
    // The containers the loop's offload() calls pass, and whether a kernel
    // may write them.
    SmallVector<Candidate> Found;
    llvm::SmallPtrSet<const DeclRefExpr *, 8> Passed;
    for (const CallExpr *Call : Uses.Calls) {
      if (!contains(Loop, Call, PM))
        continue;
      unsigned First;
      SmallVector<QualType> Params = kernelParams(*Call, First);
      for (unsigned I = First; I < Call->getNumArgs(); ++I) {
        const DeclRefExpr *Ref;
        VarDecl *V = namedVector(Call->getArg(I), Ref);
        if (!V)
          notLocal(Loop, Call->getArg(I));
        // A vector declared in the loop is a new one every time.
        if (!V || contains(Loop, V->getInit(), PM))
          continue;
        Passed.insert(Ref);
        auto It = llvm::find_if(Found, [&](const Candidate &C) {
          return C.Var == V;
        });
        if (It == Found.end())
          It = Found.insert(Found.end(), Candidate{V, false, {}});
        const unsigned Param = I - First;
        It->Written |= Param >= Params.size() || !readsOnly(Params[Param]);
      }
    }
    if (Found.empty())
      return false;
    if (hasLabels(Loop)) {
      for (const Candidate &C : Found)
        missed(Loop, C, "a label in the loop could jump past the staging");
      return false;
    }
    for (Candidate &C : Found)
      check(C, Loop, Passed);

    SmallVector<Stmt *> Staged;
    for (Candidate &C : Found) {
      if (C.Blocker) {
        missed(Loop, C);
        continue;
      }
      // Every host read of its elements in the loop is rewritten, or the
      // container moves as written.
      SmallVector<std::pair<const Expr *, Expr *>> Rewrites;
      for (const ImplicitCastExpr *Read : C.Reads)
        if (Expr *New = readResident(C, Read))
          Rewrites.push_back({Read, New});
      if (Rewrites.size() != C.Reads.size())
        continue;
      Stmt *Decl = stage(C, Loop->getBeginLoc());
      if (!Decl)
        continue;
      for (auto [Old, New] : Rewrites)
        replace(Old, New);
      Staged.push_back(Decl);
      if (Remarks.Kept)
        Diags.report(Loop->getBeginLoc(), Diag::ResidencyKept)
            << C.Var << unsigned(C.Written) << unsigned(!C.Reads.empty());
    }
    if (Staged.empty())
      return false;
    Staged.push_back(Loop);
    Slot = CompoundStmt::Create(Ctx, Staged, FPOptionsOverride(),
                                Loop->getBeginLoc(), Loop->getEndLoc());
    return true;
  }

  /// Finds a host use that keeps C from staying on the device.
  void check(Candidate &C, const Stmt *Loop,
             const llvm::SmallPtrSetImpl<const DeclRefExpr *> &Passed) {
    for (const DeclRefExpr *Ref : Uses.Refs.lookup(C.Var)) {
      if (Passed.contains(Ref))
        continue;
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
      if (isOffloadArgument(Ref) || usedInPlace(Ref, Loop, PM))
        continue;
      C.Blocker = Ref, C.Why = Candidate::Escapes;
      return;
    }
  }

  /// -Rpass-missed for a std::vector argument that is not a local
  /// variable: a parameter, a reference, a member or a global, which code
  /// outside this function may reach while the loop runs.
  void notLocal(const Stmt *Loop, const Expr *Arg) {
    if (!Remarks.Missed)
      return;
    const Expr *E = unconverted(Arg);
    if (!isStdVector(E->getType().getNonReferenceType().getUnqualifiedType()))
      return;
    const NamedDecl *D = nullptr;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      D = DRE->getDecl();
    else if (const auto *ME = dyn_cast<MemberExpr>(E))
      D = ME->getMemberDecl();
    if (!D || !Reported.insert({Loop, D}).second)
      return;
    Diags.report(Loop->getBeginLoc(), Diag::ResidencyMissed)
        << D
        << "only local std::vector variables stay resident, and this is a "
           "parameter, a reference, a member or a global, which other code "
           "may reach";
  }

  /// An argument of an offload() call (whose data the runtime moves).
  bool isOffloadArgument(const DeclRefExpr *Ref) const {
    for (const Stmt *P = parent(PM, Ref); P; P = parent(PM, P)) {
      if (asOffloadCall(P)) {
        const DeclRefExpr *Named;
        for (const Expr *Arg : cast<CallExpr>(P)->arguments())
          if (namedVector(Arg, Named) && Named == Ref)
            return true;
        return false;
      }
      if (!isa<Expr>(P))
        return false;
    }
    return false;
  }

  void missed(const Stmt *Loop, const Candidate &C,
              const char *Why = nullptr) {
    if (!Remarks.Missed)
      return;
    if (Why) {
      Diags.report(Loop->getBeginLoc(), Diag::ResidencyMissed) << C.Var << Why;
      return;
    }
    static const char *const Reasons[] = {
        "", "host code uses it inside the loop",
        "its address may leave this function", "a lambda captures it"};
    Diags.report(Loop->getBeginLoc(), Diag::ResidencyMissed)
        << C.Var << Reasons[C.Why];
    Diags.report(C.Blocker->getBeginLoc(), Diag::NoteResidencyBlocker)
        << C.Var << unsigned(C.Why - 1);
  }

  /// Sema as if inside FD, where the plugin builds its code. Errors in
  /// what it builds are caught, and the loop then runs as written.
  struct InFunction {
    Sema::ContextRAII Context;
    Sema::FunctionScopeRAII Scope;
    Sema::SFINAETrap Trap;
    InFunction(Sema &S, FunctionDecl &FD)
        : Context(S, &FD), Scope((S.PushFunctionScope(), S)), Trap(S) {}
  };

  /// offload::Name(Args...), or offload::detail::Name(Args...) with Detail,
  /// as if written at Loc; null if it does not compile.
  Expr *call(bool Detail, StringRef Name, MutableArrayRef<Expr *> Args,
             SourceLocation Loc, InFunction &In) {
    auto *NS = dyn_cast_or_null<NamespaceDecl>(
        lookup(Ctx.getTranslationUnitDecl(), "offload"));
    if (NS && Detail)
      NS = dyn_cast_or_null<NamespaceDecl>(lookup(NS, "detail"));
    if (!NS)
      return nullptr;
    LookupResult Found(S, &Ctx.Idents.get(Name), Loc,
                       Sema::LookupOrdinaryName);
    if (!S.LookupQualifiedName(Found, NS) || Found.empty())
      return nullptr;
    CXXScopeSpec SS;
    ExprResult Fn = S.BuildDeclarationNameExpr(SS, Found, false);
    if (Fn.isInvalid())
      return nullptr;
    ExprResult Call = S.ActOnCallExpr(nullptr, Fn.get(), Loc, Args, Loc);
    return Call.isInvalid() || In.Trap.hasErrorOccurred() ? nullptr
                                                          : Call.get();
  }

  /// `offload::detail::readResident(v, i)` for the read `v[i]`, or null.
  Expr *readResident(const Candidate &C, const ImplicitCastExpr *Read) {
    const auto *Op =
        cast<CXXOperatorCallExpr>(Read->getSubExpr()->IgnoreParens());
    SourceLocation Loc = Op->getBeginLoc();
    InFunction In(S, FD);
    Expr *Args[] = {
        S.BuildDeclRefExpr(C.Var, C.Var->getType(), VK_LValue, Loc),
        const_cast<Expr *>(Op->getArg(1))};
    Expr *Call = call(/*Detail=*/true, "readResident", Args, Loc, In);
    return Call && Ctx.hasSameUnqualifiedType(Call->getType(), Read->getType())
               ? Call
               : nullptr;
  }

  /// Puts New where Old hangs in its parent.
  void replace(const Expr *Old, Expr *New) {
    Stmt *Parent = const_cast<Stmt *>(parent(PM, Old));
    for (Stmt *&Child : Parent->children())
      if (Child == Old) {
        Child = New;
        return;
      }
    llvm_unreachable("an expression is a child of its parent");
  }

  /// `auto __offload_resident_N = offload::preload[_mut](V);` or null if
  /// the header's preload cannot take V (the loop then runs as written).
  Stmt *stage(const Candidate &C, SourceLocation Loc) {
    InFunction In(S, FD);
    Expr *Args[] = {
        S.BuildDeclRefExpr(C.Var, C.Var->getType(), VK_LValue, Loc)};
    Expr *Call = call(/*Detail=*/false, C.Written ? "preload_mut" : "preload",
                      Args, Loc, In);
    if (!Call)
      return nullptr;
    QualType Type = Call->getType();
    std::string Name = "__offload_resident_" + C.Var->getName().str();
    auto *Var = VarDecl::Create(Ctx, &FD, Loc, Loc, &Ctx.Idents.get(Name),
                                Type, Ctx.getTrivialTypeSourceInfo(Type, Loc),
                                SC_None);
    Var->setImplicit();
    S.AddInitializerToDecl(Var, Call, /*DirectInit=*/false);
    if (Var->isInvalidDecl() || In.Trap.hasErrorOccurred())
      return nullptr;
    return new (Ctx) DeclStmt(DeclGroupRef(Var), Loc, Loc);
  }

  static NamedDecl *lookup(DeclContext *DC, StringRef Name) {
    DeclContextLookupResult R =
        DC->lookup(&DC->getParentASTContext().Idents.get(Name));
    return R.empty() ? nullptr : R.front();
  }

  FunctionDecl &FD;
  Sema &S;
  ASTContext &Ctx;
  Diagnostics &Diags;
  ResidencyRemarks Remarks;
  ParentMap PM;
  Finder Uses;
  llvm::DenseSet<std::pair<const Stmt *, const NamedDecl *>> Reported;
};

} // namespace

void keepDataResident(FunctionDecl &FD, Sema &S, Diagnostics &Diags,
                      ResidencyRemarks Remarks) {
  if (!FD.doesThisDeclarationHaveABody() || FD.isDependentContext() ||
      FD.isInvalidDecl() || FD.isConstexpr() || !FD.getBody())
    return;
  // Most functions offload nothing: a quick look before the full analysis.
  struct AnyCall : RecursiveASTVisitor<AnyCall> {
    bool VisitCallExpr(CallExpr *E) { return !asOffloadCall(E); }
  };
  if (AnyCall().TraverseStmt(FD.getBody()))
    return;
  Keeper(FD, S, Diags, Remarks).run();
}

} // namespace offload::plugin
