//===- runtime/DeviceState.cpp - A device's memory, copies and waits ------===//
//
// Device memory comes from a per-device cache of freed blocks; copies of
// host memory go directly (small data, memory from offload::pinned_allocator,
// devices without memory of their own) or through the bounce buffers (large
// pageable data, BounceBuffers.h).
//
//===----------------------------------------------------------------------===//

#include "DeviceState.h"
#include "BounceBuffers.h"
#include "Devices.h"
#include "Pinned.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;

namespace offload::rt {

namespace {

/// Freed device blocks up to this size class are kept for reuse, up to
/// CacheLimit bytes per device.
constexpr std::size_t LargestCachedBlock = 256 << 20, CacheLimit = 1ull << 30;

/// Blocks are cached by size class: powers of two up to 1 MiB, above that
/// steps of an eighth of the next power of two, so that a block is less
/// than a quarter larger than asked for.
std::size_t sizeClass(std::size_t Bytes) {
  const std::size_t Pow2 = std::max<std::size_t>(256, PowerOf2Ceil(Bytes));
  return Pow2 <= (1 << 20) ? Pow2 : alignTo(Bytes, Pow2 / 8);
}

} // namespace

DeviceState::DeviceState(DeviceEntry E)
    : Info(std::move(E.Info)), Driver(std::move(E.Driver)) {
  Driver->describeAs([this] { return describe(); });
}

std::string DeviceState::describe() const {
  std::string S = formatv("device {0} ({1})", Info.Id, kindName(Info.Kind));
  std::string Names;
  for (const std::atomic<const char *> &Slot : PendingNames)
    if (const char *Name = Slot.load(std::memory_order_relaxed))
      Names += (Names.empty() ? "'" : ", '") + std::string(Name) + "'";
  if (!Names.empty())
    S += formatv(", where {0} kernel(s) were queued since the last wait "
                 "({1})",
                 PendingKernels.load(std::memory_order_relaxed), Names);
  return S;
}

DeviceState::~DeviceState() = default;

Expected<std::optional<DeviceState::Scratch>> DeviceState::takeScratch() {
  if (!Info.Caps.SeparateMemory)
    return std::nullopt;
  {
    std::lock_guard<std::mutex> L(Lock);
    if (!FreeScratch.empty()) {
      Scratch S = FreeScratch.back();
      FreeScratch.pop_back();
      return S;
    }
  }
  Expected<void *> Host = Driver->alloc(ScratchBytes, /*Host=*/true);
  if (!Host)
    return Host.takeError();
  Expected<void *> Device = Driver->alloc(ScratchBytes);
  if (!Device) {
    consumeError(Driver->free(*Host));
    return Device.takeError();
  }
  return Scratch{static_cast<char *>(*Host), static_cast<char *>(*Device)};
}

void DeviceState::returnScratch(Scratch S) {
  std::lock_guard<std::mutex> L(Lock);
  FreeScratch.push_back(S);
}

Expected<void *> DeviceState::allocate(std::size_t Bytes) {
  const std::size_t Class = sizeClass(Bytes);
  {
    std::lock_guard<std::mutex> L(Lock);
    if (auto It = FreeBlocks.find(Class); It != FreeBlocks.end()) {
      void *Block = It->second;
      FreeBlocks.erase(It);
      CachedBytes -= Class;
      return Block;
    }
  }
  Expected<void *> Block =
      Driver->alloc(Class <= LargestCachedBlock ? Class : Bytes);
  if (Block)
    return Block;
  // Out of memory, perhaps: give the cached blocks back and try once more.
  consumeError(Block.takeError());
  std::multimap<std::size_t, void *> Cached;
  {
    std::lock_guard<std::mutex> L(Lock);
    Cached.swap(FreeBlocks);
    CachedBytes = 0;
  }
  for (auto &[Size, Ptr] : Cached)
    consumeError(Driver->free(Ptr));
  Block = Driver->alloc(Class <= LargestCachedBlock ? Class : Bytes);
  if (!Block)
    return createStringError(
        formatv("could not allocate {0} bytes ({1:f1} GiB) of device memory: "
                "{2}",
                Bytes, Bytes / double(1 << 30), toString(Block.takeError()))
            .str());
  return Block;
}

void DeviceState::release(void *Ptr, std::size_t Bytes) {
  const std::size_t Class = sizeClass(Bytes);
  {
    std::lock_guard<std::mutex> L(Lock);
    if (Class <= LargestCachedBlock && CachedBytes + Class <= CacheLimit) {
      FreeBlocks.emplace(Class, Ptr);
      CachedBytes += Class;
      return;
    }
  }
  consumeError(Driver->free(Ptr));
}

Error DeviceState::transfer(void *Dst, const void *Src, std::size_t Bytes,
                            CopyDirection Direction) {
  if (tracing()) {
    const double Start = now();
    Error E = transferUntraced(Dst, Src, Bytes, Direction);
    traceSpan("copy",
              Direction == CopyDirection::ToDevice ? "copy to the device"
                                                   : "copy from the device",
              Info, Start, now() - Start, Bytes);
    return E;
  }
  return transferUntraced(Dst, Src, Bytes, Direction);
}

Error DeviceState::transferUntraced(void *Dst, const void *Src,
                                    std::size_t Bytes,
                                    CopyDirection Direction) {
  const void *Host = Direction == CopyDirection::ToDevice ? Src : Dst;
  if (Info.Caps.SeparateMemory && BounceBuffers::takes(Bytes) &&
      !isPinned(Host, Bytes)) {
    BounceBuffers *Buffers;
    {
      std::lock_guard<std::mutex> L(Lock);
      if (!Bounce)
        Bounce = std::make_unique<BounceBuffers>(*Driver);
      Buffers = Bounce.get();
    }
    return Buffers->copy(static_cast<char *>(Dst),
                         static_cast<const char *>(Src), Bytes, Direction);
  }
  return Driver->copy(Dst, Src, Bytes, Direction);
}

void DeviceState::queued(const char *Kernel) {
  PendingKernels.fetch_add(1, std::memory_order_relaxed);
  for (std::atomic<const char *> &Slot : PendingNames) {
    const char *Seen = Slot.load(std::memory_order_relaxed);
    if (Seen == Kernel ||
        (!Seen &&
         (Slot.compare_exchange_strong(Seen, Kernel) || Seen == Kernel)))
      return;
  }
}

Error DeviceState::finishWait(Error E) {
  const std::size_t Pending = PendingKernels.exchange(0);
  SmallVector<const char *, 4> Names;
  for (std::atomic<const char *> &Slot : PendingNames)
    if (const char *Name = Slot.exchange(nullptr))
      Names.push_back(Name);
  if (!E)
    return Error::success();
  std::string Which;
  if (Pending == 1 && !Names.empty())
    Which = formatv("kernel '{0}'", Names.front()).str();
  else if (Pending > 1 && !Names.empty())
    Which = formatv("one of the {0} kernels queued since the last wait "
                    "('{1}'{2})",
                    Pending, join(Names, "', '"),
                    Names.size() == PendingNames.size() ? ", ..." : "")
                .str();
  else
    Which = "the device";
  return createStringError(formatv("{0} failed on device {1} ({2}): {3}", Which,
                                   Info.Id, kindName(Info.Kind),
                                   toString(std::move(E)))
                               .str());
}

Error DeviceState::waitQueued() {
  const double Start = tracing() ? now() : 0;
  Error E = finishWait(Driver->waitOwn());
  if (tracing())
    traceSpan("wait", "wait for the device", Info, Start, now() - Start);
  return E;
}

Error DeviceState::synchronize() {
  const double Start = tracing() ? now() : 0;
  Error E = finishWait(Driver->synchronize());
  if (tracing())
    traceSpan("wait", "wait for the device", Info, Start, now() - Start);
  return E;
}

void DeviceState::releaseCaches() {
  std::lock_guard<std::mutex> L(Lock);
  for (auto &[Size, Ptr] : FreeBlocks)
    consumeError(Driver->free(Ptr));
  FreeBlocks.clear();
  CachedBytes = 0;
  for (Scratch S : FreeScratch) {
    consumeError(Driver->free(S.Host));
    consumeError(Driver->free(S.Device));
  }
  FreeScratch.clear();
  Bounce.reset();
}

} // namespace offload::rt
