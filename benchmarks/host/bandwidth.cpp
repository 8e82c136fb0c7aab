// The host device's library calls on arrays far larger than the caches,
// against the memory bandwidth of the same machine measured by plain C++
// threads (one contiguous slice each, on as many threads as the host device
// uses). Each line gives the median over timed calls, the bytes the call
// must move at least, and that rate as a share of the plain loop that moves
// the same kind of traffic: a read-only sum for the reduction, a copy for
// the scan, copy_if and a Region copy. Results are checked against the
// standard library (exit status 1 if one differs).
//
//   OFFLOAD_DEVICE=host OFFLOAD_HOST_THREADS=16 host_bandwidth [LOG2_N]
#include "../scan/common.hpp"

#include <offload/scan.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <sched.h>
#include <thread>
#include <vector>

namespace {

struct Negative {
  bool operator()(double V) const { return V < 0.0; }
};

void sumKernel(offload::Range<> R, std::span<const double> X,
               offload::ReduceSum<double> Total) {
  for (std::uint64_t I : R)
    Total += X[I];
}

void copyKernel(std::span<const double> X, offload::Region<double> Y) {
  for (auto [I, Yi] : Y)
    Yi = X[I];
}

/// The threads the host device runs on: OFFLOAD_HOST_THREADS, else the cores
/// the process may use (as the runtime counts them).
unsigned hostThreads() {
  if (const char *Set = std::getenv("OFFLOAD_HOST_THREADS"))
    if (int N = std::atoi(Set); N > 0)
      return unsigned(N);
  cpu_set_t Cpus;
  if (sched_getaffinity(0, sizeof Cpus, &Cpus) == 0)
    return unsigned(CPU_COUNT(&Cpus));
  return std::thread::hardware_concurrency();
}

/// Body(T, Begin, End) on Threads threads T, each a contiguous slice of N.
template <class Body> void onSlices(unsigned Threads, std::size_t N, Body B) {
  std::vector<std::thread> Pool;
  for (unsigned T = 0; T < Threads; ++T)
    Pool.emplace_back([=] { B(T, N * T / Threads, N * (T + 1) / Threads); });
  for (std::thread &Th : Pool)
    Th.join();
}

double median(const std::vector<double> &Us) { return Us[Us.size() / 2]; }

bool AllOk = true;

void report(const char *Name, double Us, double Bytes, double ReferenceGBs,
            bool Ok) {
  const double GBs = Bytes / Us * 1e-3;
  std::printf("%-22s %10.1f us %8.2f GB/s %6.1f %% of the plain loop  %s\n",
              Name, Us, GBs, 100.0 * GBs / ReferenceGBs, Ok ? "ok" : "WRONG");
  AllOk = AllOk && Ok;
}

} // namespace

int main(int Argc, char **Argv) {
  const int Log2N = Argc > 1 ? std::atoi(Argv[1]) : 26;
  const std::size_t N = std::size_t(1) << Log2N;
  const unsigned Threads = hostThreads();
  const std::vector<double> X = randomSigns(N, 12345);
  std::vector<double> Y(N, 0.0), Ref(N);
  const int Timed = 9, Warmup = 2, Calls = 1;
  auto None = [] {};

  // The plain loops: the machine's rates for reading and for copying.
  std::vector<double> Partial(Threads);
  const double ReadUs = median(perCall(
      [&] {
        onSlices(Threads, N, [&](unsigned T, std::size_t B, std::size_t E) {
          double S[4] = {0, 0, 0, 0};
          std::size_t I = B;
          for (; I + 4 <= E; I += 4)
            for (int K = 0; K < 4; ++K)
              S[K] += X[I + K];
          for (; I < E; ++I)
            S[0] += X[I];
          Partial[T] = S[0] + S[1] + S[2] + S[3];
        });
      },
      None, Timed, Warmup, Calls));
  const double CopyUs = median(perCall(
      [&] {
        onSlices(Threads, N, [&](unsigned, std::size_t B, std::size_t E) {
          std::memcpy(Y.data() + B, X.data() + B, (E - B) * sizeof(double));
        });
      },
      None, Timed, Warmup, Calls));
  const double ReadGBs = 8.0 * N / ReadUs * 1e-3;
  const double CopyGBs = 16.0 * N / CopyUs * 1e-3;
  std::printf("n = 2^%d doubles (%.0f MiB an array), %u threads\n", Log2N,
              8.0 * N / (1 << 20), Threads);
  std::printf("%-22s %10.1f us %8.2f GB/s\n", "plain read (sum)", ReadUs,
              ReadGBs);
  std::printf("%-22s %10.1f us %8.2f GB/s\n", "plain copy (memcpy)", CopyUs,
              CopyGBs);

  auto XD = offload::preload(X);
  {
    double Total = 0;
    const double Us = median(perCall(
        [&] {
          Total = 0;
          offload::offload(sumKernel, offload::Range<>(N), XD, Total);
        },
        [] { offload::synchronize(); }, Timed, Warmup, Calls));
    const double Expected = std::accumulate(X.begin(), X.end(), 0.0);
    report("reduce (ReduceSum)", Us, 8.0 * N, ReadGBs, Total == Expected);
  }
  {
    std::fill(Y.begin(), Y.end(), 0.0);
    auto YD = offload::preload_mut(Y);
    const double Us = median(
        perCall([&] { offload::offload(copyKernel, XD, YD); },
                [] { offload::synchronize(); }, Timed, Warmup, Calls));
    YD.release();
    report("copy (Region)", Us, 16.0 * N, CopyGBs, Y == X);
  }
  {
    std::exclusive_scan(X.begin(), X.end(), Ref.begin(), 0.0);
    auto YD = offload::preload_mut(Y);
    const double Us = median(
        perCall([&] { offload::exclusive_scan(XD, YD, 0.0); },
                [] { offload::synchronize(); }, Timed, Warmup, Calls));
    YD.release();
    report("exclusive_scan", Us, 16.0 * N, CopyGBs, Y == Ref);
  }
  {
    std::size_t Kept = 0;
    auto YD = offload::preload_mut(Y);
    const double Us = median(
        perCall([&] { Kept = offload::copy_if(XD, YD, Negative{}); },
                [] { offload::synchronize(); }, Timed, Warmup, Calls));
    YD.release();
    auto End = std::copy_if(X.begin(), X.end(), Ref.begin(), Negative{});
    const std::size_t Expected = std::size_t(End - Ref.begin());
    const bool Ok = Kept == Expected &&
                    std::equal(Ref.begin(), End, Y.begin());
    report("copy_if (half kept)", Us, 8.0 * N + 8.0 * Kept, CopyGBs, Ok);
  }
  return AllOk ? 0 : 1;
}
