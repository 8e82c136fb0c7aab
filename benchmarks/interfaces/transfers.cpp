// Host <-> device copy speed of the runtime for several sizes: preloading
// an array (to the device) and releasing a mutable preload (back), timed by
// the runtime's own transfer totals. Median GB/s of several passes, for
// pageable memory (std::vector) and for pinned memory
// (offload::pinned_vector), which a GPU copies without bounce buffers.
#include <offload/offload.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
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
}
