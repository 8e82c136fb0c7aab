//===- runtime/Images.cpp - Which image runs on which device -------------===//
//
// A program may carry images for several targets (sm_90, gfx942, host); a
// device runs the first that fits its architecture. The runtime also lists
// the GPUs their drivers know, so that it can say which architecture lacks
// an image instead of only "no device".
//
//===----------------------------------------------------------------------===//

#include "Images.h"
#include "Cuda.h"
#include "Registry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <dirent.h>

using namespace llvm;

namespace offload::rt {

bool imageRuns(StringRef Target, StringRef Arch) {
  if (Arch.empty()) // unknown: loading the image decides
    return true;
  unsigned Image = 0, Device = 0;
  if (Target.consume_front("sm_") && Arch.consume_front("sm_"))
    // A cubin runs on GPUs of its major version and a minor one as high.
    return !Target.getAsInteger(10, Image) && !Arch.getAsInteger(10, Device) &&
           Image / 10 == Device / 10 && Image % 10 <= Device % 10;
  return Target == Arch;
}

std::string gfxName(unsigned TargetVersion) {
  // KFD's gfx_target_version is major * 10000 + minor * 100 + stepping;
  // the name spells minor and stepping as one hex digit each.
  unsigned Major = TargetVersion / 10000, Minor = TargetVersion / 100 % 100,
           Stepping = TargetVersion % 100;
  if (Major == 0 || Minor > 15 || Stepping > 15)
    return {};
  return formatv("gfx{0}{1:x-}{2:x-}", Major, Minor, Stepping).str();
}

/// AMD GPUs, from the kernel driver's topology (no ROCm library needed).
std::vector<InstalledGpu> amdGpus() {
  std::vector<InstalledGpu> Gpus;
  const std::string Nodes = "/sys/class/kfd/kfd/topology/nodes";
  DIR *Dir = opendir(Nodes.c_str());
  if (!Dir)
    return Gpus;
  std::vector<std::string> Names;
  while (dirent *E = readdir(Dir))
    if (E->d_name[0] != '.')
      Names.push_back(E->d_name);
  closedir(Dir);
  llvm::sort(Names, [](const std::string &A, const std::string &B) {
    return std::stoul(A) < std::stoul(B);
  });
  for (const std::string &Node : Names) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Props = MemoryBuffer::getFile(
        Nodes + "/" + Node + "/properties", /*IsText=*/true,
        /*RequiresNullTerminator=*/false);
    if (!Props)
      continue;
    for (StringRef Line : split((*Props)->getBuffer(), '\n')) {
      unsigned Version = 0;
      if (Line.consume_front("gfx_target_version ") &&
          !Line.trim().getAsInteger(10, Version) && Version != 0) // 0: a CPU
        Gpus.push_back({DeviceKind::Amdgpu, "AMD GPU", gfxName(Version)});
    }
  }
  return Gpus;
}

std::vector<InstalledGpu> installedGpus() {
  std::vector<InstalledGpu> Gpus = cudaGpus();
  append_range(Gpus, amdGpus());
  return Gpus;
}

std::string imageFor(ArrayRef<std::string> Targets, StringRef Arch) {
  for (const std::string &T : Targets)
    if (imageRuns(T, Arch))
      return T;
  return {};
}

std::string gpusWithoutImage(ArrayRef<std::string> Targets) {
  std::vector<std::string> Missing, Archs;
  for (const InstalledGpu &G : installedGpus())
    if (imageFor(Targets, G.Arch).empty()) {
      Missing.push_back(formatv("{0} ({1})", G.Name, G.Arch));
      if (!is_contained(Archs, G.Arch))
        Archs.push_back(G.Arch);
    }
  if (Missing.empty())
    return {};
  return formatv("this machine's {0} {1} no image in this program, which was "
                 "built for [{2}]; rebuild with "
                 "-fplugin-arg-offload-targets={3} (or native)",
                 join(Missing, ", "), Missing.size() == 1 ? "has" : "have",
                 join(Targets, ","), join(Archs, ","))
      .str();
}

} // namespace offload::rt
