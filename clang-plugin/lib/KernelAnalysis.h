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
class CXXRecordDecl;
class Sema;
} // namespace clang

namespace offload::plugin {

/// Analyses the whole translation unit. Problems are reported through Diags;
/// the returned metadata holds the kernels of the calls that were valid.
Metadata analyzeTranslationUnit(clang::ASTContext &Ctx, clang::Sema &S,
                                Diagnostics &Diags,
                                llvm::ArrayRef<Target> Targets);

/// A hash of the source text of closure C's call operator, where it is
/// spelled. Both passes find a closure's entry by how its type is spelled
/// ("lambda at f.cpp:3:5"); macros or #if that differ between the passes,
/// with #line, can give that spelling to other code in the device pass,
/// which the device compile catches by this hash.
std::string closureBodyHash(const clang::CXXRecordDecl *C,
                            const clang::ASTContext &Ctx);

} // namespace offload::plugin
