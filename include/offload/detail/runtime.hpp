//===- offload/detail/runtime.hpp - What lowered offload() calls use ------===//
//
// Declarations of the runtime library (libcxxoffload-rt) entry points that the
// host pass's lowering of offload() calls. Only used when the plugin compiles
// the translation unit; the serial host fallback needs no library.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>

namespace offload::detail::rt {

/// One kernel launch: the kernel's host address (its key in the registered
/// images), the logical threads and the block shape per dimension, and
/// libomptarget's per-slot argument arrays.
struct LaunchRequest {
  const void *Kernel;
  std::uint64_t Extent[3];
  std::uint32_t Block[3];
  std::uint32_t NumSlots;
  void **Ptrs;
  std::int64_t *Sizes;
  std::int64_t *Types;
};

/// Maps the data, runs the kernel and maps the data back. On failure it
/// prints an error naming the kernel, the device and the cause, and exits
/// with a non-zero status.
void launch(const LaunchRequest &Request);

/// Reached only if the plugin let an invalid offload() call through.
[[noreturn]] void invalidCall(const char *Signature);

} // namespace offload::detail::rt
