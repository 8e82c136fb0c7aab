//===- offload/region.hpp - Mutable kernel data split among threads -------===//
//
// Region<T, Strategy> is the only way a kernel writes shared data. The
// strategy hands every logical thread a piece of the data that no other
// thread gets, so kernels need no raw pointers and have no write races.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <type_traits>
#include <vector>

namespace offload {

namespace detail {
struct RegionAccess;
inline constexpr std::uint64_t UnboundThread = ~std::uint64_t(0);
} // namespace detail

/// One piece a strategy gave to the running thread: its index in the data
/// and a mutable reference that this thread alone holds.
template <class T> struct Item {
  std::uint64_t index;
  T &value;
};

/// The indices a strategy gives one thread: First + K * Stride for
/// K < Count.
struct Pieces {
  std::uint64_t First;
  std::uint64_t Count;
  std::uint64_t Stride;
};

/// Each logical thread gets exactly one element: thread i owns element i.
/// The launch has as many logical threads as the Region has elements.
struct Linear1D {
  static constexpr std::uint64_t threads(std::uint64_t Size) noexcept {
    return Size;
  }
  static constexpr Pieces pieces(std::uint64_t Thread,
                                 std::uint64_t Size) noexcept {
    return {Thread, Thread < Size, 1};
  }
};

/// Mutable kernel data partitioned by Strategy. On the host it describes a
/// contiguous range (a std::vector, std::array, C array or std::span). Inside
/// a kernel it is bound to the running logical thread and iterating it yields
/// only that thread's pieces:
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

public:
  using value_type = T;
  using strategy_type = Strategy;

  constexpr Region(std::span<T> Data, Strategy S = {}) noexcept
      : Data(Data.data()), Size(Data.size()), Thread(detail::UnboundThread),
        Strat(S) {}
  constexpr Region(std::vector<T> &V, Strategy S = {}) noexcept
      : Region(std::span<T>(V), S) {}
  template <std::size_t N>
  constexpr Region(std::array<T, N> &A, Strategy S = {}) noexcept
      : Region(std::span<T>(A), S) {}
  template <std::size_t N>
  constexpr Region(T (&A)[N], Strategy S = {}) noexcept
      : Region(std::span<T>(A), S) {}

  /// The whole data range (host side) and the strategy.
  constexpr T *data() const noexcept { return Data; }
  constexpr std::uint64_t size() const noexcept { return Size; }
  constexpr const Strategy &strategy() const noexcept { return Strat; }
  /// The number of logical threads this Region needs.
  constexpr std::uint64_t threads() const noexcept {
    return Strat.threads(Size);
  }

  class iterator {
  public:
    constexpr Item<T> operator*() const noexcept { return {Index, Base[Index]}; }
    constexpr iterator &operator++() noexcept {
      Index += Stride;
      --Left;
      return *this;
    }
    constexpr bool operator!=(std::default_sentinel_t) const noexcept {
      return Left != 0;
    }

  private:
    friend class Region;
    constexpr iterator(T *Base, Pieces P)
        : Base(Base), Index(P.First), Left(P.Count), Stride(P.Stride) {}
    T *Base;
    std::uint64_t Index, Left, Stride;
  };

  /// The pieces of the running thread. Empty outside a kernel, so host code
  /// cannot reach into a Region by iterating it.
  constexpr iterator begin() const noexcept {
    return {Data, Thread == detail::UnboundThread ? Pieces{0, 0, 1}
                                                  : Strat.pieces(Thread, Size)};
  }
  constexpr std::default_sentinel_t end() const noexcept { return {}; }

  /// UNCHECKED: element I of the whole Region, whichever thread owns it. The
  /// strategy's disjointness guarantee does not cover this access: if two
  /// threads write the same element through it, that is a data race. Meant
  /// for stencils that read neighbours the running thread does not own.
  constexpr T &unchecked(std::uint64_t I) const noexcept { return Data[I]; }

private:
  friend struct detail::RegionAccess;
  constexpr Region(T *Data, std::uint64_t Size, std::uint64_t Thread,
                   Strategy S) noexcept
      : Data(Data), Size(Size), Thread(Thread), Strat(S) {}

  T *Data;
  std::uint64_t Size;
  std::uint64_t Thread; // the logical thread bound by the kernel entry
  [[no_unique_address]] Strategy Strat;
};

template <class T> Region(std::vector<T> &) -> Region<T>;
template <class T, std::size_t N> Region(std::array<T, N> &) -> Region<T>;

namespace detail {
/// Binds a Region to a logical thread; used by kernel entries only.
struct RegionAccess {
  template <class T, class S>
  static constexpr Region<T, S> bind(T *Data, std::uint64_t Size,
                                     std::uint64_t Thread, S Strat) noexcept {
    return Region<T, S>(Data, Size, Thread, Strat);
  }
  template <class T, class S>
  static constexpr Region<T, S> bind(Region<T, S> R,
                                     std::uint64_t Thread) noexcept {
    R.Thread = Thread;
    return R;
  }
};

// Device views are copied into kernel argument slots bit by bit: pin the
// layout so host and device agree on it.
static_assert(std::is_trivially_copyable_v<Region<float>>);
static_assert(sizeof(Region<float>) == 24 && alignof(Region<double>) == 8);
} // namespace detail

} // namespace offload
