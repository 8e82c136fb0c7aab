//===- runtime/BounceBuffers.h - Large pageable copies --------------------===//
//
// GPUs copy page-locked memory several times faster than pageable memory:
// large pageable data is copied by several threads into page-locked buffers
// while the previous chunk is on the bus. OFFLOAD_TRANSFER=direct turns
// them off.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Backend.h"
#include "CopyPool.h"

#include "llvm/Support/Error.h"

#include <cstddef>
#include <mutex>

namespace offload::rt {

/// Page-locked chunks of one GPU and the threads that fill and drain them:
/// while one chunk is filled (or drained) by the threads, the ones before it
/// are on the bus. One copy uses them at a time.
class BounceBuffers {
public:
  /// Four buffers of 8 MiB, filled by up to 12 threads: measured on the
  /// H200's 16-core host (benchmarks/interfaces/RESULTS.md).
  static constexpr std::size_t NumBuffers = 4, MaxChunkBytes = 8 << 20;

  /// Whether a copy of Bytes of pageable host memory goes through them.
  static bool takes(std::size_t Bytes);

  explicit BounceBuffers(Backend &B);
  ~BounceBuffers();
  llvm::Error copy(char *Dst, const char *Src, std::size_t Bytes,
                   CopyDirection Dir);

private:
  char *buffer(std::size_t Chunk) {
    return static_cast<char *>(Buffers[Chunk % NumBuffers]);
  }
  llvm::Error waitFor(std::size_t Chunk);
  llvm::Error queueCopy(std::size_t Chunk, void *Dst, const void *Src,
                        std::size_t Len, CopyDirection Dir);
  llvm::Error toDevice(char *Dst, const char *Src, std::size_t Bytes);
  llvm::Error toHost(char *Dst, const char *Src, std::size_t Bytes);

  Backend &B;
  std::mutex M;
  std::size_t ChunkBytes = 0;
  void *Buffers[NumBuffers] = {}, *InFlight[NumBuffers] = {};
  std::size_t BufferBytes[NumBuffers] = {};
  CopyPool Pool;
};

} // namespace offload::rt
