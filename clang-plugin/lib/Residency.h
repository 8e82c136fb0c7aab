//===- Residency.h - Keeping data on the device across offload() calls ----===//
//
// A loop whose offload() calls pass local std::vector variables that no
// other code in the loop touches, and whose addresses never leave the
// function, gets one preload handle per container around it: the data is
// copied in once before the loop and (if a kernel may write it) back once
// when the loop is left, however it is left. The host cannot tell the
// difference: inside the loop only the kernels see the data. Runs on each
// function definition before code generation sees it (docs/design.md,
// "Automatic residency").
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Diagnostics.h"

namespace clang {
class FunctionDecl;
class Sema;
} // namespace clang

namespace offload::plugin {

/// Which -Rpass/-Rpass-missed=offload-residency remarks to emit.
struct ResidencyRemarks {
  bool Kept = false;   // -Rpass: which data stays resident, across which loop
  bool Missed = false; // -Rpass-missed: why data could not
};

/// Wraps the eligible loops of FD's body in preload handles.
void keepDataResident(clang::FunctionDecl &FD, clang::Sema &S,
                      Diagnostics &Diags, ResidencyRemarks Remarks);

} // namespace offload::plugin
