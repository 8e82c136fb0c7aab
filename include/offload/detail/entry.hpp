//===- offload/detail/entry.hpp - Kernel entries (device pass only) -------===//
//
// The device pass appends one extern "C" entry per kernel instantiation to
// the translation unit; each calls deviceEntry<Kernel>() with its slots. The
// entry follows the OpenMP kernel ABI: an implicit `void *dyn_ptr` argument,
// then one 8-byte slot per argument word.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/detail/closure.hpp>
#include <offload/detail/params.hpp>

#include <utility>

// What makes a function a kernel entry, per target. These and the plugin's
// ClosureEntryPass are the only places where targets differ in entries
// (thread positions differ in offload/detail/gpu.hpp, through <gpuintrin.h>).
#if defined(OFFLOAD_GPU_CODE)
#define OFFLOAD_ENTRY_ATTRIBUTES [[clang::device_kernel]]
#else
// The host device's plugin looks entries up with dlsym.
#define OFFLOAD_ENTRY_ATTRIBUTES __attribute__((visibility("default")))
#endif
#if defined(__AMDGPU__)
// amdgpu_kernel is rejected on function templates: ClosureEntryPass makes
// closure entries kernels once they are instantiated.
#define OFFLOAD_TEMPLATE_ENTRY_ATTRIBUTES
#else
#define OFFLOAD_TEMPLATE_ENTRY_ATTRIBUTES OFFLOAD_ENTRY_ATTRIBUTES
#endif

namespace offload::detail {

/// Whether thread T of a launch of Dims dimensions is one of its logical
/// threads: inside the extent of slots 0-2 in every dimension. A GPU runs
/// whole blocks, so the last block of each dimension may have threads past
/// it (the dimensions a launch does not have are one block of one thread).
template <unsigned Dims>
inline bool insideExtent(const ThreadIndex &T, const std::uint64_t *Extent) {
  bool Inside = T.x < Extent[0];
  if constexpr (Dims >= 2)
    Inside = Inside & (T.y < Extent[1]);
  if constexpr (Dims >= 3)
    Inside = Inside & (T.z < Extent[2]);
  return Inside;
}

// Always inlined into its one entry: a call passes the slots and the
// kernel's state through the stack (160 bytes and 64 registers for
// copy_index_if, which clang's size threshold left out of line).
// A nonzero BlockX: every call launches the kernel with blocks of
// BlockX x BlockY x BlockZ threads (LaunchShape in the plugin).
template <auto Kernel, std::uint32_t BlockX = 0, std::uint32_t BlockY = 1,
          std::uint32_t BlockZ = 1>
[[gnu::always_inline]] inline void deviceEntry(const std::uint64_t *Slots) {
#if defined(OFFLOAD_GPU_CODE)
  if constexpr (BlockX != 0)
    gpu::fixBlock<BlockX, BlockY, BlockZ>();
  using Sig = Signature<decltype(Kernel)>;
  constexpr unsigned Dims = Sig::Dims ? Sig::Dims : 1;
  if constexpr (Sig::FoldDims == 1) {
    // The runtime may launch fewer blocks than the extent has: each thread
    // plays its own logical thread and those a grid further on. The grid
    // has fewer than 2^32 threads (the runtime folds it so): a 32-bit
    // stride took four registers off a lookup kernel's 56.
    const std::uint64_t Extent = Slots[0];
    const std::uint32_t Stride = __gpu_num_blocks(0) * __gpu_num_threads(0);
    OFFLOAD_ENTRY_INLINE_CALL
    Sig::invoke(ConstantKernel<Kernel>{}, Slots + LaunchSlots, [&](auto Body) {
      for (std::uint64_t I = Slots[3] + gpu::threadIndex<1>().x; I < Extent;
           I += Stride)
        OFFLOAD_ENTRY_INLINE_CALL Body(ThreadIndex{I, 0, 0, 1, 1});
    });
  } else if constexpr (Sig::FoldDims > 1) {
    // The same along the outermost dimension, rows (or planes) of blocks
    // a grid apart: the inner dimensions keep their coalesced layout.
    constexpr int Outer = Dims - 1;
    ThreadIndex Thread = gpu::threadIndex<Dims>();
    std::uint64_t &Position = Outer == 1 ? Thread.y : Thread.z;
    Position += Slots[3];
    const std::uint64_t Extent = Slots[Outer],
                        Stride = std::uint64_t(__gpu_num_blocks(Outer)) *
                                 __gpu_num_threads(Outer);
    const bool Inside =
        Thread.x < Slots[0] && (Outer == 1 || Thread.y < Slots[1]);
    OFFLOAD_ENTRY_INLINE_CALL
    Sig::invoke(ConstantKernel<Kernel>{}, Slots + LaunchSlots, [&](auto Body) {
      if (Inside)
        for (; Position < Extent; Position += Stride)
          OFFLOAD_ENTRY_INLINE_CALL Body(Thread);
    });
  } else {
    // Threads past the logical extent run no kernel body, but still reach
    // the parameters' finish(): block-wide reductions need every thread.
    ThreadIndex Thread = gpu::threadIndex<Dims>();
    // A device of a device set runs a slab of the threads, from slot 3.
    if constexpr (Dims == 1)
      Thread.x += Slots[3];
    else if constexpr (Dims == 2)
      Thread.y += Slots[3];
    else
      Thread.z += Slots[3];
    const bool Active = insideExtent<Dims>(Thread, Slots);
    OFFLOAD_ENTRY_INLINE_CALL
    Sig::invoke(ConstantKernel<Kernel>{}, Slots + LaunchSlots, [&](auto Body) {
      if (Active)
        OFFLOAD_ENTRY_INLINE_CALL Body(Thread);
    });
  }
#else
  // The host device calls an entry once: it runs the logical threads itself.
  runOnHost<Kernel, BlockX, BlockY, BlockZ>(Slots);
#endif
}

template <std::size_t> using SlotWord = std::uint64_t;

// The entry of a closure kernel. The generated device source cannot name a
// closure, so offload() instantiates this for each closure it runs; the
// annotation lets the plugin's device-side pass give it the entry name the
// host registered (ClosureId) and external linkage.
#pragma omp begin declare target
template <class Call, std::size_t... I>
[[gnu::used]] OFFLOAD_CLOSURE_TAG("offload.entry",
                                  Call::Id) OFFLOAD_TEMPLATE_ENTRY_ATTRIBUTES
    void closureEntry(void *, SlotWord<I>... Slot) {
  const std::uint64_t Slots[] = {Slot...};
  deviceEntry<Call::Function>(Slots);
}
#pragma omp end declare target

template <class Call, std::size_t... I>
constexpr auto closureEntryFor(std::index_sequence<I...>) {
  return &closureEntry<Call, I...>;
}

} // namespace offload::detail
