//===- runtime/BounceBuffers.cpp - Large pageable copies ------------------===//

#include "BounceBuffers.h"
#include "Report.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdlib>
#include <thread>
#include <utility>

using namespace llvm;

namespace offload::rt {

bool BounceBuffers::takes(std::size_t Bytes) {
  // Smaller copies gain less than filling the buffers costs.
  constexpr std::size_t Threshold = 1 << 20;
  static const bool Enabled = [] {
    const char *V = std::getenv("OFFLOAD_TRANSFER");
    StringRef Mode = V ? StringRef(V).trim() : "";
    if (Mode == "direct")
      return false;
    if (!Mode.empty() && Mode != "bounce")
      fatal(createStringError(
          formatv("OFFLOAD_TRANSFER='{0}' is not a transfer mode: use bounce "
                  "or direct",
                  Mode)
              .str()));
    return true;
  }();
  return Bytes >= Threshold && Enabled;
}

BounceBuffers::BounceBuffers(Backend &B)
    : B(B),
      Pool(std::clamp(std::thread::hardware_concurrency() * 3 / 4, 1u, 12u)) {}

BounceBuffers::~BounceBuffers() {
  for (void *Buffer : Buffers)
    if (Buffer)
      consumeError(B.free(Buffer));
}

Error BounceBuffers::copy(char *Dst, const char *Src, std::size_t Bytes,
                          CopyDirection Dir) {
  std::lock_guard<std::mutex> L(M);
  // Smaller copies take smaller chunks, so that several are in flight.
  ChunkBytes = std::clamp<std::size_t>(
      std::size_t(1) << Log2_64(std::max<std::size_t>(Bytes / 4, 1)), 512 << 10,
      MaxChunkBytes);
  // Buffers grow with the chunks: page-locking memory costs time, which a
  // program that copies a few MiB should not pay for 32 MiB.
  const std::size_t Used = std::min(NumBuffers, divideCeil(Bytes, ChunkBytes));
  for (std::size_t I = 0; I < Used; ++I) {
    if (BufferBytes[I] >= ChunkBytes)
      continue;
    if (Buffers[I])
      consumeError(B.free(std::exchange(Buffers[I], nullptr)));
    BufferBytes[I] = 0;
    Expected<void *> P = B.alloc(ChunkBytes, /*Host=*/true);
    if (!P)
      return P.takeError();
    Buffers[I] = *P;
    BufferBytes[I] = ChunkBytes;
  }
  Pool.hold(true);
  Error Result = Dir == CopyDirection::ToDevice ? toDevice(Dst, Src, Bytes)
                                                : toHost(Dst, Src, Bytes);
  for (void *&Mark : InFlight)
    if (Mark)
      Result =
          joinErrors(std::move(Result), B.wait(std::exchange(Mark, nullptr)));
  Pool.hold(false);
  return Result;
}

Error BounceBuffers::waitFor(std::size_t Chunk) {
  if (void *Mark = std::exchange(InFlight[Chunk % NumBuffers], nullptr))
    return B.wait(Mark);
  return Error::success();
}

Error BounceBuffers::queueCopy(std::size_t Chunk, void *Dst, const void *Src,
                               std::size_t Len, CopyDirection Dir) {
  if (Error E = B.copy(Dst, Src, Len, Dir))
    return E;
  Expected<void *> Mark = B.record();
  if (!Mark)
    return Mark.takeError();
  InFlight[Chunk % NumBuffers] = *Mark;
  return Error::success();
}

Error BounceBuffers::toDevice(char *Dst, const char *Src, std::size_t Bytes) {
  for (std::size_t Off = 0, C = 0; Off < Bytes; Off += ChunkBytes, ++C) {
    const std::size_t Len = std::min(ChunkBytes, Bytes - Off);
    if (Error E = waitFor(C))
      return E;
    Pool.copy(buffer(C), Src + Off, Len);
    if (Error E =
            queueCopy(C, Dst + Off, buffer(C), Len, CopyDirection::ToDevice))
      return E;
  }
  return Error::success();
}

Error BounceBuffers::toHost(char *Dst, const char *Src, std::size_t Bytes) {
  const std::size_t Chunks = divideCeil(Bytes, ChunkBytes);
  auto Queue = [&](std::size_t C) {
    const std::size_t Off = C * ChunkBytes;
    return queueCopy(C, buffer(C), Src + Off, std::min(ChunkBytes, Bytes - Off),
                     CopyDirection::FromDevice);
  };
  // The other buffers are on the bus while one is drained.
  const std::size_t K = NumBuffers;
  for (std::size_t C = 0; C < std::min(K, Chunks); ++C)
    if (Error E = Queue(C))
      return E;
  for (std::size_t C = 0; C < Chunks; ++C) {
    if (Error E = waitFor(C))
      return E;
    const std::size_t Off = C * ChunkBytes;
    Pool.copy(Dst + Off, buffer(C), std::min(ChunkBytes, Bytes - Off));
    if (C + K < Chunks)
      if (Error E = Queue(C + K))
        return E;
  }
  return Error::success();
}

} // namespace offload::rt
