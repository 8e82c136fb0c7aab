// The library's calls that run kernels on containers (the scans, copy_if,
// copy_index_if, the sorts, the BLAS calls) take part in automatic residency as
// offload() calls do: a loop of them moves its data once each way. A scan
// in place passes one vector as input and output, which stays resident too,
// and so does a list that a Region built in the call reads through its
// strategy (Segments).
// RUN: %offload_host -Rpass=offload-residency %s %ldflags -o %t.on 2> %t.remarks && %t.on | FileCheck %s --check-prefix=ON
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// The same answers from the build without the plugin.
// RUN: %clangxx %cxxflags -O1 %s %ldflags -o %t.plain && %t.plain | FileCheck %s --check-prefix=PLAIN
// copy_if's output must be other data than its input.
// RUN: not %t.on same 2>&1 | FileCheck %s --check-prefix=SAME
#include <offload/blas.hpp>
#include <offload/offload.hpp>
#include <offload/scan.hpp>
#include <offload/sort.hpp>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <numeric>
#include <vector>

struct Odd {
  bool operator()(long v) const { return v % 2 != 0; }
};

void bump(offload::Region<long> v) {
  for (auto [i, vi] : v)
    vi += long(i % 3);
}
// An index list in three steps, as RAJAPerf's INDEXLIST_3LOOP: 0/1 flags,
// their exclusive scan in place, and the list, where Segments(flags) gives
// thread i the entries [flags[i], flags[i + 1]): one or none.
void flag(std::span<const long> c, offload::Region<long> f) {
  for (auto [i, fi] : f)
    fi = i < c.size() && c[i] % 2 != 0 ? 1 : 0;
}
void place(offload::Range<> threads,
           offload::Region<int, offload::Segments<long>> list) {
  for (std::uint64_t i : threads)
    for (auto [first, entry] : list)
      entry[0] = int(i);
}

int main(int argc, char **) {
  const std::size_t n = 1000;
  std::vector<long> counts(n), sums(n), kept(n);
  std::iota(counts.begin(), counts.end(), 0L);
  std::vector<double> x(n, 0.5), y(n, 1.0);
  std::vector<long> flags(n + 1);
  std::vector<int> list(n, -1);
  // The same computation on the host, with the standard algorithms.
  std::vector<long> counts0 = counts, sums0(n), kept0(n);
  std::vector<double> y0 = y;
  std::vector<int> list0(n, -1);
  std::size_t last = 0, last0 = 0;
  if (argc > 1)
    offload::copy_if(counts, counts, Odd{});
  for (int it = 0; it < 4; ++it) {
    offload::offload(bump, counts);
    offload::exclusive_scan(counts, sums, 0L);
    offload::inclusive_scan(sums, sums);
    last = offload::copy_if(counts, kept, Odd{});
    offload::sort(kept, std::greater<>{});
    offload::blas::daxpy(int(n), 0.25, x, y);
    offload::offload(flag, counts, flags);
    offload::exclusive_scan(flags, flags, 0L);
    offload::offload(place, offload::Range<>(n),
                     offload::Region<int, offload::Segments<long>>(
                         list, offload::Segments(flags)));

    for (std::size_t i = 0; i < n; ++i)
      counts0[i] += long(i % 3);
    std::exclusive_scan(counts0.begin(), counts0.end(), sums0.begin(), 0L);
    std::inclusive_scan(sums0.begin(), sums0.end(), sums0.begin());
    last0 = std::copy_if(counts0.begin(), counts0.end(), kept0.begin(), Odd{}) -
            kept0.begin();
    std::sort(kept0.begin(), kept0.end(), std::greater<>{});
    for (std::size_t i = 0; i < n; ++i)
      y0[i] += 0.25 * x[i];
    for (std::size_t i = 0, next = 0; i < n; ++i)
      if (counts0[i] % 2 != 0)
        list0[next++] = int(i);
  }
  const double dot = offload::blas::ddot(int(n), x, y);
  offload::TransferTotals T = offload::transfer_totals();
  const double dot0 = std::inner_product(x.begin(), x.end(), y0.begin(), 0.0);
  std::printf("as on the host: %s, kept %zu\n",
              counts == counts0 && sums == sums0 && kept == kept0 &&
                      last == last0 && y == y0 && dot == dot0 &&
                      list == list0
                  ? "yes"
                  : "no",
              last);
  std::printf("to the device %llu bytes, back %llu bytes\n",
              (unsigned long long)T.to_device_bytes,
              (unsigned long long)T.from_device_bytes);
}
// counts, sums, kept and y (8000 bytes each), flags (8008) and list (4000)
// once each way (the sort's scratch copy of kept is never copied), x once to the device, and each copy_if's count (8 bytes)
// back; after the loop, ddot moves x and y to the device again.
// ON: as on the host: yes, kept 500
// ON-NEXT: to the device 68008 bytes, back 44040 bytes
// PLAIN: as on the host: yes, kept 500
// REMARK-DAG: 'counts' stays on the device across this loop's offload() calls: copied there once before the loop and back once after it
// REMARK-DAG: 'sums' stays on the device across this loop's offload() calls: copied there once before the loop and back once after it
// REMARK-DAG: 'kept' stays on the device across this loop's offload() calls: copied there once before the loop and back once after it
// REMARK-DAG: 'x' stays on the device across this loop's offload() calls: copied there once before the loop [-Rpass=offload-residency]
// REMARK-DAG: 'flags' stays on the device across this loop's offload() calls: copied there once before the loop and back once after it
// REMARK-DAG: 'list' stays on the device across this loop's offload() calls: copied there once before the loop and back once after it
// REMARK-DAG: 'y' stays on the device across this loop's offload() calls: copied there once before the loop and back once after it
// SAME: offload::copy_if: the output is the input's own data; give it other data
