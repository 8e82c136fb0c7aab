//===- HostLowering.h - Embedding and registering the device images ------===//
//
// An LLVM module pass added to the host compile's pipeline: it embeds the
// device images in the object file and adds a constructor that registers
// them, with one offload entry per kernel, through the runtime's
// __cxxoffload_register. The offload() calls themselves were lowered by
// <offload/offload.hpp> to offload::detail::rt::launch with their map types.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "DevicePass.h"
#include "Metadata.h"

#include "llvm/IR/PassManager.h"

#include <functional>
#include <memory>

namespace offload::plugin {

/// Filled by the AST consumer, read by the pass: the consumer runs first.
/// The device compiles may still be running when the consumer is done:
/// Complete waits for them and fills Images (false after reporting why it
/// could not), so that they overlap the host's optimization.
struct LoweringState {
  Metadata Kernels;
  std::vector<DeviceImage> Images;
  std::function<bool()> Complete;
  bool DumpHostIR = false;
};

class HostLoweringPass : public llvm::PassInfoMixin<HostLoweringPass> {
public:
  explicit HostLoweringPass(std::shared_ptr<LoweringState> State)
      : State(std::move(State)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);

private:
  std::shared_ptr<LoweringState> State;
};

} // namespace offload::plugin
