//===- ChunkPool.h - Threads that run a job in chunks ----------*- C++ -*-===//
//
// The threads that copy through the bounce buffers (CopyPool.h) and run the
// host device's launches (HostBackend.cpp): a job is a count of chunks,
// each claimed by whichever thread is free.
//
//===----------------------------------------------------------------------===//

#ifndef CXXOFFLOAD_RUNTIME_CHUNKPOOL_H
#define CXXOFFLOAD_RUNTIME_CHUNKPOOL_H

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace offload::rt {

/// Waits a moment for Done(): spinning first, since the things waited for
/// here (the last chunk, the next job) come within microseconds, and a
/// sleeping thread costs tens of microseconds to wake.
template <class Predicate> bool spinFor(Predicate Done) {
  const auto Until =
      std::chrono::steady_clock::now() + std::chrono::microseconds(200);
  for (unsigned I = 0;; ++I) {
    if (Done())
      return true;
    if (I % 64 == 63 && std::chrono::steady_clock::now() > Until)
      return false;
#if defined(__x86_64__)
    __builtin_ia32_pause();
#endif
  }
}

/// Runs Fn(Context, Chunk) for each chunk of a job.
using ChunkFn = void (*)(void *Context, std::uint64_t Chunk);

/// The calling thread and Threads - 1 others run a job's chunks: run()
/// returns once every chunk has run. Each thread claims the chunks of its
/// own contiguous share first, the same share of every job (as OpenMP's
/// static schedule: a launch's rows stay in the same core's cache from
/// launch to launch), then those left in the others' shares. A thread that
/// starts late or is preempted takes fewer chunks instead of holding the
/// job up, and run() never waits for a thread that has none.
/// (A barrier per job made a machine's occasional scheduling delays
/// persistent: the threads done first slept while the slowest one worked,
/// and paid the wake-up delay at the next job, which in turn made the next
/// job slow.) One job runs at a time: a caller that finds the pool busy
/// runs its chunks itself, so callers never wait for each other.
class ChunkPool {
public:
  explicit ChunkPool(unsigned Threads) : Shares(std::max(Threads, 1u)) {
    for (unsigned I = 1; I < Threads; ++I)
      Workers.emplace_back([this, I] { work(I); });
  }
  ~ChunkPool() {
    Stop.store(true);
    { std::lock_guard<std::mutex> L(M); }
    Wake.notify_all();
    for (std::thread &T : Workers)
      T.join();
  }

  /// The threads a job may run on, the caller's included.
  unsigned threads() const { return unsigned(Workers.size()) + 1; }

  /// While held, idle threads keep spinning instead of sleeping: the jobs
  /// of one transfer come tens of microseconds apart.
  void hold(bool On) { Held.store(On, std::memory_order_relaxed); }

  /// Runs Fn(Context, I) for every I < Count on the pool's threads and the
  /// calling thread.
  void run(std::uint64_t Count, ChunkFn Fn, void *Context) {
    std::unique_lock<std::mutex> Mine(Exclusive, std::try_to_lock);
    if (Count <= 1 || Workers.empty() || !Mine.owns_lock()) {
      for (std::uint64_t I = 0; I < Count; ++I)
        Fn(Context, I);
      return;
    }
    assert(Count < Closed && "a job of more chunks than a claim counts");
    const std::uint64_t Gen = (State.load(std::memory_order_relaxed) >> 32) + 1;
    // Claims fail while the parameters change (see claimAndRun); workers
    // look for the job once it is set up.
    for (Share &Sh : Shares)
      Sh.State.store(Gen << 32 | Closed, std::memory_order_release);
    JobFn.store(Fn, std::memory_order_release);
    JobContext.store(Context, std::memory_order_release);
    JobCount.store(Count, std::memory_order_release);
    Done.store(0, std::memory_order_relaxed);
    for (unsigned P = 0; P < Shares.size(); ++P)
      Shares[P].State.store(Gen << 32 | shareBegin(P, Count),
                            std::memory_order_release);
    State.store(Gen << 32, std::memory_order_release);
    // Taking the lock orders the new generation before a sleeping worker's
    // look at it.
    { std::lock_guard<std::mutex> L(M); }
    Wake.notify_all();
    claimAndRun(Gen, 0);
    while (
        !spinFor([&] { return Done.load(std::memory_order_acquire) == Count; }))
      std::this_thread::yield();
  }

private:
  static constexpr std::uint64_t Closed = 0xffffffff;

  /// The first chunk of participant P's share (the caller's is 0).
  std::uint64_t shareBegin(std::uint64_t P, std::uint64_t Count) const {
    return P * Count / Shares.size();
  }

  /// Runs chunks of generation Gen, from participant Self's share, then from
  /// the others', until none is left. A claim is a compare-and-swap of a
  /// share's (generation, next chunk): it fails once run() has moved on,
  /// and the parameters read before it are then never used. They are read
  /// with acquire, so that reading a later job's parameters makes the claim
  /// see that job's closed shares.
  void claimAndRun(std::uint64_t Gen, unsigned Self) {
    // The chunks this thread ran, told once: an atomic add per chunk on the
    // one shared count cost more than a small chunk on 16 cores.
    std::uint64_t Ran = 0;
    for (unsigned K = 0; K < Shares.size(); ++K) {
      const unsigned P = (Self + K) % Shares.size();
      std::atomic<std::uint64_t> &Claims = Shares[P].State;
      std::uint64_t S = Claims.load(std::memory_order_acquire);
      while (S >> 32 == Gen) {
        const ChunkFn Fn = JobFn.load(std::memory_order_acquire);
        void *Context = JobContext.load(std::memory_order_acquire);
        const std::uint64_t Count = JobCount.load(std::memory_order_acquire);
        const std::uint64_t Chunk = S & Closed;
        if (Chunk >= shareBegin(P + 1, Count))
          break;
        if (!Claims.compare_exchange_weak(S, S + 1, std::memory_order_acq_rel))
          continue;
        Fn(Context, Chunk);
        ++Ran;
        S = Claims.load(std::memory_order_acquire);
      }
      if (S >> 32 != Gen)
        break; // a later job's
    }
    if (Ran)
      Done.fetch_add(Ran, std::memory_order_release);
  }

  void work(unsigned Self) {
    std::uint64_t Seen = 0;
    auto NewJob = [&] {
      return Stop.load(std::memory_order_relaxed) ||
             State.load(std::memory_order_acquire) >> 32 != Seen;
    };
    while (true) {
      while (!spinFor(NewJob))
        if (!Held.load(std::memory_order_relaxed)) {
          std::unique_lock<std::mutex> L(M);
          Wake.wait(L, NewJob);
        }
      if (Stop.load())
        return;
      Seen = State.load(std::memory_order_acquire) >> 32;
      claimAndRun(Seen, Self);
    }
  }

  std::vector<std::thread> Workers;
  std::mutex Exclusive; // held by the caller whose job runs
  std::mutex M;
  std::condition_variable Wake;
  std::atomic<ChunkFn> JobFn{nullptr};
  std::atomic<void *> JobContext{nullptr};
  std::atomic<std::uint64_t> JobCount{0};
  /// The last job's generation (high half), which tells workers of a new
  /// job.
  std::atomic<std::uint64_t> State{0};
  /// Per participant: the generation and the next unclaimed chunk of its
  /// share, a cache line each.
  struct alignas(64) Share {
    std::atomic<std::uint64_t> State{0};
  };
  std::vector<Share> Shares;
  std::atomic<std::uint64_t> Done{0};
  std::atomic<bool> Held{false}, Stop{false};
};

} // namespace offload::rt

#endif // CXXOFFLOAD_RUNTIME_CHUNKPOOL_H
