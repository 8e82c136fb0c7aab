// RAJAPerf's INDEXLIST_3LOOP taken apart (1 M doubles of random sign,
// preloaded): the three loops with the length through a ReduceSum, without
// the length, and each loop alone; median µs per rep over 12 batches of 20
// (common.hpp). One pass on host vectors is checked first.
// index_list_3loop_cuda.cu times the CUDA version's parts alike.
#include "common.hpp"

#include <offload/offload.hpp>
#include <offload/scan.hpp>

#include <cstdio>
#include <vector>

using Index = long;
using List = offload::Region<int, offload::Segments<Index>>;

void flags(std::span<const double> X, Index N, offload::Region<Index> C) {
  for (auto [I, V] : C)
    V = std::int64_t(I) < N && X[I] < 0.0 ? 1 : 0;
}
void listLen(offload::Range<> T, std::span<const Index> C, List L,
             offload::ReduceSum<Index> Len) {
  for (std::uint64_t I : T) {
    for (auto [F, E] : L)
      E[0] = int(I);
    if (I == C.size() - 2)
      Len += C[I + 1];
  }
}
void listOnly(offload::Range<> T, List L) {
  for (std::uint64_t I : T)
    for (auto [F, E] : L)
      E[0] = int(I);
}

template <class F> double median(F &&Body) {
  const std::vector<double> Us = perCall(
      Body, [] { offload::synchronize(); }, 12);
  return Us[Us.size() / 2];
}

int main() {
  const Index N = 1000000;
  const std::vector<double> X = randomSigns(N, 1);
  std::vector<Index> Counts(N + 1);
  std::vector<int> Out(N, -1), Ref(N, -1);
  Index Len = 0, RefLen = 0;
  for (Index I = 0; I < N; ++I)
    if (X[I] < 0.0)
      Ref[RefLen++] = int(I);
  offload::offload(flags, X, N, Counts);
  offload::exclusive_scan(Counts, Counts, Index(0));
  offload::offload(listLen, offload::Range<>(N), Counts,
                   List(Out, offload::Segments(Counts)), Len);
  std::printf("checked pass: %s (length %ld)\n",
              Out == Ref && Len == RefLen ? "ok" : "WRONG", Len);

  auto XD = offload::preload(X);
  auto CD = offload::preload_mut(Counts);
  auto LD = offload::preload_mut(Out);
  auto Flags = [&] { offload::offload(flags, XD, N, CD); };
  auto Scan = [&] { offload::exclusive_scan(CD, CD, Index(0)); };
  auto WithLen = [&] {
    Len = 0;
    offload::offload(listLen, offload::Range<>(N), CD,
                     List(LD, offload::Segments(CD)), Len);
  };
  auto WithoutLen = [&] {
    offload::offload(listOnly, offload::Range<>(N),
                     List(LD, offload::Segments(CD)));
  };
  const double All = median([&] {
    Flags();
    Scan();
    WithLen();
  });
  const double NoLen = median([&] {
    Flags();
    Scan();
    WithoutLen();
  });
  // Scanning the counts again would overflow them: flags and scan, less
  // the flags.
  const double FlagsOnly = median(Flags);
  const double ScanOnly = median([&] {
                            Flags();
                            Scan();
                          }) -
                          FlagsOnly;
  std::printf("3loop all %.2f  without Len %.2f | flags %.2f scan %.2f "
              "list+Len %.2f list %.2f (us)\n",
              All, NoLen, FlagsOnly, ScanOnly, median(WithLen),
              median(WithoutLen));
}
