//===- Options.cpp - The plugin's arguments -------------------------------===//

#include "Options.h"
#include "Toolchain.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/TargetParser/TargetParser.h"

#include <optional>

using namespace llvm;

namespace offload::plugin {

static std::optional<Target> parseTarget(StringRef Name) {
  unsigned SM = 0;
  if (Name == "host")
    return Target{Target::Host, "host", ""};
  if (Name.starts_with("sm_") && !Name.drop_front(3).getAsInteger(10, SM) &&
      SM >= 70)
    return Target{Target::Nvptx, Name.str(), Name.str()};
  if (Name.starts_with("gfx") &&
      AMDGPU::parseArchAMDGCN(Name) != AMDGPU::GK_NONE)
    return Target{Target::Amdgpu, Name.str(), Name.str()};
  return std::nullopt;
}

Expected<std::vector<Target>> parseTargets(StringRef List,
                                           ArrayRef<std::string> NativeArchs) {
  std::vector<Target> Targets;
  SmallVector<StringRef> Names;
  List.split(Names, ',', -1, /*KeepEmpty=*/false);
  bool Native = false;
  auto Add = [&](Target T) {
    if (none_of(Targets, [&](const Target &O) { return O.Name == T.Name; }))
      Targets.push_back(std::move(T));
  };
  for (StringRef Name : Names) {
    Name = Name.trim();
    if (Name == "native") {
      Native = true;
      for (const std::string &Arch : NativeArchs)
        if (std::optional<Target> T = parseTarget(Arch))
          Add(*T);
      continue;
    }
    std::optional<Target> T = parseTarget(Name);
    if (!T)
      return createStringError(
          formatv("unknown offload target '{0}' (expected sm_70 or newer, an "
                  "AMD GPU such as gfx90a or gfx942, host, or native)",
                  Name)
              .str());
    Add(*T);
  }
  if (Targets.empty())
    return createStringError(
        Native ? "'native' found no GPU on this machine (nvptx-arch and "
                 "amdgpu-arch list none): name the targets, or add host"
               : "no offload target given");
  std::vector<Target> Ordered;
  for (Target::KindTy Kind : {Target::Nvptx, Target::Amdgpu, Target::Host})
    for (Target &T : Targets)
      if (T.Kind == Kind)
        Ordered.push_back(std::move(T));
  return Ordered;
}

std::string defaultTargets() { return findPtxas() ? "sm_90,host" : "host"; }

Error Options::parse(StringRef Arg) {
  auto [Key, Value] = Arg.split('=');
  if (Key == "targets") {
    // Only `native` runs nvptx-arch and amdgpu-arch.
    std::vector<std::string> Native;
    if (Value.contains("native"))
      Native = nativeGpuArchs();
    Expected<std::vector<Target>> T = parseTargets(Value, Native);
    if (!T)
      return T.takeError();
    Targets = std::move(*T);
  } else if (Key == "dump") {
    SmallVector<StringRef> What;
    Value.split(What, ',');
    for (StringRef W : What) {
      if (W == "metadata")
        DumpMetadata = true;
      else if (W == "kernels")
        DumpKernels = true;
      else if (W == "device-source")
        DumpDeviceSource = true;
      else if (W == "host-ir")
        DumpHostIR = true;
      else
        return createStringError(
            formatv("unknown dump '{0}' (expected metadata, kernels, "
                    "device-source or host-ir)",
                    W)
                .str());
    }
  } else if (Key == "save-temps") {
    SaveTemps = Value.empty() ? "." : Value.str();
  } else if (Key == "import-metadata") {
    ImportMetadata = Value.str();
  } else if (Key == "device-metadata") {
    DeviceMetadata = Value.str();
  } else if (Key == "device-unresolved") {
    DeviceUnresolved = Value.str();
  } else if (Key == "device-image-cache") {
    DeviceImageCache = Value.str();
  } else if (Key == "device-image-key") {
    DeviceImageKey = Value.str();
  } else if (Key == "device-image-answer") {
    DeviceImageAnswer = Value.str();
  } else if (Key == "time-report" && Value.empty()) {
    TimeReport = true;
  } else if (Key == "residency") {
    if (Value != "on" && Value != "off")
      return createStringError(
          formatv("residency={0}: expected on or off", Value).str());
    Residency = Value == "on";
  } else if (Key == "cache") {
    if (Value.empty())
      return createStringError("cache=: expected a folder or off");
    Cache = Value.str();
  } else if (Key == "device-opt") {
    if (Value.getAsInteger(10, DeviceOptLevel) || DeviceOptLevel > 3)
      return createStringError(
          formatv("device-opt={0}: expected 0, 1, 2 or 3", Value).str());
  } else if (Key == "device-time-limit") {
    if (Value.getAsInteger(10, DeviceTimeLimit))
      return createStringError(
          formatv("device-time-limit={0}: expected a number of seconds (0: "
                  "no limit)",
                  Value)
              .str());
  } else {
    return createStringError(
        formatv("unknown argument '{0}' (expected targets=, dump=, "
                "save-temps=, import-metadata=, device-opt=, residency=, "
                "cache=, device-time-limit= or time-report)",
                Arg)
            .str());
  }
  return Error::success();
}

} // namespace offload::plugin
