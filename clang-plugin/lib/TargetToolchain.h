//===- TargetToolchain.h - What each kind of device image needs -----------===//
//
// Everything that differs between the kinds of images lives in one subclass
// per kind, each in its own file:
//   NvptxToolchain.cpp   sm_XX:  -cc1 (nvptx64) -> PTX -> ptxas -> cubin
//   AmdgpuToolchain.cpp  gfxNNN: -cc1 (amdgcn) -> object -> ld.lld -> .hsaco
//   HostToolchain.cpp    host:   -cc1 (x86-64) -> object -> ld.lld -> .so
// The device pass (DevicePass.cpp) drives them alike: adding a target kind or
// a link step touches one of these files.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "DeviceModuleCheck.h"
#include "Metadata.h"
#include "Options.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace offload::plugin {

class TargetToolchain {
public:
  static std::unique_ptr<TargetToolchain> create(const Target &T);
  virtual ~TargetToolchain() = default;

  const Target &target() const { return T; }

  /// Finds the tools this target's images need; an error says which one is
  /// missing and how to get it.
  virtual llvm::Error findTools() = 0;

  /// The -cc1 arguments that select this target in an OpenMP device-mode
  /// compile. HostTriple and ResourceDir are the host compile's.
  virtual std::vector<std::string>
  compileArguments(llvm::StringRef HostTriple,
                   llvm::StringRef ResourceDir) const = 0;
  /// What -ffast-math on the host compile adds to this target's: the GPU's
  /// fast forms of transcendentals, square root and division, and flushed
  /// denormals, as nvcc's -use_fast_math (the host's own -ffast-math
  /// already reaches every device compile).
  virtual std::vector<std::string> fastMathArguments() const { return {}; }
  /// The -cc1 action: "-S" (assembly) or "-emit-obj".
  virtual llvm::StringRef compileAction() const { return "-emit-obj"; }
  /// File suffixes of the compile's output and of the image.
  virtual llvm::StringRef compiledSuffix() const { return "o"; }
  virtual llvm::StringRef imageSuffix() const = 0;

  /// The command that turns the compile's output into the image.
  virtual std::vector<std::string> linkCommand(llvm::StringRef Compiled,
                                               llvm::StringRef Image) const = 0;
  /// The symbols the link tool's Output says are undefined, with the entries
  /// of Compiled that reach them where the toolchain can tell.
  virtual std::vector<UnresolvedSymbol>
  unresolvedSymbols(llvm::StringRef Output, llvm::StringRef Compiled) const {
    return {};
  }

  /// Checks that the image defines an entry for every kernel of M (an image
  /// without one would fail at run time).
  virtual llvm::Error checkImage(llvm::StringRef Compiled,
                                 llvm::StringRef Image,
                                 const Metadata &M) const = 0;

protected:
  explicit TargetToolchain(Target T) : T(std::move(T)) {}

  /// The arguments every GPU compile takes: the aux triple for the host's
  /// headers, and clang's OpenMP wrappers that make <cmath> device-safe.
  static std::vector<std::string> gpuArguments(llvm::StringRef Triple,
                                               llvm::StringRef Cpu,
                                               llvm::StringRef HostTriple,
                                               llvm::StringRef ResourceDir);
  /// Finds ld.lld into Lld, which shared objects and AMD code objects need.
  static llvm::Error findLinker(std::optional<std::string> &Lld);
  /// Checks the entries of an ELF shared object, which its dynamic symbols
  /// must define (with their NAME.kd descriptors when WithDescriptors).
  static llvm::Error checkSharedObject(llvm::StringRef Image, const Metadata &M,
                                       bool WithDescriptors);
  /// An error naming a kernel of M without its entry, if any; Has tells
  /// whether the image defines a symbol.
  static llvm::Error
  checkEntries(const Metadata &M,
               llvm::function_ref<bool(llvm::StringRef)> Has);

  Target T;
};

std::unique_ptr<TargetToolchain> createNvptxToolchain(const Target &T);
std::unique_ptr<TargetToolchain> createAmdgpuToolchain(const Target &T);
std::unique_ptr<TargetToolchain> createHostToolchain(const Target &T);

} // namespace offload::plugin
