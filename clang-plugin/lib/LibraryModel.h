//===- LibraryModel.h - The library's own entities, recognized once -------===//
//
// Which declarations are cxx-offload's own types (offload::Region, ...) and
// which standard ones the plugin treats specially (std::span, std::array):
// one place that knows their names, so that passes ask "is this a Region"
// instead of comparing strings.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/Type.h"

namespace clang {
class Decl;
class FunctionDecl;
} // namespace clang

namespace offload::plugin {

enum class Entity {
  None,
  // offload::
  Region,
  Range,
  Reduce,
  Atomic,
  Tile,
  Tile2D,
  Preloaded,
  Indexed,
  Segments,
  // std::
  Span,
  Array,
};

/// Whether D is declared in namespace std (or one nested in it).
bool inStd(const clang::Decl *D);
/// Whether D is declared in namespace ::offload (or one nested in it).
bool inOffload(const clang::Decl *D);

/// Whether F is offload::offload, the call the plugin lowers.
bool isOffloadFunction(const clang::FunctionDecl *F);

/// The entity a class type (a specialization of one of the templates
/// above) is, or None.
Entity entityOf(clang::QualType T);

/// The first template argument of a specialization, as a type (a span's or
/// Region's element type).
clang::QualType firstTypeArgument(clang::QualType T);
/// Template argument I of a specialization as a type, or a null type.
clang::QualType typeArgument(clang::QualType T, unsigned I);

} // namespace offload::plugin
