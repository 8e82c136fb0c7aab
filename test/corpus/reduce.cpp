// Every reduction (Sum, Min, Max, MinLoc, MaxLoc) on every value type it
// takes (int, unsigned, long long, unsigned long long, float, double), over
// odd sizes up to 300,007 (folded blocks on a GPU), and a Sum over a
// grid-stride Range. The values make every result independent of the order
// of combination: integers wrap (unsigned) or stay in range, and floating
// values are multiples of 1/4 or 1/8 whose sums are exact. So all results are
// exact: 0 ulp. MinLoc/MaxLoc inputs repeat their extremes, so the smallest
// index must win. 2-D and 3-D kernels with reductions (TeaLeaf's shape: a
// box of a grid written and reduced at once) fold rows or planes of blocks.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <tuple>
#include <utility>
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

// A CG update's shape: each cell of the box scaled, its square summed, the
// largest kept.
void scale_box(double a, offload::Region<double, offload::Grid2D> y,
               offload::ReduceSum<double> squares,
               offload::ReduceMaxLoc<double> largest) {
  const std::uint64_t cols = y.strategy().cols;
  for (auto [row, col, v] : y) {
    v *= a;
    squares += v * v;
    largest.max(v, row * cols + col);
  }
}
void sum_3d(offload::Range<offload::Grid3D> r, std::span<const double> x,
            offload::ReduceSum<double> sum, offload::ReduceMin<double> lo) {
  const offload::Grid3D &g = r.strategy();
  for (auto [i, j, k] : r) {
    sum += x[i + g.ni * (j + g.nj * k)];
    lo.min(x[i + g.ni * (j + g.nj * k)]);
  }
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
  // Sized by the device as the user guide shows: a GPU's wave, the host
  // device's one run per chunk, the default without the plugin.
  const std::int64_t Wave =
      offload::kernel_resources(reduce_sum_gridstride<T>).resident_threads;
  T Sum = T(0);
  offload::offload(reduce_sum_gridstride<T>,
                   offload::Range<offload::GridStride1D>(
                       N, Wave > 0 ? offload::GridStride1D{std::uint64_t(Wave)}
                                   : offload::GridStride1D{}),
                   X, Sum);
  corpus::print("reduce_sum_gridstride_" + corpus::suffix<T>() + ".wave", 0,
                Sum);
}

void runGrids() {
  // 9 x 9 (one block), 700 x 900 (2,552 blocks of 32 x 8: folded).
  for (auto [Rows, Cols] :
       {std::pair<std::uint64_t, std::uint64_t>{9, 9}, {700, 900}}) {
    const std::string Size =
        ".r" + std::to_string(Rows) + "c" + std::to_string(Cols);
    std::vector<double> Y(Rows * Cols);
    for (std::uint64_t I = 0; I < Y.size(); ++I)
      Y[I] = valueOf<double>(I) * 0.5; // multiples of 1/16, |y| < 32
    double Squares = 0;
    offload::ValueLoc<double> Largest{-1e300, ~std::uint64_t(0)};
    offload::offload(
        scale_box, 2.0,
        offload::Region<double, offload::Grid2D>(
            Y, offload::Grid2D(Rows, Cols, {1, Rows - 1, 2, Cols - 1})),
        Squares, Largest);
    double Written = 0; // every element, the halo's unchanged
    for (double V : Y)
      Written += V;
    corpus::print("scale_box.written" + Size, 0, Written);
    corpus::print("scale_box.squares" + Size, 0, Squares);
    corpus::print("scale_box.largest" + Size + ".value", 0, Largest.value);
    corpus::print("scale_box.largest" + Size + ".index", 0, Largest.index);
  }
  for (auto [I, J, K] :
       {std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>{3, 4, 5},
        {64, 50, 40}}) {
    std::vector<double> X(I * J * K);
    for (std::uint64_t E = 0; E < X.size(); ++E)
      X[E] = valueOf<double>(E);
    double Sum = 0, Lo = 1e300;
    offload::offload(
        sum_3d,
        offload::Range<offload::Grid3D>(X.size(), offload::Grid3D(I, J, K)), X,
        Sum, Lo);
    const std::string Size = ".n" + std::to_string(X.size());
    corpus::print("sum_3d.sum" + Size, 0, Sum);
    corpus::print("sum_3d.min" + Size, 0, Lo);
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
  runGrids();
}
