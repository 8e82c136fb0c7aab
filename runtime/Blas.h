//===- runtime/Blas.h - Finding the vendor BLAS ---------------------------===//
#pragma once

#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace offload::rt {

/// Finds and loads cuBLAS (see docs/env.md, OFFLOAD_CUBLAS): its handle and
/// path, or an error that lists where it looked.
llvm::Expected<std::pair<void *, std::string>> loadCublas();
/// Where loadCublas looks after the loader's search path: the CUDA
/// installation (OFFLOAD_CUDA_PATH), then Python environments' nvidia/cublas
/// wheels (VIRTUAL_ENV, CONDA_PREFIX, the python3 directories on PATH,
/// ~/.local, common prefixes). Patterns for glob().
std::vector<std::string> cublasSearchPatterns();

} // namespace offload::rt
