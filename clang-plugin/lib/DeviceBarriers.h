//===- DeviceBarriers.h - Block barriers in GPU code ----------------------===//
//
// Each Tile phase (fill(), sync(), a scan) is a barrier before and after its
// work, so a kernel filling one tile from another after the other has two
// barriers back to back at every step: the diffusion kernels of RAJAPerf's
// finite-element apps ran twelve where a hand-written kernel has six. With
// no memory access between them the second orders nothing the first did
// not; the pass deletes it. Only aligned block barriers (every thread of the
// block reaches them, as the Tile rules require) are merged.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

namespace offload::plugin {

class GpuBarrierMergePass : public llvm::PassInfoMixin<GpuBarrierMergePass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

} // namespace offload::plugin
