//===- stress.cpp - Many host threads offloading at once ------------------===//
//
// Usage: stress-test [threads [calls-per-thread [large-elements]]]
//
// Each thread runs a deterministic mix of calls on data of its own: an
// offload() over a mutable Region, reductions (sum, max, min with location)
// and an atomic histogram, several calls inside preload/preload_mut scopes,
// and now and then offload::synchronize(). Vector sizes vary and are odd;
// every tenth call of a thread uses vectors of large-elements elements
// (default 2^17 + 3 doubles, just over 1 MiB, so that the runtime's
// large-copy path runs). Several threads at a time also preload the same
// read-only vector, each with its own handle, which the runtime must count.
//
// Values are small integers, held in int64 or double, so every result is
// exact whatever order a device adds in: each one is compared bit for bit
// with a host computation. The first mismatch ends the program with status
// 1, naming the thread, the call and the index.
//
//===----------------------------------------------------------------------===//

#include <offload/offload.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <latch>
#include <limits>
#include <optional>
#include <span>
#include <thread>
#include <vector>

// Checks read the host copy of data a handle may still stage only after
// sync() or release(), which is what the plugin's warning is about.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wopenmp-mapping"
#endif

namespace {

using offload::Region;

void axpy(double A, std::span<const double> X, Region<double> Y) {
  for (auto [I, Yi] : Y)
    Yi = A * X[I] + Yi;
}

void stats(offload::Range<> R, std::span<const double> Y,
           std::span<const std::int64_t> Keys, offload::ReduceSum<double> Sum,
           offload::ReduceMax<double> Max, offload::ReduceMinLoc<double> Min,
           offload::ReduceSum<std::int64_t> KeySum) {
  for (std::uint64_t I : R) {
    Sum += Y[I];
    Max.max(Y[I]);
    Min.min(Y[I], I);
    KeySum += Keys[I];
  }
}

std::int64_t gathered(std::span<const std::int64_t> Shared, std::uint64_t I) {
  return Shared[I * 7 % Shared.size()] + std::int64_t(I);
}

void gather(std::span<const std::int64_t> Shared,
            Region<std::int64_t, offload::Chunked1D> Out) {
  for (auto [First, Values] : Out)
    for (std::uint64_t J = 0; J < Values.size(); ++J)
      Values[J] = gathered(Shared, First + J);
}

void histogram(offload::Range<offload::GridStride1D> R,
               std::span<const std::int64_t> Keys,
               offload::Atomic<unsigned> Counts) {
  for (std::uint64_t I : R)
    Counts.add(std::uint64_t(Keys[I] & 15), 1u);
}

struct Where {
  unsigned Thread, Call;
};

[[noreturn]] void fail(Where W, const char *What, std::size_t Index, double Got,
                       double Want) {
  std::fprintf(stderr,
               "stress: FAIL: thread %u, call %u: %s[%zu] is %.17g, expected "
               "%.17g\n",
               W.Thread, W.Call, What, Index, Got, Want);
  std::fflush(stderr);
  // Other threads are still offloading: leave without running destructors.
  std::_Exit(1);
}

template <class T>
void expectEqual(Where W, const char *What, const std::vector<T> &Got,
                 const std::vector<T> &Want) {
  if (Got.size() != Want.size())
    fail(W, What, Got.size(), double(Got.size()), double(Want.size()));
  for (std::size_t I = 0; I < Got.size(); ++I)
    if (Got[I] != Want[I])
      fail(W, What, I, double(Got[I]), double(Want[I]));
}

template <class T> void expectEqual(Where W, const char *What, T Got, T Want) {
  if (Got != Want)
    fail(W, What, 0, double(Got), double(Want));
}

/// The data of one thread and the host's reference results.
class Worker {
public:
  Worker(unsigned Thread, std::size_t Large,
         const std::vector<std::int64_t> &Shared)
      : Thread(Thread), Large(Large), Shared(Shared) {}

  void run(unsigned Calls) {
    for (unsigned Call = 0; Call < Calls; ++Call)
      step(Call);
  }

private:
  /// Odd sizes up to 4999, and every tenth call (staggered across threads)
  /// the large size.
  std::size_t sizeOf(unsigned Call) const {
    if ((Call + Thread) % 10 == 0)
      return Large;
    return 1 + 2 * ((Call * 7919u + Thread * 104729u) % 2500);
  }

  void fill(unsigned Call, std::size_t N) {
    X.resize(N);
    Y.resize(N);
    Keys.resize(N);
    for (std::size_t I = 0; I < N; ++I) {
      X[I] = double(std::int64_t((I * 31 + Thread * 7 + Call) % 17) - 8);
      Y[I] = double(std::int64_t((I * 13 + Call * 3 + Thread) % 201) - 100);
      Keys[I] = std::int64_t((I * 2654435761u + Thread * 977 + Call) % 100003) -
                50000;
    }
    WantY = Y;
  }

  void hostAxpy(double A) {
    for (std::size_t I = 0; I < WantY.size(); ++I)
      WantY[I] = A * X[I] + WantY[I];
  }

  /// The reductions over Y (which a handle may stage) against WantY.
  template <class YData> void checkStats(Where W, YData &&YArg) {
    const std::size_t N = WantY.size();
    double Sum = 0, Max = -std::numeric_limits<double>::infinity();
    offload::ValueLoc<double> Min{std::numeric_limits<double>::infinity(),
                                  ~std::uint64_t(0)};
    std::int64_t KeySum = 5; // combined into the value before the call
    offload::offload(stats, N, YArg, Keys, Sum, Max, Min, KeySum);

    double WantSum = 0, WantMax = -std::numeric_limits<double>::infinity();
    offload::ValueLoc<double> WantMin{std::numeric_limits<double>::infinity(),
                                      ~std::uint64_t(0)};
    std::int64_t WantKeySum = 5;
    for (std::size_t I = 0; I < N; ++I) {
      WantSum += WantY[I];
      WantMax = std::max(WantMax, WantY[I]);
      if (WantY[I] < WantMin.value)
        WantMin = {WantY[I], I};
      WantKeySum += Keys[I];
    }
    expectEqual(W, "sum", Sum, WantSum);
    expectEqual(W, "max", Max, WantMax);
    expectEqual(W, "min", Min.value, WantMin.value);
    expectEqual(W, "min index", Min.index, WantMin.index);
    expectEqual(W, "key sum", KeySum, WantKeySum);
  }

  void step(unsigned Call) {
    const Where W{Thread, Call};
    const std::size_t N = sizeOf(Call);
    fill(Call, N);
    const double A = double(int(Call % 7) - 3);

    // A quarter of the calls hold a handle on the shared vector while they
    // run, so that threads stage and release it in every order.
    std::optional<offload::Preloaded<const std::vector<std::int64_t>>>
        SharedHandle;
    if (Call % 4 == Thread % 4)
      SharedHandle.emplace(offload::preload(Shared));

    // A mutable Region, copied there and back.
    offload::offload(axpy, A, X, Y);
    hostAxpy(A);
    expectEqual(W, "y after axpy", Y, WantY);

    checkStats(W, Y);

    if (Call % 3 == Thread % 3) {
      {
        auto HX = offload::preload(X);
        auto HY = offload::preload_mut(Y);
        for (int K = 1; K <= 3; ++K) {
          offload::offload(axpy, A + K, HX, HY);
          hostAxpy(A + K);
        }
        // A lambda with a captured scale, on another strategy.
        const double B = Call % 2 ? 2.0 : -1.0;
        offload::offload(
            [B](Region<double, offload::GridStride1D> V) {
              for (auto [I, Vi] : V)
                Vi = B * Vi - 1.0;
            },
            Region<double, offload::GridStride1D>(
                HY, offload::GridStride1D{1 + Call % 300}));
        for (double &V : WantY)
          V = B * V - 1.0;
        if (Call % 2) {
          HY.sync();
          expectEqual(W, "y after sync", Y, WantY);
        }
        checkStats(W, HY);
        offload::offload(axpy, 1.0, X, Y); // the data finds its handles
        hostAxpy(1.0);
      } // HY copies y back
      expectEqual(W, "y after preload_mut", Y, WantY);
    }

    if (SharedHandle) {
      std::vector<std::int64_t> Out(N), WantOut(N);
      for (std::size_t I = 0; I < N; ++I)
        WantOut[I] = gathered(Shared, I);
      Region<std::int64_t, offload::Chunked1D> Chunks(
          Out, offload::Chunked1D{1 + Call % 5});
      if (Call % 8 < 4)
        offload::offload(gather, *SharedHandle, Chunks);
      else
        offload::offload(gather, Shared, Chunks); // finds the staged copy
      expectEqual(W, "gathered", Out, WantOut);
    }

    if (Call % 7 == Thread % 7) {
      std::vector<unsigned> Counts(16, 1), WantCounts(16, 1);
      offload::offload(histogram,
                       offload::Range<offload::GridStride1D>(
                           N, offload::GridStride1D{64 + Call % 1000}),
                       Keys, Counts);
      for (std::int64_t K : Keys)
        ++WantCounts[K & 15];
      expectEqual(W, "histogram", Counts, WantCounts);
    }

    if (Call % 16 == Thread % 16)
      offload::synchronize();
    SharedHandle.reset();
  }

  unsigned Thread;
  std::size_t Large;
  const std::vector<std::int64_t> &Shared;
  std::vector<double> X, Y, WantY;
  std::vector<std::int64_t> Keys;
};

unsigned argument(int Argc, char **Argv, int I, unsigned Default) {
  if (Argc <= I)
    return Default;
  char *End;
  unsigned long V = std::strtoul(Argv[I], &End, 10);
  if (*End || V == 0 || V > std::numeric_limits<unsigned>::max()) {
    std::fprintf(stderr,
                 "usage: %s [threads [calls-per-thread [large-elements]]]\n",
                 Argv[0]);
    std::exit(2);
  }
  return unsigned(V);
}

} // namespace

int main(int Argc, char **Argv) {
  const unsigned Threads = argument(Argc, Argv, 1, 8);
  const unsigned Calls = argument(Argc, Argv, 2, 500);
  const std::size_t Large = argument(Argc, Argv, 3, (1u << 17) + 3);

  std::vector<std::int64_t> Shared(10007);
  for (std::size_t I = 0; I < Shared.size(); ++I)
    Shared[I] = std::int64_t(I * I % 10007) - 5000;

  // All threads start together, so that their first calls collide too.
  std::latch Start(Threads);
  std::vector<std::thread> Pool;
  for (unsigned T = 0; T < Threads; ++T)
    Pool.emplace_back([&, T] {
      Worker W(T, Large, Shared);
      Start.arrive_and_wait();
      W.run(Calls);
    });
  for (std::thread &T : Pool)
    T.join();
  std::printf("stress: %u threads x %u calls: PASS\n", Threads, Calls);
  return 0;
}
