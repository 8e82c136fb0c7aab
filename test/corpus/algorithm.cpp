// <algorithm> and <numeric> on arrays local to a kernel thread: std::sort
// (with and without a comparator), min_element, max_element, minmax,
// nth_element, partial_sort, reverse, rotate, iota, accumulate,
// inner_product, lower_bound, find, count_if, all_of, clamp. Each thread
// fills its array from its index and writes what it found. All results are
// exact (the floating values are small multiples of 1/2): 0 ulp.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <algorithm>
#include <array>
#include <functional>
#include <iterator>
#include <numeric>
#include <vector>

namespace {

constexpr std::uint64_t Threads = 37, Width = 16;

// Values with repeats, different for every thread.
int valueOf(std::uint64_t thread, std::uint64_t k) {
  return int((thread * 37 + k * 101) % 97) - 48;
}

void sort_local(offload::Region<int, offload::Chunked1D> out) {
  for (auto [first, values] : out) {
    std::array<int, Width> a;
    for (std::uint64_t k = 0; k < Width; ++k)
      a[k] = valueOf(first / Width, k);
    std::sort(a.begin(), a.end());
    std::copy(a.begin(), a.end(), values.begin());
  }
}

void sort_descending(offload::Region<double, offload::Chunked1D> out) {
  for (auto [first, values] : out) {
    double a[Width];
    for (std::uint64_t k = 0; k < Width; ++k)
      a[k] = valueOf(first / Width, k) * 0.5;
    std::sort(std::begin(a), std::end(a), std::greater<double>());
    for (std::uint64_t k = 0; k < values.size(); ++k)
      values[k] = a[k];
  }
}

struct Extremes {
  int min, max, min_pos, max_pos, lo, hi;
};
void min_max(offload::Region<Extremes> out) {
  for (auto [i, r] : out) {
    std::array<int, Width> a;
    for (std::uint64_t k = 0; k < Width; ++k)
      a[k] = valueOf(i, k);
    auto lo = std::min_element(a.begin(), a.end());
    auto hi = std::max_element(a.begin(), a.end());
    r.min = *lo;
    r.max = *hi;
    r.min_pos = int(std::distance(a.begin(), lo));
    r.max_pos = int(std::distance(a.begin(), hi));
    auto [small, large] = std::minmax({a[0], a[5], a[10], a[15]});
    r.lo = small;
    r.hi = large;
  }
}

struct Order {
  double median;
  int smallest3[3];
};
void nth_and_partial(offload::Region<Order> out) {
  for (auto [i, r] : out) {
    double a[15];
    for (int k = 0; k < 15; ++k)
      a[k] = valueOf(i, k) * 0.5;
    std::nth_element(a, a + 7, a + 15);
    r.median = a[7];
    int b[Width];
    for (std::uint64_t k = 0; k < Width; ++k)
      b[k] = valueOf(i + 1, k);
    std::partial_sort(b, b + 3, b + Width);
    std::copy(b, b + 3, r.smallest3);
  }
}

void reverse_rotate(offload::Region<long long, offload::Chunked1D> out) {
  for (auto [first, values] : out) {
    std::array<long long, Width> a;
    std::iota(a.begin(), a.end(), (long long)first * 1000);
    std::reverse(a.begin(), a.end());
    std::rotate(a.begin(), a.begin() + first / Width % Width, a.end());
    std::copy(a.begin(), a.end(), values.begin());
  }
}

struct Folds {
  int sum;
  long long product;
  double dot, weighted;
};
void accumulate_inner(std::span<const double> w, offload::Region<Folds> out) {
  for (auto [i, r] : out) {
    std::array<int, Width> a;
    std::array<double, Width> d;
    for (std::uint64_t k = 0; k < Width; ++k) {
      a[k] = valueOf(i, k);
      d[k] = a[k] * 0.5;
    }
    r.sum = std::accumulate(a.begin(), a.end(), 0);
    r.product = std::accumulate(a.begin(), a.begin() + 5, 1LL,
                                std::multiplies<long long>());
    r.dot = std::inner_product(d.begin(), d.end(), d.begin(), 0.0);
    r.weighted = std::inner_product(d.begin(), d.end(), w.begin(), 0.0);
  }
}

struct Found {
  int lower_bound_pos, find_pos, negatives, all_small, clamped;
};
void search(offload::Region<Found> out) {
  for (auto [i, r] : out) {
    std::array<int, Width> a;
    for (std::uint64_t k = 0; k < Width; ++k)
      a[k] = valueOf(i, k);
    auto sorted = a;
    std::sort(sorted.begin(), sorted.end());
    int key = int(i) - 20;
    r.lower_bound_pos = int(
        std::lower_bound(sorted.begin(), sorted.end(), key) - sorted.begin());
    r.find_pos = int(std::find(a.begin(), a.end(), valueOf(i, i % 20)) -
                     a.begin()); // 16 (end) when k >= 16
    r.negatives =
        int(std::count_if(a.begin(), a.end(), [](int v) { return v < 0; }));
    r.all_small =
        std::all_of(a.begin(), a.end(), [key](int v) { return v < key + 40; });
    r.clamped = std::clamp(key * 3, -20, 20);
  }
}

} // namespace

int main() {
  using corpus::print, corpus::printField;
  std::vector<int> Sorted(Threads * Width);
  offload::offload(sort_local, offload::Region<int, offload::Chunked1D>(
                                   Sorted, offload::Chunked1D{Width}));
  print("sort_local", 0, Sorted);

  std::vector<double> Descending(Threads * Width);
  offload::offload(sort_descending, offload::Region<double, offload::Chunked1D>(
                                        Descending, offload::Chunked1D{Width}));
  print("sort_descending", 0, Descending);

  std::vector<Extremes> E(Threads);
  offload::offload(min_max, E);
  printField("min_max.min", 0, E, &Extremes::min);
  printField("min_max.max", 0, E, &Extremes::max);
  printField("min_max.min_pos", 0, E, &Extremes::min_pos);
  printField("min_max.max_pos", 0, E, &Extremes::max_pos);
  printField("min_max.minmax_lo", 0, E, &Extremes::lo);
  printField("min_max.minmax_hi", 0, E, &Extremes::hi);

  std::vector<Order> O(Threads);
  offload::offload(nth_and_partial, O);
  printField("nth_and_partial.median", 0, O, &Order::median);
  std::vector<int> Smallest;
  for (const Order &X : O)
    Smallest.insert(Smallest.end(), X.smallest3, X.smallest3 + 3);
  print("nth_and_partial.smallest3", 0, Smallest);

  std::vector<long long> Rotated(Threads * Width);
  offload::offload(reverse_rotate,
                   offload::Region<long long, offload::Chunked1D>(
                       Rotated, offload::Chunked1D{Width}));
  print("reverse_rotate", 0, Rotated);

  std::vector<double> W(Width);
  for (std::uint64_t K = 0; K < Width; ++K)
    W[K] = double(K % 5) - 1.5;
  std::vector<Folds> F(Threads);
  offload::offload(accumulate_inner, W, F);
  printField("accumulate_inner.sum", 0, F, &Folds::sum);
  printField("accumulate_inner.product", 0, F, &Folds::product);
  printField("accumulate_inner.dot", 0, F, &Folds::dot);
  printField("accumulate_inner.weighted", 0, F, &Folds::weighted);

  std::vector<Found> S(Threads);
  offload::offload(search, S);
  printField("search.lower_bound_pos", 0, S, &Found::lower_bound_pos);
  printField("search.find_pos", 0, S, &Found::find_pos);
  printField("search.negatives", 0, S, &Found::negatives);
  printField("search.all_small", 0, S, &Found::all_small);
  printField("search.clamped", 0, S, &Found::clamped);
}
