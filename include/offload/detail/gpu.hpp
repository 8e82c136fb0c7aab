//===- offload/detail/gpu.hpp - Device primitives for kernel entries ------===//
//
// Thread positions, block-wide reductions and atomics, for the GPU targets
// of the device pass. Compiled only there (NVPTX, AMDGPU); the host device
// runs logical threads one after the other and needs none of it.
//
//===----------------------------------------------------------------------===//
#pragma once

#if !defined(__NVPTX__) && !defined(__AMDGPU__)
#error "offload/detail/gpu.hpp is for GPU device compiles"
#endif

#include <offload/detail/assert.hpp>
#include <offload/detail/atomics.hpp>
#include <offload/reduce.hpp>
#include <offload/strategy.hpp>

#include <gpuintrin.h>

#include <bit>
#include <cstdint>
#include <type_traits>

namespace offload::detail::gpu {

/// The running thread's position in a launch of Dims dimensions.
template <unsigned Dims> inline ThreadIndex threadIndex() {
  auto Global = [](int D) {
    return std::uint64_t(__gpu_block_id(D)) * __gpu_num_threads(D) +
           __gpu_thread_id(D);
  };
  auto Launched = [](int D) {
    return std::uint64_t(__gpu_num_blocks(D)) * __gpu_num_threads(D);
  };
  // Width and height are at least 1: a width of 0 marks an unbound view.
  if constexpr (Dims == 1)
    return {Global(0), 0, 0, 1, 1};
  else if constexpr (Dims == 2)
    return {Global(0), Global(1), 0, Launched(0), 1};
  else
    return {Global(0), Global(1), Global(2), Launched(0), Launched(1)};
}

/// The thread's index within its block, and the block's size.
inline std::uint32_t threadInBlock() {
  return __gpu_thread_id(0) +
         __gpu_num_threads(0) *
             (__gpu_thread_id(1) + __gpu_num_threads(1) * __gpu_thread_id(2));
}
inline std::uint32_t blockSize() {
  return __gpu_num_threads(0) * __gpu_num_threads(1) * __gpu_num_threads(2);
}

/// Makes the block X x Y x Z a compile-time fact for the code after it, in
/// a kernel with team memory or reductions whose every offload() call
/// states that block (the plugin checks, and the runtime refuses a launch
/// with another): per-thread shares of a tile, strides over the block,
/// lanes and warps of block-wide reductions fold into constants, at no cost
/// in the kernel. (Other kernels gain nothing from it: with the block's
/// size a constant, loop strength reduction keeps an address per array and
/// step in 3MM's and GEMVER's loops, 25 % slower on an H100.)
template <std::uint32_t X, std::uint32_t Y, std::uint32_t Z>
inline void fixBlock() {
  if (__gpu_num_threads(0) != X || __gpu_num_threads(1) != Y ||
      __gpu_num_threads(2) != Z || __gpu_thread_id(0) >= X ||
      __gpu_thread_id(1) >= Y || __gpu_thread_id(2) >= Z)
    __builtin_unreachable();
}

/// V with Move applied to each of its 32-bit words: warp shuffles move
/// values of any size that way.
template <class V, class F> inline V byWords(V X, F Move) {
  static_assert(sizeof(V) % 4 == 0, "shuffled values are whole 32-bit words");
  std::uint32_t Words[sizeof(V) / 4];
  __builtin_memcpy(Words, &X, sizeof(V));
  for (std::uint32_t &W : Words)
    W = Move(W);
  __builtin_memcpy(&X, Words, sizeof(V));
  return X;
}

/// V's value from lane Lane of the warp.
template <class V>
inline V shuffle(std::uint64_t Mask, std::uint32_t Lane, V X) {
  return byWords(X, [&](std::uint32_t W) {
    return __gpu_shuffle_idx_u32(Mask, Lane, W, __gpu_num_lanes());
  });
}

/// V's value from lane (this lane + Step) of the warp, for lanes where that
/// lane is in Mask; others get an unspecified value. NVPTX's shuffle-down
/// needs no per-lane test of the source lane (the generic indexed shuffle
/// zeroes values from lanes outside the mask, two more instructions and a
/// 64-bit mask per word: FIRST_MIN's pair tree went from 32 to 36
/// registers).
template <class V>
inline V shuffleDown(std::uint64_t Mask, std::uint32_t Step, V X) {
#if defined(__NVPTX__)
  return byWords(X, [&](std::uint32_t W) {
    return std::uint32_t(
        __nvvm_shfl_sync_down_i32(std::uint32_t(Mask), W, Step, 0x1f));
  });
#else
  return shuffle(Mask, __gpu_lane_id() + Step, X);
#endif
}

/// V's value from lane (this lane - Step) of the warp; lanes below Step
/// get their own.
template <class V>
inline V shuffleUp(std::uint64_t Mask, std::uint32_t Step, V X) {
#if defined(__NVPTX__)
  return byWords(X, [&](std::uint32_t W) {
    return std::uint32_t(
        __nvvm_shfl_sync_up_i32(std::uint32_t(Mask), W, Step, 0));
  });
#else
  const std::uint32_t Lane = __gpu_lane_id();
  return shuffle(Mask, Lane >= Step ? Lane - Step : Lane, X);
#endif
}

/// The mask of lanes 0 .. Lanes - 1.
inline std::uint64_t lowLanes(std::uint32_t Lanes) {
  return Lanes >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << Lanes) - 1;
}

/// Op-combines V across lanes 0 .. Count - 1 of the warp into lane 0;
/// lanes 0 .. Lanes - 1 all call it. The shuffles name those lanes
/// explicitly rather than the ones active at the moment: after divergent
/// code (a loop whose trip count differs per thread) the active mask can be
/// partial until the warp reconverges, and a shuffle with all lanes waits
/// for them.
template <class Op, class V>
inline V warpReduce(V X, std::uint32_t Lanes, std::uint32_t Count) {
  const std::uint64_t Mask = lowLanes(Lanes);
  const std::uint32_t Lane = __gpu_lane_id();
  if (Count == __gpu_num_lanes()) {
    // A whole warp: lane 0's tree reads lanes below Count only (what the
    // other lanes gather goes nowhere), so no combine needs the check.
    for (std::uint32_t Step = Count / 2; Step > 0; Step /= 2)
      X = Op::combine(X, shuffleDown(Mask, Step, X));
    return X;
  }
  // From the largest step that reaches a lane below Count: a block's few
  // warps (combineWarps) need 3 steps of 8, not 5.
  for (std::uint32_t Step = Count > 1 ? std::bit_floor(Count - 1) : 0; Step > 0;
       Step /= 2) {
    V Other = shuffleDown(Mask, Step, X);
    if (Lane + Step < Count)
      X = Op::combine(X, Other);
  }
  return X;
}

/// Combine(v0, ..., vLane) over lanes 0 .. Count - 1, all of which call it,
/// in lane order (Combine need only be associative).
template <class V, class F>
inline V warpInclusive(V X, F &Combine, std::uint32_t Lane,
                       std::uint32_t Count) {
  const std::uint64_t Mask = lowLanes(Count);
  for (std::uint32_t Step = 1; Step < Count; Step *= 2) {
    V Other = shuffleUp(Mask, Step, X);
    if (Lane >= Step)
      X = Combine(Other, X);
  }
  return X;
}

/// A block-wide combine in three steps, which the kernel entry orders so
/// that a kernel's reductions run each step together (their shuffle trees
/// interleave instead of waiting for one another): every thread of the
/// block takes reduceInWarp(); lane 0 of each warp stores the warp's total
/// with shareWarpTotal(); after a barrier, the lanes of the first warp
/// (lanesInWarp0()) take combineWarps(), which leaves the block's total in
/// thread 0. Position tells a kernel's reductions apart.
template <class Op, unsigned Position>
inline typename Op::value_type *warpTotals() {
  [[clang::loader_uninitialized]] static __gpu_local
      typename Op::value_type Totals[32];
  return Totals;
}
template <class Op, class V> inline V reduceInWarp(V X) {
  const std::uint32_t Lanes = __gpu_num_lanes(), Size = blockSize();
  const std::uint32_t Warp = threadInBlock() / Lanes;
  const std::uint32_t InWarp =
      Size - Warp * Lanes < Lanes ? Size - Warp * Lanes : Lanes;
  return warpReduce<Op>(X, InWarp, InWarp);
}
template <class Op, unsigned Position, class V>
inline void shareWarpTotal(V WarpTotal) {
  warpTotals<Op, Position>()[threadInBlock() / __gpu_num_lanes()] = WarpTotal;
}
template <class Op, unsigned Position>
inline typename Op::value_type combineWarps() {
  const std::uint32_t Lanes = __gpu_num_lanes(), Size = blockSize();
  const std::uint32_t NumWarps = (Size + Lanes - 1) / Lanes;
  // Lanes past NumWarps read a total they never combine (warpReduce checks
  // the count), so the read needs no branch; % 32 keeps a 64-lane
  // wavefront's upper half inside the array (at most 1024 / 64 warps).
  const typename Op::value_type X =
      warpTotals<Op, Position>()[threadInBlock() % 32];
  return warpReduce<Op>(X, Size < Lanes ? Size : Lanes, NumWarps);
}

/// *Target += X atomically. When every lane of a full warp adds to the same
/// address (a histogram's run of equal bins, a single accumulator), the
/// warp sums its values first and one lane adds the sum: 32 times fewer
/// atomics on the contended address.
template <class V> inline void aggregatedAdd(V *Target, V X) {
  struct Plus {
    static V combine(V A, V B) { return A + B; }
  };
  const std::uint64_t Mask = __gpu_lane_mask();
  const std::uint32_t Lanes = __gpu_num_lanes();
  const std::uint64_t Full =
      Lanes == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << Lanes) - 1;
#if defined(__NVPTX__)
  // One match instruction instead of a shuffle of the address and a ballot.
  int SameTarget = 0;
  __nvvm_match_all_sync_i64p(std::uint32_t(Mask),
                             reinterpret_cast<std::uintptr_t>(Target),
                             &SameTarget);
  const bool Together = Mask == Full && SameTarget;
#else
  const bool Together =
      Mask == Full &&
      __gpu_ballot(Mask, shuffle(Mask, 0, Target) == Target) == Full;
#endif
  if (Together) {
    X = warpReduce<Plus>(X, Lanes, Lanes);
    if (__gpu_lane_id() == 0)
      atomicFetchAdd(Target, X);
    return;
  }
  atomicFetchAdd(Target, X);
}

/// *Target = Op::combine(*Target, X), atomically with respect to the device.
template <class Op, class V> inline void atomicCombine(V *Target, V X) {
  if constexpr (Op::kind == ReduceKind::Sum) {
    atomicFetchAdd(Target, X);
  } else if constexpr (Op::kind == ReduceKind::Min) {
    atomicFetchMin(Target, X);
  } else if constexpr (Op::kind == ReduceKind::Max) {
    atomicFetchMax(Target, X);
  } else {
#if defined(__NVPTX__)
    // Value-with-location pairs: a compare-and-swap loop on their 128 bits.
    using Bits = unsigned __int128;
    static_assert(sizeof(V) == sizeof(Bits) && alignof(V) == sizeof(Bits));
    Bits *Word = reinterpret_cast<Bits *>(Target);
    // A stale first read only costs one more round of the loop.
    Bits Old = *Word;
    while (true) {
      V Next = Op::combine(Op::fromBits(Old), X);
      if (Op::toBits(Next) == Old ||
          atomicCompareExchange(Word, Old, Op::toBits(Next)))
        return;
    }
#else
    // AMD GPUs have no 128-bit compare-and-swap: a lock serialises the
    // combines, one per block (thread 0 of each takes it).
    static unsigned Lock = 0;
    while (__scoped_atomic_exchange_n(&Lock, 1u, __ATOMIC_ACQUIRE,
                                      __MEMORY_SCOPE_DEVICE) != 0)
      __builtin_amdgcn_s_sleep(1);
    *Target = Op::combine(*Target, X);
    __scoped_atomic_store_n(&Lock, 0u, __ATOMIC_RELEASE, __MEMORY_SCOPE_DEVICE);
#endif
  }
}

/// How many places the blocks of a launch combine a reduction's results
/// into: block b combines into place b % TotalPlaces. One place put every
/// block's atomic on one address at the end of a grid-stride launch, where
/// all blocks finish together (and a compare-and-swap loop for
/// value-with-location pairs retries under that contention); 32 places
/// divide that queue by 32, and the last block's first warp combines them,
/// one per lane, in a few instructions.
inline constexpr std::uint32_t TotalPlaces = 32;

/// The places of the reduction whose first slot is Position: a device
/// global of its own per op and position, which the kernel's last block
/// leaves at the identity for the next launch. Kernels on one device do not
/// overlap (the runtime has one in-order queue per device), so kernels that
/// share them use them one after the other.
template <class Op, unsigned Position>
inline typename Op::value_type *blockTotals() {
  using V = typename Op::value_type;
  struct Places {
    V Place[TotalPlaces];
    constexpr Places() {
      for (V &P : Place)
        P = Op::identity();
    }
  };
  static __gpu_global Places Totals;
  return (V *)&Totals.Place[0];
}

/// The lanes of the block's first warp: a block may be smaller than a warp.
inline std::uint32_t lanesInWarp0() {
  const std::uint32_t Size = blockSize(), Lanes = __gpu_num_lanes();
  return Size < Lanes ? Size : Lanes;
}

/// The block's index in the launch.
inline std::uint32_t blockInGrid() {
  return __gpu_block_id(0) +
         __gpu_num_blocks(0) *
             (__gpu_block_id(1) + __gpu_num_blocks(1) * __gpu_block_id(2));
}

/// Lets the SM run other warps while this one waits for another block, for
/// about Ns nanoseconds (NVIDIA) or a short while (AMD), and keeps waiting
/// loops from flooding the L2 cache with polls.
inline void backOff(unsigned Ns) {
#if defined(__NVPTX__)
  __nvvm_nanosleep(Ns);
#else
  (void)Ns;
  __builtin_amdgcn_s_sleep(2);
#endif
}

/// For thread 0 of every block, once the block has combined its results:
/// whether this is the launch's last block to get here. If so, it sees
/// every other block's combines (and so do the block's other threads after
/// a barrier), and resets *Done for the next launch when it has read them.
/// The count is one acquire-release add: it publishes the block's combines
/// and, in the last block, acquires everyone's (on NVPTX written out, since
/// clang 22 would make it system-scope and fenced; a separate fence.acq_rel
/// before it cost about 1 us on 3907 blocks).
inline bool lastBlock(unsigned *Done) {
  const unsigned Blocks =
      __gpu_num_blocks(0) * __gpu_num_blocks(1) * __gpu_num_blocks(2);
  unsigned Before;
#if defined(__NVPTX__)
  asm volatile("atom.add.acq_rel.gpu.u32 %0, [%1], 1;"
               : "=r"(Before)
               : "l"(Done)
               : "memory");
#else
  Before = __scoped_atomic_fetch_add(Done, 1u, __ATOMIC_ACQ_REL,
                                     __MEMORY_SCOPE_DEVICE);
#endif
  return Before == Blocks - 1;
}

/// *P read where the atomics happened (L2), not from this SM's L1, which
/// may hold the value of an earlier launch: relaxed device-scope loads of
/// its 4- or 8-byte words.
template <class V> inline V loadCoherent(V *P) {
  static_assert(sizeof(V) % 4 == 0, "loaded in whole 32-bit words");
  using Word = std::conditional_t<sizeof(V) % 8 == 0, std::uint64_t,
                                  std::uint32_t>;
  Word Words[sizeof(V) / sizeof(Word)];
  for (unsigned I = 0; I < sizeof(V) / sizeof(Word); ++I)
    Words[I] = atomicLoad(reinterpret_cast<Word *>(P) + I);
  V Value;
  __builtin_memcpy(&Value, Words, sizeof(V));
  return Value;
}

} // namespace offload::detail::gpu
