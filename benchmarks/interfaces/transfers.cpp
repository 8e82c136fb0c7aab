// Host <-> device copy speed of the runtime for several sizes: preloading
// an array (to the device) and releasing a mutable preload (back), timed by
// the runtime's own transfer totals. Median GB/s of several passes, for
// pageable memory (std::vector) and for pinned memory
// (offload::pinned_vector), which a GPU copies without bounce buffers.
// Last, the host's own memcpy speed with 1..N threads: the bounce buffers
// copy pageable data that way before (or after) the bus.
#include <offload/offload.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace {

template <class Vector> void measure(std::size_t Bytes, int Passes) {
  Vector Data(Bytes, 1);
  std::vector<double> To, Back;
  for (int P = 0; P <= Passes; ++P) {
    offload::TransferTotals T0 = offload::transfer_totals();
    auto Handle = offload::preload_mut(Data);
    offload::TransferTotals T1 = offload::transfer_totals();
    Handle.release();
    offload::TransferTotals T2 = offload::transfer_totals();
    if (P == 0)
      continue; // warm-up
    To.push_back(Bytes / (T1.to_device_seconds - T0.to_device_seconds) / 1e9);
    Back.push_back(Bytes / (T2.from_device_seconds - T1.from_device_seconds) /
                   1e9);
  }
  std::sort(To.begin(), To.end());
  std::sort(Back.begin(), Back.end());
  std::printf("%12zu %16.1f %16.1f\n", Bytes, To[To.size() / 2],
              Back[Back.size() / 2]);
}

/// Median GB/s of memcpy between two pageable 256 MiB buffers, split over
/// Threads threads.
double hostCopy(unsigned Threads, int Passes) {
  const std::size_t Bytes = std::size_t(256) << 20, Each = Bytes / Threads;
  std::vector<char> From(Bytes, 1), To(Bytes, 2);
  std::vector<double> Speeds;
  for (int P = 0; P <= Passes; ++P) {
    auto T0 = std::chrono::steady_clock::now();
    std::vector<std::thread> Workers;
    for (unsigned I = 0; I < Threads; ++I)
      Workers.emplace_back([&, I] {
        std::memcpy(To.data() + I * Each, From.data() + I * Each, Each);
      });
    for (std::thread &W : Workers)
      W.join();
    std::chrono::duration<double> S = std::chrono::steady_clock::now() - T0;
    if (P)
      Speeds.push_back(Bytes / S.count() / 1e9);
  }
  std::sort(Speeds.begin(), Speeds.end());
  return Speeds[Speeds.size() / 2];
}

} // namespace

int main(int argc, char **argv) {
  int Passes = argc > 1 ? std::atoi(argv[1]) : 5;
  const std::size_t Sizes[] = {std::size_t(64) << 10, std::size_t(1) << 20,
                               std::size_t(8) << 20, std::size_t(64) << 20,
                               std::size_t(256) << 20};
  std::printf("%12s %16s %16s\n", "bytes", "to device GB/s", "back GB/s");
  for (std::size_t Bytes : Sizes)
    measure<std::vector<char>>(Bytes, Passes);
  std::printf("# pinned_vector\n");
  std::printf("%12s %16s %16s\n", "bytes", "to device GB/s", "back GB/s");
  for (std::size_t Bytes : Sizes)
    measure<offload::pinned_vector<char>>(Bytes, Passes);
  std::printf("# host memcpy, 256 MiB pageable to pageable\n%12s %16s\n",
              "threads", "GB/s");
  for (unsigned T = 1; T <= std::thread::hardware_concurrency(); T *= 2)
    std::printf("%12u %16.1f\n", T, hostCopy(T, Passes));
}
