//===- runtime/Launch.cpp - Kernel launches and the entry points ----------===//
//
// One launch path for every device: the call's data that is not preloaded
// goes to the device (CallMapping), the kernel is queued on the device's
// queue, and a call that moved data copies it back and waits. A call whose
// data is all preloaded returns once its kernel is queued.
//
//===----------------------------------------------------------------------===//

#include "Launch.h"
#include "CallMapping.h"
#include "DeviceSets.h"
#include "DeviceState.h"
#include "Devices.h"
#include "EntryPoints.h"
#include "Registry.h"
#include "Report.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FormatVariadic.h"

#include <offload/detail/abi.hpp>

#include <algorithm>
#include <chrono>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <iterator>
#include <unistd.h>

using namespace llvm;

namespace offload::rt {

namespace {
/// A kernel that aborts on the host device (a failed assert()) or crashes
/// (a wild access through unchecked()) takes the process with it; the
/// signal handler first names the kernel.
thread_local RunningKernel Running;
constexpr int FatalSignals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL};
struct sigaction PreviousHandlers[std::size(FatalSignals)];

/// Writes Text to stderr with write(2) alone: a signal handler may call
/// only async-signal-safe functions (no printf, no strlen).
void writeToStderr(const char *Text) {
  std::size_t Length = 0;
  while (Text[Length])
    ++Length;
  (void)!write(2, Text, Length);
}

void onFatalSignal(int Signal) {
  if (Running.Name) {
    const char *How =
        Signal == SIGABRT  ? "it aborted, its message above says why"
        : Signal == SIGFPE ? "it crashed (SIGFPE: an integer division "
                             "by zero, or an overflowing one)"
                           : "it crashed (a signal: an access outside "
                             "its data, perhaps through unchecked())";
    char Number[16];
    char *Digit = std::end(Number);
    *--Digit = '\0';
    unsigned Device = Running.Device < 0 ? 0u : unsigned(Running.Device);
    do
      *--Digit = char('0' + Device % 10);
    while ((Device /= 10) && Digit != Number);
    for (const char *Part :
         {"offload: error: kernel '", Running.Name, "' failed on device ",
          (const char *)Digit, " (host): ", How, "\n"})
      writeToStderr(Part);
  }
  for (std::size_t I = 0; I < std::size(FatalSignals); ++I)
    if (FatalSignals[I] == Signal)
      sigaction(Signal, &PreviousHandlers[I], nullptr);
  raise(Signal);
}

void installSignalHandlers() {
  static const bool Installed = [] {
    struct sigaction Action = {};
    Action.sa_handler = onFatalSignal;
    sigemptyset(&Action.sa_mask);
    for (std::size_t I = 0; I < std::size(FatalSignals); ++I)
      sigaction(FatalSignals[I], &Action, &PreviousHandlers[I]);
    return true;
  }();
  (void)Installed;
}
} // namespace

RunningKernel &runningKernel() { return Running; }

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

/// The device entries take their data pointers restrict (the plugin's
/// DeviceSource.cpp): one preloaded range may reach two parameters only if
/// the kernel writes neither of them.
static Error checkPreloadSharing(const KernelRecord &K,
                                 ArrayRef<CallMapping::Argument> Args) {
  for (std::size_t I = 0; I < Args.size(); ++I) {
    if (!Args[I].Preloaded)
      continue;
    for (std::size_t J = I + 1; J < Args.size(); ++J) {
      const CallMapping::Argument &A = Args[I], &B = Args[J];
      if (!B.Preloaded || !((A.Type | B.Type) & detail::MapTypeFrom))
        continue;
      const char *ABegin = static_cast<const char *>(A.Device);
      const char *BBegin = static_cast<const char *>(B.Device);
      if (ABegin < BBegin + B.Bytes && BBegin < ABegin + A.Bytes)
        return createStringError(
            formatv(
                "the same preloaded data reaches parameters {0} and {1}, "
                "and the kernel may write {2}: threads would read data "
                "that other threads write; pass it once",
                slotName(K, A.Slot), slotName(K, B.Slot),
                slotName(K, (A.Type & detail::MapTypeFrom) ? A.Slot : B.Slot))
                .str());
    }
  }
  return Error::success();
}

static std::string perSecond(std::uint64_t Bytes, double Seconds) {
  return Seconds > 0 ? formatv("{0:f1} GB/s", Bytes / Seconds / 1e9).str()
                     : "-";
}

/// OFFLOAD_LAUNCH: whether calls on preloaded data wait for their kernel.
static bool everyLaunchWaits() {
  static const bool Wait = [] {
    const char *V = std::getenv("OFFLOAD_LAUNCH");
    StringRef Mode = V ? StringRef(V).trim() : "";
    if (Mode.empty() || Mode == "async")
      return false;
    if (Mode == "sync")
      return true;
    fatal(createStringError(
        formatv("OFFLOAD_LAUNCH='{0}' is not a launch mode: use async or sync",
                Mode)
            .str()));
  }();
  return Wait;
}

static double secondsSince(std::chrono::steady_clock::time_point T0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
      .count();
}

/// Runs kernel Found on D: the one launch path for every device.
static Error launchKernel(DeviceState &D, const Registry::Kernel &Found,
                          const detail::rt::LaunchRequest &R) {
  const KernelRecord *K = Found.Record;
  const Device &Info = D.info();

  // The launch runs threads [Origin, Extent) along OriginDim.
  std::uint64_t Extent[3] = {R.Extent[0], R.Extent[1], R.Extent[2]};
  if (R.OriginDim < 3)
    Extent[R.OriginDim] -= std::min(R.Origin, Extent[R.OriginDim]);
  const std::uint64_t Threads = Extent[0] * Extent[1] * Extent[2];
  if (Threads == 0) {
    info(InfoCalls, "kernel '%s': 0 logical threads, nothing to run", K->Name);
    return Error::success();
  }
  std::uint32_t Block[3], GridBlocks[3];
  std::uint64_t Blocks[3];
  for (int Dim = 0; Dim < 3; ++Dim) {
    Block[Dim] = R.Block[Dim] ? R.Block[Dim] : (Dim == 0 ? DefaultBlock : 1);
    Blocks[Dim] = (Extent[Dim] + Block[Dim] - 1) / Block[Dim];
  }
  const std::uint64_t BlockThreads =
      std::uint64_t(Block[0]) * Block[1] * Block[2];
  const Capabilities &Caps = Info.Caps;
  if (BlockThreads > Caps.MaxBlockThreads)
    return createStringError(
        formatv("kernel '{0}': {1} threads per block is more than the {2} "
                "that device {3} ({4}) allows",
                K->Name, BlockThreads, Caps.MaxBlockThreads, Info.Id,
                kindName(Info.Kind))
            .str());
  // The entry computes with its compiled block (the plugin saw every call
  // state it): another block would give wrong shares of its tiles.
  if (K->BlockX &&
      (Block[0] != K->BlockX || Block[1] != K->BlockY || Block[2] != K->BlockZ))
    return createStringError(
        formatv("kernel '{0}' is launched with blocks of {1} x {2} x {3} "
                "threads, but its device image was compiled for {4} x {5} x "
                "{6}, the block of every offload() call of it in {7}",
                K->Name, Block[0], Block[1], Block[2], K->BlockX, K->BlockY,
                K->BlockZ, Found.Owner->Source)
            .str());
  // Loaded once per device; the error names the kernel and the device.
  Expected<LoadedKernel> Loaded = D.kernel(Found);
  if (!Loaded)
    return Loaded.takeError();
  // A kernel whose blocks combine reductions runs in at most one wave of
  // blocks (as many as its registers let a multiprocessor hold, else what
  // the device says a compute unit holds), each block looping over the launch's
  // blocks along the kernel's outermost dimension: every block is one more
  // combine and one more count that the last block waits for (3907 blocks of
  // 256 cost 3 us), and a second, partial wave leaves multiprocessors idle.
  std::uint64_t Grid[3] = {Blocks[0], Blocks[1], Blocks[2]};
  if (R.FoldDims && R.FoldDims <= 3 && Info.ComputeUnits) {
    const int Dim = R.FoldDims - 1;
    const std::uint64_t PerUnit = Loaded->ResidentThreadsPerUnit
                                      ? Loaded->ResidentThreadsPerUnit
                                      : Caps.ResidentThreadsPerUnit;
    const std::uint64_t Wave =
        std::uint64_t(Info.ComputeUnits) *
        std::max<std::uint64_t>(1, PerUnit / BlockThreads);
    std::uint64_t Across = 1; // blocks in the other dimensions
    for (int Other = 0; Other < 3; ++Other)
      if (Other != Dim)
        Across *= Blocks[Other];
    Grid[Dim] =
        std::min(Blocks[Dim], std::max<std::uint64_t>(1, Wave / Across));
  }
  // A folded 1-D kernel strides by its grid's thread count in 32 bits
  // (deviceEntry), whatever the device says of its compute units.
  if (R.FoldDims == 1)
    Grid[0] = std::min<std::uint64_t>(Grid[0], UINT32_MAX / BlockThreads);
  if (Grid[0] > Caps.MaxBlocks[0] || Grid[1] > Caps.MaxBlocks[1] ||
      Grid[2] > Caps.MaxBlocks[2])
    return createStringError(
        formatv("kernel '{0}': {1} x {2} x {3} logical threads need {4} x {5} "
                "x {6} blocks, more than one launch allows",
                K->Name, R.Extent[0], R.Extent[1], R.Extent[2], Blocks[0],
                Blocks[1], Blocks[2])
            .str());
  for (int Dim = 0; Dim < 3; ++Dim)
    GridBlocks[Dim] = static_cast<std::uint32_t>(Grid[Dim]);

  auto Geometry = [&] {
    const bool Linear = Extent[1] == 1 && Extent[2] == 1;
    std::string Text =
        Linear ? formatv("{0} threads, {1} blocks of {2}", Threads, Blocks[0],
                         Block[0])
                     .str()
               : formatv("{0} x {1} x {2} threads, {3} x {4} x {5} blocks of "
                         "{6} x {7} x {8}",
                         Extent[0], Extent[1], Extent[2], Blocks[0], Blocks[1],
                         Blocks[2], Block[0], Block[1], Block[2])
                     .str();
    if (std::equal(Grid, Grid + 3, Blocks))
      return Text;
    return Text + (Linear ? formatv(" run by {0} blocks", Grid[0]).str()
                          : formatv(" run by {0} x {1} x {2} blocks", Grid[0],
                                    Grid[1], Grid[2])
                                .str());
  };
  auto KernelKey = [&] { return std::string("kernel '") + K->Name + "'"; };
  auto InDevice = [&](Error E) {
    return createStringError(formatv("kernel '{0}' on device {1} ({2}): {3}",
                                     K->Name, Info.Id, kindName(Info.Kind),
                                     toString(std::move(E)))
                                 .str());
  };

  CallMapping Mapping;
  SmallVector<std::uint64_t, 16> Values(R.NumSlots);
  if (Error E = Mapping.enter(D, R, Values.data(), [&](unsigned Slot) {
        return slotName(*K, Slot);
      }))
    return InDevice(std::move(E));
  if (R.Bias)
    for (unsigned I = 0; I < R.NumSlots; ++I)
      if (!(R.Types[I] & detail::MapTypeLiteral) && Values[I])
        Values[I] -= static_cast<std::uint64_t>(R.Bias[I]);
  if (Error E = checkPreloadSharing(*K, Mapping.arguments()))
    return InDevice(std::move(E));
  // The clock is only read when a report asks for times: a queued launch
  // costs a few microseconds, and every part of it counts.
  const bool Timed = (infoBits() & (InfoCalls | InfoSummary)) || tracing();
  const double Start = Timed ? now() : 0;
  const bool OnHost = Caps.RunsOnCallingThread;
  if (OnHost) {
    installSignalHandlers();
    Running = {K->Name, Info.Id};
  }
  Error Launched =
      D.backend().launch(*Loaded, GridBlocks, Block, Values, R.TeamBytes);
  if (OnHost)
    Running = {};
  if (Launched) {
    // A block larger than the kernel's registers allow: say so, and how
    // large a block may be (offload::kernel_resources(k).max_block).
    const KernelResources Used = D.backend().resources(*Loaded);
    if (Used.MaxBlock > 0 && BlockThreads > std::uint64_t(Used.MaxBlock)) {
      consumeError(std::move(Launched));
      return InDevice(createStringError(
          formatv("a block of {0} threads is more than the {1} that the "
                  "kernel's {2} registers per thread allow; launch it with "
                  "offload::Launch{{.block = {1}} or less "
                  "(offload::kernel_resources(kernel).max_block)",
                  BlockThreads, Used.MaxBlock, Used.Registers)
              .str()));
    }
    return InDevice(std::move(Launched));
  }
  D.queued(K->Name);
  // A report gives the device's time: the call waits for its kernel, which
  // the copies back (or a later call) would otherwise wait for and be
  // charged with.
  if (Timed || (!Mapping.movesData() && everyLaunchWaits()))
    if (Error E = D.waitQueued())
      return E;
  const double KernelSeconds = Timed ? now() - Start : 0;
  traceSpan("kernel", K->Name, Info, Start, KernelSeconds);
  if (!Mapping.movesData()) {
    if (!Timed)
      return Error::success();
    recordCall(Recorded::Call, KernelKey, KernelSeconds, Mapping.stats());
    if (infoBits() & InfoCalls)
      info(InfoCalls,
           "kernel '%s' on device %d (%s): %s; kernel %.1f us, all data on "
           "the device",
           K->Name, Info.Id, kindName(Info.Kind).data(), Geometry().c_str(),
           KernelSeconds * 1e6);
    return Error::success();
  }
  if (Error E = Mapping.exit())
    return E;
  const TransferStats &S = Mapping.stats();
  recordCall(Recorded::Call, KernelKey, KernelSeconds, S);
  if (infoBits() & InfoCalls)
    info(InfoCalls,
         "kernel '%s' on device %d (%s): %s; %llu bytes to the device in %.1f "
         "us, kernel %.1f us, %llu bytes back in %.1f us",
         K->Name, Info.Id, kindName(Info.Kind).data(), Geometry().c_str(),
         static_cast<unsigned long long>(S.ToBytes), S.ToSeconds * 1e6,
         KernelSeconds * 1e6, static_cast<unsigned long long>(S.FromBytes),
         S.FromSeconds * 1e6);
  if (infoBits() & InfoTransfers)
    for (const CallMapping::Argument &A : Mapping.arguments()) {
      std::string Name = slotName(*K, A.Slot);
      if (A.Preloaded) {
        info(InfoTransfers, "  %s: %lld bytes already on the device",
             Name.c_str(), static_cast<long long>(A.Bytes));
        continue;
      }
      if (A.Type & detail::MapTypeTo)
        info(InfoTransfers, "  %s: %lld bytes to the device in %.1f us (%s)",
             Name.c_str(), static_cast<long long>(A.Bytes), A.ToSeconds * 1e6,
             perSecond(A.Bytes, A.ToSeconds).c_str());
      if (A.Type & detail::MapTypeFrom)
        info(InfoTransfers, "  %s: %lld bytes back in %.1f us (%s)",
             Name.c_str(), static_cast<long long>(A.Bytes), A.FromSeconds * 1e6,
             perSecond(A.Bytes, A.FromSeconds).c_str());
    }
  return Error::success();
}

Error launchOn(DeviceState &D, const detail::rt::LaunchRequest &R) {
  Expected<const Registry::Kernel &> Found = findKernel(R.Kernel);
  if (!Found)
    return Found.takeError();
  return launchKernel(D, *Found, R);
}

Error synchronizeAll() {
  Expected<ArrayRef<std::unique_ptr<DeviceState>>> All = devices();
  if (!All)
    return All.takeError();
  for (const std::unique_ptr<DeviceState> &D : *All)
    if (Error E = D->synchronize())
      return E;
  return Error::success();
}

static Error launchImpl(const detail::rt::LaunchRequest &R) {
  // A kernel without an image fails before a device is chosen.
  Expected<const Registry::Kernel &> K = findKernel(R.Kernel);
  if (!K)
    return K.takeError();
  if (Error E = checkNotOnSet(R))
    return createStringError(
        formatv("kernel '{0}': {1}", K->Record->Name, toString(std::move(E)))
            .str());
  Expected<DeviceState &> D = selectedDevice();
  if (!D)
    return D.takeError();
  return launchKernel(*D, *K, R);
}

/// The state of one offload_args call between enterCall and exitCall.
struct LibraryCall {
  DeviceState *D;
  std::string Name;
  CallMapping Mapping;
  // When the function was called: after its arguments were on the device.
  std::chrono::steady_clock::time_point Started;
};

static Expected<LibraryCall *> enterCallImpl(const detail::rt::LaunchRequest &R,
                                             std::uint64_t *Values) {
  Expected<DeviceState &> D = selectedDevice();
  if (!D)
    return D.takeError();
  auto Call = std::make_unique<LibraryCall>();
  Call->D = &*D;
  Call->Name = "library call " + describeKernel(R.Kernel);
  auto Fail = [&](Error E) {
    return createStringError(formatv("{0} on device {1} ({2}): {3}", Call->Name,
                                     D->info().Id, kindName(D->info().Kind),
                                     toString(std::move(E)))
                                 .str());
  };
  if (Error E = checkNotOnSet(R))
    return Fail(std::move(E));
  if (Error E = Call->Mapping.enter(*D, R, Values, [](unsigned Slot) {
        return "argument slot " + std::to_string(Slot);
      }))
    return Fail(std::move(E));
  // The library works outside our queue: what is queued (the copies, and
  // kernels writing preloaded data) must be done first.
  if (Error E = D->waitQueued())
    return Fail(std::move(E));
  if (Error E = D->backend().beginVendorCall())
    return Fail(std::move(E));
  Call->Started = std::chrono::steady_clock::now();
  return Call.release();
}

static Error exitCallImpl(LibraryCall &Call) {
  // Let the library's work finish before the results are copied back; the
  // call's time is the library's, its queued work included.
  if (Error E = Call.D->backend().endVendorCall())
    return E;
  const double Seconds = secondsSince(Call.Started);
  traceSpan("library call", Call.Name, Call.D->info(), now() - Seconds,
            Seconds);
  if (Error E = Call.Mapping.exit())
    return E;
  const TransferStats &S = Call.Mapping.stats();
  const Device &Info = Call.D->info();
  recordCall(
      Recorded::Call, [&] { return Call.Name; }, Seconds, S);
  info(InfoCalls,
       "%s on device %d (%s): %llu bytes to the device in %.1f us, call %.1f "
       "us, %llu bytes back in %.1f us",
       Call.Name.c_str(), Info.Id, kindName(Info.Kind).data(),
       static_cast<unsigned long long>(S.ToBytes), S.ToSeconds * 1e6,
       Seconds * 1e6, static_cast<unsigned long long>(S.FromBytes),
       S.FromSeconds * 1e6);
  return Error::success();
}

static Error
preloadCall(const char *What, void *Data, std::int64_t Bytes,
            function_ref<Error(DeviceState &, TransferStats &)> F) {
  Expected<DeviceState &> D = selectedDevice();
  if (!D)
    return D.takeError();
  TransferStats S;
  if (Error E = F(*D, S))
    return createStringError(formatv("{0} of the data at {1} ({2} bytes) on "
                                     "device {3}: {4}",
                                     What, Data, Bytes, D->info().Id,
                                     toString(std::move(E)))
                                 .str());
  recordCall(
      Recorded::Preload, [] { return std::string("preload"); }, 0, S);
  if (S.ToBytes || S.FromBytes)
    info(InfoCalls,
         "%s of %lld bytes on device %d (%s): %llu bytes to the device in "
         "%.1f us, %llu bytes back in %.1f us",
         What, static_cast<long long>(Bytes), D->info().Id,
         kindName(D->info().Kind).data(),
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

void preload(void *Data, std::int64_t Bytes, bool CopyIn) {
  if (Error E = offload::rt::preloadCall(
          "preload", Data, Bytes,
          [&](offload::rt::DeviceState &D, offload::rt::TransferStats &S) {
            if (offload::rt::onSet(Data, Bytes))
              return Error(
                  createStringError("it is already preloaded on a device set"));
            return D.preload(Data, Bytes, S, CopyIn);
          }))
    offload::rt::fatal(std::move(E));
}

void selectDevice(int Device) {
  if (Error E = offload::rt::selectInCode(Device))
    offload::rt::fatal(std::move(E));
}

bool isPreloaded(const void *Data, std::int64_t Bytes) {
  if (Bytes > 0 && offload::rt::onSet(Data, Bytes))
    return true;
  Expected<offload::rt::DeviceState &> D = offload::rt::selectedDevice();
  if (!D) {
    consumeError(D.takeError()); // preload() reports it
    return false;
  }
  return Bytes > 0 && D->overlapsPreloaded(Data, Bytes);
}

void syncPreloaded(void *Data, std::int64_t Bytes) {
  if (Error E = offload::rt::preloadCall(
          "sync", Data, Bytes,
          [&](offload::rt::DeviceState &D, offload::rt::TransferStats &S) {
            return D.syncBack(Data, Bytes, S);
          }))
    offload::rt::fatal(std::move(E));
}

void updatePreloaded(void *Data, std::int64_t Bytes) {
  if (Error E = offload::rt::preloadCall(
          "update", Data, Bytes,
          [&](offload::rt::DeviceState &D, offload::rt::TransferStats &S) {
            return D.update(Data, Bytes, S);
          }))
    offload::rt::fatal(std::move(E));
}

void unpreload(void *Data, std::int64_t Bytes, bool Mutable) {
  if (Error E = offload::rt::preloadCall(
          "release", Data, Bytes,
          [&](offload::rt::DeviceState &D, offload::rt::TransferStats &S) {
            return D.unpreload(Data, Bytes, Mutable, S);
          }))
    offload::rt::fatal(std::move(E));
}

void synchronize() {
  if (Error E = offload::rt::synchronizeAll())
    offload::rt::fatal(std::move(E));
}

void kernelResources(const void *Kernel, int *Registers, int *LocalBytes,
                     std::int64_t *ResidentThreads, int *MaxBlock) {
  const offload::rt::Registry::Kernel *K =
      offload::rt::Registry::get().find(Kernel);
  if (!K)
    return;
  Expected<offload::rt::DeviceState &> D = offload::rt::selectedDevice();
  if (!D) {
    consumeError(D.takeError());
    return;
  }
  Expected<offload::rt::LoadedKernel> Loaded = D->kernel(*K);
  if (!Loaded) {
    consumeError(Loaded.takeError());
    return;
  }
  offload::rt::KernelResources R = D->backend().resources(*Loaded);
  *Registers = R.Registers;
  *LocalBytes = R.LocalBytes;
  *ResidentThreads = R.ResidentThreads;
  *MaxBlock = R.MaxBlock;
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

const offload::rt::EntryPoints *__cxxoffload_entry_points() {
  static const offload::rt::EntryPoints Table = {
      offload::detail::AbiVersion, offload::rt::NumEntryPoints,
#define OFFLOAD_ENTRY_ADDRESS(Namespace, Name) &Namespace::Name,
      OFFLOAD_RUNTIME_ENTRY_POINTS(OFFLOAD_ENTRY_ADDRESS)
#undef OFFLOAD_ENTRY_ADDRESS
  };
  return &Table;
}
