//===- LaunchShape.h - What an offload() call's Launch says when compiled -===//
//
// An offload::Launch argument written as an initializer list names the
// fields it sets; one whose block fields are constants fixes the block the
// call launches with. A kernel whose threads work as a block (team memory,
// reductions) and all of whose calls launch the same constant block gets
// that block as a compile-time fact in its device image
// (offload::detail::deviceEntry): per-thread shares of a tile, strides over
// the block and block-wide reductions fold into constants.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/launch.hpp>

#include <optional>

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
class FunctionDecl;
} // namespace clang

namespace offload::plugin {

/// Fields of offload::Launch: threads, block, block_shape.
struct LaunchFields {
  bool Threads = false, Block = false, Shape = false;
};

/// The offload::Launch argument of Call, before its FirstArg-th argument
/// (the kernel's first), or null.
const clang::Expr *launchArgument(const clang::CallExpr *Call,
                                  unsigned FirstArg);

/// The fields Launch sets explicitly, when it is an initializer list written
/// in the call (none for any other expression).
LaunchFields launchFields(const clang::Expr *Launch);

/// The block a call launches kernels of Dims dimensions with, when its
/// Launch argument (null: none) leaves it no choice at run time.
std::optional<BlockShape> constantBlock(const clang::Expr *Launch,
                                        unsigned Dims,
                                        const clang::ASTContext &Ctx);

/// Whether K's device code exists in this translation unit's images only:
/// an inline function or a template's instantiation can be in another's
/// too, whose calls may launch it with another block, and the runtime runs
/// the first image registered.
bool definedInOneImage(const clang::FunctionDecl *K);

} // namespace offload::plugin
