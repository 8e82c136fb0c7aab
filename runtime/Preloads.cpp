//===- runtime/Preloads.cpp - Data kept on a device between calls ---------===//
//
// preload()/preload_mut() handles, and the plugin's automatic residency,
// keep ranges of host memory on a device; calls that map data inside a
// range use the device's copy instead of copying.
//
//===----------------------------------------------------------------------===//

#include "DeviceState.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <offload/detail/abi.hpp>

using namespace llvm;

namespace offload::rt {

Expected<void *> DeviceState::preloadedAddress(const void *Ptr,
                                               std::int64_t Bytes) {
  std::lock_guard<std::mutex> L(Lock);
  return preloadedAddressLocked(Ptr, Bytes);
}

Error DeviceState::preloadedAddresses(const detail::rt::LaunchRequest &R,
                                      void **Addresses) {
  std::lock_guard<std::mutex> L(Lock);
  for (unsigned I = 0; I < R.NumSlots; ++I) {
    Addresses[I] = nullptr;
    if (Ranges.empty() || (R.Types[I] & detail::MapTypeLiteral) || !R.Ptrs[I] ||
        R.Sizes[I] == 0)
      continue;
    Expected<void *> A = preloadedAddressLocked(R.Ptrs[I], R.Sizes[I]);
    if (!A)
      return A.takeError();
    Addresses[I] = *A;
  }
  return Error::success();
}

bool DeviceState::overlapsPreloaded(const void *Ptr, std::int64_t Bytes) {
  const char *B = static_cast<const char *>(Ptr), *E = B + Bytes;
  std::lock_guard<std::mutex> L(Lock);
  return any_of(Ranges, [&](const PreloadedRange &R) {
    return B < R.End && R.Begin < E;
  });
}

Expected<void *> DeviceState::preloadedAddressLocked(const void *Ptr,
                                                     std::int64_t Bytes) {
  const char *B = static_cast<const char *>(Ptr), *E = B + Bytes;
  for (const PreloadedRange &R : Ranges) {
    if (E <= R.Begin || R.End <= B)
      continue;
    if (R.Begin <= B && E <= R.End)
      return R.DeviceBegin + (B - R.Begin);
    return createStringError(
        formatv("[{0}, +{1} bytes) overlaps the preloaded [{2}, +{3} bytes) "
                "without being inside it",
                Ptr, Bytes, static_cast<const void *>(R.Begin), R.End - R.Begin)
            .str());
  }
  return nullptr;
}

Error DeviceState::preload(void *Ptr, std::int64_t Bytes, TransferStats &Stats,
                           bool CopyIn) {
  if (!Ptr || Bytes == 0)
    return Error::success();
  const char *B = static_cast<const char *>(Ptr), *E = B + Bytes;
  auto Same = [&](const PreloadedRange &R) {
    return R.Begin == B && R.End == E;
  };
  // Looking for the range and adding it happen under one hold of the lock,
  // so that two threads preloading the same data add it once; the device
  // memory is allocated outside the lock, before a second look.
  void *Device = nullptr;
  while (true) {
    std::unique_lock<std::mutex> L(Lock);
    auto Found = find_if(Ranges, [&](const PreloadedRange &R) {
      return B < R.End && R.Begin < E;
    });
    if (Found != Ranges.end()) {
      if (!Same(*Found))
        return createStringError(
            formatv("[{0}, +{1} bytes) overlaps the preloaded [{2}, +{3} "
                    "bytes) without being the same range as it",
                    Ptr, Bytes, static_cast<const void *>(Found->Begin),
                    Found->End - Found->Begin)
                .str());
      ++Found->Handles;
      // Another thread may still be copying it there.
      RangeReady.wait(L, [&] {
        auto It = find_if(Ranges, Same);
        return It == Ranges.end() || It->Ready;
      });
      const bool Present = any_of(Ranges, Same);
      L.unlock();
      if (Device)
        release(Device, Bytes);
      if (!Present)
        return createStringError("the preload of the same data on another "
                                 "thread failed");
      return Error::success();
    }
    if (Device) {
      Ranges.push_back({B, E, static_cast<char *>(Device), 1, false});
      break;
    }
    L.unlock();
    Expected<void *> Allocated = allocate(Bytes);
    if (!Allocated)
      return Allocated.takeError();
    Device = *Allocated;
  }
  double T0 = now();
  auto CopyToDevice = [&]() -> Error {
    if (Error E = transfer(Device, Ptr, Bytes, CopyDirection::ToDevice))
      return E;
    return waitQueued();
  };
  Error Copied = CopyIn ? CopyToDevice() : Error::success();
  {
    std::lock_guard<std::mutex> L(Lock);
    auto It = find_if(Ranges, Same);
    if (Copied)
      Ranges.erase(It);
    else
      It->Ready = true;
  }
  RangeReady.notify_all();
  if (Copied) {
    release(Device, Bytes);
    return Copied;
  }
  if (CopyIn) {
    Stats.ToSeconds += now() - T0;
    Stats.ToBytes += Bytes;
  }
  return Error::success();
}

Error DeviceState::copyPreloaded(void *Ptr, std::int64_t Bytes,
                                 CopyDirection Direction,
                                 TransferStats &Stats) {
  if (!Ptr || Bytes == 0)
    return Error::success();
  Expected<void *> Device = preloadedAddress(Ptr, Bytes);
  if (!Device)
    return Device.takeError();
  if (!*Device)
    return createStringError(
        formatv("{0} is not preloaded on device {1}", Ptr, Info.Id).str());
  const bool Back = Direction == CopyDirection::FromDevice;
  double T0 = now();
  if (Error E = Back ? transfer(Ptr, *Device, Bytes, Direction)
                     : transfer(*Device, Ptr, Bytes, Direction))
    return E;
  if (Error E = waitQueued())
    return E;
  (Back ? Stats.FromSeconds : Stats.ToSeconds) += now() - T0;
  (Back ? Stats.FromBytes : Stats.ToBytes) += Bytes;
  return Error::success();
}

Error DeviceState::syncBack(void *Ptr, std::int64_t Bytes,
                            TransferStats &Stats) {
  return copyPreloaded(Ptr, Bytes, CopyDirection::FromDevice, Stats);
}

Error DeviceState::update(void *Ptr, std::int64_t Bytes, TransferStats &Stats) {
  return copyPreloaded(Ptr, Bytes, CopyDirection::ToDevice, Stats);
}

Error DeviceState::unpreload(void *Ptr, std::int64_t Bytes, bool Mutable,
                             TransferStats &Stats) {
  if (!Ptr || Bytes == 0)
    return Error::success();
  // Releasing a mutable handle always leaves the host copy current.
  if (Mutable)
    if (Error E = syncBack(Ptr, Bytes, Stats))
      return E;
  void *Device = nullptr;
  {
    std::lock_guard<std::mutex> L(Lock);
    auto It = find_if(Ranges, [&](const PreloadedRange &R) {
      return R.Begin == Ptr && R.End == static_cast<const char *>(Ptr) + Bytes;
    });
    if (It == Ranges.end())
      return createStringError(
          formatv("{0} is not preloaded on device {1}", Ptr, Info.Id).str());
    if (--It->Handles == 0) {
      Device = It->DeviceBegin;
      Ranges.erase(It);
    }
  }
  if (!Device)
    return Error::success();
  // Kernels queued on the data (by any thread) finish before it goes.
  if (Error E = waitQueued())
    return E;
  release(Device, Bytes);
  return Error::success();
}

} // namespace offload::rt
