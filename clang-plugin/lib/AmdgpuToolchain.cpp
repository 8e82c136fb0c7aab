//===- AmdgpuToolchain.cpp - AMD GPUs: code objects and ld.lld ------------===//

#include "TargetToolchain.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <optional>

using namespace llvm;

namespace offload::plugin {
namespace {

class AmdgpuToolchain : public TargetToolchain {
public:
  explicit AmdgpuToolchain(const Target &T) : TargetToolchain(T) {}

  Error findTools() override { return findLinker(Lld); }

  std::vector<std::string>
  compileArguments(StringRef HostTriple, StringRef ResourceDir) const override {
    std::vector<std::string> Args =
        gpuArguments("amdgcn-amd-amdhsa", T.Arch, HostTriple, ResourceDir);
    append_range(Args,
                 std::vector<std::string>{
                     "-Werror=atomic-alignment", "-mrelocation-model", "pic",
                     "-pic-level", "2", "-fhalf-no-semantic-interposition"});
    return Args;
  }
  StringRef imageSuffix() const override { return "hsaco"; }

  std::vector<std::string> linkCommand(StringRef Compiled,
                                       StringRef Image) const override {
    // A code object must be complete: the GPU has no dynamic loader.
    return {*Lld,           "-shared", "--build-id=none", "--no-undefined",
            Compiled.str(), "-o",      Image.str()};
  }

  std::vector<UnresolvedSymbol> unresolvedSymbols(StringRef Output,
                                                  StringRef) const override {
    std::vector<UnresolvedSymbol> Found;
    for (StringRef Line : split(Output, '\n'))
      if (size_t At = Line.find("undefined symbol: "); At != StringRef::npos)
        Found.push_back(
            {false,
             Line.drop_front(At + strlen("undefined symbol: ")).trim().str(),
             {}});
    return Found;
  }

  Error checkImage(StringRef, StringRef Image,
                   const Metadata &M) const override {
    // An AMD kernel is launched through its kernel descriptor, NAME.kd.
    return checkSharedObject(Image, M, /*WithDescriptors=*/true);
  }

private:
  std::optional<std::string> Lld;
};

} // namespace

std::unique_ptr<TargetToolchain> createAmdgpuToolchain(const Target &T) {
  return std::make_unique<AmdgpuToolchain>(T);
}

} // namespace offload::plugin
