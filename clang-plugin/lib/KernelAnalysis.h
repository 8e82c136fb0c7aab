//===- KernelAnalysis.h - Finding and checking offload() calls ------------===//
//
// Walks the translation unit (template instantiations included) for calls
// of offload::offload, resolves each kernel, checks the arguments against the
// kernel's parameters, and records every kernel instantiation with the
// argument layout that offload/detail/params.hpp gives its parameters.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Diagnostics.h"
#include "Metadata.h"
#include "Options.h"

namespace clang {
class ASTContext;
class Sema;
} // namespace clang

namespace offload::plugin {

/// Analyses the whole translation unit. Problems are reported through Diags;
/// the returned metadata holds the kernels of the calls that were valid.
Metadata analyzeTranslationUnit(clang::ASTContext &Ctx, clang::Sema &S,
                                Diagnostics &Diags,
                                llvm::ArrayRef<Target> Targets);

} // namespace offload::plugin
