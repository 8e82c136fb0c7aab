//===- offload/detail/abi.hpp - What the plugin, headers and runtime share ===//
//
// The one header the three sides of the ABI agree on, independent of the
// template library: its version, the layout of a launch's slots and their
// map-type bits, and the records a translation unit built by the plugin
// hands to the runtime from a constructor (its kernels and device images).
// Each record's fields are listed once, below: the structs are generated
// from the lists, and so are the LLVM IR types the plugin's host lowering
// emits them with (HostLowering.cpp). Changing any of it changes AbiVersion.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>

namespace offload::detail {

/// Version of the argument layout and registration ABI shared by the
/// headers, the plugin and the runtime.
inline constexpr unsigned AbiVersion = 17;

/// Slots 0, 1, 2 hold the end of the launch's logical threads per dimension,
/// slot 3 the first logical thread along its slowest dimension (not 0 when
/// a call on several devices gives each a slab of the threads: docs/design.md,
/// "Device sets"); the parameters follow.
inline constexpr unsigned LaunchSlots = 4;

/// How the host device splits a launch: into HostChunks chunks of logical
/// threads whatever the number of threads that run them (hostChunkThreads,
/// params.hpp), and a GridStride1D launch into one contiguous run per group
/// of HostRunGroup threads (strategy.hpp). Their product, one run per
/// chunk, is the GridStride1D size the host device answers for
/// kernel_resources().resident_threads.
inline constexpr std::uint64_t HostChunks = 256, HostRunGroup = 64;

/// Map-type bits of a slot (LaunchRequest::Types): its data goes to the
/// device, comes back, or the slot is a value rather than an address.
inline constexpr std::int64_t MapTypeTo = 0x1;
inline constexpr std::int64_t MapTypeFrom = 0x2;
inline constexpr std::int64_t MapTypeLiteral = 0x100;

/// What a kernel parameter is, and how its data moves: the plugin reads
/// the header's Signature<F>::Nodes, one ParamInfo per parameter and per
/// member of a struct of views, from the translation unit it compiles.
enum class ParamKind : unsigned char {
  Unsupported,
  Value,
  ReadOnly,
  Region,
  Range,
  Reduction,
  Atomic,
  TeamMemory,
  Struct
};
enum class MapKind : unsigned char { None, Literal, To, ToFrom, From };

struct ParamInfo {
  ParamKind Kind;
  MapKind Map;
  unsigned Slots;
  unsigned Members = 0; // of a struct of views: its direct members
};

/// What the host device knows of one tile of one block: whether it holds
/// values, and in which phase (barrier round) it was last read and added to.
struct TileState {
  bool Filled = false;
  std::uint64_t ReadRound = ~0ull, AddRound = ~0ull;
  const std::uint64_t *Round = nullptr; // the block's barrier rounds so far
};

} // namespace offload::detail

namespace offload::detail::abi {

/// One tile of the calling thread's block on the host device: its memory,
/// its phase state, and the thread's rank in a block of Threads.
struct HostTile {
  void *Data;
  TileState *State;
  std::uint32_t Rank, Threads;
};

/// The host device's scheduler: its threads, which run a launch's chunks
/// (offload/detail/params.hpp, runOnHost), and the block scheduler of
/// kernels with team memory (offload/detail/host_team.hpp: a block's
/// threads run as fibers that switch at barriers). A host image's kernels
/// reach the runtime's through the image's __cxxoffload_host_team, which
/// the runtime sets when it loads the image; builds without the plugin use
/// the header's own, which runs the chunks in order on the calling thread.
struct HostTeamOps {
  void *(*create)(std::uint32_t Threads);
  void (*destroy)(void *Team);
  /// Runs Body(Context, rank) for each thread of one block.
  void (*runBlock)(void *Team, void (*Body)(void *Context, std::uint32_t Rank),
                   void *Context);
  /// Runs one block as Body(Context, threads, frames) on the calling
  /// thread: a block whose barriers the plugin turned into loops over its
  /// threads (clang-plugin/lib/TeamLockstep.cpp), with FrameBytes per
  /// thread of scratch for the values its threads keep across barriers.
  void (*runLockstep)(void *Team,
                      void (*Body)(void *Context, std::uint32_t Threads,
                                   void *Frames),
                      void *Context, std::size_t FrameBytes);
  /// In such a block: every thread has reached the same barrier; or two
  /// threads reached different ones (A and B), which stops the program.
  void (*nextRound)();
  void (*divergent)(const char *A, const char *B);
  /// Of the calling thread's block: the tile at parameter Position of Bytes
  /// bytes (allocated at its first use in the team; its state points at
  /// the block's count of barriers passed), and a barrier named by Site.
  HostTile (*tile)(unsigned Position, std::size_t Bytes);
  void (*barrier)(const char *Site);
  /// Runs Chunk(Context, I) for every I < Count and returns when all have
  /// run: on the host device's threads (the runtime's), or one after the
  /// other in order (the header's).
  void (*parallel)(std::uint64_t Count,
                   void (*Chunk)(void *Context, std::uint64_t I),
                   void *Context);
};

/// A host image's table of the scheduler (HostTeamOps), which the runtime
/// sets, and the functions through which its kernels reach the block
/// scheduler (offload/team.hpp defines them, never inlined): the plugin's
/// lockstep pass finds a block's barriers, its threads' rank and the call
/// that runs it by these names, and calls the table's runLockstep instead;
/// the tile call reaches no barrier.
#define OFFLOAD_HOST_TEAM_TABLE "__cxxoffload_host_team"
#define OFFLOAD_TEAM_RUN_BLOCK "__cxxoffload_team_run_block"
#define OFFLOAD_TEAM_BARRIER "__cxxoffload_team_barrier"
#define OFFLOAD_TEAM_RANK "__cxxoffload_team_rank"
#define OFFLOAD_TEAM_TILE "__cxxoffload_team_tile"

struct KernelRecord;
struct DeviceImage;

// X(type, field) for each field of a record, in order.

/// One kernel instantiation of the translation unit: its host function
/// (which offload() passes), its entry's symbol in every image, its name
/// for messages ("scale<float>"), and the parameter of each slot after the
/// launch slots, comma-separated; and the block its entry was compiled for,
/// the one every call of it states (BlockX 0: any block).
#define OFFLOAD_ABI_KERNEL_RECORD(X)                                           \
  X(const void *, Key)                                                         \
  X(const char *, Symbol)                                                      \
  X(const char *, Name)                                                        \
  X(const char *, SlotNames)                                                   \
  X(std::uint32_t, BlockX)                                                     \
  X(std::uint32_t, BlockY)                                                     \
  X(std::uint32_t, BlockZ)

/// One device image: a cubin, an AMD code object or an x86-64 shared
/// object, and its target ("sm_90", "gfx942", "host").
#define OFFLOAD_ABI_DEVICE_IMAGE(X)                                            \
  X(const void *, Begin)                                                       \
  X(const void *, End)                                                         \
  X(const char *, Target)

/// Everything one translation unit registers. ImagesCrc is the CRC-32 of
/// every image's bytes in order (0: not recorded), checked before an image
/// is loaded so that a damaged executable is an error; Source names the
/// translation unit in messages.
#define OFFLOAD_ABI_REGISTRATION(X)                                            \
  X(std::uint32_t, AbiVersion)                                                 \
  X(std::uint32_t, NumKernels)                                                 \
  X(const ::offload::detail::abi::KernelRecord *, Kernels)                     \
  X(std::uint32_t, NumImages)                                                  \
  X(std::uint32_t, ImagesCrc)                                                  \
  X(const ::offload::detail::abi::DeviceImage *, Images)                       \
  X(const char *, Source)

#define OFFLOAD_ABI_FIELD(Type, Field) Type Field;
struct KernelRecord {
  OFFLOAD_ABI_KERNEL_RECORD(OFFLOAD_ABI_FIELD)
};
struct DeviceImage {
  OFFLOAD_ABI_DEVICE_IMAGE(OFFLOAD_ABI_FIELD)
};
struct Registration {
  OFFLOAD_ABI_REGISTRATION(OFFLOAD_ABI_FIELD)
};
#undef OFFLOAD_ABI_FIELD

static_assert(sizeof(KernelRecord) == 48 &&
              offsetof(KernelRecord, Symbol) == 8 &&
              offsetof(KernelRecord, SlotNames) == 24 &&
              offsetof(KernelRecord, BlockZ) == 40);
static_assert(sizeof(DeviceImage) == 24 && offsetof(DeviceImage, Target) == 16);
static_assert(sizeof(Registration) == 40 &&
              offsetof(Registration, Kernels) == 8 &&
              offsetof(Registration, NumImages) == 16 &&
              offsetof(Registration, Images) == 24 &&
              offsetof(Registration, Source) == 32);

} // namespace offload::detail::abi

/// The runtime's registration hooks: each plugin-built translation unit's
/// constructor registers its records, its destructor (a shared library
/// that is closed) unregisters them.
extern "C" void
__cxxoffload_register(const offload::detail::abi::Registration *R);
extern "C" void
__cxxoffload_unregister(const offload::detail::abi::Registration *R);
