//===- HostToolchain.cpp - The host device: x86-64 shared objects ---------===//

#include "TargetToolchain.h"
#include "Toolchain.h"

#include "llvm/ADT/StringSet.h"

#include <optional>

using namespace llvm;

namespace offload::plugin {
namespace {

class HostToolchain : public TargetToolchain {
public:
  explicit HostToolchain(const Target &T) : TargetToolchain(T) {}

  Error findTools() override {
    Lld = findLld();
    if (!Lld)
      return createStringError("ld.lld was not found (install lld-22)");
    return Error::success();
  }

  std::vector<std::string> compileArguments(StringRef HostTriple,
                                            StringRef) const override {
    // The host's own CPU and features stay: the image runs in this process.
    return {"-triple",
            HostTriple.str(),
            "-aux-triple",
            HostTriple.str(),
            "-mrelocation-model",
            "pic",
            "-pic-level",
            "2"};
  }
  StringRef imageSuffix() const override { return "so"; }

  std::vector<std::string> linkCommand(StringRef Compiled,
                                       StringRef Image) const override {
    // Functions stay undefined for the loader to take from the C and math
    // libraries this process has; the device pass's module check has made
    // sure that no variable is.
    return {*Lld,           "-shared", "--build-id=none",
            Compiled.str(), "-o",      Image.str()};
  }

  Error checkImage(StringRef, StringRef Image,
                   const Metadata &M) const override {
    // The host plugin finds entries with dlsym.
    Expected<std::vector<std::string>> Symbols = dynamicSymbols(Image);
    if (!Symbols)
      return Symbols.takeError();
    StringSet<> Defined;
    for (const std::string &S : *Symbols)
      Defined.insert(S);
    return checkEntries(M, [&](StringRef E) { return Defined.contains(E); });
  }

private:
  std::optional<std::string> Lld;
};

} // namespace

std::unique_ptr<TargetToolchain> createHostToolchain(const Target &T) {
  return std::make_unique<HostToolchain>(T);
}

} // namespace offload::plugin
