//===- Residency.cpp - Keeping data on the device across offload() calls --===//
//
// The rewriting half of automatic residency: wraps each loop whose data
// ResidencyAnalysis finds free to stay on the device in preload handles,
// rewrites the loop's host reads of it, and reports what stayed and why
// the rest did not.
//
//===----------------------------------------------------------------------===//

#include "Residency.h"
#include "ResidencyAnalysis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"

#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace offload::plugin {
namespace {

class Keeper {
public:
  Keeper(FunctionDecl &FD, Sema &S, Diagnostics &Diags, ResidencyRemarks R)
      : FD(FD), S(S), Ctx(S.getASTContext()), Diags(Diags), Remarks(R),
        Analysis(FD, S) {}

  void run() { visit(FD.getBody()); }

private:
  /// Finds the outermost loops with offload() calls; a loop that cannot
  /// keep anything resident lets its inner loops try.
  void visit(Stmt *S) {
    for (Stmt *&Child : S->children()) {
      if (!Child || isa<LambdaExpr>(Child))
        continue;
      if (isLoop(Child) && Analysis.hasOffloadCall(Child) && wrap(Child))
        continue;
      visit(Child);
    }
  }

  /// Preloads the loop's containers around it; Slot is where the loop hangs
  /// in its parent. Returns whether anything was preloaded.
  bool wrap(Stmt *&Slot) {
    Stmt *Loop = Slot;
    LoopPlan Plan = Analysis.analyze(Loop);
    for (const NamedDecl *D : Plan.NotLocal)
      notLocal(Loop, D);
    for (const NamedDecl *D : Plan.UnfollowedViews)
      unfollowed(Loop, D);
    SmallVector<Candidate> &Found = Plan.Candidates;
    if (Found.empty())
      return false;
    if (Plan.HasLabels) {
      for (const Candidate &C : Found)
        missed(Loop, C, "a label in the loop could jump past the preload");
      return false;
    }

    SmallVector<const VarDecl *> Referenced;
    for (const Candidate &C : Found)
      if (C.Reference && !C.Blocker)
        Referenced.push_back(C.Var);
    SmallVector<Stmt *> Preloads;
    for (Candidate &C : Found) {
      if (C.Blocker) {
        missed(Loop, C);
        continue;
      }
      // Containers received by reference are preloaded when none is another.
      DeclStmt *Decl = preload(C,
                               C.Reference && Referenced.size() > 1
                                   ? Referenced
                                   : ArrayRef<const VarDecl *>(),
                               Loop->getBeginLoc());
      if (!Decl)
        continue;
      // Every host read of its elements in the loop is rewritten, or the
      // container moves as written.
      SmallVector<std::pair<const Expr *, Expr *>> Rewrites;
      for (const ImplicitCastExpr *Read : C.Reads)
        if (Expr *New =
                readResident(cast<VarDecl>(Decl->getSingleDecl()), Read))
          Rewrites.push_back({Read, New});
      if (Rewrites.size() != C.Reads.size())
        continue;
      for (auto [Old, New] : Rewrites)
        replace(Old, New);
      Preloads.push_back(Decl);
      if (Remarks.Kept)
        Diags.report(Loop->getBeginLoc(), Diag::ResidencyKept)
            << C.Var << unsigned(C.Written) << unsigned(!C.Reads.empty());
    }
    if (Preloads.empty())
      return false;
    Preloads.push_back(Loop);
    Slot = CompoundStmt::Create(Ctx, Preloads, FPOptionsOverride(),
                                Loop->getBeginLoc(), Loop->getEndLoc());
    return true;
  }

  /// -Rpass-missed for a std::vector argument that is not a local
  /// variable, once per loop.
  void notLocal(const Stmt *Loop, const NamedDecl *D) {
    if (!Remarks.Missed || !Reported.insert({Loop, D}).second)
      return;
    Diags.report(Loop->getBeginLoc(), Diag::ResidencyMissed)
        << D
        << "only std::vector variables and parameters of this function stay "
           "resident, and this is a member, a global, a local reference or "
           "an enclosing function's variable, which other code may reach";
  }

  void unfollowed(const Stmt *Loop, const NamedDecl *D) {
    if (!Remarks.Missed || !Reported.insert({Loop, D}).second)
      return;
    Diags.report(Loop->getBeginLoc(), Diag::ResidencyStructNotFollowed) << D;
  }

  void missed(const Stmt *Loop, const Candidate &C, const char *Why = nullptr) {
    if (!Remarks.Missed)
      return;
    if (Why) {
      Diags.report(Loop->getBeginLoc(), Diag::ResidencyMissed) << C.Var << Why;
      return;
    }
    static const char *const Reasons[] = {
        "",
        "host code uses it inside the loop",
        "its address may leave this function",
        "a lambda captures it",
        ("it is the caller's, and host code in the loop may reach it by "
         "another name"),
        ("two arguments of one call reach it and the kernel may write one, "
         "which the call would give two copies"),
        "a call in the loop runs on a device set"};
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
    LookupResult Found(S, &Ctx.Idents.get(Name), Loc, Sema::LookupOrdinaryName);
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

  /// `offload::detail::readResident(handle, i)` for the read `v[i]`, or
  /// null.
  Expr *readResident(VarDecl *Handle, const ImplicitCastExpr *Read) {
    const auto *Op =
        cast<CXXOperatorCallExpr>(Read->getSubExpr()->IgnoreParens());
    SourceLocation Loc = Op->getBeginLoc();
    InFunction In(S, FD);
    Expr *Args[] = {
        S.BuildDeclRefExpr(Handle, Handle->getType(), VK_LValue, Loc),
        const_cast<Expr *>(Op->getArg(1))};
    Expr *Call = call(/*Detail=*/true, "readResident", Args, Loc, In);
    return Call && Ctx.hasSameUnqualifiedType(Call->getType(), Read->getType())
               ? Call
               : nullptr;
  }

  /// Puts New where Old hangs in its parent.
  void replace(const Expr *Old, Expr *New) {
    Stmt *Parent = const_cast<ParentMap &>(Analysis.parents())
                       .getParent(const_cast<Expr *>(Old));
    for (Stmt *&Child : Parent->children())
      if (Child == Old) {
        Child = New;
        return;
      }
    llvm_unreachable("an expression is a child of its parent");
  }

  /// `auto __offload_resident_x = offload::preload[_mut](x);`, or with a
  /// condition `offload::detail::preload[Mut]If(x, c)`, where c is
  /// `offload::detail::distinct(Distinct...)` and `disjoint(views...)` for
  /// each group of C.DisjointViews; null if the header cannot take x (the
  /// loop then runs as written).
  DeclStmt *preload(const Candidate &C, ArrayRef<const VarDecl *> Distinct,
                    SourceLocation Loc) {
    InFunction In(S, FD);
    auto Ref = [&](const VarDecl *V) {
      auto *Var = const_cast<VarDecl *>(V);
      return S.BuildDeclRefExpr(Var, Var->getType().getNonReferenceType(),
                                VK_LValue, Loc);
    };
    SmallVector<std::pair<StringRef, SmallVector<Expr *>>> Checks;
    if (!Distinct.empty())
      Checks.push_back({"distinct", {}});
    for (const VarDecl *V : Distinct)
      Checks.back().second.push_back(Ref(V));
    for (const auto &Views : C.DisjointViews) {
      Checks.push_back({"disjoint", {}});
      for (const VarDecl *V : Views)
        Checks.back().second.push_back(Ref(V));
    }
    Expr *Condition = nullptr;
    for (auto &[Name, Args] : Checks) {
      Expr *Check = call(/*Detail=*/true, Name, Args, Loc, In);
      if (!Check)
        return nullptr;
      if (Condition) {
        ExprResult Both = S.BuildBinOp(nullptr, Loc, BO_LAnd, Condition, Check);
        if (Both.isInvalid())
          return nullptr;
        Check = Both.get();
      }
      Condition = Check;
    }
    // The caller may hold a handle of its own: the If form looks.
    if (!Condition && C.Reference)
      Condition = CXXBoolLiteralExpr::Create(Ctx, true, Ctx.BoolTy, Loc);
    Expr *Call;
    if (!Condition) {
      Expr *Args[] = {Ref(C.Var)};
      Call = call(/*Detail=*/false, C.Written ? "preload_mut" : "preload", Args,
                  Loc, In);
    } else {
      Expr *Args[] = {Ref(C.Var), Condition};
      Call = call(/*Detail=*/true, C.Written ? "preloadMutIf" : "preloadIf",
                  Args, Loc, In);
    }
    if (!Call)
      return nullptr;
    QualType Type = Call->getType();
    std::string Name = "__offload_resident_" + C.Var->getName().str();
    auto *Var =
        VarDecl::Create(Ctx, &FD, Loc, Loc, &Ctx.Idents.get(Name), Type,
                        Ctx.getTrivialTypeSourceInfo(Type, Loc), SC_None);
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
  ResidencyAnalysis Analysis;
  llvm::DenseSet<std::pair<const Stmt *, const NamedDecl *>> Reported;
};

} // namespace

void keepDataResident(FunctionDecl &FD, Sema &S, Diagnostics &Diags,
                      ResidencyRemarks Remarks, ResidencyState &State) {
  // The standard library's functions offload nothing themselves; skipping
  // them keeps the analysis off most of a translation unit.
  if (!FD.doesThisDeclarationHaveABody() || FD.isDependentContext() ||
      FD.isInvalidDecl() || FD.isConsteval() || !FD.getBody() ||
      S.getSourceManager().isInSystemHeader(FD.getLocation()) ||
      // Lambdas' call operators are constexpr unless they cannot be.
      (FD.isConstexpr() && !isLambdaCallOperator(&FD)) ||
      !State.Done.insert(&FD).second)
    return;
  // Most functions offload nothing: a quick look before the full analysis.
  struct Look : DynamicRecursiveASTVisitor {
    ResidencyState &State;
    Sema &S;
    bool Offloads = false; // itself, or through a lambda it calls
    SmallVector<FunctionDecl *> Lambdas;
    Look(ResidencyState &State, Sema &S) : State(State), S(S) {}
    bool VisitCallExpr(CallExpr *E) override {
      Offloads = Offloads || offloads(E, S);
      return true;
    }
    bool TraverseLambdaExpr(LambdaExpr *E) override {
      const CXXRecordDecl *Class = E->getLambdaClass();
      if (FunctionTemplateDecl *Generic =
              Class->getDependentLambdaCallOperator())
        State.GenericLambdas.insert(Generic);
      else
        Lambdas.push_back(E->getCallOperator());
      return true; // their bodies are theirs
    }
  } L(State, S);
  L.TraverseStmt(FD.getBody());
  if (L.Offloads)
    Keeper(FD, S, Diags, Remarks).run();
  for (FunctionDecl *Lambda : L.Lambdas)
    keepDataResident(*Lambda, S, Diags, Remarks, State);
}

void keepDataResidentInLambdas(Sema &S, Diagnostics &Diags,
                               ResidencyRemarks Remarks,
                               ResidencyState &State) {
  // Analysing one may find more: the list only grows.
  for (std::size_t I = 0; I < State.GenericLambdas.size(); ++I)
    for (FunctionDecl *Call : State.GenericLambdas[I]->specializations())
      if (Call->doesThisDeclarationHaveABody() && !State.Done.contains(Call))
        keepDataResident(*Call, S, Diags, Remarks, State);
}

} // namespace offload::plugin
