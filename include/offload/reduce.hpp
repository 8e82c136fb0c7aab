//===- offload/reduce.hpp - Reductions without raw pointers ---------------===//
//
// A kernel parameter of type Reduce<Op> combines values from every logical
// thread into one host variable:
//
//   void dot(offload::Range<> R, std::span<const double> X,
//            std::span<const double> Y, offload::Reduce<offload::Sum<double>>
//            S) {
//     for (std::uint64_t I : R) S += X[I] * Y[I];
//   }
//   double Result = 0;
//   offload::offload(dot, N, X, Y, Result); // Result += sum of X[i] * Y[i]
//
// Each thread combines into a private partial; at the end of the kernel a
// block combines its threads' partials in a tree (warp shuffles, then one
// value per warp), one thread per block combines the block's result into
// the launch's total atomically, and the last block combines the variable's
// value before the call with the total and writes the result: one launch.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

namespace offload {

enum class ReduceKind { Sum, Min, Max, MinLoc, MaxLoc };

/// A value and where it was found, for MinLoc and MaxLoc.
template <class T> struct alignas(16) ValueLoc {
  T value;
  std::uint64_t index;
};

namespace detail {
template <class T> struct ArithmeticOp {
  static_assert(std::is_arithmetic_v<T> && (sizeof(T) == 4 || sizeof(T) == 8),
                "reductions take 32- or 64-bit arithmetic values");
  using value_type = T;
  static constexpr T lowest() {
    return std::numeric_limits<T>::has_infinity
               ? -std::numeric_limits<T>::infinity()
               : std::numeric_limits<T>::lowest();
  }
  static constexpr T highest() {
    return std::numeric_limits<T>::has_infinity
               ? std::numeric_limits<T>::infinity()
               : std::numeric_limits<T>::max();
  }
};

__extension__ using Bits128 = unsigned __int128;

template <class T> struct LocOp {
  static_assert(std::is_arithmetic_v<T> && (sizeof(T) == 4 || sizeof(T) == 8),
                "min/max with location takes 32- or 64-bit arithmetic values");
  using value_type = ValueLoc<T>;
  // The pair as 128 bits, value in the low word, padding zeroed.
  static Bits128 toBits(value_type V) {
    std::uint64_t Low = 0;
    __builtin_memcpy(&Low, &V.value, sizeof(T));
    return Bits128(Low) | (Bits128(V.index) << 64);
  }
  static value_type fromBits(Bits128 B) {
    value_type V{};
    std::uint64_t Low = std::uint64_t(B);
    __builtin_memcpy(&V.value, &Low, sizeof(T));
    V.index = std::uint64_t(B >> 64);
    return V;
  }
};
} // namespace detail

template <class T> struct Sum : detail::ArithmeticOp<T> {
  static constexpr ReduceKind kind = ReduceKind::Sum;
  static constexpr T identity() { return T(0); }
  static constexpr T combine(T A, T B) { return A + B; }
};

template <class T> struct Min : detail::ArithmeticOp<T> {
  static constexpr ReduceKind kind = ReduceKind::Min;
  static constexpr T identity() { return detail::ArithmeticOp<T>::highest(); }
  static constexpr T combine(T A, T B) { return B < A ? B : A; }
};

template <class T> struct Max : detail::ArithmeticOp<T> {
  static constexpr ReduceKind kind = ReduceKind::Max;
  static constexpr T identity() { return detail::ArithmeticOp<T>::lowest(); }
  static constexpr T combine(T A, T B) { return A < B ? B : A; }
};

/// The smallest value and its index; of equal values, the smallest index.
template <class T> struct MinLoc : detail::LocOp<T> {
  static constexpr ReduceKind kind = ReduceKind::MinLoc;
  static constexpr ValueLoc<T> identity() {
    return {detail::ArithmeticOp<T>::highest(), ~std::uint64_t(0)};
  }
  static constexpr ValueLoc<T> combine(ValueLoc<T> A, ValueLoc<T> B) {
#if defined(__NVPTX__) || defined(__AMDGPU__)
    return B.value < A.value || (B.value == A.value && B.index < A.index) ? B
                                                                          : A;
#else
    // On a CPU one test for the common case, a value above the minimum, and
    // the others behind it: clang turned the one condition above into a
    // chain that took 11 times as long over 1 Mi doubles (6.6 ms against
    // 0.6 ms); a test for less, then one for ties, took 510 us per 1 Mi
    // distinct doubles on one thread, this form 380 us (ties: 630, 520).
    if (B.value <= A.value)
      if (B.value < A.value || B.index < A.index)
        return B;
    return A;
#endif
  }
};

/// The largest value and its index; of equal values, the smallest index.
template <class T> struct MaxLoc : detail::LocOp<T> {
  static constexpr ReduceKind kind = ReduceKind::MaxLoc;
  static constexpr ValueLoc<T> identity() {
    return {detail::ArithmeticOp<T>::lowest(), ~std::uint64_t(0)};
  }
  static constexpr ValueLoc<T> combine(ValueLoc<T> A, ValueLoc<T> B) {
#if defined(__NVPTX__) || defined(__AMDGPU__)
    return A.value < B.value || (B.value == A.value && B.index < A.index) ? B
                                                                          : A;
#else
    if (A.value <= B.value) // as MinLoc's
      if (A.value < B.value || B.index < A.index)
        return B;
    return A;
#endif
  }
};

namespace detail {
struct ReduceAccess;
}

/// A reduction kernel parameter. On the host, made from the variable the
/// result is combined into; in a kernel, each operation combines into the
/// running thread's partial.
template <class Op> class Reduce {
public:
  using op_type = Op;
  using value_type = typename Op::value_type;

  Reduce(value_type &Result) : Result(&Result), Partial(nullptr) {}

  constexpr value_type *result() const noexcept { return Result; }

  /// Combines V into this thread's partial.
  constexpr void combine(value_type V) const noexcept {
    *Partial = Op::combine(*Partial, V);
  }
  constexpr const Reduce &operator+=(value_type V) const noexcept
      requires(Op::kind == ReduceKind::Sum) {
    combine(V);
    return *this;
  }
  constexpr void min(value_type V) const noexcept
      requires(Op::kind == ReduceKind::Min) {
    combine(V);
  }
  constexpr void max(value_type V) const noexcept
      requires(Op::kind == ReduceKind::Max) {
    combine(V);
  }
  template <class T>
  constexpr void min(T V, std::uint64_t Index) const noexcept
      requires(Op::kind == ReduceKind::MinLoc) {
    combine({V, Index});
  }
  template <class T>
  constexpr void max(T V, std::uint64_t Index) const noexcept
      requires(Op::kind == ReduceKind::MaxLoc) {
    combine({V, Index});
  }

private:
  friend struct detail::ReduceAccess;
  constexpr Reduce(value_type *Result, value_type *Partial) noexcept
      : Result(Result), Partial(Partial) {}
  value_type *Result;  // host: the variable; device: its device copy
  value_type *Partial; // in a kernel: the running thread's partial
};

template <class T> using ReduceSum = Reduce<Sum<T>>;
template <class T> using ReduceMin = Reduce<Min<T>>;
template <class T> using ReduceMax = Reduce<Max<T>>;
template <class T> using ReduceMinLoc = Reduce<MinLoc<T>>;
template <class T> using ReduceMaxLoc = Reduce<MaxLoc<T>>;

namespace detail {
struct ReduceAccess {
  template <class Op>
  static constexpr Reduce<Op> bind(typename Op::value_type *Result,
                                   typename Op::value_type *Partial) noexcept {
    return Reduce<Op>(Result, Partial);
  }
};
static_assert(sizeof(Reduce<Sum<double>>) == 16);
static_assert(sizeof(ValueLoc<double>) == 16 && sizeof(ValueLoc<float>) == 16);
} // namespace detail

} // namespace offload
