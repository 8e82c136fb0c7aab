//===- offload/launch.hpp - Explicit launch geometry ----------------------===//
#pragma once

#include <cstdint>

namespace offload {

/// Explicit launch geometry, passed before the kernel:
///   offload::offload(offload::Launch{.threads = N}, kernel, args...);
/// Without it the geometry comes from the kernel's Region arguments: as many
/// logical threads as the largest Region's strategy asks for.
struct Launch {
  /// Logical threads; each binds every Region argument to its own index.
  /// The kernel body runs exactly this many times on every device.
  std::uint64_t threads = 0;
  /// Threads per block on a GPU; 0 picks the runtime's default (256).
  std::uint32_t block = 0;
};

} // namespace offload
