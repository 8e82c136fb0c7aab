// Every Atomic operation (add, sub, min, max, exchange, compare_exchange,
// load, fetch_add, fetch_min, fetch_max, unchecked_fetch_add) on every value
// type it takes (int, unsigned, long long, unsigned long long, float,
// double), from 4097 threads, and runs of adds to one place read back by
// the adding thread (odd sizes). Results that depend on the order of the
// threads (the old values of a shared counter or of exchanges) are printed
// sorted; sums use values whose floating sums are exact and integer sums
// that wrap. So all results are exact: 0 ulp.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

namespace {

constexpr std::uint64_t N = 4097;

template <class T> T valueOf(std::uint64_t I) {
  if constexpr (std::is_floating_point_v<T>)
    return T(int(I * 37 % 64) - 31) * T(0.25);
  else if constexpr (std::is_unsigned_v<T>)
    return T(I * 0x9E3779B97F4A7C15ull); // sums wrap
  else
    return T(I * 7919 % 2001) - 1000;
}

template <class T>
void atomic_add(offload::Range<> r, offload::Atomic<T> bins) {
  for (std::uint64_t i : r) {
    bins.add(i % 7, valueOf<T>(i));
    bins.unchecked_fetch_add(7 + i % 2, T(1));
  }
}

template <class T>
void atomic_sub(offload::Range<> r, offload::Atomic<T> bins) {
  for (std::uint64_t i : r)
    bins.sub(i % 5, T(i % 4));
}

template <class T>
void atomic_min_max(offload::Range<> r, std::span<const T> x,
                    offload::Atomic<T> ext) {
  for (std::uint64_t i : r) {
    ext.min(i % 3, x[i]);
    ext.max(3 + i % 3, x[i]);
  }
}

template <class T> struct Fetched { T ticket, old_min, old_max; };
template <class T>
void atomic_fetch(std::span<const T> x, offload::Region<Fetched<T>> out,
                  offload::Atomic<T> counter, offload::Atomic<T> mins,
                  offload::Atomic<T> maxs) {
  for (auto [i, r] : out) {
    r.ticket = counter.fetch_add(0, T(1)); // 0 .. N-1 in some order
    // Each thread its own slot: the old value is known.
    r.old_min = mins.fetch_min(i, x[i]);
    r.old_max = maxs.fetch_max(i, x[i]);
    // And all threads one slot: the final value is known.
    mins.fetch_min(N, x[i]);
    maxs.fetch_max(N, x[i]);
  }
}

template <class T> struct Exchanged { T own, shared; };
template <class T>
void atomic_exchange(offload::Region<Exchanged<T>> out, offload::Atomic<T> own,
                     offload::Atomic<T> shared) {
  for (auto [i, r] : out) {
    r.own = own.exchange(i, T(i % 100));
    r.shared = shared.exchange(0, T(i + 1));
  }
}

template <class T> struct Swapped {
  int matched;
  T seen;
};
template <class T>
void atomic_cas(offload::Region<Swapped<T>> out, offload::Atomic<T> total,
                offload::Atomic<T> slots) {
  for (auto [i, r] : out) {
    // An add through a compare_exchange loop.
    T expected = total.load(0);
    while (!total.compare_exchange(0, expected, T(expected + T(i % 3 + 1)))) {
    }
    // Own slot, holding T(i % 50): even threads expect the right value.
    T guess = i % 2 ? T(7) : T(i % 50);
    r.matched = slots.compare_exchange(i, guess, T(i % 50 + 1));
    r.seen = guess; // on failure, the value found
  }
}

template <class T>
void atomic_load(offload::Region<T> out, offload::Atomic<T> data) {
  for (auto [i, r] : out)
    r = data.load(i) + data.load(data.size() - 1 - i);
}

// Runs of adds to one place, as in a histogram of sorted data, with each
// thread reading back what it added: the host device holds such runs back
// and makes one atomic of each, so a read must still see the thread's own.
template <class T>
void atomic_runs(offload::Range<> r, std::span<const int> bins,
                 offload::Atomic<T> sums, offload::Atomic<long long> seen,
                 offload::Atomic<unsigned> misses) {
  for (std::uint64_t i : r) {
    sums.add(bins[i], valueOf<T>(i));
    seen.add(bins[i], 2);
    seen.add(bins[i], -1);
    if (i % 3 == 0 && seen.load(bins[i]) < 1)
      misses.add(0, 1u);
  }
}

template <class T> void printSorted(const std::string &Name, std::vector<T> V) {
  std::sort(V.begin(), V.end());
  corpus::printSampled(Name, 0, V);
}

template <class T> void runType() {
  using L = std::numeric_limits<T>;
  const std::string S = "_" + corpus::suffix<T>();
  std::vector<T> X(N);
  for (std::uint64_t I = 0; I < N; ++I)
    X[I] = valueOf<T>(I);

  std::vector<T> Bins(9, T(3));
  offload::offload(atomic_add<T>, N, Bins);
  corpus::print("atomic_add" + S, 0, Bins);

  std::vector<T> Down(5, T(10000));
  offload::offload(atomic_sub<T>, N, Down);
  corpus::print("atomic_sub" + S, 0, Down);

  std::vector<T> Ext = {L::max(),    L::max(),    L::max(),
                        L::lowest(), L::lowest(), L::lowest()};
  offload::offload(atomic_min_max<T>, N, X, Ext);
  corpus::print("atomic_min_max" + S, 0, Ext);

  std::vector<Fetched<T>> F(N);
  std::vector<T> Counter(1, T(0)), Mins(N + 1), Maxs(N + 1);
  for (std::uint64_t I = 0; I < N; ++I)
    Mins[I] = Maxs[I] = T(I % 2 ? 0 : 5);
  Mins[N] = L::max();
  Maxs[N] = L::lowest();
  offload::offload(atomic_fetch<T>, X, F, Counter, Mins, Maxs);
  std::vector<T> Tickets, OldMin, OldMax;
  for (const auto &R : F) {
    Tickets.push_back(R.ticket);
    OldMin.push_back(R.old_min);
    OldMax.push_back(R.old_max);
  }
  printSorted("atomic_fetch" + S + ".fetch_add_sorted", Tickets);
  corpus::print("atomic_fetch" + S + ".counter", 0, Counter);
  corpus::printSampled("atomic_fetch" + S + ".fetch_min_old", 0, OldMin);
  corpus::printSampled("atomic_fetch" + S + ".fetch_max_old", 0, OldMax);
  corpus::printSampled("atomic_fetch" + S + ".mins", 0, Mins);
  corpus::printSampled("atomic_fetch" + S + ".maxs", 0, Maxs);
  corpus::print("atomic_fetch" + S + ".shared_min", 0, Mins[N]);
  corpus::print("atomic_fetch" + S + ".shared_max", 0, Maxs[N]);

  std::vector<Exchanged<T>> E(N);
  std::vector<T> Own(N), Shared(1, T(0));
  for (std::uint64_t I = 0; I < N; ++I)
    Own[I] = T(I % 10);
  offload::offload(atomic_exchange<T>, E, Own, Shared);
  std::vector<T> OwnOld, SharedOld;
  for (const auto &R : E) {
    OwnOld.push_back(R.own);
    SharedOld.push_back(R.shared);
  }
  SharedOld.push_back(Shared[0]); // with the last value: 0 .. N
  corpus::printSampled("atomic_exchange" + S + ".own_old", 0, OwnOld);
  corpus::printSampled("atomic_exchange" + S + ".own", 0, Own);
  printSorted("atomic_exchange" + S + ".shared_sorted", SharedOld);

  std::vector<Swapped<T>> C(N);
  std::vector<T> Total(1, T(0)), Slots(N);
  for (std::uint64_t I = 0; I < N; ++I)
    Slots[I] = T(I % 50);
  offload::offload(atomic_cas<T>, C, Total, Slots);
  corpus::print("atomic_cas" + S + ".total", 0, Total);
  corpus::printField("atomic_cas" + S + ".matched", 0,
                     std::vector<Swapped<T>>(C.begin(), C.begin() + 40),
                     &Swapped<T>::matched);
  corpus::printField("atomic_cas" + S + ".seen", 0,
                     std::vector<Swapped<T>>(C.begin(), C.begin() + 40),
                     &Swapped<T>::seen);
  corpus::printSampled("atomic_cas" + S + ".slots", 0, Slots);

  std::vector<T> Loaded(N);
  offload::offload(atomic_load<T>, Loaded, X);
  corpus::printSampled("atomic_load" + S, 0, Loaded);

  for (std::uint64_t Size : {1u, 7u, 1000u, 4099u}) {
    std::vector<int> Bins(Size);
    for (std::uint64_t I = 0; I < Size; ++I)
      Bins[I] = int(I * 6 / Size); // six runs, sorted
    std::vector<T> Sums(6, T(0));
    std::vector<long long> Seen(6, 0);
    std::vector<unsigned> Misses(1, 0u);
    offload::offload(atomic_runs<T>, Size, Bins, Sums, Seen, Misses);
    const std::string Name = "atomic_runs" + S + ".n" + std::to_string(Size);
    corpus::print(Name + ".sums", 0, Sums);
    corpus::print(Name + ".seen", 0, Seen);
    corpus::print(Name + ".misses", 0, Misses);
  }
}

} // namespace

int main() {
  runType<int>();
  runType<unsigned>();
  runType<long long>();
  runType<unsigned long long>();
  runType<float>();
  runType<double>();
}
