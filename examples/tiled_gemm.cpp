// C = A B for n x n doubles, two ways: the naive kernel (a thread per
// element of C, every operand from global memory, as Polybench's GEMM) and a
// tiled one, where each 16 x 16 block of threads computes a 64 x 64 tile of
// C, 4 x 4 elements per thread, from 64 x 16 and 16 x 64 tiles of A and B
// in team memory. Both are checked against each other and against the host
// at sampled elements; the times are medians.
//
//   tiled_gemm [n]        n a multiple of 64 (default 1024)
#include <offload/offload.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <ranges>
#include <vector>

constexpr std::uint64_t Side = 16, Per = 4, Band = Side * Per;

// Thread (x, y) of a 16 x 16 block owns the 4 x 4 elements of the block's
// 64 x 64 tile at rows y, y + 16, y + 32, y + 48 and the same columns from x:
// a warp's stores and loads are then 16 consecutive doubles.
struct Cells {
  std::uint64_t first = 0, n = 0;
  unsigned count = 0;
  struct iterator {
    using value_type = std::uint64_t;
    using difference_type = std::ptrdiff_t;
    std::uint64_t first = 0, n = 0;
    unsigned k = 0;
    std::uint64_t operator*() const {
      return first + (k / Per) * Side * n + (k % Per) * Side;
    }
    iterator &operator++() { return ++k, *this; }
    void operator++(int) { ++k; }
    bool operator==(const iterator &O) const { return k == O.k; }
  };
  iterator begin() const { return {first, n, 0}; }
  iterator end() const { return {first, n, count}; }
};
template <>
inline constexpr bool std::ranges::enable_borrowed_range<Cells> = true;

struct TilesOf4x4 {
  std::uint64_t n = 0;
  static constexpr unsigned dims = 2;
  offload::Extent extent(std::uint64_t) const { return {n / Per, n / Per}; }
  Cells pieces(offload::ThreadIndex t, std::uint64_t size) const {
    const std::uint64_t row = t.y / Side * Band + t.y % Side,
                        col = t.x / Side * Band + t.x % Side;
    const bool inside = size == n * n && row < n && col < n;
    return {row * n + col, n, inside ? unsigned(Per * Per) : 0u};
  }
  offload::Span span(std::uint64_t i) const { return {i, 1}; }
  template <class T> offload::Item<T> item(T *data, std::uint64_t i) const {
    return {i, data[i]};
  }
};
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(TilesOf4x4);

void naive(std::uint64_t n, std::span<const double> a,
           std::span<const double> b,
           offload::Region<double, offload::Grid2D> c) {
  for (auto [i, j, cij] : c) {
    double sum = 0;
    for (std::uint64_t k = 0; k < n; ++k)
      sum += a[i * n + k] * b[k * n + j];
    cij = sum;
  }
}

template <std::uint64_t Depth>
void tiled(std::uint64_t n, std::span<const double> a,
           std::span<const double> b, offload::Tile<double, Band * Depth> as,
           offload::Tile<double, Depth * Band> bs,
           offload::Region<double, TilesOf4x4> c) {
  const std::uint64_t x = as.rank() % Side, y = as.rank() / Side;
  // The tile's corner, from the thread's first element.
  std::uint64_t first = 0;
  for (auto [i, cij] : c) {
    first = i;
    break;
  }
  const std::uint64_t top = first / n - y, left = first % n - x;
  double acc[Per][Per] = {};
  for (std::uint64_t k0 = 0; k0 < n; k0 += Depth) {
    // Both tiles between the same two barriers.
    offload::fill(
        as,
        [&](std::size_t e) {
          return a[(top + e / Depth) * n + k0 + e % Depth];
        },
        bs,
        [&](std::size_t e) {
          return b[(k0 + e / Band) * n + left + e % Band];
        });
    for (std::uint64_t k = 0; k < Depth; ++k) {
      double av[Per], bv[Per];
      // unchecked(): the indices are inside the tiles by construction, and
      // on the H200 the checked reads' compare and trap made this kernel
      // 1.7x slower (benchmarks/tiled-gemm/RESULTS.md).
      for (std::uint64_t i = 0; i < Per; ++i) {
        av[i] = as.unchecked((y + i * Side) * Depth + k);
        bv[i] = bs.unchecked(k * Band + x + i * Side);
      }
      for (std::uint64_t i = 0; i < Per; ++i)
        for (std::uint64_t j = 0; j < Per; ++j)
          acc[i][j] += av[i] * bv[j];
    }
  }
  unsigned k = 0;
  for (auto [i, cij] : c) {
    cij = acc[k / Per][k % Per];
    ++k;
  }
}

template <class F> double medianSeconds(F run, int reps) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    run();
    t.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
            .count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

int main(int argc, char **argv) {
  const std::uint64_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1024;
  if (n == 0 || n % Band) {
    std::fprintf(stderr, "tiled_gemm: n must be a multiple of %llu\n",
                 (unsigned long long)Band);
    return 2;
  }
  // Small integers: every sum is exact, so all three results agree exactly.
  std::vector<double> a(n * n), b(n * n), c1(n * n), c2(n * n);
  for (std::uint64_t i = 0; i < n * n; ++i) {
    a[i] = double(int(i * 7 % 11) - 5);
    b[i] = double(int(i * 13 % 7) - 3);
  }
  auto a_ = offload::preload(a), b_ = offload::preload(b);
  auto c1_ = offload::preload_mut(c1), c2_ = offload::preload_mut(c2);
  const int reps = n >= 512 ? 9 : 1;
  auto runNaive = [&] {
    offload::offload(naive, n, a_, b_,
                     offload::Region<double, offload::Grid2D>(c1_, {n, n}));
    offload::synchronize();
  };
  auto runTiled = [&] {
    offload::offload(offload::Launch{.block_shape = {Side, Side, 1}}, tiled<32>,
                     n, a_, b_, offload::team_memory, offload::team_memory,
                     offload::Region<double, TilesOf4x4>(c2_, {n}));
    offload::synchronize();
  };
  runNaive(), runTiled(); // warm up: load the kernels
  const double tNaive = medianSeconds(runNaive, reps),
               tTiled = medianSeconds(runTiled, reps);
  c1_.release(), c2_.release();

  std::uint64_t bad = 0;
  for (std::uint64_t s = 0; s < 4096; ++s) {
    const std::uint64_t i = s * 7919 % n, j = s * 104729 % n;
    double ref = 0;
    for (std::uint64_t k = 0; k < n; ++k)
      ref += a[i * n + k] * b[k * n + j];
    bad += c1[i * n + j] != ref || c2[i * n + j] != ref;
  }
  bad += !std::equal(c1.begin(), c1.end(), c2.begin());
  const double flops = 2.0 * double(n) * double(n) * double(n);
  std::printf("tiled_gemm: n=%llu naive %.3f ms (%.2f TFLOP/s), tiled %.3f ms "
              "(%.2f TFLOP/s), speed-up %.2fx; mismatches=%llu\n",
              (unsigned long long)n, tNaive * 1e3, flops / tNaive / 1e12,
              tTiled * 1e3, flops / tTiled / 1e12, tNaive / tTiled,
              (unsigned long long)bad);
  std::puts(bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
