//===- offload/detail/host_only.hpp - API that runs on the host only ------===//
//
// Launching, preloading, waiting and library calls happen on the host. Device
// code that calls them would silently do nothing, so the plugin rejects any
// call of a function tagged OFFLOAD_HOST_ONLY from a kernel, directly or
// through the functions the kernel calls.
//
// A library function that runs kernels on the containers it is given (the
// scans, copy_if, the BLAS calls) is tagged OFFLOAD_LIBRARY_CALL: host-only,
// and to automatic residency a call like offload(), whose parameters say what
// it does with each container's data (read: a std::span<const T>, or a
// parameter tagged OFFLOAD_READS; anything else may be written). An
// OFFLOAD_READS argument may be the written argument's own data: the
// function works in place (a scan) or refuses it (copy_if).
//
//===----------------------------------------------------------------------===//
#pragma once

#if defined(__clang__)
#define OFFLOAD_HOST_ONLY [[clang::annotate("offload.host_only")]]
#define OFFLOAD_LIBRARY_CALL                                                   \
  [[clang::annotate("offload.host_only"),                                      \
    clang::annotate("offload.library_call")]]
#define OFFLOAD_READS [[clang::annotate("offload.reads")]]
#else
#define OFFLOAD_HOST_ONLY
#define OFFLOAD_LIBRARY_CALL
#define OFFLOAD_READS
#endif
