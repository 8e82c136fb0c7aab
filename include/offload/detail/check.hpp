//===- offload/detail/check.hpp - OFFLOAD_CHECK_DISJOINT ------------------===//
//
// With OFFLOAD_CHECK_DISJOINT=1, every offload() first replays the launch on
// the host (its logical threads, which every device runs: a GPU's threads
// past them in a block run no kernel body) and checks that the strategy of
// each Region and Range gives the threads disjoint pieces that lie inside
// the data and cover all of it (or all that the strategy says it covers,
// such as a box).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/detail/fail.hpp>
#include <offload/detail/host_only.hpp>
#include <offload/strategy.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

namespace offload::detail {

inline bool checkDisjointRequested() {
  static const bool On = [] {
    const char *V = std::getenv("OFFLOAD_CHECK_DISJOINT");
    return V && *V && *V != '0';
  }();
  return On;
}

/// Set while the library's scans and compaction launch: their blocks write
/// the tiles they claim at run time (a decoupled look-back), disjoint by
/// construction but described by no strategy, so the replay skips them.
OFFLOAD_HOST_ONLY inline bool &inSelfPartitionedCall() {
  static thread_local bool On = false;
  return On;
}

/// Marks the library calls above for the scope of one entry point.
class SelfPartitionedCall {
public:
  SelfPartitionedCall() : Outer(inSelfPartitionedCall()) {
    inSelfPartitionedCall() = true;
  }
  ~SelfPartitionedCall() { inSelfPartitionedCall() = Outer; }
  SelfPartitionedCall(const SelfPartitionedCall &) = delete;
  SelfPartitionedCall &operator=(const SelfPartitionedCall &) = delete;

private:
  bool Outer;
};

/// What is wrong with a partition, and where.
struct PartitionProblem {
  enum { OutsideData, TwoOwners, NoOwner } What;
  std::uint64_t Element;
  std::optional<ThreadIndex> First, Second;
};

/// The first problem with the pieces Strategy gives the threads of a launch
/// of Launched threads per dimension over Size elements, if any.
template <class S>
std::optional<PartitionProblem>
findPartitionProblem(const S &Strategy, std::uint64_t Size, Extent Launched) {
  std::vector<std::optional<ThreadIndex>> Owner(Size);
  for (std::uint64_t K = 0; K < Launched.z; ++K)
    for (std::uint64_t J = 0; J < Launched.y; ++J)
      for (std::uint64_t I = 0; I < Launched.x; ++I) {
        ThreadIndex T{I, J, K, Launched.x, Launched.y};
        for (auto Position : Strategy.pieces(T, Size)) {
          const Span Piece = Strategy.span(Position);
          for (std::uint64_t Step = 0; Step < Piece.length; ++Step) {
            const std::uint64_t E = Piece.offset + Step * Piece.stride;
            if (E >= Size)
              return PartitionProblem{PartitionProblem::OutsideData, E, T, {}};
            if (Owner[E])
              return PartitionProblem{PartitionProblem::TwoOwners, E,
                                      Owner[E], T};
            Owner[E] = T;
          }
        }
      }
  for (std::uint64_t E = 0; E < Size; ++E) {
    bool Covered = true;
    if constexpr (requires { Strategy.covers(E); })
      Covered = Strategy.covers(E);
    if (Covered && !Owner[E])
      return PartitionProblem{PartitionProblem::NoOwner, E, {}, {}};
  }
  return std::nullopt;
}

/// Reports a problem with argument Argument's strategy and exits.
template <class S>
void checkPartition(const S &Strategy, std::uint64_t Size, Extent Launched,
                    unsigned Argument) {
  std::optional<PartitionProblem> P =
      findPartitionProblem(Strategy, Size, Launched);
  if (!P)
    return;
  static constexpr const char *What[] = {"puts outside its data",
                                         "gives two threads", "gives no thread"};
  // The threads, as ": thread (x, y, z)" and " and thread (x, y, z)".
  char Threads[2 * sizeof(" and thread (18446744073709551615, "
                          "18446744073709551615, 18446744073709551615)")] = "";
  int Used = 0;
  const char *Sep = ":";
  for (const std::optional<ThreadIndex> &T : {P->First, P->Second})
    if (T) {
      Used += std::snprintf(Threads + Used, sizeof(Threads) - Used,
                            "%s thread (%llu, %llu, %llu)", Sep,
                            static_cast<unsigned long long>(T->x),
                            static_cast<unsigned long long>(T->y),
                            static_cast<unsigned long long>(T->z));
      Sep = " and";
    }
  hostError("OFFLOAD_CHECK_DISJOINT: the strategy of argument %u %s element "
            "%llu%s",
            Argument, What[P->What],
            static_cast<unsigned long long>(P->Element), Threads);
}

} // namespace offload::detail
