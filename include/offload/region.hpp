//===- offload/region.hpp - Mutable kernel data split among threads -------===//
//
// Region<T, Strategy> is the only way a kernel writes shared data. The
// strategy hands every logical thread pieces of the data that no other
// thread gets, so kernels need no raw pointers and have no write races.
// Range<Strategy> is the same partition of an index space without data.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/detail/fail.hpp>
#include <offload/detail/std.hpp>
#include <offload/strategy.hpp>

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace offload {

template <class T, class Strategy> class Region;
template <class T> class Atomic;

namespace detail {
struct RegionAccess;

/// The library's own views have data() and size() too, but a view is not
/// made of another view's data (copying one keeps its binding).
template <class R> inline constexpr bool IsDataView = false;
template <class T, class S>
inline constexpr bool IsDataView<Region<T, S>> = true;
template <class T> inline constexpr bool IsDataView<Atomic<T>> = true;

template <class T> struct IsSpan : std::false_type {};
template <class T, std::size_t E>
struct IsSpan<std::span<T, E>> : std::true_type {};

/// What a view may refer to: a span, or data that outlives the expression
/// (an lvalue), and not another view.
template <class R>
concept Referable =
    !IsDataView<std::remove_cvref_t<R>> &&
    (std::is_lvalue_reference_v<R> || IsSpan<std::remove_cvref_t<R>>::value);

/// R is contiguous data whose elements are exactly T (so const data does
/// not become a mutable view) that a view may refer to: a span, a
/// container, an array, a preload handle. Checked with std::data() and
/// std::size() rather than std::ranges::contiguous_range, and Region and
/// Atomic have no constructor from std::span beside it: std::span's range
/// constructor, tried for each element type, took half the front end of a
/// translation unit with many calls.
template <class R, class T>
concept ContiguousOf = Referable<R> && requires(R &Data) {
  { std::data(Data) } -> std::same_as<T *>;
  { std::size(Data) } -> std::convertible_to<std::size_t>;
};

/// Says which part of the protocol (offload/strategy.hpp) S misses: one
/// error per problem, and none for what follows from an earlier one.
template <class S> constexpr void checkStrategy() {
  static_assert(std::is_trivially_copyable_v<S>,
                "a partitioning strategy must be trivially copyable");
  static_assert(
      unsafe_disjoint_strategy<S>,
      "this partitioning strategy has not promised that distinct "
      "threads get disjoint pieces; after making sure it does, add "
      "OFFLOAD_UNSAFE_DISJOINT_STRATEGY(Strategy) at namespace scope");
  if constexpr (!HasPieces<S>) {
    static_assert(HasPieces<S>,
                  "a partitioning strategy needs a const member "
                  "pieces(offload::ThreadIndex, std::uint64_t size) that "
                  "returns the positions the thread owns");
  } else if constexpr (!InputRange<PiecesOf<S>> && !ForLoopRange<PiecesOf<S>>) {
    static_assert(ForLoopRange<PiecesOf<S>>,
                  "a partitioning strategy's pieces() must return a range of "
                  "positions: a std::ranges::input_range, such as "
                  "std::views::iota(first, last) or a std::span, or a type "
                  "with begin() and end() whose iterator supports *, ++ and "
                  "!= against end()");
  } else if constexpr (!PositionRange<PiecesOf<S>>) {
    static_assert(PositionRange<PiecesOf<S>>,
                  "a partitioning strategy's pieces() must return a "
                  "std::ranges::borrowed_range, whose iterators stay valid "
                  "after the range object is gone: a view such as "
                  "std::views::iota(first, last), a std::span or a "
                  "std::ranges::subrange, not a container returned by value "
                  "such as a std::array");
  } else if constexpr (std::is_trivially_copyable_v<S> &&
                       unsafe_disjoint_strategy<S>) {
    // What is left: dims, extent() and span().
    static_assert(PartitionStrategy<S>,
                  "this type does not implement the partitioning strategy "
                  "protocol (see offload/strategy.hpp): it needs static "
                  "constexpr unsigned dims (1, 2 or 3), Extent "
                  "extent(std::uint64_t size) const and Span span(Position) "
                  "const for the positions pieces() gives");
  }
}

/// Host side: a Region or Range whose strategy does not fit its data.
[[noreturn]] inline void strategyMismatch(std::uint64_t Size) {
  hostError("a partitioning strategy does not fit data of %llu elements (its "
            "shape or box is wrong)",
            static_cast<unsigned long long>(Size));
}

template <class S>
constexpr void checkFits(const S &Strategy, std::uint64_t Size) {
  if constexpr (requires { Strategy.fits(Size); })
    if (!Strategy.fits(Size))
      strategyMismatch(Size);
}

/// The thread a Region or Range is bound to; width 0 means none (host side,
/// outside a kernel), which owns no pieces.
inline constexpr ThreadIndex Unbound{0, 0, 0, 0, 0};

/// What a Range yields: the positions themselves.
struct Positionally {};
template <class Project, class Position> struct Projected {
  using type = std::invoke_result_t<const Project &, Position>;
};
template <class Position> struct Projected<Positionally, Position> {
  using type = Position;
};

/// An input iterator over the running thread's positions that yields
/// Project(position) (a Region's items, a zip's tuples of them) or, for
/// Positionally, the positions; it compares equal to std::default_sentinel
/// at the end. Region, Range and Zip iterate with it.
template <class Positions, class Project> class PieceIterator {
  using position_iterator = PositionIterator<Positions>;
  using position_sentinel = PositionSentinel<Positions>;
  using Position = decltype(*std::declval<const position_iterator &>());

public:
  using value_type =
      std::remove_cvref_t<typename Projected<Project, Position>::type>;
  using difference_type = std::ptrdiff_t;
  using iterator_concept = std::input_iterator_tag;

  PieceIterator() = default;
  constexpr PieceIterator(Project Proj, position_iterator It,
                          position_sentinel End) noexcept
      : Proj(Proj), It(It), End(End) {}

  constexpr decltype(auto) operator*() const noexcept {
    if constexpr (std::is_same_v<Project, Positionally>)
      return *It;
    else
      return Proj(*It);
  }
  constexpr PieceIterator &operator++() noexcept {
    ++It;
    return *this;
  }
  constexpr void operator++(int) noexcept { ++It; }
  constexpr bool operator==(std::default_sentinel_t) const noexcept {
    return !(It != End); // what a hand-written range of positions has
  }

private:
  [[no_unique_address]] Project Proj;
  position_iterator It;
  [[no_unique_address]] position_sentinel End;
};

/// A Region's items: Strategy::item() of each position.
template <class T, class Strategy> struct ItemsOf {
  T *Base;
  [[no_unique_address]] Strategy Strat;
  template <class P>
  constexpr decltype(auto) operator()(P &&Position) const noexcept {
    return Strat.item(Base, static_cast<P &&>(Position));
  }
};
} // namespace detail

/// Mutable kernel data partitioned by Strategy. On the host it describes a
/// contiguous range (a std::vector, std::array, C array or std::span). Inside
/// a kernel it is bound to the running logical thread, and iterating it
/// yields only that thread's pieces:
///
///   void scale(float A, offload::Region<float> Y) {
///     for (auto [I, Yi] : Y) Yi *= A;
///   }
///
/// The data must stay alive and must not be resized during the offload.
template <class T, class Strategy = Linear1D> class Region {
  static_assert(std::is_trivially_copyable_v<T>,
                "offload::Region: the element type must be trivially copyable "
                "so that it can be copied to and from the device");
  static_assert(!std::is_const_v<T>,
                "offload::Region is mutable data; use std::span<const T> "
                "for read-only kernel data");
  static_assert((detail::checkStrategy<Strategy>(), true));

public:
  using value_type = T;
  using strategy_type = Strategy;

  /// Any contiguous mutable data: a std::span, std::vector, std::array, a
  /// C array, a preload_mut handle.
  template <class R>
  requires detail::ContiguousOf<R, T> Region(R &&Data, Strategy S = {})
      : Data(std::data(Data)), Size(std::size(Data)), Thread(detail::Unbound),
        Strat(S) {
    detail::checkFits(Strat, Size);
  }

  /// The whole data range and the strategy.
  constexpr T *data() const noexcept { return Data; }
  constexpr std::uint64_t size() const noexcept { return Size; }
  constexpr const Strategy &strategy() const noexcept { return Strat; }
  /// The logical threads this Region needs.
  constexpr Extent extent() const noexcept { return Strat.extent(Size); }

  /// What the strategy's pieces() returns: a borrowed range of positions.
  using Positions = typename detail::PositionsFor<Strategy>::type;

  /// An input iterator over the running thread's pieces, giving
  /// Strategy::item() of each position.
  using iterator =
      detail::PieceIterator<Positions, detail::ItemsOf<T, Strategy>>;

  /// The pieces of the running thread; none outside a kernel, so host code
  /// cannot reach into a Region by iterating it.
  constexpr iterator begin() const noexcept {
    // Borrowed: the iterators outlive the range they come from.
    Positions P = Strat.pieces(Thread, Thread.width ? Size : 0);
    return {{Data, Strat}, P.begin(), P.end()};
  }
  constexpr std::default_sentinel_t end() const noexcept { return {}; }

  /// UNCHECKED: element I of the whole Region, whichever thread owns it,
  /// without a bounds check. The strategy's disjointness does not cover this
  /// access: if another thread writes element I during the kernel, that is a
  /// data race. For reading neighbours the running thread does not own.
  constexpr T &unchecked(std::uint64_t I) const noexcept { return Data[I]; }

private:
  friend struct detail::RegionAccess;
  constexpr Region(T *Data, std::uint64_t Size, ThreadIndex Thread,
                   Strategy S) noexcept
      : Data(Data), Size(Size), Thread(Thread), Strat(S) {}

  T *Data;
  std::uint64_t Size;
  ThreadIndex Thread;
  [[no_unique_address]] Strategy Strat;
};

template <class T, class A> Region(std::vector<T, A> &) -> Region<T>;
template <class T, std::size_t N> Region(std::array<T, N> &) -> Region<T>;
template <class T, std::size_t N> Region(std::span<T, N>) -> Region<T>;
template <class T, std::size_t N, class S>
Region(std::span<T, N>, S) -> Region<T, S>;
template <class T, class A, class S>
Region(std::vector<T, A> &, S) -> Region<T, S>;
template <class T, std::size_t N, class S>
Region(std::array<T, N> &, S) -> Region<T, S>;

/// An index space of `size` positions partitioned by Strategy, with no data:
/// for kernels that read views and reduce or update atomically.
///
///   void dot(offload::Range<> R, std::span<const double> X,
///            std::span<const double> Y, offload::Reduce<offload::Sum<double>>
///            S) {
///     for (std::uint64_t I : R) S += X[I] * Y[I];
///   }
///
/// Passing an integer to a Range parameter makes Range(size).
template <class Strategy = Linear1D> class Range {
  static_assert((detail::checkStrategy<Strategy>(), true));

public:
  using strategy_type = Strategy;

  Range(std::uint64_t Size, Strategy S = {})
      : Size(Size), Thread(detail::Unbound), Strat(S) {
    detail::checkFits(Strat, Size);
  }

  constexpr std::uint64_t size() const noexcept { return Size; }
  constexpr const Strategy &strategy() const noexcept { return Strat; }
  constexpr Extent extent() const noexcept { return Strat.extent(Size); }

  /// What the strategy's pieces() returns: a borrowed range of positions.
  using Positions = typename detail::PositionsFor<Strategy>::type;

  /// An input iterator over the running thread's positions (indices for
  /// 1-D strategies).
  using iterator = detail::PieceIterator<Positions, detail::Positionally>;

  /// The positions of the running thread; none outside a kernel.
  constexpr iterator begin() const noexcept {
    // Borrowed: the iterators outlive the range they come from.
    Positions P = Strat.pieces(Thread, Thread.width ? Size : 0);
    return {{}, P.begin(), P.end()};
  }
  constexpr std::default_sentinel_t end() const noexcept { return {}; }

private:
  friend struct detail::RegionAccess;
  constexpr Range(std::uint64_t Size, ThreadIndex Thread, Strategy S) noexcept
      : Size(Size), Thread(Thread), Strat(S) {}

  std::uint64_t Size;
  ThreadIndex Thread;
  [[no_unique_address]] Strategy Strat;
};

namespace detail {
/// Makes thread-bound Regions and Ranges; used by kernel entries only.
struct RegionAccess {
  template <class T, class S>
  static constexpr Region<T, S> bind(T *Data, std::uint64_t Size,
                                     ThreadIndex Thread, S Strat) noexcept {
    return Region<T, S>(Data, Size, Thread, Strat);
  }
  template <class S>
  static constexpr Range<S> bind(std::uint64_t Size, ThreadIndex Thread,
                                 S Strat) noexcept {
    return Range<S>(Size, Thread, Strat);
  }
  template <class T, class S>
  static constexpr Region<T, S> bind(Region<T, S> R,
                                     ThreadIndex Thread) noexcept {
    R.Thread = Thread;
    return R;
  }
  template <class S>
  static constexpr Range<S> bind(Range<S> R, ThreadIndex Thread) noexcept {
    R.Thread = Thread;
    return R;
  }
  template <class T, class S>
  static constexpr ThreadIndex thread(const Region<T, S> &R) noexcept {
    return R.Thread;
  }
};

template <class A, class... B>
constexpr const A &first(const A &First, const B &...) noexcept {
  return First;
}

/// Regions zipped together whose sizes or strategies differ: a thread's
/// pieces of the first would not be its pieces of the others.
[[noreturn]] inline void zipMismatch() {
  constexpr const char *What =
      "offload::zip: the Regions differ in size or strategy";
  kernelError(What, What);
}

// Device views are rebuilt from argument slots in each kernel entry: pin
// their layout so host and device agree on it.
static_assert(std::is_trivially_copyable_v<Region<float>>);
static_assert(std::is_trivially_copyable_v<Range<>>);
static_assert(sizeof(ThreadIndex) == 40);
static_assert(sizeof(Region<float>) == 56 && alignof(Region<double>) == 8);
static_assert(sizeof(Region<float, Grid2D>) == 104);
static_assert(sizeof(Range<>) == 48);
} // namespace detail

/// Several Regions with the same strategy and size, iterated together:
/// each step gives the running thread's item of every Region for one of its
/// pieces, as a std::tuple (Item, Item2D, Chunk, Group, ...):
///
///   void update(double alpha, std::span<const double> p,
///               std::span<const double> w, offload::Region<double> u,
///               offload::Region<double> r) {
///     for (auto [ui, ri] : offload::zip(u, r)) {
///       ui.value += alpha * p[ui.index];
///       ri.value -= alpha * w[ri.index];
///     }
///   }
///
/// The thread owns those pieces in every Region, so the writes stay
/// disjoint. Regions that differ in size or strategy (compared with the
/// strategy's ==) stop the kernel with an error.
template <class S, class... T> class Zip {
  static_assert(std::equality_comparable<S>,
                "offload::zip compares the Regions' strategies: give the "
                "strategy an operator== (friend bool operator==(const S &, "
                "const S &) = default;)");
  using Positions = typename detail::PositionsFor<S>::type;

  /// Each Region's item at a position, in a tuple.
  struct Items {
    std::tuple<T *...> Bases;
    [[no_unique_address]] S Strat;
    template <class P>
    constexpr auto operator()(const P &Position) const noexcept {
      return std::apply(
          [&](T *...Base) { return std::tuple{Strat.item(Base, Position)...}; },
          Bases);
    }
  };

public:
  constexpr Zip(Region<T, S>... Rs) noexcept
      : Bases{Rs.data()...}, Size(detail::first(Rs.size()...)),
        Thread(detail::RegionAccess::thread(detail::first(Rs...))),
        Strat(detail::first(Rs...).strategy()) {
    if constexpr (std::equality_comparable<S>) // else the error below
      if (!((Rs.size() == Size && Rs.strategy() == Strat) && ...))
        detail::zipMismatch();
  }

  using iterator = detail::PieceIterator<Positions, Items>;

  constexpr iterator begin() const noexcept {
    Positions P = Strat.pieces(Thread, Thread.width ? Size : 0);
    return {{Bases, Strat}, P.begin(), P.end()};
  }
  constexpr std::default_sentinel_t end() const noexcept { return {}; }

private:
  std::tuple<T *...> Bases;
  std::uint64_t Size;
  ThreadIndex Thread;
  [[no_unique_address]] S Strat;
};

/// Iterates Regions that share a strategy and a size together (see Zip).
template <class S, class T, class... Ts>
constexpr Zip<S, T, Ts...> zip(Region<T, S> R, Region<Ts, S>... Rs) noexcept {
  return Zip<S, T, Ts...>(R, Rs...);
}

} // namespace offload

// Iterating a Region or Range yields the running thread's pieces, while
// size() is the whole data's: they are input ranges, but not sized ones.
template <class T, class S>
inline constexpr bool std::ranges::disable_sized_range<offload::Region<T, S>> =
    true;
template <class S>
inline constexpr bool std::ranges::disable_sized_range<offload::Range<S>> =
    true;
