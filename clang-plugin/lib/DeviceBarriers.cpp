//===- DeviceBarriers.cpp - Block barriers in GPU code --------------------===//

#include "DeviceBarriers.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;

namespace offload::plugin {
namespace {

// A barrier of the whole block: NVPTX's aligned barrier 0 (what
// __gpu_sync_threads() and __syncthreads() become) or AMDGPU's s_barrier.
bool isBlockBarrier(const Instruction &I) {
  const auto *Call = dyn_cast<IntrinsicInst>(&I);
  if (!Call)
    return false;
  switch (Call->getIntrinsicID()) {
  case Intrinsic::nvvm_barrier_cta_sync_aligned_all: {
    const auto *Id = dyn_cast<ConstantInt>(Call->getArgOperand(0));
    return Id && Id->isZero();
  }
  case Intrinsic::amdgcn_s_barrier:
    return true;
  default:
    return false;
  }
}

// AMDGPU's barrier comes with the workgroup fence that makes it order
// memory; the two together are one barrier.
bool isWorkgroupFence(const Instruction &I) {
  const auto *Fence = dyn_cast<FenceInst>(&I);
  return Fence && Fence->getSyncScopeID() != SyncScope::System &&
         Fence->getContext().getSyncScopeName(Fence->getSyncScopeID()) ==
             "workgroup";
}

// Whether I neither touches memory nor has other effects a barrier could
// order (arithmetic, debug records).
bool isInert(const Instruction &I) {
  return !I.mayReadOrWriteMemory() && !I.mayHaveSideEffects() &&
         !isa<PHINode>(I) && !I.isTerminator();
}

} // namespace

PreservedAnalyses GpuBarrierMergePass::run(Function &F,
                                           FunctionAnalysisManager &) {
  const Triple &T = F.getParent()->getTargetTriple();
  if (!T.isNVPTX() && !T.isAMDGPU())
    return PreservedAnalyses::all();
  SmallVector<Instruction *, 8> Redundant;
  for (BasicBlock &B : F) {
    // Set after a barrier (and its fence), until something that a barrier
    // orders comes.
    bool AfterBarrier = false;
    for (auto It = B.begin(); It != B.end(); ++It) {
      Instruction &I = *It;
      if (isBlockBarrier(I)) {
        // The barrier with its fence: the second of two in a row goes.
        const bool WithFence =
            std::next(It) != B.end() && isWorkgroupFence(*std::next(It));
        if (AfterBarrier) {
          Redundant.push_back(&I);
          if (WithFence)
            Redundant.push_back(&*std::next(It));
        }
        AfterBarrier = true;
        if (WithFence)
          ++It;
        continue;
      }
      if (!isInert(I))
        AfterBarrier = false;
    }
  }
  for (Instruction *I : Redundant)
    I->eraseFromParent();
  return Redundant.empty() ? PreservedAnalyses::all()
                           : PreservedAnalyses::none();
}

} // namespace offload::plugin
