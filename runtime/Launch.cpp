//===- runtime/Launch.cpp - Mapping and kernel launch ---------------------===//

#include "Runtime.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FormatVariadic.h"

#include <offload/detail/params.hpp>

#include <algorithm>
#include <climits>
#include <csignal>
#include <cstdio>
#include <dlfcn.h>
#include <unistd.h>

using namespace llvm;

namespace offload::rt {

// libomptarget only reads the location for its own messages.
static ident_t Location = {0, 2, 0, 0, ";cxx-offload;offload;0;0;;"};

namespace {
/// The launch in progress. libomptarget aborts the process when a kernel
/// faults on a GPU (its own message says why); the abort handler then names
/// the kernel, which libomptarget's message does not.
struct RunningLaunch {
  const char *Kernel = nullptr;
  int Device = -1;
  const char *Kind = "";
};
thread_local RunningLaunch Running;
struct sigaction PreviousAbortHandler;

void onAbort(int Signal) {
  if (Running.Kernel) {
    char Line[512];
    int N = std::snprintf(Line, sizeof(Line),
                          "offload: error: kernel '%s' failed on device %d "
                          "(%s); libomptarget stopped the program, its "
                          "message above says why\n",
                          Running.Kernel, Running.Device, Running.Kind);
    if (N > 0)
      (void)!write(2, Line, std::min<size_t>(N, sizeof(Line) - 1));
  }
  sigaction(SIGABRT, &PreviousAbortHandler, nullptr);
  raise(Signal);
}

void installAbortHandler() {
  static const bool Installed = [] {
    struct sigaction Action = {};
    Action.sa_handler = onAbort;
    sigemptyset(&Action.sa_mask);
    return sigaction(SIGABRT, &Action, &PreviousAbortHandler) == 0;
  }();
  (void)Installed;
}
} // namespace

static bool isMapped(std::int64_t Type) {
  return !(Type & detail::MapTypeLiteral);
}

Error mapData(const Device &D, void *Ptr, std::int64_t Bytes,
              std::int64_t MapType) {
  __tgt_target_data_begin_mapper(&Location, D.Id, 1, &Ptr, &Ptr, &Bytes,
                                 &MapType, nullptr, nullptr);
  if (Bytes > 0 && !omp_target_is_present(Ptr, D.Id))
    return createStringError(
        formatv("could not map {0} bytes at {1} to device {2} ({3}): out of "
                "device memory?",
                Bytes, Ptr, D.Id, kindName(D.Kind))
            .str());
  return Error::success();
}

Error unmapData(const Device &D, void *Ptr, std::int64_t Bytes,
                std::int64_t MapType) {
  if (Bytes > 0 && !omp_target_is_present(Ptr, D.Id))
    return createStringError(
        formatv("{0} bytes at {1} are not mapped to device {2}", Bytes, Ptr,
                D.Id)
            .str());
  __tgt_target_data_end_mapper(&Location, D.Id, 1, &Ptr, &Ptr, &Bytes,
                               &MapType, nullptr, nullptr);
  return Error::success();
}

Expected<void *> devicePointer(const Device &D, const void *Ptr) {
  if (void *P = omp_get_mapped_ptr(Ptr, D.Id))
    return P;
  return createStringError(
      formatv("{0} is not mapped to device {1}", Ptr, D.Id).str());
}

/// The kernel's name for messages: from the dynamic symbol table when the
/// program exports it, else its address.
static std::string describeKernel(const void *Key) {
  Dl_info Info;
  if (dladdr(Key, &Info) && Info.dli_sname && Info.dli_saddr == Key)
    return "'" + demangle(Info.dli_sname) + "'";
  return formatv("at {0}", Key).str();
}

static Expected<const KernelRecord &> findKernel(const void *Key) {
  if (const KernelRecord *K = Registry::get().find(Key))
    return *K;
  return createStringError(
      formatv("the kernel {0} has no device image: compile the translation "
              "unit that calls offload() with the cxx-offload plugin",
              describeKernel(Key))
          .str());
}

Error launchOn(const Device &D, const detail::rt::LaunchRequest &R) {
  Expected<const KernelRecord &> Found = findKernel(R.Kernel);
  if (!Found)
    return Found.takeError();
  const KernelRecord *K = &*Found;

  std::uint64_t ToDevice = 0, FromDevice = 0;
  for (unsigned I = 0; I < R.NumSlots; ++I) {
    if (!isMapped(R.Types[I]))
      continue;
    if (R.Types[I] & detail::MapTypeTo)
      ToDevice += R.Sizes[I];
    if (R.Types[I] & detail::MapTypeFrom)
      FromDevice += R.Sizes[I];
  }

  const std::uint64_t Threads = R.Extent[0] * R.Extent[1] * R.Extent[2];
  if (Threads == 0) {
    info(InfoCalls, "kernel '%s': 0 logical threads, nothing to run",
         K->Name);
    return Error::success();
  }
  std::uint32_t Block[3];
  std::uint64_t Blocks[3];
  for (int D = 0; D < 3; ++D) {
    Block[D] = R.Block[D] ? R.Block[D] : (D == 0 ? DefaultBlock : 1);
    Blocks[D] = (R.Extent[D] + Block[D] - 1) / Block[D];
  }
  const std::uint64_t BlockThreads =
      std::uint64_t(Block[0]) * Block[1] * Block[2];
  if (BlockThreads > 1024)
    return createStringError(
        formatv("kernel '{0}': {1} threads per block is more than the 1024 a "
                "GPU allows",
                K->Name, BlockThreads)
            .str());
  if (Blocks[0] > INT32_MAX || Blocks[1] > 65535 || Blocks[2] > 65535)
    return createStringError(
        formatv("kernel '{0}': {1} x {2} x {3} logical threads need {4} x {5} "
                "x {6} blocks, more than one launch allows",
                K->Name, R.Extent[0], R.Extent[1], R.Extent[2], Blocks[0],
                Blocks[1], Blocks[2])
            .str());

  KernelArgsTy Args{};
  Args.Version = 3;
  Args.NumArgs = R.NumSlots;
  Args.ArgBasePtrs = R.Ptrs;
  Args.ArgPtrs = R.Ptrs;
  Args.ArgSizes = R.Sizes;
  Args.ArgTypes = R.Types;
  for (int D = 0; D < 3; ++D) {
    Args.NumTeams[D] = static_cast<std::uint32_t>(Blocks[D]);
    Args.ThreadLimit[D] = Block[D];
  }
  installAbortHandler();
  Running = {K->Name, D.Id, kindName(D.Kind).data()};
  int Rc = __tgt_target_kernel(&Location, D.Id, Args.NumTeams[0], Block[0],
                               K->EntryId, &Args);
  Running = {};
  if (Rc)
    return createStringError(
        formatv("kernel '{0}' failed on device {1} ({2}): libomptarget "
                "returned {3}; its message above says why",
                K->Name, D.Id, kindName(D.Kind), Rc)
            .str());

  if (infoBits() & InfoCalls) {
    std::string Geometry =
        R.Extent[1] == 1 && R.Extent[2] == 1
            ? formatv("{0} threads, {1} blocks of {2}", Threads, Blocks[0],
                      Block[0])
                  .str()
            : formatv("{0} x {1} x {2} threads, {3} x {4} x {5} blocks of {6} "
                      "x {7} x {8}",
                      R.Extent[0], R.Extent[1], R.Extent[2], Blocks[0],
                      Blocks[1], Blocks[2], Block[0], Block[1], Block[2])
                  .str();
    info(InfoCalls,
         "kernel '%s' on device %d (%s): %s; %llu bytes to the device, %llu "
         "bytes back",
         K->Name, D.Id, kindName(D.Kind).data(), Geometry.c_str(),
         static_cast<unsigned long long>(ToDevice),
         static_cast<unsigned long long>(FromDevice));
  }
  return Error::success();
}

static Error launchImpl(const detail::rt::LaunchRequest &R) {
  // Without a registered image libomptarget is not even initialised.
  if (Expected<const KernelRecord &> K = findKernel(R.Kernel); !K)
    return K.takeError();
  Expected<const Device &> D = selectedDevice();
  if (!D)
    return D.takeError();
  return launchOn(*D, R);
}

} // namespace offload::rt

namespace offload::detail::rt {

void launch(const LaunchRequest &Request) {
  if (Error E = offload::rt::launchImpl(Request))
    offload::rt::fatal(std::move(E));
}

void invalidCall(const char *Signature) {
  offload::rt::fatal(createStringError(
      formatv("an invalid offload() call was compiled without a diagnostic "
              "({0}); please report this",
              Signature)
          .str()));
}

} // namespace offload::detail::rt
