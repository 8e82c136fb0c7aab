// On the host's CPU the library's scans and compactions are one logical
// thread that shares the data's chunks among the host device's threads: no
// tiles, no barriers. The host device names the kernels it ran; with 1 and 3
// threads and without the plugin, the answers are std::'s (integers) and
// the same bits (a sum of doubles, whose rounding depends on the size
// alone).
// RUN: %offload_host %s %ldflags -o %t
// RUN: env OFFLOAD_DEVICE=host OFFLOAD_INFO=1 %t 2>&1 | FileCheck %s
// RUN: env OFFLOAD_DEVICE=host OFFLOAD_HOST_THREADS=1 %t > %t.1
// RUN: env OFFLOAD_DEVICE=host OFFLOAD_HOST_THREADS=3 %t > %t.3
// RUN: FileCheck %s --check-prefix=OUT < %t.1
// RUN: diff %t.1 %t.3
// RUN: %if gxx %{ %gxx %cxxflags %s -o %t.gxx && %t.gxx > %t.gxx.out && diff %t.1 %t.gxx.out %}
#include <offload/scan.hpp>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <numeric>
#include <vector>

struct Odd {
  bool operator()(long V) const { return V % 2 != 0; }
};

// Affine maps composed left to right: the order of the chunks matters.
struct Affine {
  long A, B;
  bool operator==(const Affine &) const = default;
};
struct ThenApply {
  Affine operator()(Affine F, Affine G) const {
    return {G.A * F.A, G.A * F.B + G.B};
  }
};

int main() {
  const std::size_t N = 300007; // several GPU tiles, 256 uneven host chunks
  std::vector<long> X(N), Y(N), Want(N);
  for (std::size_t I = 0; I < N; ++I)
    X[I] = long(I * 7 % 13) - 6;
  offload::inclusive_scan(X, Y);
  std::inclusive_scan(X.begin(), X.end(), Want.begin());
  const bool Inclusive = Y == Want;
  offload::exclusive_scan(X, Y, 5L);
  std::exclusive_scan(X.begin(), X.end(), Want.begin(), 5L);
  const bool Exclusive = Y == Want;
  std::vector<long> Kept;
  std::copy_if(X.begin(), X.end(), std::back_inserter(Kept), Odd{});
  const std::size_t Count = offload::copy_if(X, Y, Odd{});
  const bool Compacted =
      Count == Kept.size() && std::equal(Kept.begin(), Kept.end(), Y.begin());
  Want = X;
  offload::inclusive_scan(Want, Want); // in place
  std::inclusive_scan(X.begin(), X.end(), Y.begin());
  const bool InPlace = Y == Want;

  std::vector<Affine> Maps(N), Composed(N), WantMaps(N);
  for (std::size_t I = 0; I < N; ++I)
    Maps[I] = {I % 5 == 0 ? -1 : 1, long(I % 9) - 4};
  offload::inclusive_scan(Maps, Composed, ThenApply{});
  std::inclusive_scan(Maps.begin(), Maps.end(), WantMaps.begin(), ThenApply{});
  const bool Ordered = Composed == WantMaps;

  std::vector<double> D(N), E(N);
  for (std::size_t I = 0; I < N; ++I)
    D[I] = double(int(I * 7919 % 61) - 30) * 0.37;
  offload::exclusive_scan(D, E, 0.5);
  std::uint64_t Hash = 0;
  for (double V : E) {
    std::uint64_t Bits;
    std::memcpy(&Bits, &V, sizeof Bits);
    Hash = Hash * 1000003 + Bits;
  }
  std::printf("inclusive %d exclusive %d copy_if %d (%zu kept) in place %d "
              "ordered %d\n",
              Inclusive, Exclusive, Compacted, Count, InPlace, Ordered);
  std::printf("doubles %016llx\n", (unsigned long long)Hash);
}
// CHECK: kernel 'offload::detail::scan::scanOnHost<long, std::plus<void>, false, false>' on device {{[0-9]+}} (host): 1 threads
// CHECK: kernel 'offload::detail::scan::scanOnHost<long, std::plus<void>, true, false>' on device {{[0-9]+}} (host): 1 threads
// CHECK: kernel 'offload::detail::scan::selectOnHost<long, long, Odd, false>' on device {{[0-9]+}} (host): 1 threads
// CHECK-NOT: Tiles
// CHECK: inclusive 1 exclusive 1 copy_if 1 (138465 kept) in place 1 ordered 1
// OUT: inclusive 1 exclusive 1 copy_if 1 (138465 kept) in place 1 ordered 1
// OUT: doubles
