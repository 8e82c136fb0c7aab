//===- ChunkPoolTest.cpp - The threads that run a job in chunks -----------===//
//
// The pool behind the host device's launches and the bounce buffers'
// copies: every chunk runs once, on several threads, and callers that find
// the pool busy run their chunks themselves.
//
//===----------------------------------------------------------------------===//

#include "ChunkPool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

using namespace offload::rt;

namespace {

struct Counts {
  std::vector<std::atomic<unsigned>> Runs;
  explicit Counts(std::size_t N) : Runs(N) {}
  static void chunk(void *Self, std::uint64_t I) {
    static_cast<Counts *>(Self)->Runs[I].fetch_add(1);
  }
};

TEST(ChunkPool, RunsEveryChunkOnce) {
  ChunkPool Pool(5);
  for (std::uint64_t Count : {0, 1, 2, 7, 64, 1000, 100000}) {
    Counts C(Count);
    Pool.run(Count, Counts::chunk, &C);
    for (std::uint64_t I = 0; I < Count; ++I)
      ASSERT_EQ(C.Runs[I].load(), 1u) << "chunk " << I << " of " << Count;
  }
}

// The first chunks wait until another thread has joined: a job runs on
// several threads, not only the caller.
TEST(ChunkPool, RunsOnSeveralThreads) {
  ChunkPool Pool(4);
  struct Job {
    std::atomic<unsigned> Started{0};
    std::mutex M;
    std::set<std::thread::id> Threads;
  } J;
  Pool.run(
      64,
      [](void *P, std::uint64_t) {
        Job &J = *static_cast<Job *>(P);
        {
          std::lock_guard<std::mutex> L(J.M);
          J.Threads.insert(std::this_thread::get_id());
        }
        const auto Until =
            std::chrono::steady_clock::now() + std::chrono::seconds(10);
        J.Started.fetch_add(1);
        while (J.Started.load() < 2 && std::chrono::steady_clock::now() < Until)
          std::this_thread::yield();
      },
      &J);
  EXPECT_GE(J.Threads.size(), 2u);
  EXPECT_EQ(J.Started.load(), 64u);
}

TEST(ChunkPool, OneThreadRunsInOrderOnTheCaller) {
  ChunkPool Pool(1);
  EXPECT_EQ(Pool.threads(), 1u);
  struct Job {
    std::vector<std::uint64_t> Order;
    std::thread::id Caller = std::this_thread::get_id();
    bool Elsewhere = false;
  } J;
  Pool.run(
      50,
      [](void *P, std::uint64_t I) {
        Job &J = *static_cast<Job *>(P);
        J.Order.push_back(I);
        J.Elsewhere |= std::this_thread::get_id() != J.Caller;
      },
      &J);
  ASSERT_EQ(J.Order.size(), 50u);
  for (std::uint64_t I = 0; I < 50; ++I)
    EXPECT_EQ(J.Order[I], I);
  EXPECT_FALSE(J.Elsewhere);
}

// Callers on many threads at once: one job has the pool, the others run
// their own chunks; every job still runs each of its chunks once.
TEST(ChunkPool, CallersAtOnceEachRunTheirWholeJob) {
  ChunkPool Pool(3);
  std::vector<std::thread> Callers;
  std::atomic<unsigned> Wrong{0};
  for (unsigned T = 0; T < 6; ++T)
    Callers.emplace_back([&, T] {
      for (unsigned Job = 0; Job < 200; ++Job) {
        const std::uint64_t Count = 1 + (T * 37 + Job * 11) % 300;
        Counts C(Count);
        Pool.run(Count, Counts::chunk, &C);
        for (std::uint64_t I = 0; I < Count; ++I)
          Wrong += C.Runs[I].load() != 1;
      }
    });
  for (std::thread &T : Callers)
    T.join();
  EXPECT_EQ(Wrong.load(), 0u);
}

} // namespace
