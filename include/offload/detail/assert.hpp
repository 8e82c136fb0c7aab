//===- offload/detail/assert.hpp - assert() in GPU kernels ----------------===//
//
// <cassert>'s assert() calls the C library's __assert_fail, which GPUs do
// not have. GPU device compiles define it here: on NVIDIA GPUs through
// CUDA's own assert system call, which prints the message with the file,
// line, function and thread and stops the kernel (the launch then fails with
// CUDA_ERROR_ASSERT); on AMD GPUs it stops the kernel. Under NDEBUG assert()
// expands to nothing, as on the host.
//
//===----------------------------------------------------------------------===//
#pragma once

#if !defined(__NVPTX__) && !defined(__AMDGPU__)
#error "offload/detail/assert.hpp is for GPU device compiles"
#endif

#include <cstddef>

#pragma omp begin declare target
extern "C" {
#if defined(__NVPTX__)
void __assertfail(const char *Message, const char *File, unsigned Line,
                  const char *Function, std::size_t CharSize);
#endif
[[gnu::weak, noreturn]] inline void
__assert_fail(const char *Message, const char *File, unsigned Line,
              const char *Function) noexcept {
#if defined(__NVPTX__)
  __assertfail(Message, File, Line, Function, 1);
#else
  (void)Message, (void)File, (void)Line, (void)Function;
#endif
  __builtin_trap();
}
}
#pragma omp end declare target
