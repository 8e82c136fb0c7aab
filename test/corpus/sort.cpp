// Sorts as a user would write them: doubles, ints and 64-bit integers at
// sizes around the first runs (8) and a power of two, and odd ones; many
// equal keys (a stable sort keeps their order, which the values show);
// descending with std::greater; a struct key with a named comparison;
// sort_by_key of particles' cell numbers with their indices; on preloaded
// data, on a part of a vector (a span), and inside a loop (automatic
// residency).
#include "corpus.hpp"

#include <offload/offload.hpp>
#include <offload/sort.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace {

template <class T> std::vector<T> values(std::size_t n, int mod, T scale) {
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = T(int(i * 7919 % mod) - mod / 2) * scale;
  return v;
}

struct Event {
  float time;
  int id;
};
// Events by time, then id.
struct Earlier {
  bool operator()(const Event &a, const Event &b) const {
    return a.time < b.time || (a.time == b.time && a.id < b.id);
  }
};
// Only the key's low byte counts: many ties.
struct LowByte {
  bool operator()(std::uint64_t a, std::uint64_t b) const {
    return (a & 0xff) < (b & 0xff);
  }
};

void cellOf(std::span<const double> x, offload::Region<int> cell) {
  for (auto [i, c] : cell)
    c = int(x[i] * 16.0);
}

// Sorts Data with offload::sort and prints whether it matches a stable
// sort by std::sort (equal keys in index order).
template <class T, class Less = std::less<>>
void sortAndCheck(const std::string &name, std::vector<T> &data,
                  Less less = {}) {
  std::vector<std::size_t> index(data.size());
  for (std::size_t i = 0; i < index.size(); ++i)
    index[i] = i;
  std::sort(index.begin(), index.end(), [&](std::size_t a, std::size_t b) {
    return less(data[a], data[b]) || (!less(data[b], data[a]) && a < b);
  });
  std::vector<T> expected(data.size());
  for (std::size_t i = 0; i < index.size(); ++i)
    expected[i] = data[index[i]];
  offload::sort(data, less);
  corpus::print(name + "_as_std", 0, data == expected ? 1 : 0);
}

} // namespace

int main() {
  for (std::size_t size : {0u, 1u, 2u, 7u, 8u, 9u, 15u, 16u, 17u, 1000u, 4096u,
                           4097u, 33333u, 40000u, 131073u}) {
    const std::string tag = std::to_string(size);
    std::vector<double> d = values<double>(size, 1009, 0.125);
    sortAndCheck("sort_f64_" + tag, d);
    corpus::printSampled("sort_f64_" + tag, 0, d);
    std::vector<int> i32 = values<int>(size, 97, 3);
    sortAndCheck("sort_i32_descending_" + tag, i32, std::greater<>{});
    corpus::printSampled("sort_i32_descending_" + tag, 0, i32);
  }

  // Ties: keys with equal low bytes keep their order.
  std::vector<std::uint64_t> tied(50001);
  for (std::size_t i = 0; i < tied.size(); ++i)
    tied[i] = (i * 2654435761u % 65536) << 8 | (i * 31 % 7);
  sortAndCheck("sort_stable_ties", tied, LowByte{});
  corpus::printSampled("sort_stable_ties", 0, tied);

  // Events by time then id.
  std::vector<Event> events(20000);
  for (std::size_t i = 0; i < events.size(); ++i)
    events[i] = {float(i * 37 % 101) * 0.5f, int(i * 13 % 1000)};
  offload::sort(events, Earlier{});
  std::vector<long long> flat(events.size());
  for (std::size_t i = 0; i < events.size(); ++i)
    flat[i] = (long long)(events[i].time * 2) * 100000 + events[i].id;
  corpus::printSampled("sort_struct", 0, flat);

  // Particles by cell: the cells, and the indices in cell order (equal
  // cells in index order).
  std::vector<double> x(70001);
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] = double(i * 7919 % 70001) / 70001.0;
  std::vector<int> cells(x.size());
  std::vector<std::int64_t> order(x.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = std::int64_t(i);
  offload::offload(cellOf, x, cells);
  offload::sort_by_key(cells, order);
  corpus::printSampled("sort_by_key_cells", 0, cells);
  corpus::printSampled("sort_by_key_order", 0, order);

  // Preloaded, and a part of a vector.
  std::vector<float> staged = values<float>(30000, 503, 0.25f);
  {
    auto s = offload::preload_mut(staged);
    offload::sort(s);
  }
  corpus::printSampled("sort_preloaded", 0, staged);
  std::vector<double> parts = values<double>(3 * 10007, 211, 1.0);
  for (int part = 0; part < 3; ++part)
    offload::sort(std::span<double>(parts).subspan(part * 10007, 10007));
  corpus::printSampled("sort_parts", 0, parts);

  // A loop that sorts the cells of particles that move: the cells stay on
  // the device across it.
  std::vector<double> keys(5000), ids(5000);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    keys[i] = double(i * 17 % 5000);
    ids[i] = double(i);
  }
  for (int step = 0; step < 3; ++step) {
    offload::sort_by_key(keys, ids, std::greater<>{});
    offload::sort_by_key(keys, ids);
  }
  corpus::printSampled("sort_loop_keys", 0, keys);
  corpus::printSampled("sort_loop_ids", 0, ids);
}
