//===- offload/detail/params.hpp - Kernel parameters and their slots ------===//
//
// The kernel's parameter types decide the data movement. Param<P> describes
// one declared parameter type P:
//   - Info: its kind, how it is mapped and how many 8-byte argument slots it
//     takes in the OpenMP kernel ABI (libomptarget translates a mapped slot to
//     the device address of the data);
//   - put(): host side, writes its slots;
//   - rebuild(): kernel entry side, makes the parameter value from its slots
//     for one logical thread.
// The plugin reads Signature<F>::Params and NumSlots from the AST, so this
// file is the single source of truth for the argument layout.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/region.hpp>

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <new>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

namespace offload::detail {

/// Version of the argument layout and registration ABI shared by this
/// header, the plugin and the runtime.
inline constexpr unsigned AbiVersion = 1;

enum class ParamKind : unsigned char { Unsupported, Value, ReadOnly, Region };
enum class MapKind : unsigned char { None, Literal, To, ToFrom };

struct ParamInfo {
  ParamKind Kind;
  MapKind Map;
  unsigned Slots;
};

// libomptarget map-type bits (OpenMP offloading ABI).
inline constexpr std::int64_t MapTypeTo = 0x1;
inline constexpr std::int64_t MapTypeFrom = 0x2;
inline constexpr std::int64_t MapTypeTargetParam = 0x20;
inline constexpr std::int64_t MapTypeLiteral = 0x100;

/// Host side: fills libomptarget's per-slot argument arrays.
struct SlotWriter {
  void **Ptrs;
  std::int64_t *Sizes;
  std::int64_t *Types;
  unsigned Count = 0;

  void literal(std::uint64_t Value) {
    Ptrs[Count] = reinterpret_cast<void *>(Value);
    Sizes[Count] = sizeof(Value);
    Types[Count++] = MapTypeTargetParam | MapTypeLiteral;
  }
  void map(const void *Data, std::uint64_t Bytes, MapKind Kind) {
    Ptrs[Count] = const_cast<void *>(Data);
    Sizes[Count] = static_cast<std::int64_t>(Bytes);
    Types[Count++] = MapTypeTargetParam | MapTypeTo |
                     (Kind == MapKind::ToFrom ? MapTypeFrom : 0);
  }
};

template <class T> inline constexpr unsigned SlotsFor = (sizeof(T) + 7) / 8;

template <class T> struct IsRegion : std::false_type {};
template <class T, class S> struct IsRegion<Region<T, S>> : std::true_type {};
template <class T> struct IsSpan : std::false_type {};
template <class T, std::size_t E>
struct IsSpan<std::span<T, E>> : std::true_type {};

/// Small trivially copyable values travel in the argument slots themselves.
template <class T>
concept ByValue =
    !std::is_pointer_v<T> && !std::is_member_pointer_v<T> &&
    !IsRegion<T>::value && !IsSpan<T>::value &&
    (std::is_arithmetic_v<T> || std::is_enum_v<T> ||
     (std::is_class_v<T> && std::is_trivially_copyable_v<T>)) &&
    sizeof(T) <= 64;

/// Copies a value into whole slots and back.
template <class T> void putWords(const T &V, SlotWriter &W) {
  std::uint64_t Words[SlotsFor<T>] = {};
  std::memcpy(Words, &V, sizeof(T));
  for (std::uint64_t Word : Words)
    W.literal(Word);
}
template <class T> T getWords(const std::uint64_t *S) {
  std::array<unsigned char, sizeof(T)> Bytes;
  std::memcpy(Bytes.data(), S, sizeof(T));
  return std::bit_cast<T>(Bytes);
}

/// Unsupported parameter types: the plugin diagnoses them.
template <class P> struct Param {
  static constexpr ParamInfo Info{ParamKind::Unsupported, MapKind::None, 0};
};

/// Scalars and small trivially copyable structs, by value or by const&.
template <ByValue T> struct Param<T> {
  static constexpr ParamInfo Info{ParamKind::Value, MapKind::Literal,
                                  SlotsFor<T>};
  static void put(const T &V, SlotWriter &W) { putWords(V, W); }
  static T rebuild(const std::uint64_t *S, std::uint64_t) {
    return getWords<T>(S);
  }
};
template <ByValue T> struct Param<const T &> : Param<T> {};

/// Mutable data: copied to the device and back, split among threads.
template <class T, class S> struct Param<Region<T, S>> {
  static_assert(std::is_trivially_copyable_v<S>,
                "a partitioning strategy must be trivially copyable");
  static constexpr unsigned StrategySlots =
      std::is_empty_v<S> ? 0 : SlotsFor<S>;
  static constexpr ParamInfo Info{ParamKind::Region, MapKind::ToFrom,
                                  2 + StrategySlots};
  static void put(const Region<T, S> &R, SlotWriter &W) {
    W.map(R.data(), R.size() * sizeof(T), MapKind::ToFrom);
    W.literal(R.size());
    if constexpr (StrategySlots != 0)
      putWords(R.strategy(), W);
  }
  static Region<T, S> rebuild(const std::uint64_t *Slot,
                              std::uint64_t Thread) {
    S Strategy{};
    if constexpr (StrategySlots != 0)
      Strategy = getWords<S>(Slot + 2);
    return RegionAccess::bind(reinterpret_cast<T *>(Slot[0]), Slot[1], Thread,
                              Strategy);
  }
};
template <class T, class S>
struct Param<const Region<T, S> &> : Param<Region<T, S>> {};

/// Read-only data: copied to the device only.
template <class T, std::size_t E> struct Param<std::span<const T, E>> {
  static_assert(std::is_trivially_copyable_v<T>,
                "read-only kernel data must be trivially copyable");
  static constexpr ParamInfo Info{ParamKind::ReadOnly, MapKind::To, 2};
  static void put(std::span<const T, E> V, SlotWriter &W) {
    W.map(V.data(), V.size_bytes(), MapKind::To);
    W.literal(V.size());
  }
  static std::span<const T, E> rebuild(const std::uint64_t *S,
                                       std::uint64_t) {
    return std::span<const T, E>(reinterpret_cast<const T *>(S[0]), S[1]);
  }
};

/// A std::vector object whose three pointers refer to device memory. It is
/// never constructed or destroyed: only its const members (data, size,
/// operator[], iterators) are used, which read those pointers. This relies
/// on the {begin, end, end-of-storage} layout that libstdc++ and libc++ share.
template <class T> struct VectorShell {
  static_assert(sizeof(std::vector<T>) == 3 * sizeof(T *),
                "unexpected std::vector layout");
  alignas(std::vector<T>) T *Words[3];
  operator const std::vector<T> &() const {
    return *std::launder(reinterpret_cast<const std::vector<T> *>(Words));
  }
};

template <class T> struct Param<const std::vector<T> &> {
  static_assert(std::is_trivially_copyable_v<T>,
                "read-only kernel data must be trivially copyable");
  static constexpr ParamInfo Info{ParamKind::ReadOnly, MapKind::To, 2};
  static void put(const std::vector<T> &V, SlotWriter &W) {
    W.map(V.data(), V.size() * sizeof(T), MapKind::To);
    W.literal(V.size());
  }
  static VectorShell<T> rebuild(const std::uint64_t *S, std::uint64_t) {
    T *Begin = reinterpret_cast<T *>(S[0]);
    return VectorShell<T>{{Begin, Begin + S[1], Begin + S[1]}};
  }
};

template <class T, std::size_t N> struct Param<const std::array<T, N> &> {
  static_assert(std::is_trivially_copyable_v<T>,
                "read-only kernel data must be trivially copyable");
  static constexpr ParamInfo Info{ParamKind::ReadOnly, MapKind::To, 1};
  static void put(const std::array<T, N> &A, SlotWriter &W) {
    W.map(A.data(), sizeof(A), MapKind::To);
  }
  static const std::array<T, N> &rebuild(const std::uint64_t *S,
                                         std::uint64_t) {
    return *reinterpret_cast<const std::array<T, N> *>(S[0]);
  }
};

/// Host side of a parameter for logical thread Thread: Regions are bound to
/// the thread, everything else is passed as it is.
template <class P> decltype(auto) bindToThread(P &&V, std::uint64_t Thread) {
  if constexpr (IsRegion<std::remove_cvref_t<P>>::value)
    return RegionAccess::bind(V, Thread);
  else
    return std::forward<P>(V);
}

/// Logical threads a parameter asks for (Regions only).
template <class P> std::uint64_t threadsOf(const P &V) {
  if constexpr (IsRegion<std::remove_cvref_t<P>>::value)
    return V.threads();
  else
    return 0;
}

/// The kernel's signature: its parameters, their slots and their layout.
template <class F> struct Signature {
  static constexpr bool IsKernel = false;
};

template <class... P> struct Signature<void (*)(P...)> {
  static constexpr bool IsKernel = true;
  static constexpr std::size_t Arity = sizeof...(P);
  static constexpr std::array<ParamInfo, sizeof...(P)> Params = {
      Param<P>::Info...};
  static constexpr bool Supported =
      ((Param<P>::Info.Kind != ParamKind::Unsupported) && ...);
  static constexpr bool HasRegion =
      ((Param<P>::Info.Kind == ParamKind::Region) || ...);
  /// Slot 0 holds the number of logical threads; the parameters follow.
  static constexpr unsigned NumSlots = 1 + (0u + ... + Param<P>::Info.Slots);

  /// Index of the first slot of each parameter, counted after slot 0.
  static constexpr std::array<unsigned, sizeof...(P)> Offsets = [] {
    std::array<unsigned, sizeof...(P)> O{};
    unsigned Next = 0, I = 0;
    ((O[I++] = Next, Next += Param<P>::Info.Slots), ...);
    return O;
  }();

  template <auto Kernel>
  static void invoke(const std::uint64_t *Slots, std::uint64_t Thread) {
    invokeImpl<Kernel>(Slots, Thread, std::index_sequence_for<P...>{});
  }

private:
  template <auto Kernel, std::size_t... I>
  static void invokeImpl(const std::uint64_t *Slots, std::uint64_t Thread,
                         std::index_sequence<I...>) {
    Kernel(Param<P>::rebuild(
        Slots + std::integral_constant<unsigned, Offsets[I]>::value,
        Thread)...);
  }
};

template <class... P>
struct Signature<void (*)(P...) noexcept> : Signature<void (*)(P...)> {};

} // namespace offload::detail
