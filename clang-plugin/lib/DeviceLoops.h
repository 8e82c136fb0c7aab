//===- DeviceLoops.h - Loops in device code -------------------------------===//
//
// Runtime unrolling pays on a GPU when it puts several loads of a thread in
// flight at once (a grid-stride loop over arrays); a loop that reads no
// memory (a reduction of a formula over its index) gains nothing from it
// but the registers of four bodies scheduled side by side, which cost
// resident blocks. The pass keeps such loops rolled in GPU code; loops with
// a constant trip count are unrolled fully as before.
//
// A small array local to a thread (a matrix accumulated entry by entry, a
// basis of a few values) lives in registers only once SROA sees constant
// indices, that is once the loops indexing it are unrolled fully; LLVM's size
// threshold leaves longer bodies rolled and the array in local memory (an
// element matrix of 12 x 12 doubles: 1.7 KB of stack per thread). The
// private-array pass marks such loops of a GPU entry (after inlining, trip
// count constant, unrolled size bounded) for full unrolling, as AMDGPU's
// cost model does by raising its threshold for them.
//
// A trivial infinite loop (`while (true) {}`) is not undefined in C++ (P2809):
// clang leaves the function holding it without `mustprogress`, but its
// callers keep theirs, and LLVM may then assume a call from them returns and
// delete it. The entries call every kernel through such wrappers; the
// forward-progress pass takes `mustprogress` from each function that calls
// one without it (directly, or through a pointer of its type once its address
// is taken), so such a kernel hangs on the device as it does on the host.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"

namespace offload::plugin {

class GpuLoopUnrollPolicyPass
    : public llvm::PassInfoMixin<GpuLoopUnrollPolicyPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

class GpuPrivateArrayUnrollPass
    : public llvm::PassInfoMixin<GpuPrivateArrayUnrollPass> {
public:
  llvm::PreservedAnalyses run(llvm::Loop &L, llvm::LoopAnalysisManager &,
                              llvm::LoopStandardAnalysisResults &AR,
                              llvm::LPMUpdater &);
};

class ForwardProgressPass : public llvm::PassInfoMixin<ForwardProgressPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace offload::plugin
