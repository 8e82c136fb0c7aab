//===- runtime/HostBackend.cpp - The host device --------------------------===//
//
// The host device runs x86-64 images: shared objects whose entries loop
// over the logical grid themselves. An image is loaded from memory (a
// memfd) with the dynamic loader, an entry is called directly on the
// calling thread, "device" memory is host memory and copies are memcpy:
// every queued operation has run when it returns, so marks need no waiting.
// An entry splits the logical threads into chunks of a fixed size and runs
// them on the host device's threads (a ChunkPool of OFFLOAD_HOST_THREADS,
// by default one per core the process may use); a kernel with team memory
// runs each block's threads on the scheduler compiled here
// (offload/detail/host_team.hpp): as one call, when the plugin compiled
// them into loops between barriers, else as fibers. The image reaches both
// through its __cxxoffload_host_team.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"
#include "ChunkPool.h"
#include "Launch.h"
#include "Report.h"

#include "llvm/Support/FormatVariadic.h"

#include <offload/detail/abi.hpp>
#include <offload/detail/host_team.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <map>
#include <mutex>
#include <sched.h>
#include <sys/mman.h>
#include <thread>
#include <unistd.h>
#include <utility>

using namespace llvm;

namespace offload::rt {
namespace {

/// Entries take the OpenMP kernel ABI's dyn_ptr and then one word per slot;
/// a caller per slot count calls them with exactly their parameters.
constexpr std::size_t MaxHostSlots = 128;
using EntryCaller = void (*)(void *, const std::uint64_t *);

template <std::size_t... I>
void callEntry(void *Entry, const std::uint64_t *Slots,
               std::index_sequence<I...>) {
  using Fn = void (*)(void *, decltype(I, std::uint64_t())...);
  reinterpret_cast<Fn>(Entry)(nullptr, Slots[I]...);
}
template <std::size_t N>
void callEntryWith(void *Entry, const std::uint64_t *Slots) {
  callEntry(Entry, Slots, std::make_index_sequence<N>());
}
template <std::size_t... N>
constexpr std::array<EntryCaller, sizeof...(N)>
entryCallers(std::index_sequence<N...>) {
  return {&callEntryWith<N>...};
}
constexpr auto EntryCallers =
    entryCallers(std::make_index_sequence<MaxHostSlots + 1>());

/// OFFLOAD_HOST_THREADS, else the cores this process may run on.
unsigned hostThreads() {
  if (const char *Set = std::getenv("OFFLOAD_HOST_THREADS")) {
    char *End = nullptr;
    const unsigned long N = std::strtoul(Set, &End, 10);
    if (End == Set || *End || N < 1 || N > 1024)
      fatal(createStringError(
          formatv("OFFLOAD_HOST_THREADS={0} is not a number of threads "
                  "from 1 to 1024",
                  Set)
              .str()));
    return unsigned(N);
  }
  cpu_set_t Cores;
  if (sched_getaffinity(0, sizeof Cores, &Cores) == 0)
    return std::max(1, CPU_COUNT(&Cores));
  return std::max(1u, std::thread::hardware_concurrency());
}

/// The host device's threads, started by the first launch worth sharing.
/// Never destroyed: a thread may still launch while the process exits.
ChunkPool &hostPool() {
  static ChunkPool *Pool = [] {
    const unsigned Threads = hostThreads();
    info(InfoEvents, "host device: %u thread(s) run its kernels", Threads);
    return new ChunkPool(Threads);
  }();
  return *Pool;
}

/// Whether a launch's chunks together cost more than waking the pool's
/// threads (tens of microseconds).
bool worthSharing(std::chrono::steady_clock::duration PerChunk,
                  std::uint64_t Chunks) {
  return PerChunk * Chunks >= std::chrono::microseconds(50);
}

/// The chunk functions (one per kernel) whose last launch was worth
/// sharing, direct-mapped by address: a collision only costs one launch a
/// wrong guess.
class SharedKernels {
public:
  bool contains(const void *Fn) {
    return slot(Fn).load(std::memory_order_relaxed) == Fn;
  }
  void remember(const void *Fn, bool Shared) {
    std::atomic<const void *> &S = slot(Fn);
    if (Shared)
      S.store(Fn, std::memory_order_relaxed);
    else if (S.load(std::memory_order_relaxed) == Fn)
      S.store(nullptr, std::memory_order_relaxed);
  }

private:
  static constexpr std::size_t Size = 256;
  std::atomic<const void *> &slot(const void *Fn) {
    return Slots[(reinterpret_cast<std::uintptr_t>(Fn) >> 4) % Size];
  }
  std::array<std::atomic<const void *>, Size> Slots{};
};

/// abi::HostTeamOps::parallel: the chunks of a launch on the host device's
/// threads, each of which names the launch's kernel if it crashes.
void runChunks(std::uint64_t Count, void (*Chunk)(void *, std::uint64_t),
               void *Context) {
  if (Count == 0)
    return;
  static SharedKernels Shared;
  using Clock = std::chrono::steady_clock;
  struct Job {
    void (*Chunk)(void *, std::uint64_t);
    void *Context;
    RunningKernel Kernel;
    std::uint64_t From; // the first chunk the pool runs
  } J{Chunk, Context, runningKernel(), 0};
  auto Share = [&](std::uint64_t Chunks) {
    hostPool().run(
        Chunks,
        [](void *P, std::uint64_t I) {
          const Job &J = *static_cast<const Job *>(P);
          RunningKernel &Mine = runningKernel();
          const RunningKernel Before = Mine;
          Mine = J.Kernel;
          J.Chunk(J.Context, J.From + I);
          Mine = Before;
        },
        &J);
  };
  const void *Key = reinterpret_cast<const void *>(Chunk);
  if (Count > 1 && Shared.contains(Key)) {
    // The kernel's last launch was worth sharing: every chunk on the pool
    // at once (running the first alone would leave the other threads idle
    // through it: twice the time for a launch of one chunk per thread).
    // The launch, timed, teaches the next one.
    const auto Start = Clock::now();
    Share(Count);
    const auto PerChunk =
        (Clock::now() - Start) * hostPool().threads() / Count;
    Shared.remember(Key, worthSharing(PerChunk, Count - 1));
    return;
  }
  // The first chunk runs here and tells what the others will cost: a
  // launch whose work is less than waking the pool's threads runs on this
  // thread alone. Who runs a chunk never changes what it computes.
  const auto Start = Clock::now();
  Chunk(Context, 0);
  const bool Worth = worthSharing(Clock::now() - Start, Count - 1);
  Shared.remember(Key, Worth);
  if (!Worth) {
    for (std::uint64_t I = 1; I < Count; ++I)
      Chunk(Context, I);
    return;
  }
  J.From = 1;
  Share(Count - 1);
}

/// What host images call: the block scheduler compiled here, and the pool.
const detail::abi::HostTeamOps &hostOps() {
  static const detail::abi::HostTeamOps Ops = [] {
    detail::abi::HostTeamOps O = detail::hostTeamOps();
    O.parallel = runChunks;
    return O;
  }();
  return Ops;
}

class HostBackend final : public Backend {
  Expected<void *> loadImageImpl(StringRef Image) override {
    int Fd = memfd_create("cxx-offload-host-image", MFD_CLOEXEC);
    if (Fd < 0)
      return createStringError(
          formatv("memfd_create: {0}", std::strerror(errno)).str());
    std::size_t Written = 0;
    while (Written < Image.size()) {
      ssize_t N = ::write(Fd, Image.data() + Written, Image.size() - Written);
      if (N <= 0) {
        ::close(Fd);
        return createStringError("writing the host image to memory failed");
      }
      Written += N;
    }
    // The loader knows an object by its path: the descriptor stays open so
    // that no later image gets the same one.
    std::string Path = formatv("/proc/self/fd/{0}", Fd).str();
    void *Handle = dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!Handle) {
      ::close(Fd);
      return createStringError(
          formatv("loading the host image: {0}", dlerror()).str());
    }
    // Its kernels run on the runtime's threads and fiber scheduler.
    if (void *Team = dlsym(Handle, OFFLOAD_HOST_TEAM_TABLE))
      *static_cast<const detail::abi::HostTeamOps **>(Team) = &hostOps();
    std::lock_guard<std::mutex> L(Lock);
    Descriptors[Handle] = Fd;
    return Handle;
  }

  Error unloadImageImpl(void *Program) override {
    int Fd = -1;
    {
      std::lock_guard<std::mutex> L(Lock);
      if (auto It = Descriptors.find(Program); It != Descriptors.end()) {
        Fd = It->second;
        Descriptors.erase(It);
      }
    }
    const bool Closed = dlclose(Program) == 0;
    if (Fd >= 0)
      ::close(Fd);
    if (!Closed)
      return createStringError(
          formatv("unloading the host image: {0}", dlerror()).str());
    return Error::success();
  }

  Expected<void *> findKernelImpl(void *Program, const char *Symbol) override {
    if (void *Entry = dlsym(Program, Symbol))
      return Entry;
    return createStringError(
        formatv("the host image has no entry '{0}'", Symbol).str());
  }

  // Launch-time tiles live in the fibers' block (HostTeam), not here.
  Error launchImpl(const LoadedKernel &K, const std::uint32_t[3],
                   const std::uint32_t[3], ArrayRef<std::uint64_t> Slots,
                   std::uint32_t) override {
    if (Slots.size() > MaxHostSlots)
      return createStringError(
          formatv("the kernel takes {0} argument words; the host device "
                  "calls entries of up to {1}",
                  Slots.size(), MaxHostSlots)
              .str());
    EntryCallers[Slots.size()](K.Handle, Slots.data());
    return Error::success();
  }

  Error copyImpl(void *Dst, const void *Src, std::size_t Bytes,
                 CopyDirection) override {
    std::memcpy(Dst, Src, Bytes);
    return Error::success();
  }

  Expected<void *> allocImpl(std::size_t Bytes, bool) override {
    // Aligned as a GPU allocation would be, for vectorised kernels.
    if (void *P = std::aligned_alloc(256, (Bytes + 255) & ~std::size_t(255)))
      return P;
    return createStringError(
        "the host, whose memory the host device uses, cannot provide it");
  }

  Error freeImpl(void *Ptr) override {
    std::free(Ptr);
    return Error::success();
  }

  Expected<void *> recordImpl() override { return nullptr; }
  Error waitImpl(void *) override { return Error::success(); }
  Error synchronizeImpl() override { return Error::success(); }
  /// No registers or block limit to tell; as resident threads, the
  /// GridStride1D size that gives each chunk of a launch one contiguous run
  /// (a GPU's 65536 default left 63 of every 64 threads without work, each
  /// still a trip through the kernel), the same on every machine so that
  /// reductions combine in the same order whatever the threads.
  KernelResources resourcesImpl(const LoadedKernel &) override {
    KernelResources R;
    R.ResidentThreads = detail::HostChunks * detail::HostRunGroup;
    return R;
  }
  Error beginVendorCallImpl() override { return Error::success(); }
  Error endVendorCallImpl() override { return Error::success(); }

  std::mutex Lock;
  std::map<void *, int> Descriptors; // of each loaded image's memfd
};

} // namespace

DeviceEntry hostDevice(int Id) {
  // Its compute units are the machine's cores: a launch that folds its
  // blocks folds as on a GPU, so a launch runs on every device or none.
  Device Info{Id, DeviceKind::Host, "host", "host",
              std::max(1u, std::thread::hardware_concurrency())};
  Info.Caps.SeparateMemory = false;
  Info.Caps.RunsOnCallingThread = true;
  Info.Caps.HostImages = true;
  return {std::move(Info), std::make_unique<HostBackend>()};
}

} // namespace offload::rt
