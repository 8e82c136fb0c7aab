//===- offload/sort.hpp - Device-wide sorts -------------------------------===//
//
// offload::sort(data[, less]) and offload::sort_by_key(keys, values[, less])
// sort whole arrays on the device, stably (as std::stable_sort):
//
//   auto X = offload::preload_mut(x);
//   offload::sort(X);                  // x ascending
//   offload::sort_by_key(keys, ids);   // ids follow their keys
//
// A merge sort: runs of 8 elements sorted in registers, then passes that
// merge runs pairwise, 8 -> 16 -> ... -> n. In a pass every output piece
// (8 elements of a GPU thread, 2048 of a block, a chunk of the host
// device's) finds where its inputs start with one search along its
// diagonal of the merge (how many of its first outputs come from the left
// run) and then merges in order. The passes of a tile's widths (2048
// elements in a GPU block's team memory, 4096 in a host core's cache) run
// within the tile, the wider ones over the whole array, alternating between
// the data and a scratch copy on the device so that the last one ends in the
// data. A stable sort's result is unique: every device gives the same bits.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/preload.hpp>
#include <offload/scan.hpp>

#include <memory>

namespace offload {

namespace detail::sort {

/// Elements a GPU thread sorts, and then merges in each pass; the length
/// of the first runs on every device.
inline constexpr std::uint32_t PerThread = 8;

/// The values of a sort without them.
struct NoValues {};
template <class V>
inline constexpr bool HasValues = !std::is_same_v<V, NoValues>;

/// Where a pass reads and writes: keys and values (NoValues: none).
template <class K, class V> struct Buffers {
  const K *KeysIn;
  const V *ValuesIn;
  K *Keys;
  V *Values;
};

/// How many of the first D outputs of the merge of sorted runs [A, A + NA)
/// and [B, B + NB) come from the first (Key(i): element i's key): the
/// binary search along the merge's diagonal D. A key of the first run goes
/// before an equal one of the second, which makes the merge stable.
template <class KeyAt, class Less>
inline std::uint64_t fromFirst(KeyAt &Key, std::uint64_t A, std::uint64_t NA,
                               std::uint64_t B, std::uint64_t NB,
                               std::uint64_t D, Less &L) {
  std::uint64_t Low = D > NB ? D - NB : 0, High = D < NA ? D : NA;
  while (Low < High) {
    const std::uint64_t Mid = Low + (High - Low) / 2;
    if (L(Key(B + (D - Mid - 1)), Key(A + Mid)))
      High = Mid;
    else
      Low = Mid + 1;
  }
  return Low;
}

/// Outputs [From, To) of the merge of sorted runs [First, Mid) and [Mid,
/// End): Put(J, Output, Source, Key) for the J-th of them. A Piece is at
/// most PerThread outputs (a GPU thread's), merged in a loop unrolled whole
/// so that J is a constant.
template <bool Piece, class KeyAt, class PutFn, class Less>
inline void mergePair(std::uint64_t First, std::uint64_t Mid, std::uint64_t End,
                      std::uint64_t From, std::uint64_t To, KeyAt Key,
                      PutFn Put, Less &L) {
  std::uint64_t A = First + fromFirst(Key, First, Mid - First, Mid, End - Mid,
                                      From - First, L);
  std::uint64_t B = Mid + (From - A);
  using K = std::remove_cvref_t<decltype(Key(A))>;
  K KeyA = A < Mid ? Key(A) : K{}, KeyB = B < End ? Key(B) : K{};
  if constexpr (Piece) {
    // A GPU thread's piece: one Put of a selected key (with a Put per run,
    // both keys stayed in local memory, each Put taking its key by
    // reference).
    OFFLOAD_UNROLL_ALL
    for (std::uint32_t J = 0; J < PerThread; ++J) {
      if (From + J >= To)
        continue;
      const bool FromA = B == End || (A < Mid && !L(KeyB, KeyA));
      Put(J, From + J, FromA ? A : B, FromA ? KeyA : KeyB);
      if (FromA) {
        if (++A < Mid)
          KeyA = Key(A);
      } else if (++B < End) {
        KeyB = Key(B);
      }
    }
  } else {
    // On a CPU, a Put per run, each after its own predicted branch: one Put
    // of a selected key took 1 Mi doubles 126 ms on one core, this 88.
    for (std::uint32_t J = 0; From < To; ++From, ++J) {
      if (B == End || (A < Mid && !L(KeyB, KeyA))) {
        Put(J, From, A, KeyA);
        if (++A < Mid)
          KeyA = Key(A);
      } else {
        Put(J, From, B, KeyB);
        if (++B < End)
          KeyB = Key(B);
      }
    }
  }
}

/// The pair of runs of Width, of the pass over N elements, that output
/// From belongs to: [First, Mid) and [Mid, End).
struct Pair {
  std::uint64_t First, Mid, End;
  Pair(std::uint64_t N, std::uint64_t Width, std::uint64_t From)
      : First(From - From % (2 * Width)),
        Mid(N - First > Width ? First + Width : N),
        End(N - Mid > Width ? Mid + Width : N) {}
};

/// Outputs [From, To) of the pass over N elements that merges the runs of
/// Width in pairs; a Piece lies within one pair.
template <bool Piece, class KeyAt, class PutFn, class Less>
inline void mergeOutputs(std::uint64_t N, std::uint64_t Width,
                         std::uint64_t From, std::uint64_t To, KeyAt Key,
                         PutFn Put, Less &L) {
  while (From < To) {
    const Pair P(N, Width, From);
    const std::uint64_t Stop = To < P.End ? To : P.End;
    mergePair<Piece>(P.First, P.Mid, P.End, From, Stop, Key, Put, L);
    From = Stop;
  }
}

/// The run of Count <= PerThread keys (and values) sorted in place,
/// stably: odd-even transposition, swapping neighbours only when the second
/// is less.
template <class K, class V, class Less>
inline void sortRegisters(K (&Keys)[PerThread], V (&Values)[PerThread],
                          std::uint32_t Count, Less &L) {
  // Loops of constant trip counts, unrolled whole: the arrays' indices
  // become constants and the arrays registers.
  OFFLOAD_UNROLL_ALL
  for (std::uint32_t Round = 0; Round < PerThread; ++Round) {
    OFFLOAD_UNROLL_ALL
    for (std::uint32_t Pair = 0; Pair < PerThread / 2; ++Pair) {
      const std::uint32_t J = 2 * Pair + Round % 2;
      if (J + 1 < PerThread && J + 1 < Count && L(Keys[J + 1], Keys[J])) {
        const K Key = Keys[J];
        Keys[J] = Keys[J + 1];
        Keys[J + 1] = Key;
        if constexpr (HasValues<V>) {
          const V Value = Values[J];
          Values[J] = Values[J + 1];
          Values[J + 1] = Value;
        }
      }
    }
  }
}

/// Sorts the run of the Count <= PerThread elements from First in
/// registers; in place when the buffers are the same.
template <class K, class V, class Less>
inline void sortRun(std::uint64_t First, std::uint32_t Count, Buffers<K, V> Buf,
                    Less &L) {
  // Initialized, though only the first Count are read: g++ cannot tell.
  K Keys[PerThread]{};
  V Values[PerThread]{};
  OFFLOAD_UNROLL_ALL
  for (std::uint32_t J = 0; J < PerThread; ++J)
    if (J < Count) {
      Keys[J] = Buf.KeysIn[First + J];
      if constexpr (HasValues<V>)
        Values[J] = Buf.ValuesIn[First + J];
    }
  sortRegisters(Keys, Values, Count, L);
  OFFLOAD_UNROLL_ALL
  for (std::uint32_t J = 0; J < PerThread; ++J)
    if (J < Count) {
      Buf.Keys[First + J] = Keys[J];
      if constexpr (HasValues<V>)
        Buf.Values[First + J] = Values[J];
    }
}

/// The runs of the elements [From, To), From a multiple of PerThread.
template <class K, class V, class Less>
inline void sortRuns(std::uint64_t From, std::uint64_t To, Buffers<K, V> Buf,
                     Less &L) {
  for (; From < To; From += PerThread)
    sortRun(From, To - From < PerThread ? std::uint32_t(To - From) : PerThread,
            Buf, L);
}

/// A pass's outputs [From, To) from Buf's inputs.
template <bool Piece, class K, class V, class Less>
inline void mergeRange(std::uint64_t N, std::uint64_t Width, std::uint64_t From,
                       std::uint64_t To, Buffers<K, V> Buf, Less &L) {
  mergeOutputs<Piece>(
      N, Width, From, To, [Buf](std::uint64_t I) { return Buf.KeysIn[I]; },
      [Buf](std::uint32_t, std::uint64_t Output, std::uint64_t Source, K Key) {
        Buf.Keys[Output] = Key;
        if constexpr (HasValues<V>)
          Buf.Values[Output] = Buf.ValuesIn[Source];
      },
      L);
}

/// How many merge passes N elements take after their first runs of Width.
inline unsigned passesFor(std::uint64_t N, std::uint64_t Width = PerThread) {
  unsigned Passes = 0;
  for (; Width < N; Width *= 2)
    ++Passes;
  return Passes;
}

/// On a GPU a block of Threads first sorts a tile of Items elements in team
/// memory: its runs of PerThread and their merges up to the tile's length,
/// the passes of widths 8 to Items / 2 without a launch each. A thread's
/// run of PerThread lies in slots of its own banks: one unused slot after
/// every PerThread elements. Without room for the tile (keys and values of
/// more than 16 bytes together), the first runs are sorted by themselves.
template <class K, class V> struct TileShape {
  static constexpr std::uint32_t Threads = 256, Items = Threads * PerThread,
                                 Slots = Items + Items / PerThread,
                                 ValueSlots = HasValues<V> ? Slots : 1;
  static constexpr std::uint32_t slotOf(std::uint64_t Item) {
    return std::uint32_t(Item + Item / PerThread);
  }
  static constexpr bool Fits =
      sizeof(K) * Slots + sizeof(V) * ValueSlots <= 48 * 1024;
};

/// The buffers of a pass that reads buffer From and writes buffer Into (0:
/// the data, 1: the scratch).
template <class K, class V>
inline Buffers<K, V> buffers(int From, int Into, K *Keys[2], V *Values[2]) {
  return {Keys[From], Values[From], Keys[Into], Values[Into]};
}

template <class T> inline T *dataOf(const Region<T> &R) {
  return R.size() ? &R.unchecked(0) : nullptr;
}

/// The whole sort on the host's CPU, in one kernel of one logical thread
/// (GPUs sort with the kernels below and compile this empty). Tiles of
/// HostTile elements first, each by one thread while it stays in its core's
/// cache: its runs and the passes of widths below HostTile, whose pairs never
/// cross a tile, ending where the passes after them start. Those passes then
/// go over the host device's threads in chunks of the outputs. (All passes
/// over the whole array, each streaming it through memory, took 1 Mi doubles
/// 90 ms on one core of a 2-core machine, 47 ms on two; tiles first, 87 and
/// 44.)
inline constexpr std::uint64_t HostTile = 4096;

template <class K, class V, class Less>
void sortOnHost(std::uint64_t N, Less L, Region<K> Keys, Region<K> KeyScratch,
                Region<V> Values, Region<V> ValueScratch) {
#if !defined(OFFLOAD_GPU_CODE)
  K *KeyBuffers[2] = {dataOf(Keys), dataOf(KeyScratch)};
  V *ValueBuffers[2] = {dataOf(Values), dataOf(ValueScratch)};
  int Into = passesFor(N, HostTile) % 2;
  auto SortTiles = [&](std::uint64_t First, std::uint64_t Last) {
    for (std::uint64_t Tile = First; Tile < Last; ++Tile) {
      const std::uint64_t From = Tile * HostTile,
                          Count = N - From < HostTile ? N - From : HostTile;
      int At = Into ^ int(passesFor(Count) % 2);
      sortRuns(From, From + Count, buffers(0, At, KeyBuffers, ValueBuffers), L);
      for (std::uint64_t Width = PerThread; Width < Count; Width *= 2) {
        mergeRange<false>(N, Width, From, From + Count,
                          buffers(At, 1 - At, KeyBuffers, ValueBuffers), L);
        At = 1 - At;
      }
    }
  };
  const std::uint64_t Tiles = (N + HostTile - 1) / HostTile;
  const bool Parallel = N >= scan::HostChunks::MinItems;
  if (Parallel)
    scan::eachHostChunk([&](std::uint64_t T) { SortTiles(T, T + 1); }, Tiles);
  else
    SortTiles(0, Tiles);
  for (std::uint64_t Width = HostTile; Width < N; Width *= 2) {
    Into = 1 - Into;
    const auto Buf = buffers(1 - Into, Into, KeyBuffers, ValueBuffers);
    if (Parallel)
      scan::eachHostChunk([&](std::uint64_t C) {
        const scan::HostChunks Chunk(N, C);
        mergeRange<false>(N, Width, Chunk.Begin, Chunk.End, Buf, L);
      });
    else
      mergeRange<false>(N, Width, 0, N, Buf, L);
  }
#else
  (void)N, (void)L, (void)Keys, (void)KeyScratch, (void)Values,
      (void)ValueScratch;
#endif
}

#if defined(OFFLOAD_GPU_CODE)
/// The first runs: thread t sorts elements [8t, 8t + 8).
template <class K, class V, class Less, bool InPlace>
void sortRunsKernel(Range<Linear1D> Runs, std::uint64_t N, Less L,
                    std::span<const K> KeysIn, std::span<const V> ValuesIn,
                    Region<K> Keys, Region<V> Values) {
  const Buffers<K, V> Buf{InPlace ? dataOf(Keys) : KeysIn.data(),
                          InPlace ? dataOf(Values) : ValuesIn.data(),
                          dataOf(Keys), dataOf(Values)};
  for (std::uint64_t Run : Runs) {
    const std::uint64_t From = Run * PerThread;
    sortRuns(From, N - From < PerThread ? N : From + PerThread, Buf, L);
  }
}

/// Block b sorts elements [b Items, (b + 1) Items): loaded coalesced into
/// the tile, each thread's run sorted in registers, merged pairwise within
/// the tile (each thread's PerThread outputs into registers, then back),
/// and stored coalesced.
template <class K, class V, class Less, bool InPlace>
void sortTilesKernel(Range<Linear1D> Threads, std::uint64_t N, Less L,
                     std::span<const K> KeysIn, std::span<const V> ValuesIn,
                     Tile<K, TileShape<K, V>::Slots> KeyTile,
                     Tile<V, TileShape<K, V>::ValueSlots> ValueTile,
                     Region<K> Keys, Region<V> Values) {
  using S = TileShape<K, V>;
  const K *KeySource = InPlace ? dataOf(Keys) : KeysIn.data();
  const V *ValueSource = InPlace ? dataOf(Values) : ValuesIn.data();
  K *StagedKeys = TileAccess::data(KeyTile);
  V *StagedValues = TileAccess::data(ValueTile);
  const std::uint32_t Rank = KeyTile.rank();
  // Every thread of a launch of whole blocks has one index.
  for (std::uint64_t Thread : Threads) {
    const std::uint64_t Base = (Thread - Rank) * PerThread;
    const std::uint32_t Count =
        N - Base < S::Items ? std::uint32_t(N - Base) : S::Items;
    OFFLOAD_UNROLL_ALL
    for (std::uint32_t J = 0; J < PerThread; ++J) {
      const std::uint32_t I = Rank + J * S::Threads;
      if (I < Count) {
        StagedKeys[S::slotOf(I)] = KeySource[Base + I];
        if constexpr (HasValues<V>)
          StagedValues[S::slotOf(I)] = ValueSource[Base + I];
      }
    }
    KeyTile.sync();
    const std::uint32_t Own = Rank * PerThread;
    const std::uint32_t Mine = Count <= Own              ? 0
                               : Count - Own < PerThread ? Count - Own
                                                         : PerThread;
    K RunKeys[PerThread];
    V RunValues[PerThread];
    OFFLOAD_UNROLL_ALL
    for (std::uint32_t J = 0; J < PerThread; ++J)
      if (J < Mine) {
        RunKeys[J] = StagedKeys[S::slotOf(Own + J)];
        if constexpr (HasValues<V>)
          RunValues[J] = StagedValues[S::slotOf(Own + J)];
      }
    sortRegisters(RunKeys, RunValues, Mine, L);
    for (std::uint32_t Width = PerThread;; Width *= 2) {
      OFFLOAD_UNROLL_ALL
      for (std::uint32_t J = 0; J < PerThread; ++J)
        if (J < Mine) {
          StagedKeys[S::slotOf(Own + J)] = RunKeys[J];
          if constexpr (HasValues<V>)
            StagedValues[S::slotOf(Own + J)] = RunValues[J];
        }
      KeyTile.sync();
      if (Width >= Count)
        break;
      mergeOutputs<true>(
          Count, Width, Own, Own + Mine,
          [&](std::uint64_t I) { return StagedKeys[S::slotOf(I)]; },
          [&](std::uint32_t J, std::uint64_t, std::uint64_t Source, K Key) {
            RunKeys[J] = Key;
            if constexpr (HasValues<V>)
              RunValues[J] = StagedValues[S::slotOf(Source)];
          },
          L);
      KeyTile.sync();
    }
    OFFLOAD_UNROLL_ALL
    for (std::uint32_t J = 0; J < PerThread; ++J) {
      const std::uint32_t I = Rank + J * S::Threads;
      if (I < Count) {
        Keys.unchecked(Base + I) = StagedKeys[S::slotOf(I)];
        if constexpr (HasValues<V>)
          Values.unchecked(Base + I) = StagedValues[S::slotOf(I)];
      }
    }
  }
}

/// fromFirst by a whole warp: each step tests one candidate per lane and
/// narrows the range to the span between the last candidate before the
/// answer and the first at or after it, so a run of 2^20 takes four
/// dependent loads instead of twenty. Every lane returns the answer.
template <class KeyAt, class Less>
inline std::uint64_t
fromFirstByWarp(KeyAt &Key, std::uint64_t A, std::uint64_t NA, std::uint64_t B,
                std::uint64_t NB, std::uint64_t D, Less &L) {
  const std::uint32_t Lanes = __gpu_num_lanes(), Lane = __gpu_lane_id();
  const std::uint64_t Warp = gpu::lowLanes(Lanes);
  // The answer is the first I in [Low, High) where the predicate holds,
  // or High: as if it held from High on.
  std::uint64_t Low = D > NB ? D - NB : 0, High = D < NA ? D : NA;
  while (Low < High) {
    const std::uint64_t Step = (High - Low + Lanes - 1) / Lanes;
    const std::uint64_t I = Low + Lane * Step;
    const bool Holds = I >= High || L(Key(B + (D - I - 1)), Key(A + I));
    const std::uint64_t Ballot = __gpu_ballot(Warp, Holds);
    if (Step == 1)
      return Ballot ? Low + __builtin_ctzll(Ballot) : High;
    // Past the last lane's candidate when none holds.
    const std::uint32_t Found =
        Ballot ? std::uint32_t(__builtin_ctzll(Ballot)) : Lanes;
    const std::uint64_t Next = Low + std::uint64_t(Found) * Step;
    if (Found > 0)
      Low = Low + (Found - 1) * Step + 1;
    High = Next < High ? Next : High;
  }
  return Low;
}

/// A merge pass of Width >= Items, block by block: block b writes outputs
/// [b Items, (b + 1) Items), which lie in one pair of runs. Warps 0 and 1
/// find where its inputs start and end in the two runs, the block loads
/// them coalesced into the tile, each thread merges its PerThread outputs
/// from the tile into registers, and the block stores them coalesced.
template <class K, class V, class Less>
void mergeTilesKernel(Range<Linear1D> Threads, std::uint64_t N,
                      std::uint64_t Width, Less L, std::span<const K> KeysIn,
                      std::span<const V> ValuesIn,
                      Tile<K, TileShape<K, V>::Slots> KeyTile,
                      Tile<V, TileShape<K, V>::ValueSlots> ValueTile,
                      Tile<std::uint64_t, 2> Splits, Region<K> Keys,
                      Region<V> Values) {
  using S = TileShape<K, V>;
  K *StagedKeys = TileAccess::data(KeyTile);
  V *StagedValues = TileAccess::data(ValueTile);
  std::uint64_t *Split = TileAccess::data(Splits);
  const std::uint32_t Rank = KeyTile.rank();
  auto Key = [&](std::uint64_t I) { return KeysIn[I]; };
  for (std::uint64_t Thread : Threads) {
    const std::uint64_t Base = (Thread - Rank) * PerThread;
    const Pair P(N, Width, Base);
    const std::uint64_t Count = N - Base < S::Items ? N - Base : S::Items;
    const std::uint32_t Warp = Rank / __gpu_num_lanes();
    if (Warp < 2) {
      const std::uint64_t D = Base - P.First + (Warp ? Count : 0);
      const std::uint64_t Taken = fromFirstByWarp(Key, P.First, P.Mid - P.First,
                                                  P.Mid, P.End - P.Mid, D, L);
      if (__gpu_lane_id() == 0)
        Split[Warp] = Taken;
    }
    KeyTile.sync();
    const std::uint64_t FirstA = P.First + Split[0];
    const std::uint64_t FromA = Split[1] - Split[0];
    const std::uint64_t FirstB = P.Mid + (Base - P.First) - Split[0];
    OFFLOAD_UNROLL_ALL
    for (std::uint32_t J = 0; J < PerThread; ++J) {
      const std::uint32_t I = Rank + J * S::Threads;
      if (I < Count) {
        const std::uint64_t Source =
            I < FromA ? FirstA + I : FirstB + (I - FromA);
        StagedKeys[S::slotOf(I)] = KeysIn[Source];
        if constexpr (HasValues<V>)
          StagedValues[S::slotOf(I)] = ValuesIn[Source];
      }
    }
    KeyTile.sync();
    const std::uint32_t Own = Rank * PerThread;
    K RunKeys[PerThread];
    V RunValues[PerThread];
    mergePair<true>(
        0, FromA, Count, Own, Own + PerThread < Count ? Own + PerThread : Count,
        [&](std::uint64_t I) { return StagedKeys[S::slotOf(I)]; },
        [&](std::uint32_t J, std::uint64_t, std::uint64_t Source, K Key) {
          RunKeys[J] = Key;
          if constexpr (HasValues<V>)
            RunValues[J] = StagedValues[S::slotOf(Source)];
        },
        L);
    KeyTile.sync();
    OFFLOAD_UNROLL_ALL
    for (std::uint32_t J = 0; J < PerThread; ++J)
      if (Own + J < Count) {
        StagedKeys[S::slotOf(Own + J)] = RunKeys[J];
        if constexpr (HasValues<V>)
          StagedValues[S::slotOf(Own + J)] = RunValues[J];
      }
    KeyTile.sync();
    OFFLOAD_UNROLL_ALL
    for (std::uint32_t J = 0; J < PerThread; ++J) {
      const std::uint32_t I = Rank + J * S::Threads;
      if (I < Count) {
        Keys.unchecked(Base + I) = StagedKeys[S::slotOf(I)];
        if constexpr (HasValues<V>)
          Values.unchecked(Base + I) = StagedValues[S::slotOf(I)];
      }
    }
  }
}

/// A merge pass: thread t writes outputs [8t, 8t + 8).
template <class K, class V, class Less>
void mergeKernel(Range<Linear1D> Pieces, std::uint64_t N, std::uint64_t Width,
                 Less L, std::span<const K> KeysIn, std::span<const V> ValuesIn,
                 Region<K> Keys, Region<V> Values) {
  const Buffers<K, V> Buf{KeysIn.data(), ValuesIn.data(), dataOf(Keys),
                          dataOf(Values)};
  for (std::uint64_t Piece : Pieces) {
    const std::uint64_t From = Piece * PerThread;
    mergeRange<true>(N, Width, From,
                     N - From < PerThread ? N : From + PerThread, Buf, L);
  }
}
#else
// The host's CPU sorts in sortOnHost: the GPU kernels are compiled for it,
// never launched there.
template <class K, class V, class Less, bool InPlace>
void sortRunsKernel(Range<Linear1D>, std::uint64_t, Less, std::span<const K>,
                    std::span<const V>, Region<K>, Region<V>) {}
template <class K, class V, class Less, bool InPlace>
void sortTilesKernel(Range<Linear1D>, std::uint64_t, Less, std::span<const K>,
                     std::span<const V>, Tile<K, TileShape<K, V>::Slots>,
                     Tile<V, TileShape<K, V>::ValueSlots>, Region<K>,
                     Region<V>) {}
template <class K, class V, class Less>
void mergeTilesKernel(Range<Linear1D>, std::uint64_t, std::uint64_t, Less,
                      std::span<const K>, std::span<const V>,
                      Tile<K, TileShape<K, V>::Slots>,
                      Tile<V, TileShape<K, V>::ValueSlots>,
                      Tile<std::uint64_t, 2>, Region<K>, Region<V>) {}
template <class K, class V, class Less>
void mergeKernel(Range<Linear1D>, std::uint64_t, std::uint64_t, Less,
                 std::span<const K>, std::span<const V>, Region<K>, Region<V>) {
}
#endif

/// N elements of T on the device only, for as long as it lives: the host
/// memory is allocated, never touched.
template <class T> class Scratch {
public:
  explicit Scratch(std::uint64_t N)
      : Host(N ? new T[N] : nullptr), View(Host.get(), N),
        Device(View.empty() ? Preloaded<std::span<T>>()
                            : preload_mut(View, uninitialized)) {}
  ~Scratch() { Device.discard(); }
  Scratch(const Scratch &) = delete;
  Scratch &operator=(const Scratch &) = delete;
  T *data() const { return View.data(); }

private:
  std::unique_ptr<T[]> Host;
  std::span<T> View;
  Preloaded<std::span<T>> Device;
};

template <class K, class V, class Less>
void run(std::span<K> Keys, std::span<V> Values, Less L) {
  static_assert(
      std::is_trivially_copyable_v<K> && std::is_default_constructible_v<K> &&
          std::is_trivially_copyable_v<V> && std::is_default_constructible_v<V>,
      "offload::sort sorts trivially copyable, default "
      "constructible keys and values");
  const std::uint64_t N = Keys.size();
  if (N < 2)
    return;
  // The data stays on the device across the passes (unless a handle keeps
  // it there already), and goes back once.
  Preloaded<std::span<K>> KeysThere(PreloadIf{}, Keys, true);
  Preloaded<std::span<V>> ValuesThere(PreloadIf{}, Values, HasValues<V>);
  Scratch<K> KeyScratch(N);
  Scratch<V> ValueScratch(HasValues<V> ? N : 0);
  const SelfPartitionedCall Unreplayed;
  auto RegionOf = [](auto *Data, std::uint64_t Size) {
    return Region(std::span(Data, Data ? Size : 0));
  };
  if (!scan::onGpu()) {
    offload(scan::OneThread, sortOnHost<K, V, Less>, N, L, Keys,
            RegionOf(KeyScratch.data(), N), Values,
            RegionOf(ValueScratch.data(), N));
    return;
  }
  using S = TileShape<K, V>;
  K *KeyBuffers[2] = {Keys.data(), KeyScratch.data()};
  V *ValueBuffers[2] = {Values.data(), ValueScratch.data()};
  const std::uint64_t ValueCount = HasValues<V> ? N : 0;
  auto Blocks = [](std::uint64_t Threads) {
    return (Threads + S::Threads - 1) / S::Threads * S::Threads;
  };
  // The first stage writes its runs where the passes after it end in the
  // data: in place, or in the scratch for an odd number of passes.
  const std::uint64_t FirstWidth = S::Fits ? S::Items : PerThread;
  int Into = passesFor(N, FirstWidth) % 2;
  // What the stage writing Into reads: the other buffer.
  auto Reads = [&](auto *const *Buffers, std::uint64_t Size) {
    const auto *Data = Buffers[1 - Into];
    return std::span(Data, Data ? Size : 0);
  };
  auto KeysOut = [&] { return RegionOf(KeyBuffers[Into], N); };
  auto ValuesOut = [&] { return RegionOf(ValueBuffers[Into], ValueCount); };
  if constexpr (S::Fits) {
    const std::uint64_t Launched = (N + S::Items - 1) / S::Items * S::Threads;
    const Launch Tiles{.threads = Launched, .block = S::Threads};
    if (Into == 0)
      offload(Tiles, sortTilesKernel<K, V, Less, true>,
              Range<Linear1D>(Launched), N, L, std::span<const K>(),
              std::span<const V>(), team_memory, team_memory, KeysOut(),
              ValuesOut());
    else
      offload(Tiles, sortTilesKernel<K, V, Less, false>,
              Range<Linear1D>(Launched), N, L, Reads(KeyBuffers, N),
              Reads(ValueBuffers, ValueCount), team_memory, team_memory,
              KeysOut(), ValuesOut());
  }
  const std::uint64_t Pieces = (N + PerThread - 1) / PerThread;
  const Launch Geometry{.threads = Blocks(Pieces), .block = S::Threads};
  if constexpr (!S::Fits) {
    if (Into == 0)
      offload(Geometry, sortRunsKernel<K, V, Less, true>,
              Range<Linear1D>(Pieces), N, L, std::span<const K>(),
              std::span<const V>(), KeysOut(), ValuesOut());
    else
      offload(Geometry, sortRunsKernel<K, V, Less, false>,
              Range<Linear1D>(Pieces), N, L, Reads(KeyBuffers, N),
              Reads(ValueBuffers, ValueCount), KeysOut(), ValuesOut());
  }
  for (std::uint64_t Width = FirstWidth; Width < N; Width *= 2) {
    Into = 1 - Into;
    if constexpr (S::Fits)
      offload(Geometry, mergeTilesKernel<K, V, Less>,
              Range<Linear1D>(Geometry.threads), N, Width, L,
              Reads(KeyBuffers, N), Reads(ValueBuffers, ValueCount),
              team_memory, team_memory, team_memory, KeysOut(), ValuesOut());
    else
      offload(Geometry, mergeKernel<K, V, Less>, Range<Linear1D>(Pieces), N,
              Width, L, Reads(KeyBuffers, N), Reads(ValueBuffers, ValueCount),
              KeysOut(), ValuesOut());
  }
}

/// Data as a span of mutable elements.
template <class C> auto spanOf(C &&Data) {
  static_assert(
      !std::is_const_v<std::remove_pointer_t<decltype(std::data(Data))>>,
      "offload::sort and sort_by_key sort mutable data: a vector, "
      "a span of it or a preload_mut handle");
  return std::span(std::data(Data), std::size(Data));
}

} // namespace detail::sort

/// Sorts Data (a vector, span or preload_mut handle) into the order Less
/// gives, stably, as std::stable_sort. Less is a strict weak order (a NaN
/// among doubles under std::less is not one) and a named function object
/// type, as a scan's operation.
template <class Data, class Less = std::less<>>
OFFLOAD_LIBRARY_CALL void sort(Data &&Keys, Less L = {}) {
  auto K = detail::sort::spanOf(Keys);
  detail::sort::run(K, std::span<detail::sort::NoValues>(), L);
}

/// Sorts Keys as sort() does and moves each element of Values (as long as
/// Keys, other data) with its key: the sort of (key, value) pairs by key,
/// equal keys keeping their order.
template <class Keys, class Values, class Less = std::less<>>
OFFLOAD_LIBRARY_CALL void sort_by_key(Keys &&K, Values &&V, Less L = {}) {
  auto KeySpan = detail::sort::spanOf(K);
  auto ValueSpan = detail::sort::spanOf(V);
  if (ValueSpan.size() != KeySpan.size())
    detail::hostError("offload::sort_by_key: %zu values for %zu keys",
                      ValueSpan.size(), KeySpan.size());
  if (!KeySpan.empty() && static_cast<const void *>(KeySpan.data()) ==
                              static_cast<const void *>(ValueSpan.data()))
    detail::hostError("offload::sort_by_key: the values are the keys' own "
                      "data; give them other data");
  detail::sort::run(KeySpan, ValueSpan, L);
}

} // namespace offload
