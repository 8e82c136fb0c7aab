//===- offload/detail/host_only.hpp - API that runs on the host only ------===//
//
// Launching, preloading, waiting and library calls happen on the host. Device
// code that calls them would silently do nothing, so the plugin rejects any
// call of a function tagged OFFLOAD_HOST_ONLY from a kernel, directly or
// through the functions the kernel calls.
//
//===----------------------------------------------------------------------===//
#pragma once

#if defined(__clang__)
#define OFFLOAD_HOST_ONLY [[clang::annotate("offload.host_only")]]
#else
#define OFFLOAD_HOST_ONLY
#endif
