//===- PreloadCheck.h - Host access to preloaded data ---------------------===//
//
// While `auto G = offload::preload_mut(y)` lives, the host copy of y is
// stale; while `offload::preload(x)` lives, kernels do not see host writes
// to x. The check warns about such host accesses in the handle's scope (not
// about passing the data to offload() or offload_args(), which is the
// point), until the handle is released or moved away; reads after
// G.sync() are fine until the next offload. The warning is in clang's
// -Wopenmp-mapping group, so -Werror=openmp-mapping makes it an error.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Diagnostics.h"

namespace clang {
class ASTContext;
}

namespace offload::plugin {

void checkPreloads(clang::ASTContext &Ctx, Diagnostics &Diags);

} // namespace offload::plugin
