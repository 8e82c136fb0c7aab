//===- Subprocess.cpp - The device pass's child processes -----------------===//

#include "Subprocess.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <signal.h>
#include <thread>

using namespace llvm;

namespace offload::plugin {

Expected<Subprocess> Subprocess::start(std::vector<std::string> Args,
                                       std::string OutputFile,
                                       std::optional<StringRef> Stdin,
                                       unsigned TimeLimit) {
  Subprocess P;
  P.Args = std::move(Args);
  P.OutputFile = std::move(OutputFile);
  P.TimeLimit = TimeLimit;
  P.Started = std::chrono::steady_clock::now();
  SmallVector<StringRef> Refs(P.Args.begin(), P.Args.end());
  std::optional<StringRef> Redirects[] = {Stdin, StringRef(P.OutputFile),
                                          StringRef(P.OutputFile)};
  std::string Error;
  bool Failed = false;
  P.Process = sys::ExecuteNoWait(P.Args.front(), Refs, std::nullopt, Redirects,
                                 0, &Error, &Failed);
  if (Failed)
    return createStringError("cannot run " + P.Args.front() + ": " + Error);
  return P;
}

bool Subprocess::hasExited() {
  if (!Exited) {
    std::string Error;
    sys::ProcessInfo Done = sys::Wait(Process, /*SecondsToWait=*/0, &Error,
                                      nullptr, /*Polling=*/true);
    if (Done.Pid != 0)
      Exited = Done;
  }
  return Exited.has_value();
}

bool Subprocess::overTime() const {
  return TimeLimit &&
         std::chrono::steady_clock::now() - Started >=
             std::chrono::seconds(TimeLimit);
}

Error Subprocess::wait() {
  std::string Error;
  // Polled, so that a program that hangs cannot hang the build: 1 ms at
  // first, up to 50 ms between looks.
  for (auto Pause = std::chrono::milliseconds(1); TimeLimit && !hasExited();
       Pause = std::min(Pause * 2, std::chrono::milliseconds(50))) {
    if (overTime()) {
      kill();
      Killed = true;
      break;
    }
    std::this_thread::sleep_for(Pause);
  }
  if (!Exited)
    Exited = sys::Wait(Process, std::nullopt, &Error);
  if (Killed)
    return createStringError(
        formatv("{0} did not finish within {1} s and was stopped", tool(),
                TimeLimit)
            .str());
  if (Exited->ReturnCode == 0)
    return Error::success();
  return createStringError(
      formatv("{0} {1}{2}", tool(),
              Exited->ReturnCode < 0 ? "crashed" : "failed",
              Error.empty() ? "" : ": " + Error)
          .str());
}

void Subprocess::kill() {
  if (Exited)
    return;
  ::kill(Process.Pid, SIGKILL);
  std::string Error;
  Exited = sys::Wait(Process, std::nullopt, &Error);
}

std::string Subprocess::output() const {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text =
      MemoryBuffer::getFile(OutputFile);
  return Text ? (*Text)->getBuffer().str() : std::string();
}

StringRef Subprocess::tool() const { return sys::path::filename(Args.front()); }

std::string commandLine(ArrayRef<std::string> Args) {
  std::string Out;
  for (const std::string &A : Args) {
    if (!Out.empty())
      Out += ' ';
    Out += A.find(' ') == std::string::npos ? A : "'" + A + "'";
  }
  return Out;
}

Error writeFile(StringRef Path, StringRef Text) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC)
    return createStringError(EC, "cannot write " + Path);
  OS << Text;
  return Error::success();
}

} // namespace offload::plugin
