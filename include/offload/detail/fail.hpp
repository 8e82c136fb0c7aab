//===- offload/detail/fail.hpp - Errors that stop the program -------------===//
//
// Misuse found on the host (hostError) prints "offload: error: " and a
// message and exits with status 1. What the host reports with a message and
// abort() (an index out of range, an index list that is not increasing), a
// GPU kernel reports through the assert system call (kernelError): NVIDIA
// GPUs print the message with the block and thread, AMD GPUs stop; either
// way the launch fails and the runtime names the kernel.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#if defined(__NVPTX__) || defined(__AMDGPU__)
#include <offload/detail/assert.hpp>
#endif

namespace offload::detail {
#if defined(__NVPTX__) || defined(__AMDGPU__)
[[noreturn]] inline void gpuFail(const char *What) noexcept {
  __assert_fail(What, "cxx-offload", 0, "a kernel");
}
#endif

/// Prints "offload: error: ", the message that printf makes of Format and
/// Values, and a newline to stderr: one line, which no other thread's stdio
/// output splits.
template <class... Args>
void printError(const char *Format, Args... Values) noexcept {
  flockfile(stderr);
  std::fputs("offload: error: ", stderr);
  if constexpr (sizeof...(Values) == 0) {
    std::fputs(Format, stderr);
  } else {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"
    std::fprintf(stderr, Format, Values...);
#pragma GCC diagnostic pop
  }
  std::fputc('\n', stderr);
  funlockfile(stderr);
}

/// Misuse found on the host: prints "offload: error: " and the message that
/// printf makes of Format and Values, and exits with status 1.
template <class... Args>
[[noreturn]] void hostError(const char *Format, Args... Values) noexcept {
  printError(Format, Values...);
  std::exit(1);
}

/// A broken rule inside a kernel: a GPU kernel stops with GpuMessage; the
/// host prints "offload: error: " and the message that printf makes of
/// Format and Values, and aborts.
template <class... Args>
[[noreturn]] void kernelError(const char *GpuMessage, const char *Format,
                              Args... Values) noexcept {
#if defined(__NVPTX__) || defined(__AMDGPU__)
  (void)Format, ((void)Values, ...);
  gpuFail(GpuMessage);
#else
  (void)GpuMessage;
  printError(Format, Values...);
  std::abort();
#endif
}

/// An index past the elements a view holds: a GPU kernel stops with
/// GpuMessage; the host prints "offload: error: View index I is out of
/// range (size N)" and aborts.
[[noreturn]] inline void indexOutOfRange(const char *View,
                                         const char *GpuMessage,
                                         std::uint64_t Index,
                                         std::uint64_t Size) noexcept {
  kernelError(GpuMessage, "%s index %llu is out of range (size %llu)", View,
              static_cast<unsigned long long>(Index),
              static_cast<unsigned long long>(Size));
}
} // namespace offload::detail
