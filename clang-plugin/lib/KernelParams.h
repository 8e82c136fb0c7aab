//===- KernelParams.h - What each kernel parameter is and holds -----------===//
//
// The argument layout of a kernel as the header gives it
// (offload::detail::Signature<F>::Nodes): each parameter, and each member of
// a struct of views, with its kind, map and slots, paired here with its
// declaration and its path ("d", "d.in.a", "d.xs[1]"). And the check that
// nothing a kernel receives holds a host address the device cannot use:
// parameter types, members at any depth, element types and strategies.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Diagnostics.h"

#include "clang/AST/Type.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>
#include <vector>

// The argument layout the header and the plugin share.
#include <offload/detail/abi.hpp>

namespace clang {
class ASTContext;
class FunctionDecl;
class NamedDecl;
class ParmVarDecl;
} // namespace clang

namespace offload::plugin {

/// One parameter, or one member of a struct-of-views parameter.
struct ParamLayout {
  offload::detail::ParamKind Kind = offload::detail::ParamKind::Unsupported;
  offload::detail::MapKind Map = offload::detail::MapKind::None;
  unsigned Slots = 0;
  std::string Path;                          // "d", "d.in.a", "d.xs[1]"
  clang::QualType Type;                      // as declared
  const clang::NamedDecl *Decl = nullptr;    // parameter or field; null for an
                                             // element of a std::array
  const clang::ParmVarDecl *Param = nullptr; // the parameter it is part of
  std::vector<ParamLayout> Members;          // of a struct of views

  bool isStruct() const { return Kind == offload::detail::ParamKind::Struct; }
  /// Whether the kernel may write what it maps.
  bool isMutable() const;
  /// This node if it is not a struct of views, else each leaf below it.
  void forEachLeaf(llvm::function_ref<void(const ParamLayout &)> Each) const;
};

struct KernelLayout {
  unsigned NumSlots = 0;
  unsigned Dims = 0; // of the launch its Regions and Ranges ask for
  std::vector<ParamLayout> Params;
  bool ClosureObject = false; // Params[0] is a closure's object

  /// Whether the kernel's threads work as a block: team memory, or a
  /// reduction combined across the block.
  bool sharesBlock() const;
};

/// Pairs the header's nodes (each parameter, followed by the members of a
/// struct of views, in pre-order) with the parameters as declared (for a
/// closure: the object, then its call operator's parameters). Null, with
/// Why set, if they do not match.
std::optional<KernelLayout>
buildLayout(llvm::ArrayRef<const clang::ParmVarDecl *> Declared,
            llvm::ArrayRef<offload::detail::ParamInfo> Nodes, unsigned NumSlots,
            unsigned Dims, clang::ASTContext &Ctx, std::string &Why);

/// A layout node for P alone, of kind Kind (no members).
ParamLayout paramNode(const clang::ParmVarDecl *P,
                      offload::detail::ParamKind Kind);

/// Checks that parameter type T is one that no kernel may take: a raw
/// pointer, a mutable std::span, or a mutable reference to anything but the
/// library's own types.
bool isForbiddenParamType(clang::QualType T);

/// Reports parameter Param of kernel K, or a member of it (a struct of
/// views), whose type the device cannot use: unsupported types, and
/// anything that holds a host address (pointers, references, spans and
/// containers, in members at any depth, in the elements of views and in
/// strategies). Returns whether there was none.
bool checkParamType(const clang::FunctionDecl *K, const ParamLayout &Param,
                    clang::ASTContext &Ctx, Diagnostics &Diags);

/// Whether values of type T hold an address: pointers, references, and
/// classes or arrays containing them (std::span, offload::Region, ...).
bool holdsAddress(clang::QualType T);

} // namespace offload::plugin
