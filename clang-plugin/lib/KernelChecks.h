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
#include "KernelParams.h"
#include "Options.h"

#include "llvm/ADT/ArrayRef.h"

#include <memory>
#include <string>
#include <vector>

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
/// parameters: count, supported types (checkParamType), conversions,
/// aliasing of mutable data (members of structs of views included), and
/// that the launch has a geometry.
bool checkArguments(const clang::CallExpr *Call, unsigned FirstArg,
                    const clang::FunctionDecl *K, const KernelLayout &Layout,
                    bool ExplicitLaunch, clang::Sema &S, Diagnostics &Diags);

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
