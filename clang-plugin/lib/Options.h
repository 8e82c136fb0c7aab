//===- Options.h - The plugin's arguments ---------------------------------===//
//
// -fplugin-arg-offload-<key>=<value>; docs/user-guide.md lists them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace offload::plugin {

/// One device image the build produces.
struct Target {
  enum KindTy { Nvptx, Amdgpu, Host } Kind;
  std::string Name; // "sm_90", "gfx90a", "host"
  std::string Arch; // "sm_90", "gfx90a"; empty for the host
  bool isGpu() const { return Kind != Host; }
};

/// Parses "sm_90,gfx90a,host"; "native" stands for NativeArchs (the GPUs of
/// the build machine). GPU images come first, NVIDIA then AMD, since
/// the runtime numbers the GPUs NVIDIA first, then AMD.
llvm::Expected<std::vector<Target>>
parseTargets(llvm::StringRef List,
             llvm::ArrayRef<std::string> NativeArchs = {});

struct Options {
  std::vector<Target> Targets;
  bool DumpMetadata = false;     // dump=metadata: the serialized metadata
  bool DumpKernels = false;      // dump=kernels: the same, for humans
  bool DumpDeviceSource = false; // dump=device-source: the device TU
  bool DumpHostIR = false;       // dump=host-ir: the registration code
  std::string SaveTemps;         // save-temps=DIR: keep intermediates there
  std::string ImportMetadata;    // import-metadata=FILE: device pass input
  unsigned DeviceOptLevel = 3;   // device-opt=N
  // device-time-limit=SECONDS: a device compile or link still running then
  // is stopped with an error (0: no limit).
  unsigned DeviceTimeLimit = 600;
  bool TimeReport = false; // time-report: print where the time went
  bool Residency = true;   // residency=on|off: keep loops' data on the device
  // cache=DIR|off: where device compiles keep <offload/offload.hpp>
  // precompiled (CompileCache.h); empty: $OFFLOAD_CACHE_DIR or the default.
  std::string Cache;
  // device-metadata=FILE: set by the device pass in the device compiles it
  // starts, where the plugin reads the kernels from FILE.
  std::string DeviceMetadata;
  // device-unresolved=FILE: set there too; the device compile lists the
  // symbols its kernels use that nothing defines in FILE.
  std::string DeviceUnresolved;
  // device-image-cache=FOLDER, device-image-key=KEY, device-image-answer=FILE:
  // set there too when the image may come from the cache (CompileCache.h).
  std::string DeviceImageCache, DeviceImageKey, DeviceImageAnswer;

  /// Applies one "key=value" argument.
  llvm::Error parse(llvm::StringRef Arg);
};

/// The targets used when the build does not say: sm_90 when ptxas is
/// installed, and the host device.
std::string defaultTargets();

} // namespace offload::plugin
