//===- TeamLockstep.h - A block's threads as loops between barriers -------===//
//
// On the host device a kernel with team memory runs a block's threads so
// that none passes a barrier before all have reached it. Fibers do that at
// run time, with two stack switches per thread and barrier; this pass does
// it at compile time, as CPU backends of SYCL and OpenCL do: in a host
// image, the code of a block's thread function between two barriers becomes
// a loop over the block's threads, and the values a thread keeps across a
// barrier live in its slots of a frame. A barrier reached under a condition
// that differs between threads (undefined on a GPU) stops the program, as
// it does on fibers.
//
// It turns the thread functions that offload/detail/params.hpp hands to the
// scheduler (the team run_block call of abi.hpp), after inlining; one it
// cannot turn (a barrier behind a call it cannot inline, a call through a
// pointer, a variable-sized local, exceptions) stays on fibers, and
// -Rpass-missed=offload-team says why. -Rpass=offload-team names those it
// turned.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

namespace offload::plugin {

class TeamLockstepPass : public llvm::PassInfoMixin<TeamLockstepPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace offload::plugin
