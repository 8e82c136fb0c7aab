//===- offload/pinned.hpp - Page-locked host memory -----------------------===//
//
// A GPU copies page-locked (pinned) host memory directly and several times
// faster than ordinary pageable memory, which the runtime must first copy
// through bounce buffers of its own. pinned_vector is a std::vector whose
// storage is pinned:
//
//   offload::pinned_vector<double> x(1 << 26, 1.0);
//   auto X = offload::preload(x); // copied at the bus's full speed
//
// Pinned memory cannot be paged out, so it is a scarce resource of the whole
// machine: use it for large arrays that move often, not for everything.
//
// Compiled with the cxx-offload plugin the memory comes from the runtime;
// without it (the serial fallback) it is ordinary memory.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/detail/host_only.hpp>

#include <cstddef>
#include <cstdlib>
#include <limits>
#include <new>
#include <vector>

#if defined(__OFFLOAD_HOST__)
#include <offload/detail/runtime.hpp>
#endif

namespace offload {

/// What every pinned allocation is aligned to, at least (not a page: a
/// GPU's driver may place several allocations in one page).
inline constexpr std::size_t pinned_alignment = 256;

/// A standard allocator of page-locked host memory.
template <class T> class pinned_allocator {
  static_assert(alignof(T) <= pinned_alignment,
                "pinned memory is aligned to 256 bytes, not more");

public:
  using value_type = T;

  pinned_allocator() noexcept = default;
  template <class U>
  constexpr pinned_allocator(const pinned_allocator<U> &) noexcept {}

  /// Memory for N objects; throws std::bad_array_new_length when N objects
  /// do not fit in a size_t, as std::allocator does.
  [[nodiscard]] OFFLOAD_HOST_ONLY T *allocate(std::size_t N) {
    if (N > std::numeric_limits<std::size_t>::max() / sizeof(T)) {
#if defined(__cpp_exceptions)
      throw std::bad_array_new_length();
#else
      std::abort(); // as libstdc++'s std::allocator does without exceptions
#endif
    }
    // (allocate(0) may return anything; null needs no memory.)
    if (N == 0)
      return nullptr;
#if defined(__OFFLOAD_HOST__)
    return static_cast<T *>(detail::rt::allocPinned(N * sizeof(T)));
#else
    return static_cast<T *>(
        ::operator new(N * sizeof(T), std::align_val_t(pinned_alignment)));
#endif
  }

  OFFLOAD_HOST_ONLY void deallocate(T *P, std::size_t N) noexcept {
    if (!P)
      return;
#if defined(__OFFLOAD_HOST__)
    (void)N;
    detail::rt::freePinned(P);
#else
    ::operator delete(P, N * sizeof(T), std::align_val_t(pinned_alignment));
#endif
  }
};

/// Stateless: any pinned_allocator frees what another one allocated.
template <class T, class U>
constexpr bool operator==(const pinned_allocator<T> &,
                          const pinned_allocator<U> &) noexcept {
  return true;
}

/// A std::vector in page-locked host memory. It passes wherever offload(),
/// Region, preload() and preload_mut() take contiguous data.
template <class T> using pinned_vector = std::vector<T, pinned_allocator<T>>;

} // namespace offload
