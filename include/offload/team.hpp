//===- offload/team.hpp - Memory shared by the threads of a block ---------===//
//
// offload::Tile<T, N>: N elements that the threads of one block share (GPU
// shared memory or LDS; on the host device, memory of the block that its
// threads, run as fibers, share). Its phases are its API: fill() writes
// each element from the one thread that owns it between two barriers,
// add() updates any element atomically, sync() is a barrier, and reads of
// any element come after a fill() or sync(). No thread can write another
// thread's element, and the host device checks every read against the
// phase it is in (docs/user-guide.md, "Team memory").
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/detail/atomics.hpp>
#include <offload/detail/fail.hpp>
#include <offload/detail/std.hpp>
#include <offload/strategy.hpp>

#if defined(__NVPTX__) || defined(__AMDGPU__)
#include <offload/detail/gpu.hpp>
#endif

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#if !defined(__NVPTX__) && !defined(__AMDGPU__)
#include <offload/detail/abi.hpp>

#include <cstdlib>
#endif

namespace offload {

/// The argument an offload() call passes for a Tile parameter: the tile
/// itself has no host data. `team_memory` for a tile whose size is in its
/// type, `team_memory(n)` for a Tile<T> of n elements.
struct team_memory_t {
  explicit constexpr team_memory_t() = default;
  /// A launch-time tile's element count.
  constexpr team_memory_t operator()(std::size_t Elements) const noexcept {
    team_memory_t Sized;
    Sized.Count = Elements;
    return Sized;
  }
  std::size_t Count = 0;
};
inline constexpr team_memory_t team_memory{};

/// A Tile<T> (N = dynamic_extent) takes its size from the call.
inline constexpr std::size_t dynamic_extent = std::size_t(-1);
template <class T, std::size_t N = dynamic_extent> class Tile;
template <class T, std::size_t Rows, std::size_t Cols> class Tile2D;

namespace detail {

template <class T> struct IsTile : std::false_type {};
template <class T, std::size_t N> struct IsTile<Tile<T, N>> : std::true_type {};
template <class T, std::size_t R, std::size_t C>
struct IsTile<Tile2D<T, R, C>> : std::true_type {};

#if !defined(__NVPTX__) && !defined(__AMDGPU__)

[[noreturn]] inline void tileMisused(const char *What) {
  printError("offload::Tile: %s", What);
  std::abort();
}

} // namespace detail
} // namespace offload

#if defined(__OFFLOAD_HOST__) || defined(__OFFLOAD_DEVICE__)
/// Set by the runtime when it loads a host image (abi::HostTeamOps); each
/// image has its own (declare target), which its code binds to even when
/// the program exports a variable of that name (protected). The host pass's
/// copies of kernels with team memory refer to it too, but run on devices
/// only.
#if defined(__OFFLOAD_DEVICE__)
#pragma omp begin declare target
#endif
extern "C" {
[[gnu::visibility("protected")]] inline const offload::detail::abi::HostTeamOps
    *__cxxoffload_host_team __asm__(OFFLOAD_HOST_TEAM_TABLE) = nullptr;
}
#if defined(__OFFLOAD_DEVICE__)
#pragma omp end declare target
#endif
#else
#include <offload/detail/host_team.hpp>
#endif

namespace offload {
namespace detail {

/// The host device's threads and block scheduler: the runtime's in a host
/// image, the header's own (one thread) without the plugin.
inline const abi::HostTeamOps &hostTeam() {
#if defined(__OFFLOAD_HOST__) || defined(__OFFLOAD_DEVICE__)
  return *__cxxoffload_host_team;
#else
  return hostTeamOps();
#endif
}

// How a kernel's block reaches the scheduler: through these functions,
// never inlined, whose names the plugin's lockstep pass knows (abi.hpp). In
// a host image the pass turns the barriers of a block's thread function
// into loops over its threads, and its run_block call into the table's
// runLockstep; what it cannot turn stays on fibers. A barrier is
// convergent, as on a GPU, so that the optimizer does not copy it into
// paths that only some threads take (loop unswitching on thread 0's branch
// of a scan), which would make threads reach different barriers; optnone,
// or else the optimizer finds nothing convergent in its body and drops the
// attribute. (g++ builds have no pass, and run them inline.)
#if defined(__clang__)
#define OFFLOAD_TEAM_CALL __attribute__((noinline))
#define OFFLOAD_TEAM_BARRIER_CALL __attribute__((noinline, optnone, convergent))
#else
#define OFFLOAD_TEAM_CALL
#define OFFLOAD_TEAM_BARRIER_CALL
#endif
using TeamThread = void (*)(void *Context, std::uint32_t Rank);
OFFLOAD_TEAM_CALL inline void teamRunBlock(void *Team, TeamThread Thread,
                                           void *Context)
    __asm__(OFFLOAD_TEAM_RUN_BLOCK);
inline void teamRunBlock(void *Team, TeamThread Thread, void *Context) {
  hostTeam().runBlock(Team, Thread, Context);
}
OFFLOAD_TEAM_BARRIER_CALL inline void teamBarrier(const char *Site)
    __asm__(OFFLOAD_TEAM_BARRIER);
inline void teamBarrier(const char *Site) { hostTeam().barrier(Site); }
/// The thread's rank, as the scheduler gave it: opaque, so that the pass
/// finds where the rank is used.
OFFLOAD_TEAM_CALL inline std::uint32_t teamRank(std::uint32_t Rank)
    __asm__(OFFLOAD_TEAM_RANK);
inline std::uint32_t teamRank(std::uint32_t Rank) {
  __asm__("" : "+r"(Rank));
  return Rank;
}
/// The tile at a kernel's parameter Position: a call through the table,
/// named, for a lockstep block may call only functions that cannot reach a
/// barrier, which a call through the table might.
OFFLOAD_TEAM_CALL inline abi::HostTile teamTile(unsigned Position,
                                                std::size_t Bytes)
    __asm__(OFFLOAD_TEAM_TILE);
inline abi::HostTile teamTile(unsigned Position, std::size_t Bytes) {
  return hostTeam().tile(Position, Bytes);
}
#undef OFFLOAD_TEAM_CALL
#undef OFFLOAD_TEAM_BARRIER_CALL

#endif

struct TileAccess;
template <class TileT, class F, class... Rest>
void writeTiles(TileT &Tile, F &Value, Rest &...More);

} // namespace detail

template <class... Args> void fill(Args &&...TilesAndValues);

/// N elements of T shared by the threads of a block, as a kernel parameter
/// (the call passes offload::team_memory). Thread r of a block of B threads
/// owns elements r, r + B, r + 2B, ...
///
///   void count(offload::Range<offload::GridStride1D> r,
///              std::span<const int> bins, offload::Tile<unsigned, 16> local,
///              offload::Atomic<unsigned> counts) {
///     local.fill(0u);                       // barrier, own elements, barrier
///     for (std::uint64_t i : r) local.add(bins[i], 1u);  // any element
///     local.sync();                         // barrier
///     for (std::size_t k : local.mine()) counts.add(k, local[k]);
///   }
///
/// fill() and sync() are barriers: every thread of the block must reach
/// each of them, outside conditions that differ between threads. A kernel
/// with a Tile runs whole blocks: its launch's extent must be a multiple of
/// the block shape.
template <class T, std::size_t N> class Tile {
  static_assert(std::is_trivially_copyable_v<T>,
                "offload::Tile holds trivially copyable values");
  static_assert(N == dynamic_extent || (N > 0 && sizeof(T) * N <= 48 * 1024),
                "offload::Tile holds 1 to 48 KiB (a GPU block's static "
                "shared memory)");
  static constexpr bool Sized = N != dynamic_extent;

public:
  using value_type = T;

  /// The host side of a call: the tile is made on the device.
  constexpr Tile(team_memory_t M) noexcept
      : Count(Sized ? N : M.Count), Requested(M.Count) {}

  /// Its elements: N, or the count of the call's team_memory(n).
  constexpr std::size_t size() const noexcept { return Sized ? N : Count; }
  /// On the host side of a call: the count team_memory(n) asked for (0 for
  /// plain team_memory).
  constexpr std::size_t requested() const noexcept { return Requested; }
  /// The thread's position in its block, and the block's threads.
  std::uint32_t rank() const noexcept { return Rank; }
  std::uint32_t team_size() const noexcept { return Threads; }
  /// The elements this thread owns: rank(), rank() + team_size(), ...
  detail::StridedBelow mine() const noexcept { return {Rank, size(), Threads}; }

  /// Collective: sets each element the thread owns to Value(index), between
  /// two barriers; afterwards every thread may read every element.
  template <class F>
  requires std::is_invocable_r_v<T, F &, std::size_t>
  void fill(F &&Value) {
    barrier("fill()");
    writeOwn(Value);
    markFilled();
    barrier("fill()");
  }
  void fill(const T &Value) {
    fill([&](std::size_t) { return Value; });
  }
  /// Collective: as fill(), but Fill(mine) sets all the elements the thread
  /// owns at once, through `mine`, an offload::Group of them (element k of
  /// the group is element rank() + k * team_size() of the tile), so that it
  /// can share loads and partial sums between them in registers. Each
  /// element of the group must be set; one left out keeps its earlier value.
  template <class F>
  requires std::is_invocable_v<F &, Group<T>>
  void fill_mine(F &&Fill) {
    barrier("fill_mine()");
    Fill(Group<T>{Rank, Threads, Owned, Data});
    markFilled();
    barrier("fill_mine()");
  }

  /// Collective barrier: afterwards reads see every add() before it.
  void sync() { barrier("sync()"); }

  /// Any element, after fill() or sync(); an index past the end stops the
  /// kernel.
  const T &operator[](std::size_t K) const {
    check(K);
#if !defined(__NVPTX__) && !defined(__AMDGPU__)
    if (!State->Filled)
      detail::tileMisused("an element was read before the tile was filled: "
                          "call fill() first");
    if (State->AddRound == Round())
      detail::tileMisused("an element was read in the same phase as an "
                          "add(): call sync() between adding and reading");
    State->ReadRound = Round();
#endif
    return Data[K];
  }
  /// Adds V to any element atomically.
  void add(std::size_t K, T V) const requires std::is_arithmetic_v<T> {
    check(K);
#if !defined(__NVPTX__) && !defined(__AMDGPU__)
    if (!State->Filled)
      detail::tileMisused("add() to a tile that was not filled: call fill() "
                          "with the starting values first");
    if (State->ReadRound == Round())
      detail::tileMisused("add() in the same phase as a read: call sync() "
                          "between reading and adding");
    State->AddRound = Round();
    // A block's threads run on one OS thread, and none passes another
    // except at a barrier: a plain add is atomic here.
    Data[K] += V;
#else
    (void)detail::atomicFetchAdd(&Data[K], V);
#endif
  }

  /// Collective scans and reduction of one value per thread, in rank
  /// order, with Combine (associative; std::plus by default). The tile is
  /// their scratch memory, so it needs at least team_size() elements, and
  /// its elements must be filled again before they are read. Each is a
  /// barrier as fill() is.
  ///   inclusive_scan(v): Combine(v_0, ..., v_rank)
  ///   exclusive_scan(v, init): init for rank 0, else
  ///                            Combine(init, v_0, ..., v_rank-1)
  ///   reduce(v): Combine(v_0, ..., v_last) in every thread
  template <class Op = std::plus<>>
  T inclusive_scan(const T &V, Op Combine = {}) {
    return scan(V, Combine).Inclusive;
  }
  template <class Op = std::plus<>>
  T exclusive_scan(const T &V, const T &Init = T{}, Op Combine = {}) {
    const Scanned S = scan(V, Combine);
    return Rank == 0 ? Init : Combine(Init, S.Before);
  }
  template <class Op = std::plus<>> T reduce(const T &V, Op Combine = {}) {
    return scan(V, Combine).Total;
  }

  // UNCHECKED: reads without the index and phase checks.
  const T &unchecked(std::size_t K) const noexcept { return Data[K]; }

  /// Whether offload::fill() can fill this tile with F.
  template <class F>
  static constexpr bool fills_with = std::is_invocable_r_v<T, F &, std::size_t>;

private:
  friend struct detail::TileAccess;
  template <class, std::size_t, std::size_t> friend class Tile2D;
  template <class... Args> friend void fill(Args &&...);
  template <class TileT, class F, class... Rest>
  friend void detail::writeTiles(TileT &, F &, Rest &...);

  // A counted loop, whose trip count the compiler sees, so it unrolls it
  // and keeps several loads in flight: the tiled GEMM example 1.4-1.75x
  // faster than `for (K = Rank; K < N; K += Threads)`. The count comes
  // from a division once per thread, when the tile is bound: computed in
  // every fill() it made MAT_MAT_SHARED 12-19 % slower than its CUDA, this
  // way 3 % (examples/RESULTS.md). (Reading four elements before storing
  // any, with this loop's run-time stride, made the tiled JACOBI_2D 8 %
  // slower on an H200; with a constant stride it is faster: below.)
  template <class F> void writeOwn(F &Value) {
    if constexpr (Batched) {
      if (Threads == BatchTeam) {
        writeBatches(
            Value,
            std::make_integer_sequence<std::uint32_t, (BatchTrips + 3) / 4>());
        return;
      }
    }
    if (Owned == 1) {
      Data[Rank] = Value(std::size_t(Rank));
      return;
    }
    std::uint32_t K = Rank;
    if constexpr (Batched) {
      // Unrolled further, this loop's registers would be the whole
      // kernel's, the batched path's included (40 instead of 32 in the
      // tiled JACOBI_2D).
#if defined(__clang__)
#pragma unroll 2
#endif
      for (std::uint32_t I = 0; I < Owned; ++I, K += Threads)
        Data[K] = Value(std::size_t(K));
    } else {
      for (std::uint32_t I = 0; I < Owned; ++I, K += Threads)
        Data[K] = Value(std::size_t(K));
    }
  }

  // Blocks of 256 threads (the default launch) fill a fixed-size tile of
  // 2 to 16 elements per thread with a constant stride, unrolled at compile
  // time, in batches of four elements whose values are all computed before
  // any is stored: a thread then waits for memory once per batch, not once
  // per element (the tiled JACOBI_2D 6 % faster on an H200; unbatched, the
  // loads and stores alternate; batches of eight cost registers and
  // occupancy; with one element a thread, MAT_MAT_SHARED's tiles, this path
  // made that kernel 11 % slower than the plain store below).
  static constexpr std::uint32_t BatchTeam = 256;
  static constexpr std::uint32_t BatchTrips =
      Sized ? std::uint32_t((N + BatchTeam - 1) / BatchTeam) : 0;
  static constexpr bool Batched =
      std::is_default_constructible_v<T> && BatchTrips >= 2 && BatchTrips <= 16;
  template <class F, std::uint32_t... B>
  void writeBatches(F &Value, std::integer_sequence<std::uint32_t, B...>) {
    (writeBatch<4 * B>(
         Value,
         std::make_integer_sequence<
             std::uint32_t, std::min<std::uint32_t>(4, BatchTrips - 4 * B)>()),
     ...);
  }
  template <std::uint32_t First, class F, std::uint32_t... J>
  void writeBatch(F &Value, std::integer_sequence<std::uint32_t, J...>) {
    // Only the last trip can pass the end: Rank < BatchTeam.
    auto Owns = [&](std::uint32_t E) {
      return E + 1 < BatchTrips || Rank + E * BatchTeam < N;
    };
    const T Values[] = {
        (Owns(First + J) ? T(Value(std::size_t(Rank + (First + J) * BatchTeam)))
                         : T())...};
    ((Owns(First + J) ? void(Data[Rank + (First + J) * BatchTeam] = Values[J])
                      : void()),
     ...);
  }
  /// A thread's inclusive prefix, the one of the rank before it (for rank
  /// > 0) and the block's total.
  struct Scanned {
    T Inclusive, Before, Total;
  };
  template <class Op> Scanned scan(const T &V, Op &Combine) {
    static_assert(std::is_invocable_r_v<T, Op &, const T &, const T &>,
                  "a Tile scan's operation combines two values into one");
    if (size() < Threads)
      detail::kernelError("offload::Tile: a scan or reduce() needs a tile of "
                          "at least team_size() elements",
                          "offload::Tile: a scan or reduce() needs a tile of "
                          "at least team_size() elements (its scratch "
                          "memory)");
    barrier("a scan");
#if defined(__NVPTX__) || defined(__AMDGPU__)
    // Each warp scans its values by shuffles; its last lane writes the
    // warp's total, warp 0 scans those, and each warp adds the totals of
    // the warps before it.
    static_assert(sizeof(T) % 4 == 0,
                  "Tile scans on a GPU move values in 32-bit words");
    namespace gpu = detail::gpu;
    const std::uint32_t Lanes = __gpu_num_lanes(), Warp = Rank / Lanes,
                        Lane = Rank % Lanes;
    const std::uint32_t InWarp =
        Threads - Warp * Lanes < Lanes ? Threads - Warp * Lanes : Lanes;
    const std::uint32_t Warps = (Threads + Lanes - 1) / Lanes;
    T X = gpu::warpInclusive(V, Combine, Lane, InWarp);
    if (Lane == InWarp - 1)
      Data[Warp] = X;
    __gpu_sync_threads();
    if (Warp == 0 && Lane < Warps)
      Data[Lane] = gpu::warpInclusive(Data[Lane], Combine, Lane, Warps);
    __gpu_sync_threads();
    T Before = gpu::shuffleUp(gpu::lowLanes(InWarp), 1, X);
    if (Warp > 0) {
      const T Earlier = Data[Warp - 1];
      Before = Lane == 0 ? Earlier : Combine(Earlier, Before);
      X = Combine(Earlier, X);
    }
    return {X, Before, Data[Warps - 1]};
#else
    // The host: the threads leave their values in the tile, thread 0 scans
    // it in place, and each thread reads its own and the one before.
    Data[Rank] = V;
    barrier("a scan");
    if (Rank == 0)
      for (std::uint32_t K = 1; K < Threads; ++K)
        Data[K] = Combine(Data[K - 1], Data[K]);
    barrier("a scan");
    State->Filled = false;
    const T X = Data[Rank], Before = Rank == 0 ? V : Data[Rank - 1],
            Total = Data[Threads - 1];
    return {X, Before, Total};
#endif
  }

  /// Before a fill's closing barrier, so that a chain of fills meets one
  /// barrier between two fills on the host too (the lockstep pass merges
  /// back-to-back barriers); a thread reading a tile during its first fill
  /// is still stopped by the first thread's read.
  void markFilled() {
#if !defined(__NVPTX__) && !defined(__AMDGPU__)
    State->Filled = true;
#endif
  }
  Tile(T *Data, std::uint32_t Rank, std::uint32_t Threads,
       [[maybe_unused]] void *State, std::size_t Elements = N) noexcept
      : Data(Data), Count(Elements), Rank(Rank), Threads(Threads),
        Owned(Rank < Elements ? std::uint32_t(Elements - 1 - Rank) / Threads + 1
                              : 0)
#if !defined(__NVPTX__) && !defined(__AMDGPU__)
        ,
        State(static_cast<detail::TileState *>(State))
#endif
  {
  }

  void check(std::size_t K) const {
    if (K >= size())
      detail::kernelError("offload::Tile: an index is outside the tile",
                          "offload::Tile: index %zu is outside the tile (size "
                          "%zu)",
                          K, size());
  }
  static void barrier([[maybe_unused]] const char *Site) {
#if defined(__NVPTX__) || defined(__AMDGPU__)
    __gpu_sync_threads();
#else
    detail::teamBarrier(Site);
#endif
  }
#if !defined(__NVPTX__) && !defined(__AMDGPU__)
  std::uint64_t Round() const { return *State->Round; }
#endif

  T *Data = nullptr;
  std::size_t Count = N;     // elements, when N is dynamic_extent
  std::size_t Requested = 0; // on the host side of a call
  std::uint32_t Rank = 0, Threads = 1;
  std::uint32_t Owned = 0; // elements this thread owns
#if !defined(__NVPTX__) && !defined(__AMDGPU__)
  detail::TileState *State = nullptr;
#endif
};

/// A Rows x Cols tile, row-major, shared by the threads of a block: Tile's
/// memory and phases with (row, column) indices. Thread r of a block of B
/// threads owns the elements whose row-major index is r, r + B, r + 2B, ...
/// (as Tile), so a block's warps fill consecutive stretches of rows: a
/// 32 x 8 block fills a 10 x 34 tile (its points and a one-point halo) in
/// two rounds of coalesced loads.
///
///   void blur(offload::Range<offload::Grid2D> threads,
///             offload::Tile2D<float, 10, 34> t, ...) {
///     for (auto [row, col] : threads) {
///       t.fill([&](std::size_t r, std::size_t c) { return at(r, c); });
///       ... t(r, c) ...
///     }
///   }
template <class T, std::size_t Rows, std::size_t Cols> class Tile2D {
  static_assert(Rows > 0 && Cols > 0, "offload::Tile2D has rows and columns");

public:
  using value_type = T;

  /// The host side of a call: the tile is made on the device.
  constexpr Tile2D(team_memory_t) noexcept : Flat(team_memory) {}

  static constexpr std::size_t rows() noexcept { return Rows; }
  static constexpr std::size_t cols() noexcept { return Cols; }
  static constexpr std::size_t size() noexcept { return Rows * Cols; }
  std::uint32_t rank() const noexcept { return Flat.rank(); }
  std::uint32_t team_size() const noexcept { return Flat.team_size(); }

  /// Collective: sets each element the thread owns to Value(r, c), between
  /// two barriers; afterwards every thread may read every element.
  template <class F>
  requires std::is_invocable_r_v<T, F &, std::size_t, std::size_t>
  void fill(F &&Value) {
    Flat.barrier("fill()");
    writeOwn(Value);
    Flat.markFilled();
    Flat.barrier("fill()");
  }
  void fill(const T &Value) {
    fill([&](std::size_t, std::size_t) { return Value; });
  }
  /// Collective barrier: afterwards reads see every add() before it.
  void sync() { Flat.sync(); }

  /// Element (R, C), after fill() or sync(); outside the tile stops the
  /// kernel.
  const T &operator()(std::size_t R, std::size_t C) const {
    check(R, C);
    return Flat[R * Cols + C];
  }
  /// Adds V to any element atomically.
  void add(std::size_t R, std::size_t C,
           T V) const requires std::is_arithmetic_v<T> {
    check(R, C);
    Flat.add(R * Cols + C, V);
  }
  // UNCHECKED: reads without the index and phase checks.
  const T &unchecked(std::size_t R, std::size_t C) const noexcept {
    return Flat.Data[R * Cols + C];
  }

  template <class F>
  static constexpr bool fills_with =
      std::is_invocable_r_v<T, F &, std::size_t, std::size_t>;

private:
  friend struct detail::TileAccess;
  template <class TileT, class F, class... Rest>
  friend void detail::writeTiles(TileT &, F &, Rest &...);
  template <class... Args> friend void offload::fill(Args &&...);

  Tile2D(T *Data, std::uint32_t Rank, std::uint32_t Threads,
         void *State) noexcept
      : Flat(Data, Rank, Threads, State) {}

  template <class F> void writeOwn(F &Value) {
    // Cols is a constant: the division is a multiply and a shift.
    auto At = [&](std::size_t K) { return Value(K / Cols, K % Cols); };
    Flat.writeOwn(At);
  }
  void markFilled() { Flat.markFilled(); }
  void barrier(const char *Site) { Flat.barrier(Site); }

  static void check(std::size_t R, std::size_t C) {
    if (R >= Rows || C >= Cols)
      detail::kernelError("offload::Tile2D: an element is outside the tile",
                          "offload::Tile2D: element (%zu, %zu) is outside "
                          "the tile (%zu x %zu)",
                          R, C, Rows, Cols);
  }

  Tile<T, Rows * Cols> Flat;
};

namespace detail {
template <class TileT, class F, class... Rest>
void writeTiles(TileT &Tile, F &Value, Rest &...More) {
  static_assert(IsTile<TileT>::value && TileT::template fills_with<F>,
                "offload::fill(tile, values, tile, values, ...) takes tiles, "
                "each followed by the function of its elements");
  Tile.writeOwn(Value);
  if constexpr (sizeof...(Rest) != 0)
    writeTiles(More...);
}
} // namespace detail

/// Fills several tiles between the same two barriers, as their fill()
/// calls one after the other would, with half the barriers:
///   offload::fill(as, [&](std::size_t k) { ... }, bs, [&](std::size_t k) { ...
///   });
template <class... Args> void fill(Args &&...TilesAndValues) {
  static_assert(sizeof...(Args) % 2 == 0 && sizeof...(Args) != 0,
                "offload::fill(tile, values, tile, values, ...)");
  auto &First = std::get<0>(std::forward_as_tuple(TilesAndValues...));
  First.barrier("fill()");
  detail::writeTiles(TilesAndValues...);
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (std::get<2 * I>(std::forward_as_tuple(TilesAndValues...)).markFilled(),
     ...);
  }
  (std::make_index_sequence<sizeof...(Args) / 2>{});
  First.barrier("fill()");
}

} // namespace offload
