//===- DeviceLoops.h - Which GPU loops LLVM may unroll at run time --------===//
//
// Runtime unrolling pays on a GPU when it puts several loads of a thread in
// flight at once (a grid-stride loop over arrays); a loop that reads no
// memory (a reduction of a formula over its index) gains nothing from it
// but the registers of four bodies scheduled side by side, which cost
// resident blocks. The pass keeps such loops rolled in GPU code; loops with
// a constant trip count are unrolled fully as before.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

namespace offload::plugin {

class GpuLoopUnrollPolicyPass
    : public llvm::PassInfoMixin<GpuLoopUnrollPolicyPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace offload::plugin
