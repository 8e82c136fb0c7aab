// Vectors passed as spans of parts of them made in the call (a halo
// exchange's pack and unpack: each neighbour's part of one buffer, each
// variable's part of one array) stay on the device across the loop like
// the vectors themselves, and the results equal those of a loop whose data
// moves at every call.
// RUN: %offload_host -Rpass=offload-residency -Rpass-missed=offload-residency %s %ldflags -o %t.on 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: %offload_host -fplugin-arg-offload-residency=off %s %ldflags -o %t.off
// RUN: %t.on > %t.on.out && %t.off > %t.off.out && cmp %t.on.out %t.off.out
// RUN: FileCheck %s --check-prefix=OUT < %t.on.out
//
// REMARKS-DAG: remark: 'list' stays on the device across this loop's offload() calls: copied there once before the loop [-Rpass=offload-residency]
// REMARKS-DAG: remark: 'values' stays on the device across this loop's offload() calls: copied there once before the loop and back once after it
// REMARKS-DAG: remark: 'send' stays on the device across this loop's offload() calls: copied there once before the loop and back once after it
// REMARKS-NOT: cannot stay
// OUT: values 0 1 2 3 4 1 2 3 4 9 10 11 12 13 14 11 12 13 14 19
// OUT: sent 0 1 2 3 10 11 12 13

#include <cstdio>
#include <offload/offload.hpp>
#include <span>
#include <vector>

using offload::Region;

void pack(std::span<const int> list, std::span<const double> var,
          Region<double> buffer) {
  for (auto [i, b] : buffer)
    b = var[list[i]];
}

// Entry i of the list names element z: one of each per thread.
void unpack(offload::Range<> entries, std::span<const double> buffer,
            Region<double, offload::Indexed<int>> var) {
  for (std::uint64_t i : entries)
    for (auto [z, v] : var)
      v = buffer[i] + 1.0;
}

// The caller's vectors, by reference: list's first half is sent, its second
// half received.
void exchange(std::vector<double> &values, std::vector<double> &send,
              std::vector<int> &list, int reps) {
  const long len = 4, n = 10;
  for (int r = 0; r < reps; ++r)
    for (int v = 0; v < 2; ++v) {
      offload::offload(pack, std::span<const int>(list).subspan(0, len),
                       std::span<const double>(values).subspan(v * n, n),
                       std::span<double>(send).subspan(v * len, len));
      offload::offload(
          unpack, len, std::span<const double>(send).subspan(v * len, len),
          Region<double, offload::Indexed<int>>(
              std::span<double>(values).subspan(v * n, n),
              offload::Indexed(std::span<const int>(list).subspan(len, len))));
    }
}

int main() {
  std::vector<double> values(20), send(8);
  for (int i = 0; i < 20; ++i)
    values[i] = i;
  std::vector<int> list = {0, 1, 2, 3, 5, 6, 7, 8};
  exchange(values, send, list, 3);
  std::printf("values");
  for (double x : values)
    std::printf(" %g", x);
  std::printf("\nsent");
  for (double x : send)
    std::printf(" %g", x);
  std::printf("\n");
}
