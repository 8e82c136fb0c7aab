//===- runtime/Report.cpp - OFFLOAD_INFO and errors -----------------------===//

#include "Runtime.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace offload::rt {

/// Guards the totals: calls are recorded from any thread.
static std::mutex &totalsLock() {
  static auto *M = new std::mutex;
  return *M;
}

unsigned infoBits() {
  static const unsigned Bits = [] {
    const char *V = std::getenv("OFFLOAD_INFO");
    return V ? static_cast<unsigned>(std::strtoul(V, nullptr, 0)) : 0u;
  }();
  return Bits;
}

void info(InfoBit Bit, const char *Format, ...) {
  if (!(infoBits() & Bit))
    return;
  std::fputs("offload: info: ", stderr);
  va_list Args;
  va_start(Args, Format);
  std::vfprintf(stderr, Format, Args);
  va_end(Args);
  std::fputc('\n', stderr);
}

namespace {
struct Totals {
  unsigned long Calls = 0;
  double Seconds = 0;
  TransferStats Transfers;
};
/// Per kernel (or library function, or preload), in first-seen order.
std::vector<std::pair<std::string, Totals>> &totals() {
  static std::vector<std::pair<std::string, Totals>> T;
  return T;
}

void printSummary() {
  std::lock_guard<std::mutex> L(totalsLock());
  auto Rate = [](std::uint64_t Bytes, double Seconds) {
    return Seconds > 0 ? Bytes / Seconds / 1e9 : 0.0;
  };
  Totals All;
  std::fputs("offload: info: summary at exit (time in ms):\n", stderr);
  for (const auto &[Name, T] : totals()) {
    std::fprintf(stderr,
                 "offload: info:   %s: %lu call(s), %.3f ms running; to the "
                 "device %llu bytes in %.3f ms (%.1f GB/s), back %llu bytes "
                 "in %.3f ms (%.1f GB/s); %llu bytes stayed on the device\n",
                 Name.c_str(), T.Calls, T.Seconds * 1e3,
                 static_cast<unsigned long long>(T.Transfers.ToBytes),
                 T.Transfers.ToSeconds * 1e3,
                 Rate(T.Transfers.ToBytes, T.Transfers.ToSeconds),
                 static_cast<unsigned long long>(T.Transfers.FromBytes),
                 T.Transfers.FromSeconds * 1e3,
                 Rate(T.Transfers.FromBytes, T.Transfers.FromSeconds),
                 static_cast<unsigned long long>(T.Transfers.KeptBytes));
    All.Calls += T.Calls;
    All.Seconds += T.Seconds;
    All.Transfers += T.Transfers;
  }
  std::fprintf(stderr,
               "offload: info:   total: %lu call(s), %.3f ms running; to the "
               "device %llu bytes in %.3f ms, back %llu bytes in %.3f ms; "
               "%llu bytes stayed on the device\n",
               All.Calls, All.Seconds * 1e3,
               static_cast<unsigned long long>(All.Transfers.ToBytes),
               All.Transfers.ToSeconds * 1e3,
               static_cast<unsigned long long>(All.Transfers.FromBytes),
               All.Transfers.FromSeconds * 1e3,
               static_cast<unsigned long long>(All.Transfers.KeptBytes));
}
} // namespace

static TransferStats &programTotals() {
  static TransferStats T;
  return T;
}

void recordCall(llvm::function_ref<std::string()> Name, double Seconds,
                const TransferStats &Stats) {
  if (!Stats.ToBytes && !Stats.FromBytes && !(infoBits() & InfoSummary))
    return; // nothing to add
  std::lock_guard<std::mutex> L(totalsLock());
  programTotals() += Stats;
  if (!(infoBits() & InfoSummary))
    return;
  auto &T = totals();
  if (T.empty())
    std::atexit(printSummary);
  std::string Key = Name();
  auto It = std::find_if(T.begin(), T.end(),
                         [&](const auto &E) { return E.first == Key; });
  if (It == T.end())
    It = T.insert(T.end(), {Key, Totals{}});
  ++It->second.Calls;
  It->second.Seconds += Seconds;
  It->second.Transfers += Stats;
}

void fatal(llvm::Error E) {
  std::fflush(stdout);
  std::fprintf(stderr, "offload: error: %s\n",
               llvm::toString(std::move(E)).c_str());
  std::fflush(stderr);
  // Not exit(): the device may be broken (a failed kernel), and tearing
  // down its plugin then can crash after the message.
  std::_Exit(1);
}

} // namespace offload::rt

namespace offload::detail::rt {
Totals totals() {
  std::lock_guard<std::mutex> L(offload::rt::totalsLock());
  const offload::rt::TransferStats T = offload::rt::programTotals();
  return {T.ToBytes, T.FromBytes, T.ToSeconds, T.FromSeconds};
}
} // namespace offload::detail::rt
