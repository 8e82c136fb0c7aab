//===- KernelChecks.h - What a kernel may do on a device ------------------===//
//
// The safety checks the C++ type system cannot make: kernel parameters that
// would share mutable data between threads (raw pointers, mutable references
// and spans), what a kernel's body may do (write globals, call functions the
// device pass cannot compile, virtual calls, allocation, exceptions, RTTI,
// recursion), and arguments that alias a mutable one.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Diagnostics.h"
#include "Options.h"

#include "llvm/ADT/ArrayRef.h"

#include <memory>
#include <string>
#include <vector>

// The argument layout the header and the plugin share.
#include <offload/detail/params.hpp>

namespace clang {
class ASTContext;
class CallExpr;
class CXXRecordDecl;
class Expr;
class FunctionDecl;
class ParmVarDecl;
class QualType;
class Sema;
class SourceLocation;
} // namespace clang

namespace offload::plugin {

/// One parameter's layout, and a kernel's, as the header's
/// offload::detail::Signature gives them.
struct ParamLayout {
  offload::detail::ParamKind Kind;
  offload::detail::MapKind Map;
  unsigned Slots;
};
struct KernelLayout {
  unsigned NumSlots = 0;
  unsigned Dims = 0; // of the launch its Regions and Ranges ask for
  std::vector<ParamLayout> Params;
};

/// Checks that K can be a kernel: a void, non-variadic function that is
/// not a non-static member, defined here, nameable from namespace scope.
bool checkKernelDecl(const clang::FunctionDecl *K, clang::SourceLocation Loc,
                     Diagnostics &Diags);

/// A lambda or function object E of class RD travels to the device by
/// value: its captures or fields must be values, not references or
/// addresses of host memory, and it must be small.
bool checkClosureState(const clang::Expr *E, const clang::CXXRecordDecl *RD,
                       clang::ASTContext &Ctx, Diagnostics &Diags);

/// Checks the arguments of Call (from FirstArg) against kernel K's
/// parameters: count, supported types, conversions, aliasing of mutable
/// data, and that the launch has a geometry.
bool checkArguments(const clang::CallExpr *Call, unsigned FirstArg,
                    const clang::FunctionDecl *K, const KernelLayout &Layout,
                    bool ExplicitLaunch, clang::Sema &S, Diagnostics &Diags);

/// Whether parameter type T is one that no kernel may take: a raw pointer,
/// a mutable std::span, or a mutable reference to anything but the
/// library's own types.
bool isForbiddenParamType(clang::QualType T);

/// Reports why parameter P's type cannot be a kernel parameter, with the
/// most specific message (and a fix-it where one is obvious).
void reportUnsupportedParam(const clang::ParmVarDecl *P, clang::ASTContext &Ctx,
                            Diagnostics &Diags);

/// Reports every argument of Call that names the same object as an earlier
/// one when either is bound to a mutable parameter (IsMutable[i]). Returns
/// whether there was none.
bool checkAliasing(const clang::CallExpr *Call, unsigned FirstArg,
                   const clang::FunctionDecl *Kernel,
                   llvm::ArrayRef<bool> IsMutable, Diagnostics &Diags);

/// Checks the body of Kernel and of every function it reaches. Each function
/// is checked once per translation unit. Targets decide what their code
/// generators cannot compile.
class KernelBodyChecker {
public:
  KernelBodyChecker(clang::ASTContext &Ctx, Diagnostics &Diags,
                    llvm::ArrayRef<Target> Targets);
  ~KernelBodyChecker();
  void check(const clang::FunctionDecl *Kernel);
  /// The constant data with static storage that the checked kernels read,
  /// by mangled name: the images need copies of them.
  std::vector<std::string> constantGlobals() const;

private:
  std::unique_ptr<struct CheckState> State;
};

} // namespace offload::plugin
