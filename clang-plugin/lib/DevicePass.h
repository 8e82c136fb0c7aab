//===- DevicePass.h - Compiling the kernels for each target ---------------===//
//
// From the metadata alone, generates the device translation unit (the
// original source followed by one entry per kernel instantiation) and
// compiles it once per target, with that target's own preprocessor:
//   sm_XX: clang -cc1 (OpenMP device mode, nvptx64) -> PTX -> ptxas -> cubin
//   host:  clang -cc1 (OpenMP device mode, x86-64) -> object -> ld.lld -> .so
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Diagnostics.h"
#include "Metadata.h"
#include "Options.h"

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

/// The device translation unit for M.
std::string deviceSource(const Metadata &M);

class DevicePass {
public:
  DevicePass(const Options &Opts, const clang::CompilerInvocation &Host,
             Diagnostics &Diags)
      : Opts(Opts), Host(Host), Diags(Diags) {}

  /// One image per target, in target order, or nothing after reporting why.
  std::optional<std::vector<DeviceImage>> run(const Metadata &M);

  /// The files the device compiles read, when the host compile writes a
  /// dependency file (-MD): headers included for a device only must
  /// rebuild the object too.
  const std::vector<std::string> &dependencies() const { return Dependencies; }

  /// The -cc1 arguments of the device compile for T, without input/output.
  std::vector<std::string> deviceArguments(const Target &T) const;

private:
  const Options &Opts;
  const clang::CompilerInvocation &Host;
  Diagnostics &Diags;
  std::vector<std::string> Dependencies;
};

} // namespace offload::plugin
