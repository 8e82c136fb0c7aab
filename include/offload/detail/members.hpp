//===- offload/detail/members.hpp - The members of an aggregate argument --===//
//
// A kernel parameter of aggregate class type that holds views (a struct of
// arrays: std::span<const T> and offload::Region members, structs of them)
// travels member by member, each member as if it were a parameter of its
// own (offload/detail/params.hpp, "Structs of views"). C++20 has no
// reflection, so the members are found from what the language offers:
//   - how many: clang answers __builtin_structured_binding_size; elsewhere
//     the most initializers T{...} accepts from values that convert to
//     anything (exact for aggregates without C array members);
//   - whether any member holds an address (a view, a pointer, a span):
//     T{...} with, at one position, a value that converts only to such
//     types (and to aggregates holding one);
//   - the members themselves: a structured binding of that many names.
// A struct that holds no address is left alone: it travels by value.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>

namespace offload::detail::members {

/// The most members a struct of views may have (nested structs count as
/// one each).
inline constexpr std::size_t MaxMembers = 64;

/// Unevaluated only: converts to any member type.
struct AnyMember {
  template <class U> operator U() const;
};
template <std::size_t> using AnyMemberAt = AnyMember;

template <class T, class... A>
concept BracedFrom = requires { T{std::declval<A>()...}; };

template <class T, std::size_t... I>
constexpr bool acceptsAny(std::index_sequence<I...>) {
  return BracedFrom<T, AnyMemberAt<I>...>;
}

/// The number of initializers T accepts, MaxMembers + 1 if more: the
/// largest count that works. Fewer may not (the members left out would be
/// value-initialized, and a Region cannot be), more never do.
template <class T, std::size_t N = 0, bool Seen = false>
constexpr std::size_t countInitializers() {
  if constexpr (N > MaxMembers)
    return Seen ? N : 0;
  else if constexpr (acceptsAny<T>(std::make_index_sequence<N>{}))
    return countInitializers<T, N + 1, true>();
  else if constexpr (Seen)
    return N - 1;
  else
    return countInitializers<T, N + 1, false>();
}

/// Aggregate classes: what may be decomposed.
template <class T>
concept Aggregate =
    std::is_class_v<T> && !std::is_union_v<T> && std::is_aggregate_v<T>;

template <class U, template <class> class Is> constexpr bool holds();

/// Unevaluated only: converts to the types that are or hold an Is, and to
/// nothing else, so that a member initialized from it is one.
template <template <class> class Is> struct MemberWhere {
  template <class U>
    requires(holds<U, Is>())
  operator U() const;
};

/// Whether initializer Position of T can be initialized from
/// MemberWhere<Is>.
template <class T, template <class> class Is, std::size_t Position,
          std::size_t... I>
constexpr bool isAt(std::index_sequence<I...>) {
  return BracedFrom<T, std::conditional_t<I == Position, MemberWhere<Is>,
                                          AnyMember>...>;
}
template <class T, template <class> class Is, std::size_t... Position>
constexpr bool isAtAny(std::index_sequence<Position...>) {
  constexpr std::size_t N = sizeof...(Position);
  return (isAt<T, Is, Position>(std::make_index_sequence<N>{}) || ...);
}

/// Whether U is an Is or an aggregate with a member that holds one.
template <class U, template <class> class Is> constexpr bool holds() {
  if constexpr (Is<U>::value) {
    return true;
  } else if constexpr (Aggregate<U>) {
    constexpr std::size_t N = countInitializers<U>();
    if constexpr (N == 0 || N > MaxMembers)
      return false;
    else
      return isAtAny<U, Is>(std::make_index_sequence<N>{});
  } else {
    return false;
  }
}

/// The views: std::span and the library's own (offload/detail/params.hpp
/// adds these).
template <class U> struct IsView : std::false_type {};
template <class T, std::size_t E>
struct IsView<std::span<T, E>> : std::true_type {};

template <class U>
struct IsPointer
    : std::bool_constant<std::is_pointer_v<U> || std::is_member_pointer_v<U>> {
};

/// The number of members of aggregate T (structured bindings).
template <class T> constexpr std::size_t count() {
#if defined(__has_builtin) && __has_builtin(__builtin_structured_binding_size)
  return __builtin_structured_binding_size(T);
#else
  return countInitializers<T>();
#endif
}

/// A struct of views: an aggregate without raw pointers some of whose
/// members are views. (One with a pointer is an error, and the plugin
/// names the member.)
template <class T>
concept StructOfViews = Aggregate<T> && !holds<T, IsPointer>() &&
                        holds<T, IsView>() && count<T>() <= MaxMembers;

#define OFFLOAD_MEMBERS_1 m0
#define OFFLOAD_MEMBERS_2 OFFLOAD_MEMBERS_1, m1
#define OFFLOAD_MEMBERS_3 OFFLOAD_MEMBERS_2, m2
#define OFFLOAD_MEMBERS_4 OFFLOAD_MEMBERS_3, m3
#define OFFLOAD_MEMBERS_5 OFFLOAD_MEMBERS_4, m4
#define OFFLOAD_MEMBERS_6 OFFLOAD_MEMBERS_5, m5
#define OFFLOAD_MEMBERS_7 OFFLOAD_MEMBERS_6, m6
#define OFFLOAD_MEMBERS_8 OFFLOAD_MEMBERS_7, m7
#define OFFLOAD_MEMBERS_9 OFFLOAD_MEMBERS_8, m8
#define OFFLOAD_MEMBERS_10 OFFLOAD_MEMBERS_9, m9
#define OFFLOAD_MEMBERS_11 OFFLOAD_MEMBERS_10, m10
#define OFFLOAD_MEMBERS_12 OFFLOAD_MEMBERS_11, m11
#define OFFLOAD_MEMBERS_13 OFFLOAD_MEMBERS_12, m12
#define OFFLOAD_MEMBERS_14 OFFLOAD_MEMBERS_13, m13
#define OFFLOAD_MEMBERS_15 OFFLOAD_MEMBERS_14, m14
#define OFFLOAD_MEMBERS_16 OFFLOAD_MEMBERS_15, m15
#define OFFLOAD_MEMBERS_17 OFFLOAD_MEMBERS_16, m16
#define OFFLOAD_MEMBERS_18 OFFLOAD_MEMBERS_17, m17
#define OFFLOAD_MEMBERS_19 OFFLOAD_MEMBERS_18, m18
#define OFFLOAD_MEMBERS_20 OFFLOAD_MEMBERS_19, m19
#define OFFLOAD_MEMBERS_21 OFFLOAD_MEMBERS_20, m20
#define OFFLOAD_MEMBERS_22 OFFLOAD_MEMBERS_21, m21
#define OFFLOAD_MEMBERS_23 OFFLOAD_MEMBERS_22, m22
#define OFFLOAD_MEMBERS_24 OFFLOAD_MEMBERS_23, m23
#define OFFLOAD_MEMBERS_25 OFFLOAD_MEMBERS_24, m24
#define OFFLOAD_MEMBERS_26 OFFLOAD_MEMBERS_25, m25
#define OFFLOAD_MEMBERS_27 OFFLOAD_MEMBERS_26, m26
#define OFFLOAD_MEMBERS_28 OFFLOAD_MEMBERS_27, m27
#define OFFLOAD_MEMBERS_29 OFFLOAD_MEMBERS_28, m28
#define OFFLOAD_MEMBERS_30 OFFLOAD_MEMBERS_29, m29
#define OFFLOAD_MEMBERS_31 OFFLOAD_MEMBERS_30, m30
#define OFFLOAD_MEMBERS_32 OFFLOAD_MEMBERS_31, m31
#define OFFLOAD_MEMBERS_33 OFFLOAD_MEMBERS_32, m32
#define OFFLOAD_MEMBERS_34 OFFLOAD_MEMBERS_33, m33
#define OFFLOAD_MEMBERS_35 OFFLOAD_MEMBERS_34, m34
#define OFFLOAD_MEMBERS_36 OFFLOAD_MEMBERS_35, m35
#define OFFLOAD_MEMBERS_37 OFFLOAD_MEMBERS_36, m36
#define OFFLOAD_MEMBERS_38 OFFLOAD_MEMBERS_37, m37
#define OFFLOAD_MEMBERS_39 OFFLOAD_MEMBERS_38, m38
#define OFFLOAD_MEMBERS_40 OFFLOAD_MEMBERS_39, m39
#define OFFLOAD_MEMBERS_41 OFFLOAD_MEMBERS_40, m40
#define OFFLOAD_MEMBERS_42 OFFLOAD_MEMBERS_41, m41
#define OFFLOAD_MEMBERS_43 OFFLOAD_MEMBERS_42, m42
#define OFFLOAD_MEMBERS_44 OFFLOAD_MEMBERS_43, m43
#define OFFLOAD_MEMBERS_45 OFFLOAD_MEMBERS_44, m44
#define OFFLOAD_MEMBERS_46 OFFLOAD_MEMBERS_45, m45
#define OFFLOAD_MEMBERS_47 OFFLOAD_MEMBERS_46, m46
#define OFFLOAD_MEMBERS_48 OFFLOAD_MEMBERS_47, m47
#define OFFLOAD_MEMBERS_49 OFFLOAD_MEMBERS_48, m48
#define OFFLOAD_MEMBERS_50 OFFLOAD_MEMBERS_49, m49
#define OFFLOAD_MEMBERS_51 OFFLOAD_MEMBERS_50, m50
#define OFFLOAD_MEMBERS_52 OFFLOAD_MEMBERS_51, m51
#define OFFLOAD_MEMBERS_53 OFFLOAD_MEMBERS_52, m52
#define OFFLOAD_MEMBERS_54 OFFLOAD_MEMBERS_53, m53
#define OFFLOAD_MEMBERS_55 OFFLOAD_MEMBERS_54, m54
#define OFFLOAD_MEMBERS_56 OFFLOAD_MEMBERS_55, m55
#define OFFLOAD_MEMBERS_57 OFFLOAD_MEMBERS_56, m56
#define OFFLOAD_MEMBERS_58 OFFLOAD_MEMBERS_57, m57
#define OFFLOAD_MEMBERS_59 OFFLOAD_MEMBERS_58, m58
#define OFFLOAD_MEMBERS_60 OFFLOAD_MEMBERS_59, m59
#define OFFLOAD_MEMBERS_61 OFFLOAD_MEMBERS_60, m60
#define OFFLOAD_MEMBERS_62 OFFLOAD_MEMBERS_61, m61
#define OFFLOAD_MEMBERS_63 OFFLOAD_MEMBERS_62, m62
#define OFFLOAD_MEMBERS_64 OFFLOAD_MEMBERS_63, m63
#define OFFLOAD_TIE_MEMBERS(N)                                                 \
  if constexpr (Count == N) {                                                  \
    auto &[OFFLOAD_MEMBERS_##N] = Object;                                      \
    return std::tie(OFFLOAD_MEMBERS_##N);                                      \
  } else

/// References to the members of aggregate T, in declaration order. With a
/// C array member (which T{...} counts element by element) only clang,
/// which counts exactly, gets here; use std::array in a struct of views.
template <class T> constexpr auto tie(T &Object) {
  constexpr std::size_t Count = count<std::remove_const_t<T>>();
  static_assert(Count >= 1 && Count <= MaxMembers);
  OFFLOAD_TIE_MEMBERS(1)
  OFFLOAD_TIE_MEMBERS(2)
  OFFLOAD_TIE_MEMBERS(3)
  OFFLOAD_TIE_MEMBERS(4)
  OFFLOAD_TIE_MEMBERS(5)
  OFFLOAD_TIE_MEMBERS(6)
  OFFLOAD_TIE_MEMBERS(7)
  OFFLOAD_TIE_MEMBERS(8)
  OFFLOAD_TIE_MEMBERS(9)
  OFFLOAD_TIE_MEMBERS(10)
  OFFLOAD_TIE_MEMBERS(11)
  OFFLOAD_TIE_MEMBERS(12)
  OFFLOAD_TIE_MEMBERS(13)
  OFFLOAD_TIE_MEMBERS(14)
  OFFLOAD_TIE_MEMBERS(15)
  OFFLOAD_TIE_MEMBERS(16)
  OFFLOAD_TIE_MEMBERS(17)
  OFFLOAD_TIE_MEMBERS(18)
  OFFLOAD_TIE_MEMBERS(19)
  OFFLOAD_TIE_MEMBERS(20)
  OFFLOAD_TIE_MEMBERS(21)
  OFFLOAD_TIE_MEMBERS(22)
  OFFLOAD_TIE_MEMBERS(23)
  OFFLOAD_TIE_MEMBERS(24)
  OFFLOAD_TIE_MEMBERS(25)
  OFFLOAD_TIE_MEMBERS(26)
  OFFLOAD_TIE_MEMBERS(27)
  OFFLOAD_TIE_MEMBERS(28)
  OFFLOAD_TIE_MEMBERS(29)
  OFFLOAD_TIE_MEMBERS(30)
  OFFLOAD_TIE_MEMBERS(31)
  OFFLOAD_TIE_MEMBERS(32)
  OFFLOAD_TIE_MEMBERS(33)
  OFFLOAD_TIE_MEMBERS(34)
  OFFLOAD_TIE_MEMBERS(35)
  OFFLOAD_TIE_MEMBERS(36)
  OFFLOAD_TIE_MEMBERS(37)
  OFFLOAD_TIE_MEMBERS(38)
  OFFLOAD_TIE_MEMBERS(39)
  OFFLOAD_TIE_MEMBERS(40)
  OFFLOAD_TIE_MEMBERS(41)
  OFFLOAD_TIE_MEMBERS(42)
  OFFLOAD_TIE_MEMBERS(43)
  OFFLOAD_TIE_MEMBERS(44)
  OFFLOAD_TIE_MEMBERS(45)
  OFFLOAD_TIE_MEMBERS(46)
  OFFLOAD_TIE_MEMBERS(47)
  OFFLOAD_TIE_MEMBERS(48)
  OFFLOAD_TIE_MEMBERS(49)
  OFFLOAD_TIE_MEMBERS(50)
  OFFLOAD_TIE_MEMBERS(51)
  OFFLOAD_TIE_MEMBERS(52)
  OFFLOAD_TIE_MEMBERS(53)
  OFFLOAD_TIE_MEMBERS(54)
  OFFLOAD_TIE_MEMBERS(55)
  OFFLOAD_TIE_MEMBERS(56)
  OFFLOAD_TIE_MEMBERS(57)
  OFFLOAD_TIE_MEMBERS(58)
  OFFLOAD_TIE_MEMBERS(59)
  OFFLOAD_TIE_MEMBERS(60)
  OFFLOAD_TIE_MEMBERS(61)
  OFFLOAD_TIE_MEMBERS(62)
  OFFLOAD_TIE_MEMBERS(63)
  OFFLOAD_TIE_MEMBERS(64)
  return std::tuple<>{};
}
#undef OFFLOAD_TIE_MEMBERS
#undef OFFLOAD_MEMBERS_1
#undef OFFLOAD_MEMBERS_2
#undef OFFLOAD_MEMBERS_3
#undef OFFLOAD_MEMBERS_4
#undef OFFLOAD_MEMBERS_5
#undef OFFLOAD_MEMBERS_6
#undef OFFLOAD_MEMBERS_7
#undef OFFLOAD_MEMBERS_8
#undef OFFLOAD_MEMBERS_9
#undef OFFLOAD_MEMBERS_10
#undef OFFLOAD_MEMBERS_11
#undef OFFLOAD_MEMBERS_12
#undef OFFLOAD_MEMBERS_13
#undef OFFLOAD_MEMBERS_14
#undef OFFLOAD_MEMBERS_15
#undef OFFLOAD_MEMBERS_16
#undef OFFLOAD_MEMBERS_17
#undef OFFLOAD_MEMBERS_18
#undef OFFLOAD_MEMBERS_19
#undef OFFLOAD_MEMBERS_20
#undef OFFLOAD_MEMBERS_21
#undef OFFLOAD_MEMBERS_22
#undef OFFLOAD_MEMBERS_23
#undef OFFLOAD_MEMBERS_24
#undef OFFLOAD_MEMBERS_25
#undef OFFLOAD_MEMBERS_26
#undef OFFLOAD_MEMBERS_27
#undef OFFLOAD_MEMBERS_28
#undef OFFLOAD_MEMBERS_29
#undef OFFLOAD_MEMBERS_30
#undef OFFLOAD_MEMBERS_31
#undef OFFLOAD_MEMBERS_32
#undef OFFLOAD_MEMBERS_33
#undef OFFLOAD_MEMBERS_34
#undef OFFLOAD_MEMBERS_35
#undef OFFLOAD_MEMBERS_36
#undef OFFLOAD_MEMBERS_37
#undef OFFLOAD_MEMBERS_38
#undef OFFLOAD_MEMBERS_39
#undef OFFLOAD_MEMBERS_40
#undef OFFLOAD_MEMBERS_41
#undef OFFLOAD_MEMBERS_42
#undef OFFLOAD_MEMBERS_43
#undef OFFLOAD_MEMBERS_44
#undef OFFLOAD_MEMBERS_45
#undef OFFLOAD_MEMBERS_46
#undef OFFLOAD_MEMBERS_47
#undef OFFLOAD_MEMBERS_48
#undef OFFLOAD_MEMBERS_49
#undef OFFLOAD_MEMBERS_50
#undef OFFLOAD_MEMBERS_51
#undef OFFLOAD_MEMBERS_52
#undef OFFLOAD_MEMBERS_53
#undef OFFLOAD_MEMBERS_54
#undef OFFLOAD_MEMBERS_55
#undef OFFLOAD_MEMBERS_56
#undef OFFLOAD_MEMBERS_57
#undef OFFLOAD_MEMBERS_58
#undef OFFLOAD_MEMBERS_59
#undef OFFLOAD_MEMBERS_60
#undef OFFLOAD_MEMBERS_61
#undef OFFLOAD_MEMBERS_62
#undef OFFLOAD_MEMBERS_63
#undef OFFLOAD_MEMBERS_64

/// The type of each member of aggregate T, without cv-qualifiers.
template <class T> struct TypesOf {
  using Tied = decltype(tie(std::declval<T &>()));
  template <class Tuple> struct Strip;
  template <class... M> struct Strip<std::tuple<M &...>> {
    using type = std::tuple<std::remove_cv_t<M>...>;
  };
  using type = typename Strip<Tied>::type;
};

} // namespace offload::detail::members
