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

#include "llvm/ADT/DenseSet.h"

namespace clang {
class ASTContext;
class CallExpr;
class FunctionDecl;
class ParmVarDecl;
} // namespace clang

namespace offload::plugin {

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
/// is checked once per translation unit.
class KernelBodyChecker {
public:
  explicit KernelBodyChecker(Diagnostics &Diags) : Diags(Diags) {}
  void check(const clang::FunctionDecl *Kernel);
  /// Whether a checked kernel reaches a function of <math.h>, which GPU
  /// device code takes from the vendor's math library (libdevice).
  bool usesMath() const { return UsesMath; }

private:
  Diagnostics &Diags;
  llvm::DenseSet<const clang::FunctionDecl *> Checked;
  bool UsesMath = false;
};

} // namespace offload::plugin
