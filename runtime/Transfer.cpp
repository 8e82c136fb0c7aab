//===- runtime/Transfer.cpp - Device state, memory and copies -------------===//
//
// Every call puts the arguments that are not preloaded on the device itself
// (device memory from a per-device cache, copies queued on the device's
// queue), launches with the device addresses as plain values, then copies
// back, waits and returns the memory. Copies of host memory go one of two
// ways:
//   - directly, for small data, for memory from offload::pinned_allocator
//     (page-locked already) and on the host device;
//   - through bounce buffers: large pageable data is copied by several
//     threads into page-locked buffers while the previous chunk is on the
//     bus. GPUs copy page-locked memory several times faster than pageable.
// OFFLOAD_TRANSFER=direct turns the bounce buffers off.
//
//===----------------------------------------------------------------------===//

#include "CopyPool.h"
#include "Runtime.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <offload/detail/params.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <thread>

using namespace llvm;

namespace offload::rt {

namespace {

/// Copies of host data at least this large go through the bounce buffers.
constexpr std::size_t BounceThreshold = 1 << 20;
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

bool bounceBuffersEnabled() {
  static const bool Enabled = [] {
    const char *V = std::getenv("OFFLOAD_TRANSFER");
    StringRef Mode = V ? StringRef(V).trim() : "";
    if (Mode == "direct")
      return false;
    if (!Mode.empty() && Mode != "bounce")
      fatal(createStringError(
          formatv("OFFLOAD_TRANSFER='{0}' is not a transfer mode: use bounce "
                  "or direct",
                  Mode)
              .str()));
    return true;
  }();
  return Enabled;
}

} // namespace

/// Page-locked chunks of one GPU and the threads that fill and drain them:
/// while one chunk is filled (or drained) by the threads, the ones before it
/// are on the bus. One copy uses them at a time.
class BounceBuffers {
public:
  /// Four buffers of 8 MiB, filled by up to 12 threads: measured on the
  /// H200's 16-core host (benchmarks/interfaces/RESULTS.md).
  static constexpr std::size_t NumBuffers = 4, MaxChunkBytes = 8 << 20;

  BounceBuffers(Backend &B)
      : B(B),
        Pool(std::clamp(std::thread::hardware_concurrency() * 3 / 4, 1u, 12u)) {
  }
  ~BounceBuffers() {
    for (void *Buffer : Buffers)
      if (Buffer)
        consumeError(B.free(Buffer));
  }

  Error copy(char *Dst, const char *Src, std::size_t Bytes, CopyDirection Dir) {
    std::lock_guard<std::mutex> L(M);
    // Smaller copies take smaller chunks, so that several are in flight.
    ChunkBytes = std::clamp<std::size_t>(
        std::size_t(1) << Log2_64(std::max<std::size_t>(Bytes / 4, 1)),
        512 << 10, MaxChunkBytes);
    // Buffers grow with the chunks: page-locking memory costs time, which a
    // program that copies a few MiB should not pay for 32 MiB.
    const std::size_t Used =
        std::min(NumBuffers, divideCeil(Bytes, ChunkBytes));
    for (std::size_t I = 0; I < Used; ++I) {
      if (BufferBytes[I] >= ChunkBytes)
        continue;
      if (Buffers[I])
        consumeError(B.free(std::exchange(Buffers[I], nullptr)));
      BufferBytes[I] = 0;
      Expected<void *> P = B.alloc(ChunkBytes, /*Host=*/true);
      if (!P)
        return P.takeError();
      Buffers[I] = *P;
      BufferBytes[I] = ChunkBytes;
    }
    Pool.hold(true);
    Error Result = Dir == CopyDirection::ToDevice ? toDevice(Dst, Src, Bytes)
                                                  : toHost(Dst, Src, Bytes);
    for (void *&Mark : InFlight)
      if (Mark)
        Result =
            joinErrors(std::move(Result), B.wait(std::exchange(Mark, nullptr)));
    Pool.hold(false);
    return Result;
  }

private:
  char *buffer(std::size_t Chunk) {
    return static_cast<char *>(Buffers[Chunk % NumBuffers]);
  }
  /// Waits until the chunk's buffer is free (its last copy has landed).
  Error waitFor(std::size_t Chunk) {
    if (void *Mark = std::exchange(InFlight[Chunk % NumBuffers], nullptr))
      return B.wait(Mark);
    return Error::success();
  }
  Error queueCopy(std::size_t Chunk, void *Dst, const void *Src,
                  std::size_t Len, CopyDirection Dir) {
    if (Error E = B.copy(Dst, Src, Len, Dir))
      return E;
    Expected<void *> Mark = B.record();
    if (!Mark)
      return Mark.takeError();
    InFlight[Chunk % NumBuffers] = *Mark;
    return Error::success();
  }

  Error toDevice(char *Dst, const char *Src, std::size_t Bytes) {
    for (std::size_t Off = 0, C = 0; Off < Bytes; Off += ChunkBytes, ++C) {
      const std::size_t Len = std::min(ChunkBytes, Bytes - Off);
      if (Error E = waitFor(C))
        return E;
      Pool.copy(buffer(C), Src + Off, Len);
      if (Error E =
              queueCopy(C, Dst + Off, buffer(C), Len, CopyDirection::ToDevice))
        return E;
    }
    return Error::success();
  }

  Error toHost(char *Dst, const char *Src, std::size_t Bytes) {
    const std::size_t Chunks = divideCeil(Bytes, ChunkBytes);
    auto Queue = [&](std::size_t C) {
      const std::size_t Off = C * ChunkBytes;
      return queueCopy(C, buffer(C), Src + Off,
                       std::min(ChunkBytes, Bytes - Off),
                       CopyDirection::FromDevice);
    };
    // The other buffers are on the bus while one is drained.
    const std::size_t K = NumBuffers;
    for (std::size_t C = 0; C < std::min(K, Chunks); ++C)
      if (Error E = Queue(C))
        return E;
    for (std::size_t C = 0; C < Chunks; ++C) {
      if (Error E = waitFor(C))
        return E;
      const std::size_t Off = C * ChunkBytes;
      Pool.copy(Dst + Off, buffer(C), std::min(ChunkBytes, Bytes - Off));
      if (C + K < Chunks)
        if (Error E = Queue(C + K))
          return E;
    }
    return Error::success();
  }

  Backend &B;
  std::mutex M;
  std::size_t ChunkBytes = 0;
  void *Buffers[NumBuffers] = {}, *InFlight[NumBuffers] = {};
  std::size_t BufferBytes[NumBuffers] = {};
  CopyPool Pool;
};

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

Expected<LoadedKernel> DeviceState::kernel(const Registry::Kernel &K) {
  // Loaded kernels stay loaded: a thread remembers the last one it ran here
  // without taking the lock.
  struct LastKernel {
    const DeviceState *Device;
    const KernelRecord *Record;
    LoadedKernel Loaded;
  };
  thread_local LastKernel Last{nullptr, nullptr, {}};
  if (Last.Device == this && Last.Record == K.Record)
    return Last.Loaded;
  Expected<LoadedKernel> Loaded = kernelLocked(K);
  if (Loaded)
    Last = {this, K.Record, *Loaded};
  return Loaded;
}

/// Whether R's images are the bytes the plugin embedded: an executable
/// changed after it was linked must not run them.
static Error checkImages(const Registration &R) {
  if (!R.ImagesCrc)
    return Error::success();
  std::uint32_t Crc = 0;
  for (const detail::abi::DeviceImage &I : ArrayRef(R.Images, R.NumImages))
    Crc = crc32(Crc, ArrayRef(static_cast<const std::uint8_t *>(I.Begin),
                              static_cast<const std::uint8_t *>(I.End)));
  if (Crc != R.ImagesCrc)
    return createStringError(
        formatv("the embedded device images are damaged (CRC-32 {0:x-8}, "
                "built as {1:x-8}): the executable changed after it was "
                "linked; rebuild it",
                Crc, R.ImagesCrc)
            .str());
  return Error::success();
}

Expected<LoadedKernel> DeviceState::kernelLocked(const Registry::Kernel &K) {
  auto Known = [&]() -> std::optional<LoadedKernel> {
    std::lock_guard<std::mutex> L(Lock);
    if (auto It = Kernels.find(K.Record); It != Kernels.end())
      return It->second;
    return std::nullopt;
  };
  if (std::optional<LoadedKernel> Loaded = Known())
    return *Loaded;
  std::lock_guard<std::mutex> Loading(LoadLock);
  // Another thread may have loaded it while this one waited.
  if (std::optional<LoadedKernel> Loaded = Known())
    return *Loaded;
  // The owner's first image that runs here (images are in the order of
  // their targets: an exact match comes first when the plugin built one).
  const Registration &R = *K.Owner;
  const detail::abi::DeviceImage *Image = nullptr;
  for (const detail::abi::DeviceImage &I : ArrayRef(R.Images, R.NumImages))
    if (I.Target && Info.Arch == I.Target) {
      Image = &I;
      break;
    }
  for (const detail::abi::DeviceImage &I : ArrayRef(R.Images, R.NumImages))
    if (!Image && I.Target && imageRuns(I.Target, Info.Arch))
      Image = &I;
  // Each translation unit carries the images it was built for.
  if (!Image)
    return createStringError(
        formatv("kernel '{0}' has no image for device {1} ({2}): {3} was "
                "built for [{4}]; rebuild it with "
                "-fplugin-arg-offload-targets={2}, or choose another device "
                "with OFFLOAD_DEVICE",
                K.Record->Name, Info.Id, Info.Arch, R.Source,
                join(imageTargets(R), ","))
            .str());
  StringRef Bytes(static_cast<const char *>(Image->Begin),
                  static_cast<const char *>(Image->End) -
                      static_cast<const char *>(Image->Begin));
  auto [P, New] = Programs.try_emplace(&R, nullptr);
  if (New) {
    Expected<void *> Program = [&]() -> Expected<void *> {
      if (Error E = checkImages(R))
        return std::move(E);
      return Driver->loadImage(Bytes);
    }();
    if (!Program) {
      Programs.erase(P);
      return createStringError(
          formatv("kernel '{0}' on device {1} ({2}): {3} ({4} image of {5})",
                  K.Record->Name, Info.Id, kindName(Info.Kind),
                  toString(Program.takeError()), Image->Target, R.Source)
              .str());
    }
    P->second = *Program;
  }
  Expected<void *> Handle = Driver->findKernel(P->second, K.Record->Symbol);
  if (!Handle)
    return createStringError(
        formatv("kernel '{0}' on device {1} ({2}): {3}", K.Record->Name,
                Info.Id, kindName(Info.Kind), toString(Handle.takeError()))
            .str());
  LoadedKernel Loaded{*Handle, Bytes, K.Record->Symbol, K.Record->Name};
  // Once per kernel: how many blocks a launch that folds them may keep.
  const KernelResources Used = Driver->resources(Loaded);
  if (Used.ResidentThreads > 0 && Info.ComputeUnits)
    Loaded.ResidentThreadsPerUnit =
        std::uint32_t(Used.ResidentThreads / Info.ComputeUnits);
  std::lock_guard<std::mutex> L(Lock);
  Kernels.emplace(K.Record, Loaded);
  return Loaded;
}

Expected<std::optional<DeviceState::Scratch>> DeviceState::takeScratch() {
  if (Info.Kind == DeviceKind::Host)
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
  if (Info.Kind != DeviceKind::Host && Bytes >= BounceThreshold &&
      bounceBuffersEnabled() && !isPinned(Host, Bytes)) {
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

Error DeviceState::synchronize() {
  const double Start = tracing() ? now() : 0;
  Error E = finishWait(Driver->synchronize());
  if (tracing())
    traceSpan("wait", "wait for the device", Info, Start, now() - Start);
  return E;
}

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
    return synchronize();
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
  if (Error E = synchronize())
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
  if (Error E = synchronize())
    return E;
  release(Device, Bytes);
  return Error::success();
}

Error CallMapping::enter(DeviceState &D, const detail::rt::LaunchRequest &R,
                         std::uint64_t *Values) {
  Dev = &D;
  SmallVector<void *, 16> Preloaded(R.NumSlots);
  if (Error E = D.preloadedAddresses(R, Preloaded.data()))
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
  if (Error E = Dev->synchronize())
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
