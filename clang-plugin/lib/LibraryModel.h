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
class CallExpr;
class CXXMethodDecl;
class CXXRecordDecl;
class Decl;
class FunctionDecl;
class VarDecl;
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
  Segments, // and StridedSegments: the same offsets list, read the same way
  Devices,
  Launch,
  Uninitialized,
  // std::
  Span,
  Array,
  Vector,
};

/// Whether D is declared in namespace std (or one nested in it).
bool inStd(const clang::Decl *D);
/// Whether D is declared in namespace ::offload (or one nested in it).
bool inOffload(const clang::Decl *D);

/// The library's functions the passes treat specially.
enum class Function {
  None,
  Offload,     // offload::offload, the call the plugin lowers
  OffloadArgs, // offload::offload_args
  Preload,     // offload::preload
  PreloadMut,  // offload::preload_mut
  FillTiles,   // offload::fill(tile, value, ...)
  CallClosure, // offload::detail::callClosure, which runs a kernel
  LibraryCall, // tagged OFFLOAD_LIBRARY_CALL: runs kernels on its arguments
};
/// Which of them F is (None for a null F).
Function functionOf(const clang::FunctionDecl *F);
/// The same for a call's direct callee.
Function calleeOf(const clang::CallExpr *Call);

/// Whether F is offload::offload, the call the plugin lowers.
inline bool isOffloadFunction(const clang::FunctionDecl *F) {
  return functionOf(F) == Function::Offload;
}

/// Whether parameter I of a library call (Function::LibraryCall) is tagged
/// OFFLOAD_READS: its kernels only read that argument's data.
bool taggedReads(const clang::FunctionDecl *F, unsigned I);

/// The members of a preload handle (Preloaded) that end or sync its
/// preload.
enum class HandleMember { None, Release, Discard, Sync };
HandleMember handleMemberOf(const clang::CXXMethodDecl *M);

/// Members that the standard containers and spans share (and the library's
/// handles with them), by what they do to the data: the passes ask these of
/// whatever container they follow.
enum class ContainerMember {
  None,
  Size,     // size(), empty(), capacity(): the host's own, never stale
  Element,  // at(), front(), back(): one element
  Subrange, // a span's subspan(), first(), last()
};
ContainerMember containerMemberOf(const clang::CXXMethodDecl *M);

/// Whether F is std::move.
bool isStdMove(const clang::FunctionDecl *F);

/// The entity a class type (a specialization of one of the templates
/// above, or one of the library's plain classes) is, or None.
Entity entityOf(clang::QualType T);
Entity entityOf(const clang::CXXRecordDecl *RD);
inline bool isEntity(clang::QualType T, Entity E) { return entityOf(T) == E; }

/// The first template argument of a specialization, as a type (a span's or
/// Region's element type).
clang::QualType firstTypeArgument(clang::QualType T);
/// Template argument I of a specialization as a type, or a null type.
clang::QualType typeArgument(clang::QualType T, unsigned I);

} // namespace offload::plugin
