//===- offload/strategy.hpp - Partitioning strategies ---------------------===//
//
// A partitioning strategy decides which pieces of a Region (or indices of a
// Range) each logical thread of a launch gets. Because no two threads get the
// same piece, kernels write Regions without data races.
//
// A strategy S is a trivially copyable type with
//
//   static constexpr unsigned dims;                     // 1, 2 or 3
//   Extent extent(std::uint64_t size) const;            // logical threads
//   /*positions*/ pieces(ThreadIndex t, std::uint64_t size) const;
//                                    // the positions thread t owns
//   Span span(Position p) const;     // the elements offset + k * stride
//                                    // for k < length (stride 1: contiguous)
//   template <class T> /*item*/ item(T *data, Position p) const;
//                                    // what iterating a Region yields
//
// and optionally `bool fits(size)` (checked when a Region is made),
// `bool covers(index)` (the elements it is meant to cover, if not all) and
// `Span part(first, last, size)`: the contiguous elements that the threads
// whose index along the launch's slowest dimension is in [first, last) own
// (first and last may lie outside the launch: a halo), clipped to the
// data. A Region can be split between the devices of a device set only if
// its strategy has part().
//
// pieces() returns its positions as a borrowed input range: a
// std::ranges::input_range (begin() gives an input iterator, end() an
// iterator or a sentinel it compares equal to at the end) that is a
// std::ranges::borrowed_range, whose iterators stay valid after the range
// object is gone, since a Region calls pieces() once and keeps only the
// iterators. Standard views qualify (std::views::iota(first, last), a
// std::span, a std::ranges::subrange), as do detail::Strided,
// detail::StridedBelow and detail::Optional below, which the shipped
// strategies use; a container returned by value (a std::array) does not.
// So does a hand-written range that a range-based for loop can walk
// (begin(), end(), and an iterator with *, ++ and != against end()) whose
// iterators hold their positions themselves rather than point into the
// object pieces() returned. A Position is what the iterator's operator*
// gives.
//
// A strategy must give distinct threads disjoint pieces. The compiler cannot
// check that, so a strategy is usable only after an explicit promise:
//
//   OFFLOAD_UNSAFE_DISJOINT_STRATEGY(MyStrategy);
//
// (the analog of Rust's `unsafe impl`). OFFLOAD_CHECK_DISJOINT=1 makes every
// offload() verify the promise on the host before it launches.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/detail/abi.hpp>
#include <offload/detail/fail.hpp>
#include <offload/detail/std.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>

namespace offload {

/// Logical threads per dimension.
struct Extent {
  std::uint64_t x = 1, y = 1, z = 1;
  constexpr std::uint64_t count() const noexcept { return x * y * z; }
};

/// The running logical thread: its position in the launch, and the launched
/// width and height (at least the logical extent), which make linear()
/// unique across the launch.
struct ThreadIndex {
  std::uint64_t x, y, z;
  std::uint64_t width, height;
  constexpr std::uint64_t linear() const noexcept {
    return x + width * (y + height * z);
  }
};

/// Where a position's elements are in the data.
struct Span {
  std::uint64_t offset, length;
  std::uint64_t stride = 1; // between the length elements
};

/// Opt-in: specialise to true (through OFFLOAD_UNSAFE_DISJOINT_STRATEGY) to
/// promise that S gives distinct threads disjoint pieces.
template <class S> inline constexpr bool unsafe_disjoint_strategy = false;

namespace detail {

// std::ranges::input_range and std::ranges::borrowed_range, spelled out
// with what <span> and <iterator> declare: <ranges> would add a tenth to
// the parse of every translation unit, on the host and in each device pass.
// test/unit/header/StrategyTest.cpp checks that they agree.

/// std::ranges::input_range<R>.
template <class R>
concept InputRange = requires(R &Positions) {
  { std::ranges::begin(Positions) } -> std::input_iterator;
  {
    std::ranges::end(Positions)
  } -> std::sentinel_for<decltype(std::ranges::begin(Positions))>;
};
/// std::ranges::borrowed_range<R>: its iterators stay valid after the
/// range object is gone.
template <class R>
concept BorrowedRange =
    InputRange<R> &&
    (std::is_lvalue_reference_v<R> ||
     std::ranges::enable_borrowed_range<std::remove_cvref_t<R>>);

/// What a range-based for loop walks: begin() and end(), an iterator that
/// *, ++ and != against end() work on. (A hand-written range of positions
/// need not be a std::ranges::input_range.)
template <class R>
concept ForLoopRange =
    requires(R &Positions) {
      Positions.begin();
      Positions.end();
    } && requires(decltype(std::declval<R &>().begin()) It,
                  decltype(std::declval<R &>().end()) End) {
      { It != End } -> std::convertible_to<bool>;
      ++It;
      *It;
    };
/// The ranges pieces() may return: a borrowed standard input range, or a
/// hand-written range that is no standard range, whose iterators must hold
/// their positions themselves (the protocol above says so). A standard
/// range that is not borrowed (a container by value) is not one.
template <class R>
concept PositionRange =
    BorrowedRange<R> || (ForLoopRange<R> && !InputRange<R>);

/// What a strategy's pieces() returns, its iterator and its end.
template <class S>
using PiecesOf = decltype(std::declval<const S &>().pieces(
    std::declval<ThreadIndex>(), std::uint64_t()));
template <class R>
using PositionIterator = decltype(std::declval<R &>().begin());
template <class R>
using PositionSentinel = decltype(std::declval<R &>().end());
/// A position: what the iterator gives.
template <class R>
using PositionOf = std::iter_reference_t<PositionIterator<R>>;

template <class S>
concept HasPieces = requires(const S Strategy, ThreadIndex Thread,
                             std::uint64_t Size) {
  Strategy.pieces(Thread, Size);
};

/// [First, Last) clipped to [0, Size), as a Span.
constexpr Span clippedSpan(std::int64_t First, std::int64_t Last,
                           std::uint64_t Size) noexcept {
  const std::int64_t N = static_cast<std::int64_t>(Size);
  First = First < 0 ? 0 : (First > N ? N : First);
  Last = Last < First ? First : (Last > N ? N : Last);
  return {std::uint64_t(First), std::uint64_t(Last - First)};
}

struct Strided;
/// The range of positions a Region or Range of S iterates: what pieces()
/// returns, or a stand-in when that is no borrowed range, so that such a
/// Region fails with checkStrategy()'s message only.
template <class S> struct PositionsFor {
  using type = Strided;
};
template <class S>
  requires PositionRange<PiecesOf<S>>
struct PositionsFor<S> {
  using type = PiecesOf<S>;
};

} // namespace detail

/// The strategy protocol. Region and Range accept only strategies that
/// satisfy it and carry the disjointness promise. A strategy may also have
/// `bool fits(std::uint64_t size) const`, checked when a Region is made.
template <class S>
concept PartitionStrategy =
    std::is_trivially_copyable_v<S> && unsafe_disjoint_strategy<S> &&
    (S::dims >= 1 && S::dims <= 3) &&
    requires(const S Strategy, std::uint64_t Size, ThreadIndex Thread) {
      { Strategy.extent(Size) } -> std::same_as<Extent>;
      { Strategy.pieces(Thread, Size) } -> detail::PositionRange;
      {
        Strategy.span(std::declval<detail::PositionOf<detail::PiecesOf<S>>>())
      } -> std::same_as<Span>;
    };

/// One element a strategy gave the running thread, with its index.
template <class T> struct Item {
  std::uint64_t index;
  T &value;
};
/// A contiguous chunk: the index of its first element and the elements.
template <class T> struct Chunk {
  std::uint64_t first;
  std::span<T> values;
};
/// A thread's elements `stride` apart (Coarsened1D, Blocked1D): element k of
/// the group is element index(k) of the data, for k < size(). Indexing checks k
/// (element k >= size() is another thread's); unchecked(k) does not.
template <class T> struct Group {
  std::uint64_t first, stride, count;
  T *data;
  constexpr std::uint64_t size() const noexcept { return count; }
  constexpr std::uint64_t index(std::uint64_t K) const noexcept {
    return first + K * stride;
  }
  constexpr T &operator[](std::uint64_t K) const noexcept {
    if (K >= count)
      detail::indexOutOfRange(
          "offload::Group",
          "offload::Group: an index is past the thread's elements", K, count);
    return data[index(K)];
  }
  /// UNCHECKED: element K < size(); for K >= size() another thread's.
  constexpr T &unchecked(std::uint64_t K) const noexcept {
    return data[index(K)];
  }
};
/// One row of a row-major matrix.
template <class T> struct Row {
  std::uint64_t row;
  std::span<T> values;
};
/// One element of a row-major matrix.
template <class T> struct Item2D {
  std::uint64_t row, col;
  T &value;
};
/// One element of a 3-D array stored with i fastest: (i, j, k).
template <class T> struct Item3D {
  std::uint64_t i, j, k;
  T &value;
};

namespace detail {

/// The positions First + K * Stride for K < Count: a borrowed input range
/// whose end is std::default_sentinel.
struct Strided {
  std::uint64_t First, Count, Stride;
  struct iterator {
    using value_type = std::uint64_t;
    using difference_type = std::ptrdiff_t;
    using iterator_concept = std::input_iterator_tag;
    std::uint64_t Position, Left, Stride;
    constexpr std::uint64_t operator*() const noexcept { return Position; }
    constexpr iterator &operator++() noexcept {
      Position += Stride;
      --Left;
      return *this;
    }
    constexpr void operator++(int) noexcept { ++*this; }
    constexpr bool operator==(std::default_sentinel_t) const noexcept {
      return Left == 0;
    }
  };
  constexpr iterator begin() const noexcept { return {First, Count, Stride}; }
  constexpr std::default_sentinel_t end() const noexcept { return {}; }
};

/// The positions First, First + Stride, First + 2 * Stride, ... below
/// Bound: a borrowed input range whose end is std::default_sentinel, for
/// grid-stride loops. It counts its steps (one division per thread), so
/// that LLVM unrolls the loop and keeps several loads in flight per thread,
/// as nvcc does.
struct StridedBelow {
  std::uint64_t First, Bound, Stride;
  struct iterator {
    using value_type = std::uint64_t;
    using difference_type = std::ptrdiff_t;
    using iterator_concept = std::input_iterator_tag;
    std::uint64_t Position, Left, Stride;
    constexpr std::uint64_t operator*() const noexcept {
#if defined(__NVPTX__)
      // An xor with zero (no stride reaches 2^63) that LLVM cannot see
      // through: Loop Strength Reduction would otherwise give every array
      // and unrolled step a 64-bit pointer of its own (40 registers instead
      // of 32 for Stream_DOT, six blocks per SM instead of eight).
      if (!std::is_constant_evaluated())
        return Position ^ (Stride >> 63);
#endif
      return Position;
    }
    constexpr iterator &operator++() noexcept {
      Position += Stride;
      --Left;
      return *this;
    }
    constexpr void operator++(int) noexcept { ++*this; }
    constexpr bool operator==(std::default_sentinel_t) const noexcept {
      return Left == 0;
    }
  };
  constexpr iterator begin() const noexcept {
    const bool Empty = First >= Bound || Stride == 0;
    return {First, Empty ? 0 : (Bound - First - 1) / Stride + 1, Stride};
  }
  constexpr std::default_sentinel_t end() const noexcept { return {}; }
};

/// Zero or one position: a borrowed input range whose end is
/// std::default_sentinel.
template <class P> struct Optional {
  P Position;
  bool Present;
  struct iterator {
    using value_type = P;
    using difference_type = std::ptrdiff_t;
    using iterator_concept = std::input_iterator_tag;
    P Position;
    bool Left;
    constexpr P operator*() const noexcept { return Position; }
    constexpr iterator &operator++() noexcept {
      Left = false;
      return *this;
    }
    constexpr void operator++(int) noexcept { ++*this; }
    constexpr bool operator==(std::default_sentinel_t) const noexcept {
      return !Left;
    }
  };
  constexpr iterator begin() const noexcept { return {Position, Present}; }
  constexpr std::default_sentinel_t end() const noexcept { return {}; }
};

constexpr std::uint64_t ceilDiv(std::uint64_t A, std::uint64_t B) noexcept {
  return B ? (A + B - 1) / B : 0;
}

} // namespace detail

/// Thread i owns element i: one element per logical thread.
struct Linear1D {
  friend constexpr bool operator==(const Linear1D &,
                                   const Linear1D &) = default;
  static constexpr unsigned dims = 1;
  constexpr Extent extent(std::uint64_t Size) const noexcept { return {Size}; }
  constexpr detail::Strided pieces(ThreadIndex T,
                                   std::uint64_t Size) const noexcept {
    std::uint64_t I = T.linear();
    return {I, I < Size, 1};
  }
  constexpr Span span(std::uint64_t I) const noexcept { return {I, 1}; }
  constexpr Span part(std::int64_t First, std::int64_t Last,
                      std::uint64_t Size) const noexcept {
    return detail::clippedSpan(First, Last, Size);
  }
  template <class T>
  constexpr Item<T> item(T *Data, std::uint64_t I) const noexcept {
    return {I, Data[I]};
  }
};

/// Thread i owns element i for i in [begin, end): the part of an array a
/// 1-D stencil updates, each thread at its element's own index. The launch
/// has `end` logical threads, of which the first `begin` own nothing, so a
/// warp's accesses line up with the data as in a loop over all of it (a
/// Region over the subrange [begin, end) gives thread i element begin + i,
/// and its warps straddle one more memory sector each).
struct Interval1D {
  friend constexpr bool operator==(const Interval1D &,
                                   const Interval1D &) = default;
  std::uint64_t begin = 0, end = 0;
  static constexpr unsigned dims = 1;
  constexpr Extent extent(std::uint64_t) const noexcept { return {end}; }
  constexpr detail::Strided pieces(ThreadIndex T,
                                   std::uint64_t Size) const noexcept {
    std::uint64_t I = T.linear();
    return {I, I >= begin && I < end && I < Size, 1};
  }
  constexpr Span span(std::uint64_t I) const noexcept { return {I, 1}; }
  constexpr Span part(std::int64_t First, std::int64_t Last,
                      std::uint64_t Size) const noexcept {
    return detail::clippedSpan(First, Last, Size);
  }
  template <class T>
  constexpr Item<T> item(T *Data, std::uint64_t I) const noexcept {
    return {I, Data[I]};
  }
  constexpr bool covers(std::uint64_t I) const noexcept {
    return I >= begin && I < end;
  }
  constexpr bool fits(std::uint64_t Size) const noexcept {
    return begin <= end && end <= Size;
  }
};

/// Thread coarsening with coalesced access: each logical thread owns
/// `per_thread` elements `block` apart, and `block` consecutive threads own
/// `per_thread * block` consecutive elements (thread t: the elements
/// (t / block) * block * per_thread + t % block + k * block). Iterating
/// yields one Group per thread, so that the thread works on all its
/// elements at once (several poses sharing one pass over the data, as
/// miniBUDE's poses per work-item); neighbouring threads own neighbouring
/// elements, so a GPU's accesses to the k-th elements coalesce when the
/// launch's block is `block` (offload::Launch{.block = block}). The last
/// block's threads may own fewer elements, or none.
struct Coarsened1D {
  friend constexpr bool operator==(const Coarsened1D &,
                                   const Coarsened1D &) = default;
  std::uint64_t per_thread = 1, block = 256;
  static constexpr unsigned dims = 1;
  struct Position {
    std::uint64_t first, count;
  };
  constexpr Extent extent(std::uint64_t N) const noexcept {
    return {detail::ceilDiv(N, per_thread * block) * block};
  }
  constexpr detail::Optional<Position> pieces(ThreadIndex T,
                                              std::uint64_t N) const noexcept {
    const std::uint64_t Thread = T.linear(),
                        First = Thread / block * block * per_thread +
                                Thread % block;
    const std::uint64_t Count =
        First < N ? detail::ceilDiv(N - First, block) : 0;
    return {{First, Count < per_thread ? Count : per_thread}, Count != 0};
  }
  constexpr Span span(Position P) const noexcept {
    return {P.first, P.count, block};
  }
  template <class T>
  constexpr Group<T> item(T *Data, Position P) const noexcept {
    return {P.first, block, P.count, Data};
  }
  constexpr bool fits(std::uint64_t) const noexcept {
    return per_thread != 0 && block != 0;
  }
};

/// Runs of `elements` consecutive elements, one run per `block` logical
/// threads (a mesh element's dofs, a cell's particles): thread i of run R
/// owns R * elements + i + k * block for the k that stay inside the run
/// (and the data), as one Group; a thread whose i is past its run owns
/// nothing. Launched with offload::Launch{.block = block}, a block works
/// on its run alone, so it can stage the run's work in team memory; the
/// block's threads touch consecutive elements at each step k.
struct Blocked1D {
  friend constexpr bool operator==(const Blocked1D &,
                                   const Blocked1D &) = default;
  std::uint64_t elements = 1, block = 256;
  static constexpr unsigned dims = 1;
  using Position = Coarsened1D::Position;
  constexpr Extent extent(std::uint64_t N) const noexcept {
    return {detail::ceilDiv(N, elements) * block};
  }
  constexpr detail::Optional<Position> pieces(ThreadIndex T,
                                              std::uint64_t N) const noexcept {
    const std::uint64_t Thread = T.linear(), Run = Thread / block,
                        First = Run * elements + Thread % block,
                        End =
                            (Run + 1) * elements < N ? (Run + 1) * elements : N;
    const std::uint64_t Count =
        First < End ? detail::ceilDiv(End - First, block) : 0;
    return {{First, Count}, Count != 0};
  }
  constexpr Span span(Position P) const noexcept {
    return {P.first, P.count, block};
  }
  template <class T>
  constexpr Group<T> item(T *Data, Position P) const noexcept {
    return {P.first, block, P.count, Data};
  }
  constexpr bool fits(std::uint64_t) const noexcept {
    return elements != 0 && block != 0;
  }
};

/// Thread t owns the chunk [t * size, (t + 1) * size) (the last one may be
/// shorter): each thread works on a contiguous std::span.
struct Chunked1D {
  friend constexpr bool operator==(const Chunked1D &,
                                   const Chunked1D &) = default;
  std::uint64_t size = 1;
  static constexpr unsigned dims = 1;
  struct Position {
    std::uint64_t first, length;
  };
  constexpr Extent extent(std::uint64_t N) const noexcept {
    return {detail::ceilDiv(N, size)};
  }
  constexpr detail::Optional<Position> pieces(ThreadIndex T,
                                              std::uint64_t N) const noexcept {
    std::uint64_t First = T.linear() * size;
    return {{First, First < N ? (N - First < size ? N - First : size) : 0},
            First < N};
  }
  constexpr Span span(Position P) const noexcept { return {P.first, P.length}; }
  constexpr Span part(std::int64_t First, std::int64_t Last,
                      std::uint64_t N) const noexcept {
    const auto Chunk = static_cast<std::int64_t>(size);
    return detail::clippedSpan(First * Chunk, Last * Chunk, N);
  }
  template <class T>
  constexpr Chunk<T> item(T *Data, Position P) const noexcept {
    return {P.first, std::span<T>(Data + P.first, P.length)};
  }
  constexpr bool fits(std::uint64_t) const noexcept { return size != 0; }
};

/// A fixed number of logical threads, each striding through the data:
/// thread t owns t, t + threads, t + 2 * threads, ... on a GPU, so that a
/// warp's loads coalesce. A CPU thread wants to stream through memory
/// instead: on the host device and without the plugin, thread t's share is
/// the t-th of `threads` contiguous runs, and the first thread of each
/// group of 64 consecutive threads takes its group's 64 runs (the others
/// own nothing), so that one vectorized loop covers them; a call on a
/// device set that mixes the two kinds runs on one of them
/// (Signature::ChoosesThreads). For reductions and other kernels that want
/// fewer, longer-lived threads.
struct GridStride1D {
  friend constexpr bool operator==(const GridStride1D &,
                                   const GridStride1D &) = default;
  std::uint64_t threads = 65536;
  static constexpr unsigned dims = 1;
  constexpr Extent extent(std::uint64_t Size) const noexcept {
    return {Size < threads ? Size : threads};
  }
  constexpr detail::StridedBelow pieces(ThreadIndex T,
                                        std::uint64_t Size) const noexcept {
    std::uint64_t Stride = extent(Size).x, First = T.linear();
#if defined(__NVPTX__) || defined(__AMDGPU__)
    return {First, First < Stride ? Size : 0, Stride};
#else
    // A thread past the last run, or past the data when the runs' rounding
    // leaves the last ones nothing, gets an empty range (First >= bound).
    // The divisor is known to be nonzero, so that the division leaves the
    // loop over a chunk's threads.
    constexpr std::uint64_t Group = detail::HostRunGroup;
    const std::uint64_t Run = (Size + Stride - 1) / (Stride > 1 ? Stride : 1);
    First = First < Stride && First % Group == 0 ? First * Run : Size;
    const std::uint64_t Last = First + Group * Run;
    return {First, Last < Size ? Last : Size, 1};
#endif
  }
  constexpr Span span(std::uint64_t I) const noexcept { return {I, 1}; }
  template <class T>
  constexpr Item<T> item(T *Data, std::uint64_t I) const noexcept {
    return {I, Data[I]};
  }
};

/// A sub-rectangle [row_begin, row_end) x [col_begin, col_end).
struct Box2D {
  friend constexpr bool operator==(const Box2D &, const Box2D &) = default;
  std::uint64_t row_begin, row_end, col_begin, col_end;
};

/// A row-major rows x cols matrix, one element per logical thread, launched
/// as a 2-D grid (x along the columns). Optionally only the elements of a
/// box, such as the interior of a stencil.
struct Grid2D {
  friend constexpr bool operator==(const Grid2D &, const Grid2D &) = default;
  std::uint64_t rows = 0, cols = 0;
  Box2D box{0, 0, 0, 0};
  static constexpr unsigned dims = 2;

  constexpr Grid2D() = default;
  constexpr Grid2D(std::uint64_t Rows, std::uint64_t Cols) noexcept
      : rows(Rows), cols(Cols), box{0, Rows, 0, Cols} {}
  constexpr Grid2D(std::uint64_t Rows, std::uint64_t Cols, Box2D B) noexcept
      : rows(Rows), cols(Cols), box(B) {}

  constexpr Extent extent(std::uint64_t) const noexcept {
    return {box.col_end - box.col_begin, box.row_end - box.row_begin};
  }
  struct Position {
    std::uint64_t row, col;
  };
  constexpr detail::Optional<Position>
  pieces(ThreadIndex T, std::uint64_t Size) const noexcept {
    Position P{box.row_begin + T.y, box.col_begin + T.x};
#if defined(__NVPTX__) || defined(__AMDGPU__)
    return {P, P.row < box.row_end && P.col < box.col_end && Size != 0};
#else
    // Against the box's width and height, the same under fits(): a host
    // loop over x up to the width then implies the check (ThreadBounds).
    return {P, T.x < box.col_end - box.col_begin &&
                   T.y < box.row_end - box.row_begin && Size != 0};
#endif
  }
  constexpr Span span(Position P) const noexcept {
    return {P.row * cols + P.col, 1};
  }
  constexpr Span part(std::int64_t First, std::int64_t Last,
                      std::uint64_t Size) const noexcept {
    const auto Row = static_cast<std::int64_t>(box.row_begin),
               Cols = static_cast<std::int64_t>(cols);
    return detail::clippedSpan((Row + First) * Cols, (Row + Last) * Cols, Size);
  }
  template <class T>
  constexpr Item2D<T> item(T *Data, Position P) const noexcept {
    return {P.row, P.col, Data[P.row * cols + P.col]};
  }
  /// Whether element I of the matrix is in the box (what the strategy
  /// covers).
  constexpr bool covers(std::uint64_t I) const noexcept {
    std::uint64_t R = I / cols, C = I % cols;
    return R >= box.row_begin && R < box.row_end && C >= box.col_begin &&
           C < box.col_end;
  }
  constexpr bool fits(std::uint64_t Size) const noexcept {
    return rows * cols == Size && box.row_begin <= box.row_end &&
           box.row_end <= rows && box.col_begin <= box.col_end &&
           box.col_end <= cols;
  }
};

/// A row-major rows x cols matrix, one row per logical thread.
struct Rows2D {
  friend constexpr bool operator==(const Rows2D &, const Rows2D &) = default;
  std::uint64_t rows = 0, cols = 0;
  static constexpr unsigned dims = 1;
  constexpr Extent extent(std::uint64_t) const noexcept { return {rows}; }
  constexpr detail::Strided pieces(ThreadIndex T,
                                   std::uint64_t Size) const noexcept {
    std::uint64_t R = T.linear();
    return {R, R < rows && Size != 0, 1};
  }
  constexpr Span span(std::uint64_t R) const noexcept {
    return {R * cols, cols};
  }
  constexpr Span part(std::int64_t First, std::int64_t Last,
                      std::uint64_t Size) const noexcept {
    const auto Cols = static_cast<std::int64_t>(cols);
    return detail::clippedSpan(First * Cols, Last * Cols, Size);
  }
  template <class T>
  constexpr Row<T> item(T *Data, std::uint64_t R) const noexcept {
    return {R, std::span<T>(Data + R * cols, cols)};
  }
  constexpr bool fits(std::uint64_t Size) const noexcept {
    return rows * cols == Size;
  }
};

/// A row-major rows x cols matrix, one column per logical thread: thread c
/// owns the elements (r, c), walked from row 0 down, for recurrences along
/// columns. The walk has a known length (rows), so the compiler can unroll
/// it; GridStride1D{cols} gives the same elements through a loop whose
/// length it cannot know.
struct Columns2D {
  friend constexpr bool operator==(const Columns2D &,
                                   const Columns2D &) = default;
  std::uint64_t rows = 0, cols = 0;
  static constexpr unsigned dims = 1;
  struct Position {
    std::uint64_t row, col;
  };
  /// Rows 0, 1, ..., Count - 1 of column Col: a borrowed input range whose
  /// end is std::default_sentinel.
  struct Walk {
    std::uint64_t Col, Count;
    struct iterator {
      using value_type = Position;
      using difference_type = std::ptrdiff_t;
      using iterator_concept = std::input_iterator_tag;
      std::uint64_t Row, Col, Left;
      constexpr Position operator*() const noexcept { return {Row, Col}; }
      constexpr iterator &operator++() noexcept {
        ++Row, --Left;
        return *this;
      }
      constexpr void operator++(int) noexcept { ++*this; }
      constexpr bool operator==(std::default_sentinel_t) const noexcept {
        return Left == 0;
      }
    };
    constexpr iterator begin() const noexcept { return {0, Col, Count}; }
    constexpr std::default_sentinel_t end() const noexcept { return {}; }
  };
  constexpr Extent extent(std::uint64_t) const noexcept { return {cols}; }
  constexpr Walk pieces(ThreadIndex T, std::uint64_t Size) const noexcept {
    std::uint64_t C = T.linear();
    return {C, C < cols && Size != 0 ? rows : 0};
  }
  constexpr Span span(Position P) const noexcept {
    return {P.row * cols + P.col, 1};
  }
  template <class T>
  constexpr Item2D<T> item(T *Data, Position P) const noexcept {
    return {P.row, P.col, Data[P.row * cols + P.col]};
  }
  constexpr bool fits(std::uint64_t Size) const noexcept {
    return rows * cols == Size;
  }
};

/// A sub-box [i_begin, i_end) x [j_begin, j_end) x [k_begin, k_end).
struct Box3D {
  friend constexpr bool operator==(const Box3D &, const Box3D &) = default;
  std::uint64_t i_begin, i_end, j_begin, j_end, k_begin, k_end;
};

/// A 3-D array of ni x nj x nk elements stored with i fastest (element
/// i + ni * (j + nj * k)), one element per logical thread, launched as a
/// 3-D grid. Optionally only the elements of a box.
struct Grid3D {
  friend constexpr bool operator==(const Grid3D &, const Grid3D &) = default;
  std::uint64_t ni = 0, nj = 0, nk = 0;
  Box3D box{0, 0, 0, 0, 0, 0};
  static constexpr unsigned dims = 3;

  constexpr Grid3D() = default;
  constexpr Grid3D(std::uint64_t I, std::uint64_t J, std::uint64_t K) noexcept
      : ni(I), nj(J), nk(K), box{0, I, 0, J, 0, K} {}
  constexpr Grid3D(std::uint64_t I, std::uint64_t J, std::uint64_t K,
                   Box3D B) noexcept
      : ni(I), nj(J), nk(K), box(B) {}

  constexpr Extent extent(std::uint64_t) const noexcept {
    return {box.i_end - box.i_begin, box.j_end - box.j_begin,
            box.k_end - box.k_begin};
  }
  struct Position {
    std::uint64_t i, j, k;
  };
  constexpr detail::Optional<Position>
  pieces(ThreadIndex T, std::uint64_t Size) const noexcept {
    Position P{box.i_begin + T.x, box.j_begin + T.y, box.k_begin + T.z};
#if defined(__NVPTX__) || defined(__AMDGPU__)
    return {P, P.i < box.i_end && P.j < box.j_end && P.k < box.k_end &&
                   Size != 0};
#else
    // As Grid2D's host check: against the box's extent.
    return {P, T.x < box.i_end - box.i_begin && T.y < box.j_end - box.j_begin &&
                   T.z < box.k_end - box.k_begin && Size != 0};
#endif
  }
  constexpr Span span(Position P) const noexcept {
    return {P.i + ni * (P.j + nj * P.k), 1};
  }
  constexpr Span part(std::int64_t First, std::int64_t Last,
                      std::uint64_t Size) const noexcept {
    const auto K = static_cast<std::int64_t>(box.k_begin),
               Plane = static_cast<std::int64_t>(ni * nj);
    return detail::clippedSpan((K + First) * Plane, (K + Last) * Plane, Size);
  }
  template <class T>
  constexpr Item3D<T> item(T *Data, Position P) const noexcept {
    return {P.i, P.j, P.k, Data[P.i + ni * (P.j + nj * P.k)]};
  }
  constexpr bool covers(std::uint64_t E) const noexcept {
    std::uint64_t I = E % ni, J = E / ni % nj, K = E / ni / nj;
    return I >= box.i_begin && I < box.i_end && J >= box.j_begin &&
           J < box.j_end && K >= box.k_begin && K < box.k_end;
  }
  constexpr bool fits(std::uint64_t Size) const noexcept {
    return ni * nj * nk == Size && box.i_begin <= box.i_end &&
           box.i_end <= ni && box.j_begin <= box.j_end && box.j_end <= nj &&
           box.k_begin <= box.k_end && box.k_end <= nk;
  }
};

namespace detail {
/// An Indexed list entry that is not above the one before it or is past the
/// data: a GPU traps (the launch fails with an error); the host reports it
/// and aborts.
[[noreturn]] inline void indexListBroken(std::uint64_t Entry,
                                         std::int64_t Value,
                                         std::uint64_t Size) {
  kernelError("offload::Indexed: an index list entry is not above the one "
              "before it, or is past the data",
              "offload::Indexed: entry %llu of the index list (%lld) is not "
              "above the entry before it, or is not an index of the data "
              "(size %llu); the list must be strictly increasing",
              static_cast<unsigned long long>(Entry),
              static_cast<long long>(Value),
              static_cast<unsigned long long>(Size));
}
} // namespace detail

/// Thread t owns element indices[t]: the elements an index list names, such
/// as a mesh's list of real zones. The list must be strictly increasing,
/// which makes the elements distinct; each thread checks its own entry
/// against the one before it and against the data's size (a GPU traps, the
/// host aborts with a message), so a bad list stops the kernel instead of
/// racing. The list is read-only kernel data: offload() copies it to the
/// device with the call, or finds it there when it is a preload() handle.
template <std::integral I = std::int64_t> struct Indexed {
  std::span<const I> indices;
  static constexpr unsigned dims = 1;

  constexpr Indexed() = default;
  constexpr Indexed(std::span<const I> Indices) noexcept : indices(Indices) {}
  /// Any contiguous data of I: std::vector, std::array, a preload() handle.
  template <class R>
  requires std::ranges::contiguous_range<const R> &&
      std::ranges::sized_range<const R> &&
      std::same_as<std::ranges::range_value_t<const R>, I>
  constexpr Indexed(const R &Indices) noexcept
      : indices(std::ranges::data(Indices), std::ranges::size(Indices)) {}

  constexpr Extent extent(std::uint64_t) const noexcept {
    return {indices.size()};
  }
  constexpr detail::Optional<std::uint64_t>
  pieces(ThreadIndex T, std::uint64_t Size) const noexcept {
    const std::uint64_t Entry = T.linear();
    if (Size == 0 || Entry >= indices.size())
      return {0, false};
    const I Index = indices[Entry];
    // Negative entries convert to values past any size.
    if (static_cast<std::uint64_t>(Index) >= Size ||
        (Entry != 0 && !(indices[Entry - 1] < Index))) [[unlikely]]
      detail::indexListBroken(Entry, static_cast<std::int64_t>(Index), Size);
    return {static_cast<std::uint64_t>(Index), true};
  }
  constexpr Span span(std::uint64_t E) const noexcept { return {E, 1}; }
  template <class T>
  constexpr Item<T> item(T *Data, std::uint64_t E) const noexcept {
    return {E, Data[E]};
  }
  /// Whether the list names element E (the list is sorted).
  constexpr bool covers(std::uint64_t E) const noexcept {
    std::uint64_t Low = 0, High = indices.size();
    while (Low < High) {
      std::uint64_t Mid = Low + (High - Low) / 2;
      if (static_cast<std::uint64_t>(indices[Mid]) < E)
        Low = Mid + 1;
      else
        High = Mid;
    }
    return Low < indices.size() &&
           static_cast<std::uint64_t>(indices[Low]) == E;
  }
};
template <class R>
Indexed(const R &) -> Indexed<std::ranges::range_value_t<const R>>;

namespace detail {
/// A Segments offset that is below the one before it or past the data.
[[noreturn]] inline void offsetsBroken(std::uint64_t Entry, std::int64_t Value,
                                       std::uint64_t Size) {
  kernelError("offload::Segments: an offset is below the one before it, or "
              "past the data",
              "offload::Segments: offset %llu (%lld) is below the offset "
              "before it, or past the data (size %llu); the offsets must not "
              "decrease",
              static_cast<unsigned long long>(Entry),
              static_cast<long long>(Value),
              static_cast<unsigned long long>(Size));
}
/// Segment S of a Segments or StridedSegments list: [First, End), checked
/// to be in order and within the data.
template <class I>
constexpr std::pair<std::uint64_t, std::uint64_t>
checkedSegment(std::span<const I> Offsets, std::uint64_t S,
               std::uint64_t Size) {
  // Negative offsets convert to values past any size.
  const std::uint64_t First = static_cast<std::uint64_t>(Offsets[S]),
                      End = static_cast<std::uint64_t>(Offsets[S + 1]);
  if (End > Size || First > End) [[unlikely]]
    offsetsBroken(First > End ? S + 1 : S,
                  First > End ? std::int64_t(Offsets[S + 1])
                              : std::int64_t(End),
                  Size);
  return {First, End};
}
} // namespace detail

/// Thread t owns the elements [offsets[t], offsets[t + 1]): the segments
/// that a list of offsets (one more than threads) marks, such as a CSR
/// matrix's rows, or the places a stream compaction gives the selected
/// elements (the exclusive scan of their 0/1 counts: offload/scan.hpp). The
/// offsets must not decrease, which makes the segments disjoint; each
/// thread checks its own two against each other and against the data's
/// size (a GPU traps, the host aborts with a message). The list is
/// read-only kernel data, mapped as Indexed's.
template <std::integral I = std::int64_t> struct Segments {
  std::span<const I> offsets;
  static constexpr unsigned dims = 1;
  struct Position {
    std::uint64_t first, length;
  };

  constexpr Segments() = default;
  constexpr Segments(std::span<const I> Offsets) noexcept : offsets(Offsets) {}
  /// Any contiguous data of I: std::vector, std::array, a preload() handle.
  template <class R>
  requires std::ranges::contiguous_range<const R> &&
      std::ranges::sized_range<const R> &&
      std::same_as<std::ranges::range_value_t<const R>, I>
  constexpr Segments(const R &Offsets) noexcept
      : offsets(std::ranges::data(Offsets), std::ranges::size(Offsets)) {}

  constexpr Extent extent(std::uint64_t) const noexcept {
    return {offsets.empty() ? 0 : offsets.size() - 1};
  }
  constexpr detail::Optional<Position> pieces(ThreadIndex T,
                                              std::uint64_t Size) const {
    const std::uint64_t Entry = T.linear();
    if (Entry + 1 >= offsets.size())
      return {{0, 0}, false};
    const auto [First, End] = detail::checkedSegment(offsets, Entry, Size);
    return {{First, End - First}, End != First};
  }
  constexpr Span span(Position P) const noexcept { return {P.first, P.length}; }
  template <class T>
  constexpr Chunk<T> item(T *Data, Position P) const noexcept {
    return {P.first, std::span<T>(Data + P.first, P.length)};
  }
  /// Whether a segment holds element E: E is below the last offset (the
  /// offsets are sorted).
  constexpr bool covers(std::uint64_t E) const noexcept {
    return !offsets.empty() && offsets.front() <= I(E) && I(E) < offsets.back();
  }
};
template <class R>
Segments(const R &) -> Segments<std::ranges::range_value_t<const R>>;

namespace detail {
/// A StridedSegments position: the segment, the place in it, the index in
/// the data.
struct SegmentPosition {
  std::uint64_t segment, offset, index;
};
/// First, First + Stride, ... of one segment below its Length: a borrowed
/// input range whose end is std::default_sentinel, compared with the bound
/// as a hand-written loop is (no division per thread).
struct SegmentWalk {
  SegmentPosition First;
  std::uint64_t Length, Stride;
  struct iterator {
    using value_type = SegmentPosition;
    using difference_type = std::ptrdiff_t;
    using iterator_concept = std::input_iterator_tag;
    SegmentPosition At;
    std::uint64_t Length, Stride;
    constexpr SegmentPosition operator*() const noexcept { return At; }
    constexpr iterator &operator++() noexcept {
      At.offset += Stride, At.index += Stride;
      return *this;
    }
    constexpr void operator++(int) noexcept { ++*this; }
    constexpr bool operator==(std::default_sentinel_t) const noexcept {
      return At.offset >= Length;
    }
  };
  constexpr iterator begin() const noexcept { return {First, Length, Stride}; }
  constexpr std::default_sentinel_t end() const noexcept { return {}; }
};
} // namespace detail

/// One element of a StridedSegments segment: the segment, the element's
/// place in it, its index in the data, and the element.
template <class T> struct SegmentItem {
  std::uint64_t segment, offset, index;
  T &value;
};

/// The segments of a non-decreasing offsets list, as Segments cuts the
/// data, each shared by `threads` logical threads: thread x of segment s
/// owns the elements offsets[s] + x, + threads, + 2 * threads, ... below
/// offsets[s + 1], so that a GPU's warps walk a segment together (a
/// hand-written kernel's blocks per segment: packing a buffer by parts,
/// filling a ragged array's rows). Launched 2-D: x the thread within its
/// segment, y the segment. The list is read-only kernel data, and each
/// thread checks its segment's two offsets, as with Segments.
template <std::integral I = std::int64_t> struct StridedSegments {
  std::span<const I> offsets;
  std::uint64_t threads = 256;
  static constexpr unsigned dims = 2;
  using Position = detail::SegmentPosition;
  using Walk = detail::SegmentWalk;

  constexpr StridedSegments() = default;
  constexpr StridedSegments(std::span<const I> Offsets,
                            std::uint64_t Threads = 256) noexcept
      : offsets(Offsets), threads(Threads) {}
  /// Any contiguous data of I: std::vector, std::array, a preload() handle.
  template <class R>
  requires std::ranges::contiguous_range<const R> &&
      std::ranges::sized_range<const R> &&
      std::same_as<std::ranges::range_value_t<const R>, I>
  constexpr StridedSegments(const R &Offsets,
                            std::uint64_t Threads = 256) noexcept
      : offsets(std::ranges::data(Offsets), std::ranges::size(Offsets)),
        threads(Threads) {}

  constexpr Extent extent(std::uint64_t) const noexcept {
    return {threads, offsets.empty() ? 0 : offsets.size() - 1};
  }
  constexpr Walk pieces(ThreadIndex T, std::uint64_t Size) const {
    const std::uint64_t Segment = T.y;
    if (Segment + 1 >= offsets.size() || T.x >= threads)
      return {{Segment, 0, 0}, 0, 1};
    const auto [First, End] = detail::checkedSegment(offsets, Segment, Size);
    return {{Segment, T.x, First + T.x}, End - First, threads};
  }
  constexpr Span span(Position P) const noexcept { return {P.index, 1}; }
  template <class T>
  constexpr SegmentItem<T> item(T *Data, Position P) const noexcept {
    return {P.segment, P.offset, P.index, Data[P.index]};
  }
  constexpr bool covers(std::uint64_t E) const noexcept {
    return Segments<I>(offsets).covers(E);
  }
  constexpr bool fits(std::uint64_t) const noexcept { return threads != 0; }
};
template <class R>
StridedSegments(const R &)
    -> StridedSegments<std::ranges::range_value_t<const R>>;
template <class R>
StridedSegments(const R &, std::uint64_t)
    -> StridedSegments<std::ranges::range_value_t<const R>>;

} // namespace offload

// Their iterators hold the positions themselves, not references into the
// range object.
template <>
inline constexpr bool
    std::ranges::enable_borrowed_range<offload::detail::Strided> = true;
template <>
inline constexpr bool
    std::ranges::enable_borrowed_range<offload::detail::StridedBelow> = true;
template <>
inline constexpr bool
    std::ranges::enable_borrowed_range<offload::Columns2D::Walk> = true;
template <class P>
inline constexpr bool
    std::ranges::enable_borrowed_range<offload::detail::Optional<P>> = true;
template <>
inline constexpr bool
    std::ranges::enable_borrowed_range<offload::detail::SegmentWalk> = true;

/// Promises that strategy S gives distinct threads disjoint pieces, which
/// makes it usable in Region and Range. Breaking the promise makes kernels
/// race; OFFLOAD_CHECK_DISJOINT=1 checks it at run time.
#define OFFLOAD_UNSAFE_DISJOINT_STRATEGY(S)                                    \
  template <> inline constexpr bool offload::unsafe_disjoint_strategy<S> = true

OFFLOAD_UNSAFE_DISJOINT_STRATEGY(offload::Linear1D);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(offload::Interval1D);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(offload::Chunked1D);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(offload::Coarsened1D);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(offload::Blocked1D);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(offload::GridStride1D);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(offload::Grid2D);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(offload::Rows2D);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(offload::Columns2D);
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(offload::Grid3D);
// Indexed, Segments and StridedSegments check their lists in the kernel
// (above).
template <class I>
inline constexpr bool offload::unsafe_disjoint_strategy<offload::Indexed<I>> =
    true;
template <class I>
inline constexpr bool offload::unsafe_disjoint_strategy<offload::Segments<I>> =
    true;
template <class I>
inline constexpr bool
    offload::unsafe_disjoint_strategy<offload::StridedSegments<I>> = true;
