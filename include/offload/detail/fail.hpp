//===- offload/detail/fail.hpp - A broken rule stops a kernel -------------===//
//
// What the host reports with a message and abort() (an index out of range,
// an index list that is not increasing), a GPU kernel reports through the
// assert system call: NVIDIA GPUs print the message with the block and
// thread, AMD GPUs stop; either way the launch fails and the runtime names
// the kernel.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#if defined(__NVPTX__) || defined(__AMDGPU__)
#include <offload/detail/assert.hpp>
#else
#include <cstdio>
#include <cstdlib>
#endif

namespace offload::detail {
#if defined(__NVPTX__) || defined(__AMDGPU__)
[[noreturn]] inline void gpuFail(const char *What) noexcept {
  __assert_fail(What, "cxx-offload", 0, "a kernel");
}
#endif

/// An index past the elements a view holds: a GPU kernel stops with
/// GpuMessage; the host prints "offload: error: View index I is out of
/// range (size N)" and aborts.
[[noreturn]] inline void indexOutOfRange(const char *View,
                                         const char *GpuMessage,
                                         std::uint64_t Index,
                                         std::uint64_t Size) noexcept {
#if defined(__NVPTX__) || defined(__AMDGPU__)
  (void)View, (void)Index, (void)Size;
  gpuFail(GpuMessage);
#else
  (void)GpuMessage;
  std::fprintf(stderr,
               "offload: error: %s index %llu is out of range (size %llu)\n",
               View, static_cast<unsigned long long>(Index),
               static_cast<unsigned long long>(Size));
  std::abort();
#endif
}
} // namespace offload::detail
