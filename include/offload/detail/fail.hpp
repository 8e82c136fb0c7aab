//===- offload/detail/fail.hpp - A broken rule stops a GPU kernel ---------===//
//
// What the host reports with a message and abort() (an index out of range,
// an index list that is not increasing), a GPU kernel reports through the
// assert system call: NVIDIA GPUs print the message with the block and
// thread, AMD GPUs stop; either way the launch fails and the runtime names
// the kernel.
//
//===----------------------------------------------------------------------===//
#pragma once

#if defined(__NVPTX__) || defined(__AMDGPU__)
#include <offload/detail/assert.hpp>

namespace offload::detail {
[[noreturn]] inline void gpuFail(const char *What) noexcept {
  __assert_fail(What, "cxx-offload", 0, "a kernel");
}
} // namespace offload::detail
#endif
