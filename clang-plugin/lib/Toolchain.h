//===- Toolchain.h - The programs the device pass runs --------------------===//
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace offload::plugin {

/// The clang binary that loaded the plugin; the device pass reruns it.
std::string clangExecutable();
/// The plugin's own shared library, which device compiles load as a pass
/// plugin (for ClosureEntryPass).
std::string pluginLibrary();
/// ptxas: $OFFLOAD_CUDA_PATH/bin, /usr/local/cuda/bin, then PATH.
std::optional<std::string> findPtxas();
/// CUDA's libdevice bitcode (math functions), beside ptxas's CUDA.
std::optional<std::string> findLibdevice();
/// The folder of ROCm's device libraries (ocml.bc, ockl.bc, oclc_*.bc):
/// $OFFLOAD_ROCM_PATH/amdgcn/bitcode (or that folder itself) when set, else
/// /opt/rocm/amdgcn/bitcode, then Debian's rocm-device-libs package
/// (/usr/lib/<multiarch>/amdgcn/bitcode).
std::optional<std::string> findRocmDeviceLibs();
/// ld.lld beside clang, then on PATH; links host-device and AMD images.
std::optional<std::string> findLld();
/// The GPU architectures of this machine ("sm_90", "gfx942"), as clang's
/// nvptx-arch and amdgpu-arch report them; empty without a GPU.
std::vector<std::string> nativeGpuArchs();

} // namespace offload::plugin
