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

#if defined(__NVPTX__) || defined(__AMDGPU__)
#include <gpuintrin.h>
#define OFFLOAD_ENTRY_ATTRIBUTES [[clang::device_kernel]]
#else
// The host device's plugin looks entries up with dlsym.
#define OFFLOAD_ENTRY_ATTRIBUTES __attribute__((visibility("default")))
#endif

namespace offload::detail {

template <auto Kernel> inline void deviceEntry(const std::uint64_t *Slots) {
  using Sig = Signature<decltype(Kernel)>;
#if defined(__NVPTX__) || defined(__AMDGPU__)
  const std::uint64_t Thread =
      std::uint64_t(__gpu_block_id_x()) * __gpu_num_threads_x() +
      __gpu_thread_id_x();
  Sig::template invoke<Kernel>(Slots + 1, Thread);
#else
  // The host device calls an entry once: it runs the logical threads itself.
  for (std::uint64_t Thread = 0, End = Slots[0]; Thread != End; ++Thread)
    Sig::template invoke<Kernel>(Slots + 1, Thread);
#endif
}

} // namespace offload::detail
