//===- offload/offload.hpp - offload(kernel, args...) ---------------------===//
//
// The public entry point of cxx-offload. A kernel is an ordinary function
// returning void; its parameter types decide the data movement:
//   - small scalars and trivially copyable structs: passed by value;
//   - std::span<const T>, const std::vector<T>&, const std::array<T, N>&:
//     read-only, copied to the device;
//   - offload::Region<T, Strategy>: mutable, copied to the device and back,
//     each logical thread getting its own disjoint piece.
//
// Compiled with the cxx-offload plugin (-fplugin=...), a call runs the kernel
// on the selected device through the runtime. Compiled without it (g++,
// clang without the plugin, clangd), the kernel runs serially on the host and
// OFFLOAD_INFO says so.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/atomic.hpp>
#include <offload/detail/check.hpp>
#include <offload/detail/closure.hpp>
#include <offload/detail/fail.hpp>
#include <offload/detail/host_only.hpp>
#include <offload/detail/params.hpp>
#include <offload/devices.hpp>
#include <offload/launch.hpp>
#include <offload/pinned.hpp>
#include <offload/preload.hpp>
#include <offload/reduce.hpp>
#include <offload/region.hpp>
#include <offload/relaxed.hpp>
#include <offload/team.hpp>

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include <cstdio>
#include <cstdlib>

#if defined(__OFFLOAD_DEVICE__)
#include <offload/detail/entry.hpp>
#elif defined(__OFFLOAD_HOST__)
#include <offload/detail/runtime.hpp>
#endif

namespace offload {
namespace detail {

/// The kernel as a function pointer type: a function's own, or for a
/// closure the function that runs it (or the callable's own type if it is
/// neither, which Signature rejects).
template <class K> struct KernelPtrOf {
  using type =
      std::conditional_t<std::is_function_v<std::remove_reference_t<K>>,
                         std::remove_reference_t<K> *, std::remove_cvref_t<K>>;
};
template <Closure K> struct KernelPtrOf<K> {
  using type = typename ClosureCall<K>::Kernel;
};
template <class K> using KernelPtr = typename KernelPtrOf<K>::type;

/// The host key of kernel K: the address offload() launches it by.
template <class K> const void *kernelKey(K &&Kernel) {
  if constexpr (Closure<K>)
    return reinterpret_cast<const void *>(ClosureCall<K>::Function);
  else
    return reinterpret_cast<const void *>(static_cast<KernelPtr<K>>(Kernel));
}

enum class CallError {
  None,
  NotAFunction,
  WrongArity,
  UnsupportedParameter,
  ArgumentMismatch,
  NoGeometry,
};

/// Whether each argument initializes its parameter as in a call of the
/// function: copy-initialization, as the plugin checks it (not a struct
/// built from its first member's value by C++20's parenthesized aggregate
/// initialization, nor an explicit constructor).
template <class Fn, class... Args> struct ArgsFit : std::false_type {};
template <class R, class... P, class... Args>
requires(sizeof...(P) == sizeof...(Args)) struct ArgsFit<R (*)(P...), Args...>
    : std::bool_constant<(std::is_convertible_v<Args &&, P> && ...)> {
};
template <class R, class... P, class... Args>
requires(sizeof...(P) ==
         sizeof...(Args)) struct ArgsFit<R (*)(P...) noexcept, Args...>
    : ArgsFit<R (*)(P...), Args...> {
};

/// What is wrong with offload(Kernel, Args...), if anything. The plugin
/// reports the same errors with source locations; this is for compilers
/// without it.
template <class Fn, bool ExplicitLaunch, class... Args>
constexpr CallError checkCall() {
  using Sig = Signature<Fn>;
  if constexpr (!Sig::IsKernel)
    return CallError::NotAFunction;
  else if constexpr (Sig::Arity != sizeof...(Args))
    return CallError::WrongArity;
  else if constexpr (!Sig::Supported)
    return CallError::UnsupportedParameter;
  else if constexpr (!ArgsFit<Fn, Args...>::value)
    return CallError::ArgumentMismatch;
  else if constexpr (Sig::Dims == 0 && !ExplicitLaunch)
    return CallError::NoGeometry;
  else
    return CallError::None;
}

#if !defined(__OFFLOAD_HOST__) && !defined(__OFFLOAD_DEVICE__)
inline unsigned infoBits() {
  static const unsigned Bits = [] {
    const char *V = std::getenv("OFFLOAD_INFO");
    return V ? unsigned(std::strtoul(V, nullptr, 0)) : 0u;
  }();
  return Bits;
}
#endif

/// Threads per block of a launch of Dims dimensions, x fastest (along
/// contiguous data): 256 threads, as RAJAPerf's CUDA kernels use, unless L
/// says otherwise.
constexpr Extent blockShape(unsigned Dims, const Launch &L) {
  const BlockShape S = blockShapeOf(Dims, L);
  return {S.x, S.y, S.z};
}

/// What is wrong with L for a kernel whose launch has Dims dimensions, if
/// anything: a multi-dimensional launch takes its threads from its Regions
/// and Ranges, a one-dimensional one its block size from .block.
constexpr const char *launchMismatch(unsigned Dims, const Launch &L) {
  const BlockShape &S = L.block_shape;
  if (Dims > 1 && (L.threads || L.block))
    return "offload::Launch sets .threads or .block, which are for "
           "one-dimensional launches, but the kernel's Regions and Ranges are "
           "2-D or 3-D: set only .block_shape";
  if (Dims <= 1 && (S.x || S.y || S.z))
    return "offload::Launch sets .block_shape, which is for 2-D and 3-D "
           "launches, but the kernel's launch is one-dimensional: set .block";
  return nullptr;
}

/// A call's parameters and argument slots, checked and written as the
/// runtime reads them (host pass and serial fallback).
template <class... P> struct PreparedCall {
  using Sig = Signature<void (*)(P...)>;
  std::tuple<P...> Params;
  Extent E, Block;
  void *Ptrs[Sig::NumSlots];
  std::int64_t Sizes[Sig::NumSlots], Types[Sig::NumSlots];
  std::uint64_t TeamBytes = 0;

  template <class F> void forEachParam(F &&Each) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      Each(std::integral_constant<std::size_t, I>{}...);
    }
    (std::index_sequence_for<P...>{});
  }

  template <class... Args>
  PreparedCall(const Launch &L, bool ExplicitLaunch, Args &&...A)
      : Params(std::forward<Args>(A)...) {
    if (ExplicitLaunch)
      if (const char *Problem = launchMismatch(Sig::Dims, L))
        hostError("%s", Problem);
    // A Launch without .threads (one that sets only .block) leaves the
    // threads to the Regions and Ranges, as no Launch does.
    E = {L.threads, 1, 1};
    if (!ExplicitLaunch || Sig::Dims > 1 || (L.threads == 0 && Sig::Dims)) {
      E = {0, 0, 0};
      forEachParam(
          [&](auto... I) { (growExtent(E, std::get<I>(Params)), ...); });
    }

    if (checkDisjointRequested() && !inSelfPartitionedCall())
      forEachParam([&](auto... I) {
        auto Check = [&](const auto &V, unsigned Argument) {
          forEachLeaf(V, 0, [&](const auto &Leaf, unsigned) {
            using V_ = std::remove_cvref_t<decltype(Leaf)>;
            if constexpr (Param<V_>::Dims != 0)
              checkPartition(Leaf.strategy(), Leaf.size(), E, Argument);
          });
        };
        (Check(std::get<I>(Params), unsigned(I) + 1), ...);
      });

    Block = blockShape(Sig::Dims, L);
    if constexpr (Sig::HasTeamMemory)
      if (E.x % Block.x || E.y % Block.y || E.z % Block.z)
        hostError("a kernel with offload::Tile runs whole blocks, but its "
                  "launch of %llu x %llu x %llu threads is not a multiple of "
                  "its block of %llu x %llu x %llu; size its Regions and "
                  "Ranges (or Launch .threads) to whole blocks",
                  (unsigned long long)E.x, (unsigned long long)E.y,
                  (unsigned long long)E.z, (unsigned long long)Block.x,
                  (unsigned long long)Block.y, (unsigned long long)Block.z);

    SlotWriter W{Ptrs, Sizes, Types, Block};
    W.literal(E.x);
    W.literal(E.y);
    W.literal(E.z);
    W.literal(0); // the first thread along the slowest dimension
    forEachParam([&](auto... I) {
      (Param<P>::put(std::get<decltype(I)::value>(Params), W), ...);
    });
    TeamBytes = W.TeamBytes;
    if (TeamBytes > 48 * 1024)
      hostError("the launch-time tiles of one call take %llu bytes, more "
                "than the 48 KiB a GPU block may share",
                (unsigned long long)TeamBytes);
  }

#if defined(__OFFLOAD_HOST__)
  /// The runtime's request to launch Kernel with these slots.
  rt::LaunchRequest request(void (*Kernel)(P...)) {
    return {reinterpret_cast<const void *>(Kernel),
            {E.x, E.y, E.z},
            {std::uint32_t(Block.x), std::uint32_t(Block.y),
             std::uint32_t(Block.z)},
            Sig::NumSlots,
            Ptrs,
            Sizes,
            Types,
            Sig::FoldDims,
            std::uint32_t(TeamBytes)};
  }
#endif
};

#if !defined(__OFFLOAD_HOST__) && !defined(__OFFLOAD_DEVICE__)
/// Without the plugin, as the runtime does: two arguments whose data
/// overlap, one of them written, would each get a device copy of their own
/// on a device, and see each other's writes only here.
inline void checkHostSharing(void *const *Ptrs, const std::int64_t *Sizes,
                             const std::int64_t *Types, unsigned N) {
  auto Mapped = [&](unsigned I) {
    return !(Types[I] & MapTypeLiteral) && Ptrs[I] && Sizes[I] > 0;
  };
  for (unsigned J = 0; J < N; ++J)
    for (unsigned I = 0; I < J; ++I) {
      if (!Mapped(I) || !Mapped(J) || !((Types[I] | Types[J]) & MapTypeFrom))
        continue;
      const auto A = reinterpret_cast<std::uintptr_t>(Ptrs[I]),
                 B = reinterpret_cast<std::uintptr_t>(Ptrs[J]);
      if (A < B + std::uintptr_t(Sizes[J]) && B < A + std::uintptr_t(Sizes[I]))
        hostError("the data of argument slots %u and %u overlap in host "
                  "memory, and the kernel may write one: on a device each "
                  "gets a copy of its own, so one would not see the other's "
                  "writes; pass the data once, or views that do not overlap",
                  I, J);
    }
}
#endif

template <class... P, class... Args>
void run(void (*Kernel)(P...), const Launch &L, bool ExplicitLaunch,
         Args &&...A) {
#if defined(__OFFLOAD_DEVICE__)
  // The device pass compiles kernels, not the host code that launches them.
  (void)Kernel, (void)L, (void)ExplicitLaunch, ((void)A, ...);
#else
  PreparedCall<P...> C(L, ExplicitLaunch, std::forward<Args>(A)...);
#if defined(__OFFLOAD_HOST__)
  rt::launch(C.request(Kernel));
#else
  using Sig = Signature<void (*)(P...)>;
  if (infoBits() & 1)
    std::fprintf(stderr,
                 "offload: info: kernel %p: %llu logical threads run serially "
                 "on the host (not compiled with the cxx-offload plugin)\n",
                 reinterpret_cast<void *>(Kernel),
                 static_cast<unsigned long long>(C.E.count()));
  checkHostSharing(C.Ptrs, C.Sizes, C.Types, Sig::NumSlots);
  // Without a device the slots hold host addresses, which the kernel uses
  // as they are.
  std::uint64_t Slots[Sig::NumSlots];
  for (unsigned I = 0; I < Sig::NumSlots; ++I)
    Slots[I] = reinterpret_cast<std::uint64_t>(C.Ptrs[I]);
  runOnHost(Kernel, Slots);
#endif
#endif
}

/// Whether strategy S can split its data between devices.
template <class S>
concept SplitsByPart = requires(const S St) {
  St.part(std::int64_t(), std::int64_t(), 0u);
};
template <class P> struct SplitParam { static constexpr bool Splits = true; };
template <class T, class S> struct SplitParam<Region<T, S>> {
  static constexpr bool Splits = SplitsByPart<S>;
};
template <class T, class S>
struct SplitParam<const Region<T, S> &> : SplitParam<Region<T, S>> {};
template <class P> struct IsAtomicParam : std::false_type {};
template <class T> struct IsAtomicParam<Atomic<T>> : std::true_type {};
template <class T> struct IsHaloArg : std::false_type {};
template <class T> struct IsHaloArg<Halo<T>> : std::true_type {};
template <class P> struct IsReduceParam : std::false_type {};
template <class Op> struct IsReduceParam<Reduce<Op>> : std::true_type {};
/// What a device set needs to know of the leaves of parameter type P
/// (itself, or the members of a struct of views).
template <class P, class Leaves = LeafTypes<P>> struct OnLeaves;
template <class P, class... L> struct OnLeaves<P, std::tuple<L...>> {
  static constexpr bool AnyAtomic = (IsAtomicParam<L>::value || ...);
  static constexpr bool AllSplit = (SplitParam<L>::Splits && ...);
};
template <class P> struct IsReadSpan : std::false_type {};
template <class T, std::size_t N>
struct IsReadSpan<std::span<const T, N>> : std::true_type {};

#if defined(__OFFLOAD_HOST__)
template <class S>
void partOf(const void *Strategy, std::int64_t First, std::int64_t Last,
            std::uint64_t Size, std::uint64_t *OffsetAndLength) {
  const Span P = static_cast<const S *>(Strategy)->part(First, Last, Size);
  OffsetAndLength[0] = P.offset;
  OffsetAndLength[1] = P.length;
}

/// Describes leaf V (in slot Slot of Call) for the runtime's split of a
/// call on a device set; Halo is the width of halo() data, or -1.
template <class V>
void describeSetSlot(const V &Leaf, std::int64_t Halo, rt::SetCall &Call,
                     rt::SetSlot &Slot) {
  if constexpr (Param<V>::Dims != 0) {
    using S = std::remove_cvref_t<decltype(Leaf.strategy())>;
    if constexpr (SplitsByPart<S>) {
      // The first Region or Range with part() splits halo() data.
      if (!Call.SplitPart) {
        Call.SplitStrategy = &Leaf.strategy();
        Call.SplitPart = &partOf<S>;
        Call.SplitElements = Leaf.size();
      }
      if constexpr (Param<V>::Info.Kind == ParamKind::Region) {
        Slot.How = rt::SetSlot::Split;
        Slot.ElementBytes = sizeof(typename V::value_type);
        Slot.Elements = Leaf.size();
        Slot.Strategy = &Leaf.strategy();
        Slot.Part = &partOf<S>;
      }
    }
  } else if constexpr (IsReadSpan<V>::value) {
    if (Halo < 0)
      return;
    Slot.How = rt::SetSlot::Halo;
    Slot.ElementBytes = sizeof(typename V::element_type);
    Slot.Elements = Leaf.size();
    Slot.HaloWidth = Halo;
  } else if constexpr (IsReduceParam<V>::value) {
    using Value = typename V::value_type;
    static_assert(sizeof(Value) <= sizeof(Slot.Identity));
    Slot.How = rt::SetSlot::Reduction;
    Slot.ElementBytes = sizeof(Value);
    Slot.Result = Leaf.result();
    const Value Identity = V::op_type::identity();
    __builtin_memcpy(Slot.Identity, &Identity, sizeof(Value));
    Slot.Combine = [](void *Total, const void *Part) {
      Value &T = *static_cast<Value *>(Total);
      T = V::op_type::combine(
          T, getWords<Value>(static_cast<const std::uint64_t *>(Part)));
    };
  }
}
#endif

/// A call on a device set: the runtime gives each device a slab of the
/// threads along the slowest dimension with the elements of each Region
/// that its slab owns (Strategy::part), the reads of a halo() argument
/// widened by its halo, the rest of the read-only data whole; reductions
/// start from the identity on every device and combine on the host, in
/// device order. Here each slot is described.
template <class... P, class... Args>
void runOnSet(const Devices &Set, void (*Kernel)(P...), const Launch &L,
              bool ExplicitLaunch, Args &&...A) {
  static_assert(
      (!OnLeaves<P>::AnyAtomic && ...),
      "offload() on a device set: offload::Atomic data cannot be split "
      "between devices (each would update its own copy); use an "
      "offload::Reduce, or run the kernel on one device");
  static_assert((OnLeaves<P>::AllSplit && ...),
                "offload() on a device set: a Region's strategy has no "
                "part(first, last, size), so the Region cannot be split "
                "between devices (GridStride1D, Columns2D and index lists "
                "cannot); use Linear1D, Chunked1D, Rows2D, Grid2D or Grid3D");
#if !defined(__OFFLOAD_HOST__)
  // The device pass builds the kernel, the serial fallback runs it whole.
  if (Set.empty())
    hostError("offload() on an empty offload::Devices");
  run(Kernel, L, ExplicitLaunch, std::forward<Args>(A)...);
#else
  using Sig = Signature<void (*)(P...)>;
  // Which arguments are halo() data, and how wide their halos are.
  const std::int64_t HaloOf[] = {
      [&](const auto &Arg) -> std::int64_t {
        if constexpr (IsHaloArg<std::remove_cvref_t<decltype(Arg)>>::value)
          return static_cast<std::int64_t>(Arg.width());
        else
          return -1;
      }(A)...,
      -1};
  PreparedCall<P...> C(L, ExplicitLaunch, std::forward<Args>(A)...);
  rt::SetSlot Slots[Sig::NumSlots];
  rt::SetCall Call{.Whole = C.request(Kernel),
                   .Slots = Slots,
                   .Devices = Set.begin(),
                   .NumDevices = Set.size(),
                   .OneKind = Sig::ChoosesThreads};
  Call.Whole.OriginDim = splitDimension(Sig::Dims);
  C.forEachParam([&](auto... I) {
    auto Describe = [&](auto Index) {
      constexpr std::size_t Arg = decltype(Index)::value;
      using V = std::remove_cvref_t<decltype(std::get<Arg>(C.Params))>;
      // The read-only members of a struct of views are copied whole.
      const std::int64_t Halo =
          Param<V>::Info.Kind == ParamKind::Struct ? -1 : HaloOf[Arg];
      forEachLeaf(std::get<Arg>(C.Params), LaunchSlots + Sig::Offsets[Arg],
                  [&](const auto &Leaf, unsigned Slot) {
                    describeSetSlot(Leaf, Halo, Call, Slots[Slot]);
                  });
    };
    (Describe(I), ...);
  });
  rt::launchOnSet(Call);
#endif
}

/// A call the checks rejected: the plugin reported it with its source
/// location; without the plugin the static_assert says what is wrong.
template <CallError Error> void reportCallError() {
#if defined(__OFFLOAD_HOST__)
  // The plugin has reported this call with its source location.
  rt::invalidCall(__PRETTY_FUNCTION__);
#elif !defined(__OFFLOAD_DEVICE__)
  static_assert(Error != CallError::NotAFunction,
                "offload(): the kernel must be a function returning void, or "
                "a lambda or function object with one call operator "
                "returning void");
  static_assert(Error != CallError::WrongArity,
                "offload(): the number of arguments does not match the "
                "kernel's parameters");
  static_assert(Error != CallError::UnsupportedParameter,
                "offload(): a kernel parameter has an unsupported type; use "
                "scalars, std::span<const T>, const std::vector<T>&, const "
                "std::array<T, N>&, offload::Region, offload::Range, "
                "offload::Reduce or offload::Atomic");
  static_assert(Error != CallError::ArgumentMismatch,
                "offload(): an argument cannot be converted to its kernel "
                "parameter (mutable Regions need non-const data)");
  static_assert(Error != CallError::NoGeometry,
                "offload(): the kernel has no Region or Range parameter; "
                "pass offload::Launch{.threads = N} before the kernel");
#endif
}

/// Runs the checked call on Set, or on the selected device without one.
template <bool OnSet, class Fn, class... Args>
void runOn(const Devices *Set, Fn Kernel, const Launch &L, bool ExplicitLaunch,
           Args &&...A) {
  if constexpr (OnSet)
    runOnSet(*Set, Kernel, L, ExplicitLaunch, std::forward<Args>(A)...);
  else
    run(Kernel, L, ExplicitLaunch, std::forward<Args>(A)...);
}

template <class Kernel, bool ExplicitLaunch, bool OnSet = false, class... Args>
void dispatch(const Devices *Set, const Launch &L, Kernel &&K, Args &&...A) {
#if defined(__OFFLOAD_DEVICE__)
  // A device compile needs a closure's entry, not the host's launch (whose
  // instantiation was most of a small device compile's templates).
  if constexpr (Closure<Kernel>) {
    using Call = ClosureCall<Kernel>;
    if constexpr (checkCall<typename Call::Kernel, ExplicitLaunch, Kernel,
                            Args...>() == CallError::None)
      (void)closureEntryFor<Call>(
          std::make_index_sequence<
              Signature<typename Call::Kernel>::NumSlots>{});
  }
  (void)Set, (void)L, (void)K, ((void)A, ...);
#else
  if constexpr (Closure<Kernel>) {
    // A closure runs as callClosure, with the object as first argument.
    using Call = ClosureCall<Kernel>;
    constexpr CallError Error =
        checkCall<typename Call::Kernel, ExplicitLaunch, Kernel, Args...>();
    if constexpr (Error == CallError::None)
      runOn<OnSet>(Set, Call::Function, L, ExplicitLaunch,
                   std::forward<Kernel>(K), std::forward<Args>(A)...);
    else
      reportCallError<Error>();
  } else {
    using Fn = KernelPtr<Kernel>;
    constexpr CallError Error = checkCall<Fn, ExplicitLaunch, Args...>();
    if constexpr (Error == CallError::None)
      runOn<OnSet>(Set, static_cast<Fn>(K), L, ExplicitLaunch,
                   std::forward<Args>(A)...);
    else
      reportCallError<Error>();
  }
#endif
}

/// offload_args: maps the arguments as offload() would, calls the host
/// function with views of the device copies, and maps back.
template <class R, class... P, class... Args>
R callMapped(R (*Function)(P...), Args &&...A) {
  using Sig = Signature<R (*)(P...)>;
  constexpr unsigned N = Sig::NumSlots - LaunchSlots;
  std::tuple<P...> Params(std::forward<Args>(A)...);
  void *Ptrs[N + 1];
  std::int64_t Sizes[N + 1], Types[N + 1];
  SlotWriter W{Ptrs, Sizes, Types};
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (Param<P>::put(std::get<I>(Params), W), ...);
  }
  (std::index_sequence_for<P...>{});

  std::uint64_t Values[N + 1];
#if defined(__OFFLOAD_HOST__)
  void *Token = rt::enterCall({reinterpret_cast<const void *>(Function),
                               {0, 0, 0},
                               {0, 0, 0},
                               N,
                               Ptrs,
                               Sizes,
                               Types},
                              Values);
#else
  checkHostSharing(Ptrs, Sizes, Types, N);
  for (unsigned I = 0; I < N; ++I)
    Values[I] = reinterpret_cast<std::uint64_t>(Ptrs[I]);
#endif
  std::tuple<typename Param<P>::State...> States;
  auto Call = [&]<std::size_t... I>(std::index_sequence<I...>)->R {
    return Function(Param<P>::rebuild(
        Values + std::integral_constant<unsigned, Sig::Offsets[I]>::value,
        Unbound, std::get<I>(States))...);
  };
#if defined(__OFFLOAD_HOST__)
  // Every way out, an exception from Function included, copies the mutable
  // data back and frees the device copies.
  struct ExitCall {
    void *Token;
    ~ExitCall() { rt::exitCall(Token); }
  } Exit{Token};
#endif
  return Call(std::index_sequence_for<P...>{});
}

} // namespace detail

/// Bytes copied between host and device, and the time it took, per
/// direction, since the program started (all zero without the plugin).
struct TransferTotals {
  std::uint64_t to_device_bytes = 0, from_device_bytes = 0;
  double to_device_seconds = 0, from_device_seconds = 0;
};
OFFLOAD_HOST_ONLY inline TransferTotals transfer_totals() {
#if defined(__OFFLOAD_HOST__)
  detail::rt::Totals T = detail::rt::totals();
  return {T.ToDeviceBytes, T.FromDeviceBytes, T.ToDeviceSeconds,
          T.FromDeviceSeconds};
#else
  return {};
#endif
}

/// Waits until every kernel queued on preloaded data has finished; a kernel
/// that failed ends the program with a message naming it. Timing a loop of
/// such calls needs this, as CUDA code needs cudaDeviceSynchronize().
OFFLOAD_HOST_ONLY inline void synchronize() {
#if defined(__OFFLOAD_HOST__)
  detail::rt::synchronize();
#endif
}

/// What a kernel uses of the selected GPU, per thread (as cuobjdump
/// --dump-resource-usage reports it), how many of its threads the GPU runs
/// at once (the grid of one full wave: a good GridStride1D size; on the
/// host device 16384, which gives each of a launch's chunks one contiguous
/// run), and the largest block it can be launched with (its registers may
/// allow fewer than the GPU's 1024 threads); -1 where the device does not
/// say (the host device's registers and blocks) or the kernel was not
/// compiled for it.
struct KernelResources {
  int registers = -1;
  int local_bytes = -1;
  std::int64_t resident_threads = -1;
  int max_block = -1;
};
template <class Kernel>
OFFLOAD_HOST_ONLY KernelResources kernel_resources(Kernel &&K) {
  KernelResources R;
#if defined(__OFFLOAD_HOST__)
  detail::rt::kernelResources(detail::kernelKey(K), &R.registers,
                              &R.local_bytes, &R.resident_threads,
                              &R.max_block);
#else
  (void)K;
#endif
  return R;
}

/// Interface B: maps Args by Function's parameter types, exactly as offload()
/// maps a kernel's, calls Function on the host with views whose data() are
/// the device copies (for vendor libraries: cuBLAS, rocBLAS), then copies
/// mutable data back. Returns what Function returns. Function must finish
/// its device work before returning, or leave it to the runtime's
/// device synchronisation after the call.
template <class Function, class... Args>
OFFLOAD_HOST_ONLY decltype(auto) offload_args(Function &&F, Args &&...A) {
  using Fn = detail::KernelPtr<Function>;
  using Sig = detail::Signature<Fn>;
  static_assert(Sig::IsFunction,
                "offload_args(): the first argument must be a function");
  if constexpr (Sig::IsFunction) {
    static_assert(Sig::Arity == sizeof...(Args),
                  "offload_args(): the number of arguments does not match "
                  "the function's parameters");
    static_assert(Sig::Supported,
                  "offload_args(): a parameter has a type offload() cannot "
                  "map");
    static_assert(Sig::HostCallable,
                  "offload_args(): a Range, a reduction (offload::ReduceSum, "
                  "...) or team memory exists only among a kernel's threads, "
                  "and a host function would get none of it; pass a size as "
                  "a scalar and a result through a Region or the function's "
                  "return value, or call offload() with a kernel");
    static_assert(detail::ArgsFit<Fn, Args...>::value,
                  "offload_args(): an argument cannot be converted to its "
                  "parameter");
#if defined(__OFFLOAD_DEVICE__)
    (void)F, ((void)A, ...);
    if constexpr (!std::is_void_v<typename Sig::Result>)
      return typename Sig::Result{};
#else
    if constexpr (Sig::HostCallable)
      return detail::callMapped(static_cast<Fn>(F), std::forward<Args>(A)...);
#endif
  }
}

/// Runs Kernel on the selected device with Args mapped by the kernel's
/// parameter types; the launch has as many logical threads as the Region
/// arguments ask for. Returns when the kernel has finished and the mutable
/// data is back on the host, except when every argument is preloaded (or a
/// scalar): then, on a GPU, the call only queues the kernel, and the next
/// call that needs the host, a preload's sync or release, or synchronize()
/// waits for it.
template <class Kernel, class... Args>
requires(!std::is_same_v<std::remove_cvref_t<Kernel>, Launch> &&
         !std::is_same_v<std::remove_cvref_t<Kernel>, Devices>)
    OFFLOAD_HOST_ONLY void offload(Kernel &&K, Args &&...A) {
  detail::dispatch<Kernel, false>(nullptr, Launch{}, std::forward<Kernel>(K),
                                  std::forward<Args>(A)...);
}

/// The same with explicit launch geometry.
template <class Kernel, class... Args>
OFFLOAD_HOST_ONLY void offload(Launch L, Kernel &&K, Args &&...A) {
  detail::dispatch<Kernel, true>(nullptr, L, std::forward<Kernel>(K),
                                 std::forward<Args>(A)...);
}

/// Runs Kernel on the devices of Set at once, each on a slab of the logical
/// threads with its part of the data (offload/devices.hpp); returns when
/// every part has returned as a call on one device would.
template <class Kernel, class... Args>
requires(!std::is_same_v<std::remove_cvref_t<Kernel>, Launch>) OFFLOAD_HOST_ONLY
    void offload(const Devices &Set, Kernel &&K, Args &&...A) {
  detail::dispatch<Kernel, false, true>(&Set, Launch{}, std::forward<Kernel>(K),
                                        std::forward<Args>(A)...);
}

/// The same with explicit launch geometry.
template <class Kernel, class... Args>
OFFLOAD_HOST_ONLY void offload(const Devices &Set, Launch L, Kernel &&K,
                               Args &&...A) {
  detail::dispatch<Kernel, true, true>(&Set, L, std::forward<Kernel>(K),
                                       std::forward<Args>(A)...);
}

} // namespace offload
