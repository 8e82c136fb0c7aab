//===- Subprocess.h - The device pass's child processes -------------------===//
//
// The device pass runs clang -cc1, ptxas and ld.lld as child processes. Their
// output goes to a file, never to the user's terminal: the plugin reads it
// and reports what matters as clang diagnostics, so that two compiles cannot
// interleave their messages and a message is not shown twice.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Program.h"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace offload::plugin {

/// A program started by the device pass.
class Subprocess {
public:
  /// Starts Args[0] with Args, reading Stdin if given, writing stdout and
  /// stderr to OutputFile. A program still running TimeLimit seconds after
  /// its start (0: no limit) is ended by wait().
  static llvm::Expected<Subprocess>
  start(std::vector<std::string> Args, std::string OutputFile,
        std::optional<llvm::StringRef> Stdin = std::nullopt,
        unsigned TimeLimit = 0);

  /// Whether it has exited, without waiting.
  bool hasExited();
  /// Whether its time limit has passed.
  bool overTime() const;
  /// Waits for it, at most until its time limit; an error says how it ended
  /// if not with status 0 (ended at the limit: "did not finish within").
  llvm::Error wait();
  /// Ends it now (if still running) and waits.
  void kill();
  /// What it printed.
  std::string output() const;

  llvm::ArrayRef<std::string> args() const { return Args; }
  /// The program's file name, for messages ("ptxas").
  llvm::StringRef tool() const;

private:
  std::vector<std::string> Args;
  std::string OutputFile;
  llvm::sys::ProcessInfo Process;
  std::optional<llvm::sys::ProcessInfo> Exited;
  unsigned TimeLimit = 0;
  std::chrono::steady_clock::time_point Started;
  bool Killed = false;
};

/// Args as a shell would take them, for messages.
std::string commandLine(llvm::ArrayRef<std::string> Args);

/// Writes Text to Path.
llvm::Error writeFile(llvm::StringRef Path, llvm::StringRef Text);

} // namespace offload::plugin
