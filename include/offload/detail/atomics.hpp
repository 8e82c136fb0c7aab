//===- offload/detail/atomics.hpp - Relaxed device-scope atomics ----------===//
//
// The atomic operations Atomic<T> and reductions use: clang's scoped
// builtins (device scope, which GPUs make cheaper than system scope; PTX
// itself where clang loses the scope), and GCC's plain ones when the header
// is compiled by g++ without the plugin.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <bit>
#include <cstdint>
#include <type_traits>

namespace offload::detail {

#if defined(__clang__)
#define OFFLOAD_ATOMIC(Op, ...)                                                \
  __scoped_atomic_##Op(__VA_ARGS__, __MEMORY_SCOPE_DEVICE)
#else
#define OFFLOAD_ATOMIC(Op, ...) __atomic_##Op(__VA_ARGS__)
#endif

/// The unsigned integer with T's size: atomic loads and compare-exchanges
/// work on bits, so that floating-point values take them too.
// __extension__: -Wpedantic users see no warning about the 128-bit type.
__extension__ using UInt128 = unsigned __int128;
template <class T>
using BitsOf = std::conditional_t<
    sizeof(T) == 4, std::uint32_t,
    std::conditional_t<sizeof(T) == 8, std::uint64_t, UInt128>>;

#if defined(__NVPTX__)
// clang 22 drops the scope of its scoped builtins on NVPTX: their loads and
// compare-exchanges come out system-scope (ld.relaxed.sys,
// atom.relaxed.sys.cas), which also order against the host. These are the
// device-scope instructions. (Read-modify-writes such as atom.add have no
// .sem in clang's output, and PTX makes those device-scope already.)
namespace nvptx {
template <class W> inline W loadRelaxed(const W *P) {
  W V;
  if constexpr (sizeof(W) == 8)
    asm volatile("ld.relaxed.gpu.b64 %0, [%1];" : "=l"(V) : "l"(P) : "memory");
  else
    asm volatile("ld.relaxed.gpu.b32 %0, [%1];" : "=r"(V) : "l"(P) : "memory");
  return V;
}
template <class W> inline void storeRelaxed(W *P, W V) {
  if constexpr (sizeof(W) == 8)
    asm volatile("st.relaxed.gpu.b64 [%0], %1;" ::"l"(P), "l"(V) : "memory");
  else
    asm volatile("st.relaxed.gpu.b32 [%0], %1;" ::"l"(P), "r"(V) : "memory");
}
/// Returns the value *P held; the swap happened if it equals Expected.
template <class W> inline W compareExchange(W *P, W Expected, W Desired) {
  W Seen;
  if constexpr (sizeof(W) == 16) {
    std::uint64_t Lo, Hi;
    asm volatile("{\n\t.reg .b128 Dst, Cmp, Swap;\n\t"
                 "mov.b128 Cmp, {%2, %3};\n\t"
                 "mov.b128 Swap, {%4, %5};\n\t"
                 "atom.relaxed.gpu.cas.b128 Dst, [%6], Cmp, Swap;\n\t"
                 "mov.b128 {%0, %1}, Dst;\n\t}"
                 : "=l"(Lo), "=l"(Hi)
                 : "l"(std::uint64_t(Expected)),
                   "l"(std::uint64_t(Expected >> 64)),
                   "l"(std::uint64_t(Desired)),
                   "l"(std::uint64_t(Desired >> 64)), "l"(P)
                 : "memory");
    Seen = W(Lo) | W(Hi) << 64;
  } else if constexpr (sizeof(W) == 8) {
    asm volatile("atom.relaxed.gpu.cas.b64 %0, [%1], %2, %3;"
                 : "=l"(Seen)
                 : "l"(P), "l"(Expected), "l"(Desired)
                 : "memory");
  } else {
    asm volatile("atom.relaxed.gpu.cas.b32 %0, [%1], %2, %3;"
                 : "=r"(Seen)
                 : "l"(P), "r"(Expected), "r"(Desired)
                 : "memory");
  }
  return Seen;
}
} // namespace nvptx
#endif

template <class T> inline T atomicLoad(T *P) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8);
#if defined(__NVPTX__)
  return std::bit_cast<T>(
      nvptx::loadRelaxed(reinterpret_cast<const BitsOf<T> *>(P)));
#else
  return std::bit_cast<T>(OFFLOAD_ATOMIC(
      load_n, reinterpret_cast<BitsOf<T> *>(P), __ATOMIC_RELAXED));
#endif
}

template <class T> inline void atomicStore(T *P, T V) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8);
#if defined(__NVPTX__)
  nvptx::storeRelaxed(reinterpret_cast<BitsOf<T> *>(P),
                      std::bit_cast<BitsOf<T>>(V));
#else
  OFFLOAD_ATOMIC(store_n, reinterpret_cast<BitsOf<T> *>(P),
                 std::bit_cast<BitsOf<T>>(V), __ATOMIC_RELAXED);
#endif
}

// 16-byte compare-exchanges (value-with-location reductions) are native on
// sm_90 (atom.cas.b128) though clang's front end warns about them.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Watomic-alignment"
#endif
template <class T>
inline bool atomicCompareExchange(T *P, T &Expected, T Desired) {
  BitsOf<T> Old = std::bit_cast<BitsOf<T>>(Expected);
#if defined(__NVPTX__)
  const BitsOf<T> Seen = nvptx::compareExchange(
      reinterpret_cast<BitsOf<T> *>(P), Old, std::bit_cast<BitsOf<T>>(Desired));
  Expected = std::bit_cast<T>(Seen);
  return Seen == Old;
#else
  bool Done = OFFLOAD_ATOMIC(compare_exchange_n,
                             reinterpret_cast<BitsOf<T> *>(P), &Old,
                             std::bit_cast<BitsOf<T>>(Desired), false,
                             __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  Expected = std::bit_cast<T>(Old);
  return Done;
#endif
}
#if defined(__clang__)
#pragma clang diagnostic pop
#endif

template <class T> inline T atomicExchange(T *P, T V) {
  return std::bit_cast<T>(OFFLOAD_ATOMIC(exchange_n,
                                         reinterpret_cast<BitsOf<T> *>(P),
                                         std::bit_cast<BitsOf<T>>(V),
                                         __ATOMIC_RELAXED));
}

/// Replaces *P by Next(*P) atomically; returns the value it replaced.
template <class T, class F> inline T atomicUpdate(T *P, F Next) {
  T Old = atomicLoad(P);
  while (!atomicCompareExchange(P, Old, Next(Old))) {
  }
  return Old;
}

template <class T> inline T atomicFetchAdd(T *P, T V) {
#if defined(__clang__)
  return OFFLOAD_ATOMIC(fetch_add, P, V, __ATOMIC_RELAXED);
#else
  if constexpr (std::is_integral_v<T>)
    return __atomic_fetch_add(P, V, __ATOMIC_RELAXED);
  else
    return atomicUpdate(P, [V](T Old) { return Old + V; });
#endif
}

#if defined(__clang__)
/// Floating-point min and max as one integer atomic instead of a
/// compare-and-swap loop, which retries while other threads combine into
/// the same place (a reduction's places at the end of a launch): a value
/// without its sign bit orders as its bits as a signed integer, below
/// which every negative value's bits fall; values with it (-0.0 and below)
/// order backwards as their bits unsigned. Which value a NaN gives is
/// unspecified, as in the loop.
template <class T, bool Min> inline T atomicFetchFloatMinMax(T *P, T V) {
  using U = BitsOf<T>;
  using S = std::make_signed_t<U>;
  const U Bits = std::bit_cast<U>(V);
  if (!(Bits >> (sizeof(T) * 8 - 1))) {
    S *At = reinterpret_cast<S *>(P);
    const S Old = Min ? OFFLOAD_ATOMIC(fetch_min, At, S(Bits), __ATOMIC_RELAXED)
                      : OFFLOAD_ATOMIC(fetch_max, At, S(Bits), __ATOMIC_RELAXED);
    return std::bit_cast<T>(Old);
  }
  U *At = reinterpret_cast<U *>(P);
  const U Old = Min ? OFFLOAD_ATOMIC(fetch_max, At, Bits, __ATOMIC_RELAXED)
                    : OFFLOAD_ATOMIC(fetch_min, At, Bits, __ATOMIC_RELAXED);
  return std::bit_cast<T>(Old);
}
#endif

template <class T> inline T atomicFetchMin(T *P, T V) {
#if defined(__clang__)
  if constexpr (std::is_integral_v<T>)
    return OFFLOAD_ATOMIC(fetch_min, P, V, __ATOMIC_RELAXED);
  else if constexpr (std::is_floating_point_v<T> &&
                     (sizeof(T) == 4 || sizeof(T) == 8))
    return atomicFetchFloatMinMax<T, true>(P, V);
#endif
  T Old = atomicLoad(P);
  while (V < Old && !atomicCompareExchange(P, Old, V)) {
  }
  return Old;
}

template <class T> inline T atomicFetchMax(T *P, T V) {
#if defined(__clang__)
  if constexpr (std::is_integral_v<T>)
    return OFFLOAD_ATOMIC(fetch_max, P, V, __ATOMIC_RELAXED);
  else if constexpr (std::is_floating_point_v<T> &&
                     (sizeof(T) == 4 || sizeof(T) == 8))
    return atomicFetchFloatMinMax<T, false>(P, V);
#endif
  T Old = atomicLoad(P);
  while (Old < V && !atomicCompareExchange(P, Old, V)) {
  }
  return Old;
}

#undef OFFLOAD_ATOMIC

} // namespace offload::detail
