// Probe: tiled 2-D Jacobi with K output rows per thread vs the plain kernel.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <offload/offload.hpp>
#include <offload/preload.hpp>
#include <offload/team.hpp>
#include <vector>

using offload::Grid2D;
using R2 = offload::Region<double, Grid2D>;

// Column strips: thread (x, y) of a 32 x 8 block owns rows y, y+8, ... of
// its block's BlockRows x 32 part of the box.
template <unsigned K> struct Strips {
  std::uint64_t rows, cols, r0, r1, c0, c1;
  static constexpr unsigned dims = 2;
  offload::Extent extent(std::uint64_t) const {
    return {(c1 - c0 + 31) / 32 * 32, (r1 - r0 + 8 * K - 1) / (8 * K) * 8};
  }
  offload::detail::Strided pieces(offload::ThreadIndex t, std::uint64_t) const {
    const std::uint64_t col = c0 + t.x;
    const std::uint64_t first = r0 + (t.y / 8) * 8 * K + t.y % 8;
    std::uint64_t count = 0;
    if (col < c1 && first < r1)
      count = std::min<std::uint64_t>(K, (r1 - first + 7) / 8);
    return {first * cols + col, count, 8 * cols};
  }
  offload::Span span(std::uint64_t i) const { return {i, 1}; }
  template <class T> offload::Item<T> item(T *d, std::uint64_t i) const {
    return {i, d[i]};
  }
};
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(Strips<1>);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(Strips<2>);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(Strips<4>);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(Strips<8>);

void plain(std::uint64_t n, std::span<const double> a, R2 b) {
  for (auto [i, j, bij] : b)
    bij = 0.2 * (a[i * n + j] + a[i * n + j - 1] + a[i * n + j + 1] +
                 a[(i - 1) * n + j] + a[(i + 1) * n + j]);
}

template <unsigned K>
void tiled(std::uint64_t n, std::span<const double> a,
           offload::Range<Grid2D> threads,
           offload::Tile<double, (8 * K + 2) * 34> t,
           offload::Region<double, Strips<K>> out) {
  constexpr std::uint64_t W = 34;
  for (auto [row, col] : threads) {
    const std::uint64_t ty = row % 8, tx = col % 32;
    const std::uint64_t top = (row / 8) * 8 * K + 1, left = col - tx + 1;
    t.fill([&](std::size_t k) {
      const std::uint64_t r = top + k / W - 1, c = left + k % W - 1;
      return r < n && c < n ? a[r * n + c] : 0.0;
    });
    std::uint64_t r = ty + 1;
    for (auto [i, o] : out) {
      const std::uint64_t c = tx + 1;
      o = 0.2 * (t.unchecked(r * W + c) + t.unchecked(r * W + c - 1) +
                 t.unchecked(r * W + c + 1) + t.unchecked((r - 1) * W + c) +
                 t.unchecked((r + 1) * W + c));
      r += 8;
    }
  }
}

template <unsigned K>
void tiled2d(std::uint64_t n, std::span<const double> a,
             offload::Range<Grid2D> threads,
             offload::Tile2D<double, 8 * K + 2, 34> t,
             offload::Region<double, Strips<K>> out) {
  for (auto [row, col] : threads) {
    const std::uint64_t ty = row % 8, tx = col % 32;
    const std::uint64_t top = (row / 8) * 8 * K, left = col - tx;
    t.fill([&](std::size_t r, std::size_t c) {
      const std::uint64_t gr = top + r, gc = left + c;
      return gr < n && gc < n ? a[gr * n + gc] : 0.0;
    });
    std::uint64_t r = ty + 1;
    const std::uint64_t c = tx + 1;
    for (auto [i, o] : out) {
      o = 0.2 *
          (t.unchecked(r, c) + t.unchecked(r, c - 1) + t.unchecked(r, c + 1) +
           t.unchecked(r - 1, c) + t.unchecked(r + 1, c));
      r += 8;
    }
  }
}

template <unsigned K, bool TwoD = false>
void runTiled(std::uint64_t n, auto &A, auto &B, int steps) {
  const Strips<K> s{n, n, 1, n - 1, 1, n - 1};
  const offload::Extent e = s.extent(0);
  const offload::Range<Grid2D> threads(e.x * e.y, Grid2D(e.y, e.x));
  const offload::Launch blocks{.block_shape = {32, 8, 1}};
  for (int i = 0; i < steps; ++i) {
    if constexpr (TwoD) {
      offload::offload(blocks, tiled2d<K>, n, A, threads, offload::team_memory,
                       offload::Region<double, Strips<K>>(B, s));
      offload::offload(blocks, tiled2d<K>, n, B, threads, offload::team_memory,
                       offload::Region<double, Strips<K>>(A, s));
    } else {
      offload::offload(blocks, tiled<K>, n, A, threads, offload::team_memory,
                       offload::Region<double, Strips<K>>(B, s));
      offload::offload(blocks, tiled<K>, n, B, threads, offload::team_memory,
                       offload::Region<double, Strips<K>>(A, s));
    }
  }
}

int main(int argc, char **argv) {
  const std::uint64_t n = argc > 1 ? std::atoll(argv[1]) : 1002;
  const int steps = argc > 2 ? std::atoi(argv[2]) : 40;
  std::vector<double> a0(n * n), b0(n * n);
  for (std::uint64_t i = 0; i < n * n; ++i) {
    a0[i] = std::abs(std::sin(double(i + 1))) + 0.5;
    b0[i] = a0[i];
  }
  std::vector<double> ref;
  const char *names[] = {"plain",      "tiled K=1",  "tiled K=4",
                         "tiled K=8",  "tile2d K=1", "tile2d K=2",
                         "tile2d K=4", "tile2d K=8"};
  for (int v = 0; v < 8; ++v) {
    std::vector<double> a = a0, b = b0;
    double best = 1e30;
    for (int pass = 0; pass < 5; ++pass) {
      a = a0;
      b = b0;
      {
        auto A = offload::preload_mut(a);
        auto B = offload::preload_mut(b);
        offload::synchronize();
        auto t0 = std::chrono::steady_clock::now();
        if (v == 0)
          for (int i = 0; i < steps; ++i) {
            const Grid2D in(n, n, {1, n - 1, 1, n - 1});
            offload::offload(plain, n, A, R2(B, in));
            offload::offload(plain, n, B, R2(A, in));
          }
        else if (v == 1)
          runTiled<1>(n, A, B, steps);
        else if (v == 2)
          runTiled<4>(n, A, B, steps);
        else if (v == 3)
          runTiled<8>(n, A, B, steps);
        else if (v == 4)
          runTiled<1, true>(n, A, B, steps);
        else if (v == 5)
          runTiled<2, true>(n, A, B, steps);
        else if (v == 6)
          runTiled<4, true>(n, A, B, steps);
        else
          runTiled<8, true>(n, A, B, steps);
        offload::synchronize();
        double us = std::chrono::duration<double, std::micro>(
                        std::chrono::steady_clock::now() - t0)
                        .count();
        best = std::min(best, us / (2 * steps));
      }
    }
    double diff = 0;
    if (v == 0)
      ref = a;
    else
      for (std::uint64_t i = 0; i < n * n; ++i)
        diff = std::max(diff, std::abs(a[i] - ref[i]));
    std::printf("%s: %.2f us/launch, max diff vs plain %.3g\n", names[v], best,
                diff);
  }
}
