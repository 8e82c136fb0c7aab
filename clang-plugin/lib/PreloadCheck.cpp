//===- PreloadCheck.cpp - Host access to preloaded data -------------------===//

#include "PreloadCheck.h"
#include "LibraryModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace offload::plugin {
namespace {

/// `auto G = offload::preload(x)` / `preload_mut(y)` declared in a block.
const auto PreloadHandle =
    varDecl(hasInitializer(ignoringImplicit(
                callExpr(callee(functionDecl(hasAnyName(
                             "::offload::preload", "::offload::preload_mut"))))
                    .bind("preload"))),
            hasParent(
                declStmt(hasParent(compoundStmt().bind("block"))).bind("decl")))
        .bind("handle");

/// offload() and offload_args() use preloaded data where it is; preloading it
/// again (nested preloads) is no host access either.
bool isOffloadCall(const CallExpr *Call) {
  const Function F = calleeOf(Call);
  return F == Function::Offload || F == Function::OffloadArgs;
}
bool isPreloadCall(const CallExpr *Call) {
  const Function F = calleeOf(Call);
  return F == Function::Preload || F == Function::PreloadMut;
}

/// The data a preload call preloads on the selected device: the argument of
/// preload(x) and preload_mut(y), the first of preload_mut(y,
/// offload::uninitialized); null for a device set's.
const Expr *preloadedData(const CallExpr *Call) {
  if (Call->getNumArgs() == 1)
    return Call->getArg(0);
  return Call->getNumArgs() == 2 &&
                 isEntity(Call->getArg(1)->getType(), Entity::Uninitialized)
             ? Call->getArg(0)
             : nullptr;
}

/// The variable an expression names, through members and conversions.
const VarDecl *variableOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow() ? nullptr : variableOf(ME->getBase());
  if (auto *DRE = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

/// Whether V is a handle that preloads Data mutably (a release or sync of it
/// copies Data back, which makes the host copy current).
bool preloadsMutably(const VarDecl *V, const VarDecl *Data) {
  const auto *Call = V && V->getInit()
                         ? dyn_cast<CallExpr>(V->getInit()->IgnoreImplicit())
                         : nullptr;
  const Expr *Preloaded =
      Call && isPreloadCall(Call) ? preloadedData(Call) : nullptr;
  return Preloaded && calleeOf(Call) == Function::PreloadMut &&
         variableOf(Preloaded) == Data;
}

/// Classes whose objects view data where it is (forming one reads nothing).
bool isView(QualType T) {
  const Entity E = entityOf(T);
  return E == Entity::Span || E == Entity::Region || E == Entity::Atomic;
}

bool containsOffloadCall(const Stmt *S) {
  if (!S)
    return false;
  if (auto *Call = dyn_cast<CallExpr>(S); Call && isOffloadCall(Call))
    return true;
  for (const Stmt *Child : S->children())
    if (containsOffloadCall(Child))
      return true;
  return false;
}

/// Walks the statements after a handle's declaration, in order.
class ScopeWalker : public DynamicRecursiveASTVisitor {
public:
  ScopeWalker(ASTContext &Ctx, Diagnostics &Diags, const VarDecl *Handle,
              const VarDecl *Data, const CallExpr *Preload, bool Mutable)
      : Ctx(Ctx), Diags(Diags), Handle(Handle), Data(Data), Preload(Preload),
        Mutable(Mutable) {}

  bool active() const { return Active; }

  bool TraverseCallExpr(CallExpr *Call) override {
    if (!Active)
      return false;
    // Passing the data to offload() uses the preloaded copy: that is the point.
    if (isOffloadCall(Call)) {
      Synced = false;
      return true;
    }
    if (isPreloadCall(Call))
      return true;
    return DynamicRecursiveASTVisitor::TraverseCallExpr(Call);
  }

  bool TraverseCXXMemberCallExpr(CXXMemberCallExpr *Call) override {
    if (!Active)
      return false;
    const VarDecl *Object = variableOf(Call->getImplicitObjectArgument());
    const CXXMethodDecl *M = Call->getMethodDecl();
    const HandleMember Member = handleMemberOf(M);
    if (Object == Handle && M) {
      if (Member == HandleMember::Release || Member == HandleMember::Discard)
        Active = false;
      else if (Member == HandleMember::Sync)
        Synced = true;
      return Active;
    }
    // Releasing or syncing another mutable handle of the same data copies
    // it back too: the host copy is current after any release.
    if ((Member == HandleMember::Release || Member == HandleMember::Sync) &&
        preloadsMutably(Object, Data)) {
      Synced = true;
      return true;
    }
    return DynamicRecursiveASTVisitor::TraverseCXXMemberCallExpr(Call);
  }

  // A block that ends the life of another mutable handle of the same data
  // releases it, which copies the data back.
  bool TraverseCompoundStmt(CompoundStmt *Block) override {
    if (!DynamicRecursiveASTVisitor::TraverseCompoundStmt(Block))
      return false;
    for (const Stmt *S : Block->body())
      if (const auto *DS = dyn_cast<DeclStmt>(S))
        for (const Decl *D : DS->decls())
          if (preloadsMutably(dyn_cast<VarDecl>(D), Data))
            Synced = true;
    return Active;
  }

  // A loop that offloads makes the data stale again at its top.
  bool loopBody(Stmt *Body) {
    if (containsOffloadCall(Body))
      Synced = false;
    return true;
  }
  bool VisitForStmt(ForStmt *S) override { return loopBody(S->getBody()); }
  bool VisitWhileStmt(WhileStmt *S) override { return loopBody(S->getBody()); }
  bool VisitDoStmt(DoStmt *S) override { return loopBody(S->getBody()); }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *S) override {
    return loopBody(S->getBody());
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) override {
    if (!Active)
      return false;
    if (Ref->getDecl() == Handle) {
      // Moved away or given to a function by value: no longer tracked here.
      if (isMovedAway(Ref))
        Active = false;
      return Active;
    }
    if (Ref->getDecl() != Data)
      return true;
    Access Use = accessOf(Ref);
    if (Use == Access::View)
      return true;
    bool Writes = Use == Access::Write;
    if (!Writes && (!Mutable || Synced))
      return true;
    Diags.report(Ref->getLocation(),
                 Writes ? (Mutable ? Diag::PreloadedHostWriteMutable
                                   : Diag::PreloadedHostWrite)
                        : Diag::PreloadedHostRead)
        << Data << Handle << Ref->getSourceRange();
    Diags.report(Preload->getExprLoc(), Diag::NotePreloadedHere)
        << Data << Preload->getSourceRange();
    return true;
  }

private:
  const Expr *parentExpr(const Expr *E) {
    for (const DynTypedNode &P : Ctx.getParents(*E))
      if (const Expr *PE = P.get<Expr>())
        return PE;
    return nullptr;
  }

  bool isMovedAway(const DeclRefExpr *Ref) {
    const Expr *Parent = parentExpr(Ref);
    while (Parent && isa<ImplicitCastExpr, ParenExpr>(Parent))
      Parent = parentExpr(Parent);
    if (auto *Call = dyn_cast_or_null<CallExpr>(Parent))
      return isStdMove(Call->getDirectCallee());
    return isa_and_nonnull<CXXConstructExpr>(Parent);
  }

  /// What using E does with the data: reads or writes its elements, or
  /// only forms a view of them (a std::span or Region over it, a pointer
  /// from data() or &x[i]), which touches nothing. Walks up through
  /// members, subscripts and accessors to what consumes the lvalue.
  enum class Access { Read, Write, View };
  Access accessOf(const Expr *E) {
    bool Pointer = false; // E is an address (from data(), begin(), ...)
    for (const Expr *Parent = parentExpr(E); Parent;
         E = Parent, Parent = parentExpr(Parent)) {
      if (auto *Cast = dyn_cast<ImplicitCastExpr>(Parent)) {
        if (Cast->getCastKind() == CK_LValueToRValue)
          return Pointer ? Access::View : Access::Read;
        continue;
      }
      if (isa<ParenExpr, MemberExpr>(Parent))
        continue;
      if (isa<ArraySubscriptExpr>(Parent)) {
        Pointer = false;
        continue;
      }
      if (isa<CXXConstructExpr>(Parent) || isa<CXXFunctionalCastExpr>(Parent))
        return isView(Parent->getType()) ? Access::View : Access::Read;
      if (auto *Op = dyn_cast<BinaryOperator>(Parent)) {
        if (Op->isAssignmentOp() && Op->getLHS()->IgnoreParens() == E)
          return Access::Write;
        return Pointer ? Access::View : Access::Read;
      }
      if (auto *Op = dyn_cast<UnaryOperator>(Parent)) {
        if (Op->getOpcode() == UO_AddrOf)
          return Access::View;
        if (Op->getOpcode() == UO_Deref) {
          Pointer = false;
          continue;
        }
        return Op->isIncrementDecrementOp() && !Pointer ? Access::Write
                                                        : Access::Read;
      }
      if (auto *Call = dyn_cast<CXXMemberCallExpr>(Parent)) {
        const CXXMethodDecl *M = Call->getMethodDecl();
        // Accessors hand out references or addresses: what happens to
        // those decides.
        // The size is the host's own: it is never stale.
        if (containerMemberOf(M) == ContainerMember::Size)
          return Access::View;
        if (M && isAccessor(M)) {
          Pointer = !Call->getType()->isReferenceType() && !Call->isLValue();
          continue;
        }
        return M && !M->isConst() ? Access::Write : Access::Read;
      }
      if (auto *Op = dyn_cast<CXXOperatorCallExpr>(Parent)) {
        auto *M = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee());
        if (Op->getNumArgs() > 0 &&
            Op->getArg(0)->IgnoreParenImpCasts() == E->IgnoreParenImpCasts()) {
          if (Op->getOperator() == OO_Subscript) {
            Pointer = false;
            continue;
          }
          return M && !M->isConst() ? Access::Write : Access::Read;
        }
        return Access::Read;
      }
      if (auto *Call = dyn_cast<CallExpr>(Parent)) {
        const FunctionDecl *F = Call->getDirectCallee();
        for (unsigned I = 0;
             F && I < Call->getNumArgs() && I < F->getNumParams(); ++I)
          if (Call->getArg(I)->IgnoreParenImpCasts() ==
              E->IgnoreParenImpCasts()) {
            QualType T = F->getParamDecl(I)->getType();
            if (isView(T.getNonReferenceType()))
              return Access::View;
            return T->isReferenceType() &&
                           !T->getPointeeType().isConstQualified()
                       ? Access::Write
                       : Access::Read;
          }
        return Access::Read;
      }
      return Pointer ? Access::View : Access::Read;
    }
    return Pointer ? Access::View : Access::Read;
  }

  static bool isAccessor(const CXXMethodDecl *M) {
    llvm::StringRef N = M->getName();
    return N == "at" || N == "data" || N == "front" || N == "back" ||
           N == "begin" || N == "end";
  }

  ASTContext &Ctx;
  Diagnostics &Diags;
  const VarDecl *Handle, *Data;
  const CallExpr *Preload;
  bool Mutable;
  bool Active = true, Synced = false;
};

class Callback : public MatchFinder::MatchCallback {
public:
  explicit Callback(Diagnostics &Diags) : Diags(Diags) {}

  void run(const MatchFinder::MatchResult &R) override {
    const auto *Handle = R.Nodes.getNodeAs<VarDecl>("handle");
    const auto *Preload = R.Nodes.getNodeAs<CallExpr>("preload");
    const auto *Decl = R.Nodes.getNodeAs<DeclStmt>("decl");
    const auto *Block = R.Nodes.getNodeAs<CompoundStmt>("block");
    // The plugin's own handles around loops (Residency.h) are safe by
    // construction.
    const Expr *Preloaded = preloadedData(Preload);
    if (!Preloaded || Handle->isImplicit())
      return;
    const VarDecl *Data = variableOf(Preloaded);
    if (!Data)
      return;
    bool Mutable = calleeOf(Preload) == Function::PreloadMut;
    ScopeWalker Walker(*R.Context, Diags, Handle, Data, Preload, Mutable);
    bool After = false;
    for (Stmt *S : Block->body()) {
      if (S == Decl) {
        After = true;
        continue;
      }
      if (After && Walker.active())
        Walker.TraverseStmt(S);
    }
  }

private:
  Diagnostics &Diags;
};

} // namespace

void checkPreloads(ASTContext &Ctx, Diagnostics &Diags) {
  Callback CB(Diags);
  MatchFinder Finder;
  Finder.addMatcher(PreloadHandle, &CB);
  Finder.matchAST(Ctx);
}

} // namespace offload::plugin
