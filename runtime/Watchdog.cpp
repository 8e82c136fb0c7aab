//===- runtime/Watchdog.cpp - OFFLOAD_TIMEOUT -----------------------------===//

#include "Watchdog.h"
#include "Report.h"

#include "llvm/Support/FormatVariadic.h"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <list>
#include <mutex>
#include <thread>

namespace offload::rt {
namespace {

using Clock = std::chrono::steady_clock;

struct Watched {
  Clock::time_point Deadline;
  std::function<std::string()> Describe;
};

/// One thread that sleeps until the earliest deadline. Never destroyed: it
/// may still wait when the process exits.
class Watchdog {
public:
  static Watchdog &get() {
    static Watchdog *W = new Watchdog;
    return *W;
  }

  std::list<Watched>::iterator add(std::function<std::string()> Describe) {
    std::lock_guard<std::mutex> L(Lock);
    const auto Allowed = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(timeoutSeconds()));
    Steps.push_front({Clock::now() + Allowed, std::move(Describe)});
    if (!Started) {
      std::thread([this] { run(); }).detach();
      Started = true;
    }
    Changed.notify_one();
    return Steps.begin();
  }
  void remove(std::list<Watched>::iterator It) {
    std::lock_guard<std::mutex> L(Lock);
    Steps.erase(It);
  }

private:
  void run() {
    std::unique_lock<std::mutex> L(Lock);
    for (;;) {
      if (Steps.empty()) {
        Changed.wait(L);
        continue;
      }
      auto First = Steps.begin();
      for (auto It = Steps.begin(); It != Steps.end(); ++It)
        if (It->Deadline < First->Deadline)
          First = It;
      if (Clock::now() < First->Deadline) {
        Changed.wait_until(L, First->Deadline);
        continue;
      }
      // The step is still blocked (its Watch would have removed it), so
      // what Describe() reads is alive. Not exit(): the device is stuck,
      // and waiting for it at exit would hang.
      std::fflush(stdout);
      std::fprintf(stderr,
                   "offload: error: %s did not finish within %g s "
                   "(OFFLOAD_TIMEOUT); the process stops\n",
                   First->Describe().c_str(), timeoutSeconds());
      std::fflush(stderr);
      std::_Exit(1);
    }
  }

  std::mutex Lock;
  std::condition_variable Changed;
  std::list<Watched> Steps;
  bool Started = false;
};

} // namespace

double timeoutSeconds() {
  static const double Seconds = [] {
    const char *V = std::getenv("OFFLOAD_TIMEOUT");
    if (!V || !*V)
      return 0.0;
    char *End = nullptr;
    const double S = std::strtod(V, &End);
    if (*End != '\0' || !(S >= 0) || S > 1e9)
      fatal(llvm::createStringError(
          llvm::formatv("OFFLOAD_TIMEOUT={0}: expected seconds (a number "
                        "such as 30 or 0.5; 0 turns the watchdog off)",
                        V)
              .str()));
    return S;
  }();
  return Seconds;
}

void Watch::start(std::function<std::string()> Describe) {
  Entry = new std::list<Watched>::iterator(
      Watchdog::get().add(std::move(Describe)));
}

void Watch::stop() {
  auto *It = static_cast<std::list<Watched>::iterator *>(Entry);
  Watchdog::get().remove(*It);
  delete It;
}

} // namespace offload::rt
