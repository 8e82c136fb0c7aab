//===- HostToolchain.cpp - The host device: x86-64 shared objects ---------===//

#include "TargetToolchain.h"

#include <optional>

using namespace llvm;

namespace offload::plugin {
namespace {

class HostToolchain : public TargetToolchain {
public:
  explicit HostToolchain(const Target &T) : TargetToolchain(T) {}

  Error findTools() override { return findLinker(Lld); }

  std::vector<std::string> compileArguments(StringRef HostTriple,
                                            StringRef) const override {
    // The host's own CPU and features stay: the image runs in this process.
    // A kernel has one call site in a host image, its chunk's loop, where a
    // call per thread costs its parameters' registers: inline up to four
    // times LLVM's usual -O3 threshold (Apps_VOL3D's kernel stayed out of
    // line, 6.3 times a plain loop's time; inlined, the same).
    return {"-triple",
            HostTriple.str(),
            "-aux-triple",
            HostTriple.str(),
            "-mrelocation-model",
            "pic",
            "-pic-level",
            "2",
            "-mllvm",
            "-inline-threshold=1000"};
  }
  StringRef imageSuffix() const override { return "so"; }

  std::vector<std::string> linkCommand(StringRef Compiled,
                                       StringRef Image) const override {
    // What the C, C++ and math libraries define stays undefined, for the
    // loader to take from the process; the device compile's module check has
    // made sure that nothing else does.
    return {*Lld,           "-shared", "--build-id=none",
            Compiled.str(), "-o",      Image.str()};
  }

  Error checkImage(StringRef, StringRef Image,
                   const Metadata &M) const override {
    // The host plugin finds entries with dlsym.
    return checkSharedObject(Image, M, /*WithDescriptors=*/false);
  }

private:
  std::optional<std::string> Lld;
};

} // namespace

std::unique_ptr<TargetToolchain> createHostToolchain(const Target &T) {
  return std::make_unique<HostToolchain>(T);
}

} // namespace offload::plugin
