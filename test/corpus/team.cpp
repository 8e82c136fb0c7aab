// Team memory (offload::Tile) as a user would write it: a 1-D stencil that
// reads its neighbours from a tile (with the halo from global memory and
// std::clamp at the edges), a tiled matrix product in 16 x 16 blocks, a
// block histogram added to a global one, a block sum that every thread
// reads, a tile of structs filled from a constexpr table, a lambda with a
// tile, a tile refilled in a loop, and 2-D tiles (offload::Tile2D): a
// 5-point stencil and a matrix product at sizes no block divides, and a
// transpose whose 16 x 8 blocks each fill a 16 x 16 tile, and a tile whose
// size comes from the call (offload::Tile<T>), values a thread keeps
// across barriers, a tile whose threads set their elements together
// (fill_mine), and a block per mesh element (Blocked1D). Values are small
// integers or exact binary fractions, so every result is exact: 0 ulp.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

namespace {

constexpr std::uint32_t Block = 128;

// out[i] = in[i-1] + 2 in[i] + in[i+1], the inner neighbours from the tile,
// a block's edge neighbours from in, the array's ends clamped.
void smooth(std::span<const double> in, offload::Tile<double, Block> t,
            offload::Region<double> out) {
  for (auto [i, o] : out) {
    t.fill([&](std::size_t k) { return in[i - t.rank() + k]; });
    const std::size_t n = in.size(), r = t.rank();
    const double left =
        r > 0 ? t[r - 1] : in[std::clamp<std::size_t>(i, 1, n) - 1];
    const double right = r + 1 < Block ? t[r + 1] : in[std::min(i + 1, n - 1)];
    o = left + 2 * t[r] + right;
  }
}

// C = A B for N x N matrices, N a multiple of 16: each block walks A's row
// band and B's column band through two 16 x 16 tiles.
constexpr std::size_t Side = 16;
void matmul(std::size_t n, std::span<const double> a, std::span<const double> b,
            offload::Tile<double, Side * Side> ta,
            offload::Tile<double, Side * Side> tb,
            offload::Region<double, offload::Grid2D> c) {
  for (auto [row, col, cij] : c) {
    const std::size_t r0 = row - row % Side, c0 = col - col % Side;
    double sum = 0;
    for (std::size_t k0 = 0; k0 < n; k0 += Side) {
      ta.fill([&](std::size_t k) {
        return a[(r0 + k / Side) * n + k0 + k % Side];
      });
      tb.fill([&](std::size_t k) {
        return b[(k0 + k / Side) * n + c0 + k % Side];
      });
      for (std::size_t k = 0; k < Side; ++k)
        sum += ta[(row - r0) * Side + k] * tb[k * Side + (col - c0)];
    }
    cij = sum;
  }
}

// A histogram counted per block in the tile, then added to the global one.
void histogram(offload::Range<offload::GridStride1D> r, std::span<const int> v,
               offload::Tile<unsigned, 16> local,
               offload::Atomic<unsigned> counts) {
  local.fill(0u);
  for (std::uint64_t i : r)
    local.add(unsigned(v[i]) % 16, 1u);
  local.sync();
  for (std::uint64_t k : local.mine())
    counts.add(k, local[k]);
}

// Every thread gets its block's sum, read from the whole tile.
void blockSums(std::span<const long long> v, offload::Tile<long long, Block> t,
               offload::Region<long long> out) {
  for (auto [i, o] : out) {
    t.fill([&](std::size_t k) { return v[i - t.rank() + k]; });
    long long s = 0;
    for (std::size_t k = 0; k < t.size(); ++k)
      s += t[k];
    o = s - v[i];
  }
}

struct Weighted {
  float weight;
  std::array<int, 3> taps;
};
constexpr std::array<float, 4> Weights = {0.5f, 0.25f, 0.125f, 2.0f};

void weighted(offload::Tile<Weighted, 64> t, offload::Region<float> out) {
  for (auto [i, o] : out) {
    t.fill([](std::size_t k) {
      return Weighted{Weights[k % 4], {int(k), int(k) * 2, -int(k)}};
    });
    const Weighted &w = t[(t.rank() * 5) % 64];
    o = w.weight * float(w.taps[0] + w.taps[1] + w.taps[2]) +
        std::floor(float(i) / 3.0f);
  }
}

// Refilled in a loop: each pass shifts the block's values by one place.
void rotateTimes(int times, offload::Tile<int, Block> t,
                 offload::Region<int> v) {
  for (auto [i, x] : v) {
    for (int p = 0; p < times; ++p) {
      const int mine = x;
      t.fill([&](std::size_t) { return mine; });
      x = t[(t.rank() + 1) % Block];
    }
  }
}

// A 5-point stencil on a rows x cols grid with clamped edges: each 16 x 8
// block reads its points and their halo from an 10 x 18 tile. The threads
// cover whole blocks; the Region only the grid.
constexpr std::size_t BX = 16, BY = 8;
void stencil2d(std::size_t rows, std::size_t cols, std::span<const float> in,
               offload::Range<offload::Grid2D> threads,
               offload::Tile2D<float, BY + 2, BX + 2> t,
               offload::Region<float, offload::Grid2D> out) {
  for (auto [row, col] : threads) {
    const std::size_t top = row - row % BY, left = col - col % BX;
    t.fill([&](std::size_t r, std::size_t c) {
      const auto at = [](std::size_t x, std::size_t n) {
        return std::min(std::max(x, std::size_t(1)) - 1, n - 1);
      };
      return in[at(top + r, rows) * cols + at(left + c, cols)];
    });
    for (auto [i, j, o] : out) {
      const std::size_t r = i - top + 1, c = j - left + 1;
      o = 4 * t(r, c) - t(r - 1, c) - t(r + 1, c) - t(r, c - 1) - t(r, c + 1);
    }
  }
}

// C = A B (n x n, n any size) through two 2-D tiles, zero-padded.
void matmul2d(std::size_t n, std::span<const double> a,
              std::span<const double> b,
              offload::Range<offload::Grid2D> threads,
              offload::Tile2D<double, Side, Side> ta,
              offload::Tile2D<double, Side, Side> tb,
              offload::Region<double, offload::Grid2D> c) {
  for (auto [row, col] : threads) {
    const std::size_t r0 = row - row % Side, c0 = col - col % Side;
    double sum = 0;
    for (std::size_t k0 = 0; k0 < n; k0 += Side) {
      offload::fill(
          ta,
          [&](std::size_t r, std::size_t k) {
            return r0 + r < n && k0 + k < n ? a[(r0 + r) * n + k0 + k] : 0.0;
          },
          tb,
          [&](std::size_t k, std::size_t cc) {
            return k0 + k < n && c0 + cc < n ? b[(k0 + k) * n + c0 + cc] : 0.0;
          });
      for (std::size_t k = 0; k < Side; ++k)
        sum += ta(row - r0, k) * tb(k, col - c0);
    }
    for (auto [i, j, cij] : c)
      cij = sum;
  }
}

// B = A^T in 16 x 16 tiles, each filled by a block of 16 x 8 threads (two
// rows each).
void transpose(std::size_t n, std::span<const int> a,
               offload::Tile2D<int, Side, Side + 1> t,
               offload::Region<int, offload::Grid2D> b) {
  for (auto [row, col, bij] : b) {
    const std::size_t r0 = row - row % Side, c0 = col - col % Side;
    t.fill([&](std::size_t r, std::size_t c) {
      return c < Side ? a[(c0 + r) * n + r0 + c] : -1;
    });
    bij = t(col - c0, row - r0);
  }
}

// A launch-time tile: block sums at a block size chosen at run time, the
// scan's scratch one element a thread.
void blockSumsOfAnySize(std::span<const long> v, offload::Tile<long> t,
                        offload::Region<long> sums) {
  for (auto [i, s] : sums)
    s = t.reduce(v[i]) - t.exclusive_scan(v[i]);
}

// What a thread keeps across barriers (on the host device, in its slots of
// the lockstep frame): a local array read at a data-dependent index, a sum
// carried around a loop of barriers, a barrier under a condition every
// thread shares, and a uniform early return.
void keptAcross(int rounds, std::span<const int> pick, offload::Tile<int, 64> t,
                offload::Region<int> out) {
  for (auto [i, o] : out) {
    int mine[6];
    for (int k = 0; k < 6; ++k)
      mine[k] = int(i) * (k + 1) - k;
    int sum = 0;
    for (int r = 0; r < rounds; ++r) {
      t.fill([&](std::size_t k) { return int(k) * (r + 2); });
      sum += t[(t.rank() + std::uint32_t(r) * 7) % 64];
      if (rounds > 2)
        t.sync();
    }
    if (rounds > 5)
      return;
    o = sum + mine[pick[i] % 6];
  }
}

// Each thread sets all its elements of a tile at once (fill_mine), a
// running sum kept in a register: 50 elements over blocks of 16 threads, so
// the first two threads own four and the others three.
void runningColumns(std::span<const double> in, offload::Tile<double, 50> t,
                    offload::Region<double> out) {
  for (auto [i, o] : out) {
    const double x = in[i];
    t.fill_mine([&](offload::Group<double> mine) {
      double sum = 0;
      for (std::size_t k = 0; k < mine.size(); ++k) {
        sum += x * double(k + 1);
        mine[k] = sum + double(mine.index(k));
      }
    });
    o = t[(t.rank() * 5 + 7) % 50] - t[49 - t.rank()];
  }
}

// One block of 25 threads per mesh element of 64 dofs (Blocked1D): the
// block stages its element's values in a tile, and each thread adds the
// mirrored values to its 2 or 3 dofs.
void perElement(std::span<const double> x, offload::Tile<double, 64> t,
                offload::Region<double, offload::Blocked1D> y) {
  for (auto dofs : y) {
    const std::size_t element = dofs.first / 64;
    t.fill([&](std::size_t k) { return x[element * 64 + k]; });
    for (std::size_t k = 0; k < dofs.size(); ++k)
      dofs[k] += t[63 - dofs.index(k) % 64];
  }
}

// Threads for a rows x cols grid, rounded up to whole blocks.
offload::Range<offload::Grid2D> wholeBlocks(std::size_t rows, std::size_t cols,
                                            std::size_t bx, std::size_t by) {
  const std::size_t r = (rows + by - 1) / by * by,
                    c = (cols + bx - 1) / bx * bx;
  return offload::Range<offload::Grid2D>(r * c, offload::Grid2D(r, c));
}

} // namespace

int main() {
  // 5 blocks of 128.
  const std::size_t n = 5 * Block;
  std::vector<double> in(n), out(n);
  for (std::size_t i = 0; i < n; ++i)
    in[i] = double(int(i * 37 % 101) - 50) * 0.25;
  offload::offload(offload::Launch{.threads = n, .block = Block}, smooth, in,
                   offload::team_memory, out);
  corpus::printSampled("team_smooth", 0, out);

  const std::size_t m = 48;
  std::vector<double> a(m * m), b(m * m), c(m * m);
  for (std::size_t i = 0; i < m * m; ++i) {
    a[i] = double(int(i % 7) - 3);
    b[i] = double(int(i % 5) - 2) * 0.5;
  }
  offload::offload(offload::Launch{.block_shape = {Side, Side, 1}}, matmul, m,
                   a, b, offload::team_memory, offload::team_memory,
                   offload::Region<double, offload::Grid2D>(c, {m, m}));
  corpus::printSampled("team_matmul", 0, c);

  std::vector<int> values(100003);
  for (std::size_t i = 0; i < values.size(); ++i)
    values[i] = int(i * i % 97);
  std::vector<unsigned> counts(16, 0);
  offload::offload(histogram,
                   offload::Range<offload::GridStride1D>(
                       values.size(), offload::GridStride1D{4 * 256}),
                   values, offload::team_memory, counts);
  corpus::print("team_histogram", 0, counts);

  std::vector<long long> v(n), sums(n);
  std::iota(v.begin(), v.end(), -300);
  offload::offload(offload::Launch{.threads = n, .block = Block}, blockSums, v,
                   offload::team_memory, sums);
  corpus::printSampled("team_block_sums", 0, sums);

  std::vector<float> w(256);
  offload::offload(offload::Launch{.threads = w.size(), .block = 64}, weighted,
                   offload::team_memory, w);
  corpus::printSampled("team_weighted", 0, w);

  const int scale = 3;
  std::vector<float> scaled(2 * Block);
  offload::offload(
      offload::Launch{.threads = scaled.size(), .block = Block},
      [scale](offload::Tile<float, Block> t, offload::Region<float> out) {
        for (auto [i, o] : out) {
          t.fill([&](std::size_t k) { return float(k) * float(scale); });
          o = t[Block - 1 - t.rank()] + float(i);
        }
      },
      offload::team_memory, scaled);
  corpus::printSampled("team_lambda", 0, scaled);

  std::vector<int> rotated(3 * Block);
  std::iota(rotated.begin(), rotated.end(), 0);
  offload::offload(offload::Launch{.threads = rotated.size(), .block = Block},
                   rotateTimes, 5, offload::team_memory, rotated);
  corpus::printSampled("team_rotate", 0, rotated);

  const std::size_t gr = 37, gc = 53;
  std::vector<float> grid(gr * gc), lap(gr * gc);
  for (std::size_t i = 0; i < grid.size(); ++i)
    grid[i] = float(int(i * 29 % 61) - 30) * 0.5f;
  offload::offload(offload::Launch{.block_shape = {BX, BY, 1}}, stencil2d, gr,
                   gc, grid, wholeBlocks(gr, gc, BX, BY), offload::team_memory,
                   offload::Region<float, offload::Grid2D>(lap, {gr, gc}));
  corpus::printSampled("team_stencil2d", 0, lap);

  const std::size_t p = 41;
  std::vector<double> pa(p * p), pb(p * p), pc(p * p);
  for (std::size_t i = 0; i < p * p; ++i) {
    pa[i] = double(int(i % 9) - 4);
    pb[i] = double(int(i % 7) - 3) * 0.25;
  }
  offload::offload(offload::Launch{.block_shape = {Side, Side, 1}}, matmul2d, p,
                   pa, pb, wholeBlocks(p, p, Side, Side), offload::team_memory,
                   offload::team_memory,
                   offload::Region<double, offload::Grid2D>(pc, {p, p}));
  corpus::printSampled("team_matmul2d", 0, pc);

  const std::size_t q = 48;
  std::vector<int> ta(q * q), tb(q * q);
  std::iota(ta.begin(), ta.end(), -1000);
  offload::offload(offload::Launch{.block_shape = {Side, 8, 1}}, transpose, q,
                   ta, offload::team_memory,
                   offload::Region<int, offload::Grid2D>(tb, {q, q}));
  corpus::printSampled("team_transpose", 0, tb);

  std::vector<double> column(6 * 16), columns(column.size());
  for (std::size_t i = 0; i < column.size(); ++i)
    column[i] = double(int(i * 11 % 23) - 11) * 0.25;
  offload::offload(offload::Launch{.threads = column.size(), .block = 16},
                   runningColumns, column, offload::team_memory, columns);
  corpus::printSampled("team_fill_mine", 0, columns);

  std::vector<double> dofsIn(7 * 64), dofsOut(7 * 64);
  for (std::size_t i = 0; i < dofsIn.size(); ++i) {
    dofsIn[i] = double(int(i * 13 % 29) - 14) * 0.5;
    dofsOut[i] = double(i);
  }
  offload::offload(
      offload::Launch{.block = 25}, perElement, dofsIn, offload::team_memory,
      offload::Region<double, offload::Blocked1D>(dofsOut, {64, 25}));
  corpus::printSampled("team_blocked_elements", 0, dofsOut);

  std::vector<int> pick(512), kept(512, -1);
  for (std::size_t i = 0; i < pick.size(); ++i)
    pick[i] = int(i * 5 % 17);
  for (int rounds : {2, 3, 6}) {
    offload::offload(offload::Launch{.threads = kept.size(), .block = 64},
                     keptAcross, rounds, pick, offload::team_memory, kept);
    corpus::printSampled("team_kept_" + std::to_string(rounds), 0, kept);
  }

  for (std::uint32_t block : {48u, 96u, 352u}) {
    std::vector<long> lv(7 * block), ls(lv.size());
    for (std::size_t i = 0; i < lv.size(); ++i)
      lv[i] = long(i * 13 % 31) - 15;
    offload::offload(offload::Launch{.threads = lv.size(), .block = block},
                     blockSumsOfAnySize, lv, offload::team_memory(block), ls);
    corpus::printSampled("team_dynamic_" + std::to_string(block), 0, ls);
  }
}
