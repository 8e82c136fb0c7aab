//===- offload/scan.hpp - Device-wide scans -------------------------------===//
//
// offload::inclusive_scan(in, out[, op]) and
// offload::exclusive_scan(in, out, init[, op]) as std::inclusive_scan and
// std::exclusive_scan over whole arrays, on the device:
//
//   auto X = offload::preload(x);
//   auto Y = offload::preload_mut(y);
//   offload::exclusive_scan(X, Y, 0.0);   // y[i] = x[0] + ... + x[i-1]
//
// One launch per 32 Mi elements: each block scans a tile of 2048 elements
// in team memory (a Tile fill, a sequential scan of 8 elements per thread,
// a block scan of the threads' totals, the results back through the tile
// for coalesced stores), then learns the combination of the
// tiles before it by looking back at their published totals (decoupled
// look-back: a tile publishes its own total at once, and its inclusive
// prefix when it knows it). Tiles are handed out in the order blocks
// start, so a block only waits for tiles whose blocks already run. The
// host device runs the blocks in order and carries the prefix from one to
// the next.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/offload.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <type_traits>

// Loops over a thread's few elements, unrolled whole so that its array of
// them stays in registers.
#if defined(__clang__)
#define OFFLOAD_UNROLL_ALL _Pragma("unroll")
#elif defined(__GNUC__)
#define OFFLOAD_UNROLL_ALL _Pragma("GCC unroll 16")
#else
#define OFFLOAD_UNROLL_ALL
#endif

namespace offload {

namespace detail::scan {

inline constexpr std::uint32_t Threads = 256, PerThread = 8,
                               TileItems = Threads * PerThread;
/// The tile holds its elements with one unused slot after every 16, so
/// that thread r's 8 consecutive elements (r * 8 ...) fall in different
/// shared-memory banks than its neighbours' (without it 8-byte values were
/// read 8 ways conflicted).
inline constexpr std::uint32_t PadEvery = 16,
                               TileSlots = TileItems + TileItems / PadEvery;
constexpr std::uint32_t slotOf(std::uint32_t Item) {
  return Item + Item / PadEvery;
}
/// Tiles of one launch: the look-back state holds one entry per tile.
inline constexpr std::uint64_t MaxTiles = 16384;
inline constexpr std::uint64_t MaxLaunchItems = MaxTiles * TileItems;

/// The prefix a tile starts from, if any (an inclusive scan's first tile
/// has none).
template <class T> struct Prefix {
  T Value;
  bool Present;
};

#if defined(OFFLOAD_GPU_CODE)
/// The look-back state of one launch, per value type: kernels of one device
/// never overlap, and the launch's last block resets Ticket and Done and
/// starts a new Epoch, which marks every flag of earlier launches stale.
template <class T> struct LookBack {
  unsigned Ticket, Done, Epoch;
  std::uint64_t Flags[MaxTiles]; // flagOf(Epoch, 1: aggregate, 2: prefix)
  T Aggregate[MaxTiles], Inclusive[MaxTiles];
};
template <class T> inline LookBack<T> &lookBack() {
  static __gpu_global LookBack<T> State;
  return *(LookBack<T> *)&State;
}

/// The tile this block scans: the next ticket.
template <class T> inline std::uint64_t claimTile() {
  [[clang::loader_uninitialized]] static __gpu_local unsigned Tile;
  if (gpu::threadInBlock() == 0)
    Tile = atomicFetchAdd(&lookBack<T>().Ticket, 1u);
  __gpu_sync_threads();
  return Tile;
}

/// A tile's flag in launch Epoch: (Epoch + 1) << 2 | State, so that no flag
/// of a launch, not even the first (epoch 0), equals the zero of a tile that
/// has published nothing.
inline std::uint64_t flagOf(unsigned Epoch, unsigned State) {
  return (std::uint64_t(Epoch) + 1) << 2 | State;
}

/// Publishes V with State (1: the tile's aggregate, 2: its inclusive
/// prefix) for the tiles after it.
template <class T>
inline void publish(LookBack<T> &L, unsigned Epoch, std::uint64_t Tile,
                    const T &V, unsigned State) {
  (State == 2 ? L.Inclusive : L.Aggregate)[Tile] = V;
  gpu::fenceDevice();
  atomicExchange(&L.Flags[Tile], flagOf(Epoch, State));
}

/// Warp 0's look-back for tile Tile (> 0): 32 tiles at a time, until one
/// that knows its inclusive prefix; writes the prefix to Shared and
/// publishes the tile's own.
template <class T, class Op>
inline void lookBackWarp(LookBack<T> &L, unsigned Epoch, std::uint64_t Tile,
                         const T &Total, Op &Combine, std::uint32_t Lane,
                         std::uint32_t Lanes, T &Shared) {
  const std::uint64_t Current = flagOf(Epoch, 0);
  T Found{};
  bool Have = false;
  for (std::uint64_t Last = Tile - 1;; Last -= Lanes) {
    // Lane k reads tile Last - k; lanes past tile 0 read nothing.
    const bool Inside = Last >= Lane;
    const std::uint64_t Other = Inside ? Last - Lane : 0;
    std::uint64_t Flag = 0;
    // A tile's block runs (it took its ticket earlier), so its flag comes;
    // should it not (a broken invariant), stop with an error, never hang.
    for (std::uint64_t Spins = 0;
         Inside &&
         ((Flag = atomicLoad(&L.Flags[Other])) & ~std::uint64_t(3)) != Current;
         ++Spins)
      if (Spins == (std::uint64_t(1) << 32))
        __builtin_trap();
    gpu::fenceDevice();
    const bool Known = Inside && (Flag & 3) == 2;
    T V = Inside ? gpu::loadCoherent(Known ? &L.Inclusive[Other]
                                           : &L.Aggregate[Other])
                 : T{};
    const std::uint64_t Stops = __gpu_ballot(gpu::lowLanes(Lanes), Known);
    const std::uint32_t Count =
        Stops ? std::uint32_t(__builtin_ctzll(Stops)) + 1
              : std::uint32_t(Last + 1 < Lanes ? Last + 1 : Lanes);
    // Lane 0 gets V(Count - 1) ... V(0) in that order (lane k holds an
    // earlier tile than lane k - 1): after the step of Step, lane k holds
    // lanes [k, k + 2 Step), so the combined lanes stay contiguous, as an
    // operation that is not commutative needs.
    for (std::uint32_t Step = 1; Step < Lanes; Step *= 2) {
      T Higher = gpu::shuffleDown(gpu::lowLanes(Lanes), Step, V);
      if (Lane + Step < Count)
        V = Combine(Higher, V);
    }
    Found = Have ? Combine(V, Found) : V;
    Have = true;
    if (Stops)
      break;
    if (Last < Lanes) // tile 0 always knows its prefix: a broken invariant
      __builtin_trap();
  }
  if (Lane == 0) {
    Shared = Found;
    publish(L, Epoch, Tile, Combine(Found, Total), 2);
  }
}

/// The prefix of tile Tile, whose own aggregate is Total; Carry is the
/// prefix of the launch's first tile. Warp 0 publishes and looks back, 32
/// tiles at a time, until it finds a tile that knows its inclusive prefix.
template <class T, class Op>
inline Prefix<T> tilePrefix(std::uint64_t Tile, const T &Total,
                            const Prefix<T> &Carry, Op &Combine) {
  [[clang::loader_uninitialized]] static __gpu_local T Shared;
  LookBack<T> &L = lookBack<T>();
  const std::uint32_t Tid = gpu::threadInBlock(), Lanes = __gpu_num_lanes();
  // Written by the last block of the launch before: read from L2.
  const unsigned Epoch = atomicLoad(&L.Epoch);
  if (Tile == 0) {
    if (Tid == 0)
      publish(L, Epoch, 0, Carry.Present ? Combine(Carry.Value, Total) : Total,
              2);
  } else {
    if (Tid == 0)
      publish(L, Epoch, Tile, Total, 1);
    if (Tid < Lanes)
      lookBackWarp(L, Epoch, Tile, Total, Combine, Tid, Lanes, *(T *)&Shared);
  }
  __gpu_sync_threads();
  const Prefix<T> Result = Tile == 0 ? Carry : Prefix<T>{*(T *)&Shared, true};
  if (Tid == 0 && gpu::lastBlock(&L.Done)) {
    // Every block has its tile and prefix: reset for the next launch.
    __scoped_atomic_store_n(&L.Ticket, 0u, __ATOMIC_RELAXED,
                            __MEMORY_SCOPE_DEVICE);
    __scoped_atomic_store_n(&L.Done, 0u, __ATOMIC_RELAXED,
                            __MEMORY_SCOPE_DEVICE);
    __scoped_atomic_store_n(&L.Epoch, Epoch + 1, __ATOMIC_RELAXED,
                            __MEMORY_SCOPE_DEVICE);
  }
  return Result;
}
#else
/// The host device runs a launch's blocks in order on one thread: the
/// prefix goes from each block to the next.
template <class T, class Op>
inline Prefix<T> tilePrefix(std::uint64_t Tile, const T &Total,
                            const Prefix<T> &Carry, Op &Combine,
                            std::uint32_t Rank) {
  static thread_local Prefix<T> Next;
  const Prefix<T> Mine = Tile == 0 ? Carry : Next;
  // Every thread of the block reads Mine before thread 0 moves it on.
  HostTeam::current()->barrier("a scan");
  if (Rank == 0)
    Next = {Mine.Present ? Combine(Mine.Value, Total) : Total, true};
  return Mine;
}
#endif

/// One block's tile of a launch that scans In[First, First + its tiles)
/// into Out, or Out in place (In is then empty: the same data as two
/// parameters would be refused); Exclusive scans start from Init.
template <class T, class Op, bool Exclusive, bool InPlace>
void scanTiles(Range<Linear1D> Threads1D, std::uint64_t N, std::uint64_t First,
               T Init, Op Combine, std::span<const T> In,
               Tile<T, TileSlots> Items, Tile<T, Threads> Scratch,
               Region<T> Out) {
  std::uint64_t Global = 0;
  for (std::uint64_t I : Threads1D)
    Global = I;
  const std::uint32_t Rank = Items.rank();
#if defined(OFFLOAD_GPU_CODE)
  (void)Global;
  const std::uint64_t TileIndex = claimTile<T>();
#else
  const std::uint64_t TileIndex = Global / Threads;
#endif
  const std::uint64_t Base = First + TileIndex * TileItems;
  auto Source = [&](std::uint64_t I) -> T {
    if constexpr (InPlace)
      return Out.unchecked(I);
    else
      return In[I];
  };
  // Slot K of the tile holds element K - K / 17 of the tile's elements,
  // except every 17th slot (padding). Neighbouring threads fill
  // neighbouring slots: the loads are coalesced.
  auto ItemOf = [](std::size_t K) {
    return K / (PadEvery + 1) * PadEvery + K % (PadEvery + 1);
  };
  Items.fill([&](std::size_t K) {
    const std::uint64_t I = Base + ItemOf(K);
    return K % (PadEvery + 1) != PadEvery && I < N ? Source(I) : T{};
  });
  // This thread's elements: PerThread in a row, scanned in registers.
  const std::uint64_t Mine = Base + Rank * PerThread;
  const std::uint32_t Count = Mine >= N              ? 0
                              : N - Mine < PerThread ? std::uint32_t(N - Mine)
                                                     : PerThread;
  T Local[PerThread];
  Local[0] = Items.unchecked(slotOf(Rank * PerThread));
  OFFLOAD_UNROLL_ALL
  for (std::uint32_t J = 1; J < PerThread; ++J)
    Local[J] = J < Count
                   ? Combine(Local[J - 1],
                             Items.unchecked(slotOf(Rank * PerThread + J)))
                   : Local[J - 1];
  // Threads past the end hold values that only reach the last tile's
  // total, which no tile reads.
  const auto Block = TileAccess::scan(Scratch, Local[PerThread - 1], Combine);

  // The launch's first tile starts from Init or from the element before
  // First, which the launch before this one wrote.
  Prefix<T> Carry{Init, Exclusive};
  if (First != 0)
    Carry = {Exclusive ? Combine(Out.unchecked(First - 1), Source(First - 1))
                       : Out.unchecked(First - 1),
             true};
#if defined(OFFLOAD_GPU_CODE)
  const Prefix<T> Start = tilePrefix(TileIndex, Block.Total, Carry, Combine);
#else
  const Prefix<T> Start =
      tilePrefix(TileIndex, Block.Total, Carry, Combine, Rank);
#endif
  // The combination of everything before this thread's first element.
  Prefix<T> Before = Start;
  if (Rank != 0)
    Before = {Start.Present ? Combine(Start.Value, Block.Before) : Block.Before,
              true};
  // The results go back to the tile (every thread read its elements before
  // the block scan's barriers), then out from the slots each thread owns,
  // coalesced as the loads.
  T *Staged = TileAccess::data(Items);
  OFFLOAD_UNROLL_ALL
  for (std::uint32_t J = 0; J < PerThread; ++J) {
    T &Slot = Staged[slotOf(Rank * PerThread + J)];
    if constexpr (Exclusive)
      Slot = J == 0 ? Before.Value : Combine(Before.Value, Local[J - 1]);
    else
      Slot = Before.Present ? Combine(Before.Value, Local[J]) : Local[J];
  }
  Items.sync();
  for (std::uint64_t K : Items.mine()) {
    const std::uint64_t I = Base + ItemOf(K);
    if (K % (PadEvery + 1) != PadEvery && I < N)
      Out.unchecked(I) = Items.unchecked(K);
  }
}

template <class T, class Op, bool Exclusive, class In, class Out>
void run(In &&Input, Out &&Output, const T &Init, Op Combine) {
  static_assert(sizeof(T) <= 16,
                "offload scans take values of at most 16 bytes (a tile of "
                "2048 of them fits a block's shared memory)");
  const std::uint64_t N = std::size(Input);
  if (std::size(Output) < N) {
    std::fprintf(stderr,
                 "offload: error: offload::%s_scan: the output has "
                 "%zu elements, fewer than the input's %zu\n",
                 Exclusive ? "exclusive" : "inclusive",
                 std::size_t(std::size(Output)), std::size_t(N));
    std::exit(1);
  }
  const bool InPlace = static_cast<const void *>(std::data(Input)) ==
                       static_cast<const void *>(std::data(Output));
  if (Exclusive && InPlace && N > MaxLaunchItems) {
    std::fprintf(stderr,
                 "offload: error: offload::exclusive_scan in place takes at "
                 "most %llu elements; give it a separate output\n",
                 static_cast<unsigned long long>(MaxLaunchItems));
    std::exit(1);
  }
  for (std::uint64_t First = 0; First < N; First += MaxLaunchItems) {
    const std::uint64_t Items =
        N - First < MaxLaunchItems ? N - First : MaxLaunchItems;
    const std::uint64_t Launched =
        (Items + TileItems - 1) / TileItems * Threads;
    const Launch Geometry{.threads = Launched, .block = Threads};
    if (InPlace)
      offload(Geometry, scanTiles<T, Op, Exclusive, true>,
              Range<Linear1D>(Launched), N, First, Init, Combine,
              std::span<const T>(), team_memory, team_memory, Output);
    else
      offload(Geometry, scanTiles<T, Op, Exclusive, false>,
              Range<Linear1D>(Launched), N, First, Init, Combine, Input,
              team_memory, team_memory, Output);
  }
}

template <class C>
using ElementOf =
    std::remove_cvref_t<decltype(*std::data(std::declval<C &>()))>;

} // namespace detail::scan

/// Out[i] = Combine(In[0], ..., In[i]) for every i < size(In). In and Out
/// are what a kernel takes as std::span<const T> and Region<T> (vectors,
/// preload handles); they may be the same data. Combine must be
/// associative and a named function object type (the device pass names it),
/// such as std::plus<>.
template <class In, class Out, class Op = std::plus<>>
void inclusive_scan(In &&Input, Out &&Output, Op Combine = {}) {
  using T = detail::scan::ElementOf<Out>;
  detail::scan::run<T, Op, false>(Input, Output, T{}, Combine);
}

/// Out[i] = Combine(Init, In[0], ..., In[i - 1]) for every i < size(In);
/// Out[0] = Init. In place, at most 32 Mi elements.
template <class In, class Out, class T, class Op = std::plus<>>
void exclusive_scan(In &&Input, Out &&Output, T Init, Op Combine = {}) {
  using V = detail::scan::ElementOf<Out>;
  detail::scan::run<V, Op, true>(Input, Output, V(Init), Combine);
}

} // namespace offload
