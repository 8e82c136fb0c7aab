//===- runtime/EntryPoints.h - The table the loader calls through ---------===//
//
// Programs do not link libcxxoffload-rt.so: they link the loader
// (libcxxoffload.a, Loader.cpp), which opens the runtime when the first
// entry point is called and forwards every call through this table, so that
// a missing or mismatched runtime is an `offload: error` rather than the
// dynamic loader's refusal to start the program.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/blas.hpp>
#include <offload/detail/abi.hpp>
#include <offload/detail/runtime.hpp>

#include <cstdint>

/// Every function that the plugin's lowering and the public headers call in
/// the runtime, as X(namespace, name).
#define OFFLOAD_RUNTIME_ENTRY_POINTS(X)                                        \
  X(, __cxxoffload_register)                                                   \
  X(, __cxxoffload_unregister)                                                 \
  X(offload::detail::rt, launch)                                               \
  X(offload::detail::rt, launchOnSet)                                          \
  X(offload::detail::rt, allDevices)                                           \
  X(offload::detail::rt, deviceCount)                                          \
  X(offload::detail::rt, describeDevice)                                       \
  X(offload::detail::rt, selectDevice)                                         \
  X(offload::detail::rt, preloadOnSet)                                         \
  X(offload::detail::rt, syncPreloadedOnSet)                                   \
  X(offload::detail::rt, unpreloadOnSet)                                       \
  X(offload::detail::rt, synchronize)                                          \
  X(offload::detail::rt, kernelResources)                                      \
  X(offload::detail::rt, invalidCall)                                          \
  X(offload::detail::rt, enterCall)                                            \
  X(offload::detail::rt, exitCall)                                             \
  X(offload::detail::rt, totals)                                               \
  X(offload::detail::rt, preload)                                              \
  X(offload::detail::rt, syncPreloaded)                                        \
  X(offload::detail::rt, updatePreloaded)                                      \
  X(offload::detail::rt, isPreloaded)                                          \
  X(offload::detail::rt, unpreload)                                            \
  X(offload::detail::rt, allocPinned)                                          \
  X(offload::detail::rt, freePinned)                                           \
  X(offload::blas::detail, sgemv)                                              \
  X(offload::blas::detail, dgemm)                                              \
  X(offload::blas::detail, daxpy)                                              \
  X(offload::blas::detail, ddot)

namespace offload::rt {

struct EntryPoints {
  /// detail::AbiVersion and the number of entries of the runtime's build;
  /// the loader refuses a runtime whose numbers differ from its own.
  std::uint32_t AbiVersion;
  std::uint32_t NumEntries;
#define OFFLOAD_ENTRY_MEMBER(Namespace, Name) decltype(&Namespace::Name) Name;
  OFFLOAD_RUNTIME_ENTRY_POINTS(OFFLOAD_ENTRY_MEMBER)
#undef OFFLOAD_ENTRY_MEMBER
};

#define OFFLOAD_COUNT_ENTRY(Namespace, Name) +1
inline constexpr std::uint32_t NumEntryPoints =
    0 OFFLOAD_RUNTIME_ENTRY_POINTS(OFFLOAD_COUNT_ENTRY);
#undef OFFLOAD_COUNT_ENTRY

} // namespace offload::rt

/// The runtime's one symbol that the loader looks up.
extern "C" const offload::rt::EntryPoints *__cxxoffload_entry_points();
