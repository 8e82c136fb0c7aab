//===- runtime/Transfer.cpp - Copies between host and device --------------===//
//
// Every call maps its arguments explicitly (so that each direction can be
// timed and data that is already on the device is neither copied nor
// counted), launches with the device addresses as plain values, then copies
// back and unmaps. libomptarget allocates and keeps the mapping table; the
// copies themselves go one of two ways:
//   - direct: libomptarget's own copy from the host memory as it is;
//   - staged: through pinned buffers, the pageable host data copied into
//     them by several threads while the previous chunk is on the bus. GPUs
//     copy pinned memory several times faster than pageable memory.
// OFFLOAD_TRANSFER chooses; by default large copies to a GPU are staged.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include "llvm/Support/FormatVariadic.h"

#include <offload/detail/params.hpp>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

using namespace llvm;

namespace offload::rt {

namespace {

ident_t Location = {0, 2, 0, 0, ";cxx-offload;transfer;0;0;;"};
constexpr std::int64_t MapAlloc = 0;

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// A few threads that copy parts of a chunk in parallel; run() returns at
/// once and wait() waits for the last run to finish.
class CopyPool {
public:
  explicit CopyPool(unsigned Threads) {
    for (unsigned I = 0; I < Threads; ++I)
      Workers.emplace_back([this, I] { work(I); });
  }
  ~CopyPool() {
    {
      std::lock_guard<std::mutex> L(M);
      Stop = true;
    }
    Wake.notify_all();
    for (std::thread &T : Workers)
      T.join();
  }
  unsigned size() const { return Workers.size(); }

  /// Runs Part(I) for I < size() on the workers.
  void run(std::function<void(unsigned)> Part) {
    {
      std::lock_guard<std::mutex> L(M);
      Job = std::move(Part);
      Pending = Workers.size();
      ++Generation;
    }
    Wake.notify_all();
  }
  void wait() {
    std::unique_lock<std::mutex> L(M);
    Done.wait(L, [this] { return Pending == 0; });
  }

private:
  void work(unsigned I) {
    unsigned long Seen = 0;
    while (true) {
      std::function<void(unsigned)> Part;
      {
        std::unique_lock<std::mutex> L(M);
        Wake.wait(L, [&] { return Stop || Generation != Seen; });
        if (Stop)
          return;
        Seen = Generation;
        Part = Job;
      }
      Part(I);
      std::lock_guard<std::mutex> L(M);
      if (--Pending == 0)
        Done.notify_all();
    }
  }

  std::vector<std::thread> Workers;
  std::mutex M;
  std::condition_variable Wake, Done;
  std::function<void(unsigned)> Job;
  unsigned Pending = 0;
  unsigned long Generation = 0;
  bool Stop = false;
};

/// Pipelined copies through two pinned buffers of one GPU.
class StagingEngine {
public:
  static constexpr std::size_t ChunkBytes = 2 << 20;

  explicit StagingEngine(int Device)
      : Device(Device), Host(omp_get_initial_device()),
        Pool(std::clamp(std::thread::hardware_concurrency() / 2, 1u, 8u)) {
    for (void *&B : Buffers)
      B = llvm_omp_target_alloc_host(ChunkBytes, Device);
  }
  ~StagingEngine() {
    for (void *B : Buffers)
      if (B)
        llvm_omp_target_free_host(B, Device);
  }
  bool usable() const { return Buffers[0] && Buffers[1]; }

  Error toDevice(char *Dst, const char *Src, std::size_t Bytes) {
    std::size_t Chunks = (Bytes + ChunkBytes - 1) / ChunkBytes;
    fill(0, Src, Bytes);
    Pool.wait();
    for (std::size_t C = 0; C < Chunks; ++C) {
      if (C + 1 < Chunks)
        fill(C + 1, Src, Bytes); // while chunk C is on the bus
      std::size_t Off = C * ChunkBytes, Len = std::min(ChunkBytes, Bytes - Off);
      int Rc =
          omp_target_memcpy(Dst + Off, Buffers[C % 2], Len, 0, 0, Device, Host);
      Pool.wait();
      if (Rc)
        return createStringError("a staged copy to the device failed");
    }
    return Error::success();
  }

  Error toHost(char *Dst, const char *Src, std::size_t Bytes) {
    std::size_t Chunks = (Bytes + ChunkBytes - 1) / ChunkBytes;
    for (std::size_t C = 0; C < Chunks; ++C) {
      std::size_t Off = C * ChunkBytes, Len = std::min(ChunkBytes, Bytes - Off);
      int Rc =
          omp_target_memcpy(Buffers[C % 2], Src + Off, Len, 0, 0, Host, Device);
      Pool.wait(); // the previous chunk has left its buffer
      if (Rc)
        return createStringError("a staged copy from the device failed");
      drain(C, Dst, Bytes); // while the next chunk comes over the bus
    }
    Pool.wait();
    return Error::success();
  }

private:
  /// Copies chunk C of Src into its pinned buffer, in parallel.
  void fill(std::size_t C, const char *Src, std::size_t Bytes) {
    char *Buffer = static_cast<char *>(Buffers[C % 2]);
    std::size_t Off = C * ChunkBytes, Len = std::min(ChunkBytes, Bytes - Off);
    Pool.run([=, this](unsigned I) {
      auto [Begin, End] = part(Len, I);
      std::memcpy(Buffer + Begin, Src + Off + Begin, End - Begin);
    });
  }
  /// Copies chunk C out of its pinned buffer into Dst, in parallel.
  void drain(std::size_t C, char *Dst, std::size_t Bytes) {
    const char *Buffer = static_cast<char *>(Buffers[C % 2]);
    std::size_t Off = C * ChunkBytes, Len = std::min(ChunkBytes, Bytes - Off);
    Pool.run([=, this](unsigned I) {
      auto [Begin, End] = part(Len, I);
      std::memcpy(Dst + Off + Begin, Buffer + Begin, End - Begin);
    });
  }
  std::pair<std::size_t, std::size_t> part(std::size_t Len, unsigned I) const {
    std::size_t Each = (Len / Pool.size() + 63) & ~std::size_t(63);
    std::size_t Begin = std::min(Len, I * Each);
    return {Begin, std::min(Len, Begin + Each)};
  }

  int Device, Host;
  CopyPool Pool;
  void *Buffers[2] = {nullptr, nullptr};
};

/// Copies smaller than this go directly: staging pays off on large copies.
constexpr std::int64_t StagingThreshold = 1 << 20;

StagingEngine *stagingFor(const Device &D) {
  if (D.Kind != DeviceKind::Cuda && D.Kind != DeviceKind::Amdgpu)
    return nullptr;
  static const TransferMode Mode = [] {
    const char *V = std::getenv("OFFLOAD_TRANSFER");
    if (V && StringRef(V) == "direct")
      return TransferMode::Direct;
    if (V && *V && StringRef(V) != "staged")
      fatal(createStringError(
          formatv("OFFLOAD_TRANSFER='{0}' is not a transfer mode: use staged "
                  "or direct",
                  V)
              .str()));
    return TransferMode::Staged;
  }();
  if (Mode == TransferMode::Direct)
    return nullptr;
  static std::mutex M;
  static std::vector<std::pair<int, std::unique_ptr<StagingEngine>>> Engines;
  std::lock_guard<std::mutex> L(M);
  for (auto &[Id, E] : Engines)
    if (Id == D.Id)
      return E->usable() ? E.get() : nullptr;
  Engines.emplace_back(D.Id, std::make_unique<StagingEngine>(D.Id));
  return Engines.back().second->usable() ? Engines.back().second.get()
                                         : nullptr;
}

Error copy(const Device &D, void *Dst, const void *Src, std::int64_t Bytes,
           bool ToDevice) {
  if (Bytes >= StagingThreshold)
    if (StagingEngine *E = stagingFor(D))
      return ToDevice ? E->toDevice(static_cast<char *>(Dst),
                                    static_cast<const char *>(Src), Bytes)
                      : E->toHost(static_cast<char *>(Dst),
                                  static_cast<const char *>(Src), Bytes);
  int Host = omp_get_initial_device();
  if (omp_target_memcpy(Dst, Src, Bytes, 0, 0, ToDevice ? D.Id : Host,
                        ToDevice ? Host : D.Id))
    return createStringError(formatv("copying {0} bytes {1} device {2} failed",
                                     Bytes, ToDevice ? "to" : "from", D.Id)
                                 .str());
  return Error::success();
}

/// Host ranges kept on a device by preload handles.
struct StagedRange {
  int Device;
  const char *Begin, *End;
  char *DeviceBegin;
  unsigned Handles;
};
std::vector<StagedRange> &stagedRanges() {
  static std::vector<StagedRange> Ranges;
  return Ranges;
}

/// A range that overlaps a staged one without being inside it cannot be
/// mapped: libomptarget does not extend mappings.
Error checkAgainstStaged(const Device &D, const void *Ptr, std::int64_t Bytes,
                         bool ExactOnly) {
  const char *B = static_cast<const char *>(Ptr), *E = B + Bytes;
  for (const StagedRange &R : stagedRanges()) {
    if (R.Device != D.Id || E <= R.Begin || R.End <= B)
      continue;
    bool Inside = R.Begin <= B && E <= R.End;
    bool Same = R.Begin == B && R.End == E;
    if (ExactOnly ? !Same : !Inside)
      return createStringError(
          formatv("[{0}, +{1} bytes) overlaps the preloaded [{2}, +{3} "
                  "bytes) without being {4} it",
                  Ptr, Bytes, static_cast<const void *>(R.Begin),
                  R.End - R.Begin, ExactOnly ? "the same range as" : "inside")
              .str());
  }
  return Error::success();
}

/// The device address of [Ptr, +Bytes) when a preload keeps it on D, or
/// null: such data needs no lookup in libomptarget's mapping table.
void *stagedAddress(const Device &D, const void *Ptr, std::int64_t Bytes) {
  const char *B = static_cast<const char *>(Ptr);
  for (const StagedRange &R : stagedRanges())
    if (R.Device == D.Id && R.Begin <= B && B + Bytes <= R.End)
      return R.DeviceBegin + (B - R.Begin);
  return nullptr;
}

Expected<void *> mapAlloc(const Device &D, void *Ptr, std::int64_t Bytes) {
  std::int64_t Type = MapAlloc, Size = Bytes;
  __tgt_target_data_begin_mapper(&Location, D.Id, 1, &Ptr, &Ptr, &Size, &Type,
                                 nullptr, nullptr);
  if (void *Dev = omp_get_mapped_ptr(Ptr, D.Id))
    return Dev;
  return createStringError(
      formatv("could not allocate {0} bytes on device {1} ({2}) for the data "
              "at {3}: out of device memory?",
              Bytes, D.Id, kindName(D.Kind), Ptr)
          .str());
}

void unmap(const Device &D, void *Ptr, std::int64_t Bytes) {
  std::int64_t Type = MapAlloc, Size = Bytes;
  __tgt_target_data_end_mapper(&Location, D.Id, 1, &Ptr, &Ptr, &Size, &Type,
                               nullptr, nullptr);
}

} // namespace

bool directArguments(const Device &D, const detail::rt::LaunchRequest &R,
                     std::uint64_t *Values,
                     SmallVectorImpl<DirectCopy> &Copies) {
  for (unsigned I = 0; I < R.NumSlots; ++I) {
    Values[I] = reinterpret_cast<std::uint64_t>(R.Ptrs[I]);
    if (R.Types[I] & detail::MapTypeLiteral)
      continue;
    void *Host = R.Ptrs[I];
    std::int64_t Bytes = R.Sizes[I];
    if (!Host || Bytes == 0) {
      Values[I] = 0;
    } else if (void *Device = stagedAddress(D, Host, Bytes)) {
      Values[I] = reinterpret_cast<std::uint64_t>(Device);
    } else if (std::size_t(Bytes) <= directCopyLimit() &&
               !omp_target_is_present(Host, D.Id)) {
      // (Partly staged data is left to the mapping path, which reports it.)
      if (Error E = checkAgainstStaged(D, Host, Bytes, /*ExactOnly=*/false)) {
        consumeError(std::move(E));
        return false;
      }
      Copies.push_back(
          {I, Host, Bytes, bool(R.Types[I] & detail::MapTypeFrom)});
    } else {
      return false;
    }
  }
  return true;
}

Error CallMapping::enter(const Device &D, const detail::rt::LaunchRequest &R,
                         std::uint64_t *Values, std::int64_t *Types,
                         bool WithLaunch) {
  Dev = &D;
  Args.clear();
  const std::int64_t Literal =
      detail::MapTypeTargetParam | detail::MapTypeLiteral;
  for (unsigned I = 0; I < R.NumSlots; ++I) {
    Values[I] = reinterpret_cast<std::uint64_t>(R.Ptrs[I]);
    Types[I] = Literal;
    if (R.Types[I] & detail::MapTypeLiteral)
      continue;
    void *Host = R.Ptrs[I];
    std::int64_t Bytes = R.Sizes[I];
    if (!Host || Bytes == 0) {
      Values[I] = 0;
      continue;
    }
    if (void *Device = stagedAddress(D, Host, Bytes)) {
      Values[I] = reinterpret_cast<std::uint64_t>(Device);
      Args.push_back({I, Host, Device, Bytes, R.Types[I], /*Present=*/true});
      Args.back().Staged = true;
      continue;
    }
    if (Error E = checkAgainstStaged(D, Host, Bytes, /*ExactOnly=*/false))
      return E;
    bool Present = omp_target_is_present(Host, D.Id);
    // Small data goes with the launch: libomptarget copies it on the
    // launch's stream, and the call synchronises once.
    if (WithLaunch && !Present && Bytes < StagingThreshold) {
      Types[I] = R.Types[I];
      Args.push_back({I, Host, nullptr, Bytes, R.Types[I], false, true});
      if (R.Types[I] & detail::MapTypeTo)
        Stats.ToBytes += Bytes;
      if (R.Types[I] & detail::MapTypeFrom)
        Stats.FromBytes += Bytes;
      continue;
    }
    Expected<void *> Device = mapAlloc(D, Host, Bytes);
    if (!Device)
      return Device.takeError();
    Values[I] = reinterpret_cast<std::uint64_t>(*Device);
    Args.push_back({I, Host, *Device, Bytes, R.Types[I], Present});
    // Data already on the device (preloaded) is used as it is there.
    if (Present || !(R.Types[I] & detail::MapTypeTo))
      continue;
    stagingFor(D); // set up before the clock starts
    double T0 = now();
    if (Error E = copy(D, *Device, Host, Bytes, /*ToDevice=*/true))
      return E;
    Args.back().ToSeconds = now() - T0;
    Args.back().Copied = true;
    Stats.ToSeconds += Args.back().ToSeconds;
    Stats.ToBytes += Bytes;
  }
  return Error::success();
}

Error CallMapping::exit() {
  for (MappedArg &A : Args) {
    if (A.WithLaunch || A.Staged)
      continue;
    if (!A.Present && (A.Type & detail::MapTypeFrom)) {
      double T0 = now();
      if (Error E = copy(*Dev, A.Host, A.Device, A.Bytes, /*ToDevice=*/false))
        return E;
      A.FromSeconds = now() - T0;
      A.CopiedBack = true;
      Stats.FromSeconds += A.FromSeconds;
      Stats.FromBytes += A.Bytes;
    }
    unmap(*Dev, A.Host, A.Bytes);
  }
  return Error::success();
}

Error stage(const Device &D, void *Ptr, std::int64_t Bytes,
            TransferStats &Stats) {
  if (!Ptr || Bytes == 0)
    return Error::success();
  if (Error E = checkAgainstStaged(D, Ptr, Bytes, /*ExactOnly=*/true))
    return E;
  bool Present = omp_target_is_present(Ptr, D.Id);
  Expected<void *> Device = mapAlloc(D, Ptr, Bytes);
  if (!Device)
    return Device.takeError();
  auto &Ranges = stagedRanges();
  auto It = llvm::find_if(Ranges, [&](const StagedRange &R) {
    return R.Device == D.Id && R.Begin == Ptr;
  });
  if (It != Ranges.end())
    ++It->Handles;
  else
    Ranges.push_back({D.Id, static_cast<const char *>(Ptr),
                      static_cast<const char *>(Ptr) + Bytes,
                      static_cast<char *>(*Device), 1});
  if (Present)
    return Error::success();
  double T0 = now();
  if (Error E = copy(D, *Device, Ptr, Bytes, /*ToDevice=*/true))
    return E;
  Stats.ToSeconds += now() - T0;
  Stats.ToBytes += Bytes;
  return Error::success();
}

Error syncBack(const Device &D, void *Ptr, std::int64_t Bytes,
               TransferStats &Stats) {
  if (!Ptr || Bytes == 0)
    return Error::success();
  Expected<void *> Device = devicePointer(D, Ptr);
  if (!Device)
    return Device.takeError();
  double T0 = now();
  if (Error E = copy(D, Ptr, *Device, Bytes, /*ToDevice=*/false))
    return E;
  Stats.FromSeconds += now() - T0;
  Stats.FromBytes += Bytes;
  return Error::success();
}

Error unstage(const Device &D, void *Ptr, std::int64_t Bytes, bool Mutable,
              TransferStats &Stats) {
  if (!Ptr || Bytes == 0)
    return Error::success();
  // Releasing a mutable handle always leaves the host copy current.
  if (Mutable)
    if (Error E = syncBack(D, Ptr, Bytes, Stats))
      return E;
  auto &Ranges = stagedRanges();
  auto It = llvm::find_if(Ranges, [&](const StagedRange &R) {
    return R.Device == D.Id && R.Begin == Ptr;
  });
  if (It != Ranges.end() && --It->Handles == 0)
    Ranges.erase(It);
  unmap(D, Ptr, Bytes);
  return Error::success();
}

} // namespace offload::rt
