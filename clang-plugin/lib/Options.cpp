//===- Options.cpp - The plugin's arguments -------------------------------===//

#include "Options.h"
#include "Toolchain.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace offload::plugin {

Expected<std::vector<Target>> parseTargets(StringRef List) {
  std::vector<Target> Targets;
  SmallVector<StringRef> Names;
  List.split(Names, ',', -1, /*KeepEmpty=*/false);
  for (StringRef Name : Names) {
    Name = Name.trim();
    Target T;
    unsigned SM = 0;
    if (Name == "host")
      T = {Target::Host, "host", ""};
    else if (Name.starts_with("sm_") && !Name.drop_front(3).getAsInteger(10, SM) &&
             SM >= 70)
      T = {Target::Nvptx, Name.str(), Name.str()};
    else
      return createStringError(
          formatv("unknown offload target '{0}' (expected sm_70 or newer, or "
                  "host)",
                  Name)
              .str());
    if (none_of(Targets, [&](const Target &O) { return O.Name == T.Name; }))
      Targets.push_back(std::move(T));
  }
  if (Targets.empty())
    return createStringError("no offload target given");
  std::vector<Target> Ordered;
  for (bool Gpu : {true, false})
    for (Target &T : Targets)
      if (T.isGpu() == Gpu)
        Ordered.push_back(std::move(T));
  return Ordered;
}

std::string defaultTargets() {
  return findPtxas() ? "sm_90,host" : "host";
}

Error Options::parse(StringRef Arg) {
  auto [Key, Value] = Arg.split('=');
  if (Key == "targets") {
    Expected<std::vector<Target>> T = parseTargets(Value);
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
  } else if (Key == "time-report" && Value.empty()) {
    TimeReport = true;
  } else if (Key == "device-opt") {
    if (Value.getAsInteger(10, DeviceOptLevel) || DeviceOptLevel > 3)
      return createStringError(
          formatv("device-opt={0}: expected 0, 1, 2 or 3", Value).str());
  } else {
    return createStringError(
        formatv("unknown argument '{0}' (expected targets=, dump=, "
                "save-temps=, import-metadata=, device-opt= or time-report)",
                Arg)
            .str());
  }
  return Error::success();
}

} // namespace offload::plugin
