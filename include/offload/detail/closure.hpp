//===- offload/detail/closure.hpp - Lambdas and function objects ----------===//
//
// A kernel may be a callable object: a lambda or a function object whose
// call operator takes the kernel's parameters. offload() runs it as the
// function callClosure<C, P...>(C, P...): the object itself becomes the
// first argument, passed by value, so a lambda's captures travel like any
// other small value.
//
// A closure has no name the device pass could write into generated source,
// so both passes identify it by ClosureId<C, P...>, a hash of how the
// compiler spells the closure type and the parameters (a lambda as
// "(lambda at file.cpp:12:5)"), which both passes compute alike. The host
// key (callClosure) and the device entry (closureEntry) carry it in an
// annotation; the plugin names the entry after it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace offload::detail {

/// FNV-1a of S, where each space-separated word counts only from its last
/// '/': a lambda's "(lambda at /some/dir/file.cpp:3:5)" hashes the same
/// whichever directory spelling a pass saw the file under.
constexpr std::uint64_t stableHash(const char *S) {
  std::uint64_t H = 0xcbf29ce484222325ULL;
  for (std::size_t Word = 0; S[Word];) {
    std::size_t End = Word, From = Word;
    while (S[End] && S[End] != ' ') {
      if (S[End] == '/')
        From = End + 1;
      ++End;
    }
    for (std::size_t I = From; I <= End && S[I]; ++I)
      H = (H ^ static_cast<unsigned char>(S[I])) * 0x100000001b3ULL;
    Word = S[End] ? End + 1 : End;
  }
  return H;
}

template <class C, class... P> constexpr std::uint64_t closureIdOf() {
  return stableHash(__PRETTY_FUNCTION__);
}
template <class C, class... P>
inline constexpr std::uint64_t ClosureId = closureIdOf<C, P...>();

#if defined(__clang__)
#define OFFLOAD_CLOSURE_TAG(Tag, Id) [[clang::annotate(Tag, Id)]]
#else
#define OFFLOAD_CLOSURE_TAG(Tag, Id)
#endif

/// Runs closure Self with the kernel's arguments; the kernel offload()
/// launches for a callable object.
template <class C, class... P>
OFFLOAD_CLOSURE_TAG("offload.closure", (ClosureId<C, P...>))
void callClosure(C Self, P... Args) {
  Self(static_cast<P>(Args)...);
}

/// The call operator of C, when C is a closure offload() can run: not
/// overloaded, not a template, returning void.
template <class M> struct CallOperator {};
template <class C, class... P> struct CallOperator<void (C::*)(P...)> {
  using Kernel = void (*)(C, P...);
  static constexpr Kernel Function = &callClosure<C, P...>;
  static constexpr std::uint64_t Id = ClosureId<C, P...>;
};
template <class C, class... P>
struct CallOperator<void (C::*)(P...) const> : CallOperator<void (C::*)(P...)> {};
template <class C, class... P>
struct CallOperator<void (C::*)(P...) noexcept>
    : CallOperator<void (C::*)(P...)> {};
template <class C, class... P>
struct CallOperator<void (C::*)(P...) const noexcept>
    : CallOperator<void (C::*)(P...)> {};

template <class K>
concept Closure = std::is_class_v<std::remove_cvref_t<K>> && requires {
  typename CallOperator<decltype(&std::remove_cvref_t<K>::operator())>::Kernel;
};
template <class K>
using ClosureCall = CallOperator<decltype(&std::remove_cvref_t<K>::operator())>;

} // namespace offload::detail
