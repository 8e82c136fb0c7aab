//===- LaunchShape.cpp - A call's Launch at compile time ------------------===//

#include "LaunchShape.h"
#include "LibraryModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace offload::plugin {

const Expr *launchArgument(const CallExpr *Call, unsigned FirstArg) {
  for (unsigned I = 0; I < FirstArg && I < Call->getNumArgs(); ++I)
    if (isEntity(Call->getArg(I)->getType().getNonReferenceType(),
                 Entity::Launch))
      return Call->getArg(I);
  return nullptr;
}

/// The initializer list that E spells, through the conversions and
/// temporaries around an argument, or null.
static const InitListExpr *writtenList(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
      E = F->getSubExpr();
    else if (const auto *C = dyn_cast<CompoundLiteralExpr>(E))
      E = C->getInitializer();
    else if (const auto *C = dyn_cast<CXXConstructExpr>(E);
             C && C->getNumArgs() == 1)
      E = C->getArg(0);
    else
      break;
  }
  return dyn_cast_or_null<InitListExpr>(E);
}

LaunchFields launchFields(const Expr *Launch) {
  LaunchFields Set;
  const InitListExpr *List = writtenList(Launch);
  if (!List)
    return Set;
  auto Written = [&](unsigned I) {
    return I < List->getNumInits() &&
           !isa<ImplicitValueInitExpr, CXXDefaultInitExpr>(
               List->getInit(I)->IgnoreImplicit());
  };
  Set.Threads = Written(0);
  Set.Block = Written(1);
  Set.Shape = Written(2);
  return Set;
}

std::optional<BlockShape> constantBlock(const Expr *Launch, unsigned Dims,
                                        const ASTContext &Ctx) {
  if (!Launch)
    return detail::blockShapeOf(Dims, offload::Launch{});
  // Launch's fields in order: threads, block, block_shape{x, y, z}. A list
  // written in the call may compute .threads at run time and still state
  // its block; anything else must be a constant as a whole.
  auto Field = [&](const APValue &Of, unsigned I) -> std::optional<APValue> {
    if (!Of.isStruct() || I >= Of.getStructNumFields())
      return std::nullopt;
    return Of.getStructField(I);
  };
  std::optional<APValue> Block, Shape;
  if (const InitListExpr *List = writtenList(Launch)) {
    auto Init = [&](unsigned I) -> std::optional<APValue> {
      Expr::EvalResult R;
      if (I >= List->getNumInits())
        return APValue(); // value-initialized: zeros
      if (!List->getInit(I)->EvaluateAsRValue(R, Ctx) || R.HasSideEffects)
        return std::nullopt;
      return R.Val;
    };
    Block = Init(1);
    Shape = Init(2);
  } else {
    Expr::EvalResult R;
    if (!Launch->EvaluateAsRValue(R, Ctx) || R.HasSideEffects)
      return std::nullopt;
    Block = Field(R.Val, 1);
    Shape = Field(R.Val, 2);
  }
  if (!Block || !Shape)
    return std::nullopt;
  // An absent initializer is zero, as is an unset member of the shape.
  auto Unsigned =
      [](const std::optional<APValue> &V) -> std::optional<unsigned> {
    if (!V || !(V->isAbsent() || V->isInt()))
      return std::nullopt;
    return V->isAbsent() ? 0u : unsigned(V->getInt().getZExtValue());
  };
  offload::Launch L;
  std::optional<unsigned> B = Unsigned(Block);
  if (!B)
    return std::nullopt;
  L.block = *B;
  if (!Shape->isAbsent()) {
    std::optional<unsigned> X = Unsigned(Field(*Shape, 0)),
                            Y = Unsigned(Field(*Shape, 1)),
                            Z = Unsigned(Field(*Shape, 2));
    if (!X || !Y || !Z)
      return std::nullopt;
    L.block_shape = {*X, *Y, *Z};
  }
  return detail::blockShapeOf(Dims, L);
}

bool definedInOneImage(const FunctionDecl *K) {
  if (!K->isExternallyVisible())
    return true;
  return !K->isInlined() &&
         K->getTemplateSpecializationKind() == TSK_Undeclared &&
         !K->getDescribedFunctionTemplate();
}

} // namespace offload::plugin
