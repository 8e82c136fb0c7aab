// Loops of offload() calls over local std::vector data, as users write time
// steps: the plugin keeps the data on the device across each loop
// (docs/user-guide.md, "Automatic residency"), and every device must give
// what the plain calls give (the builds without the plugin run the kernels
// serially). Odd sizes, integers, floats and doubles with dyadic values
// (exact: 0 ulp), loops left by break, return and an exception, data
// resized between loops, an outer loop whose host code reads the data
// around an inner loop that keeps it resident, and RAJAPerf's shape: the
// loop in a generic lambda over references, a view built before the loop,
// a lambda that makes the call (given a vector or the view), a step's
// result copied into a vector of the loop's own; spans of parts of vectors made in the
// calls (a halo exchange's shape). The library's scans and compactions in
// a loop stay resident too, a scan in place and an index list written
// through Segments of the scanned flags among them. Structured bindings in
// the loop: of a local pair (settings), and of a tuple of references whose
// element the host writes between steps. A struct of views filled member
// by member (RAJAPerf's ARRAY_OF_PTRS), its data written by the host and a
// member changed between two loops.
#include "corpus.hpp"

#include <offload/offload.hpp>
#include <offload/scan.hpp>

#include <array>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

namespace {

void relax(std::span<const double> x, offload::Region<double> y) {
  for (auto [i, yi] : y)
    yi = yi / 2 + x[i] / 4 + x[(i + 1) % x.size()] / 8;
}

void count(std::span<const std::int32_t> keys, offload::Region<std::int64_t> c) {
  for (auto [i, ci] : c)
    ci += keys[i] * std::int64_t(i % 3 + 1);
}

void blend(float a, std::span<const float> x, offload::Region<float> y) {
  for (auto [i, yi] : y)
    yi = a * x[i] + yi / 2;
}

std::vector<double> steps(std::size_t n, int k) {
  std::vector<double> x(n), y(n, 1.0);
  std::iota(x.begin(), x.end(), -double(n / 3));
  for (int s = 0; s < k; ++s)
    offload::offload(relax, x, y);
  return y;
}

std::int64_t untilLarge(std::size_t n) {
  std::vector<std::int32_t> keys(n);
  for (std::size_t i = 0; i < n; ++i)
    keys[i] = std::int32_t(i * 37 % 101) - 50;
  std::vector<std::int64_t> c(n, 0);
  int s = 0;
  for (;; ++s) {
    offload::offload(count, keys, c);
    if (s == 6)
      break;
  }
  return std::accumulate(c.begin(), c.end(), std::int64_t(0)) + s;
}

int returnsFromLoop(std::size_t n) {
  std::vector<float> x(n, 0.5f), y(n, 2.0f);
  for (int s = 0;; ++s) {
    offload::offload(blend, 0.25f, x, y);
    if (s == 4)
      return s;
  }
}

std::vector<float> thrown(std::size_t n) {
  std::vector<float> x(n), y(n, 4.0f);
  for (std::size_t i = 0; i < n; ++i)
    x[i] = float(i % 16) / 8;
  try {
    for (int s = 0; s < 10; ++s) {
      offload::offload(blend, 0.5f, x, y);
      if (s == 2)
        throw std::runtime_error("stop");
    }
  } catch (const std::runtime_error &) {
  }
  return y;
}

struct Fields {
  std::vector<double> x, y;
};

template <class Relay>
std::vector<double> throughReferences(std::size_t n, Relay relay) {
  Fields f{std::vector<double>(n), std::vector<double>(n, 2.0)};
  std::iota(f.x.begin(), f.x.end(), 0.0);
  auto loop = [&](auto &y, auto &x) {
    offload::Region<double> half(std::span<double>(y).subspan(0, y.size() / 2));
    std::vector<double> last;
    for (int s = 0; s < 4; ++s) {
      offload::offload(relax, x, y);
      offload::offload(relax, x, half);
      relay(y, x);
      relay(half, x); // a view handed to the lambda
      std::vector<double> step(x.size(), 0.25);
      offload::offload(relax, x, step);
      last = step; // a container assigned another
    }
    y[0] += last.back();
  };
  loop(f.y, f.x);
  loop(f.x, f.y);
  return f.x;
}

struct Odd {
  bool operator()(std::int64_t v) const { return v % 2 != 0; }
};
void flagOdd(std::span<const std::int64_t> c, offload::Region<std::int64_t> f) {
  for (auto [i, fi] : f)
    fi = i < c.size() && c[i] % 2 != 0 ? 1 : 0;
}
void placeIndices(offload::Range<> threads,
                  offload::Region<std::int32_t, offload::Segments<std::int64_t>>
                      list) {
  for (std::uint64_t i : threads)
    for (auto [first, entry] : list)
      entry[0] = std::int32_t(i);
}

// Each step: the counts grow, their scans, the odd ones kept, and their
// positions listed twice (copy_index_if, and flags scanned in place).
std::vector<std::int64_t> libraryCalls(std::size_t n) {
  std::vector<std::int32_t> keys(n);
  for (std::size_t i = 0; i < n; ++i)
    keys[i] = std::int32_t(i * 7 % 5);
  std::vector<std::int64_t> counts(n, 1), sums(n), kept(n, -1), flags(n + 1),
      indices(n, -1);
  std::vector<std::int32_t> list(n, -1);
  std::int64_t total = 0;
  for (int s = 0; s < 3; ++s) {
    offload::offload(count, keys, counts);
    offload::exclusive_scan(counts, sums, std::int64_t(s));
    offload::inclusive_scan(sums, sums);
    total += std::int64_t(offload::copy_if(counts, kept, Odd{}));
    total += std::int64_t(offload::copy_index_if(counts, indices, Odd{}));
    offload::offload(flagOdd, counts, flags);
    offload::exclusive_scan(flags, flags, std::int64_t(0));
    offload::offload(placeIndices, offload::Range<>(n),
                     offload::Region<std::int32_t,
                                     offload::Segments<std::int64_t>>(
                         list, offload::Segments(flags)));
  }
  std::vector<std::int64_t> all{total};
  all.insert(all.end(), sums.begin(), sums.end());
  all.insert(all.end(), kept.begin(), kept.end());
  all.insert(all.end(), indices.begin(), indices.end());
  all.insert(all.end(), flags.begin(), flags.end());
  all.insert(all.end(), list.begin(), list.end());
  return all;
}

// A halo exchange's shape: each variable's part of one array gathered into
// its part of one buffer, and the buffer scattered back into the next
// variable through an index list, every part a span made in the call.
void gather(std::span<const std::int32_t> list, std::span<const double> var,
            offload::Region<double> buffer) {
  for (auto [i, b] : buffer)
    b = var[list[i]] * 2 + 1;
}
void scatter(offload::Range<> entries, std::span<const double> buffer,
             offload::Region<double, offload::Indexed<std::int32_t>> var) {
  for (std::uint64_t i : entries)
    for (auto [z, v] : var)
      v = v / 2 + buffer[i];
}
std::vector<double> parts(std::size_t n) {
  const std::size_t len = (n + 2) / 3;
  std::vector<double> values(3 * n), buffer(3 * len);
  for (std::size_t i = 0; i < values.size(); ++i)
    values[i] = double(i % 17) / 4;
  // Gathered from anywhere; scattered to every third element, in order.
  std::vector<std::int32_t> list(2 * len);
  for (std::size_t j = 0; j < len; ++j) {
    list[j] = std::int32_t(j * 7 % n);
    list[len + j] = std::int32_t(3 * j);
  }
  for (int s = 0; s < 3; ++s)
    for (std::size_t v = 0; v < 3; ++v) {
      offload::offload(gather,
                       std::span<const std::int32_t>(list).subspan(0, len),
                       std::span<const double>(values).subspan(v * n, n),
                       std::span<double>(buffer).subspan(v * len, len));
      offload::offload(
          scatter, len, std::span<const double>(buffer).subspan(v * len, len),
          offload::Region<double, offload::Indexed<std::int32_t>>(
              std::span<double>(values).subspan((v + 1) % 3 * n, n),
              offload::Indexed(
                  std::span<const std::int32_t>(list).subspan(len, len))));
    }
  std::vector<double> all(values);
  all.insert(all.end(), buffer.begin(), buffer.end());
  return all;
}

std::pair<float, int> settings(std::size_t n) {
  return {0.5f, int(n % 3) + 2};
}

std::vector<float> bound(std::size_t n) {
  std::vector<float> x(n), y(n, 2.0f);
  for (std::size_t i = 0; i < n; ++i)
    x[i] = float(i % 9) / 8;
  const auto [a, repeats] = settings(n);
  auto both = std::tie(x, y);
  for (int s = 0; s < repeats; ++s) {
    offload::offload(blend, a, x, y);
    auto [in, out] = both;
    in[0] += 1.0f; // host code writes x through its binding
    (void)out;
  }
  return y;
}

struct Slices {
  std::array<std::span<const double>, 3> part;
  double weight;
};

void sumSlices(Slices s, offload::Region<double> y) {
  for (auto [i, yi] : y)
    yi = yi / 2 +
         s.weight * (s.part[0][i] + s.part[1][i] / 2 + s.part[2][i] / 4);
}

std::vector<double> filled(std::size_t n) {
  std::vector<double> x(3 * n), y(n, 1.0);
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] = double(i % 11) / 8;
  Slices s;
  for (std::size_t k = 0; k < 3; ++k)
    s.part[k] = std::span<const double>(x).subspan(k * n, n);
  s.weight = 0.5;
  for (int t = 0; t < 4; ++t)
    offload::offload(sumSlices, s, y);
  x[0] += 1;
  x[3 * n - 1] -= 2;
  s.weight = 0.25;
  s.part[2] = std::span<const double>(x).first(n);
  for (int t = 0; t < 3; ++t)
    offload::offload(sumSlices, s, y);
  return y;
}

} // namespace

int main() {
  using corpus::print, corpus::printSampled;
  for (std::size_t n : {std::size_t(1), std::size_t(7), std::size_t(1000),
                        std::size_t(4099)}) {
    const std::string tag = ".n" + std::to_string(n);
    printSampled("steps" + tag, 0, steps(n, 5));
    print("until_large" + tag, 0, untilLarge(n));
    print("returns" + tag, 0, returnsFromLoop(n));
    printSampled("thrown" + tag, 0, thrown(n));
    printSampled("references" + tag, 0,
                 throughReferences(n, [](auto &y, auto &x) {
                   offload::offload(relax, x, y);
                 }));
    printSampled("library_calls" + tag, 0, libraryCalls(n));
    printSampled("parts" + tag, 0, parts(n));
    printSampled("bound" + tag, 0, bound(n));
    printSampled("filled" + tag, 0, filled(n));
  }

  // Resized and swapped between loops; an outer loop reads the data on
  // the host around an inner loop that keeps it on the device.
  std::vector<double> x(513), y(513, 3.0);
  std::iota(x.begin(), x.end(), 1.0);
  for (int s = 0; s < 3; ++s)
    offload::offload(relax, x, y);
  y.resize(1031, 0.5);
  x.resize(1031, 2.0);
  std::vector<double> other(1031, 1.0);
  std::swap(y, other);
  for (int s = 0; s < 4; ++s)
    offload::offload(relax, x, y);
  printSampled("resized.y", 0, y);
  printSampled("resized.other", 0, other);
  double host = 0;
  for (int t = 0; t < 3; ++t) {
    for (int s = 0; s < 2; ++s)
      offload::offload(relax, x, other);
    host += other[t * 100];
    other[t] = host;
  }
  printSampled("outer_inner", 0, other);
  print("outer_inner.host", 0, host);
}
