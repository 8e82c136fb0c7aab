//===- runtime/Launch.cpp - Mapping and kernel launch ---------------------===//

#include "Runtime.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FormatVariadic.h"

#include <offload/detail/params.hpp>

#include <algorithm>
#include <chrono>
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
  __tgt_target_data_end_mapper(&Location, D.Id, 1, &Ptr, &Ptr, &Bytes, &MapType,
                               nullptr, nullptr);
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

static Expected<const Registry::Kernel &> findKernel(const void *Key) {
  if (const Registry::Kernel *K = Registry::get().find(Key))
    return *K;
  return createStringError(
      formatv("the kernel {0} has no device image: compile the translation "
              "unit that calls offload() with the cxx-offload plugin",
              describeKernel(Key))
          .str());
}

/// The name of the parameter that slot Slot belongs to, from the
/// registration's comma-separated slot names.
static std::string slotName(const KernelRecord &K, unsigned Slot) {
  if (Slot < detail::LaunchSlots || !K.SlotNames)
    return "slot " + std::to_string(Slot);
  SmallVector<StringRef> Names;
  StringRef(K.SlotNames).split(Names, ',');
  unsigned I = Slot - detail::LaunchSlots;
  return I < Names.size() ? "'" + Names[I].str() + "'"
                          : "slot " + std::to_string(Slot);
}

static std::string perSecond(std::uint64_t Bytes, double Seconds) {
  return Seconds > 0 ? formatv("{0:f1} GB/s", Bytes / Seconds / 1e9).str()
                     : "-";
}

Error launchOn(const Device &D, const detail::rt::LaunchRequest &R) {
  Expected<const Registry::Kernel &> Found = findKernel(R.Kernel);
  if (!Found)
    return Found.takeError();
  const KernelRecord *K = Found->Record;
  // Each translation unit carries the images it was built for.
  if (none_of(*Found->Targets,
              [&](const std::string &T) { return imageRuns(T, D.Arch); }))
    return createStringError(
        formatv("kernel '{0}' has no image for device {1} ({2}): {3} was "
                "built for [{4}]; rebuild it with "
                "-fplugin-arg-offload-targets={2}, or choose another device "
                "with OFFLOAD_DEVICE",
                K->Name, D.Id, D.Arch, Found->Owner->Source,
                join(*Found->Targets, ","))
            .str());

  const std::uint64_t Threads = R.Extent[0] * R.Extent[1] * R.Extent[2];
  if (Threads == 0) {
    info(InfoCalls, "kernel '%s': 0 logical threads, nothing to run", K->Name);
    return Error::success();
  }
  std::uint32_t Block[3], GridBlocks[3];
  std::uint64_t Blocks[3];
  for (int Dim = 0; Dim < 3; ++Dim) {
    Block[Dim] = R.Block[Dim] ? R.Block[Dim] : (Dim == 0 ? DefaultBlock : 1);
    Blocks[Dim] = (R.Extent[Dim] + Block[Dim] - 1) / Block[Dim];
    GridBlocks[Dim] = static_cast<std::uint32_t>(Blocks[Dim]);
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

  auto Geometry = [&] {
    return R.Extent[1] == 1 && R.Extent[2] == 1
               ? formatv("{0} threads, {1} blocks of {2}", Threads, Blocks[0],
                         Block[0])
                     .str()
               : formatv("{0} x {1} x {2} threads, {3} x {4} x {5} blocks of "
                         "{6} x {7} x {8}",
                         R.Extent[0], R.Extent[1], R.Extent[2], Blocks[0],
                         Blocks[1], Blocks[2], Block[0], Block[1], Block[2])
                     .str();
  };
  auto KernelKey = [&] { return std::string("kernel '") + K->Name + "'"; };
  auto InDevice = [&](Error E) {
    return createStringError(formatv("kernel '{0}' on device {1} ({2}): {3}",
                                     K->Name, D.Id, kindName(D.Kind),
                                     toString(std::move(E)))
                                 .str());
  };

  // On a GPU, a call whose data is preloaded or small is launched directly:
  // queued without waiting when everything is preloaded.
  SmallVector<std::uint64_t, 16> Values(R.NumSlots);
  SmallVector<DirectCopy, 4> Copies;
  if (D.Kind == DeviceKind::Cuda &&
      directArguments(D, R, Values.data(), Copies)) {
    auto T0 = std::chrono::steady_clock::now();
    Expected<bool> Launched = launchDirect(D, *Found, GridBlocks, Block,
                                           Values.data(), R.NumSlots, Copies);
    if (!Launched)
      return InDevice(Launched.takeError());
    if (*Launched) {
      double Seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
              .count();
      TransferStats S;
      for (const DirectCopy &C : Copies) {
        S.ToBytes += C.Bytes;
        S.FromBytes += C.From ? C.Bytes : 0;
      }
      recordCall(KernelKey, Seconds, S);
      if (!(infoBits() & InfoCalls))
        return Error::success();
      if (Copies.empty())
        info(InfoCalls,
             "kernel '%s' on device %d (%s): %s; queued in %.1f us, all data "
             "on the device",
             K->Name, D.Id, kindName(D.Kind).data(), Geometry().c_str(),
             Seconds * 1e6);
      else
        info(InfoCalls,
             "kernel '%s' on device %d (%s): %s; ran in %.1f us with %llu "
             "bytes of small data in and %llu back",
             K->Name, D.Id, kindName(D.Kind).data(), Geometry().c_str(),
             Seconds * 1e6, static_cast<unsigned long long>(S.ToBytes),
             static_cast<unsigned long long>(S.FromBytes));
      return Error::success();
    }
  }
  // libomptarget launches on a stream of its own: what is queued on ours
  // must finish first.
  if (Error E = synchronizeQueues())
    return E;

  // Map first, then launch with the device addresses as plain values, so
  // that the launch itself moves nothing and each copy can be timed.
  CallMapping Mapping;
  SmallVector<std::int64_t, 16> Types(R.NumSlots);
  if (Error E = Mapping.enter(D, R, Values.data(), Types.data(),
                              /*WithLaunch=*/true))
    return InDevice(std::move(E));
  SmallVector<void *, 16> Ptrs(R.NumSlots);
  SmallVector<std::int64_t, 16> Sizes(R.NumSlots);
  for (unsigned I = 0; I < R.NumSlots; ++I) {
    Ptrs[I] = reinterpret_cast<void *>(Values[I]);
    Sizes[I] =
        Types[I] & detail::MapTypeLiteral ? sizeof(std::uint64_t) : R.Sizes[I];
  }

  KernelArgsTy Args{};
  Args.Version = 3;
  Args.NumArgs = R.NumSlots;
  Args.ArgBasePtrs = Ptrs.data();
  Args.ArgPtrs = Ptrs.data();
  Args.ArgSizes = Sizes.data();
  Args.ArgTypes = Types.data();
  for (int Dim = 0; Dim < 3; ++Dim) {
    Args.NumTeams[Dim] = GridBlocks[Dim];
    Args.ThreadLimit[Dim] = Block[Dim];
  }
  installAbortHandler();
  Running = {K->Name, D.Id, kindName(D.Kind).data()};
  auto T0 = std::chrono::steady_clock::now();
  int Rc = __tgt_target_kernel(&Location, D.Id, Args.NumTeams[0], Block[0],
                               K->EntryId, &Args);
  double KernelSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
          .count();
  Running = {};
  if (Rc)
    return createStringError(
        formatv("kernel '{0}' failed on device {1} ({2}): libomptarget "
                "returned {3}; its message above says why",
                K->Name, D.Id, kindName(D.Kind), Rc)
            .str());
  if (Error E = Mapping.exit())
    return InDevice(std::move(E));

  const TransferStats &S = Mapping.stats();
  recordCall(KernelKey, KernelSeconds, S);
  if (infoBits() & InfoCalls)
    info(InfoCalls,
         "kernel '%s' on device %d (%s): %s; %llu bytes to the device in %.1f "
         "us, kernel %.1f us, %llu bytes back in %.1f us",
         K->Name, D.Id, kindName(D.Kind).data(), Geometry().c_str(),
         static_cast<unsigned long long>(S.ToBytes), S.ToSeconds * 1e6,
         KernelSeconds * 1e6, static_cast<unsigned long long>(S.FromBytes),
         S.FromSeconds * 1e6);
  if (infoBits() & InfoTransfers)
    for (const CallMapping::MappedArg &A : Mapping.arguments()) {
      std::string Name = slotName(*K, A.Slot);
      if (A.Present)
        info(InfoTransfers, "  %s: %lld bytes already on the device",
             Name.c_str(), static_cast<long long>(A.Bytes));
      if (A.WithLaunch)
        info(InfoTransfers, "  %s: %lld bytes copied with the launch",
             Name.c_str(), static_cast<long long>(A.Bytes));
      if (A.Copied)
        info(InfoTransfers, "  %s: %lld bytes to the device in %.1f us (%s)",
             Name.c_str(), static_cast<long long>(A.Bytes), A.ToSeconds * 1e6,
             perSecond(A.Bytes, A.ToSeconds).c_str());
      if (A.CopiedBack)
        info(InfoTransfers, "  %s: %lld bytes back in %.1f us (%s)",
             Name.c_str(), static_cast<long long>(A.Bytes), A.FromSeconds * 1e6,
             perSecond(A.Bytes, A.FromSeconds).c_str());
    }
  return Error::success();
}

static Error launchImpl(const detail::rt::LaunchRequest &R) {
  // Without a registered image libomptarget is not even initialised.
  if (Expected<const Registry::Kernel &> K = findKernel(R.Kernel); !K)
    return K.takeError();
  Expected<const Device &> D = selectedDevice();
  if (!D)
    return D.takeError();
  return launchOn(*D, R);
}

/// The state of one offload_args call between enterCall and exitCall.
struct LibraryCall {
  const Device *D;
  std::string Name;
  CallMapping Mapping;
  // When the function was called: after its arguments were mapped.
  std::chrono::steady_clock::time_point Started;
};

static Expected<LibraryCall *> enterCallImpl(const detail::rt::LaunchRequest &R,
                                             std::uint64_t *Values) {
  Expected<const Device &> D = selectedDevice();
  if (!D)
    return D.takeError();
  // The library reads and writes the data on streams of its own.
  if (Error E = synchronizeQueues())
    return std::move(E);
  auto Call = std::make_unique<LibraryCall>();
  Call->D = &*D;
  Call->Name = "library call " + describeKernel(R.Kernel);
  SmallVector<std::int64_t, 16> Types(R.NumSlots);
  if (Error E = Call->Mapping.enter(*D, R, Values, Types.data(),
                                    /*WithLaunch=*/false))
    return createStringError(formatv("{0} on device {1} ({2}): {3}", Call->Name,
                                     D->Id, kindName(D->Kind),
                                     toString(std::move(E)))
                                 .str());
  Call->Started = std::chrono::steady_clock::now();
  return Call.release();
}

static Error exitCallImpl(LibraryCall &Call) {
  const double Seconds = std::chrono::duration<double>(
                             std::chrono::steady_clock::now() - Call.Started)
                             .count();
  // Vendor libraries queue work on their own streams: let it finish before
  // the results are copied back.
  if (Error E = synchronizeDevice(*Call.D))
    return E;
  if (Error E = Call.Mapping.exit())
    return E;
  const TransferStats &S = Call.Mapping.stats();
  recordCall([&] { return Call.Name; }, Seconds, S);
  info(InfoCalls,
       "%s on device %d (%s): %llu bytes to the device in %.1f us, call %.1f "
       "us, %llu bytes back in %.1f us",
       Call.Name.c_str(), Call.D->Id, kindName(Call.D->Kind).data(),
       static_cast<unsigned long long>(S.ToBytes), S.ToSeconds * 1e6,
       Seconds * 1e6, static_cast<unsigned long long>(S.FromBytes),
       S.FromSeconds * 1e6);
  return Error::success();
}

static Error
stagingCall(const char *What, void *Data, std::int64_t Bytes,
            function_ref<Error(const Device &, TransferStats &)> F) {
  Expected<const Device &> D = selectedDevice();
  if (!D)
    return D.takeError();
  // Copies and releases must not overtake queued kernels.
  if (Error E = synchronizeQueues())
    return E;
  TransferStats S;
  if (Error E = F(*D, S))
    return createStringError(formatv("{0} of the data at {1} ({2} bytes) on "
                                     "device {3}: {4}",
                                     What, Data, Bytes, D->Id,
                                     toString(std::move(E)))
                                 .str());
  recordCall([] { return std::string("preload"); }, 0, S);
  if (S.ToBytes || S.FromBytes)
    info(InfoCalls,
         "%s of %lld bytes on device %d (%s): %llu bytes to the device in "
         "%.1f us, %llu bytes back in %.1f us",
         What, static_cast<long long>(Bytes), D->Id, kindName(D->Kind).data(),
         static_cast<unsigned long long>(S.ToBytes), S.ToSeconds * 1e6,
         static_cast<unsigned long long>(S.FromBytes), S.FromSeconds * 1e6);
  return Error::success();
}

} // namespace offload::rt

namespace offload::detail::rt {

void *enterCall(const LaunchRequest &Request, std::uint64_t *Values) {
  Expected<offload::rt::LibraryCall *> Call =
      offload::rt::enterCallImpl(Request, Values);
  if (!Call)
    offload::rt::fatal(Call.takeError());
  return *Call;
}

void exitCall(void *Token) {
  std::unique_ptr<offload::rt::LibraryCall> Call(
      static_cast<offload::rt::LibraryCall *>(Token));
  if (Error E = offload::rt::exitCallImpl(*Call))
    offload::rt::fatal(std::move(E));
}

void stage(void *Data, std::int64_t Bytes) {
  if (Error E = offload::rt::stagingCall(
          "preload", Data, Bytes,
          [&](const offload::rt::Device &D, offload::rt::TransferStats &S) {
            return offload::rt::stage(D, Data, Bytes, S);
          }))
    offload::rt::fatal(std::move(E));
}

void syncStaged(void *Data, std::int64_t Bytes) {
  if (Error E = offload::rt::stagingCall(
          "sync", Data, Bytes,
          [&](const offload::rt::Device &D, offload::rt::TransferStats &S) {
            return offload::rt::syncBack(D, Data, Bytes, S);
          }))
    offload::rt::fatal(std::move(E));
}

void unstage(void *Data, std::int64_t Bytes, bool Mutable) {
  if (Error E = offload::rt::stagingCall(
          "release", Data, Bytes,
          [&](const offload::rt::Device &D, offload::rt::TransferStats &S) {
            return offload::rt::unstage(D, Data, Bytes, Mutable, S);
          }))
    offload::rt::fatal(std::move(E));
}

void synchronize() {
  if (Error E = offload::rt::synchronizeQueues())
    offload::rt::fatal(std::move(E));
}

void kernelResources(const void *Kernel, int *Registers, int *LocalBytes,
                     std::int64_t *ResidentThreads) {
  const offload::rt::Registry::Kernel *K =
      offload::rt::Registry::get().find(Kernel);
  if (!K)
    return;
  Expected<const offload::rt::Device &> D = offload::rt::selectedDevice();
  if (!D) {
    consumeError(D.takeError());
    return;
  }
  offload::rt::cudaKernelResources(*D, *K, *Registers, *LocalBytes,
                                   *ResidentThreads);
}

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
