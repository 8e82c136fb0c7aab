// RAJAPerf's INDEXLIST_3LOOP taken apart (offload, preloaded data, 1 M
// doubles of random sign): first one checked pass on host vectors, then the
// median per rep over 12 batches of 20 of: the three loops with the length
// through a ReduceSum, without the length, and each loop alone.
// index_list_3loop_cuda.cu times the CUDA version's parts alike.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <offload/offload.hpp>
#include <offload/scan.hpp>
#include <vector>
using Index = long;
void flags(std::span<const double> X, Index N, offload::Region<Index> C) {
  for (auto [I, V] : C)
    V = std::int64_t(I) < N && X[I] < 0.0 ? 1 : 0;
}
void listLen(offload::Range<> T, std::span<const Index> C,
             offload::Region<int, offload::Segments<Index>> L,
             offload::ReduceSum<Index> Len) {
  for (std::uint64_t I : T) {
    for (auto [F, E] : L)
      E[0] = int(I);
    if (I == C.size() - 2)
      Len += C[I + 1];
  }
}
void listOnly(offload::Range<> T,
              offload::Region<int, offload::Segments<Index>> L) {
  for (std::uint64_t I : T)
    for (auto [F, E] : L)
      E[0] = int(I);
}
template <class F> double timeIt(F &&Body) {
  std::vector<double> T;
  for (int R = 0; R < 15; ++R) {
    offload::synchronize();
    auto A = std::chrono::steady_clock::now();
    for (int J = 0; J < 20; ++J)
      Body();
    offload::synchronize();
    auto B = std::chrono::steady_clock::now();
    if (R >= 3)
      T.push_back(std::chrono::duration<double, std::micro>(B - A).count() /
                  20);
  }
  std::sort(T.begin(), T.end());
  return T[T.size() / 2];
}
int main() {
  const Index N = 1000000;
  std::vector<double> X(N);
  unsigned S = 1;
  for (Index I = 0; I < N; ++I) {
    S = S * 1103515245u + 12345u;
    X[I] = (S >> 16) % 2 ? 1.0 : -1.0;
  }
  std::vector<Index> Counts(N + 1);
  std::vector<int> List(N, -1);
  {
    std::vector<Index> C(N + 1), Ref(N + 1);
    std::vector<int> L(N, -1), LRef(N, -1);
    offload::offload(flags, X, N, C);
    Index Sum = 0;
    for (Index I = 0; I <= N; ++I) {
      Ref[I] = Sum;
      Sum += I < N && X[I] < 0.0;
    }
    for (Index I = 0; I < N; ++I)
      if (C[I] != (X[I] < 0.0)) {
        std::printf("flags wrong at %ld\n", I);
        break;
      }
    offload::exclusive_scan(C, C, Index(0));
    Index Bad = 0;
    for (Index I = 0; I <= N; ++I)
      if (C[I] != Ref[I]) {
        if (!Bad)
          std::printf("scan wrong at %ld: %ld vs %ld\n", I, C[I], Ref[I]);
        ++Bad;
      }
    std::printf("scan mismatches %ld\n", Bad);
    std::fflush(stdout);
    offload::offload(listOnly, offload::Range<>(N),
                     offload::Region<int, offload::Segments<Index>>(
                         L, offload::Segments(C)));
    std::printf("listOnly ok\n");
    std::fflush(stdout);
    Index Len = 0;
    offload::offload(
        listLen, offload::Range<>(N), C,
        offload::Region<int, offload::Segments<Index>>(L, offload::Segments(C)),
        Len);
    std::printf("listLen ok len %ld (%ld)\n", Len, Sum);
    std::fflush(stdout);
  }
  auto XD = offload::preload(X);
  auto CD = offload::preload_mut(Counts);
  auto LD = offload::preload_mut(List);
  Index Len = 0;
  auto Seg = [&] {
    return offload::Region<int, offload::Segments<Index>>(
        LD, offload::Segments(CD));
  };
  double All = timeIt([&] {
    offload::offload(flags, XD, N, CD);
    offload::exclusive_scan(CD, CD, Index(0));
    Len = 0;
    offload::offload(listLen, offload::Range<>(N), CD, Seg(), Len);
  });
  double NoLen = timeIt([&] {
    offload::offload(flags, XD, N, CD);
    offload::exclusive_scan(CD, CD, Index(0));
    offload::offload(listOnly, offload::Range<>(N), Seg());
  });
  double Flags = timeIt([&] { offload::offload(flags, XD, N, CD); });
  double Scan = timeIt([&] {
                  offload::offload(flags, XD, N, CD);
                  offload::exclusive_scan(CD, CD, Index(0));
                }) -
                Flags;
  double ListL = timeIt([&] {
    Len = 0;
    offload::offload(listLen, offload::Range<>(N), CD, Seg(), Len);
  });
  double ListO =
      timeIt([&] { offload::offload(listOnly, offload::Range<>(N), Seg()); });
  std::printf("3loop all %.2f  without Len %.2f | flags %.2f scan %.2f "
              "list+Len %.2f list %.2f (us)\n",
              All, NoLen, Flags, Scan, ListL, ListO);
}
