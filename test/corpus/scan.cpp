// Scans as a user would write them: block scans in kernels (a per-block
// stream compaction into a tile-sized window, running maxima with a named
// function object, an exclusive scan from a start value in a block of 96
// threads, which is not a whole number of warps, and a block reduce()),
// device-wide inclusive and exclusive scans of ints, floats, doubles and
// 64-bit integers at sizes around a tile (8192 4-byte elements, 4096 of 8
// bytes, 2048 of 16 bytes) and odd ones, one in place and one on preloaded
// data, one-pass copy_if and copy_index_if, a non-commutative operation
// (composition of affine maps, whose order matters), and Segments: a stream
// compaction from an exclusive scan of 0/1 flags and a run-length decode.
// Values are integers or exact binary fractions: 0 ulp.
#include "corpus.hpp"

#include <offload/offload.hpp>
#include <offload/scan.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <vector>

namespace {

constexpr std::uint32_t Block = 128;

// Each block packs its positive values to the front of its window of out,
// zeros after them: the exclusive scan of the flags gives each value's
// place, the block's total the count.
void packPositives(std::span<const int> in, offload::Tile<int, Block> t,
                   offload::Tile<int, Block> packed, offload::Region<int> out) {
  for (auto [i, o] : out) {
    const int keep = in[i] > 0 ? 1 : 0;
    const int place = t.exclusive_scan(keep);
    const int count = t.reduce(keep);
    // Thread r owns element r of packed: find which value lands there.
    packed.fill([&](std::size_t k) {
      if (int(k) >= count)
        return 0;
      // The k-th positive value of the block (a small linear search).
      int seen = 0;
      for (std::size_t j = 0; j < Block; ++j) {
        const int v = in[i - t.rank() + j];
        if (v > 0 && seen++ == int(k))
          return v;
      }
      return -1;
    });
    o = packed[t.rank()] * 1000 + place;
  }
}

struct MultipleOf3 {
  bool operator()(int v) const { return v % 3 == 0; }
};
struct Negative {
  bool operator()(double v) const { return v < 0.0; }
};
struct MaxOf {
  double operator()(double a, double b) const { return std::max(a, b); }
};

void runningMax(std::span<const double> in, offload::Tile<double, 256> t,
                offload::Region<double> out) {
  for (auto [i, o] : out)
    o = t.inclusive_scan(in[i], MaxOf{});
}

// 96 threads per block: three warps on NVIDIA, part of one on AMD.
void offsets96(std::span<const long long> sizes, offload::Tile<long long, 96> t,
               offload::Region<long long> out) {
  for (auto [i, o] : out)
    o = t.exclusive_scan(sizes[i], 1000LL);
}

// y = a x + b maps; composing f then g gives (g.a f.a, g.a f.b + g.b).
struct Affine {
  long long a, b;
};
struct ThenApply {
  Affine operator()(Affine f, Affine g) const {
    return {g.a * f.a, g.a * f.b + g.b};
  }
};

// Run-length decode: values[i] repeated (offsets[i + 1] - offsets[i]) times.
void fillRuns(offload::Range<> r, std::span<const int> values,
              offload::Region<int, offload::Segments<long long>> out) {
  for (std::uint64_t i : r)
    for (auto [first, run] : out)
      for (std::size_t k = 0; k < run.size(); ++k)
        run[k] = values[i] * 10 + int(k);
}

// Stream compaction: keep the multiples of 3, in order.
void flagMultiples(std::span<const int> in, offload::Region<long long> flags) {
  for (auto [i, f] : flags)
    f = i < in.size() && in[i] % 3 == 0 ? 1 : 0;
}
void compact(offload::Range<> r, std::span<const int> in,
             offload::Region<int, offload::Segments<long long>> out) {
  for (std::uint64_t i : r)
    for (auto [first, slot] : out)
      slot[0] = in[i];
}

template <class T> std::vector<T> values(std::size_t n, int mod, T scale) {
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = T(int(i * 7919 % mod) - mod / 2) * scale;
  return v;
}

} // namespace

int main() {
  const std::size_t n = 6 * Block;
  std::vector<int> in(n), packed(n);
  for (std::size_t i = 0; i < n; ++i)
    in[i] = int(i * 37 % 23) - 11;
  offload::offload(offload::Launch{.threads = n, .block = Block}, packPositives,
                   in, offload::team_memory, offload::team_memory, packed);
  corpus::printSampled("scan_block_pack", 0, packed);

  std::vector<double> x = values<double>(1024, 97, 0.25), maxima(1024);
  offload::offload(offload::Launch{.threads = x.size(), .block = 256},
                   runningMax, x, offload::team_memory, maxima);
  corpus::printSampled("scan_block_max", 0, maxima);

  std::vector<long long> sizes(3 * 96), offsets(3 * 96);
  for (std::size_t i = 0; i < sizes.size(); ++i)
    sizes[i] = (long long)(i % 5) * 3 - 4;
  offload::offload(offload::Launch{.threads = sizes.size(), .block = 96},
                   offsets96, sizes, offload::team_memory, offsets);
  corpus::printSampled("scan_block_96", 0, offsets);

  for (std::size_t size : {1u, 100u, 2047u, 2048u, 2049u, 4095u, 4096u, 4097u,
                           8191u, 8192u, 8193u, 10000u, 70001u}) {
    const std::string tag = std::to_string(size);
    std::vector<int> vi = values<int>(size, 41, 1), oi(size);
    offload::inclusive_scan(vi, oi);
    corpus::printSampled("scan_inclusive_i32_" + tag, 0, oi);
    std::vector<float> vf = values<float>(size, 9, 0.5f), of(size);
    offload::exclusive_scan(vf, of, 1.5f);
    corpus::printSampled("scan_exclusive_f32_" + tag, 0, of);
    std::vector<double> vd = values<double>(size, 33, 0.125), od(size);
    offload::inclusive_scan(vd, od, MaxOf{});
    corpus::printSampled("scan_inclusive_max_" + tag, 0, od);
  }

  // In place, and on preloaded data.
  std::vector<long long> big = values<long long>(100003, 1001, 1LL);
  offload::inclusive_scan(big, big);
  corpus::printSampled("scan_in_place_i64", 0, big);
  std::vector<double> staged = values<double>(5000, 17, 0.5), result(5000);
  {
    auto s = offload::preload(staged);
    auto r = offload::preload_mut(result);
    offload::exclusive_scan(s, r, -2.0);
    offload::exclusive_scan(s, r, 0.0, std::plus<>{});
  }
  corpus::printSampled("scan_preloaded", 0, result);

  // Affine maps composed left to right: the order matters.
  std::vector<Affine> maps(4099), composed(4099);
  for (std::size_t i = 0; i < maps.size(); ++i)
    maps[i] = {i % 7 == 0 ? -1 : 1, (long long)(i % 11) - 5};
  offload::inclusive_scan(maps, composed, ThenApply{});
  std::vector<long long> composedB(maps.size());
  for (std::size_t i = 0; i < maps.size(); ++i)
    composedB[i] = composed[i].a * 1000003 + composed[i].b;
  corpus::printSampled("scan_affine", 0, composedB);

  // Stream compaction of the multiples of 3.
  std::vector<int> data = values<int>(30001, 61, 1), kept(data.size(), -7);
  std::vector<long long> flags(data.size() + 1);
  offload::offload(flagMultiples, data, flags);
  offload::exclusive_scan(flags, flags, 0LL);
  offload::offload(compact, offload::Range<>(data.size()), data,
                   offload::Region<int, offload::Segments<long long>>(
                       kept, offload::Segments(flags)));
  corpus::print("scan_compact_count", 0, flags.back());
  corpus::printSampled("scan_compact", 0, kept);

  // The same with the library's one-pass copy_if, and an index list of the
  // negative doubles (RAJAPerf's INDEXLIST), at sizes around a tile (4096)
  // and on preloaded data.
  std::vector<int> keptOnePass(data.size(), -7);
  corpus::print("copy_if_count", 0,
                (long long)offload::copy_if(data, keptOnePass, MultipleOf3{}));
  corpus::printSampled("copy_if", 0, keptOnePass);
  for (std::size_t size : {1u, 4095u, 4096u, 4097u, 50001u}) {
    std::vector<double> xs = values<double>(size, 29, 0.25);
    std::vector<int> list(size, -1);
    std::size_t count = 0;
    {
      auto x = offload::preload(xs);
      auto l = offload::preload_mut(list);
      count = offload::copy_index_if(x, l, Negative{});
    }
    corpus::print("copy_index_if_count_" + std::to_string(size), 0,
                  (long long)count);
    corpus::printSampled("copy_index_if_" + std::to_string(size), 0, list);
  }

  // Run-length decode.
  std::vector<int> runValues(500);
  std::vector<long long> runOffsets(501);
  for (std::size_t i = 0; i < runValues.size(); ++i) {
    runValues[i] = int(i % 13);
    runOffsets[i] = (long long)(i * 7 % 5);
  }
  runOffsets.back() = 0;
  offload::exclusive_scan(runOffsets, runOffsets, 0LL);
  std::vector<int> decoded(std::size_t(runOffsets.back()), -1);
  offload::offload(fillRuns, offload::Range<>(runValues.size()), runValues,
                   offload::Region<int, offload::Segments<long long>>(
                       decoded, offload::Segments(runOffsets)));
  corpus::printSampled("scan_run_length", 0, decoded);
}
