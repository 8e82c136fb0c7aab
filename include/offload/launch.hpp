//===- offload/launch.hpp - Explicit launch geometry ----------------------===//
#pragma once

#include <cstdint>

namespace offload {

/// Threads per block along x, y and z; x runs along contiguous data.
struct BlockShape {
  std::uint32_t x = 0, y = 0, z = 0;
  friend constexpr bool operator==(const BlockShape &,
                                   const BlockShape &) = default;
};

/// Explicit launch geometry, passed before the kernel:
///   offload::offload(offload::Launch{.threads = N}, kernel, args...);
/// Without it the geometry comes from the kernel's Region arguments: as many
/// logical threads as the largest Region's strategy asks for.
struct Launch {
  /// Logical threads of a one-dimensional launch; each binds every Region
  /// argument to its own index. The kernel body runs exactly this many times
  /// on every device.
  std::uint64_t threads = 0;
  /// Threads per block of a one-dimensional launch on a GPU; 0 picks the
  /// runtime's default (256).
  std::uint32_t block = 0;
  /// The block shape of a kernel whose Regions or Ranges are 2-D or 3-D
  /// (their strategies still set the logical threads), e.g. {32, 8, 1}.
  /// Zeros pick the default: 32 x 8 for 2-D, 32 x 4 x 2 for 3-D.
  BlockShape block_shape = {};
};

namespace detail {
/// The block a launch of Dims dimensions runs with under L. The plugin
/// applies the same rule to a call whose Launch is a constant and fixes
/// that block in the kernel's device image.
constexpr BlockShape blockShapeOf(unsigned Dims, const Launch &L) {
  if (Dims <= 1)
    return {L.block ? L.block : 256, 1, 1};
  const BlockShape &S = L.block_shape;
  if (S.x || S.y || S.z)
    return {S.x ? S.x : 1, S.y ? S.y : 1, S.z ? S.z : 1};
  if (Dims == 2)
    return {32, 8, 1};
  return {32, 4, 2};
}
} // namespace detail

} // namespace offload
