//===- CopyPool.h - Threads that copy host memory in pieces ----*- C++ -*-===//
//
// The threads that fill and drain the bounce buffers (BounceBuffers.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef CXXOFFLOAD_RUNTIME_COPYPOOL_H
#define CXXOFFLOAD_RUNTIME_COPYPOOL_H

#include "ChunkPool.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace offload::rt {

/// A pool of threads that copies a range in pieces (ChunkPool): at least 32
/// pieces a copy, of 16 to 64 KiB.
class CopyPool : public ChunkPool {
public:
  using ChunkPool::ChunkPool;

  /// Copies Len bytes with the calling thread and the pool's threads.
  void copy(char *Dst, const char *Src, std::size_t Len) {
    struct Copy {
      char *Dst;
      const char *Src;
      std::size_t Len, PieceBytes;
    } C{Dst, Src, Len, pieceBytes(Len)};
    run(
        llvm::divideCeil(Len, C.PieceBytes),
        [](void *P, std::uint64_t Piece) {
          const Copy &C = *static_cast<const Copy *>(P);
          const std::size_t Begin = Piece * C.PieceBytes;
          std::memcpy(C.Dst + Begin, C.Src + Begin,
                      std::min(C.PieceBytes, C.Len - Begin));
        },
        &C);
  }

private:
  static std::size_t pieceBytes(std::size_t Len) {
    return std::clamp<std::size_t>(
        std::size_t(1) << llvm::Log2_64(std::max<std::size_t>(Len / 32, 1)),
        16 << 10, 64 << 10);
  }
};

} // namespace offload::rt

#endif // CXXOFFLOAD_RUNTIME_COPYPOOL_H
