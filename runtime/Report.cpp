//===- runtime/Report.cpp - OFFLOAD_INFO and errors -----------------------===//

#include "Report.h"
#include "Backend.h"
#include "Devices.h"

#include "llvm/Support/FormatVariadic.h"

#include <offload/detail/runtime.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <vector>

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
  Recorded Kind = Recorded::Call;
  unsigned long Calls = 0;
  std::uint64_t LeastToBytes = UINT64_MAX; // the fewest one call copied in
  double Seconds = 0;
  TransferStats Transfers;
};
/// Per kernel (or library function, or preload), in first-seen order.
std::vector<std::pair<std::string, Totals>> &totals() {
  static std::vector<std::pair<std::string, Totals>> T;
  return T;
}

/// What the summary calls repeated copies: this many calls of one kernel,
/// each copying at least this much to the device on average.
constexpr unsigned long RepeatedCalls = 3;
constexpr std::uint64_t RepeatedBytes = 1 << 20;

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
  // Many calls that each copied a lot in are most often a loop whose arrays
  // went to the device and back at every iteration: say how to keep them.
  // (Every call, not the average: a call on preloaded data keeps quiet.)
  for (const auto &[Name, T] : totals())
    if (T.Kind == Recorded::Call && T.Calls >= RepeatedCalls &&
        T.LeastToBytes >= RepeatedBytes)
      std::fprintf(stderr,
                   "offload: info:   %s copied %.1f MiB to the device per "
                   "call over %lu calls: a loop's data can stay on the "
                   "device (preload() around the loop, or the user guide's "
                   "\"Automatic residency\" for why it did not apply)\n",
                   Name.c_str(),
                   double(T.Transfers.ToBytes) / T.Calls / (1 << 20), T.Calls);
}
} // namespace

static TransferStats &programTotals() {
  static TransferStats T;
  return T;
}

void recordCall(Recorded Kind, llvm::function_ref<std::string()> Name,
                double Seconds, const TransferStats &Stats) {
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
    It = T.insert(T.end(), {Key, Totals{Kind, 0, UINT64_MAX, 0, {}}});
  ++It->second.Calls;
  It->second.Seconds += Seconds;
  It->second.Transfers += Stats;
  It->second.LeastToBytes = std::min(It->second.LeastToBytes, Stats.ToBytes);
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

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

namespace {
struct Span {
  const char *Category;
  std::string Name;
  int Device;
  unsigned Thread;
  double Start, Seconds;
  std::uint64_t Bytes;
};
struct Timeline {
  std::mutex Lock;
  std::vector<Span> Spans;
  std::map<int, std::string> Devices; // their names in the viewer
};
Timeline &timeline() {
  static auto *T = new Timeline; // outlives the exit handler that writes it
  return *T;
}

const char *traceFile() {
  static const char *File = [] {
    const char *V = std::getenv("OFFLOAD_TIMELINE");
    return V && *V ? V : nullptr;
  }();
  return File;
}

/// Host threads numbered in the order they first traced.
unsigned traceThread() {
  static std::atomic<unsigned> Next{1};
  thread_local const unsigned Mine = Next++;
  return Mine;
}

std::string jsonString(llvm::StringRef Text) {
  std::string Out = "\"";
  for (char C : Text) {
    if (C == '"' || C == '\\')
      Out += '\\';
    if (static_cast<unsigned char>(C) < 0x20)
      Out += llvm::formatv("\\u{0:x-4}", unsigned(C)).str();
    else
      Out += C;
  }
  return Out + "\"";
}

void writeTrace() {
  Timeline &T = timeline();
  std::lock_guard<std::mutex> L(T.Lock);
  std::FILE *F = std::fopen(traceFile(), "w");
  if (!F) {
    std::fprintf(stderr,
                 "offload: warning: OFFLOAD_TIMELINE: cannot write '%s'\n",
                 traceFile());
    return;
  }
  const double Origin = T.Spans.empty() ? 0 : T.Spans.front().Start;
  std::fputs("{\"displayTimeUnit\": \"ms\", \"traceEvents\": [\n", F);
  const char *Separator = "";
  for (const auto &[Id, Name] : T.Devices) {
    std::fprintf(F,
                 "%s{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": %d, "
                 "\"args\": {\"name\": %s}}",
                 Separator, Id, jsonString(Name).c_str());
    Separator = ",\n";
  }
  for (const Span &S : T.Spans) {
    std::fprintf(F,
                 "%s{\"ph\": \"X\", \"cat\": \"%s\", \"name\": %s, \"pid\": "
                 "%d, \"tid\": %u, \"ts\": %.3f, \"dur\": %.3f",
                 Separator, S.Category, jsonString(S.Name).c_str(), S.Device,
                 S.Thread, (S.Start - Origin) * 1e6, S.Seconds * 1e6);
    if (S.Bytes)
      std::fprintf(F, ", \"args\": {\"bytes\": %llu}",
                   static_cast<unsigned long long>(S.Bytes));
    std::fputc('}', F);
    Separator = ",\n";
  }
  std::fputs("\n]}\n", F);
  std::fclose(F);
}
} // namespace

bool tracing() { return traceFile() != nullptr; }

void traceSpan(const char *Category, llvm::StringRef Name, const Device &On,
               double Start, double Seconds, std::uint64_t Bytes) {
  if (!tracing())
    return;
  const unsigned Thread = traceThread();
  Timeline &T = timeline();
  std::lock_guard<std::mutex> L(T.Lock);
  if (T.Spans.empty() && T.Devices.empty())
    std::atexit(writeTrace);
  T.Devices.try_emplace(
      On.Id, llvm::formatv("device {0} ({1}{2}{3})", On.Id, kindName(On.Kind),
                           On.Name.empty() ? "" : ", ", On.Name)
                 .str());
  T.Spans.push_back(
      {Category, Name.str(), On.Id, Thread, Start, Seconds, Bytes});
}

} // namespace offload::rt

namespace offload::detail::rt {
Totals totals() {
  std::lock_guard<std::mutex> L(offload::rt::totalsLock());
  const offload::rt::TransferStats T = offload::rt::programTotals();
  return {T.ToBytes, T.FromBytes, T.ToSeconds, T.FromSeconds};
}
} // namespace offload::detail::rt
