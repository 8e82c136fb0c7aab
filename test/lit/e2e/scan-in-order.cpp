// On the host's CPU the library's scans and compactions are one logical thread
// looping over the data in order: no tiles, no barriers. The host device names
// the kernels it ran; both builds give std::'s answers.
// RUN: %offload_host %s %ldflags -o %t
// RUN: env OFFLOAD_DEVICE=host OFFLOAD_INFO=1 %t 2>&1 | FileCheck %s
// RUN: %if gxx %{ %gxx %cxxflags %s -o %t.gxx && %t.gxx | FileCheck %s --check-prefix=OUT %}
#include <offload/scan.hpp>
#include <algorithm>
#include <cstdio>
#include <iterator>
#include <numeric>
#include <vector>

struct Odd {
  bool operator()(long V) const { return V % 2 != 0; }
};

int main() {
  const std::size_t N = 300000; // several GPU tiles
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
  std::printf("inclusive %d exclusive %d copy_if %d (%zu kept)\n", Inclusive,
              Exclusive, Compacted, Count);
}
// CHECK: kernel 'offload::detail::scan::scanInOrder<long, std::plus<void>, false, false>' on device {{[0-9]+}} (host): 1 threads
// CHECK: kernel 'offload::detail::scan::scanInOrder<long, std::plus<void>, true, false>' on device {{[0-9]+}} (host): 1 threads
// CHECK: kernel 'offload::detail::scan::selectInOrder<long, long, Odd, false>' on device {{[0-9]+}} (host): 1 threads
// CHECK-NOT: Tiles
// CHECK: inclusive 1 exclusive 1 copy_if 1 (138462 kept)
// OUT: inclusive 1 exclusive 1 copy_if 1 (138462 kept)
