// Calls on device sets (offload::Devices::all(): the GPUs, or the host
// devices; one device without the plugin) must print what the same calls
// print on one device: elementwise math over odd sizes, 2-D and 3-D
// Regions cut into slabs, reductions combined across the devices (sums of
// integers, min/max with location), a chunked Region, a stencil reading its
// neighbours through offload::halo(), on data passed each call and on data
// preloaded on the set over several steps, a global constant table and a
// lambda kernel. Sums are of whole numbers (exact in any order); the math
// is within the corpus' usual 2 ulp.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

namespace {

// Large enough that no sum below cancels: each result is within a few
// ulp of its terms, whichever math library computed them.
constexpr double Weights[5] = {3.5, 4.25, 5.0, 3.125, 6.5};

void curve(offload::Region<double> y, std::span<const double> x, double a) {
  for (auto [i, yi] : y)
    yi = std::fma(a, std::sin(x[i]), Weights[i % 5]) + std::sqrt(x[i]);
}

void planes(offload::Region<std::int64_t, offload::Grid3D> v) {
  for (auto [i, j, k, x] : v)
    x = std::int64_t(i) * 3 - std::int64_t(j) * 1000 + std::int64_t(k) * 77777;
}

void stats(offload::Range<> r, std::span<const double> x,
           offload::Reduce<offload::Sum<std::int64_t>> count,
           offload::Reduce<offload::Sum<double>> sum,
           offload::Reduce<offload::MinLoc<double>> low,
           offload::Reduce<offload::MaxLoc<double>> high) {
  for (std::uint64_t i : r) {
    count += x[i] > 0.5 ? 1 : 0;
    sum += std::floor(x[i] * 64.0);
    low.min(x[i], i);
    high.max(x[i], i);
  }
}

void chunks(offload::Region<std::uint32_t, offload::Chunked1D> out) {
  for (auto [first, values] : out) {
    std::uint32_t h = std::uint32_t(first) * 2654435761u;
    for (auto &v : values)
      v = (h = h * 1664525u + 1013904223u) >> 7;
  }
}

void smooth(std::span<const double> in,
            offload::Region<double, offload::Grid2D> out) {
  const std::uint64_t n = out.strategy().cols;
  for (auto [r, c, v] : out)
    v = (in[(r - 1) * n + c] + in[(r + 1) * n + c] + in[r * n + c - 1] +
         in[r * n + c + 1] + 2.0 * in[r * n + c]) /
        6.0;
}

std::vector<double> grid(std::size_t rows, std::size_t cols) {
  std::vector<double> g(rows * cols);
  for (std::size_t i = 0; i < g.size(); ++i)
    g[i] = double((i * 37) % 101) - 50.0 + (i < cols ? 500.0 : 0.0);
  return g;
}

} // namespace

int main() {
  using corpus::print, corpus::printSampled;
  const offload::Devices all = offload::Devices::all();

  for (std::size_t n : {1u, 257u, 4099u, 100001u}) {
    std::vector<double> x(n), y(n, -7.0);
    for (std::size_t i = 0; i < n; ++i)
      x[i] = 0.001 * double(i) + 0.25;
    offload::offload(all, curve, y, x, 1.5);
    printSampled("curve.n" + std::to_string(n), 2, y);

    std::int64_t count = 3;
    double sum = 0.5;
    offload::ValueLoc<double> low{1e300, 0}, high{-1e300, 0};
    offload::offload(all, stats, n, y, count, sum, low, high);
    print("stats.count.n" + std::to_string(n), 0, count);
    print("stats.sum.n" + std::to_string(n), 0, sum);
    print("stats.low.n" + std::to_string(n), 2, low.value);
    print("stats.low.index.n" + std::to_string(n), 0, low.index);
    print("stats.high.n" + std::to_string(n), 2, high.value);
    print("stats.high.index.n" + std::to_string(n), 0, high.index);
  }

  {
    std::vector<std::int64_t> v(13 * 9 * 21, -1);
    offload::offload(all, planes,
                     offload::Region<std::int64_t, offload::Grid3D>(
                         v, offload::Grid3D(13, 9, 21, {1, 12, 0, 9, 2, 19})));
    printSampled("planes.box", 0, v);
  }

  {
    std::vector<std::uint32_t> u(10007);
    offload::offload(all, offload::Launch{.block = 32}, chunks,
                     offload::Region<std::uint32_t, offload::Chunked1D>(
                         u, offload::Chunked1D{13}));
    printSampled("chunks", 0, u);
  }

  for (auto [rows, cols] : {std::pair{5u, 7u}, std::pair{70u, 33u}}) {
    const offload::Grid2D inner(rows, cols, {1, rows - 1, 1, cols - 1});
    std::vector<double> a = grid(rows, cols), b = a;
    for (int step = 0; step < 4; ++step) {
      offload::Region<double, offload::Grid2D> out(step % 2 ? a : b, inner);
      const std::vector<double> &in = step % 2 ? b : a;
      if (step < 2)
        offload::offload(all, smooth, offload::halo(in, 1), out);
      else
        offload::offload(all, smooth, in, out);
    }
    printSampled("smooth." + std::to_string(rows) + "x" + std::to_string(cols),
                 2, a);

    std::vector<double> c = grid(rows, cols), d = c;
    {
      auto hc = offload::preload_mut(all, c), hd = offload::preload_mut(all, d);
      for (int step = 0; step < 6; ++step) {
        auto &in = step % 2 ? hd : hc;
        auto &out = step % 2 ? hc : hd;
        offload::offload(all, smooth, offload::halo(in, 1),
                         offload::Region<double, offload::Grid2D>(out, inner));
      }
    }
    printSampled("smooth.preloaded." + std::to_string(rows) + "x" +
                     std::to_string(cols),
                 2, c);
  }

  {
    std::vector<int> w(999);
    const int base = 12;
    offload::offload(
        all,
        [base](offload::Region<int> v) {
          for (auto [i, vi] : v)
            vi = base + int(i % 17) * int(i % 5);
        },
        w);
    printSampled("lambda", 0, w);
  }
  return 0;
}
