//===- DevicePass.h - Compiling the kernels for each target ---------------===//
//
// From the metadata alone, generates the device translation unit (the
// original source followed by one entry per kernel instantiation) and
// compiles it once per target, with that target's own preprocessor:
//   sm_XX:  clang -cc1 (OpenMP device mode, nvptx64) -> PTX -> ptxas -> cubin
//   gfxNNN: clang -cc1 (OpenMP device mode, amdgcn) -> object -> ld.lld
//           -> code object (.hsaco)
//   host:   clang -cc1 (OpenMP device mode, x86-64) -> object -> ld.lld -> .so
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Diagnostics.h"
#include "Metadata.h"
#include "Options.h"

#include "llvm/Support/Program.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CompilerInvocation;
}

namespace offload::plugin {

struct DeviceImage {
  Target For;
  std::string Bytes;
};

/// The device translation unit for M: its head includes the original
/// source, its entries name each kernel (deviceSource = head + entries).
std::string deviceSourceHead(llvm::StringRef Source);
std::string deviceEntries(const Metadata &M);
std::string deviceSource(const Metadata &M);

/// Compiles the kernels of one translation unit for every target. The
/// device compiles can start before the host pass has found the kernels
/// (launch()): they parse the original source, which is most of their
/// work, while the host parses it too, and read the entries from a pipe
/// that run() fills.
class DevicePass {
public:
  DevicePass(const Options &Opts, const clang::CompilerInvocation &Host,
             Diagnostics &Diags);
  ~DevicePass();

  /// Starts the device compiles of Source (absolute), with the GPU math
  /// library when Math; false after reporting why not.
  bool launch(llvm::StringRef Source, bool Math);
  bool launched() const { return !Jobs.empty(); }

  /// Hands the compiles the entries of M (launching them first if launch()
  /// was not called); false after reporting why not.
  bool feed(const Metadata &M);
  /// Waits for the compiles and builds one image per target, in target
  /// order, or nothing after reporting why.
  std::optional<std::vector<DeviceImage>> finish(const Metadata &M);
  std::optional<std::vector<DeviceImage>> run(const Metadata &M) {
    if (!feed(M))
      return std::nullopt;
    return finish(M);
  }

  /// The files the device compiles read, when the host compile writes a
  /// dependency file (-MD): headers included for a device only must
  /// rebuild the object too.
  const std::vector<std::string> &dependencies() const { return Dependencies; }

  /// The -cc1 arguments of the device compile for T, without input/output
  /// (with the GPU math library when Math).
  std::vector<std::string> deviceArguments(const Target &T, bool Math) const;

  /// One target's running compile.
  struct Compile {
    Target For;
    std::vector<std::string> Args;
    llvm::sys::ProcessInfo Process;
    std::optional<llvm::sys::ProcessInfo> Exited; // once waited for
    std::string Entries; // the pipe its source includes
    std::string Output;
  };

private:
  /// Ends the running compiles without waiting for their results.
  void abandon();
  /// Reports that T's device pass failed (and the command), and abandons.
  void failed(const Target &T, llvm::Error E,
              llvm::ArrayRef<std::string> Command = {});

  const Options &Opts;
  const clang::CompilerInvocation &Host;
  Diagnostics &Diags;
  std::vector<std::string> Dependencies;
  std::unique_ptr<class Scratch> Dir;
  std::vector<Compile> Jobs;
  bool LaunchedWithMath = false;
  // The tools that turn compiles into images, found by feed().
  std::optional<std::string> Ptxas, Lld;
};

} // namespace offload::plugin
