//===- offload/detail/params.hpp - Kernel parameters and their slots ------===//
//
// The kernel's parameter types decide the data movement. Param<P> describes
// one declared parameter type P:
//   - Info: its kind, how it is mapped, and how many 8-byte argument slots it
//     takes in the OpenMP kernel ABI (the runtime translates a mapped slot to
//     the device address of the data);
//   - put(): host side, writes its slots;
//   - rebuild(): kernel side, makes the parameter's value for one logical
//     thread from the slots (and from the thread's State, for reductions);
//   - start(): host device only, once before the logical threads run;
//   - finish(): kernel side, after the kernel body (reductions combine);
//   - shareWarpTotal(), finishBlock(), placeBlockTotal(): GPU kernels with
//     reductions, around the block's barrier;
//   - loadTotals(), combinePlaces(), writeResult(): GPU kernels with
//     reductions, in the launch's last block;
//   - Dims/extent(): the launch geometry a Region or Range asks for.
// The plugin reads Signature<F>::Params and NumSlots from the AST, so this
// file is the single source of truth for the argument layout.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/atomic.hpp>
#include <offload/detail/abi.hpp>
#include <offload/detail/members.hpp>
#include <offload/reduce.hpp>
#include <offload/region.hpp>
#include <offload/team.hpp>

#if defined(__OFFLOAD_DEVICE__) && (defined(__NVPTX__) || defined(__AMDGPU__))
#define OFFLOAD_GPU_CODE 1
#include <offload/detail/gpu.hpp>
#endif

#include <algorithm>
#include <array>
#include <cstdint>
#include <new>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

// Host code: a call that clang inlines whatever its heuristics say (down
// from a host chunk to its call per thread: out of line, the kernel's
// parameters and reductions would live in memory), and one it keeps out of
// line (the rare threads past the data, so that the kernel's body is not
// inlined twice).
#if defined(__clang__) && !defined(OFFLOAD_GPU_CODE)
#define OFFLOAD_INLINE_CALL [[clang::always_inline]]
#define OFFLOAD_OUTLINE_CALL [[clang::noinline]]
#else
#define OFFLOAD_INLINE_CALL
#define OFFLOAD_OUTLINE_CALL
#endif
// GPU code: a kernel's scaffolding (Signature::invoke) and the kernel itself,
// inlined into its one entry whatever their size. Out of line (a scan's
// tiles, inlined into it, made it too large for the inliner), the slots went
// through the stack and every pointer became generic: no global loads or
// stores, 27 stack stores, SCAN 1.24 of CUDA (benchmarks/rajaperf/RESULTS.md,
// 2026-12-06); a sort's merge pass of keys and values took 68 us where the
// keys alone, inlined, took 20.
#if defined(OFFLOAD_GPU_CODE)
#define OFFLOAD_ENTRY_INLINE_CALL [[clang::always_inline]]
#else
#define OFFLOAD_ENTRY_INLINE_CALL
#endif

namespace offload::detail {

/// The dimension along which a launch of Dims dimensions is split between
/// devices: its slowest one.
constexpr unsigned splitDimension(unsigned Dims) {
  return Dims <= 1 ? 0 : Dims - 1;
}

/// Host side: fills the per-slot argument arrays the runtime reads.
struct SlotWriter {
  void **Ptrs;
  std::int64_t *Sizes;
  std::int64_t *Types;
  /// The launch's block shape, which team memory passes on.
  Extent Block{};
  unsigned Count = 0;
  /// Bytes of the launch-time tiles so far: each starts at a multiple of 16.
  std::uint64_t TeamBytes = 0;

  void literal(std::uint64_t Value) {
    Ptrs[Count] = reinterpret_cast<void *>(Value);
    Sizes[Count] = sizeof(Value);
    Types[Count++] = MapTypeLiteral;
  }
  void map(const void *Data, std::uint64_t Bytes, MapKind Kind) {
    Ptrs[Count] = const_cast<void *>(Data);
    Sizes[Count] = static_cast<std::int64_t>(Bytes);
    Types[Count++] = (Kind == MapKind::From ? 0 : MapTypeTo) |
                     (Kind == MapKind::To ? 0 : MapTypeFrom);
  }
};

template <class T> inline constexpr unsigned SlotsFor = (sizeof(T) + 7) / 8;
template <class S>
inline constexpr unsigned StrategySlots = std::is_empty_v<S> ? 0 : SlotsFor<S>;

template <class T> struct IsView : std::false_type {};
template <class T, class S> struct IsView<Region<T, S>> : std::true_type {};
template <class S> struct IsView<Range<S>> : std::true_type {};
template <class Op> struct IsView<Reduce<Op>> : std::true_type {};
template <class T> struct IsView<Atomic<T>> : std::true_type {};

} // namespace offload::detail

// What makes an aggregate a struct of views (offload/detail/members.hpp).
template <class T, class S>
struct offload::detail::members::IsView<offload::Region<T, S>>
    : std::true_type {};
template <class S>
struct offload::detail::members::IsView<offload::Range<S>> : std::true_type {};
template <class Op>
struct offload::detail::members::IsView<offload::Reduce<Op>> : std::true_type {
};
template <class T>
struct offload::detail::members::IsView<offload::Atomic<T>> : std::true_type {};
template <class T, std::size_t N>
struct offload::detail::members::IsView<offload::Tile<T, N>> : std::true_type {
};
template <class T, std::size_t R, std::size_t C>
struct offload::detail::members::IsView<offload::Tile2D<T, R, C>>
    : std::true_type {};

namespace offload::detail {

/// An aggregate with a raw pointer among its members, at any depth: never a
/// kernel parameter (the plugin names the member).
template <class T>
concept AggregateWithPointer = members::Aggregate<T> &&
    members::holds<T, members::IsPointer>();

/// Small trivially copyable values travel in the argument slots themselves.
template <class T>
concept ByValue = !std::is_pointer_v<T> && !std::is_member_pointer_v<T> &&
                  !IsView<T>::value && !IsSpan<T>::value &&
                  (std::is_arithmetic_v<T> || std::is_enum_v<T> ||
                   (std::is_class_v<T> && std::is_trivially_copyable_v<T> &&
                    !AggregateWithPointer<T> && !members::StructOfViews<T>)) &&
                  sizeof(T) <= 256;

/// Copies a value into whole slots and back.
template <class T> void putWords(const T &V, SlotWriter &W) {
  std::uint64_t Words[SlotsFor<T>] = {};
  __builtin_memcpy(Words, &V, sizeof(T));
  for (std::uint64_t Word : Words)
    W.literal(Word);
}
/// The value back from its slots. T may have no default constructor (a
/// lambda's closure), so the bytes go to storage aligned for T, where
/// copying them creates a T (T is trivially copyable, so of implicit
/// lifetime). Not std::bit_cast: g++ 12 stops counting a closure as
/// trivially copyable once something has asked whether it is copy
/// assignable, and then rejects the cast.
template <class T> T getWords(const std::uint64_t *S) {
  alignas(T) unsigned char Bytes[sizeof(T)];
  __builtin_memcpy(Bytes, S, sizeof(T));
  return *std::launder(reinterpret_cast<T *>(Bytes));
}

/// A Region's or Range's strategy: its bytes in the slots, except an
/// Indexed, Segments or StridedSegments list, which is mapped to the device
/// like read-only data.
template <class S> struct StrategyParam {
  static void put(const S &Strat, SlotWriter &W) {
    if constexpr (StrategySlots<S> != 0)
      putWords(Strat, W);
  }
  static S rebuild(const std::uint64_t *Slot) {
    if constexpr (StrategySlots<S> != 0)
      return getWords<S>(Slot);
    else
      return S{};
  }
};
template <class I> struct StrategyParam<Indexed<I>> {
  static_assert(StrategySlots<Indexed<I>> == 2);
  static void put(const Indexed<I> &Strat, SlotWriter &W) {
    W.map(Strat.indices.data(), Strat.indices.size_bytes(), MapKind::To);
    W.literal(Strat.indices.size());
  }
  static Indexed<I> rebuild(const std::uint64_t *Slot) {
    return std::span<const I>(reinterpret_cast<const I *>(Slot[0]), Slot[1]);
  }
};

template <class I> struct StrategyParam<Segments<I>> {
  static_assert(StrategySlots<Segments<I>> == 2);
  static void put(const Segments<I> &Strat, SlotWriter &W) {
    W.map(Strat.offsets.data(), Strat.offsets.size_bytes(), MapKind::To);
    W.literal(Strat.offsets.size());
  }
  static Segments<I> rebuild(const std::uint64_t *Slot) {
    return std::span<const I>(reinterpret_cast<const I *>(Slot[0]), Slot[1]);
  }
};

template <class I> struct StrategyParam<StridedSegments<I>> {
  static_assert(StrategySlots<StridedSegments<I>> == 3);
  static void put(const StridedSegments<I> &Strat, SlotWriter &W) {
    W.map(Strat.offsets.data(), Strat.offsets.size_bytes(), MapKind::To);
    W.literal(Strat.offsets.size());
    W.literal(Strat.threads);
  }
  static StridedSegments<I> rebuild(const std::uint64_t *Slot) {
    return {std::span<const I>(reinterpret_cast<const I *>(Slot[0]), Slot[1]),
            Slot[2]};
  }
};

/// Host only: the thread indices [From, To) whose elements a parameter's
/// check finds inside its data: linear indices for a strategy of one
/// dimension, x for one of two or three (within the other dimensions'
/// bounds).
struct ThreadsInside {
  std::uint64_t From = 0, To = ~std::uint64_t(0);
};

/// Host only: whether a strategy's check of thread I is one the compiler
/// sees to be implied by a loop over inside() (Linear1D's `I < Size`), and
/// whether it sees it only where the kernel is inlined early, before the
/// loop's facts are lost: a lower bound (Interval1D's `begin <= I`), or
/// an upper one that is not the launch's (Grid2D's `x < width` in a loop
/// to `min(launch width, width)`).
template <class S> struct ThreadBounds {
  static constexpr bool Bounds = false, InlineEarly = false;
  static ThreadsInside inside(const std::uint64_t *, std::uint64_t) {
    return {};
  }
};
template <> struct ThreadBounds<Linear1D> {
  static constexpr bool Bounds = true, InlineEarly = false;
  static ThreadsInside inside(const std::uint64_t *, std::uint64_t Size) {
    return {0, Size};
  }
};
template <> struct ThreadBounds<Interval1D> {
  static constexpr bool Bounds = true, InlineEarly = true;
  static ThreadsInside inside(const std::uint64_t *Slot, std::uint64_t Size) {
    const auto Within = getWords<Interval1D>(Slot);
    return {Within.begin, std::min(Within.end, Size)};
  }
};
template <> struct ThreadBounds<Grid2D> {
  static constexpr bool Bounds = true, InlineEarly = true;
  static ThreadsInside inside(const std::uint64_t *Slot, std::uint64_t) {
    const Box2D Box = getWords<Grid2D>(Slot).box;
    return {0, Box.col_end - Box.col_begin};
  }
};
template <> struct ThreadBounds<Grid3D> {
  static constexpr bool Bounds = true, InlineEarly = true;
  static ThreadsInside inside(const std::uint64_t *Slot, std::uint64_t) {
    const Box3D Box = getWords<Grid3D>(Slot).box;
    return {0, Box.i_end - Box.i_begin};
  }
};

struct TileAccess {
  template <class T, std::size_t N>
  static Tile<T, N> bind(T *Data, std::uint32_t Rank, std::uint32_t Threads,
                         void *State, std::size_t Elements = N) {
    return Tile<T, N>(Data, Rank, Threads, State, Elements);
  }
  template <class T, std::size_t R, std::size_t C>
  static Tile2D<T, R, C> bind(T *Data, std::uint32_t Rank,
                              std::uint32_t Threads, void *State) {
    return Tile2D<T, R, C>(Data, Rank, Threads, State);
  }
  /// The tile's memory, for library code that writes other than through
  /// fill() (offload/scan.hpp: results staged for coalesced stores).
  template <class T, std::size_t N> static T *data(Tile<T, N> &Scratch) {
    return Scratch.Data;
  }
  /// A block scan's inclusive prefix, the one before it and the total.
  template <class T, std::size_t N, class Op>
  static auto scan(Tile<T, N> &Scratch, const T &V, Op &Combine) {
    return Scratch.scan(V, Combine);
  }
};

/// Per-thread state of a parameter in a kernel entry; only reductions have
/// one.
struct NoState {};

/// What every parameter kind has unless it says otherwise.
struct ParamDefaults {
  using State = NoState;
  static constexpr unsigned Dims = 0; // asks for no launch geometry
  /// Whether its strategy sets how many threads run (GridStride1D).
  static constexpr bool ChoosesThreads = false;
  static void start(const std::uint64_t *) {}
  template <unsigned Position>
  static void finish(const std::uint64_t *, NoState &) {}
  static constexpr bool CombinesBlocks = false;
  template <unsigned Position> static void shareWarpTotal(NoState &) {}
  template <unsigned Position> static void finishBlock(NoState &) {}
  template <unsigned Position> static void placeBlockTotal(NoState &) {}
  template <unsigned Position> static NoState loadTotals() { return {}; }
  template <unsigned Position> static NoState combinePlaces(NoState) {
    return {};
  }
  template <unsigned Position>
  static void writeResult(const std::uint64_t *, NoState) {}
  /// Host only: what one chunk of a launch's threads (runOnHost) writes
  /// apart from the others (a reduction's partial result): redirect() points
  /// a copy of the slots at it, gather() combines it into the result.
  struct HostPartial {};
  static void redirect(std::uint64_t *, HostPartial &) {}
  static void gather(const std::uint64_t *, const HostPartial &) {}
  /// Host only: whether the threads threadsInside(Slots) all find their
  /// element inside the data, by a check the compiler sees to be implied
  /// (ThreadBounds).
  static constexpr bool BoundsThreads = false, InlinesEarly = false;
  static ThreadsInside threadsInside(const std::uint64_t *) { return {}; }
};

/// Unsupported parameter types: the plugin diagnoses them.
template <class P> struct Param : ParamDefaults {
  static constexpr ParamInfo Info{ParamKind::Unsupported, MapKind::None, 0};
};

/// Scalars and small trivially copyable structs, by value or by const&.
template <ByValue T> struct Param<T> : ParamDefaults {
  static constexpr ParamInfo Info{ParamKind::Value, MapKind::Literal,
                                  SlotsFor<T>};
  static void put(const T &V, SlotWriter &W) { putWords(V, W); }
  static T rebuild(const std::uint64_t *S, const ThreadIndex &, NoState &) {
    return getWords<T>(S);
  }
};
template <ByValue T> struct Param<const T &> : Param<T> {};

/// Mutable data: copied to the device and back, split among threads.
template <class T, class S> struct Param<Region<T, S>> : ParamDefaults {
  static constexpr ParamInfo Info{ParamKind::Region, MapKind::ToFrom,
                                  2 + StrategySlots<S>};
  static constexpr unsigned Dims = S::dims;
  static constexpr bool ChoosesThreads = std::is_same_v<S, GridStride1D>;
  static Extent extent(const Region<T, S> &R) { return R.extent(); }
  static void put(const Region<T, S> &R, SlotWriter &W) {
    W.map(R.data(), R.size() * sizeof(T), MapKind::ToFrom);
    W.literal(R.size());
    StrategyParam<S>::put(R.strategy(), W);
  }
  static Region<T, S> rebuild(const std::uint64_t *Slot,
                              const ThreadIndex &Thread, NoState &) {
    return RegionAccess::bind(reinterpret_cast<T *>(Slot[0]), Slot[1], Thread,
                              StrategyParam<S>::rebuild(Slot + 2));
  }
  static constexpr bool BoundsThreads = ThreadBounds<S>::Bounds,
                        InlinesEarly = ThreadBounds<S>::InlineEarly;
  static ThreadsInside threadsInside(const std::uint64_t *Slot) {
    return ThreadBounds<S>::inside(Slot + 2, Slot[1]);
  }
};
template <class T, class S>
struct Param<const Region<T, S> &> : Param<Region<T, S>> {};

/// An index space: its size and strategy, by value.
template <class S> struct Param<Range<S>> : ParamDefaults {
  static constexpr ParamInfo Info{ParamKind::Range, MapKind::Literal,
                                  1 + StrategySlots<S>};
  static constexpr unsigned Dims = S::dims;
  static constexpr bool ChoosesThreads = std::is_same_v<S, GridStride1D>;
  static Extent extent(const Range<S> &R) { return R.extent(); }
  static void put(const Range<S> &R, SlotWriter &W) {
    W.literal(R.size());
    StrategyParam<S>::put(R.strategy(), W);
  }
  static Range<S> rebuild(const std::uint64_t *Slot, const ThreadIndex &Thread,
                          NoState &) {
    return RegionAccess::bind(Slot[0], Thread,
                              StrategyParam<S>::rebuild(Slot + 1));
  }
  static constexpr bool BoundsThreads = ThreadBounds<S>::Bounds,
                        InlinesEarly = ThreadBounds<S>::InlineEarly;
  static ThreadsInside threadsInside(const std::uint64_t *Slot) {
    return ThreadBounds<S>::inside(Slot + 1, Slot[0]);
  }
};
template <class S> struct Param<const Range<S> &> : Param<Range<S>> {};

/// A reduction: the variable's value travels by value, and its result comes
/// back. Each thread combines into a partial of its own; on a GPU, finish()
/// combines a warp's partials in a tree, finishBlock() the warps' totals,
/// and placeBlockTotal() adds the block's total into one of the launch's
/// places on the device (gpu::blockTotals); in the launch's last block,
/// combinePlaces() combines the places and writeResult() adds the value and
/// writes the result: one launch, and one small copy back. The kernel entry
/// runs each step for all of a kernel's reductions together.
template <class Op> struct Param<Reduce<Op>> : ParamDefaults {
  using V = typename Op::value_type;
  static constexpr ParamInfo Info{ParamKind::Reduction, MapKind::From,
                                  1 + SlotsFor<V>};
  static constexpr bool CombinesBlocks = true;
  struct State {
    V Partial = Op::identity();
  };
  static void put(const Reduce<Op> &R, SlotWriter &W) {
    W.map(R.result(), sizeof(V), MapKind::From);
    putWords(*R.result(), W);
  }
  static void start(const std::uint64_t *Slot) {
    *reinterpret_cast<V *>(Slot[0]) = getWords<V>(Slot + 1);
  }
  // A line of its own: chunks running on different threads share none, and
  // the stores of a kernel's partials at a chunk's end are not adjacent, or
  // else the SLP vectorizer packs unrelated reductions (REDUCE_STRUCT's
  // minima and maxima) into vectors, whose blends made its loop 2.3 times
  // slower than scalar minsd/maxsd.
  struct alignas(64) HostPartial {
    V Value;
  };
  static void redirect(std::uint64_t *Slot, HostPartial &Own) {
    Own.Value = Op::identity();
    Slot[0] = reinterpret_cast<std::uintptr_t>(&Own.Value);
  }
  static void gather(const std::uint64_t *Slot, const HostPartial &Own) {
    V *Result = reinterpret_cast<V *>(Slot[0]);
    *Result = Op::combine(*Result, Own.Value);
  }
  static Reduce<Op> rebuild(const std::uint64_t *Slot, const ThreadIndex &,
                            State &St) {
    return ReduceAccess::bind<Op>(reinterpret_cast<V *>(Slot[0]), &St.Partial);
  }
  /// Position (the parameter's first slot) tells a kernel's reductions
  /// apart on the device.
  template <unsigned Position>
  static void finish(const std::uint64_t *Slot, State &St) {
#if defined(OFFLOAD_GPU_CODE)
    (void)Slot;
    St.Partial = gpu::reduceInWarp<Op>(St.Partial);
#else
    // The host runs the logical threads one after the other, after start().
    V *Result = reinterpret_cast<V *>(Slot[0]);
    *Result = Op::combine(*Result, St.Partial);
#endif
  }
#if defined(OFFLOAD_GPU_CODE)
  /// Lane 0 of each warp, after finish().
  template <unsigned Position> static void shareWarpTotal(State &St) {
    gpu::shareWarpTotal<Op, Position>(St.Partial);
  }
  /// The first warp's lanes, after the barrier that follows every
  /// reduction's shareWarpTotal(): the block's total into thread 0.
  template <unsigned Position> static void finishBlock(State &St) {
    St.Partial = gpu::combineWarps<Op, Position>();
  }
  /// Thread 0: the block's total into one of the launch's places.
  template <unsigned Position> static void placeBlockTotal(State &St) {
    gpu::atomicCombine<Op>(gpu::blockTotals<Op, Position>() +
                               gpu::blockInGrid() % gpu::TotalPlaces,
                           St.Partial);
  }
  /// The lanes of the last block's first warp: the lane's place of the
  /// launch's totals. Every reduction's places are loaded before any is
  /// combined, so that a kernel's reductions wait for L2 once.
  template <unsigned Position> static V loadTotals() {
    return gpu::loadCoherent(gpu::blockTotals<Op, Position>() +
                             gpu::threadInBlock());
  }
  /// Lane L of the first warp takes places L, L + Lanes, ... (one each
  /// unless the block is smaller than a warp), leaves them at the identity
  /// for the next launch, and the warp's tree gives thread 0 the total.
  template <unsigned Position> static V combinePlaces(V Loaded) {
    V *Places = gpu::blockTotals<Op, Position>();
    const std::uint32_t Lanes = gpu::lanesInWarp0();
    Places[gpu::threadInBlock()] = Op::identity();
    for (std::uint32_t P = gpu::threadInBlock() + Lanes; P < gpu::TotalPlaces;
         P += Lanes) {
      Loaded = Op::combine(Loaded, gpu::loadCoherent(Places + P));
      Places[P] = Op::identity();
    }
    return gpu::warpReduce<Op>(Loaded, Lanes, Lanes);
  }
  /// Thread 0 of the last block: the value combined with the launch's total.
  template <unsigned Position>
  static void writeResult(const std::uint64_t *Slot, V Total) {
    *reinterpret_cast<V *>(Slot[0]) = Op::combine(getWords<V>(Slot + 1), Total);
  }
#endif
};

/// Atomically updated data: copied to the device and back.
template <class T> inline constexpr bool IsAtomic = false;
template <class T> inline constexpr bool IsAtomic<Atomic<T>> = true;

template <class T> struct Param<Atomic<T>> : ParamDefaults {
  static constexpr ParamInfo Info{ParamKind::Atomic, MapKind::ToFrom, 2};
  static void put(const Atomic<T> &A, SlotWriter &W) {
    W.map(A.data(), A.size() * sizeof(T), MapKind::ToFrom);
    W.literal(A.size());
  }
  static Atomic<T> rebuild(const std::uint64_t *Slot, const ThreadIndex &,
                           NoState &) {
    return AtomicAccess::bind(reinterpret_cast<T *>(Slot[0]), Slot[1]);
  }
#if !defined(OFFLOAD_GPU_CODE)
  /// Host: the threads of a chunk hold back their adds to one place
  /// (Atomic::add), made when the place changes and at the chunk's end.
  using State = PendingAdd<T>;
  static Atomic<T> rebuild(const std::uint64_t *Slot, const ThreadIndex &,
                           State &Pending) {
    return AtomicAccess::bind(reinterpret_cast<T *>(Slot[0]), Slot[1],
                              &Pending);
  }
  using ParamDefaults::finish;
  template <unsigned Position>
  static void finish(const std::uint64_t *, State &Pending) {
    Pending.flush();
  }
#endif
};

#if defined(OFFLOAD_GPU_CODE)
/// The launch's dynamic shared memory, which holds its launch-time tiles.
extern "C" __gpu_local alignas(16) unsigned char __offload_team_memory[];
#endif

/// Team memory: no host data. Its slots hold the block shape, which the
/// host device's blocks need (a GPU knows its own); each tile parameter of
/// a kernel (Position, its first slot) has its own shared memory. A
/// launch-time tile (N = dynamic_extent) also has its element count and
/// its place in the launch's dynamic shared memory.
template <class T, std::size_t N> struct Param<Tile<T, N>> : ParamDefaults {
  static constexpr bool Sized = N != dynamic_extent;
  static constexpr ParamInfo Info{ParamKind::TeamMemory, MapKind::Literal,
                                  Sized ? 3u : 5u};
  static void put(const Tile<T, N> &Tile, SlotWriter &W) {
#if !defined(OFFLOAD_GPU_CODE)
    if (Tile.requested() != 0 && Tile.requested() != Tile.size())
      tileMisused("a Tile<T, N> has its size in its type: pass "
                  "offload::team_memory, not team_memory(n)");
    if (Tile.size() == 0)
      tileMisused("a Tile<T> takes its size from the call: pass "
                  "offload::team_memory(n) with n > 0");
#endif
    W.literal(W.Block.x);
    W.literal(W.Block.y);
    W.literal(W.Block.z);
    if constexpr (!Sized) {
      W.literal(Tile.size());
      W.literal(W.TeamBytes);
      W.TeamBytes += (Tile.size() * sizeof(T) + 15) / 16 * 16;
    }
  }
  template <unsigned Position>
  static Tile<T, N> rebuild([[maybe_unused]] const std::uint64_t *Slot,
                            const ThreadIndex &, NoState &) {
#if defined(OFFLOAD_GPU_CODE)
    T *Data;
    if constexpr (Sized) {
      [[clang::loader_uninitialized]] alignas(
          T) static __gpu_local unsigned char Storage[sizeof(T) * N];
      Data = reinterpret_cast<T *>(Storage);
    } else {
      Data = reinterpret_cast<T *>(__offload_team_memory + Slot[4]);
    }
    return TileAccess::bind<T, N>(Data, gpu::threadInBlock(), gpu::blockSize(),
                                  nullptr, Sized ? N : Slot[3]);
#else
    const std::size_t Elements = Sized ? N : Slot[3];
    const abi::HostTile Shared = teamTile(Position, sizeof(T) * Elements);
    return TileAccess::bind<T, N>(static_cast<T *>(Shared.Data),
                                  teamRank(Shared.Rank), Shared.Threads,
                                  Shared.State, Elements);
#endif
  }
};

/// A 2-D tile: Tile's memory and ownership.
template <class T, std::size_t R, std::size_t C>
struct Param<Tile2D<T, R, C>> : Param<Tile<T, R * C>> {
  static void put(const Tile2D<T, R, C> &, SlotWriter &W) {
    Param<Tile<T, R * C>>::put(Tile<T, R * C>(team_memory), W);
  }
  template <unsigned Position>
  static Tile2D<T, R, C> rebuild([[maybe_unused]] const std::uint64_t *Slot,
                                 const ThreadIndex &, NoState &) {
#if defined(OFFLOAD_GPU_CODE)
    [[clang::loader_uninitialized]] alignas(
        T) static __gpu_local unsigned char Storage[sizeof(T) * R * C];
    return TileAccess::bind<T, R, C>(reinterpret_cast<T *>(Storage),
                                     gpu::threadInBlock(), gpu::blockSize(),
                                     nullptr);
#else
    const abi::HostTile Shared = teamTile(Position, sizeof(T) * R * C);
    return TileAccess::bind<T, R, C>(static_cast<T *>(Shared.Data),
                                     teamRank(Shared.Rank), Shared.Threads,
                                     Shared.State);
#endif
  }
};

/// A parameter's value for one thread: team memory also needs its position.
template <class P, unsigned Position, class State>
decltype(auto) rebuildParam(const std::uint64_t *Slot, const ThreadIndex &T,
                            State &St) {
  if constexpr (IsTile<P>::value)
    return Param<P>::template rebuild<Position>(Slot, T, St);
  else
    return Param<P>::rebuild(Slot, T, St);
}

/// Read-only data: copied to the device only.
template <class T, std::size_t E>
struct Param<std::span<const T, E>> : ParamDefaults {
  static_assert(std::is_trivially_copyable_v<T>,
                "read-only kernel data must be trivially copyable");
  static constexpr ParamInfo Info{ParamKind::ReadOnly, MapKind::To, 2};
  static void put(std::span<const T, E> V, SlotWriter &W) {
    W.map(V.data(), V.size_bytes(), MapKind::To);
    W.literal(V.size());
  }
  static std::span<const T, E> rebuild(const std::uint64_t *S,
                                       const ThreadIndex &, NoState &) {
    return std::span<const T, E>(reinterpret_cast<const T *>(S[0]), S[1]);
  }
};

/// A std::vector object whose three pointers refer to the device copy. It is
/// never constructed or destroyed: only its const members (data, size,
/// operator[], iterators) are used, which read those pointers. This relies
/// on the {begin, end, end-of-storage} layout that libstdc++ and libc++ share.
/// The pointers are copied in as bytes: stored as T * they would not alias
/// the vector's members for type-based alias analysis, and g++ -O2 drops
/// such stores as dead.
template <class T> struct VectorShell {
  static_assert(sizeof(std::vector<T>) == 3 * sizeof(T *),
                "unexpected std::vector layout");
  alignas(std::vector<T>) unsigned char Bytes[sizeof(std::vector<T>)];
  VectorShell(T *Begin, std::uint64_t Size) {
    T *const Words[3] = {Begin, Begin + Size, Begin + Size};
    __builtin_memcpy(Bytes, Words, sizeof(Words));
  }
  operator const std::vector<T> &() const {
    return *std::launder(reinterpret_cast<const std::vector<T> *>(Bytes));
  }
};

template <class T> struct Param<const std::vector<T> &> : ParamDefaults {
  static_assert(std::is_trivially_copyable_v<T>,
                "read-only kernel data must be trivially copyable");
  static constexpr ParamInfo Info{ParamKind::ReadOnly, MapKind::To, 2};
  static void put(const std::vector<T> &V, SlotWriter &W) {
    W.map(V.data(), V.size() * sizeof(T), MapKind::To);
    W.literal(V.size());
  }
  static VectorShell<T> rebuild(const std::uint64_t *S, const ThreadIndex &,
                                NoState &) {
    return VectorShell<T>(reinterpret_cast<T *>(S[0]), S[1]);
  }
};

template <class T, std::size_t N>
struct Param<const std::array<T, N> &> : ParamDefaults {
  static_assert(std::is_trivially_copyable_v<T>,
                "read-only kernel data must be trivially copyable");
  static constexpr ParamInfo Info{ParamKind::ReadOnly, MapKind::To, 1};
  static void put(const std::array<T, N> &A, SlotWriter &W) {
    W.map(A.data(), sizeof(A), MapKind::To);
  }
  static const std::array<T, N> &rebuild(const std::uint64_t *S,
                                         const ThreadIndex &, NoState &) {
    return *reinterpret_cast<const std::array<T, N> *>(S[0]);
  }
};

/// The launch geometry parameters ask for: the largest extent of each
/// dimension over the Regions and Ranges.
template <class P> void growExtent(Extent &E, const P &V) {
  if constexpr (Param<std::remove_cv_t<P>>::Dims != 0) {
    Extent Own = Param<std::remove_cv_t<P>>::extent(V);
    E.x = E.x > Own.x ? E.x : Own.x;
    E.y = E.y > Own.y ? E.y : Own.y;
    E.z = E.z > Own.z ? E.z : Own.z;
  }
}

/// The arrays Parts one after the other.
template <std::size_t... N>
constexpr auto concatNodes(const std::array<ParamInfo, N> &...Parts) {
  std::array<ParamInfo, (0 + ... + N)> All{};
  std::size_t Next = 0;
  ((std::copy(Parts.begin(), Parts.end(), All.begin() + Next), Next += N), ...);
  return All;
}

/// Whether a struct of views may hold a member of kind K: what needs no
/// per-thread state and exists outside a kernel's threads' cooperation.
constexpr bool memberKind(ParamKind K) {
  return K == ParamKind::Value || K == ParamKind::ReadOnly ||
         K == ParamKind::Region || K == ParamKind::Range ||
         K == ParamKind::Atomic || K == ParamKind::Struct;
}

/// How a struct whose members map as Maps maps: back if any goes back.
template <std::size_t N>
constexpr MapKind widestMap(const std::array<MapKind, N> &Maps) {
  MapKind Most = MapKind::Literal;
  for (MapKind K : Maps)
    if (K == MapKind::ToFrom || K == MapKind::From)
      Most = MapKind::ToFrom;
    else if (K == MapKind::To && Most == MapKind::Literal)
      Most = MapKind::To;
  return Most;
}

/// A struct of views T with members of types M...: each member travels as
/// if it were a parameter of its own, in declaration order, and the kernel
/// gets T rebuilt from them (its Regions bound to the running thread).
template <class T, class Members = typename members::TypesOf<T>::type>
struct StructParam;
template <class T, class... M>
struct StructParam<T, std::tuple<M...>> : ParamDefaults {
  using MemberTypes = std::tuple<M...>;
  static constexpr bool Mappable = (memberKind(Param<M>::Info.Kind) && ...);
  static constexpr ParamInfo Info{
      Mappable ? ParamKind::Struct : ParamKind::Unsupported,
      widestMap(std::array<MapKind, sizeof...(M)>{Param<M>::Info.Map...}),
      (0u + ... + Param<M>::Info.Slots), unsigned(sizeof...(M))};
  static constexpr unsigned Dims = [] {
    unsigned Most = 0;
    for (unsigned D : {0u, Param<M>::Dims...})
      Most = D > Most ? D : Most;
    return Most;
  }();
  static constexpr bool ChoosesThreads = (Param<M>::ChoosesThreads || ...);
  /// Each member's first slot, relative to the struct's.
  static constexpr std::array<unsigned, sizeof...(M)> Offsets = [] {
    std::array<unsigned, sizeof...(M)> O{};
    unsigned Next = 0, I = 0;
    ((O[I++] = Next, Next += Param<M>::Info.Slots), ...);
    return O;
  }();

  static Extent extent(const T &V) {
    Extent E{0, 0, 0};
    std::apply([&](const M &...Member) { (growExtent(E, Member), ...); },
               members::tie(V));
    return E;
  }
  static void put(const T &V, SlotWriter &W) {
    std::apply([&](const M &...Member) { (Param<M>::put(Member, W), ...); },
               members::tie(V));
  }
  static T rebuild(const std::uint64_t *Slot, const ThreadIndex &Thread,
                   NoState &State) {
    return rebuildImpl(Slot, Thread, State, std::index_sequence_for<M...>{});
  }

private:
  template <std::size_t... I>
  static T rebuildImpl(const std::uint64_t *Slot, const ThreadIndex &Thread,
                       NoState &State, std::index_sequence<I...>) {
    // Offsets as constants: the device has no copy of the array to read.
    return T{Param<M>::rebuild(
        Slot + std::integral_constant<unsigned, Offsets[I]>::value, Thread,
        State)...};
  }
};
template <members::StructOfViews T> struct Param<T> : StructParam<T> {};
template <members::StructOfViews T> struct Param<const T &> : StructParam<T> {};

/// Calls Each(leaf, first slot) for every parameter V of type P that is not
/// a struct of views, and for every member of those that is not one either;
/// Slot is V's first slot.
template <class P, class F>
void forEachLeaf(const P &V, unsigned Slot, F &&Each) {
  using Type = std::remove_cvref_t<P>;
  if constexpr (Param<Type>::Info.Kind == ParamKind::Struct)
    std::apply(
        [&](const auto &...Member) {
          const auto &Offsets = Param<Type>::Offsets;
          unsigned I = 0;
          (forEachLeaf(Member, Slot + Offsets[I++], Each), ...);
        },
        members::tie(V));
  else
    Each(V, Slot);
}

template <class P> struct Leaves {
  using type = std::tuple<std::remove_cvref_t<P>>;
};

/// The types of forEachLeaf's leaves of parameter type P, as a tuple.
template <class P>
using LeafTypes = typename Leaves<std::remove_cvref_t<P>>::type;
template <members::StructOfViews T>
requires(Param<T>::Info.Kind == ParamKind::Struct) struct Leaves<T> {
  template <class Tuple> struct Join;
  template <class... M> struct Join<std::tuple<M...>> {
    using type = decltype(std::tuple_cat(std::declval<LeafTypes<M>>()...));
  };
  using type = typename Join<typename Param<T>::MemberTypes>::type;
};

/// The parameter kinds of P and, for a struct of views, of its members, in
/// pre-order: what the plugin reads (Signature::Nodes).
template <class P> constexpr auto nodesOf() {
  using Type = std::remove_cvref_t<P>;
  if constexpr (Param<Type>::Info.Kind == ParamKind::Struct)
    return []<class... M>(std::type_identity<std::tuple<M...>>) {
      return concatNodes(std::array<ParamInfo, 1>{Param<Type>::Info},
                         nodesOf<M>()...);
    }(std::type_identity<typename Param<Type>::MemberTypes>{});
  else
    return std::array<ParamInfo, 1>{Param<P>::Info};
}

/// The kernel's signature: its parameters, their slots and their layout.
template <class F> struct Signature {
  static constexpr bool IsKernel = false;
  static constexpr bool IsFunction = false;
};

/// Kernels return void; offload_args takes any function.
template <class R, class... P> struct Signature<R (*)(P...)> {
  using Result = R;
  static constexpr bool IsKernel = std::is_void_v<R>;
  static constexpr bool IsFunction = true;
  static constexpr std::size_t Arity = sizeof...(P);
  static constexpr std::array<ParamInfo, sizeof...(P)> Params = {
      Param<P>::Info...};
  static constexpr bool Supported =
      ((Param<P>::Info.Kind != ParamKind::Unsupported) && ...);
  /// Every parameter and, after a struct of views, its members, in
  /// pre-order (nodesOf): what the plugin reads.
  static constexpr auto Nodes = concatNodes(nodesOf<P>()...);
  /// Whether a host function may take every parameter (offload_args): a
  /// Range, a reduction and team memory exist only among a kernel's threads.
  static constexpr bool HostCallable = [] {
    for (const ParamInfo &N : Nodes)
      if (N.Kind == ParamKind::Range || N.Kind == ParamKind::Reduction ||
          N.Kind == ParamKind::TeamMemory)
        return false;
    return true;
  }();
  /// Dimensions of the launch: the most any Region or Range asks for; 0 if
  /// none does (the launch then needs an explicit Launch).
  static constexpr unsigned Dims = [] {
    unsigned Most = 0;
    ((Most = Param<P>::Dims > Most ? Param<P>::Dims : Most), ...);
    return Most;
  }();
  static constexpr unsigned NumSlots =
      LaunchSlots + (0u + ... + Param<P>::Info.Slots);
  /// Whether the kernel has team memory: its blocks then run whole, and on
  /// the host device as fibers.
  static constexpr bool HasTeamMemory = (IsTile<P>::value || ...);
  /// A parameter's per-thread state; none for an Atomic in a kernel with
  /// team memory, whose threads meet at barriers, after which a thread sees
  /// the adds the others made before it (so none may be held back).
  template <class Q>
  using StateOf =
      std::conditional_t<HasTeamMemory && IsAtomic<std::remove_cvref_t<Q>>,
                         NoState, typename Param<Q>::State>;

  /// Index of the first slot of each parameter, after the launch slots.
  static constexpr std::array<unsigned, sizeof...(P)> Offsets = [] {
    std::array<unsigned, sizeof...(P)> O{};
    unsigned Next = 0, I = 0;
    ((O[I++] = Next, Next += Param<P>::Info.Slots), ...);
    return O;
  }();
  /// The first slot of the first tile, which holds the block shape.
  static constexpr unsigned FirstTileOffset = [] {
    unsigned I = 0, Found = 0;
    bool Seen = false;
    ((!Seen && IsTile<P>::value ? (Found = Offsets[I], Seen = true) : false,
      ++I),
     ...);
    return Found;
  }();

  /// Whether a strategy sets the thread count (GridStride1D), whose threads
  /// own other elements on a CPU than on a GPU.
  static constexpr bool ChoosesThreads = (Param<P>::ChoosesThreads || ...);

  /// Whether a GPU may run a launch in fewer blocks than it has, each block
  /// taking the place of several in turn along the kernel's outermost
  /// dimension (deviceEntry): kernels whose blocks combine reductions,
  /// without team memory, whose strategies do not already set the thread
  /// count (a GridStride1D kernel would only gain a loop and registers:
  /// Stream_DOT's 28 became 36). Each block then combines its partials
  /// once, and the launch's last block waits for fewer of them. 0 when it
  /// may not; else the kernel's dimensions (the runtime folds the last).
  static constexpr std::uint8_t FoldDims =
      !HasTeamMemory && (Param<P>::CombinesBlocks || ...) && !ChoosesThreads
          ? std::uint8_t(Dims ? Dims : 1)
          : std::uint8_t(0);

  /// Runs the kernel for one hardware thread: rebuilds each parameter from
  /// its slots and calls the kernel for each logical thread that Each
  /// visits, then lets each parameter finish. Each(Body) calls Body(Thread)
  /// for every logical thread the hardware thread plays; the state of the
  /// parameters (a reduction's partial) carries from one to the next.
  /// A GPU runs whole blocks, so threads past the logical extent visit
  /// none, but still finish with their untouched state (a reduction's
  /// identity), since a reduction's finish() waits for every thread of the
  /// block.
  /// KernelRef's get() gives the kernel (ConstantKernel: a constant, so
  /// that each thread's call is a direct one however much of this is
  /// inlined).
  template <class KernelRef, class EachThread>
  static void invoke(KernelRef Kernel, const std::uint64_t *Slots,
                     EachThread Each) {
    OFFLOAD_INLINE_CALL OFFLOAD_ENTRY_INLINE_CALL invokeImpl(
        Kernel, Slots, Each, std::index_sequence_for<P...>{});
  }

private:
  template <class KernelRef, class EachThread, std::size_t... I>
  static void invokeImpl(KernelRef Kernel, const std::uint64_t *Slots,
                         EachThread Each, std::index_sequence<I...>) {
    std::tuple<StateOf<P>...> States;
    OFFLOAD_INLINE_CALL OFFLOAD_ENTRY_INLINE_CALL
    Each([&](const ThreadIndex &Thread) {
      // Host code: a kernel of grid-stride loops (no BoundsThreads) stayed
      // out of line, a call per thread with its partial in memory; one that
      // bounds its threads from 0 vectorizes only when simplified before it
      // is inlined, as heuristics do it, one that bounds them from below or
      // by a width only when inlined before the loop's facts are lost
      // (ThreadBounds, HostLaunch::chunk).
      if constexpr (BoundsThreads && !InlinesEarly)
        OFFLOAD_ENTRY_INLINE_CALL Kernel.get()(rebuildParam<P, Offsets[I]>(
            Slots + std::integral_constant<unsigned, Offsets[I]>::value, Thread,
            std::get<I>(States))...);
      else
        OFFLOAD_INLINE_CALL OFFLOAD_ENTRY_INLINE_CALL Kernel.get()(
            rebuildParam<P, Offsets[I]>(
            Slots + std::integral_constant<unsigned, Offsets[I]>::value, Thread,
            std::get<I>(States))...);
    });
    (Param<P>::template finish<Offsets[I]>(
         Slots + std::integral_constant<unsigned, Offsets[I]>::value,
         std::get<I>(States)),
     ...);
#if defined(OFFLOAD_GPU_CODE)
    // The launch's last block completes every reduction: one count of the
    // blocks done per kernel signature, however many reductions it has
    // (kernels of one device never overlap; offload/detail/gpu.hpp). The
    // barrier tells the block's threads, and orders their reads after the
    // count.
    if constexpr ((Param<P>::CombinesBlocks || ...)) {
      // Each step runs for every reduction under one branch, so that their
      // shuffle trees interleave (REDUCE3_INT's three trees of five
      // dependent shuffles each ran one after another under branches of
      // their own), and one barrier serves them all.
      const std::uint32_t Tid = gpu::threadInBlock();
      if (Tid % __gpu_num_lanes() == 0)
        (Param<P>::template shareWarpTotal<Offsets[I]>(std::get<I>(States)),
         ...);
      __gpu_sync_threads();
      if (Tid < gpu::lanesInWarp0()) {
        (Param<P>::template finishBlock<Offsets[I]>(std::get<I>(States)), ...);
        if (Tid == 0)
          (Param<P>::template placeBlockTotal<Offsets[I]>(std::get<I>(States)),
           ...);
      }
      static __gpu_global unsigned Done = 0;
      [[clang::loader_uninitialized]] static __gpu_local bool Last;
      if (Tid == 0)
        Last = gpu::lastBlock((unsigned *)&Done);
      __gpu_sync_threads();
      // Warp 0 of the last block combines the places, one per lane.
      if (Last && Tid < gpu::lanesInWarp0()) {
        const auto Loaded =
            std::make_tuple(Param<P>::template loadTotals<Offsets[I]>()...);
        const auto Totals =
            std::make_tuple(Param<P>::template combinePlaces<Offsets[I]>(
                std::get<I>(Loaded))...);
        if (Tid == 0) {
          (Param<P>::template writeResult<Offsets[I]>(
               Slots + std::integral_constant<unsigned, Offsets[I]>::value,
               std::get<I>(Totals)),
           ...);
          __scoped_atomic_store_n((unsigned *)&Done, 0u, __ATOMIC_RELAXED,
                                  __MEMORY_SCOPE_DEVICE);
        }
      }
    }
#endif
  }

public:
  /// Host device only: before the first logical thread.
  static void start(const std::uint64_t *Slots) {
    startImpl(Slots, std::index_sequence_for<P...>{});
  }

  /// Host only: a chunk's partial results, one per parameter
  /// (ParamDefaults::HostPartial), and whether any parameter has one.
  using HostPartials = std::tuple<typename Param<P>::HostPartial...>;
  static constexpr bool HasHostPartials =
      (!std::is_empty_v<typename Param<P>::HostPartial> || ...);
  static void redirect(std::uint64_t *Slots, HostPartials &Own) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (Param<P>::redirect(
           Slots + std::integral_constant<unsigned, Offsets[I]>::value,
           std::get<I>(Own)),
       ...);
    }
    (std::index_sequence_for<P...>{});
  }
  static void gather(const std::uint64_t *Slots, const HostPartials &Own) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (Param<P>::gather(Slots +
                            std::integral_constant<unsigned, Offsets[I]>::value,
                        std::get<I>(Own)),
       ...);
    }
    (std::index_sequence_for<P...>{});
  }

  /// Host only: the thread indices (linear in a 1-D launch, x in one of
  /// more dimensions) at which every parameter's check passes
  /// (ParamDefaults::threadsInside), if any parameter has one. A 1-D
  /// parameter's bounds say nothing of x in a larger launch.
  template <class Q>
  static constexpr bool BoundsAlong = (Param<Q>::Dims >= 2) == (Dims >= 2);
  static constexpr bool BoundsThreads =
      ((BoundsAlong<P> && Param<P>::BoundsThreads) || ...);
  static constexpr bool InlinesEarly =
      ((BoundsAlong<P> && Param<P>::InlinesEarly) || ...);
  /// Host only: Fn(ThreadsInside) for each parameter that bounds the
  /// threads along the launch's axis.
  template <class Fn>
  static void forEachBounds(const std::uint64_t *Slots, Fn Each) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (
          [&] {
            if constexpr (BoundsAlong<P> && Param<P>::BoundsThreads)
              Each(Param<P>::threadsInside(
                  Slots + std::integral_constant<unsigned, Offsets[I]>::value));
          }(),
          ...);
    }
    (std::index_sequence_for<P...>{});
  }
  static ThreadsInside threadsInside(const std::uint64_t *Slots) {
    ThreadsInside All;
    forEachBounds(Slots, [&](ThreadsInside One) {
      All.From = std::max(All.From, One.From);
      All.To = std::min(All.To, One.To);
    });
    return All;
  }

private:
  template <std::size_t... I>
  static void startImpl(const std::uint64_t *Slots, std::index_sequence<I...>) {
    (Param<P>::start(Slots +
                     std::integral_constant<unsigned, Offsets[I]>::value),
     ...);
  }
};

template <class R, class... P>
struct Signature<R (*)(P...) noexcept> : Signature<R (*)(P...)> {};

/// How runOnHost splits a launch of Threads logical threads: into
/// HostChunks (256) chunks, of at least 64 and at most 16384 of them (a
/// launch's threads may each do much work, and each chunk costs a little),
/// whatever the number of threads that run the chunks, so that reductions
/// combine in the same order on every machine.
constexpr std::uint64_t hostChunkThreads(std::uint64_t Threads) {
  const std::uint64_t Even = (Threads + HostChunks - 1) / HostChunks;
  return Even < 64 ? 64 : Even > 16384 ? 16384 : Even;
}

/// Runs every logical thread of a launch on the host: the host device's
/// entries and the serial fallback without the plugin. The threads are
/// split into chunks of whole rows (planes) of the launch's outermost
/// dimension, or of rows of whole blocks for a kernel with team memory,
/// whose blocks run their threads as fibers (hostTeam()) in the GPU's order
/// within a block. hostTeam().parallel runs the chunks: on the host
/// device's threads in a host image, one after the other without the
/// plugin. Each chunk's reductions combine into partials of its own, and
/// the partials into the results in chunk order. KernelRef's get() gives
/// the kernel: a constant in a host image's entry, so that the kernel
/// inlines into the loop over a chunk's threads (a call through a pointer
/// per thread made a triad 17 times slower than its loop), a pointer in
/// the fallback; its Block, the block every call of the kernel states,
/// where the plugin fixed one (a team kernel's threads are then placed by
/// constant divisions).
template <class Fn, class KernelRef> class HostLaunch {
  using Sig = Signature<Fn>;
  static constexpr unsigned Outer = splitDimension(Sig::Dims);
  static constexpr bool Fixed = KernelRef::Block[0] != 0;

public:
  HostLaunch(KernelRef Kernel, const std::uint64_t *Slots)
      : Kernel(Kernel), Slots(Slots), Extent{Slots[0], Slots[1], Slots[2]} {
    // The first logical thread: slot 3 along the slowest dimension.
    First[Outer] = Slots[3];
#if !defined(OFFLOAD_GPU_CODE)
    if constexpr (Sig::HasTeamMemory) {
      // The runtime refused a launch whose block differs from a fixed one.
      const std::uint64_t *Shape = Slots + LaunchSlots + Sig::FirstTileOffset;
      for (unsigned D = 0; D < 3; ++D)
        Block[D] = Fixed ? KernelRef::Block[D] : Shape[D];
    }
#endif
    // A unit is a row of the outer dimension, or of blocks along it.
    std::uint64_t UnitThreads = Block[Outer];
    for (unsigned D = 0; D < 3; ++D)
      if (D != Outer)
        UnitThreads *= (Extent[D] + Block[D] - 1) / Block[D] * Block[D];
    const std::uint64_t Units =
        Extent[Outer] > First[Outer]
            ? (Extent[Outer] - First[Outer] + Block[Outer] - 1) / Block[Outer]
            : 0;
    const std::uint64_t ChunkThreads = hostChunkThreads(Units * UnitThreads);
    UnitsPerChunk = UnitThreads && UnitThreads < ChunkThreads
                        ? ChunkThreads / UnitThreads
                        : 1;
    Chunks = (Units + UnitsPerChunk - 1) / UnitsPerChunk;
  }

  void run() {
    Sig::start(Slots + LaunchSlots);
    if constexpr (Sig::HasHostPartials) {
      Partials = new typename Sig::HostPartials[Chunks];
      parallel();
      for (std::uint64_t I = 0; I < Chunks; ++I)
        Sig::gather(Slots + LaunchSlots, Partials[I]);
      delete[] Partials;
    } else {
      parallel();
    }
  }

private:
  void parallel() {
    const auto Chunk = [](void *Self, std::uint64_t I) {
      static_cast<HostLaunch *>(Self)->chunk(I);
    };
#if defined(OFFLOAD_GPU_CODE)
    for (std::uint64_t I = 0; I < Chunks; ++I)
      Chunk(this, I);
#else
    hostTeam().parallel(Chunks, Chunk, this);
#endif
  }

  void chunk(std::uint64_t I) {
    std::uint64_t Lo[3] = {First[0], First[1], First[2]};
    std::uint64_t Hi[3] = {Extent[0], Extent[1], Extent[2]};
    const std::uint64_t Rows = UnitsPerChunk * Block[Outer];
    Lo[Outer] += I * Rows;
    Hi[Outer] = Hi[Outer] - Lo[Outer] > Rows ? Lo[Outer] + Rows : Hi[Outer];
    // The chunk's own copy of the slots, its reductions pointed at its
    // partials.
    std::uint64_t Own[Sig::NumSlots];
    std::copy_n(Slots, Sig::NumSlots, Own);
    if constexpr (Sig::HasHostPartials)
      Sig::redirect(Own + LaunchSlots, Partials[I]);
#if !defined(OFFLOAD_GPU_CODE)
    if constexpr (Sig::HasTeamMemory) {
      runBlocks(Own, Lo, Hi);
      return;
    }
#endif
    if constexpr (Sig::BoundsThreads) {
      // A launch of a kernel whose parameters check their elements against
      // the data's bounds (`i < size`, `x < width`, Signature::
      // threadsInside): the main loop of each row runs the threads inside
      // every bound, so that the compiler drops the checks the loop's bounds
      // imply and the loop vectorizes. The threads before and after them (an
      // Interval1D's outside, a launch larger than some of its data) run
      // apart, in order, from a copy of the slots: the main loop's slots
      // stay out of reach of any call (or else every store of the kernel
      // might change them, and they would be read again per thread).
      const ThreadsInside Inside = Sig::threadsInside(Own + LaunchSlots);
      const std::uint64_t Begin = std::max(Inside.From, Lo[0]),
                          End = std::min(Inside.To, Hi[0]),
                          Head = std::min(Begin, Hi[0]),
                          Tail = std::max(End, Head);
      // A 1-D launch's one row, with its y and z constant: a Linear1D
      // check `x + width * y < size` is implied only where y is 0.
      constexpr bool Flat = Sig::Dims <= 1;
      // The launch's width in a local: read through `this`, a pointer the
      // chunk's callee knows nothing of, it was loaded again per thread.
      const std::uint64_t Width = Extent[0], Height = Flat ? 1 : Extent[1];
      std::uint64_t Apart[Sig::NumSlots];
      const auto RunApart = [&](std::uint64_t From, std::uint64_t To,
                                std::uint64_t J, std::uint64_t K) {
        if (From >= To)
          return;
        std::copy_n(Own, Sig::NumSlots, Apart);
        OFFLOAD_OUTLINE_CALL
        Sig::invoke(Kernel, Apart + LaunchSlots, [&](auto Body) {
          for (std::uint64_t X = From; X < To; ++X)
            Body(ThreadIndex{X, J, K, Width, Height});
        });
      };
      for (std::uint64_t K = Flat ? 0 : Lo[2]; K < (Flat ? 1 : Hi[2]); ++K)
        for (std::uint64_t J = Flat ? 0 : Lo[1]; J < (Flat ? 1 : Hi[1]); ++J) {
          RunApart(Lo[0], Head, J, K);
          OFFLOAD_INLINE_CALL
          Sig::invoke(Kernel, Own + LaunchSlots, [&](auto Body) {
            for (std::uint64_t X = Begin; X < End; ++X) {
              // Each parameter's bounds stated: clang does not infer an
              // Interval1D's `begin <= X` from the loop's start, nor two
              // boxes' `X < width` from the loop's end, their minimum (and
              // the kernel's inlining must be early for it to count:
              // Signature::InlinesEarly).
#if defined(__clang__)
              Sig::forEachBounds(Own + LaunchSlots, [X](ThreadsInside One) {
                __builtin_assume(X >= One.From);
                __builtin_assume(X < One.To);
              });
#endif
              OFFLOAD_INLINE_CALL Body(ThreadIndex{X, J, K, Width, Height});
            }
          });
          RunApart(Tail, Hi[0], J, K);
        }
    } else {
      OFFLOAD_INLINE_CALL
      Sig::invoke(Kernel, Own + LaunchSlots, [&](auto Body) {
        for (std::uint64_t K = Lo[2]; K < Hi[2]; ++K)
          for (std::uint64_t J = Lo[1]; J < Hi[1]; ++J)
            for (std::uint64_t X = Lo[0]; X < Hi[0]; ++X)
              OFFLOAD_INLINE_CALL Body(
                  ThreadIndex{X, J, K, Extent[0], Extent[1]});
      });
    }
  }

#if !defined(OFFLOAD_GPU_CODE)
  void runBlocks(const std::uint64_t *Own, const std::uint64_t *Lo,
                 const std::uint64_t *Hi) {
    const abi::HostTeamOps &Ops = hostTeam();
    struct Team {
      const abi::HostTeamOps &Ops;
      void *Handle;
      ~Team() { Ops.destroy(Handle); }
    } Team{Ops, Ops.create(std::uint32_t(Block[0] * Block[1] * Block[2]))};
    struct Context {
      KernelRef Kernel;
      const std::uint64_t *Slots;
      std::uint64_t X, Y, BX, BY, Threads, First[3];
    } C{Kernel, Own, Extent[0], Extent[1], Block[0], Block[1],
        Block[0] * Block[1] * Block[2], {}};
    auto Thread = [](void *P, std::uint32_t Rank) {
      const Context &C = *static_cast<const Context *>(P);
      // The rank's position in the block: no division in a block of one
      // row (in a host image, the loop over the block's threads runs this
      // for each rank), and divisions by constants where the kernel's calls
      // fix the block (two run-time divisions per rank took a fifth of a
      // tiled stencil's time).
      std::uint32_t X = Rank, Y = 0, Z = 0;
      if constexpr (Fixed) {
        constexpr std::uint32_t BX = KernelRef::Block[0],
                                BY = KernelRef::Block[1];
        X = Rank % BX, Y = Rank / BX % BY, Z = Rank / (BX * BY);
      } else if (C.BX != C.Threads) {
        const std::uint32_t BX = std::uint32_t(C.BX), BY = std::uint32_t(C.BY);
        X = Rank % BX, Y = Rank / BX % BY, Z = Rank / (BX * BY);
      }
      Sig::invoke(C.Kernel, C.Slots + LaunchSlots, [&](auto Body) {
        Body(ThreadIndex{C.First[0] + X, C.First[1] + Y, C.First[2] + Z, C.X,
                         C.Y});
      });
    };
    for (std::uint64_t K = Lo[2]; K < Hi[2]; K += Block[2])
      for (std::uint64_t J = Lo[1]; J < Hi[1]; J += Block[1])
        for (std::uint64_t I = Lo[0]; I < Hi[0]; I += Block[0]) {
          C.First[0] = I, C.First[1] = J, C.First[2] = K;
          teamRunBlock(Team.Handle, Thread, &C);
        }
  }
#endif

  KernelRef Kernel;
  const std::uint64_t *Slots;
  std::uint64_t Extent[3], First[3] = {0, 0, 0}, Block[3] = {1, 1, 1};
  std::uint64_t UnitsPerChunk = 1, Chunks = 0;
  typename Sig::HostPartials *Partials = nullptr;
};

/// A kernel known at compile time, and the block every call of it states
/// (a BlockX of 0: none; LaunchShape in the plugin).
template <auto Kernel, std::uint32_t BlockX = 0, std::uint32_t BlockY = 1,
          std::uint32_t BlockZ = 1>
struct ConstantKernel {
  static constexpr auto get() { return Kernel; }
  static constexpr std::uint32_t Block[3] = {BlockX, BlockY, BlockZ};
};
template <class Fn> struct KernelPointer {
  Fn Kernel;
  Fn get() const { return Kernel; }
  static constexpr std::uint32_t Block[3] = {0, 1, 1};
};

/// A host image's entry: the kernel is a constant, and so is its block
/// where its calls fix it.
template <auto Kernel, std::uint32_t BlockX = 0, std::uint32_t BlockY = 1,
          std::uint32_t BlockZ = 1>
void runOnHost(const std::uint64_t *Slots) {
  using Fn = decltype(Kernel);
  HostLaunch<Fn, ConstantKernel<Kernel, BlockX, BlockY, BlockZ>>({}, Slots)
      .run();
}
/// The fallback without the plugin.
template <class Fn> void runOnHost(Fn Kernel, const std::uint64_t *Slots) {
  HostLaunch<Fn, KernelPointer<Fn>>({Kernel}, Slots).run();
}

} // namespace offload::detail
