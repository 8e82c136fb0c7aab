//===- runtime/Cuda.h - What liboffload cannot do on CUDA GPUs -----------===//
//
// The CUDA driver, loaded when first needed: context scheduling, a kernel's
// registers and occupancy, and waiting for vendor libraries' streams.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Backend.h"
#include "Images.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace offload::rt {

/// NVIDIA GPUs, from the CUDA driver.
std::vector<InstalledGpu> cudaGpus();
/// Activates each CUDA GPU's primary context with the scheduling that
/// OFFLOAD_CUDA_SYNC names, before the CUDA plugin would make it blocking.
void prepareCudaContexts();
/// The CUctx_flags of an OFFLOAD_CUDA_SYNC value, if it is one.
std::optional<unsigned> cudaSyncFlags(llvm::StringRef Mode);
/// The sm_XY of CUDA device Ordinal, or empty.
std::string cudaArch(int Ordinal);
/// Makes CUDA device Ordinal's primary context current on this thread.
llvm::Error cudaBindContext(int Ordinal);
/// Waits for all work in CUDA device Ordinal's primary context.
llvm::Error cudaSynchronizeContext(int Ordinal);
/// Registers, local bytes and resident threads of Symbol in Image on CUDA
/// device Ordinal.
KernelResources cudaKernelResources(int Ordinal, llvm::StringRef Image,
                                    const char *Symbol);

} // namespace offload::rt
