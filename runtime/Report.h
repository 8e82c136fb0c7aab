//===- runtime/Report.h - OFFLOAD_INFO, the timeline and fatal errors -----===//
//
// What the runtime tells its user: one line per call or event (OFFLOAD_INFO),
// the totals at exit, the timeline file (OFFLOAD_TIMELINE), and the one way
// an entry point reports an error it cannot return.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace offload::rt {

struct Device;

/// Bytes copied and seconds spent, per direction.
struct TransferStats {
  std::uint64_t ToBytes = 0, FromBytes = 0;
  double ToSeconds = 0, FromSeconds = 0;
  /// Bytes a call found already on the device (preloaded, by a handle or
  /// by the plugin around a loop), each way they would have moved.
  std::uint64_t KeptBytes = 0;
  TransferStats &operator+=(const TransferStats &O) {
    ToBytes += O.ToBytes, FromBytes += O.FromBytes;
    ToSeconds += O.ToSeconds, FromSeconds += O.FromSeconds;
    KeptBytes += O.KeptBytes;
    return *this;
  }
};

/// OFFLOAD_INFO bits.
enum InfoBit : unsigned {
  InfoCalls = 0x1,     // one line per call: geometry, bytes, times
  InfoEvents = 0x2,    // registration and device selection
  InfoTransfers = 0x4, // one line per copied argument
  InfoSummary = 0x8,   // totals per kernel and per direction at exit
};

/// What recordCall() counts: a kernel or library call, or preloading (a
/// preload, its release, a device set's halo).
enum class Recorded { Call, Preload };
/// Adds one call to the program's transfer totals and, with InfoSummary, to
/// the per-name totals printed at exit (Name is only asked for then).
void recordCall(Recorded Kind, llvm::function_ref<std::string()> Name,
                double CallSeconds, const TransferStats &Stats);
unsigned infoBits();
void info(InfoBit Bit, const char *Format, ...)
    __attribute__((format(printf, 2, 3)));
/// Prints "offload: error: ..." and exits with status 1.
[[noreturn]] void fatal(llvm::Error E);

/// Seconds on the steady clock: the times of reports and of the trace.
double now();
/// OFFLOAD_TIMELINE=FILE: a timeline of kernels, copies, library calls and
/// waits, per device and host thread, written to FILE at exit as Chrome
/// trace JSON (Perfetto and chrome://tracing open it).
bool tracing();
/// One span of the timeline: Name (of Category) on device On, on the
/// calling thread, from Start (now()) for Seconds; Bytes for copies.
void traceSpan(const char *Category, llvm::StringRef Name, const Device &On,
               double Start, double Seconds, std::uint64_t Bytes = 0);

} // namespace offload::rt
