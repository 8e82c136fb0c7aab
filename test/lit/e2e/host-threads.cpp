// The host device runs a launch's chunks on OFFLOAD_HOST_THREADS threads.
// The chunks, and the order in which their reductions combine, depend on the
// launch alone: every thread count prints the same bits, and so does the
// build without the plugin, which runs the chunks in order on one thread.
// RUN: %offload_host %s %ldflags -o %t
// RUN: env OFFLOAD_DEVICE=host OFFLOAD_HOST_THREADS=1 %t > %t.1
// RUN: env OFFLOAD_DEVICE=host OFFLOAD_HOST_THREADS=3 OFFLOAD_INFO=2 %t > %t.3 2> %t.3.err
// RUN: env OFFLOAD_DEVICE=host OFFLOAD_HOST_THREADS=8 %t > %t.8
// RUN: env OFFLOAD_DEVICE=host %t > %t.default
// RUN: %clangxx %cxxflags %s -o %t.plain && %t.plain > %t.plain.out
// RUN: FileCheck %s < %t.1
// RUN: diff %t.1 %t.3 && diff %t.1 %t.8 && diff %t.1 %t.default && diff %t.1 %t.plain.out
// RUN: FileCheck %s --check-prefix=INFO < %t.3.err
// RUN: env OFFLOAD_DEVICE=host OFFLOAD_HOST_THREADS=0 not %t 2>&1 | FileCheck %s --check-prefix=BAD -DVALUE=0
// RUN: env OFFLOAD_DEVICE=host OFFLOAD_HOST_THREADS=4x not %t 2>&1 | FileCheck %s --check-prefix=BAD -DVALUE=4x
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

// Sums of values that are not exact in binary: any other grouping of the
// additions would change the last bits.
void harmonic(offload::Region<double> Out, offload::ReduceSum<double> Sum,
              offload::ReduceMax<double> Max) {
  for (auto [I, O] : Out) {
    O = 1.0 / double(I + 1);
    Sum += O * 3.1;
    Max.combine(O * double(I % 1000));
  }
}

void rows(std::size_t N, offload::Region<double, offload::Grid2D> Out,
          offload::ReduceSum<double> Sum) {
  for (auto [R, C, O] : Out) {
    O = double(R * N + C) / 7.0;
    Sum += O;
  }
}

constexpr std::uint32_t Block = 128;
void blockSums(std::span<const double> In, offload::Tile<double, Block> T,
               offload::Region<double> Out, offload::ReduceSum<double> Sum) {
  for (auto [I, O] : Out) {
    T.fill([&](std::size_t K) { return In[I - T.rank() + K]; });
    double Left = 0;
    for (std::size_t K = 0; K <= T.rank(); ++K)
      Left += T[K];
    O = Left;
    Sum += Left;
  }
}

// A launch larger than some of its data: the Range sets N + 777 threads,
// the threads past each Region's size own none of its elements. On the host
// device the threads below the smallest size run in a loop without checks,
// the others after it.
void mixed(offload::Range<> R, offload::Region<double> Short,
           offload::Region<double> Long, offload::ReduceSum<double> Sum) {
  for (std::uint64_t I : R)
    Sum += double(I % 97) * 0.01;
  for (auto [I, S] : Short)
    S = double(I) * 0.5;
  for (auto [I, L] : Long)
    L += 1.0;
}

int main() {
  const std::size_t N = 1000003; // 256 chunks, the last one short
  std::vector<double> X(N);
  double Sum = 0, Max = 0;
  offload::offload(harmonic, X, Sum, Max);
  std::printf("harmonic %a %a %a\n", Sum, Max, X[N - 1]);

  const std::size_t Side = 700; // 2 rows a chunk
  std::vector<double> Grid(Side * Side);
  double GridSum = 0;
  offload::offload(rows, Side,
                   offload::Region<double, offload::Grid2D>(Grid, {Side, Side}),
                   GridSum);
  std::printf("rows %a %a\n", GridSum, Grid[Side * Side - 1]);

  const std::size_t Tiled = 128 * 1000; // 1000 blocks, 3 to a chunk
  std::vector<double> In(X.begin(), X.begin() + Tiled), Out(Tiled);
  double TiledSum = 0;
  offload::offload(offload::Launch{.threads = Tiled, .block = Block}, blockSums,
                   In, offload::team_memory, Out, TiledSum);
  std::printf("tiles %a %a\n", TiledSum, Out[Tiled - 1]);

  std::vector<double> Short(N - 5000, -1.0), Long(N, 2.0);
  double MixedSum = 0, Want = 0;
  offload::offload(mixed, offload::Range<>(N + 777), Short, Long, MixedSum);
  for (std::size_t I = 0; I < N + 777; ++I)
    Want += double(I % 97) * 0.01;
  bool Right = true;
  for (std::size_t I = 0; I < Short.size(); ++I)
    Right = Right && Short[I] == double(I) * 0.5;
  for (double L : Long)
    Right = Right && L == 3.0;
  std::printf("mixed %d %a (%.6g, within %d)\n", Right, MixedSum, Want,
              MixedSum > Want * (1 - 1e-12) && MixedSum < Want * (1 + 1e-12));
}
// CHECK: harmonic 0x{{[0-9a-f.p+-]+}} 0x{{[0-9a-f.p+-]+}} 0x{{[0-9a-f.p+-]+}}
// CHECK: rows 0x{{[0-9a-f.p+]+}} 0x{{[0-9a-f.p+]+}}
// CHECK: tiles 0x{{[0-9a-f.p+]+}} 0x{{[0-9a-f.p+]+}}
// CHECK: mixed 1 0x{{[0-9a-f.p+]+}} ({{[0-9.e+]+}}, within 1)
// INFO: offload: info: host device: 3 thread(s) run its kernels
// BAD: offload: error: OFFLOAD_HOST_THREADS=[[VALUE]] is not a number of threads from 1 to 1024
