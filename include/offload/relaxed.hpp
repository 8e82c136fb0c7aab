//===- offload/relaxed.hpp - Floating point the compiler may regroup ------===//
//
// relaxed<T> is a float or double whose arithmetic the compiler may
// reassociate (regroup sums and products, e.g. into several partial sums)
// and contract (fuse a multiply and an add into one FMA). Nothing else is
// relaxed: NaN, infinities and signed zeros keep their meaning, unlike
// -ffast-math. It is an opt-in per value, so per kernel, never per program:
//
//   void fir(std::span<const double> In, std::array<double, 16> Coef,
//            offload::Region<double> Out) {
//     for (auto [I, V] : Out) {
//       offload::relaxed<double> Sum = 0.0;
//       for (int J = 0; J < 16; ++J)
//         Sum += offload::relaxed(Coef[J]) * In[I + J];
//       V = Sum.value();
//     }
//   }
//
// Results may differ from the strict order in the last bits, and differ
// between targets and compilers; g++ builds keep the strict order.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <compare>
#include <type_traits>

// Each operation carries the flags itself, so they survive inlining into
// code that is otherwise strict.
#if defined(__clang__)
#define OFFLOAD_RELAXED_FP                                                     \
  _Pragma("clang fp reassociate(on) contract(fast)")
#else
#define OFFLOAD_RELAXED_FP
#endif

namespace offload {

template <class T> class relaxed {
  static_assert(std::is_floating_point_v<T>,
                "offload::relaxed holds a float or a double");

public:
  using value_type = T;

  constexpr relaxed() noexcept = default;
  constexpr relaxed(T V) noexcept : Value(V) {}
  constexpr T value() const noexcept { return Value; }
  // Explicit, so that relaxed * double is relaxed, not double.
  constexpr explicit operator T() const noexcept { return Value; }

  friend constexpr relaxed operator+(relaxed A, relaxed B) noexcept {
    OFFLOAD_RELAXED_FP
    return A.Value + B.Value;
  }
  friend constexpr relaxed operator-(relaxed A, relaxed B) noexcept {
    OFFLOAD_RELAXED_FP
    return A.Value - B.Value;
  }
  friend constexpr relaxed operator*(relaxed A, relaxed B) noexcept {
    OFFLOAD_RELAXED_FP
    return A.Value * B.Value;
  }
  friend constexpr relaxed operator/(relaxed A, relaxed B) noexcept {
    OFFLOAD_RELAXED_FP
    return A.Value / B.Value;
  }
  friend constexpr relaxed operator-(relaxed A) noexcept { return -A.Value; }
  constexpr relaxed &operator+=(relaxed B) noexcept {
    return *this = *this + B;
  }
  constexpr relaxed &operator-=(relaxed B) noexcept {
    return *this = *this - B;
  }
  constexpr relaxed &operator*=(relaxed B) noexcept {
    return *this = *this * B;
  }
  constexpr relaxed &operator/=(relaxed B) noexcept {
    return *this = *this / B;
  }
  friend constexpr bool operator==(relaxed A, relaxed B) noexcept {
    return A.Value == B.Value;
  }
  friend constexpr std::partial_ordering operator<=>(relaxed A,
                                                     relaxed B) noexcept {
    return A.Value <=> B.Value;
  }

private:
  T Value = T();
};

relaxed(float) -> relaxed<float>;
relaxed(double) -> relaxed<double>;

// A plain value in device memory and in kernel parameters.
static_assert(sizeof(relaxed<double>) == sizeof(double) &&
              alignof(relaxed<double>) == alignof(double) &&
              std::is_trivially_copyable_v<relaxed<double>>);
static_assert(sizeof(relaxed<float>) == sizeof(float) &&
              std::is_trivially_copyable_v<relaxed<float>>);

} // namespace offload
