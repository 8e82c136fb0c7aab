//===- offload/detail/host_team.hpp - The host device's block scheduler ---===//
//
// A block's threads on the host device, on one OS thread: as fibers that
// switch at barriers, or, for a block the plugin's lockstep pass compiled
// into loops between barriers, as one call with a frame for the values its
// threads keep across them. Builds without the plugin include it from team.hpp;
// the runtime compiles it once for every host image (HostBackend.cpp), which
// reaches it through abi::HostTeamOps. Not included by programs built with
// the plugin.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/detail/abi.hpp>
#include <offload/detail/fail.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <utility>
#include <vector>

// The host device switches its fibers' stacks itself on x86-64 (a few
// instructions; swapcontext() also makes two signal-mask system calls per
// switch, which made a kernel with barriers 27 times slower); elsewhere, and
// under sanitizers that must see every stack switch, with ucontext.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) ||     \
    __has_feature(memory_sanitizer)
#define OFFLOAD_FIBERS_UCONTEXT 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) ||           \
    !defined(__x86_64__)
#define OFFLOAD_FIBERS_UCONTEXT 1
#endif
#if defined(OFFLOAD_FIBERS_UCONTEXT)
#include <ucontext.h>
#endif

namespace offload::detail {

#if !defined(OFFLOAD_FIBERS_UCONTEXT)
/// Saves the callee-saved registers on the current stack, its pointer to
/// *Save, and resumes the stack at Resume as it was saved (System V x86-64).
[[gnu::naked, gnu::noinline]] inline void switchStacks(void ** /*Save*/,
                                                       void * /*Resume*/) {
  __asm__ volatile("pushq %rbp\n\tpushq %rbx\n\tpushq %r12\n\t"
                   "pushq %r13\n\tpushq %r14\n\tpushq %r15\n\t"
                   "movq %rsp, (%rdi)\n\tmovq %rsi, %rsp\n\t"
                   "popq %r15\n\tpopq %r14\n\tpopq %r13\n\t"
                   "popq %r12\n\tpopq %rbx\n\tpopq %rbp\n\tret");
}
#endif

/// The host device's block: its threads run as fibers on one OS thread, each
/// until it reaches a barrier or ends; a barrier round ends when every fiber
/// has stopped, and all must then wait at the same barrier. So a block's
/// threads run in phases, as on a GPU, and a barrier that not every thread
/// reaches is an error, where a GPU would hang.
class HostTeam {
public:
  using Body = void (*)(void *Context, std::uint32_t Rank);

  explicit HostTeam(std::uint32_t Threads)
      : Threads(Threads), Fibers(Threads), Waiting(Threads) {
    // Not zeroed: a fiber touches a few pages of its stack, and zeroing
    // 256 stacks per launch cost a tiled stencil 90% of its time in page
    // faults.
    for (Fiber &F : Fibers)
      F.Stack = new char[StackBytes];
  }
  HostTeam(const HostTeam &) = delete;
  HostTeam &operator=(const HostTeam &) = delete;
  // (Owning pointers rather than std::unique_ptr and std::deque: <memory>
  // would add a quarter to the parse of every file that includes offload.)
  ~HostTeam() {
    clearTiles();
    for (Fiber &F : Fibers)
      delete[] F.Stack;
  }

  /// The team of the calling fiber; null outside team kernels.
  static HostTeam *&current() {
    static thread_local HostTeam *Current = nullptr;
    return Current;
  }

  /// A team for a new launch: the last one this thread let go of, if it
  /// has as many threads, without its tiles (a launch's chunks each take a
  /// team, and a new one costs its threads' stacks and their page faults).
  static HostTeam *take(std::uint32_t Threads) {
    HostTeam *&Kept = spare().Team;
    if (!Kept || Kept->Threads != Threads)
      return new HostTeam(Threads);
    Kept->clearTiles();
    Kept->Round = 0;
    return std::exchange(Kept, nullptr);
  }
  static void letGo(HostTeam *Team) {
    delete std::exchange(spare().Team, Team);
  }

  std::uint32_t rank() const { return Running; }
  std::uint32_t size() const { return Threads; }

  /// Memory and state of the tile at parameter position Position, for this
  /// block.
  void *storage(unsigned Position, std::size_t Bytes) {
    for (Shared *S : Tiles)
      if (S->Position == Position)
        return S->Data;
    // Not zeroed, as on a GPU; reads before fill() are reported anyway.
    Tiles.push_back(new Shared{Position, new unsigned char[Bytes],
                               TileState{.Round = &Round}});
    return Tiles.back()->Data;
  }
  TileState &state(unsigned Position) {
    for (Shared *S : Tiles)
      if (S->Position == Position)
        return S->State;
    printError("offload::Tile: internal error: a tile without storage");
    std::abort();
  }

  /// Called by every thread of the block; Site names the barrier.
  void barrier(const char *Site) {
    Waiting[Running] = Site;
    toScheduler();
  }

  using LockstepBody = void (*)(void *Context, std::uint32_t Threads,
                                void *Frames);
  /// Runs one block whose barriers are loops over its threads, with
  /// FrameBytes of scratch per thread (kept for the next block).
  void runLockstep(LockstepBody Run, void *Context, std::size_t FrameBytes) {
    HostTeam *Outer = enterBlock();
    const std::size_t Bytes = FrameBytes * Threads;
    if (FrameSpace.size() * sizeof(FrameSpace[0]) < Bytes)
      FrameSpace.resize((Bytes + sizeof(FrameSpace[0]) - 1) /
                        sizeof(FrameSpace[0]));
    Run(Context, Threads, FrameSpace.data());
    current() = Outer;
  }
  /// In a lockstep block: every thread has reached the same barrier.
  void nextRound() { ++Round; }

  [[noreturn]] static void divergent(const char *A, const char *B) {
    printError("offload::Tile: the threads of a block reached different "
               "barriers (%s and %s); every thread of a block must call "
               "fill() and sync() the same number of times, outside "
               "conditions that differ between threads",
               A, B);
    std::abort();
  }

  /// Runs Run(Context, rank) for each thread of one block.
  void runBlock(Body Run, void *Context) {
    HostTeam *Outer = enterBlock();
    RunBody = Run;
    RunContext = Context;
    for (Fiber &F : Fibers)
      start(F);
    for (;;) {
      std::uint32_t Done = 0;
      for (std::uint32_t R = 0; R < Threads; ++R)
        if (!Fibers[R].Done) {
          Running = R;
          Waiting[R] = nullptr;
          toFiber(Fibers[R]);
        }
      const char *Site = nullptr;
      for (std::uint32_t R = 0; R < Threads; ++R) {
        if (Fibers[R].Done) {
          ++Done;
          continue;
        }
        if (Site && Site != Waiting[R])
          divergent(Site, Waiting[R]);
        Site = Waiting[R];
      }
      if (Done == Threads)
        break;
      if (Done)
        divergent(Site, "the end of the kernel");
      ++Round;
    }
    current() = Outer;
  }

private:
  /// Makes this the calling thread's team, with its tiles in their state
  /// before a block; returns the team it replaces.
  HostTeam *enterBlock() {
    for (Shared *S : Tiles)
      S->State = TileState{.Round = &Round};
    return std::exchange(current(), this);
  }

  /// The team this thread let go of last, freed when the thread ends.
  struct Spare {
    HostTeam *Team = nullptr;
    ~Spare() { delete Team; }
  };
  static Spare &spare() {
    static thread_local Spare Kept;
    return Kept;
  }

  static constexpr std::size_t StackBytes = 256 << 10;
  struct Fiber {
#if defined(OFFLOAD_FIBERS_UCONTEXT)
    ucontext_t Context;
#else
    void *Saved = nullptr; // its stack pointer while it waits
#endif
    char *Stack = nullptr; // StackBytes, owned by the team
    bool Done = false;
  };

#if defined(OFFLOAD_FIBERS_UCONTEXT)
  void start(Fiber &F) {
    F.Done = false;
    getcontext(&F.Context);
    F.Context.uc_stack.ss_sp = F.Stack;
    F.Context.uc_stack.ss_size = StackBytes;
    F.Context.uc_link = &Scheduler;
    makecontext(&F.Context, &HostTeam::fiberMain, 0);
  }
  void toFiber(Fiber &F) { swapcontext(&Scheduler, &F.Context); }
  void toScheduler() { swapcontext(&Fibers[Running].Context, &Scheduler); }
  static void fiberMain() {
    HostTeam *Team = current();
    const std::uint32_t Rank = Team->Running;
    Team->RunBody(Team->RunContext, Rank);
    Team->Fibers[Rank].Done = true;
  }
#else
  /// A new fiber's stack holds what switchStacks() pops: six registers,
  /// then fiberMain as the return address, then a slot for fiberMain's own
  /// return address (never used), so that fiberMain starts with the stack
  /// aligned as after a call.
  void start(Fiber &F) {
    F.Done = false;
    auto Top = reinterpret_cast<std::uintptr_t>(F.Stack + StackBytes) &
               ~std::uintptr_t(15);
    void **Frame = reinterpret_cast<void **>(Top) - 8;
    for (int I = 0; I < 6; ++I)
      Frame[I] = nullptr;
    Frame[6] = reinterpret_cast<void *>(&HostTeam::fiberMain);
    Frame[7] = nullptr;
    F.Saved = Frame;
  }
  void toFiber(Fiber &F) { switchStacks(&Scheduler, F.Saved); }
  void toScheduler() { switchStacks(&Fibers[Running].Saved, Scheduler); }
  [[noreturn]] static void fiberMain() {
    HostTeam *Team = current();
    const std::uint32_t Rank = Team->Running;
    Team->RunBody(Team->RunContext, Rank);
    Team->Fibers[Rank].Done = true;
    void *Unused;
    switchStacks(&Unused, Team->Scheduler);
    __builtin_unreachable();
  }
#endif
  struct Shared {
    unsigned Position;
    unsigned char *Data; // owned
    TileState State;
  };
  void clearTiles() {
    for (Shared *S : Tiles) {
      delete[] S->Data;
      delete S;
    }
    Tiles.clear();
  }

  std::uint32_t Threads, Running = 0;
  std::uint64_t Round = 0;
  std::vector<Fiber> Fibers;
  std::vector<const char *> Waiting;
  std::vector<Shared *> Tiles; // owned; tiles keep pointers to their state
  struct alignas(64) FrameLine {
    unsigned char Bytes[64];
  };
  std::vector<FrameLine> FrameSpace; // a lockstep block's threads' values
#if defined(OFFLOAD_FIBERS_UCONTEXT)
  ucontext_t Scheduler;
#else
  void *Scheduler = nullptr; // runBlock's stack pointer while a fiber runs
#endif
  Body RunBody = nullptr;
  void *RunContext = nullptr;
};

/// The scheduler as host images call it.
inline const abi::HostTeamOps &hostTeamOps() {
  static const abi::HostTeamOps Ops{
      [](std::uint32_t Threads) -> void * { return HostTeam::take(Threads); },
      [](void *Team) { HostTeam::letGo(static_cast<HostTeam *>(Team)); },
      [](void *Team, HostTeam::Body Run, void *Context) {
        static_cast<HostTeam *>(Team)->runBlock(Run, Context);
      },
      [](void *Team, HostTeam::LockstepBody Run, void *Context,
         std::size_t FrameBytes) {
        static_cast<HostTeam *>(Team)->runLockstep(Run, Context, FrameBytes);
      },
      [] { HostTeam::current()->nextRound(); },
      [](const char *A, const char *B) { HostTeam::divergent(A, B); },
      [](unsigned Position, std::size_t Bytes) {
        HostTeam *Team = HostTeam::current();
        return abi::HostTile{Team->storage(Position, Bytes),
                             &Team->state(Position), Team->rank(),
                             Team->size()};
      },
      [](const char *Site) { HostTeam::current()->barrier(Site); },
      [](std::uint64_t Count, void (*Chunk)(void *, std::uint64_t),
         void *Context) {
        for (std::uint64_t I = 0; I < Count; ++I)
          Chunk(Context, I);
      }};
  return Ops;
}

} // namespace offload::detail
