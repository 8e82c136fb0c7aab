//===- offload/detail/entry.hpp - Kernel entries (device pass only) -------===//
//
// The device pass appends one extern "C" entry per kernel instantiation to
// the translation unit; each calls deviceEntry<Kernel>() with its slots. The
// entry follows the OpenMP kernel ABI: an implicit `void *dyn_ptr` argument,
// then one 8-byte slot per argument word.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/detail/params.hpp>

#if defined(OFFLOAD_GPU_CODE)
#define OFFLOAD_ENTRY_ATTRIBUTES [[clang::device_kernel]]
#else
// The host device's plugin looks entries up with dlsym.
#define OFFLOAD_ENTRY_ATTRIBUTES __attribute__((visibility("default")))
#endif

namespace offload::detail {

template <auto Kernel> inline void deviceEntry(const std::uint64_t *Slots) {
#if defined(OFFLOAD_GPU_CODE)
  using Sig = Signature<decltype(Kernel)>;
  constexpr unsigned Dims = Sig::Dims ? Sig::Dims : 1;
  Sig::invoke(Kernel, Slots + LaunchSlots, gpu::threadIndex<Dims>());
#else
  // The host device calls an entry once: it runs the logical threads itself.
  runOnHost(Kernel, Slots);
#endif
}

} // namespace offload::detail
