//===- LibraryModel.cpp - The library's own entities, recognized once -----===//

#include "LibraryModel.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"

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

/// Whether D carries the header's tag [[clang::annotate(Tag)]].
static bool tagged(const Decl *D, StringRef Tag) {
  for (const auto *A : D->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == Tag)
      return true;
  return false;
}

/// The declaration a template instantiation was made from (F itself
/// otherwise), which holds the header's tags as written.
static const FunctionDecl *pattern(const FunctionDecl *F) {
  const FunctionDecl *P = F->getTemplateInstantiationPattern();
  return P ? P : F;
}

Function functionOf(const FunctionDecl *F) {
  if (!F || !F->getIdentifier() || isa<CXXMethodDecl>(F) || !inOffload(F))
    return Function::None;
  if (tagged(pattern(F), "offload.library_call"))
    return Function::LibraryCall;
  return llvm::StringSwitch<Function>(F->getName())
      .Case("offload", Function::Offload)
      .Case("offload_args", Function::OffloadArgs)
      .Case("preload", Function::Preload)
      .Case("preload_mut", Function::PreloadMut)
      .Case("fill", Function::FillTiles)
      .Case("callClosure", Function::CallClosure)
      .Default(Function::None);
}

Function calleeOf(const CallExpr *Call) {
  return Call ? functionOf(Call->getDirectCallee()) : Function::None;
}

bool taggedReads(const FunctionDecl *F, unsigned I) {
  const FunctionDecl *P = pattern(F);
  return I < P->getNumParams() && tagged(P->getParamDecl(I), "offload.reads");
}

HandleMember handleMemberOf(const CXXMethodDecl *M) {
  if (!M || !M->getIdentifier() ||
      entityOf(M->getParent()) != Entity::Preloaded)
    return HandleMember::None;
  return llvm::StringSwitch<HandleMember>(M->getName())
      .Case("release", HandleMember::Release)
      .Case("discard", HandleMember::Discard)
      .Case("sync", HandleMember::Sync)
      .Default(HandleMember::None);
}

ContainerMember containerMemberOf(const CXXMethodDecl *M) {
  if (!M || !M->getIdentifier())
    return ContainerMember::None;
  return llvm::StringSwitch<ContainerMember>(M->getName())
      .Cases({"size", "empty", "capacity"}, ContainerMember::Size)
      .Cases({"at", "front", "back"}, ContainerMember::Element)
      .Cases({"subspan", "first", "last"}, ContainerMember::Subrange)
      .Default(ContainerMember::None);
}

bool isStdMove(const FunctionDecl *F) {
  return F && F->getIdentifier() && F->getName() == "move" && inStd(F);
}

static const ClassTemplateSpecializationDecl *specialization(QualType T) {
  return dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getCanonicalType()->getAsCXXRecordDecl());
}

Entity entityOf(QualType T) {
  return T.isNull() ? Entity::None
                    : entityOf(T.getCanonicalType()->getAsCXXRecordDecl());
}

Entity entityOf(const CXXRecordDecl *RD) {
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
        .Case("StridedSegments", Entity::Segments)
        .Case("Devices", Entity::Devices)
        .Case("Launch", Entity::Launch)
        .Case("Uninitialized", Entity::Uninitialized)
        .Default(Entity::None);
  if (inStd(RD))
    return llvm::StringSwitch<Entity>(RD->getName())
        .Case("span", Entity::Span)
        .Case("array", Entity::Array)
        .Case("vector", Entity::Vector)
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
