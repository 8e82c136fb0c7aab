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
// One launch per 16384 tiles; a block of 256 threads scans a tile of 4096
// elements (2048 of 16 bytes): coalesced loads of all its elements into
// registers, then into team memory, a sequential scan of each thread's row
// of 16 for its total, a block scan of the totals, the tile's prefix from
// the tiles before it, each row scanned again from its prefix, and the
// results back through team memory for coalesced stores. The prefix comes
// from a decoupled look-back: a tile publishes its own total at once, and
// its inclusive prefix when it knows it, each value tagged so that readers
// need no fence. Tiles are handed out in the order blocks start, so a block
// only waits for tiles whose blocks already run. On the host's CPU (the host
// device, or a build without the plugin) a kernel of one logical thread
// scans with the host device's threads: scanOnHost.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/detail/fail.hpp>
#include <offload/detail/std.hpp>
#include <offload/offload.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>
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

/// A block of Threads scans a tile of PerThread elements per thread: 32 KiB
/// of 4- or 8-byte values, 32 KiB of 16-byte ones (long tiles: fewer
/// look-backs and more bytes in flight per block; on the H200, 16 rather
/// than 8 took 16 Mi doubles from 104 to 93 us, and 32 rather than 16 took
/// 16 Mi ints from 61 to 54 us).
template <class T> struct Shape {
  static constexpr std::uint32_t Threads = 256,
                                 PerThread = sizeof(T) <= 4   ? 32
                                             : sizeof(T) <= 8 ? 16
                                                              : 8,
                                 TileItems = Threads * PerThread;
  /// The tile holds one unused slot after every PerThread elements, so
  /// that the rows thread r reads (elements r * PerThread ...) start in
  /// different shared-memory banks (unpadded, 8-byte values were read 8
  /// ways conflicted).
  static constexpr std::uint32_t TileSlots = TileItems + Threads;
  static constexpr std::uint32_t slotOf(std::uint32_t Item) {
    return Item + Item / PerThread;
  }
  static_assert(Threads % PerThread == 0);
  /// A thread's elements I, I + Threads, ... lie StridedSlots apart.
  static constexpr std::uint32_t StridedSlots = Threads + Threads / PerThread;
  /// Tiles of one launch: the look-back state holds one entry per tile.
  static constexpr std::uint64_t MaxTiles = 16384,
                                 MaxLaunchItems = MaxTiles * TileItems;
};

/// The prefix a tile starts from, if any (an inclusive scan's first tile
/// has none).
template <class T> struct Prefix {
  T Value;
  bool Present;
};

#if defined(OFFLOAD_GPU_CODE)
/// The look-back state of one launch, per value type (kernels of one device
/// never overlap). Claims holds the launch's epoch (high half) and the
/// number of tiles claimed (low half), which the last claim resets while
/// it moves on to the next epoch. A tile publishes a value (its aggregate, then
/// its inclusive prefix) as 32-bit words, each in the low half of a 64-bit slot
/// whose high half is a tag: the launch's epoch and the value's state. A
/// slot is written whole, so a reader that finds one tag of this epoch in
/// all of a tile's slots has that value, with no fence between value and
/// flag; slots of earlier launches carry other epochs.
template <class T> struct LookBack {
  static constexpr unsigned Words = (sizeof(T) + 3) / 4;
  std::uint64_t Claims;
  std::uint64_t Published[Shape<T>::MaxTiles][Words];
};
template <class T> inline LookBack<T> &lookBack() {
  static __gpu_global LookBack<T> State;
  return *(LookBack<T> *)&State;
}

enum : std::uint32_t { Aggregate = 1, Inclusive = 2 };
/// The tag of State (Aggregate or Inclusive) in launch Epoch; never 0, the
/// tag of a slot nothing was published to. (Epochs repeat after 2^30
/// launches of one value type.)
inline std::uint32_t tagOf(unsigned Epoch, std::uint32_t State) {
  return (Epoch + 1) << 2 | State;
}

/// The tile this block scans, the next in the order blocks start (so a
/// block only waits for tiles whose blocks run), and the launch's epoch:
/// one atomic add, after which the launch's last claim starts the next
/// epoch with no tiles claimed. Both in the same word, so no fence is
/// needed: every claim of a launch comes before its reset.
struct Claimed {
  std::uint64_t Tile;
  unsigned Epoch;
};
template <class T> inline Claimed claimTile() {
  [[clang::loader_uninitialized]] static __gpu_local std::uint64_t Claim;
  if (gpu::threadInBlock() == 0) {
    std::uint64_t &Claims = lookBack<T>().Claims;
    Claim = atomicFetchAdd(&Claims, std::uint64_t(1));
    const std::uint32_t Tiles = __gpu_num_blocks(0);
    if (std::uint32_t(Claim) == Tiles - 1)
      atomicFetchAdd(&Claims, (std::uint64_t(1) << 32) - Tiles);
  }
  __gpu_sync_threads();
  return {std::uint32_t(Claim), unsigned(Claim >> 32)};
}

template <class T>
inline void publish(LookBack<T> &L, std::uint64_t Tile, const T &V,
                    std::uint32_t Tag) {
  std::uint32_t Words[LookBack<T>::Words] = {};
  __builtin_memcpy(Words, &V, sizeof(T));
  for (unsigned K = 0; K < LookBack<T>::Words; ++K)
    atomicStore(&L.Published[Tile][K], std::uint64_t(Tag) << 32 | Words[K]);
}

/// Tile's value and its state, or 0 while the tile has published nothing
/// in this epoch or is between the slots of a publication.
template <class T>
inline std::uint32_t readPublished(LookBack<T> &L, unsigned Epoch,
                                   std::uint64_t Tile, T &V) {
  std::uint64_t Slots[LookBack<T>::Words];
  for (unsigned K = 0; K < LookBack<T>::Words; ++K)
    Slots[K] = atomicLoad(&L.Published[Tile][K]);
  const std::uint32_t Tag = std::uint32_t(Slots[0] >> 32);
  bool Whole = (Tag & ~3u) == tagOf(Epoch, 0);
  std::uint32_t Words[LookBack<T>::Words];
  for (unsigned K = 0; K < LookBack<T>::Words; ++K) {
    Whole = Whole && std::uint32_t(Slots[K] >> 32) == Tag;
    Words[K] = std::uint32_t(Slots[K]);
  }
  if (!Whole)
    return 0;
  __builtin_memcpy(&V, Words, sizeof(T));
  return Tag & 3;
}

/// Warp 0's look-back for tile Tile (> 0): 32 tiles at a time, until one
/// that knows its inclusive prefix; writes the prefix to Shared and
/// publishes the tile's own.
template <class T, class Op>
inline void lookBackWarp(LookBack<T> &L, unsigned Epoch, std::uint64_t Tile,
                         const T &Total, Op &Combine, std::uint32_t Lane,
                         std::uint32_t Lanes, T &Shared) {
  T Found{};
  bool Have = false;
  for (std::uint64_t Last = Tile - 1;; Last -= Lanes) {
    // Lane k reads tile Last - k; lanes past tile 0 read nothing.
    const bool Inside = Last >= Lane;
    T V{};
    std::uint32_t State = 0;
    // A tile's block runs (it took its ticket earlier), so its value comes;
    // should it not (a broken invariant), stop with an error, never hang.
    for (std::uint64_t Spins = 0;
         Inside && (State = readPublished(L, Epoch, Last - Lane, V)) == 0;
         ++Spins) {
      if (Spins == (std::uint64_t(1) << 28)) // 30 s and more
        __builtin_trap();
      gpu::backOff(100);
    }
    const bool Known = State == Inclusive;
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
    publish(L, Tile, Combine(Found, Total), tagOf(Epoch, Inclusive));
  }
}

/// The prefix of tile Tile, whose own aggregate is Total; Carry is the
/// prefix of the launch's first tile. Warp 0 publishes and looks back, 32
/// tiles at a time, until it finds a tile that knows its inclusive prefix.
template <class T, class Op>
inline Prefix<T> tilePrefix(Claimed Claim, const T &Total,
                            const Prefix<T> &Carry, Op &Combine) {
  [[clang::loader_uninitialized]] static __gpu_local T Shared;
  LookBack<T> &L = lookBack<T>();
  const std::uint32_t Tid = gpu::threadInBlock(), Lanes = __gpu_num_lanes();
  if (Claim.Tile == 0) {
    if (Tid == 0) {
      publish(L, 0, Carry.Present ? Combine(Carry.Value, Total) : Total,
              tagOf(Claim.Epoch, Inclusive));
      *(T *)&Shared = Carry.Present ? Carry.Value : T{};
    }
  } else {
    if (Tid == 0)
      publish(L, Claim.Tile, Total, tagOf(Claim.Epoch, Aggregate));
    if (Tid < Lanes)
      lookBackWarp(L, Claim.Epoch, Claim.Tile, Total, Combine, Tid, Lanes,
                   *(T *)&Shared);
  }
  __gpu_sync_threads();
  const Prefix<T> Result{*(T *)&Shared, Claim.Tile != 0 || Carry.Present};
  return Result;
}

/// Every thread loads PerThread elements of the tile at Base, neighbouring
/// threads neighbouring elements (coalesced), all before it waits for any,
/// and stores them to the tile, from which each then reads PerThread in a
/// row (after a barrier). Elements past N are T{}.
template <class T, class F>
[[gnu::always_inline]] inline void stageTile(T *Staged, std::uint32_t Rank,
                                             std::uint64_t Base,
                                             std::uint64_t N, F &&Source) {
  using S = Shape<T>;
  const std::uint64_t From = Base + Rank;
  T Loaded[S::PerThread];
  if (N - Base >= S::TileItems) {
    OFFLOAD_UNROLL_ALL
    for (std::uint32_t J = 0; J < S::PerThread; ++J)
      Loaded[J] = Source(From + J * S::Threads);
  } else {
    OFFLOAD_UNROLL_ALL
    for (std::uint32_t J = 0; J < S::PerThread; ++J)
      Loaded[J] =
          From + J * S::Threads < N ? Source(From + J * S::Threads) : T{};
  }
  OFFLOAD_UNROLL_ALL
  for (std::uint32_t J = 0; J < S::PerThread; ++J)
    Staged[S::slotOf(Rank) + J * S::StridedSlots] = Loaded[J];
}

/// One block's tile of a launch that scans In[First, First + its tiles)
/// into Out, or Out in place (In is then empty: the same data as two
/// parameters would be refused); Exclusive scans start from Init.
// Inlined whole into the kernel, which, with 16 elements per thread, it
// would otherwise call (and pass its parameters on the stack).
template <class T, class Op, bool Exclusive, bool InPlace>
[[gnu::always_inline]] inline void
scanTiles(Range<Linear1D>, std::uint64_t N, std::uint64_t First, T Init,
          Op Combine, std::span<const T> In, Tile<T, Shape<T>::TileSlots> Items,
          Tile<T, Shape<T>::Threads> Scratch, Region<T> Out) {
  using S = Shape<T>;
  constexpr std::uint32_t Threads = S::Threads, PerThread = S::PerThread;
  const std::uint32_t Rank = Items.rank();
  const Claimed Tile = claimTile<T>();
  const std::uint64_t Base = First + Tile.Tile * S::TileItems;
  auto Source = [&](std::uint64_t I) -> T {
    if constexpr (InPlace)
      return Out.unchecked(I);
    else
      return In[I];
  };
  T *Staged = TileAccess::data(Items);
  stageTile(Staged, Rank, Base, N, Source);
  Items.sync();
  // This thread's total; its row stays in the tile and is scanned again
  // once its prefix is known (registers holding the row through the block
  // scan and the look-back would cost occupancy). Elements past the end
  // only reach results that are not stored and the last tile's total,
  // which no tile reads.
  const std::uint32_t Row = S::slotOf(Rank * PerThread);
  T Total = Staged[Row];
  OFFLOAD_UNROLL_ALL
  for (std::uint32_t J = 1; J < PerThread; ++J)
    Total = Combine(Total, Staged[Row + J]);
  const auto Block = TileAccess::scan(Scratch, Total, Combine);

  // The launch's first tile starts from Init or from the element before
  // First, which the launch before this one wrote.
  Prefix<T> Carry{Init, Exclusive};
  if (First != 0)
    Carry = {Exclusive ? Combine(Out.unchecked(First - 1), Source(First - 1))
                       : Out.unchecked(First - 1),
             true};
  const Prefix<T> Start = tilePrefix(Tile, Block.Total, Carry, Combine);
  // The combination of everything before this thread's first element.
  Prefix<T> Before = Start;
  if (Rank != 0)
    Before = {Start.Present ? Combine(Start.Value, Block.Before) : Block.Before,
              true};
  // The row's results replace it in the tile, and go out as the elements
  // came in, coalesced.
  T Running = Before.Value;
  OFFLOAD_UNROLL_ALL
  for (std::uint32_t J = 0; J < PerThread; ++J) {
    const T Element = Staged[Row + J];
    if constexpr (Exclusive) {
      Staged[Row + J] = Running;
      Running = Combine(Running, Element);
    } else {
      Running = J > 0 || Before.Present ? Combine(Running, Element) : Element;
      Staged[Row + J] = Running;
    }
  }
  Items.sync();
  const std::uint64_t From = Base + Rank;
  const std::uint32_t Strided = S::slotOf(Rank);
  if (N - Base >= S::TileItems) {
    OFFLOAD_UNROLL_ALL
    for (std::uint32_t J = 0; J < PerThread; ++J)
      Out.unchecked(From + J * Threads) = Staged[Strided + J * S::StridedSlots];
  } else {
    OFFLOAD_UNROLL_ALL
    for (std::uint32_t J = 0; J < PerThread; ++J)
      if (From + J * Threads < N)
        Out.unchecked(From + J * Threads) =
            Staged[Strided + J * S::StridedSlots];
  }
}

/// One block's tile of a launch that writes the elements In[i] (Indices:
/// the indices i) with Keep(In[i]), i in [First, First + its tiles), to
/// Out in order, after the Kept of the launches before; the thread with
/// element N - 1 adds the count so far to Count.
template <class T, class O, class Pred, bool Indices>
[[gnu::always_inline]] inline void
selectTiles(Range<Linear1D>, std::uint64_t N, std::uint64_t First,
            std::uint64_t Kept, Pred Keep, std::span<const T> In,
            Tile<T, Shape<T>::TileSlots> Items,
            Tile<std::uint64_t, Shape<T>::Threads> Scratch, Region<O> Out,
            ReduceSum<std::uint64_t> Count) {
  using S = Shape<T>;
  constexpr std::uint32_t PerThread = S::PerThread;
  const std::uint32_t Rank = Items.rank();
  const Claimed Tile = claimTile<std::uint64_t>();
  const std::uint64_t Base = First + Tile.Tile * S::TileItems;
  std::plus<std::uint64_t> Add;
  const Prefix<std::uint64_t> Carry{Kept, true};
  // A warp takes PerThread groups of Lanes consecutive elements, lane l the
  // l-th of each, so loads and stores are coalesced with no staging; a
  // ballot per group places each kept element among the warp's.
  (void)Items;
  const std::uint32_t Lanes = __gpu_num_lanes(), Lane = __gpu_lane_id();
  const std::uint64_t Warp = gpu::lowLanes(Lanes),
                      Below = (std::uint64_t(1) << Lane) - 1;
  const std::uint64_t From = Base + (Rank - Lane) * PerThread + Lane;
  const bool Whole = N - Base >= S::TileItems;
  T Loaded[PerThread];
  OFFLOAD_UNROLL_ALL
  for (std::uint32_t J = 0; J < PerThread; ++J)
    Loaded[J] = Whole || From + J * Lanes < N ? In[From + J * Lanes] : T{};
  std::uint32_t Bits = 0, WarpKept = 0;
  OFFLOAD_UNROLL_ALL
  for (std::uint32_t J = 0; J < PerThread; ++J) {
    const bool K = (Whole || From + J * Lanes < N) && Keep(Loaded[J]);
    Bits |= std::uint32_t(K) << J;
    WarpKept += __builtin_popcountll(__gpu_ballot(Warp, K));
  }
  // Only each warp's last lane counts: every thread gets the warps' before
  // its own.
  const auto Block = TileAccess::scan(
      Scratch, std::uint64_t(Lane == Lanes - 1 ? WarpKept : 0), Add);
  const Prefix<std::uint64_t> Start = tilePrefix(Tile, Block.Total, Carry, Add);
  std::uint64_t At = Start.Value + (Rank != 0 ? Block.Before : 0);
  OFFLOAD_UNROLL_ALL
  for (std::uint32_t J = 0; J < PerThread; ++J) {
    const bool K = Bits >> J & 1;
    const std::uint64_t Group = __gpu_ballot(Warp, K);
    if (K) {
      const std::uint64_t Place = At + __builtin_popcountll(Group & Below);
      if constexpr (Indices)
        Out.unchecked(Place) = O(From + J * Lanes);
      else
        Out.unchecked(Place) = In[From + J * Lanes];
    }
    At += __builtin_popcountll(Group);
  }
  // The launch's last tile has the count.
  const std::uint64_t End =
      N - First < S::MaxLaunchItems ? N : First + S::MaxLaunchItems;
  if (Rank == 0 && End - Base <= S::TileItems)
    Count += Start.Value + Block.Total;
}
#else
// The host's CPU scans without tiles (scanOnHost, selectOnHost below): the
// tiled kernels are compiled for it, never launched there.
template <class T, class Op, bool Exclusive, bool InPlace>
void scanTiles(Range<Linear1D>, std::uint64_t, std::uint64_t, T, Op,
               std::span<const T>, Tile<T, Shape<T>::TileSlots>,
               Tile<T, Shape<T>::Threads>, Region<T>) {}
template <class T, class O, class Pred, bool Indices>
void selectTiles(Range<Linear1D>, std::uint64_t, std::uint64_t, std::uint64_t,
                 Pred, std::span<const T>, Tile<T, Shape<T>::TileSlots>,
                 Tile<std::uint64_t, Shape<T>::Threads>, Region<O>,
                 ReduceSum<std::uint64_t>) {}
#endif

/// Stops the program if Out is shorter than In: before any launch.
inline void checkOutput(const char *Name, std::size_t Out, std::size_t In) {
  if (Out >= In)
    return;
  hostError("offload::%s: the output has %zu elements, fewer than the "
            "input's %zu",
            Name, Out, In);
}

/// The host's CPU scans small arrays in order, one element after another.
/// Larger ones it splits into HostChunks::Count chunks of consecutive
/// elements: a parallel pass sums each chunk, the calling thread scans the
/// sums, and a second parallel pass scans each chunk from its prefix. Both
/// passes combine groups of Group elements first, each group on its own,
/// and then the groups' values into the running one: in order, every
/// step of a scan of doubles waits for the addition before it; so, only one
/// step in Group does. The chunks and groups depend on N alone, so results
/// do not depend on how many threads run the chunks (a build without the
/// plugin runs the same passes on one).
struct HostChunks {
  static constexpr std::uint64_t Count = 256, Group = 8, MinItems = 1 << 15;
  static_assert(MinItems >= Count * Group, "every chunk has a whole group");
  /// Chunk C of N elements: [Begin, End).
  std::uint64_t Begin, End;
  HostChunks(std::uint64_t N, std::uint64_t C)
      : Begin(C * N / Count), End((C + 1) * N / Count) {}
};

#if !defined(OFFLOAD_GPU_CODE)
/// Each(C) for every chunk C (of Count), on the host device's threads.
template <class F>
void eachHostChunk(F &&Each, std::uint64_t Count = HostChunks::Count) {
  hostTeam().parallel(
      Count,
      [](void *Context, std::uint64_t C) {
        (*static_cast<std::remove_reference_t<F> *>(Context))(C);
      },
      &Each);
}
#endif

template <class T, class Op, bool Exclusive, bool InPlace>
void scanOnHost(std::uint64_t N, T Init, Op Combine, std::span<const T> In,
                Region<T> Out) {
  auto Get = [&](std::uint64_t I) -> T {
    if constexpr (InPlace)
      return Out.unchecked(I);
    else
      return In[I];
  };
  // Element I's result from Running, the combination of all before it;
  // Running then includes I.
  auto Step = [&](T &Running, std::uint64_t I) {
    const T Element = Get(I);
    if constexpr (Exclusive) {
      Out.unchecked(I) = Running;
      Running = Combine(Running, Element);
    } else {
      Running = Combine(Running, Element);
      Out.unchecked(I) = Running;
    }
  };
#if !defined(OFFLOAD_GPU_CODE)
  constexpr std::uint64_t Group = HostChunks::Group;
  if (N >= HostChunks::MinItems) {
    // The group's inclusive scan, read whole before anything is written.
    auto ScanGroup = [&](std::uint64_t I, T *Local) {
      Local[0] = Get(I);
      OFFLOAD_UNROLL_ALL
      for (std::uint64_t J = 1; J < Group; ++J)
        Local[J] = Combine(Local[J - 1], Get(I + J));
    };
    // The chunks' sums, then their prefixes (on the stack: kernels do not
    // allocate); an inclusive scan's first chunk has none.
    T Before[HostChunks::Count];
    eachHostChunk([&](std::uint64_t C) {
      const HostChunks Chunk(N, C);
      T Local[Group];
      ScanGroup(Chunk.Begin, Local);
      T Sum = Local[Group - 1];
      std::uint64_t I = Chunk.Begin + Group;
      for (; I + Group <= Chunk.End; I += Group) {
        ScanGroup(I, Local);
        Sum = Combine(Sum, Local[Group - 1]);
      }
      for (; I < Chunk.End; ++I)
        Sum = Combine(Sum, Get(I));
      Before[C] = Sum;
    });
    T Running = Init;
    for (std::uint64_t C = 0; C < HostChunks::Count; ++C) {
      const T Sum = Before[C];
      Before[C] = Running;
      Running = C == 0 && !Exclusive ? Sum : Combine(Running, Sum);
    }
    eachHostChunk([&](std::uint64_t C) {
      const HostChunks Chunk(N, C);
      T Running = Before[C], Local[Group];
      std::uint64_t I = Chunk.Begin;
      if (!Exclusive && C == 0) {
        ScanGroup(0, Local);
        std::copy_n(Local, Group, &Out.unchecked(0));
        Running = Local[Group - 1];
        I = Group;
      }
      for (; I + Group <= Chunk.End; I += Group) {
        ScanGroup(I, Local);
        OFFLOAD_UNROLL_ALL
        for (std::uint64_t J = 0; J < Group; ++J) {
          if constexpr (Exclusive)
            Out.unchecked(I + J) = J ? Combine(Running, Local[J - 1]) : Running;
          else
            Out.unchecked(I + J) = Combine(Running, Local[J]);
        }
        Running = Combine(Running, Local[Group - 1]);
      }
      for (; I < Chunk.End; ++I)
        Step(Running, I);
    });
    return;
  }
#endif
  if (N == 0)
    return;
  T Running = Init;
  if constexpr (!Exclusive)
    Out.unchecked(0) = Running = Get(0);
  for (std::uint64_t I = Exclusive ? 0 : 1; I < N; ++I)
    Step(Running, I);
}

/// Copies the kept elements (Indices: their indices) to Out: in order in
/// one thread, or in parallel (a pass counts each chunk's, a second writes
/// them after those of the chunks before).
template <class T, class O, class Pred, bool Indices>
void selectOnHost(Pred Keep, std::span<const T> In, Region<O> Out,
                  ReduceSum<std::uint64_t> Count) {
  const std::uint64_t N = In.size();
  auto Value = [&](std::uint64_t I) {
    if constexpr (Indices)
      return O(I);
    else
      return In[I];
  };
#if !defined(OFFLOAD_GPU_CODE)
  if (N >= HostChunks::MinItems) {
    // Each chunk's count, then where its elements go; the last: the total.
    std::uint64_t At[HostChunks::Count + 1] = {};
    eachHostChunk([&](std::uint64_t C) {
      const HostChunks Chunk(N, C);
      std::uint64_t Kept = 0;
      for (std::uint64_t I = Chunk.Begin; I < Chunk.End; ++I)
        Kept += Keep(In[I]) ? 1 : 0;
      At[C] = Kept;
    });
    std::exclusive_scan(At, At + HostChunks::Count + 1, At, std::uint64_t(0));
    // Without a branch on the predicate (half kept at random, a branch
    // mispredicts every other element: 10 times slower): every element is
    // written at the next place, which only a kept one leaves behind. The
    // places stay within the chunk's own [At[C], At[C + 1]): once it is
    // full, the chunk has nothing more to keep.
    eachHostChunk([&](std::uint64_t C) {
      const HostChunks Chunk(N, C);
      const std::uint64_t Limit = At[C + 1];
      std::uint64_t I = Chunk.Begin, Next = At[C];
      auto Place = [&](std::uint64_t Element) {
        Out.unchecked(Next) = Value(Element);
        Next += Keep(In[Element]) ? 1 : 0;
      };
      // Groups of elements with room for all of them, without the checks.
      constexpr std::uint64_t Group = HostChunks::Group;
      for (; I + Group <= Chunk.End && Next + Group <= Limit; I += Group)
        for (std::uint64_t K = 0; K < Group; ++K)
          Place(I + K);
      for (; I < Chunk.End && Next < Limit; ++I)
        Place(I);
    });
    Count += At[HostChunks::Count];
    return;
  }
#endif
  std::uint64_t Next = 0;
  for (std::uint64_t I = 0; I < N; ++I)
    if (Keep(In[I]))
      Out.unchecked(Next++) = Value(I);
  Count += Next;
}

/// Whether the call runs on a GPU (else on the host's CPU): the device of
/// single-device calls, fixed from the first call on.
inline bool onGpu() {
  static const bool Gpu = current_device().is_gpu;
  return Gpu;
}
inline constexpr Launch OneThread{.threads = 1};

/// Calls Launch(First, Threads) for each launch over N elements of T: one
/// per MaxTiles tiles, Threads a whole number of blocks.
template <class T, class F> void eachLaunch(std::uint64_t N, F &&Launch) {
  using S = Shape<T>;
  for (std::uint64_t First = 0; First < N; First += S::MaxLaunchItems) {
    const std::uint64_t Items =
        N - First < S::MaxLaunchItems ? N - First : S::MaxLaunchItems;
    Launch(First, (Items + S::TileItems - 1) / S::TileItems * S::Threads);
  }
}

template <class T, class Op, bool Exclusive, class In, class Out>
void run(In &&Input, Out &&Output, const T &Init, Op Combine) {
  using S = Shape<T>;
  static_assert(sizeof(T) <= 16,
                "offload scans take values of at most 16 bytes (a tile of "
                "them fits a block's shared memory)");
  const std::uint64_t N = std::size(Input);
  checkOutput(Exclusive ? "exclusive_scan" : "inclusive_scan",
              std::size(Output), N);
  const bool InPlace = static_cast<const void *>(std::data(Input)) ==
                       static_cast<const void *>(std::data(Output));
  if (Exclusive && InPlace && N > S::MaxLaunchItems)
    hostError("offload::exclusive_scan in place takes at most %llu elements; "
              "give it a separate output",
              static_cast<unsigned long long>(S::MaxLaunchItems));
  const SelfPartitionedCall Unreplayed;
  if (!onGpu()) {
    if (InPlace)
      offload(OneThread, scanOnHost<T, Op, Exclusive, true>, N, Init, Combine,
              std::span<const T>(), Output);
    else
      offload(OneThread, scanOnHost<T, Op, Exclusive, false>, N, Init, Combine,
              Input, Output);
    return;
  }
  eachLaunch<T>(N, [&](std::uint64_t First, std::uint64_t Launched) {
    const Launch Geometry{.threads = Launched, .block = S::Threads};
    if (InPlace)
      offload(Geometry, scanTiles<T, Op, Exclusive, true>,
              Range<Linear1D>(Launched), N, First, Init, Combine,
              std::span<const T>(), team_memory, team_memory, Output);
    else
      offload(Geometry, scanTiles<T, Op, Exclusive, false>,
              Range<Linear1D>(Launched), N, First, Init, Combine, Input,
              team_memory, team_memory, Output);
  });
}

template <class C>
using ElementOf =
    std::remove_cvref_t<decltype(*std::data(std::declval<C &>()))>;

template <bool Indices, class In, class Out, class Pred>
std::size_t select(In &&Input, Out &&Output, Pred Keep, const char *Name) {
  using T = ElementOf<In>;
  using O = ElementOf<Out>;
  using S = Shape<T>;
  static_assert(sizeof(T) <= 16,
                "offload::copy_if and copy_index_if take values of at most "
                "16 bytes (a tile of them fits a block's shared memory)");
  static_assert(!Indices || std::is_integral_v<O>,
                "offload::copy_index_if writes indices: its output holds an "
                "integer type");
  const std::uint64_t N = std::size(Input);
  checkOutput(Name, std::size(Output), N);
  if (N && static_cast<const void *>(std::data(Input)) ==
               static_cast<const void *>(std::data(Output)))
    hostError("offload::%s: the output is the input's own data; give it "
              "other data",
              Name);
  std::uint64_t Kept = 0;
  const SelfPartitionedCall Unreplayed;
  if (!onGpu()) {
    offload(OneThread, selectOnHost<T, O, Pred, Indices>, Keep, Input, Output,
            Kept);
    return Kept;
  }
  eachLaunch<T>(N, [&](std::uint64_t First, std::uint64_t Launched) {
    std::uint64_t Count = 0;
    offload(Launch{.threads = Launched, .block = S::Threads},
            selectTiles<T, O, Pred, Indices>, Range<Linear1D>(Launched), N,
            First, Kept, Keep, Input, team_memory, team_memory, Output, Count);
    Kept = Count;
  });
  return Kept;
}

} // namespace detail::scan

/// Out[i] = Combine(In[0], ..., In[i]) for every i < size(In). In and Out
/// are what a kernel takes as std::span<const T> and Region<T> (vectors,
/// preload handles); they may be the same data. Combine must be
/// associative and a named function object type (the device pass names it),
/// such as std::plus<>.
template <class In, class Out, class Op = std::plus<>>
OFFLOAD_LIBRARY_CALL void inclusive_scan(OFFLOAD_READS In &&Input, Out &&Output,
                                         Op Combine = {}) {
  using T = detail::scan::ElementOf<Out>;
  detail::scan::run<T, Op, false>(Input, Output, T{}, Combine);
}

/// Out[i] = Combine(Init, In[0], ..., In[i - 1]) for every i < size(In);
/// Out[0] = Init. In place, at most 64 Mi elements (32 Mi of 16 bytes).
template <class In, class Out, class T, class Op = std::plus<>>
OFFLOAD_LIBRARY_CALL void exclusive_scan(OFFLOAD_READS In &&Input, Out &&Output,
                                         T Init, Op Combine = {}) {
  using V = detail::scan::ElementOf<Out>;
  detail::scan::run<V, Op, true>(Input, Output, V(Init), Combine);
}

/// Copies the elements x of In with Keep(x) to the front of Out, in order
/// (std::copy_if), and returns how many; the rest of Out keeps its values.
/// Out, as large as In, is other data than In. Keep is a named function
/// object type, as a scan's operation.
template <class In, class Out, class Pred>
OFFLOAD_LIBRARY_CALL std::size_t copy_if(OFFLOAD_READS In &&Input, Out &&Output,
                                         Pred Keep) {
  return detail::scan::select<false>(Input, Output, Keep, "copy_if");
}

/// Writes the indices i of In's elements with Keep(In[i]) to the front of
/// Out (integers), in order, and returns how many: stream compaction into
/// an index list.
template <class In, class Out, class Pred>
OFFLOAD_LIBRARY_CALL std::size_t copy_index_if(OFFLOAD_READS In &&Input,
                                               Out &&Output, Pred Keep) {
  return detail::scan::select<true>(Input, Output, Keep, "copy_index_if");
}

} // namespace offload
