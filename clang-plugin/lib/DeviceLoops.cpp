//===- DeviceLoops.cpp - Which GPU loops LLVM may unroll at run time ------===//

#include "DeviceLoops.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

namespace offload::plugin {
namespace {

bool readsMemory(const Loop &L) {
  for (const BasicBlock *B : L.blocks())
    for (const Instruction &I : *B)
      if (I.mayReadFromMemory())
        return true;
  return false;
}

} // namespace

PreservedAnalyses GpuLoopUnrollPolicyPass::run(Function &F,
                                               FunctionAnalysisManager &FAM) {
  const Triple &T = F.getParent()->getTargetTriple();
  if (F.isDeclaration() || !(T.isNVPTX() || T.isAMDGPU()))
    return PreservedAnalyses::all();
  for (Loop *L : FAM.getResult<LoopAnalysis>(F).getLoopsInPreorder())
    if (L->getLoopLatch() && !readsMemory(*L))
      addStringMetadataToLoop(L, "llvm.loop.unroll.runtime.disable");
  // Loop metadata invalidates no analysis.
  return PreservedAnalyses::all();
}

} // namespace offload::plugin
