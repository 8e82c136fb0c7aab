//===- corpus.hpp - One canonical line per kernel result ------------------===//
//
// Every corpus program prints its results as lines of
//
//   <name> <type> <ulp-bound> <v0> <v1> ...
//
// <type> is i8..i128, u8..u128, f32 or f64. Integers print in decimal;
// floating values in hex float (%a), which is exact and spells inf and nan.
// <ulp-bound> is how many units in the last place a floating value may
// differ between two builds (0: bit-exact); compare.py reads it. Host code
// only: kernels never call these.
//
//===----------------------------------------------------------------------===//
#pragma once

// Before any code, so that device compiles may read it precompiled.
#include <offload/offload.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace corpus {

template <class T> constexpr const char *typeName() {
  if constexpr (std::is_same_v<T, float>)
    return "f32";
  else if constexpr (std::is_same_v<T, double>)
    return "f64";
  else if constexpr (std::is_same_v<T, __int128>)
    return "i128";
  else if constexpr (std::is_same_v<T, unsigned __int128>)
    return "u128";
  else {
    static_assert(std::is_integral_v<T> || std::is_enum_v<T>,
                  "corpus prints integers and float/double");
    constexpr bool Signed = std::is_signed_v<T>;
    switch (sizeof(T)) {
    case 1:
      return Signed ? "i8" : "u8";
    case 2:
      return Signed ? "i16" : "u16";
    case 4:
      return Signed ? "i32" : "u32";
    default:
      return Signed ? "i64" : "u64";
    }
  }
}

/// Decimal digits of a 128-bit magnitude (printf has no conversion for it).
inline std::string decimal(unsigned __int128 Magnitude, bool Negative) {
  char Buf[48];
  char *P = Buf + sizeof(Buf);
  *--P = '\0';
  do {
    *--P = char('0' + int(Magnitude % 10));
    Magnitude /= 10;
  } while (Magnitude);
  if (Negative)
    *--P = '-';
  return P;
}

template <class T> void printValue(T V) {
  if constexpr (std::is_floating_point_v<T>)
    std::printf(" %a", double(V));
  else if constexpr (std::is_same_v<T, __int128>)
    std::printf(
        " %s",
        decimal(V < 0 ? -(unsigned __int128)V : (unsigned __int128)V, V < 0)
            .c_str());
  else if constexpr (std::is_same_v<T, unsigned __int128>)
    std::printf(" %s", decimal(V, false).c_str());
  else if constexpr (std::is_enum_v<T>)
    printValue(std::underlying_type_t<T>(V));
  else if constexpr (std::is_signed_v<T>)
    std::printf(" %lld", static_cast<long long>(V));
  else
    std::printf(" %llu", static_cast<unsigned long long>(V));
}

/// One line with every element of Values.
template <class T>
void print(const std::string &Name, int UlpBound, std::span<const T> Values) {
  std::printf("%s %s %d", Name.c_str(), typeName<T>(), UlpBound);
  for (const T &V : Values)
    printValue(V);
  std::printf("\n");
}
template <class T>
void print(const std::string &Name, int UlpBound,
           const std::vector<T> &Values) {
  print(Name, UlpBound, std::span<const T>(Values));
}
template <class T, std::size_t N>
void print(const std::string &Name, int UlpBound, const T (&Values)[N]) {
  print(Name, UlpBound, std::span<const T>(Values));
}
/// One value.
template <class T>
requires std::is_arithmetic_v<T> || std::is_enum_v<T> ||
    std::is_same_v<T, __int128> || std::is_same_v<T, unsigned __int128>
void print(const std::string &Name, int UlpBound, T Value) {
  print(Name, UlpBound, std::span<const T>(&Value, 1));
}

/// For large arrays: Samples evenly spaced elements (the first and the last
/// included) on one line, and a second line `<name>.sum` with the wrapping
/// 64-bit sum of all elements, which does not depend on the order of
/// evaluation: of the values for integers, of the bit patterns for floating
/// values that must be exact (UlpBound 0; NaN payloads count). Floating
/// values with a bound get no sum, since rounding would change it.
template <class T>
void printSampled(const std::string &Name, int UlpBound,
                  const std::vector<T> &Values, std::size_t Samples = 23) {
  std::vector<T> Picked;
  const std::size_t N = Values.size();
  if (N <= Samples)
    Picked = Values;
  else
    for (std::size_t K = 0; K < Samples; ++K)
      Picked.push_back(Values[K * (N - 1) / (Samples - 1)]);
  print(Name, UlpBound, Picked);
  if (std::is_floating_point_v<T> && UlpBound != 0)
    return;
  std::uint64_t Sum = 0;
  for (const T &V : Values) {
    if constexpr (std::is_floating_point_v<T>) {
      std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t> Bits;
      std::memcpy(&Bits, &V, sizeof(T));
      Sum += Bits;
    } else {
      Sum += static_cast<std::uint64_t>(V);
    }
  }
  print(Name + ".sum", 0, Sum);
}

/// One line with member Field of every element of Rows (for kernels that
/// write a struct of results per element).
template <class Row, class T>
void printField(const std::string &Name, int UlpBound,
                const std::vector<Row> &Rows, T Row::*Field) {
  std::vector<T> Values;
  for (const Row &R : Rows)
    Values.push_back(R.*Field);
  print(Name, UlpBound, Values);
}

/// The bound for T from the bounds for float and double.
template <class T> constexpr int ulps(int F32, int F64) {
  return sizeof(T) == 4 ? F32 : F64;
}
/// "f32" or "f64", for names of lines from templates.
template <class T> std::string suffix() { return typeName<T>(); }

} // namespace corpus
