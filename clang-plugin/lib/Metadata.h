//===- Metadata.h - Kernel instantiations crossing between the passes -----===//
//
// The host pass records every kernel instantiation its offload() calls need;
// the device pass compiles exactly those. The record is serialized as
// versioned JSON (docs/design.md describes the format), so the device pass
// reads what the host pass wrote and nothing else.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <string>
#include <vector>

namespace offload::plugin {

/// Bumped whenever the format changes incompatibly.
inline constexpr unsigned MetadataVersion = 5;

struct KernelParam {
  std::string Name; // a member's path: "d.in.a"
  std::string Type;
  std::string Kind; // value, read-only, region, ..., struct
  std::string Map;  // literal, to, tofrom
  unsigned Slots = 0;
  /// Of a struct of views: its leaves, the members that are not structs
  /// of views themselves, at any depth, in slot order.
  std::vector<KernelParam> Members;

  /// The parameter itself, or its members for a struct of views: what
  /// the slots hold, in order.
  llvm::ArrayRef<KernelParam> leaves() const {
    return Members.empty() ? llvm::ArrayRef<KernelParam>(*this)
                           : llvm::ArrayRef<KernelParam>(Members);
  }
};

struct KernelInstance {
  std::string Entry;     // the entry symbol in every device image
  std::string Name;      // for people: "axpy<float>"
  std::string Mangled;   // the host function, the kernel's key at run time
  std::string Callee;    // C++ naming the kernel from the device source
  std::string Closure;   // for a lambda or function object: its ClosureId
                         // (hex), by which both passes find its entry
  std::string Body;      // a closure's closureBodyHash, checked by the
                         // device compile (KernelAnalysis.h)
  std::string Signature; // its function type
  unsigned NumSlots = 0; // argument slots of the entry, slot 0 included
  std::vector<KernelParam> Params;
  std::vector<std::string> Calls; // "file:line:col" of each offload() call
  /// The block (x, y, z) that every call launches it with, compiled into
  /// its entry; zeros: the calls' blocks are known only at run time.
  std::array<unsigned, 3> Block = {0, 0, 0};
};

struct Metadata {
  unsigned Version = MetadataVersion;
  unsigned Abi = 0;   // offload::detail::AbiVersion of the header used
  std::string Source; // the translation unit's main file
  std::vector<KernelInstance> Kernels;
  /// Constant data with static storage that the kernels read, by mangled
  /// name: the device compiles give each image a copy.
  std::vector<std::string> Globals;
};

/// Deterministic JSON: the same kernels give byte-identical text.
std::string serialize(const Metadata &M);
/// Parses and checks the format and version.
llvm::Expected<Metadata> deserialize(llvm::StringRef Text);
/// The human-readable listing of dump=kernels.
void printKernels(const Metadata &M, llvm::raw_ostream &OS);

} // namespace offload::plugin
