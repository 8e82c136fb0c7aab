//===- offload/atomic.hpp - Atomic updates of shared data -----------------===//
//
// Atomic<T> is mutable kernel data that any thread may update at any index,
// but only atomically: for scatter and histogram kernels, where no strategy
// can say in advance which thread writes which element.
//
//   void histogram(offload::Range<> R, std::span<const int> Bins,
//                  offload::Atomic<int> Counts) {
//     for (std::uint64_t I : R) Counts.add(Bins[I], 1);
//   }
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/detail/fail.hpp>

#include <offload/detail/atomics.hpp>
#include <offload/region.hpp>

#if defined(__NVPTX__) || defined(__AMDGPU__)
#include <offload/detail/gpu.hpp>
#endif

#include <array>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

namespace offload {

namespace detail {
struct AtomicAccess;

/// Host only: the adds to one place that a chunk of a launch's threads has
/// not made yet (Atomic::add). A run of adds to the same place, as in a
/// histogram of sorted bins or a sum into one counter, becomes one atomic
/// instead of one per add, each of which every other thread's would
/// contend with.
template <class T> struct PendingAdd {
  T *Place = nullptr;
  T Sum{};
  void flush() {
    if (Place)
      (void)atomicFetchAdd(Place, Sum);
    Place = nullptr;
  }
};
} // namespace detail

template <class T> class Atomic {
  static_assert(std::is_arithmetic_v<T> && (sizeof(T) == 4 || sizeof(T) == 8),
                "offload::Atomic holds 32- or 64-bit arithmetic values");

public:
  using value_type = T;

  /// Any contiguous mutable data, a std::span and a preload_mut handle
  /// included.
  template <class R>
  requires detail::ContiguousOf<R, T> Atomic(R &&Data)
      : Data(std::data(Data)), Size(std::size(Data)) {}

  constexpr T *data() const noexcept { return Data; }
  constexpr std::uint64_t size() const noexcept { return Size; }

  // Checked operations: an index past the end stops the kernel.
  T fetch_add(std::uint64_t I, T V) const {
    return unchecked_fetch_add(at(I), V);
  }
  /// Like fetch_add without the old value, which lets a GPU combine the
  /// adds of a warp to one address into one atomic, and the host device a
  /// thread's consecutive adds to one place (made before the thread's next
  /// other operation on this Atomic, and at the end of its chunk of the
  /// launch: the order of a launch's atomic adds is not defined anyway).
  void add(std::uint64_t I, T V) const {
#if defined(__NVPTX__) || defined(__AMDGPU__)
    detail::gpu::aggregatedAdd(&Data[at(I)], V);
#else
    T *Target = &Data[at(I)];
    if (!Pending) {
      (void)detail::atomicFetchAdd(Target, V);
    } else if (Pending->Place == Target) {
      Pending->Sum += V;
    } else {
      Pending->flush();
      Pending->Place = Target;
      Pending->Sum = V;
    }
#endif
  }
  void sub(std::uint64_t I, T V) const { (void)fetch_add(I, T(0) - V); }
  T fetch_min(std::uint64_t I, T V) const {
    return unchecked_fetch_min(at(I), V);
  }
  T fetch_max(std::uint64_t I, T V) const {
    return unchecked_fetch_max(at(I), V);
  }
  void min(std::uint64_t I, T V) const { (void)fetch_min(I, V); }
  void max(std::uint64_t I, T V) const { (void)fetch_max(I, V); }
  T exchange(std::uint64_t I, T V) const {
    return unchecked_exchange(at(I), V);
  }
  bool compare_exchange(std::uint64_t I, T &Expected, T Desired) const {
    settle();
    return detail::atomicCompareExchange(&Data[at(I)], Expected, Desired);
  }
  T load(std::uint64_t I) const {
    settle();
    return detail::atomicLoad(&Data[at(I)]);
  }

  // UNCHECKED: the same without the bounds check; an index past the end is
  // undefined behaviour.
  T unchecked_fetch_add(std::uint64_t I, T V) const {
    settle();
    return detail::atomicFetchAdd(&Data[I], V);
  }
  T unchecked_fetch_min(std::uint64_t I, T V) const {
    settle();
    return detail::atomicFetchMin(&Data[I], V);
  }
  T unchecked_fetch_max(std::uint64_t I, T V) const {
    settle();
    return detail::atomicFetchMax(&Data[I], V);
  }
  T unchecked_exchange(std::uint64_t I, T V) const {
    settle();
    return detail::atomicExchange(&Data[I], V);
  }

private:
  friend struct detail::AtomicAccess;
  constexpr Atomic(T *Data, std::uint64_t Size,
                   [[maybe_unused]] detail::PendingAdd<T> *Pending) noexcept
      : Data(Data), Size(Size) {
#if !defined(__NVPTX__) && !defined(__AMDGPU__)
    this->Pending = Pending;
#endif
  }

  /// The thread's held-back adds go first: it sees its own operations in
  /// order.
  void settle() const {
#if !defined(__NVPTX__) && !defined(__AMDGPU__)
    if (Pending)
      Pending->flush();
#endif
  }

  std::uint64_t at(std::uint64_t I) const {
    if (I >= Size) [[unlikely]]
      detail::indexOutOfRange("offload::Atomic",
                              "offload::Atomic: an index is out of range", I,
                              Size);
    return I;
  }

  T *Data;
  std::uint64_t Size;
#if !defined(__NVPTX__) && !defined(__AMDGPU__)
  detail::PendingAdd<T> *Pending = nullptr;
#endif
};

template <class T, class A> Atomic(std::vector<T, A> &) -> Atomic<T>;

namespace detail {
struct AtomicAccess {
  template <class T>
  static constexpr Atomic<T> bind(T *Data, std::uint64_t Size,
                                  PendingAdd<T> *Pending = nullptr) noexcept {
    return Atomic<T>(Data, Size, Pending);
  }
};
static_assert(std::is_trivially_copyable_v<Atomic<int>>);
#if defined(__NVPTX__) || defined(__AMDGPU__)
static_assert(sizeof(Atomic<double>) == 16);
#else
static_assert(sizeof(Atomic<double>) == 24); // and the held-back adds
#endif
} // namespace detail

} // namespace offload
