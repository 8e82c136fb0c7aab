//===- runtime/Watchdog.h - OFFLOAD_TIMEOUT -------------------------------===//
//
// With OFFLOAD_TIMEOUT=S, a step that blocks the calling thread on a device
// (a kernel running on the host device, a wait for a GPU's queue, a copy
// behind queued work) and lasts longer than S seconds ends the process
// with an error that names the kernels: a kernel that never ends is a
// message and exit status 1, not a hang. Without it nothing is watched and
// a Watch costs one load of a flag.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <functional>
#include <string>
#include <utility>

namespace offload::rt {

/// Seconds that OFFLOAD_TIMEOUT allows; 0 when unset or 0.
double timeoutSeconds();

/// Watches one blocking step for as long as it lives. Describe() names what
/// the thread waits for ("kernel 'k' on device 0 (host)"); the watchdog's
/// thread calls it only when the time has run out, while the Watch lives.
class Watch {
public:
  template <class F> explicit Watch(F &&Describe) {
    if (timeoutSeconds() > 0)
      start(std::function<std::string()>(std::forward<F>(Describe)));
  }
  ~Watch() {
    if (Entry)
      stop();
  }
  Watch(const Watch &) = delete;
  Watch &operator=(const Watch &) = delete;

private:
  void start(std::function<std::string()> Describe);
  void stop();
  void *Entry = nullptr;
};

} // namespace offload::rt
