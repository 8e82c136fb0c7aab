//===- runtime/Pinned.cpp - offload::pinned_allocator ---------------------===//
//
// Page-locked host memory from the selected device's backend (liboffload's
// host allocations on a GPU). The runtime remembers each allocation, so that
// copies of data inside one skip the bounce buffers.
//
//===----------------------------------------------------------------------===//

#include "Pinned.h"
#include "DeviceState.h"
#include "Devices.h"
#include "Report.h"

#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace llvm;

namespace offload::rt {
namespace {

struct PinnedBlock {
  std::size_t Bytes;
  DeviceState *Owner;
};

std::mutex &pinnedLock() {
  static auto *M = new std::mutex;
  return *M;
}
/// By start address. Never destroyed: vectors may be freed at exit.
std::map<const char *, PinnedBlock> &pinnedBlocks() {
  static auto *Blocks = new std::map<const char *, PinnedBlock>;
  return *Blocks;
}

} // namespace

bool isPinned(const void *Ptr, std::size_t Bytes) {
  const char *P = static_cast<const char *>(Ptr);
  std::lock_guard<std::mutex> L(pinnedLock());
  auto &Blocks = pinnedBlocks();
  auto It = Blocks.upper_bound(P);
  if (It == Blocks.begin())
    return false;
  --It;
  return P + Bytes <= It->first + It->second.Bytes;
}

} // namespace offload::rt

namespace offload::detail::rt {

void *allocPinned(std::size_t Bytes) {
  using namespace offload::rt;
  if (Bytes == 0)
    return nullptr;
  Expected<DeviceState &> D = selectedDevice();
  if (!D)
    fatal(D.takeError());
  Expected<void *> P = D->backend().alloc(Bytes, /*Host=*/true);
  if (!P)
    fatal(createStringError(
        formatv("offload::pinned_allocator: {0} bytes on device {1} ({2}): {3}",
                Bytes, D->info().Id, kindName(D->info().Kind),
                toString(P.takeError()))
            .str()));
  std::lock_guard<std::mutex> L(pinnedLock());
  pinnedBlocks().emplace(static_cast<const char *>(*P),
                         PinnedBlock{Bytes, &*D});
  return *P;
}

void freePinned(void *Ptr) {
  using namespace offload::rt;
  if (!Ptr)
    return;
  DeviceState *Owner;
  {
    std::lock_guard<std::mutex> L(pinnedLock());
    auto It = pinnedBlocks().find(static_cast<const char *>(Ptr));
    if (It == pinnedBlocks().end())
      fatal(createStringError(
          formatv("offload::pinned_allocator: {0} was not allocated by it", Ptr)
              .str()));
    Owner = It->second.Owner;
    pinnedBlocks().erase(It);
  }
  if (Error E = Owner->backend().free(Ptr))
    fatal(std::move(E));
}

} // namespace offload::detail::rt
