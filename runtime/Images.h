//===- runtime/Images.h - Which image runs on which device ---------------===//
#pragma once

#include "Backend.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace offload::rt {

/// Whether an image built for Target ("sm_80", "gfx942", "host") runs on a
/// device of architecture Arch (an unknown Arch: the device decides).
bool imageRuns(llvm::StringRef Target, llvm::StringRef Arch);
/// The first of Targets that runs on Arch, or empty.
std::string imageFor(llvm::ArrayRef<std::string> Targets, llvm::StringRef Arch);
/// The gfx name of a KFD gfx_target_version (90010 -> gfx90a).
std::string gfxName(unsigned TargetVersion);

/// A GPU as its vendor's driver lists it, whether or not a device shows
/// for it.
struct InstalledGpu {
  DeviceKind Kind;
  std::string Name, Arch;
};
std::vector<InstalledGpu> installedGpus();
/// AMD GPUs, from the kernel driver's topology, in the HSA order.
std::vector<InstalledGpu> amdGpus();
/// Why this machine's GPUs cannot run a program built for Targets, or empty
/// when each has an image.
std::string gpusWithoutImage(llvm::ArrayRef<std::string> Targets);

} // namespace offload::rt
