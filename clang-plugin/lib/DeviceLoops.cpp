//===- DeviceLoops.cpp - Loops in device code -----------------------------===//

#include "DeviceLoops.h"

#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
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

bool isGpu(const Module &M) {
  const Triple &T = M.getTargetTriple();
  return T.isNVPTX() || T.isAMDGPU();
}

bool isEntry(const Function &F) {
  return F.getCallingConv() == CallingConv::PTX_Kernel ||
         F.getCallingConv() == CallingConv::AMDGPU_KERNEL;
}

// Arrays up to 256 doubles: beyond, registers would not hold them anyway.
constexpr uint64_t MaxPrivateArrayBytes = 2048;
constexpr unsigned MaxPrivateArrayTripCount = 64;
// What full unrolling may make of one loop, in LLVM instructions: a nest of
// 12 x 64 x 4 steps (24,000) took ptxas 13 s, one of 64 x 64 x 4 (131,000)
// more than five minutes. EDGE3D's outermost loop (20,400) should unroll:
// kept rolled, the kernel took 1.19 times as long on an H100.
constexpr std::uint64_t MaxUnrolledInstructions = 32768;

// L's size in instructions once it and the loops in it with a constant trip
// count are unrolled (as far as L's own trip count is known).
std::uint64_t unrolledSize(const Loop &L, const LoopInfo &LI,
                           ScalarEvolution &SE) {
  std::uint64_t Body = 0;
  for (const BasicBlock *B : L.blocks())
    if (LI.getLoopFor(B) == &L)
      Body += B->size();
  for (const Loop *Inner : L.getSubLoops())
    Body += unrolledSize(*Inner, LI, SE);
  return Body * std::max(1u, SE.getSmallConstantTripCount(&L));
}

// Whether L addresses a small stack array with an index that varies in L.
bool indexesPrivateArray(const Loop &L, const DataLayout &DL) {
  for (const BasicBlock *B : L.blocks())
    for (const Instruction &I : *B) {
      const auto *GEP = dyn_cast<GetElementPtrInst>(&I);
      if (!GEP || L.hasLoopInvariantOperands(GEP))
        continue;
      const auto *Array =
          dyn_cast<AllocaInst>(getUnderlyingObject(GEP->getPointerOperand()));
      if (!Array || !Array->isStaticAlloca())
        continue;
      std::optional<TypeSize> Size = Array->getAllocationSize(DL);
      if (Size && !Size->isScalable() &&
          Size->getFixedValue() <= MaxPrivateArrayBytes)
        return true;
    }
  return false;
}

} // namespace

PreservedAnalyses
GpuPrivateArrayUnrollPass::run(Loop &L, LoopAnalysisManager &,
                               LoopStandardAnalysisResults &AR, LPMUpdater &) {
  // Only in the entries, once the functions they call are inlined: unrolled
  // earlier, a callee would grow past the inliner's threshold and stay a
  // call, its arrays in local memory still.
  const Function &F = *L.getHeader()->getParent();
  if (!isEntry(F) || hasUnrollTransformation(&L) != TM_Unspecified)
    return PreservedAnalyses::all();
  const Module &M = *F.getParent();
  unsigned TripCount = AR.SE.getSmallConstantTripCount(&L);
  if (TripCount == 0 || TripCount > MaxPrivateArrayTripCount ||
      !indexesPrivateArray(L, M.getDataLayout()) ||
      unrolledSize(L, AR.LI, AR.SE) > MaxUnrolledInstructions)
    return PreservedAnalyses::all();
  addStringMetadataToLoop(&L, "llvm.loop.unroll.full");
  // Loop metadata invalidates no analysis.
  return PreservedAnalyses::all();
}

PreservedAnalyses GpuLoopUnrollPolicyPass::run(Function &F,
                                               FunctionAnalysisManager &FAM) {
  if (F.isDeclaration() || !isGpu(*F.getParent()))
    return PreservedAnalyses::all();
  for (Loop *L : FAM.getResult<LoopAnalysis>(F).getLoopsInPreorder())
    if (L->getLoopLatch() && !readsMemory(*L))
      addStringMetadataToLoop(L, "llvm.loop.unroll.runtime.disable");
  // Loop metadata invalidates no analysis.
  return PreservedAnalyses::all();
}

PreservedAnalyses ForwardProgressPass::run(Module &M, ModuleAnalysisManager &) {
  // A function clang left without `mustprogress` that has a loop. Others
  // (`__clang_call_terminate`) end or call on, and what they call is seen
  // on its own. This runs before the math libraries are linked: their
  // functions, not compiled as C++, have no `mustprogress` either.
  SmallVector<Function *> MayNotProgress;
  SmallVector<std::pair<const BasicBlock *, const BasicBlock *>> Backedges;
  for (Function &F : M) {
    if (F.isDeclaration() || F.mustProgress())
      continue;
    Backedges.clear();
    FindFunctionBackedges(F, Backedges);
    if (!Backedges.empty())
      MayNotProgress.push_back(&F);
  }
  if (MayNotProgress.empty()) // nearly every module: nothing to scan
    return PreservedAnalyses::all();

  // The entries call a GPU kernel through a pointer: an indirect call may
  // reach each function of its type whose address is taken.
  DenseMap<FunctionType *, SmallVector<Function *>> IndirectCallers;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallBase>(&I); Call && Call->isIndirectCall())
        IndirectCallers[Call->getFunctionType()].push_back(&F);

  bool Changed = false;
  auto Demote = [&](Function *Caller) {
    if (!Caller->mustProgress())
      return;
    Caller->removeFnAttr(Attribute::MustProgress);
    MayNotProgress.push_back(Caller);
    Changed = true;
  };
  DenseSet<FunctionType *> Escaped;
  while (!MayNotProgress.empty()) {
    Function *Callee = MayNotProgress.pop_back_val();
    for (Use &U : Callee->uses()) {
      auto *Call = dyn_cast<CallBase>(U.getUser());
      if (Call && Call->isCallee(&U))
        Demote(Call->getFunction());
      else if (Escaped.insert(Callee->getFunctionType()).second)
        for (Function *Caller :
             IndirectCallers.lookup(Callee->getFunctionType()))
          Demote(Caller);
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace offload::plugin
