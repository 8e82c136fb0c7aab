//===- Residency.h - Keeping data on the device across offload() calls ----===//
//
// A loop whose offload() calls pass std::vector variables or parameters
// that no other code in the loop can reach gets one preload handle per
// container around it: the data is
// copied in once before the loop and (if a kernel may write it) back once
// when the loop is left, however it is left. The host cannot tell the
// difference: inside the loop only the kernels see the data. Runs on each
// function definition before code generation sees it (docs/design.md,
// "Automatic residency").
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Diagnostics.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang {
class FunctionDecl;
class FunctionTemplateDecl;
class Sema;
} // namespace clang

namespace offload::plugin {

/// Which -Rpass/-Rpass-missed=offload-residency remarks to emit.
struct ResidencyRemarks {
  bool Kept = false;   // -Rpass: which data stays resident, across which loop
  bool Missed = false; // -Rpass-missed: why data could not
};

/// What the analysis keeps between functions: the functions done (a
/// lambda's call operator is reached through its enclosing function, and an
/// instantiation may also arrive on its own) and the generic lambdas seen,
/// whose call operators are instantiated later.
struct ResidencyState {
  llvm::SmallPtrSet<const clang::FunctionDecl *, 32> Done;
  llvm::SmallSetVector<clang::FunctionTemplateDecl *, 8> GenericLambdas;
};

/// Wraps the eligible loops of FD's body, and of the lambdas in it, in
/// preload handles.
void keepDataResident(clang::FunctionDecl &FD, clang::Sema &S,
                      Diagnostics &Diags, ResidencyRemarks Remarks,
                      ResidencyState &State);

/// The same for the call operators of generic lambdas instantiated since
/// the last call (clang gives them to no consumer on their own): run before
/// code generation sees each top-level declaration and the end of the
/// translation unit.
void keepDataResidentInLambdas(clang::Sema &S, Diagnostics &Diags,
                               ResidencyRemarks Remarks, ResidencyState &State);

} // namespace offload::plugin
