//===- DeviceSource.cpp - The generated device translation unit -----------===//

#include "DeviceSource.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <offload/detail/abi.hpp>

#include <set>
#include <vector>

using namespace llvm;

namespace offload::plugin {

std::string deviceSourceHead(StringRef Source) {
  return (Twine("// cxx-offload device translation unit, from kernel "
                "metadata v") +
          Twine(MetadataVersion) + ".\n#include \"" + Source + "\"\n")
      .str();
}

/// Text between #pragma push_macro and pop_macro of every identifier it
/// uses, each #undef'ed: a macro the source defines after its last use
/// (`#define double float` at its end) must not respell the kernels the
/// host pass instantiated, nor the attributes and pragmas of the entries.
static std::string withoutMacros(StringRef Body) {
  // The identifiers of every target's OFFLOAD_ENTRY_ATTRIBUTES expansion.
  std::set<std::string> Names = {"clang", "device_kernel", "__attribute__",
                                 "visibility", "default"};
  bool InString = false;
  for (size_t I = 0; I < Body.size(); ++I) {
    const char C = Body[I];
    if (C == '"')
      InString = !InString;
    if (InString || !(isAlpha(C) || C == '_'))
      continue;
    size_t E = I;
    while (E < Body.size() && (isAlnum(Body[E]) || Body[E] == '_'))
      ++E;
    const StringRef Name = Body.slice(I, E);
    // The header's own macros, which the entries use on purpose, and the
    // one identifier #undef rejects.
    if (!Name.starts_with("OFFLOAD_") && Name != "defined")
      Names.insert(Name.str());
    I = E - 1;
  }
  std::string Text;
  for (const std::string &N : Names)
    Text += "#pragma push_macro(\"" + N + "\")\n#undef " + N + "\n";
  Text += Body;
  for (const std::string &N : Names)
    Text += "#pragma pop_macro(\"" + N + "\")\n";
  return Text;
}

std::string deviceEntries(const Metadata &M) {
  std::string Text;
  raw_string_ostream OS(Text);
  SmallVector<std::string> Entries;
  for (const KernelInstance &K : M.Kernels) {
    // A closure's entry comes from offload()'s own instantiation of
    // offload::detail::closureEntry, which the device-side pass renames.
    if (!K.Closure.empty()) {
      OS << "// kernel " << K.Name << ": entry " << K.Entry
         << " from its offload() call\n";
      continue;
    }
    // Data pointers are restrict: what a kernel writes reaches no other
    // parameter (the plugin's aliasing check, and the runtime's for
    // preloaded ranges; docs/design.md). Atomic data, which threads share
    // by design, stays an integer.
    std::vector<bool> Restrict(K.NumSlots, false);
    unsigned Slot = offload::detail::LaunchSlots;
    for (const KernelParam &P : K.Params)
      for (const KernelParam &Leaf : P.leaves()) {
        if ((Leaf.Map == "to" || Leaf.Map == "tofrom" || Leaf.Map == "from") &&
            Leaf.Kind != "atomic" && Slot < K.NumSlots)
          Restrict[Slot] = true;
        Slot += Leaf.Slots;
      }
    // Pointers and 8-byte integers pass alike in every target's kernel ABI.
    SmallVector<std::string> Params = {"void *"}, Slots;
    for (unsigned I = 0; I < K.NumSlots; ++I) {
      const std::string S = "s" + std::to_string(I);
      Params.push_back(Restrict[I] ? "void *__restrict " + S
                                   : "std::uint64_t " + S);
      Slots.push_back(Restrict[I] ? "reinterpret_cast<std::uint64_t>(" + S + ")"
                                  : S);
    }
    OS << "// kernel " << K.Name << "\n"
       << "extern \"C\" OFFLOAD_ENTRY_ATTRIBUTES void " << K.Entry << "("
       << join(Params, ", ") << ") {\n"
       << "  const std::uint64_t Slots[] = {" << join(Slots, ", ") << "};\n"
       << "  ::offload::detail::deviceEntry<" << K.Callee;
    if (K.Block[0])
      OS << ", " << K.Block[0] << "u, " << K.Block[1] << "u, " << K.Block[2]
         << "u";
    OS << ">(Slots);\n"
       << "}\n";
    Entries.push_back("(void *)&" + K.Entry);
  }
  // OpenMP device mode emits only what declare-target code reaches, and this
  // table reaches the entries. (Declaring the entries themselves target would
  // give them hidden visibility, and the host device finds them by dlsym.)
  // liboffload's plugins look up a 48-byte device environment in every
  // image they load and write it there; the kernels do not read it, but a
  // lookup that fails is an error for the CUDA driver (and
  // compute-sanitizer).
  OS << "#pragma omp begin declare target\n";
  if (!Entries.empty())
    OS << "[[gnu::used]] static void *const __offload_entries[] = {"
       << join(Entries, ", ") << "};\n";
  OS << "extern \"C\" {\n[[gnu::used, gnu::retain, gnu::weak, "
        "gnu::visibility(\"protected\")]] unsigned long long "
        "__omp_rtl_device_environment[6];\n}\n"
     << "#pragma omp end declare target\n";
  return withoutMacros(Text);
}

std::string deviceSource(const Metadata &M) {
  return deviceSourceHead(M.Source) + deviceEntries(M);
}

} // namespace offload::plugin
