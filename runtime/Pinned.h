//===- runtime/Pinned.h - Page-locked host memory -------------------------===//
#pragma once

#include <cstddef>

namespace offload::rt {

/// Pinned host memory allocated by the runtime (offload::pinned_allocator):
/// whether [Ptr, +Bytes) lies inside one allocation.
bool isPinned(const void *Ptr, std::size_t Bytes);

} // namespace offload::rt
