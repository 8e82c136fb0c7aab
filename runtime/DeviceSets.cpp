//===- runtime/DeviceSets.cpp - Calls and preloads on several devices -----===//
//
// A call on a device set arrives as the call one device would run and a
// description of each argument slot (how a Region's strategy splits it,
// halo widths, reductions' identities and combines). The runtime gives each
// device a slab of whole blocks of the threads along the slowest dimension
// and the data that slab needs, and combines the reductions in device
// order. Parts whose data moves run on threads of their own, so that the
// devices copy and compute at once.
//
// Data preloaded on a set is held whole by each of its devices. Which bytes
// are current where is tracked per range: a part that writes bytes makes
// them current only on its device; before a part runs, the bytes it maps
// that its device does not hold current are copied there from a device
// that does (through the host copy, which becomes current with them), so
// that between two calls of a stencil only the halo travels.
//
//===----------------------------------------------------------------------===//

#include "DeviceSets.h"
#include "CallMapping.h"
#include "DeviceState.h"
#include "Devices.h"
#include "Images.h"
#include "Launch.h"
#include "Registry.h"
#include "Report.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <offload/detail/abi.hpp>

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <set>
#include <string>
#include <thread>

using namespace llvm;

namespace offload::rt {
namespace {

/// Sorted, disjoint byte intervals [first, second).
class IntervalSet {
public:
  using Interval = std::pair<std::int64_t, std::int64_t>;
  void add(Interval I) {
    if (I.first >= I.second)
      return;
    std::vector<Interval> Out;
    for (const Interval &J : Parts) {
      if (J.second < I.first || I.second < J.first)
        Out.push_back(J);
      else
        I = {std::min(I.first, J.first), std::max(I.second, J.second)};
    }
    Out.push_back(I);
    std::sort(Out.begin(), Out.end());
    Parts = std::move(Out);
  }
  void remove(Interval I) {
    std::vector<Interval> Out;
    for (const Interval &J : Parts) {
      if (J.second <= I.first || I.second <= J.first) {
        Out.push_back(J);
        continue;
      }
      if (J.first < I.first)
        Out.push_back({J.first, I.first});
      if (I.second < J.second)
        Out.push_back({I.second, J.second});
    }
    Parts = std::move(Out);
  }
  /// The parts of I that this set does not hold.
  std::vector<Interval> missing(Interval I) const {
    std::vector<Interval> Out;
    std::int64_t At = I.first;
    for (const Interval &J : Parts) {
      if (J.second <= At || J.first >= I.second)
        continue;
      if (J.first > At)
        Out.push_back({At, J.first});
      At = std::max(At, J.second);
    }
    if (At < I.second)
      Out.push_back({At, I.second});
    return Out;
  }
  /// The parts of I that this set holds.
  std::vector<Interval> present(Interval I) const {
    std::vector<Interval> Out;
    for (const Interval &J : Parts)
      if (J.first < I.second && I.first < J.second)
        Out.push_back(
            {std::max(J.first, I.first), std::min(J.second, I.second)});
    return Out;
  }

private:
  std::vector<Interval> Parts;
};

/// Data preloaded on a device set, and where each of its bytes is current.
struct SetRange {
  char *Begin;
  std::int64_t Bytes;
  std::vector<DeviceState *> Devices;
  std::vector<IntervalSet> Current; // per device of the set
  IntervalSet HostCurrent;
  unsigned Handles = 1;
};

std::mutex SetLock;
std::vector<SetRange> SetRanges; // under SetLock
std::atomic<bool> AnySetRange{false};

SetRange *findSetRange(const void *Ptr, std::int64_t Bytes) {
  const char *B = static_cast<const char *>(Ptr);
  for (SetRange &R : SetRanges)
    if (B < R.Begin + R.Bytes && R.Begin < B + Bytes)
      return &R;
  return nullptr;
}

Expected<DeviceState &> deviceNumber(int Id) {
  Expected<ArrayRef<std::unique_ptr<DeviceState>>> All = devices();
  if (!All)
    return All.takeError();
  if (Id < 0 || std::size_t(Id) >= All->size())
    return createStringError(
        formatv("device {0} does not exist (the runtime has {1} devices: "
                "OFFLOAD_INFO=2 lists them)",
                Id, All->size())
            .str());
  return *(*All)[Id];
}

/// Makes [Offset, +Bytes) of R current on device D, copying what is not
/// from where it is current. Called with SetLock held.
Error makeCurrent(SetRange &R, unsigned D, std::int64_t Offset,
                  std::int64_t Bytes, TransferStats &Stats) {
  const IntervalSet::Interval Wanted{Offset, Offset + Bytes};
  for (IntervalSet::Interval Piece : R.Current[D].missing(Wanted)) {
    // From the devices that hold it, through the host copy.
    for (unsigned From = 0; From < R.Devices.size(); ++From) {
      if (From == D)
        continue;
      for (IntervalSet::Interval Part : R.Current[From].present(Piece)) {
        for (IntervalSet::Interval Stale : R.HostCurrent.missing(Part)) {
          if (Error E = R.Devices[From]->syncBack(
                  R.Begin + Stale.first, Stale.second - Stale.first, Stats))
            return E;
          R.HostCurrent.add(Stale);
        }
      }
    }
    for (IntervalSet::Interval Part : R.HostCurrent.present(Piece)) {
      if (Error E = R.Devices[D]->update(R.Begin + Part.first,
                                         Part.second - Part.first, Stats))
        return E;
      R.Current[D].add(Part);
    }
    if (!R.Current[D].missing(Piece).empty())
      return createStringError("internal error: preloaded data on a device "
                               "set is current nowhere");
  }
  return Error::success();
}

/// Before the parts run: each part's device gets current copies of the
/// set-preloaded data it maps. After: what a part writes is current only
/// on its device.
Error prepareParts(ArrayRef<detail::rt::LaunchRequest> Parts,
                   ArrayRef<DeviceState *> Devices, TransferStats &Stats) {
  if (!AnySetRange)
    return Error::success();
  std::lock_guard<std::mutex> L(SetLock);
  for (unsigned P = 0; P < Parts.size(); ++P)
    for (unsigned I = 0; I < Parts[P].NumSlots; ++I) {
      const detail::rt::LaunchRequest &R = Parts[P];
      if ((R.Types[I] & detail::MapTypeLiteral) || !R.Ptrs[I] || !R.Sizes[I])
        continue;
      SetRange *S = findSetRange(R.Ptrs[I], R.Sizes[I]);
      if (!S)
        continue;
      auto Member = find(S->Devices, Devices[P]);
      if (Member == S->Devices.end())
        return createStringError(
            formatv("the data at {0} is preloaded on a device set without "
                    "device {1}, which this call runs on",
                    R.Ptrs[I], Devices[P]->info().Id)
                .str());
      const std::int64_t Offset = static_cast<char *>(R.Ptrs[I]) - S->Begin;
      if (Offset < 0 || Offset + R.Sizes[I] > S->Bytes)
        return createStringError(
            formatv("[{0}, +{1} bytes) reaches past the data preloaded on the "
                    "device set",
                    R.Ptrs[I], R.Sizes[I])
                .str());
      if (Error E = makeCurrent(*S, Member - S->Devices.begin(), Offset,
                                R.Sizes[I], Stats))
        return E;
    }
  // Every part has what it reads: now mark what each one writes.
  for (unsigned P = 0; P < Parts.size(); ++P)
    for (unsigned I = 0; I < Parts[P].NumSlots; ++I) {
      const detail::rt::LaunchRequest &R = Parts[P];
      if ((R.Types[I] & detail::MapTypeLiteral) ||
          !(R.Types[I] & detail::MapTypeFrom) || !R.Ptrs[I] || !R.Sizes[I])
        continue;
      SetRange *S = findSetRange(R.Ptrs[I], R.Sizes[I]);
      if (!S)
        continue;
      const unsigned Member = find(S->Devices, Devices[P]) - S->Devices.begin();
      const std::int64_t Offset = static_cast<char *>(R.Ptrs[I]) - S->Begin;
      const IntervalSet::Interval Written{Offset, Offset + R.Sizes[I]};
      for (unsigned D = 0; D < S->Devices.size(); ++D)
        if (D != Member)
          S->Current[D].remove(Written);
      S->HostCurrent.remove(Written);
    }
  return Error::success();
}

/// Whether every data slot of the parts is preloaded on a set: then the
/// parts only queue work, and one thread queues them all.
bool allPreloaded(ArrayRef<detail::rt::LaunchRequest> Parts) {
  if (!AnySetRange)
    return false;
  std::lock_guard<std::mutex> L(SetLock);
  for (const detail::rt::LaunchRequest &R : Parts)
    for (unsigned I = 0; I < R.NumSlots; ++I)
      if (!(R.Types[I] & detail::MapTypeLiteral) && R.Ptrs[I] && R.Sizes[I] &&
          !findSetRange(R.Ptrs[I], R.Sizes[I]))
        return false;
  return true;
}

Expected<std::vector<DeviceState *>> setDevices(const int *Ids, unsigned N);

Error launchPartsImpl(ArrayRef<detail::rt::LaunchRequest> Parts,
                      ArrayRef<int> Ids) {
  Expected<std::vector<DeviceState *>> Found =
      setDevices(Ids.data(), Ids.size());
  if (!Found)
    return Found.takeError();
  const std::vector<DeviceState *> &Devices = *Found;
  if (infoBits() & InfoEvents) {
    // Each set once: the devices a program's set calls run on.
    static std::mutex Lock;
    static std::set<std::vector<int>> Seen;
    std::lock_guard<std::mutex> L(Lock);
    if (Seen.insert(std::vector<int>(Ids.begin(), Ids.end())).second) {
      std::string Names;
      for (DeviceState *D : Devices) {
        const Device &Info = D->info();
        const bool ShowArch =
            !Info.Arch.empty() && Info.Arch != kindName(Info.Kind);
        Names += formatv("{0}{1} ({2}{3}{4})", Names.empty() ? "" : ", ",
                         Info.Id, kindName(Info.Kind), ShowArch ? " " : "",
                         ShowArch ? Info.Arch : "")
                     .str();
      }
      info(InfoEvents, "selected device set of %zu: %s", Devices.size(),
           Names.c_str());
    }
  }
  TransferStats Halo;
  if (Error E = prepareParts(Parts, Devices, Halo))
    return E;
  if (Halo.ToBytes) {
    recordCall(
        Recorded::Preload, [] { return std::string("device set"); }, 0, Halo);
    info(InfoCalls,
         "device set: %llu bytes brought up to date between its devices in "
         "%.1f us",
         static_cast<unsigned long long>(Halo.ToBytes),
         (Halo.ToSeconds + Halo.FromSeconds) * 1e6);
  }
  if (Parts.size() == 1 || allPreloaded(Parts)) {
    for (unsigned P = 0; P < Parts.size(); ++P)
      if (Error E = launchOn(*Devices[P], Parts[P]))
        return E;
    return Error::success();
  }
  // Copies in, the kernel and copies back of each part at once.
  std::vector<std::string> Errors(Parts.size());
  std::vector<std::thread> Threads;
  auto Run = [&](unsigned P) {
    if (Error E = launchOn(*Devices[P], Parts[P]))
      Errors[P] = toString(std::move(E));
  };
  for (unsigned P = 1; P < Parts.size(); ++P)
    Threads.emplace_back(Run, P);
  Run(0);
  for (std::thread &T : Threads)
    T.join();
  for (std::string &Message : Errors)
    if (!Message.empty())
      return createStringError(Message);
  return Error::success();
}

Expected<std::vector<DeviceState *>> setDevices(const int *Ids, unsigned N) {
  std::vector<DeviceState *> Out;
  for (unsigned I = 0; I < N; ++I) {
    Expected<DeviceState &> D = deviceNumber(Ids[I]);
    if (!D)
      return D.takeError();
    if (is_contained(Out, &*D))
      return createStringError(
          formatv("device {0} appears twice in the device set", Ids[I]).str());
    Out.push_back(&*D);
  }
  return Out;
}

/// One device's part of a call on a set: its slots, narrowed to what its
/// slab of threads needs, and where its reductions' results land.
struct SetPart {
  std::vector<void *> Ptrs;
  std::vector<std::int64_t> Sizes, Types, Bias;
  struct alignas(16) Words {
    std::uint64_t W[2];
  };
  std::vector<Words> Results;
};

Error launchOnSetImpl(const detail::rt::SetCall &Call) {
  using detail::rt::SetSlot;
  const detail::rt::LaunchRequest &Whole = Call.Whole;
  if (Call.NumDevices == 0)
    return createStringError("offload() on an empty offload::Devices");
  // A kernel whose threads own other elements on host devices than on GPUs
  // runs on the devices of the first one's kind: mixed, some elements would
  // have two owners and others none.
  std::vector<int> Ids(Call.Devices, Call.Devices + Call.NumDevices);
  if (Call.OneKind) {
    Expected<std::vector<DeviceState *>> Found =
        setDevices(Ids.data(), Ids.size());
    if (!Found)
      return Found.takeError();
    const bool HostImages = Found->front()->info().Caps.HostImages;
    std::vector<int> Kept;
    for (std::size_t I = 0; I < Ids.size(); ++I)
      if ((*Found)[I]->info().Caps.HostImages == HostImages)
        Kept.push_back(Ids[I]);
    Ids = std::move(Kept);
  }
  const unsigned Dim = Whole.OriginDim, N = Whole.NumSlots;
  // Slabs of whole blocks, as even as blocks allow, none empty.
  const std::uint64_t Threads = Whole.Extent[Dim], Step = Whole.Block[Dim];
  const std::uint64_t Blocks = (Threads + Step - 1) / Step;
  const std::uint64_t Devs =
      std::max<std::uint64_t>(1, std::min<std::uint64_t>(Ids.size(), Blocks));
  const std::uint64_t BlocksPerPart =
      std::max<std::uint64_t>(1, (Blocks + Devs - 1) / Devs);
  const std::uint64_t PerPart = BlocksPerPart * Step;
  const unsigned NumParts = static_cast<unsigned>(
      std::max<std::uint64_t>(1, (Blocks + BlocksPerPart - 1) / BlocksPerPart));

  std::vector<SetPart> Parts(NumParts);
  std::vector<detail::rt::LaunchRequest> Requests(NumParts, Whole);
  for (unsigned D = 0; D < NumParts; ++D) {
    SetPart &P = Parts[D];
    P.Ptrs.assign(Whole.Ptrs, Whole.Ptrs + N);
    P.Sizes.assign(Whole.Sizes, Whole.Sizes + N);
    P.Types.assign(Whole.Types, Whole.Types + N);
    P.Bias.assign(N, 0);
    P.Results.resize(N);
    const std::uint64_t First = std::min(Threads, D * PerPart),
                        Last = std::min(Threads, First + PerPart);
    P.Ptrs[Dim] = reinterpret_cast<void *>(Last);
    P.Ptrs[3] = reinterpret_cast<void *>(First);
    for (unsigned I = 0; I < N; ++I) {
      const SetSlot &Slot = Call.Slots[I];
      auto Narrow = [&](detail::rt::PartOf Part, const void *Strategy,
                        std::int64_t Widen) {
        std::uint64_t Span[2];
        Part(Strategy, std::int64_t(First) - Widen, std::int64_t(Last) + Widen,
             Slot.Elements, Span);
        const std::int64_t Offset = std::int64_t(Span[0] * Slot.ElementBytes);
        P.Ptrs[I] = static_cast<char *>(P.Ptrs[I]) + Offset;
        P.Sizes[I] = std::int64_t(Span[1] * Slot.ElementBytes);
        P.Bias[I] = Offset;
      };
      switch (Slot.How) {
      case SetSlot::Whole:
        break;
      case SetSlot::Split:
        Narrow(Slot.Part, Slot.Strategy, 0);
        break;
      case SetSlot::Halo:
        if (!Call.SplitPart || Slot.Elements != Call.SplitElements)
          return createStringError(
              formatv("offload::halo() data of {0} elements in a call whose "
                      "Region or Range of {1} elements would split it: "
                      "halo() data is split as that Region is, and must have "
                      "its size",
                      Slot.Elements, Call.SplitElements)
                  .str());
        Narrow(Call.SplitPart, Call.SplitStrategy, Slot.HaloWidth);
        break;
      case SetSlot::Reduction: {
        // The device's result starts as the identity, here and in the
        // value the kernel combines with (the slots after this one).
        std::copy(std::begin(Slot.Identity), std::end(Slot.Identity),
                  P.Results[I].W);
        P.Ptrs[I] = P.Results[I].W;
        const unsigned Words = (Slot.ElementBytes + 7) / 8;
        for (unsigned W = 0; W < Words && I + 1 + W < N; ++W)
          P.Ptrs[I + 1 + W] = reinterpret_cast<void *>(Slot.Identity[W]);
        break;
      }
      }
    }
    detail::rt::LaunchRequest &R = Requests[D];
    R.Extent[Dim] = Last;
    R.Ptrs = P.Ptrs.data();
    R.Sizes = P.Sizes.data();
    R.Types = P.Types.data();
    R.Origin = First;
    R.Bias = P.Bias.data();
  }
  if (Error E = launchPartsImpl(Requests, ArrayRef(Ids.data(), NumParts)))
    return E;
  // Each reduction: the value before the call, then each device's result.
  for (unsigned I = 0; I < N; ++I)
    if (Call.Slots[I].How == SetSlot::Reduction)
      for (const SetPart &P : Parts)
        Call.Slots[I].Combine(Call.Slots[I].Result, P.Results[I].W);
  return Error::success();
}

Error preloadOnSetImpl(const int *Ids, unsigned N, void *Data,
                       std::int64_t Bytes) {
  if (!Data || Bytes <= 0)
    return Error::success();
  Expected<std::vector<DeviceState *>> Devices = setDevices(Ids, N);
  if (!Devices)
    return Devices.takeError();
  std::lock_guard<std::mutex> L(SetLock);
  if (SetRange *R = findSetRange(Data, Bytes)) {
    if (R->Begin != Data || R->Bytes != Bytes || R->Devices != *Devices)
      return createStringError(
          "it overlaps data preloaded on a device set without being the "
          "same data on the same devices");
    ++R->Handles;
    return Error::success();
  }
  for (DeviceState *D : *Devices)
    if (D->overlapsPreloaded(Data, Bytes))
      return createStringError(formatv("it is already preloaded on device {0} "
                                       "alone",
                                       D->info().Id)
                                   .str());
  TransferStats Stats;
  SetRange R{static_cast<char *>(Data), Bytes, *Devices, {}, {}};
  for (DeviceState *D : *Devices) {
    if (Error E = D->preload(Data, Bytes, Stats))
      return E;
    R.Current.emplace_back();
    R.Current.back().add({0, Bytes});
  }
  R.HostCurrent.add({0, Bytes});
  SetRanges.push_back(std::move(R));
  AnySetRange = true;
  recordCall(
      Recorded::Preload, [] { return std::string("preload"); }, 0, Stats);
  return Error::success();
}

/// Makes the host copy of R current.
Error syncSetRange(SetRange &R, TransferStats &Stats) {
  for (unsigned From = 0; From < R.Devices.size(); ++From)
    for (IntervalSet::Interval Part : R.Current[From].present({0, R.Bytes}))
      for (IntervalSet::Interval Stale : R.HostCurrent.missing(Part)) {
        if (Error E = R.Devices[From]->syncBack(
                R.Begin + Stale.first, Stale.second - Stale.first, Stats))
          return E;
        R.HostCurrent.add(Stale);
      }
  return Error::success();
}

Error syncOnSetImpl(void *Data, std::int64_t Bytes) {
  std::lock_guard<std::mutex> L(SetLock);
  SetRange *R = findSetRange(Data, Bytes);
  if (!R)
    return createStringError("it is not preloaded on a device set");
  TransferStats Stats;
  if (Error E = syncSetRange(*R, Stats))
    return E;
  recordCall(
      Recorded::Preload, [] { return std::string("preload"); }, 0, Stats);
  return Error::success();
}

Error unpreloadOnSetImpl(void *Data, std::int64_t Bytes, bool Mutable) {
  std::lock_guard<std::mutex> L(SetLock);
  SetRange *R = findSetRange(Data, Bytes);
  if (!R)
    return createStringError("it is not preloaded on a device set");
  TransferStats Stats;
  if (Mutable)
    if (Error E = syncSetRange(*R, Stats))
      return E;
  if (--R->Handles)
    return Error::success();
  for (DeviceState *D : R->Devices)
    if (Error E = D->unpreload(Data, Bytes, /*Mutable=*/false, Stats))
      return E;
  SetRanges.erase(SetRanges.begin() + (R - SetRanges.data()));
  AnySetRange = !SetRanges.empty();
  recordCall(
      Recorded::Preload, [] { return std::string("preload"); }, 0, Stats);
  return Error::success();
}

Error withData(const char *What, void *Data, std::int64_t Bytes, Error E) {
  if (!E)
    return E;
  return createStringError(formatv("{0} of the data at {1} ({2} bytes) on a "
                                   "device set: {3}",
                                   What, Data, Bytes, toString(std::move(E)))
                               .str());
}

} // namespace

Error checkNotOnSet(const detail::rt::LaunchRequest &R) {
  if (!AnySetRange)
    return Error::success();
  std::lock_guard<std::mutex> L(SetLock);
  for (unsigned I = 0; I < R.NumSlots; ++I)
    if (!(R.Types[I] & detail::MapTypeLiteral) && R.Ptrs[I] && R.Sizes[I] &&
        findSetRange(R.Ptrs[I], R.Sizes[I]))
      return createStringError(
          formatv("the data at {0} is preloaded on a device set, and this "
                  "call runs on one device; pass the same offload::Devices "
                  "to the call, or release the handle first",
                  R.Ptrs[I])
              .str());
  return Error::success();
}

bool onSet(const void *Data, std::int64_t Bytes) {
  if (!AnySetRange)
    return false;
  std::lock_guard<std::mutex> L(SetLock);
  return findSetRange(Data, Bytes) != nullptr;
}

} // namespace offload::rt

namespace offload::detail::rt {

void launchOnSet(const SetCall &Call) {
  if (Error E = offload::rt::launchOnSetImpl(Call))
    offload::rt::fatal(std::move(E));
}

unsigned allDevices(int *Out, unsigned Max) {
  using namespace offload::rt;
  Expected<ArrayRef<std::unique_ptr<DeviceState>>> All = devices();
  if (!All)
    fatal(All.takeError());
  // OFFLOAD_DEVICE narrows the set as it picks the device of other calls:
  // a kind to the devices of that kind, a number to that device.
  const char *Env = std::getenv("OFFLOAD_DEVICE");
  Expected<DeviceRequest> Request = parseDeviceRequest(Env ? Env : "");
  if (!Request)
    fatal(Request.takeError());
  if (Request->How == DeviceRequest::ByNumber) {
    if (Request->Number >= int(All->size()))
      fatal(createStringError(formatv("OFFLOAD_DEVICE={0}, but there are "
                                      "only {1} device(s)",
                                      Request->Number, All->size())
                                  .str()));
    Out[0] = Request->Number;
    return Max ? 1 : 0;
  }
  const std::vector<std::string> Targets = Registry::get().targets();
  auto Pick = [&](auto Wanted) {
    unsigned N = 0;
    for (const std::unique_ptr<DeviceState> &D : *All) {
      const Device &Info = D->info();
      if (!Wanted(Info.Kind) || imageFor(Targets, Info.Arch).empty())
        continue;
      if (N < Max)
        Out[N] = Info.Id;
      ++N;
    }
    return std::min(N, Max);
  };
  auto IsHost = [](DeviceKind K) { return K == DeviceKind::Host; };
  unsigned N = 0;
  switch (Request->How) {
  case DeviceRequest::ByKind:
    N = Pick([&](DeviceKind K) { return K == Request->Kind; });
    break;
  case DeviceRequest::AnyGpu:
    N = Pick(isGpu);
    break;
  default:
    N = Pick(isGpu);
    if (!N)
      N = Pick(IsHost);
  }
  if (!N)
    fatal(createStringError(formatv("offload::Devices::all(): OFFLOAD_DEVICE="
                                    "{0} names no device that has an image of "
                                    "this program ([{1}])",
                                    Env, join(Targets, ","))
                                .str()));
  return N;
}

int deviceCount() {
  using namespace offload::rt;
  Expected<ArrayRef<std::unique_ptr<DeviceState>>> All = devices();
  if (!All)
    fatal(All.takeError());
  return static_cast<int>(All->size());
}

void preloadOnSet(const int *Devices, unsigned NumDevices, void *Data,
                  std::int64_t Bytes) {
  using namespace offload::rt;
  if (Error E = withData("preload", Data, Bytes,
                         preloadOnSetImpl(Devices, NumDevices, Data, Bytes)))
    fatal(std::move(E));
}

void syncPreloadedOnSet(void *Data, std::int64_t Bytes) {
  using namespace offload::rt;
  if (Error E = withData("sync", Data, Bytes, syncOnSetImpl(Data, Bytes)))
    fatal(std::move(E));
}

void unpreloadOnSet(void *Data, std::int64_t Bytes, bool Mutable) {
  using namespace offload::rt;
  if (Error E = withData("release", Data, Bytes,
                         unpreloadOnSetImpl(Data, Bytes, Mutable)))
    fatal(std::move(E));
}

} // namespace offload::detail::rt
