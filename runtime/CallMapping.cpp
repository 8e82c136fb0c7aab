//===- runtime/CallMapping.cpp - One call's arguments on a device --------===//

#include "CallMapping.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <offload/detail/abi.hpp>

#include <cstring>

using namespace llvm;

namespace offload::rt {

/// Every argument that is not preloaded gets a device copy of its own: two
/// arguments whose host data overlap, one of them written, would see each
/// other's writes on the host but not on a GPU (what the plugin rejects at
/// compile time where it sees it). Preloaded data is one device copy (the
/// launch checks that no kernel writes it through two parameters), and a
/// copied range cannot overlap a preloaded one (preloadedAddresses rejects
/// that), so only the copied ranges are checked: a staged loop's launches
/// have none. Sorted by start, a range overlaps an earlier one exactly when
/// it starts before the furthest end so far.
static Error checkHostSharing(const detail::rt::LaunchRequest &R,
                              ArrayRef<void *> Preloaded,
                              function_ref<std::string(unsigned)> SlotName) {
  struct HostRange {
    std::uintptr_t Begin, End;
    unsigned Slot;
    bool Writes;
  };
  SmallVector<HostRange, 16> Ranges;
  bool AnyWrites = false;
  for (unsigned I = 0; I < R.NumSlots; ++I) {
    if ((R.Types[I] & detail::MapTypeLiteral) || !R.Ptrs[I] ||
        R.Sizes[I] <= 0 || Preloaded[I])
      continue;
    const auto Begin = reinterpret_cast<std::uintptr_t>(R.Ptrs[I]);
    const bool Writes = R.Types[I] & detail::MapTypeFrom;
    Ranges.push_back({Begin, Begin + std::uintptr_t(R.Sizes[I]), I, Writes});
    AnyWrites |= Writes;
  }
  if (!AnyWrites || Ranges.size() < 2)
    return Error::success();
  llvm::sort(Ranges, [](const HostRange &A, const HostRange &B) {
    return A.Begin < B.Begin;
  });
  const HostRange *Furthest = nullptr, *FurthestWriter = nullptr;
  for (const HostRange &Next : Ranges) {
    const HostRange *Other =
        Next.Writes ? Furthest : FurthestWriter; // the one it may overlap
    if (Other && Next.Begin < Other->End)
      return createStringError(
          formatv("the data of {0} and {1} overlap in host memory, and the "
                  "kernel may write {2}: each gets a device copy of its own, "
                  "so one would not see the other's writes; pass the data "
                  "once, or views that do not overlap",
                  SlotName(std::min(Other->Slot, Next.Slot)),
                  SlotName(std::max(Other->Slot, Next.Slot)),
                  SlotName(Next.Writes ? Next.Slot : Other->Slot))
              .str());
    if (!Furthest || Next.End > Furthest->End)
      Furthest = &Next;
    if (Next.Writes && (!FurthestWriter || Next.End > FurthestWriter->End))
      FurthestWriter = &Next;
  }
  return Error::success();
}

Error CallMapping::enter(DeviceState &D, const detail::rt::LaunchRequest &R,
                         std::uint64_t *Values,
                         function_ref<std::string(unsigned)> SlotName) {
  Dev = &D;
  SmallVector<void *, 16> Preloaded(R.NumSlots);
  if (Error E = D.preloadedAddresses(R, Preloaded.data()))
    return E;
  if (Error E = checkHostSharing(R, Preloaded, SlotName))
    return E;
  for (unsigned I = 0; I < R.NumSlots; ++I) {
    Values[I] = reinterpret_cast<std::uint64_t>(R.Ptrs[I]);
    if (R.Types[I] & detail::MapTypeLiteral)
      continue;
    void *Host = R.Ptrs[I];
    std::int64_t Bytes = R.Sizes[I];
    if (!Host || Bytes == 0) {
      Values[I] = 0;
      continue;
    }
    if (Preloaded[I]) {
      Values[I] = reinterpret_cast<std::uint64_t>(Preloaded[I]);
      Args.push_back({I, Host, Preloaded[I], Bytes, R.Types[I], true});
      Stats.KeptBytes += Bytes * (((R.Types[I] & detail::MapTypeTo) != 0) +
                                  ((R.Types[I] & detail::MapTypeFrom) != 0));
      continue;
    }
    // Small data is packed into the call's scratch: data that goes in (and
    // perhaps back) in its lower half, copied each way in one piece. A
    // result that only comes back (a reduction's) goes to the upper half,
    // where on a CUDA GPU the kernel writes the page-locked host memory
    // itself, over the bus: no copy back, only the wait.
    constexpr std::size_t Align = 256, Half = DeviceState::ScratchBytes / 2;
    const bool ResultOnly = !(R.Types[I] & detail::MapTypeTo);
    std::size_t &End = ResultOnly ? ResultsPacked : Packed;
    if (std::size_t(Bytes) <= DeviceState::ScratchBytes / 4 &&
        alignTo(End, Align) + Bytes <= Half) {
      if (!Scratch) {
        Expected<std::optional<DeviceState::Scratch>> S = D.takeScratch();
        if (!S)
          return S.takeError();
        Scratch = *S;
      }
      if (Scratch) {
        const std::size_t Offset =
            (ResultOnly ? Half : 0) + alignTo(End, Align);
        End = alignTo(End, Align) + Bytes;
        char *Device =
            (ResultOnly && resultsOnHost() ? Scratch->Host : Scratch->Device) +
            Offset;
        Values[I] = reinterpret_cast<std::uint64_t>(Device);
        Args.push_back({I, Host, Device, Bytes, R.Types[I], false});
        Args.back().ScratchOffset = Offset;
        if (!ResultOnly) {
          std::memcpy(Scratch->Host + Offset, Host, Bytes);
          Stats.ToBytes += Bytes;
        }
        continue;
      }
    }
    Expected<void *> Device = D.allocate(Bytes);
    if (!Device)
      return Device.takeError();
    Temporaries.emplace_back(*Device, Bytes);
    Values[I] = reinterpret_cast<std::uint64_t>(*Device);
    Args.push_back({I, Host, *Device, Bytes, R.Types[I], false});
    if (!(R.Types[I] & detail::MapTypeTo))
      continue;
    double T0 = now();
    if (Error E = D.transfer(*Device, Host, Bytes, CopyDirection::ToDevice))
      return E;
    Args.back().ToSeconds = now() - T0;
    Stats.ToSeconds += Args.back().ToSeconds;
    Stats.ToBytes += Bytes;
  }
  if (Packed) {
    double T0 = now();
    if (Error E = Dev->backend().copy(Scratch->Device, Scratch->Host, Packed,
                                      CopyDirection::ToDevice))
      return E;
    Stats.ToSeconds += now() - T0;
  }
  return Error::success();
}

CallMapping::~CallMapping() {
  if (Scratch)
    Dev->returnScratch(*std::exchange(Scratch, std::nullopt));
  for (auto [Ptr, Bytes] : Temporaries)
    Dev->release(Ptr, Bytes);
}

Error CallMapping::exit() {
  double T0 = now();
  bool PackedBack = false;
  for (Argument &A : Args) {
    if (A.Preloaded || !(A.Type & detail::MapTypeFrom))
      continue;
    if (A.ScratchOffset != ~std::size_t(0)) {
      PackedBack |= A.ScratchOffset < DeviceState::ScratchBytes / 2;
      continue;
    }
    double Start = now();
    if (Error E =
            Dev->transfer(A.Host, A.Device, A.Bytes, CopyDirection::FromDevice))
      return E;
    A.FromSeconds = now() - Start;
    Stats.FromBytes += A.Bytes;
  }
  auto CopyBack = [&](std::size_t Offset, std::size_t Bytes) {
    return Dev->backend().copy(Scratch->Host + Offset, Scratch->Device + Offset,
                               Bytes, CopyDirection::FromDevice);
  };
  if (PackedBack)
    if (Error E = CopyBack(0, Packed))
      return E;
  if (ResultsPacked && !resultsOnHost())
    if (Error E = CopyBack(DeviceState::ScratchBytes / 2, ResultsPacked))
      return E;
  // Copies still in flight land, and the kernel ends, before the call does.
  if (Error E = Dev->waitQueued())
    return E;
  for (Argument &A : Args)
    if (A.ScratchOffset != ~std::size_t(0) && (A.Type & detail::MapTypeFrom)) {
      std::memcpy(A.Host, Scratch->Host + A.ScratchOffset, A.Bytes);
      Stats.FromBytes += A.Bytes;
    }
  if (Scratch)
    Dev->returnScratch(*std::exchange(Scratch, std::nullopt));
  if (Stats.FromBytes)
    Stats.FromSeconds += now() - T0;
  for (auto [Ptr, Bytes] : Temporaries)
    Dev->release(Ptr, Bytes);
  Temporaries.clear();
  return Error::success();
}
} // namespace offload::rt
