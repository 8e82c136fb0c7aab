//===- Toolchain.cpp - The programs the device pass runs ------------------===//

#include "Toolchain.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
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

std::optional<std::string> findRocmDeviceLibs() {
  auto HasOcml = [](StringRef Dir) {
    SmallString<256> Path(Dir);
    sys::path::append(Path, "ocml.bc");
    return sys::fs::exists(Path);
  };
  auto Bitcode = [](StringRef Root) {
    SmallString<256> Path(Root);
    sys::path::append(Path, "amdgcn", "bitcode");
    return std::string(Path);
  };
  if (const char *Rocm = std::getenv("OFFLOAD_ROCM_PATH")) {
    for (const std::string &Dir : {Bitcode(Rocm), std::string(Rocm)})
      if (HasOcml(Dir))
        return Dir;
    return std::nullopt;
  }
  if (std::string Dir = Bitcode("/opt/rocm"); HasOcml(Dir))
    return Dir;
  // Debian installs them per architecture: /usr/lib/x86_64-linux-gnu/amdgcn.
  std::error_code EC;
  for (sys::fs::directory_iterator It("/usr/lib", EC), End; It != End && !EC;
       It.increment(EC))
    if (StringRef(sys::path::filename(It->path())).contains("-linux-"))
      if (std::string Dir = Bitcode(It->path()); HasOcml(Dir))
        return Dir;
  return std::nullopt;
}

std::optional<std::string> findLld() {
  if (auto P = executableIn(sys::path::parent_path(clangExecutable()), "ld.lld"))
    return P;
  if (auto P = onPath("ld.lld-22"))
    return P;
  return onPath("ld.lld");
}

std::vector<std::string> nativeGpuArchs() {
  std::vector<std::string> Archs;
  const std::string Bin = sys::path::parent_path(clangExecutable()).str();
  for (StringRef Tool : {"nvptx-arch", "amdgpu-arch"}) {
    std::optional<std::string> Path = executableIn(Bin, Tool);
    if (!Path)
      continue;
    SmallString<128> Out;
    if (sys::fs::createTemporaryFile("offload-arch", "txt", Out))
      continue;
    std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Out),
                                            StringRef("")};
    // Without a GPU the tools print nothing (and may fail): no archs.
    sys::ExecuteAndWait(*Path, {*Path}, std::nullopt, Redirects,
                        /*SecondsToWait=*/10);
    if (ErrorOr<std::unique_ptr<MemoryBuffer>> Text =
            MemoryBuffer::getFile(Out))
      for (StringRef Line : split((*Text)->getBuffer(), '\n'))
        if (!(Line = Line.trim()).empty() && !is_contained(Archs, Line))
          Archs.push_back(Line.str());
    sys::fs::remove(Out);
  }
  return Archs;
}

} // namespace offload::plugin
