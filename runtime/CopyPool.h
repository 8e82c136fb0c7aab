//===- CopyPool.h - Threads that copy host memory in pieces ----*- C++ -*-===//
//
// The threads that fill and drain the bounce buffers (Transfer.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef CXXOFFLOAD_RUNTIME_COPYPOOL_H
#define CXXOFFLOAD_RUNTIME_COPYPOOL_H

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

namespace offload::rt {

/// Waits a moment for Done(): spinning first, since the things waited for
/// here (the last piece, the next copy) come within microseconds, and a
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

/// A few threads that copy a range in pieces, each claimed by
/// whichever thread is free: copy() returns once every piece has landed.
/// A thread that starts late or is preempted takes fewer pieces instead of
/// holding the copy up, and copy() never waits for a thread that has none.
/// (A barrier per copy made a machine's occasional scheduling delays
/// persistent: the threads done first slept while the slowest one copied,
/// and paid the wake-up delay at the next chunk, which in turn made the
/// next chunk slow.)
class CopyPool {
public:
  explicit CopyPool(unsigned Threads) {
    for (unsigned I = 1; I < Threads; ++I)
      Workers.emplace_back([this] { work(); });
  }
  ~CopyPool() {
    Stop.store(true);
    { std::lock_guard<std::mutex> L(M); }
    Wake.notify_all();
    for (std::thread &T : Workers)
      T.join();
  }

  /// While held, idle threads keep spinning instead of sleeping: the chunks
  /// of one transfer come tens of microseconds apart.
  void hold(bool On) { Held.store(On, std::memory_order_relaxed); }

  /// Copies Len bytes with the calling thread and the pool's threads.
  void copy(char *Dst, const char *Src, std::size_t Len) {
    const std::uint64_t Gen = (State.load(std::memory_order_relaxed) >> 32) + 1;
    // Claims fail while the parameters change (see claimAndCopy).
    State.store(Gen << 32 | Closed, std::memory_order_release);
    JobDst.store(Dst, std::memory_order_release);
    JobSrc.store(Src, std::memory_order_release);
    JobLen.store(Len, std::memory_order_release);
    Done.store(0, std::memory_order_relaxed);
    State.store(Gen << 32, std::memory_order_release);
    // Taking the lock orders the new generation before a sleeping worker's
    // look at it.
    { std::lock_guard<std::mutex> L(M); }
    Wake.notify_all();
    claimAndCopy(Gen);
    const std::uint32_t Pieces = llvm::divideCeil(Len, pieceBytes(Len));
    while (!spinFor(
        [&] { return Done.load(std::memory_order_acquire) == Pieces; }))
      std::this_thread::yield();
  }

private:
  /// At least 32 pieces a copy, of 16 to 64 KiB.
  static std::size_t pieceBytes(std::size_t Len) {
    return std::clamp<std::size_t>(
        std::size_t(1) << llvm::Log2_64(std::max<std::size_t>(Len / 32, 1)),
        16 << 10, 64 << 10);
  }
  static constexpr std::uint64_t Closed = 0xffffffff;

  /// Copies pieces of generation Gen until none is left. A claim is a
  /// compare-and-swap of (generation, next piece): it fails once copy() has
  /// moved on, and the parameters read before it are then never used. They
  /// are read with acquire, so that reading a later copy's parameters makes
  /// the claim see that copy's closed state.
  void claimAndCopy(std::uint64_t Gen) {
    std::uint64_t S = State.load(std::memory_order_acquire);
    while (S >> 32 == Gen) {
      char *Dst = JobDst.load(std::memory_order_acquire);
      const char *Src = JobSrc.load(std::memory_order_acquire);
      const std::size_t Len = JobLen.load(std::memory_order_acquire);
      const std::uint64_t Piece = S & Closed;
      const std::size_t PieceBytes = pieceBytes(Len);
      if (Piece >= llvm::divideCeil(Len, PieceBytes))
        return;
      if (!State.compare_exchange_weak(S, S + 1, std::memory_order_acq_rel))
        continue;
      const std::size_t Begin = Piece * PieceBytes;
      std::memcpy(Dst + Begin, Src + Begin, std::min(PieceBytes, Len - Begin));
      Done.fetch_add(1, std::memory_order_release);
      S = State.load(std::memory_order_acquire);
    }
  }

  void work() {
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
      claimAndCopy(Seen);
    }
  }

  std::vector<std::thread> Workers;
  std::mutex M;
  std::condition_variable Wake;
  std::atomic<char *> JobDst{nullptr};
  std::atomic<const char *> JobSrc{nullptr};
  std::atomic<std::size_t> JobLen{0};
  /// The copy's generation (high half) and its next unclaimed piece.
  std::atomic<std::uint64_t> State{0};
  std::atomic<std::uint32_t> Done{0};
  std::atomic<bool> Held{false}, Stop{false};
};

} // namespace offload::rt

#endif // CXXOFFLOAD_RUNTIME_COPYPOOL_H
