//===- DeviceLibraries.h - Linking the GPU math libraries -----------------===//
//
// <cmath> in a GPU device compile calls the vendor's math library: CUDA's
// libdevice (__nv_sin) on NVIDIA GPUs, ROCm's device libraries (__ocml_sin_f64,
// __ockl_*) on AMD GPUs. DeviceLibrariesPass runs at the start of each device
// compile's LLVM pipeline and links the library in only when the module
// declares a function of it that its code uses, and then only the functions
// it needs, as clang's -mlink-builtin-bitcode would have.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

namespace llvm {
class Module;
} // namespace llvm

namespace offload::plugin {

/// Device compiles: links CUDA's libdevice into an nvptx64 module that calls
/// __nv_* functions, and ROCm's ocml/ockl with the oclc control libraries
/// for its architecture and floating-point settings into an amdgcn module
/// that calls __ocml_*/__ockl_* functions, and, into either, the few C
/// library functions that the C++ library calls on a kernel's behalf
/// (strlen, memchr, memcmp, strcmp, strncmp, abs, labs, llabs), which GPUs
/// have no library for. The linked functions are
/// internalized and get the attributes clang gives its own definitions in
/// this compile (target CPU and features, denormal modes, fast-math and
/// frame settings). A library that is needed but not installed is an error
/// that says how to install it. With -Rbackend-plugin, a remark names what
/// was linked.
class DeviceLibrariesPass : public llvm::PassInfoMixin<DeviceLibrariesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  // Without the library the module cannot be compiled, even at -O0.
  static bool isRequired() { return true; }
};

} // namespace offload::plugin
