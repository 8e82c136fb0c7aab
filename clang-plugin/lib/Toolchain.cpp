//===- Toolchain.cpp - The programs the device pass runs ------------------===//

#include "Toolchain.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>
#include <dlfcn.h>

using namespace llvm;

namespace offload::plugin {

static int Anchor;

std::string clangExecutable() {
  return sys::fs::getMainExecutable(nullptr, &Anchor);
}

std::string pluginLibrary() {
  Dl_info Info;
  if (dladdr(&Anchor, &Info) && Info.dli_fname)
    return Info.dli_fname;
  return {};
}

static std::optional<std::string> executableIn(StringRef Dir, StringRef Name) {
  SmallString<256> Path(Dir);
  sys::path::append(Path, Name);
  if (sys::fs::can_execute(Path))
    return std::string(Path);
  return std::nullopt;
}

static std::optional<std::string> onPath(StringRef Name) {
  if (ErrorOr<std::string> P = sys::findProgramByName(Name))
    return *P;
  return std::nullopt;
}

std::optional<std::string> findPtxas() {
  if (const char *Cuda = std::getenv("OFFLOAD_CUDA_PATH"))
    return executableIn(std::string(Cuda) + "/bin", "ptxas");
  if (auto P = executableIn("/usr/local/cuda/bin", "ptxas"))
    return P;
  return onPath("ptxas");
}

std::optional<std::string> findLibdevice() {
  std::optional<std::string> Ptxas = findPtxas();
  if (!Ptxas)
    return std::nullopt;
  SmallString<256> Path(sys::path::parent_path(
      sys::path::parent_path(*Ptxas))); // <cuda>/bin/ptxas -> <cuda>
  sys::path::append(Path, "nvvm", "libdevice", "libdevice.10.bc");
  if (sys::fs::exists(Path))
    return std::string(Path);
  return std::nullopt;
}

std::optional<std::string> findLld() {
  if (auto P = executableIn(sys::path::parent_path(clangExecutable()), "ld.lld"))
    return P;
  if (auto P = onPath("ld.lld-22"))
    return P;
  return onPath("ld.lld");
}

} // namespace offload::plugin
