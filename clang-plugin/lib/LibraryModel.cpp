//===- LibraryModel.cpp - The library's own entities, recognized once -----===//

#include "LibraryModel.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace offload::plugin {

bool inStd(const Decl *D) {
  const auto *NS = dyn_cast<NamespaceDecl>(
      D->getDeclContext()->getEnclosingNamespaceContext());
  return NS && (NS->isStdNamespace() || NS->isInStdNamespace());
}

bool inOffload(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC);
        NS && NS->getName() == "offload" &&
        NS->getParent()->getRedeclContext()->isTranslationUnit())
      return true;
  return false;
}

bool isOffloadFunction(const FunctionDecl *F) {
  return F && F->getIdentifier() && F->getName() == "offload" && inOffload(F);
}

static const ClassTemplateSpecializationDecl *specialization(QualType T) {
  return dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getCanonicalType()->getAsCXXRecordDecl());
}

Entity entityOf(QualType T) {
  const ClassTemplateSpecializationDecl *RD = specialization(T);
  if (!RD || !RD->getIdentifier())
    return Entity::None;
  if (inOffload(RD))
    return llvm::StringSwitch<Entity>(RD->getName())
        .Case("Region", Entity::Region)
        .Case("Range", Entity::Range)
        .Case("Reduce", Entity::Reduce)
        .Case("Atomic", Entity::Atomic)
        .Case("Tile", Entity::Tile)
        .Case("Tile2D", Entity::Tile2D)
        .Case("Preloaded", Entity::Preloaded)
        .Case("Indexed", Entity::Indexed)
        .Case("Segments", Entity::Segments)
        .Default(Entity::None);
  if (inStd(RD))
    return llvm::StringSwitch<Entity>(RD->getName())
        .Case("span", Entity::Span)
        .Case("array", Entity::Array)
        .Default(Entity::None);
  return Entity::None;
}

QualType typeArgument(QualType T, unsigned I) {
  const ClassTemplateSpecializationDecl *RD = specialization(T);
  if (!RD || I >= RD->getTemplateArgs().size() ||
      RD->getTemplateArgs()[I].getKind() != TemplateArgument::Type)
    return QualType();
  return RD->getTemplateArgs()[I].getAsType();
}

QualType firstTypeArgument(QualType T) { return typeArgument(T, 0); }

} // namespace offload::plugin
