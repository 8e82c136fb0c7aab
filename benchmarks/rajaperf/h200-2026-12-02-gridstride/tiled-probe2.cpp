// Built for the tiled-fill measurements (RESULTS.md, "Tile fills in batches"):
//   clang++-22 -std=c++20 -O3 -Iinclude -fplugin=build/lib/CxxOffloadPlugin.so \
//     -fplugin-arg-offload-targets=sm_90,host -DTAG=\"lib \" tiled-probe.cpp \
//     -Lbuild/lib -lcxxoffload-rt -L/usr/lib/llvm-22/lib -lLLVMOffload
// Probe: the rajaperf tiled JACOBI_2D kernel and variants (experiment);
// variant "tiled unroll" has #pragma unroll on the loop over its four rows.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <offload/offload.hpp>
#include <offload/preload.hpp>
#include <offload/team.hpp>
#include <vector>
using Real = double;
using CR = std::span<const Real>;
using Index = std::int64_t;
using offload::Grid2D;
using offload::Region;
namespace rp {
struct Rows4 {
  std::uint64_t Rows, Cols;
  static constexpr unsigned dims = 2;
  offload::Extent extent(std::uint64_t) const {
    return {(Cols - 2 + 31) / 32 * 32, (Rows - 2 + 31) / 32 * 8};
  }
  offload::detail::Strided pieces(offload::ThreadIndex T, std::uint64_t) const {
    const std::uint64_t Col = T.x + 1, First = 4 * T.y + 1;
    const std::uint64_t Count =
        Col < Cols - 1 && First < Rows - 1
            ? std::min<std::uint64_t>(4, Rows - 1 - First)
            : 0;
    return {First * Cols + Col, Count, Cols};
  }
  offload::Span span(std::uint64_t I) const { return {I, 1}; }
  template <class T> offload::Item<T> item(T *Data, std::uint64_t I) const {
    return {I, Data[I]};
  }
  // For OFFLOAD_CHECK_DISJOINT: the interior only.
  bool covers(std::uint64_t I) const {
    const std::uint64_t Row = I / Cols, Col = I % Cols;
    return Row > 0 && Row < Rows - 1 && Col > 0 && Col < Cols - 1;
  }
};
}
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(rp::Rows4);
namespace rp {
constexpr std::uint64_t StencilX = 32, StencilY = 8, RowsPerThread = 4,
                        BandY = StencilY * RowsPerThread;
using StencilTile = offload::Tile2D<Real, BandY + 2, StencilX + 2>;

void jacobiTiledKernel(CR In, Index N, offload::Range<Grid2D> Threads,
                       StencilTile T, Region<Real, Rows4> Out) {
  for (auto [Row, Col] : Threads) {
    // The block's first interior point is (Top + 1, Left + 1); the tile
    // starts at (Top, Left).
    const std::uint64_t Size = N, Top = Row / StencilY * BandY,
                        Left = Col - Col % StencilX;
    T.fill([&](std::size_t R, std::size_t C) {
      const std::uint64_t I = Top + R, J = Left + C;
      return I < Size && J < Size ? In[I * Size + J] : 0.0;
    });
    const std::size_t C = Col % StencilX + 1;
    std::size_t R = Row % StencilY * RowsPerThread + 1;
    for (auto [K, O] : Out) { // formula::jacobi's order of terms
      O = 0.2 *
          (T.unchecked(R, C) + T.unchecked(R, C - 1) + T.unchecked(R, C + 1) +
           T.unchecked(R + 1, C) + T.unchecked(R - 1, C));
      ++R;
    }
  }
}


// Variant: the output loop fully unrolled (#pragma unroll).
void jacobiTiledUnroll(CR In, Index N, offload::Range<Grid2D> Threads,
                       StencilTile T, Region<Real, Rows4> Out) {
  for (auto [Row, Col] : Threads) {
    // The block's first interior point is (Top + 1, Left + 1); the tile
    // starts at (Top, Left).
    const std::uint64_t Size = N, Top = Row / StencilY * BandY,
                        Left = Col - Col % StencilX;
    T.fill([&](std::size_t R, std::size_t C) {
      const std::uint64_t I = Top + R, J = Left + C;
      return I < Size && J < Size ? In[I * Size + J] : 0.0;
    });
    const std::size_t C = Col % StencilX + 1;
    std::size_t R = Row % StencilY * RowsPerThread + 1;
#pragma unroll
    for (auto [K, O] : Out) { // formula::jacobi's order of terms
      O = 0.2 *
          (T.unchecked(R, C) + T.unchecked(R, C - 1) + T.unchecked(R, C + 1) +
           T.unchecked(R + 1, C) + T.unchecked(R - 1, C));
      ++R;
    }
  }
}


void plain(std::uint64_t n, std::span<const double> a, Region<double, Grid2D> b) {
  for (auto [i, j, bij] : b)
    bij = 0.2 * (a[i * n + j] + a[i * n + j - 1] + a[i * n + j + 1] +
                 a[(i - 1) * n + j] + a[(i + 1) * n + j]);
}
}
int main(int argc, char **argv) {
  using namespace rp;
  const std::uint64_t n = argc > 1 ? std::atoll(argv[1]) : 1000;
  const int steps = 40;
  std::vector<double> a0(n * n);
  for (std::uint64_t i = 0; i < n * n; ++i) a0[i] = std::abs(std::sin(double(i + 1))) + 0.5;
  std::vector<double> ref;
  const char *names[] = {"plain", "tiled(rajaperf)", "tiled unroll"};
  const Rows4 Interior{n, n};
  const offload::Extent E = Interior.extent(0);
  const offload::Range<Grid2D> Threads(E.x * E.y, Grid2D(E.y, E.x));
  const offload::Launch Blocks{.block_shape = {StencilX, StencilY, 1}};
  for (int round = 0; round < 2; ++round)
  for (int v = 0; v < 3; ++v) {
    std::vector<double> a = a0, b = a0;
    double best = 1e30;
    for (int pass = 0; pass < 5; ++pass) {
      a = a0; b = a0;
      {
        auto A = offload::preload_mut(a);
        auto B = offload::preload_mut(b);
        offload::synchronize();
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < steps; ++i) {
          if (v == 0) {
            const Grid2D in(n, n, {1, n - 1, 1, n - 1});
            offload::offload(plain, n, A, Region<double, Grid2D>(B, in));
            offload::offload(plain, n, B, Region<double, Grid2D>(A, in));
          } else if (v == 1) {
            offload::offload(Blocks, jacobiTiledKernel, A, Index(n), Threads, offload::team_memory, Region<Real, Rows4>(B, Interior));
            offload::offload(Blocks, jacobiTiledKernel, B, Index(n), Threads, offload::team_memory, Region<Real, Rows4>(A, Interior));
          } else {
            offload::offload(Blocks, jacobiTiledUnroll, A, Index(n), Threads, offload::team_memory, Region<Real, Rows4>(B, Interior));
            offload::offload(Blocks, jacobiTiledUnroll, B, Index(n), Threads, offload::team_memory, Region<Real, Rows4>(A, Interior));
          }
        }
        offload::synchronize();
        double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
        best = std::min(best, us / (2 * steps));
      }
    }
    double diff = 0;
    if (v == 0) ref = a;
    else for (std::uint64_t i = 0; i < n * n; ++i) diff = std::max(diff, std::abs(a[i] - ref[i]));
    std::printf("%s%s: %.2f us/launch, max diff vs plain %.3g\n", TAG, names[v], best, diff);
  }
}
