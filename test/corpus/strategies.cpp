// Regions and Ranges with every built-in strategy (Linear1D, Interval1D,
// Chunked1D, Coarsened1D, Blocked1D, GridStride1D, Grid2D with and without a
// box, Rows2D, Columns2D, Grid3D with and without a box, Indexed with int and
// std::int64_t lists, copied or preloaded, StridedSegments over particles
// sorted by cell and a buffer packed by parts), and user strategies promised
// disjoint with OFFLOAD_UNSAFE_DISJOINT_STRATEGY: one with a hand-written
// range of positions, one whose pieces() is a std::views::iota. Each element
// records which index its thread saw; an element no thread owned keeps its
// initial value, one owned twice is counted twice. offload::zip over two
// Grid2D interiors and two Chunked1D Regions; a Range wider than two Regions
// of different sizes; two Grid2D boxes of different widths in one launch,
// and a Grid3D Region beside a Range of another box. All results are exact.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <cstdint>
#include <iterator>
#include <ranges>
#include <utility>
#include <vector>

// Thread t owns element size - 1 - t: a strategy with its own range type.
struct Reversed1D {
  static constexpr unsigned dims = 1;
  struct Positions {
    std::uint64_t position;
    bool present;
    struct iterator {
      std::uint64_t position;
      bool left;
      std::uint64_t operator*() const { return position; }
      iterator &operator++() {
        left = false;
        return *this;
      }
      bool operator!=(std::default_sentinel_t) const { return left; }
    };
    iterator begin() const { return {position, present}; }
    std::default_sentinel_t end() const { return {}; }
  };
  offload::Extent extent(std::uint64_t size) const { return {size}; }
  Positions pieces(offload::ThreadIndex t, std::uint64_t size) const {
    std::uint64_t i = t.linear();
    return {i < size ? size - 1 - i : 0, i < size};
  }
  offload::Span span(std::uint64_t i) const { return {i, 1}; }
  template <class T> offload::Item<T> item(T *data, std::uint64_t i) const {
    return {i, data[i]};
  }
};
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(Reversed1D);

// Thread t owns the four elements [4t, 4t + 4), one item each.
struct Blocked4 {
  static constexpr unsigned dims = 1;
  offload::Extent extent(std::uint64_t size) const { return {(size + 3) / 4}; }
  auto pieces(offload::ThreadIndex t, std::uint64_t size) const {
    std::uint64_t first = t.linear() * 4;
    std::uint64_t last = first + 4 < size ? first + 4 : size;
    return std::views::iota(first < size ? first : size, last);
  }
  offload::Span span(std::uint64_t i) const { return {i, 1}; }
  template <class T> offload::Item<T> item(T *data, std::uint64_t i) const {
    return {i, data[i]};
  }
};
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(Blocked4);

namespace {

using offload::Region, offload::Range;

template <class S> void mark_items(Region<std::uint64_t, S> r) {
  for (auto [i, v] : r)
    v += i + 1;
}

void mark_chunks(Region<std::uint64_t, offload::Chunked1D> r,
                 offload::Atomic<unsigned> lengths) {
  for (auto [first, values] : r) {
    for (std::uint64_t k = 0; k < values.size(); ++k)
      values[k] += first + k + 1;
    lengths.add(values.size(), 1u); // how many chunks had each length
  }
}

// Runs of elements shared by a block each (a mesh element's dofs): each
// element records its run, the first element of its thread's group and its
// place in the group.
void mark_runs(std::uint64_t elements,
               Region<std::uint64_t, offload::Blocked1D> r) {
  for (auto g : r)
    for (std::uint64_t k = 0; k < g.size(); ++k)
      g[k] += g.index(k) / elements * 1000000 + g.first * 10 + k;
}

// Thread coarsening: each thread its group, the work for all of its
// elements in registers at once (a fixed-size array indexed by constants).
template <unsigned P>
void mark_groups(std::span<const std::uint64_t> in,
                 Region<std::uint64_t, offload::Coarsened1D> r,
                 offload::Atomic<unsigned> sizes) {
  for (auto g : r) {
    std::uint64_t acc[P];
    for (unsigned k = 0; k < P; ++k)
      acc[k] = in[g.index(k < g.size() ? k : 0)] * 3;
    for (unsigned k = 0; k < P; ++k)
      if (k < g.size())
        g[k] += acc[k] + g.index(k) + 1;
    sizes.add(g.size(), 1u); // how many threads had each group size
  }
}

void mark_grid2d(std::uint64_t cols, Region<std::uint64_t, offload::Grid2D> r) {
  for (auto [row, col, v] : r)
    v += row * cols + col + 1;
}

// Each element gets its position plus the sum of the column above it.
void mark_columns(std::uint64_t cols,
                  Region<std::uint64_t, offload::Columns2D> r) {
  std::uint64_t above = 0;
  for (auto [row, col, v] : r) {
    v += row * cols + col + 1 + above;
    above = v;
  }
}

void jacobi(std::uint64_t n, std::span<const double> a,
            Region<double, offload::Grid2D> b) {
  for (auto [i, j, bij] : b)
    bij = 0.2 * (a[i * n + j] + a[i * n + j - 1] + a[i * n + j + 1] +
                 a[(i - 1) * n + j] + a[(i + 1) * n + j]);
}

void prefix_rows(Region<long long, offload::Rows2D> r) {
  for (auto [row, values] : r) {
    long long s = (long long)row;
    for (long long &v : values)
      v = s += v;
  }
}

void mark_grid3d(std::uint64_t ni, std::uint64_t nj,
                 Region<std::uint64_t, offload::Grid3D> r) {
  for (auto [i, j, k, v] : r)
    v += i + ni * (j + nj * k) + 1;
}

void count_gridstride(Range<offload::GridStride1D> r,
                      offload::Atomic<unsigned> hits) {
  for (std::uint64_t i : r)
    hits.add(i, 1u);
}

void count_grid2d(std::uint64_t cols, Range<offload::Grid2D> r,
                  offload::Atomic<unsigned> hits) {
  for (offload::Grid2D::Position p : r)
    hits.add(p.row * cols + p.col, 1u);
}

// A 3-point stencil on the interior of an array.
void smooth_interior(std::span<const double> in,
                     Region<double, offload::Interval1D> out) {
  for (auto [i, v] : out)
    v = 0.25 * in[i - 1] + 0.5 * in[i] + 0.25 * in[i + 1];
}

// A 5-point stencil over the real zones of a padded mesh, named by a zone
// list (what RAJAPerf's DEL_DOT_VEC_2D and MATVEC_3D_STENCIL read).
template <class I>
void zone_stencil(std::uint64_t jp, std::span<const double> x,
                  Region<double, offload::Indexed<I>> out) {
  for (auto [z, v] : out)
    v = 0.5 * x[z] + 0.125 * (x[z - 1] + x[z + 1] + x[z - jp] + x[z + jp]);
}

void count_indexed(Range<offload::Indexed<int>> r,
                   offload::Atomic<unsigned> hits) {
  for (std::uint64_t i : r)
    hits.add(i, 1u);
}

} // namespace

// A CG update over a stencil's interior: two Regions, one loop (zip).
void cg_update(double alpha, std::span<const double> p,
               std::span<const double> w, Region<double, offload::Grid2D> u,
               Region<double, offload::Grid2D> r) {
  for (auto [ui, ri] : offload::zip(u, r)) {
    const std::uint64_t i = ui.row * 29 + ui.col;
    ui.value += alpha * p[i];
    ri.value -= alpha * w[i];
  }
}

void zip_chunks(Region<std::int64_t, offload::Chunked1D> a,
                Region<std::int32_t, offload::Chunked1D> b) {
  for (auto [ca, cb] : offload::zip(a, b))
    for (std::size_t k = 0; k < ca.values.size(); ++k) {
      ca.values[k] = std::int64_t(ca.first + k) * 3;
      cb.values[k] = std::int32_t(cb.first) - std::int32_t(k);
    }
}

// Particles sorted by cell (a CSR layout): a few threads share each cell's
// particles, each kicked by its cell's field and its rank in the cell.
void kick_cells(std::span<const double> field, double dt,
                Region<double, offload::StridedSegments<std::int64_t>> v) {
  for (auto [cell, rank, i, vi] : v)
    vi += dt * field[cell] * double(rank + 1);
}

// A send buffer packed by parts: part p holds the listed zones of variable
// p % 2, the list's part p / 2.
void pack_parts(std::span<const int> start, std::span<const int> list,
                std::span<const double> values, std::uint64_t zones,
                Region<double, offload::StridedSegments<int>> buffer) {
  for (auto [part, k, i, b] : buffer)
    b = values[(part % 2) * zones + std::uint64_t(list[start[part / 2] + k])];
}

// A launch wider than its data: the Range has more threads than either
// Region, and the Regions differ in size; a thread past a Region's end gets
// none of it, and every thread still runs (the sum counts them).
void mark_uneven(Range<> r, Region<std::uint64_t> a, Region<std::int64_t> b,
                 offload::ReduceSum<std::uint64_t> threads) {
  for (std::uint64_t i : r)
    threads += i + 1;
  for (auto [i, v] : a)
    v = 3 * i + 1;
  for (auto [i, v] : b)
    v = -std::int64_t(i) * 7;
}

// An Interval1D Region beside a shorter Linear1D Region and a Range over
// another interval: each thread gets an element of those whose bounds it is
// inside, and every thread runs (the host device runs the threads inside
// all the bounds in one loop and the others apart: the sums count them).
void mark_intervals(Region<double, offload::Interval1D> a,
                    Region<std::uint64_t> b, Range<offload::Interval1D> r,
                    offload::ReduceSum<std::uint64_t> threads,
                    offload::ReduceSum<std::uint64_t> ranged) {
  threads += 1;
  for (auto [i, v] : a)
    v = 0.5 * double(i) + v;
  for (auto [i, v] : b)
    v = 2 * i + 1;
  for (std::uint64_t i : r)
    ranged += i;
}

// A launch as large as the larger box of each dimension: the threads
// outside the other box own nothing of it, and every thread counts.
void mark_boxes(Region<double, offload::Grid2D> a,
                Region<std::uint64_t, offload::Grid2D> b,
                offload::ReduceSum<std::uint64_t> threads) {
  threads += 1;
  for (auto [r, c, v] : a)
    v = 0.5 * double(r) + double(c) + v;
  for (auto [r, c, v] : b)
    v += 1000 * r + c;
}

void mark_boxes3d(Region<std::uint64_t, offload::Grid3D> a,
                  Range<offload::Grid3D> r,
                  offload::ReduceSum<std::uint64_t> threads,
                  offload::ReduceSum<std::uint64_t> ranged) {
  threads += 1;
  for (auto [i, j, k, v] : a)
    v += i + 100 * j + 10000 * k;
  for (offload::Grid3D::Position p : r)
    ranged += p.i + 100 * p.j + 10000 * p.k;
}

int main() {
  using corpus::print, corpus::printSampled;
  using U64 = std::uint64_t;

  std::vector<U64> V(777, 0);
  offload::offload(mark_items<offload::Linear1D>, V);
  printSampled("linear1d", 0, V);

  V.assign(777, 0);
  // The Region's type deduced from the vector and the strategy.
  offload::offload(mark_items<offload::Interval1D>,
                   offload::Region(V, offload::Interval1D{1, 776}));
  printSampled("interval1d", 0, V);
  std::vector<double> Smooth(1001);
  for (U64 I = 0; I < Smooth.size(); ++I)
    Smooth[I] = double(I % 7) * 0.25;
  std::vector<double> Smoothed = Smooth;
  offload::offload(smooth_interior, Smooth,
                   Region<double, offload::Interval1D>(Smoothed, {1, 1000}));
  printSampled("interval1d.smooth", 0, Smoothed);

  V.assign(1000, 0);
  std::vector<unsigned> Lengths(8, 0);
  offload::offload(mark_chunks,
                   Region<U64, offload::Chunked1D>(V, offload::Chunked1D{7}),
                   Lengths);
  printSampled("chunked1d.k7", 0, V);
  print("chunked1d.k7.lengths", 0, Lengths);

  for (U64 N : {1u, 1000u, 4099u}) {
    std::vector<U64> In(N), Out(N, 0);
    for (U64 I = 0; I < N; ++I)
      In[I] = I * 7 % 13;
    std::vector<unsigned> Sizes(5, 0);
    offload::offload(offload::Launch{.block = 64}, mark_groups<4>, In,
                     Region<U64, offload::Coarsened1D>(Out, {4, 64}), Sizes);
    printSampled("coarsened1d.n" + std::to_string(N), 0, Out);
    print("coarsened1d.n" + std::to_string(N) + ".sizes", 0, Sizes);
  }

  for (auto [Elements, Block] :
       {std::pair<U64, std::uint32_t>{50, 16}, {7, 16}, {64, 25}}) {
    for (U64 N : {1000u, 1013u}) {
      std::vector<U64> Out(N, 1);
      offload::offload(offload::Launch{.block = Block}, mark_runs, Elements,
                       Region<U64, offload::Blocked1D>(Out, {Elements, Block}));
      printSampled("blocked1d.e" + std::to_string(Elements) + ".b" +
                       std::to_string(Block) + ".n" + std::to_string(N),
                   0, Out);
    }
  }

  {
    const U64 N = 100003;
    std::vector<U64> A(N, 0);
    std::vector<std::int64_t> B(N / 2 + 3, 5);
    U64 Threads = 0;
    offload::offload(mark_uneven, Range<>(N + 777), A, B, Threads);
    printSampled("uneven.a", 0, A);
    printSampled("uneven.b", 0, B);
    print("uneven.threads", 0, Threads);
  }

  {
    std::vector<double> A(50001, 1.0);
    std::vector<U64> B(20011, 0);
    U64 Threads = 0, Ranged = 0;
    offload::offload(
        mark_intervals, Region<double, offload::Interval1D>(A, {1003, 49990}),
        B, Range<offload::Interval1D>(40000, offload::Interval1D{7, 39999}),
        Threads, Ranged);
    printSampled("intervals.a", 0, A);
    printSampled("intervals.b", 0, B);
    print("intervals.threads", 0, Threads);
    print("intervals.ranged", 0, Ranged);
  }

  {
    const U64 R = 61, C = 75;
    std::vector<double> A(R * C, 1.0);
    std::vector<U64> B(R * C, 0);
    U64 Threads = 0;
    offload::offload(
        mark_boxes,
        Region<double, offload::Grid2D>(A, {R, C, {1, R - 1, 2, C - 3}}),
        Region<U64, offload::Grid2D>(B, {R, C, {5, 40, 9, 26}}), Threads);
    printSampled("boxes.a", 0, A);
    printSampled("boxes.b", 0, B);
    print("boxes.threads", 0, Threads);
    const U64 NI = 33, NJ = 6, NK = 4;
    std::vector<U64> V3(NI * NJ * NK, 0);
    U64 Threads3 = 0, Ranged = 0;
    offload::offload(mark_boxes3d,
                     Region<U64, offload::Grid3D>(
                         V3, {NI, NJ, NK, {1, NI - 1, 0, NJ, 1, NK}}),
                     Range<offload::Grid3D>(NI * NJ * NK,
                                            {NI, NJ, NK, {3, 20, 1, 5, 0, NK}}),
                     Threads3, Ranged);
    printSampled("boxes3d.a", 0, V3);
    print("boxes3d.threads", 0, Threads3);
    print("boxes3d.ranged", 0, Ranged);
  }

  for (U64 Threads : {1u, 100u, 5000u}) {
    V.assign(4097, 0);
    offload::offload(
        mark_items<offload::GridStride1D>,
        Region<U64, offload::GridStride1D>(V, offload::GridStride1D{Threads}));
    printSampled("gridstride1d.t" + std::to_string(Threads), 0, V);
  }

  const U64 Rows = 37, Cols = 29;
  V.assign(Rows * Cols, 0);
  offload::offload(mark_grid2d, Cols,
                   Region<U64, offload::Grid2D>(V, {Rows, Cols}));
  printSampled("grid2d", 0, V);
  V.assign(Rows * Cols, 0);
  offload::offload(
      mark_grid2d, Cols,
      Region<U64, offload::Grid2D>(V, {Rows, Cols, {2, Rows - 3, 5, Cols}}));
  printSampled("grid2d.box", 0, V);

  const U64 N = 33;
  std::vector<double> A(N * N), B(N * N, -1.0);
  for (U64 I = 0; I < N * N; ++I)
    A[I] = double(I % 17) * 0.5;
  offload::offload(
      jacobi, N, A,
      Region<double, offload::Grid2D>(B, {N, N, {1, N - 1, 1, N - 1}}));
  // Sums of halves are exact; the product with 0.2 rounds once.
  printSampled("grid2d.jacobi", 0, B);

  V.assign(Rows * Cols, 0);
  offload::offload(mark_columns, Cols,
                   Region<U64, offload::Columns2D>(V, {Rows, Cols}));
  printSampled("columns2d", 0, V);

  std::vector<long long> M(Rows * Cols);
  for (U64 I = 0; I < M.size(); ++I)
    M[I] = (long long)(I % 13) - 6;
  offload::offload(prefix_rows, Region<long long, offload::Rows2D>(
                                    M, offload::Rows2D{Rows, Cols}));
  printSampled("rows2d", 0, M);

  const U64 NI = 9, NJ = 7, NK = 5;
  V.assign(NI * NJ * NK, 0);
  offload::offload(mark_grid3d, NI, NJ,
                   Region<U64, offload::Grid3D>(V, {NI, NJ, NK}));
  printSampled("grid3d", 0, V);
  V.assign(NI * NJ * NK, 0);
  offload::offload(
      mark_grid3d, NI, NJ,
      Region<U64, offload::Grid3D>(V, {NI, NJ, NK, {1, NI - 1, 0, 3, 2, NK}}));
  printSampled("grid3d.box", 0, V);

  std::vector<unsigned> Hits(4097, 0);
  offload::offload(
      count_gridstride,
      Range<offload::GridStride1D>(4097, offload::GridStride1D{33}), Hits);
  printSampled("range_gridstride", 0, Hits);
  Hits.assign(Rows * Cols, 0);
  offload::offload(
      count_grid2d, Cols,
      Range<offload::Grid2D>(Rows * Cols, {Rows, Cols, {1, 30, 0, 20}}), Hits);
  printSampled("range_grid2d.box", 0, Hits);

  // Zone lists: the interior of a Jp x Jp mesh, every third row left out.
  const std::int64_t Jp = 23;
  std::vector<std::int64_t> Zones;
  for (std::int64_t J = 1; J < Jp - 1; ++J)
    for (std::int64_t I = 1; I < Jp - 1; ++I)
      if (J % 3 != 0)
        Zones.push_back(I + J * Jp);
  std::vector<int> Zones32(Zones.begin(), Zones.end());
  std::vector<double> X(Jp * Jp), Out(Jp * Jp, -1.0);
  for (U64 I = 0; I < X.size(); ++I)
    X[I] = double(I % 11) - 2.5;
  offload::offload(
      zone_stencil<std::int64_t>, U64(Jp), X,
      Region<double, offload::Indexed<>>(Out, offload::Indexed(Zones)));
  // Sums of multiples of 1/2 scaled by powers of two: exact.
  printSampled("indexed.zones64", 0, Out);
  Out.assign(Jp * Jp, -1.0);
  {
    auto Preloaded = offload::preload(Zones32);
    offload::offload(zone_stencil<int>, U64(Jp), X,
                     Region<double, offload::Indexed<int>>(
                         Out, offload::Indexed(Preloaded)));
  }
  printSampled("indexed.zones32.preloaded", 0, Out);
  Out.assign(Jp * Jp, -1.0);
  offload::offload(zone_stencil<int>, U64(Jp), X,
                   Region<double, offload::Indexed<int>>(
                       Out, offload::Indexed<int>(std::span<const int>())));
  printSampled("indexed.empty", 0, Out);
  Hits.assign(Jp * Jp, 0);
  offload::offload(count_indexed,
                   Range<offload::Indexed<int>>(Jp * Jp, Zones32), Hits);
  printSampled("range_indexed", 0, Hits);

  {
    // 41 cells of 0 to 12 particles, kicked three times (the velocities and
    // offsets stay on the device across the loop), by 1, 4 and 32 threads a
    // cell. Multiples of 1/16 below 2^20: exact.
    std::vector<std::int64_t> Cells = {0};
    for (int C = 0; C < 41; ++C)
      Cells.push_back(Cells.back() + (C * 7) % 13);
    std::vector<double> Field(41), Velocity(U64(Cells.back()));
    for (U64 C = 0; C < Field.size(); ++C)
      Field[C] = double(C % 9) - 4.0;
    for (U64 I = 0; I < Velocity.size(); ++I)
      Velocity[I] = double(I % 5) * 0.5;
    for (U64 Threads : {1u, 4u, 32u})
      offload::offload(kick_cells, Field, 0.0625,
                       Region<double, offload::StridedSegments<std::int64_t>>(
                           Velocity, offload::StridedSegments(Cells, Threads)));
    printSampled("strided_segments.cells", 0, Velocity);

    // Six neighbours' lists of zones, two variables: twelve parts, the
    // buffer's part offsets computed as a user would, 64 threads a part.
    const U64 ZonesPerVariable = 200;
    std::vector<int> Start = {0}, List;
    for (int L = 0; L < 6; ++L) {
      for (int K = 0; K < 10 * L + 3; ++K)
        List.push_back((L * 37 + K * 11) % int(ZonesPerVariable));
      Start.push_back(int(List.size()));
    }
    std::vector<int> Parts = {0};
    for (int L = 0; L < 6; ++L)
      for (int Var = 0; Var < 2; ++Var)
        Parts.push_back(Parts.back() + Start[L + 1] - Start[L]);
    std::vector<double> Values(2 * ZonesPerVariable),
        Buffer(U64(Parts.back()) + 5, -1.0);
    for (U64 I = 0; I < Values.size(); ++I)
      Values[I] = double(I) * 0.25;
    auto StagedParts = offload::preload(Parts);
    offload::offload(pack_parts, Start, List, Values, ZonesPerVariable,
                     Region<double, offload::StridedSegments<int>>(
                         Buffer, offload::StridedSegments(StagedParts, 64)));
    printSampled("strided_segments.pack", 0, Buffer);
  }

  {
    const U64 Rows = 31, Cols = 29; // cg_update's row stride
    const offload::Grid2D Interior(Rows, Cols, {2, Rows - 2, 2, Cols - 2});
    std::vector<double> P(Rows * Cols), W(Rows * Cols), U(Rows * Cols, 1.0),
        R(Rows * Cols, 8.0);
    for (U64 I = 0; I < Rows * Cols; ++I)
      P[I] = double(I % 13) * 0.25, W[I] = double(I % 5) * 0.5;
    offload::offload(cg_update, 0.5, P, W,
                     Region<double, offload::Grid2D>(U, Interior),
                     Region<double, offload::Grid2D>(R, Interior));
    printSampled("zip.grid2d.u", 0, U);
    printSampled("zip.grid2d.r", 0, R);
    std::vector<std::int64_t> A(1003, -1);
    std::vector<std::int32_t> B(1003, -1);
    offload::offload(zip_chunks,
                     Region<std::int64_t, offload::Chunked1D>(A, {7}),
                     Region<std::int32_t, offload::Chunked1D>(B, {7}));
    printSampled("zip.chunked1d.a", 0, A);
    printSampled("zip.chunked1d.b", 0, B);
  }

  V.assign(1001, 0);
  offload::offload(mark_items<Reversed1D>, Region<U64, Reversed1D>(V));
  printSampled("user_reversed", 0, V);

  V.assign(1001, 0);
  offload::offload(mark_items<Blocked4>, Region<U64, Blocked4>(V));
  printSampled("user_blocked_iota", 0, V);
}
