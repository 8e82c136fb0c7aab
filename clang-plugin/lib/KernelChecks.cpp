//===- KernelChecks.cpp - What a kernel may do on a device ----------------===//

#include "KernelChecks.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/TypeLoc.h"

#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace offload::plugin {
namespace {

bool inNamespace(const Decl *D, llvm::StringRef Name) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (auto *NS = dyn_cast<NamespaceDecl>(DC);
        NS && NS->getName() == Name && NS->getParent()->isTranslationUnit())
      return true;
  return false;
}

/// Whether T is std::span<U> with a non-const U.
std::optional<QualType> mutableSpanElement(QualType T) {
  auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  if (!Spec || Spec->getName() != "span" || !inNamespace(Spec, "std"))
    return std::nullopt;
  QualType Element = Spec->getTemplateArgs()[0].getAsType();
  if (Element.isConstQualified())
    return std::nullopt;
  return Element;
}

} // namespace

/// A fix-it that gives parameter P the type NewType (qualifiers included).
static FixItHint retype(const ParmVarDecl *P, const std::string &NewType) {
  if (P->getIdentifier())
    return FixItHint::CreateReplacement(
        CharSourceRange::getCharRange(P->getBeginLoc(), P->getLocation()),
        NewType + " ");
  return FixItHint::CreateReplacement(P->getSourceRange(), NewType);
}

void reportUnsupportedParam(const ParmVarDecl *P, ASTContext &Ctx,
                            Diagnostics &Diags) {
  QualType T = P->getType();
  SourceRange TypeRange =
      P->getTypeSourceInfo() ? P->getTypeSourceInfo()->getTypeLoc().getSourceRange()
                             : P->getSourceRange();
  PrintingPolicy Policy(Ctx.getLangOpts());
  if (T->isPointerType()) {
    QualType Pointee = T->getPointeeType();
    Diags.report(P->getLocation(), Diag::RawPointerParam) << P << TypeRange;
    // Reading through `const T *` is what std::span<const T> does.
    if (Pointee.isConstQualified())
      Diags.report(P->getLocation(), Diag::NoteUseSpan)
          << retype(P, "std::span<" + Pointee.getAsString(Policy) + ">");
    return;
  }
  if (T->isLValueReferenceType() && !T->getPointeeType().isConstQualified()) {
    Diags.report(P->getLocation(), Diag::MutableReferenceParam)
        << P << TypeRange;
    Diags.report(P->getLocation(), Diag::NoteMakeConst)
        << FixItHint::CreateInsertion(TypeRange.getBegin(), "const ");
    return;
  }
  if (std::optional<QualType> Element = mutableSpanElement(T)) {
    Diags.report(P->getLocation(), Diag::MutableSpanParam) << P << TypeRange;
    Diags.report(P->getLocation(), Diag::NoteUseSpan)
        << retype(P, "std::span<const " + Element->getAsString(Policy) + ">");
    return;
  }
  Diags.report(P->getLocation(), Diag::UnsupportedParam)
      << P << T << P->getSourceRange();
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

bool checkAliasing(const CallExpr *Call, unsigned FirstArg,
                   const FunctionDecl *Kernel, llvm::ArrayRef<bool> IsMutable,
                   Diagnostics &Diags) {
  llvm::SmallVector<std::optional<ObjectPath>, 8> Objects;
  for (unsigned I = 0; I < IsMutable.size(); ++I)
    Objects.push_back(objectOf(Call->getArg(FirstArg + I)));
  bool Ok = true;
  for (unsigned J = 1; J < IsMutable.size(); ++J)
    for (unsigned I = 0; I < J; ++I) {
      if (!(IsMutable[I] || IsMutable[J]) || !Objects[I] || !Objects[J] ||
          !overlap(*Objects[I], *Objects[J]))
        continue;
      const Expr *Later = Call->getArg(FirstArg + J);
      const Expr *Earlier = Call->getArg(FirstArg + I);
      const ParmVarDecl *Mutable = Kernel->getParamDecl(IsMutable[J] ? J : I);
      Diags.report(Later->getExprLoc(), Diag::Aliasing)
          << Objects[J]->Root << Kernel << Mutable << Later->getSourceRange();
      Diags.report(Earlier->getExprLoc(), Diag::NoteOtherArgument)
          << Earlier->getSourceRange();
      Ok = false;
      break;
    }
  return Ok;
}

namespace {

/// A variable with static storage that E writes or reads, if E names one
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
          !VD->getType().isConstQualified() && !VD->getType()->isReferenceType())
        return VD;
  return nullptr;
}

class BodyVisitor : public RecursiveASTVisitor<BodyVisitor> {
public:
  BodyVisitor(const FunctionDecl *Kernel, Diagnostics &Diags,
              llvm::DenseSet<const FunctionDecl *> &Checked, bool &UsesMath)
      : Shown(Kernel), Diags(Diags), Checked(Checked), UsesMath(UsesMath) {
    // A lambda kernel is named after its closure: "(lambda at f.cpp:3:5)".
    if (auto *M = dyn_cast<CXXMethodDecl>(Kernel);
        M && M->getParent()->isLambda())
      Shown = M->getParent();
  }

  // Lambdas are checked where they are called.
  bool shouldVisitLambdaBody() const { return false; }
  bool shouldVisitTemplateInstantiations() const { return true; }

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
    Stack.push_back({Definition, CallSite});
    TraverseStmt(Definition->getBody());
    Stack.pop_back();
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee) {
      if (!isa<CXXPseudoDestructorExpr>(Call->getCallee()->IgnoreParenImpCasts()))
        report(Call, Diag::CallsIndirectly);
      return true;
    }
    checkArgumentsWrite(Call, Callee);
    visitCallee(Call, Callee);
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *Construct) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    if (!Ctor->isTrivial())
      visitCallee(Construct, Ctor);
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *Op) {
    if (Op->isAssignmentOp())
      checkWrite(Op->getLHS());
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *Op) {
    if (Op->isIncrementDecrementOp() || Op->getOpcode() == UO_AddrOf)
      checkWrite(Op->getSubExpr());
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const VarDecl *Global = globalVariable(Ref);
        Global && !Written.contains(Ref) && Reported.insert(Ref).second)
      report(Ref, Diag::ReadsGlobal, Global);
    return true;
  }

  bool VisitCXXNewExpr(CXXNewExpr *E) {
    report(E, Diag::UsesNewDelete, "new");
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) {
    report(E, Diag::UsesNewDelete, "delete");
    return true;
  }
  bool VisitCXXThrowExpr(CXXThrowExpr *E) {
    report(E, Diag::UsesExceptions, "throw");
    return true;
  }
  bool VisitCXXTryStmt(CXXTryStmt *S) {
    Diags.report(S->getTryLoc(), Diag::UsesExceptions) << Shown << "try";
    noteChain();
    return true;
  }
  bool VisitAsmStmt(AsmStmt *S) {
    Diags.report(S->getAsmLoc(), Diag::UsesInlineAsm) << Shown;
    noteChain();
    return true;
  }
  bool VisitCXXTypeidExpr(CXXTypeidExpr *E) {
    report(E, Diag::UsesRtti, "typeid");
    return true;
  }
  bool VisitCXXDynamicCastExpr(CXXDynamicCastExpr *E) {
    report(E, Diag::UsesRtti, "dynamic_cast");
    return true;
  }

private:
  struct Frame {
    const FunctionDecl *F;
    const Expr *CallSite;
  };

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
    // The header's own functions are trusted (and partly host-only).
    if (inNamespace(Callee, "offload"))
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
    UsesMath |= isMathFunction(Callee);
    if (!Callee->isDefined() && !Callee->getBuiltinID() && !Callee->isDeleted()) {
      report(Call, Diag::CallsUndefined, Callee);
      return;
    }
    visitFunction(Callee, Call);
  }

  /// A <math.h> function, as a builtin (sqrt) or its __builtin_ form.
  static bool isMathFunction(const FunctionDecl *F) {
    unsigned ID = F->getBuiltinID();
    if (!ID)
      return false;
    ASTContext &Ctx = F->getASTContext();
    auto FromMathH = [&](unsigned B) {
      const char *Header = Ctx.BuiltinInfo.getHeaderName(B);
      return Header && StringRef(Header) == "math.h";
    };
    if (FromMathH(ID))
      return true;
    std::string Name = Ctx.BuiltinInfo.getName(ID);
    StringRef Base(Name);
    if (!Base.consume_front("__builtin_"))
      return false;
    unsigned Plain = Ctx.Idents.get(Base).getBuiltinID();
    return Plain && FromMathH(Plain);
  }

  static bool isDevirtualized(const CXXMemberCallExpr *Call,
                              const CXXMethodDecl *Method) {
    if (Method->hasAttr<FinalAttr>() || Method->getParent()->hasAttr<FinalAttr>())
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
    if (inNamespace(Callee, "offload"))
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
    for (unsigned I = 0; I + Shift < Call->getNumArgs() &&
                         I < Callee->getNumParams();
         ++I) {
      QualType T = Callee->getParamDecl(I)->getType();
      if (T->isReferenceType() && !T->getPointeeType().isConstQualified())
        checkWrite(Call->getArg(I + Shift));
    }
  }

private:
  const NamedDecl *Shown; // how messages name the kernel
  Diagnostics &Diags;
  llvm::DenseSet<const FunctionDecl *> &Checked;
  bool &UsesMath;
  llvm::SmallVector<Frame, 8> Stack;
  llvm::DenseSet<const DeclRefExpr *> Written, Reported;
};

} // namespace

void KernelBodyChecker::check(const FunctionDecl *Kernel) {
  BodyVisitor(Kernel, Diags, Checked, UsesMath).visitFunction(Kernel, nullptr);
}

} // namespace offload::plugin
