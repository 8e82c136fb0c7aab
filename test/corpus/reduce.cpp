// Every reduction (Sum, Min, Max, MinLoc, MaxLoc) on every value type it
// takes (int, unsigned, long long, unsigned long long, float, double), over
// odd sizes up to 300,007 (folded blocks on a GPU), and a Sum over a
// grid-stride Range. The values make every result independent of the order
// of combination: integers wrap (unsigned) or stay in range, and floating
// values are multiples of 1/4 or 1/8 whose sums are exact. So all results are
// exact: 0 ulp. MinLoc/MaxLoc inputs repeat their extremes, so the smallest
// index must win.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <cstdint>
#include <limits>
#include <vector>

namespace {

template <class T>
void reduce_sum(offload::Range<> r, std::span<const T> x,
                offload::ReduceSum<T> sum) {
  for (std::uint64_t i : r)
    sum += x[i];
}
template <class T>
void reduce_min(offload::Range<> r, std::span<const T> x,
                offload::ReduceMin<T> lo) {
  for (std::uint64_t i : r)
    lo.min(x[i]);
}
template <class T>
void reduce_max(offload::Range<> r, std::span<const T> x,
                offload::ReduceMax<T> hi) {
  for (std::uint64_t i : r)
    hi.max(x[i]);
}
template <class T>
void reduce_minloc(offload::Range<> r, std::span<const T> x,
                   offload::ReduceMinLoc<T> lo) {
  for (std::uint64_t i : r)
    lo.min(x[i], i);
}
template <class T>
void reduce_maxloc(offload::Range<> r, std::span<const T> x,
                   offload::ReduceMaxLoc<T> hi) {
  for (std::uint64_t i : r)
    hi.max(x[i], i);
}
template <class T>
void reduce_sum_gridstride(offload::Range<offload::GridStride1D> r,
                           std::span<const T> x, offload::ReduceSum<T> sum) {
  for (std::uint64_t i : r)
    sum += x[i];
}

template <class T> T valueOf(std::uint64_t I) {
  if constexpr (std::is_same_v<T, float>)
    return T(int(I * 37 % 64) - 31) * 0.25f;
  else if constexpr (std::is_same_v<T, double>)
    return T(int(I * 37 % 1024) - 511) * 0.125;
  else if constexpr (std::is_same_v<T, unsigned>)
    return T(I * 2654435761u);
  else if constexpr (std::is_same_v<T, unsigned long long>)
    return T(I * 0x9E3779B97F4A7C15ull);
  else if constexpr (std::is_same_v<T, long long>)
    return T(I * I * 12345 % 1000000000007LL) - 500000000000LL;
  else
    return T(I * 7919 % 2001) - 1000;
}

template <class T> void runType() {
  using L = std::numeric_limits<T>;
  const std::string S = "_" + corpus::suffix<T>();
  // 300007 threads: more blocks than an H200 wave, which folds them.
  for (std::uint64_t N : {1u, 777u, 4097u, 300007u}) {
    const std::string Size = ".n" + std::to_string(N);
    std::vector<T> X(N);
    for (std::uint64_t I = 0; I < N; ++I)
      X[I] = valueOf<T>(I);

    T Sum = T(5); // the result is combined into the value before the call
    offload::offload(reduce_sum<T>, N, X, Sum);
    corpus::print("reduce_sum" + S + Size, 0, Sum);

    T Lo = L::has_infinity ? L::infinity() : L::max();
    offload::offload(reduce_min<T>, N, X, Lo);
    corpus::print("reduce_min" + S + Size, 0, Lo);

    T Hi = L::has_infinity ? -L::infinity() : L::lowest();
    offload::offload(reduce_max<T>, N, X, Hi);
    corpus::print("reduce_max" + S + Size, 0, Hi);

    offload::ValueLoc<T> LoAt{L::max(), ~std::uint64_t(0)};
    offload::offload(reduce_minloc<T>, N, X, LoAt);
    corpus::print("reduce_minloc" + S + Size + ".value", 0, LoAt.value);
    corpus::print("reduce_minloc" + S + Size + ".index", 0, LoAt.index);

    offload::ValueLoc<T> HiAt{L::lowest(), ~std::uint64_t(0)};
    offload::offload(reduce_maxloc<T>, N, X, HiAt);
    corpus::print("reduce_maxloc" + S + Size + ".value", 0, HiAt.value);
    corpus::print("reduce_maxloc" + S + Size + ".index", 0, HiAt.index);
  }
}

template <class T> void runGridStride() {
  const std::uint64_t N = 100003;
  std::vector<T> X(N);
  for (std::uint64_t I = 0; I < N; ++I)
    X[I] = valueOf<T>(I);
  for (std::uint64_t Threads : {1u, 33u, 1000u}) {
    T Sum = T(0);
    offload::offload(reduce_sum_gridstride<T>,
                     offload::Range<offload::GridStride1D>(
                         N, offload::GridStride1D{Threads}),
                     X, Sum);
    corpus::print("reduce_sum_gridstride_" + corpus::suffix<T>() + ".t" +
                      std::to_string(Threads),
                  0, Sum);
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
  runGridStride<long long>();
  runGridStride<double>();
}
