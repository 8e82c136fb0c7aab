//===- Metadata.cpp - Kernel instantiations crossing between the passes ---===//

#include "Metadata.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;

namespace offload::plugin {

static constexpr StringLiteral FormatName = "cxx-offload-kernels";

static json::Value toJSON(const KernelParam &P) {
  json::Object O{{"name", P.Name},
                 {"type", P.Type},
                 {"kind", P.Kind},
                 {"map", P.Map},
                 {"slots", P.Slots}};
  if (!P.Members.empty()) {
    json::Array Members;
    for (const KernelParam &M : P.Members)
      Members.push_back(toJSON(M));
    O["members"] = std::move(Members);
  }
  return O;
}

static json::Value toJSON(const KernelInstance &K) {
  json::Array Params, Calls;
  for (const KernelParam &P : K.Params)
    Params.push_back(toJSON(P));
  for (const std::string &C : K.Calls)
    Calls.push_back(C);
  json::Object O{{"entry", K.Entry},         {"name", K.Name},
                 {"mangled", K.Mangled},     {"callee", K.Callee},
                 {"closure", K.Closure},     {"signature", K.Signature},
                 {"slots", K.NumSlots},      {"params", std::move(Params)},
                 {"calls", std::move(Calls)}};
  if (!K.Body.empty())
    O["body"] = K.Body;
  if (K.Block[0])
    O["block"] = json::Array{K.Block[0], K.Block[1], K.Block[2]};
  return O;
}

std::string serialize(const Metadata &M) {
  json::Array Kernels;
  for (const KernelInstance &K : M.Kernels)
    Kernels.push_back(toJSON(K));
  json::Value Root = json::Object{{"format", FormatName},
                                  {"version", M.Version},
                                  {"abi", M.Abi},
                                  {"source", M.Source},
                                  {"kernels", std::move(Kernels)},
                                  {"globals", M.Globals}};
  // json::Object keeps its keys sorted, so the text is deterministic.
  return formatv("{0:2}\n", Root).str();
}

static bool fromJSON(const json::Value &V, KernelParam &P, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("name", P.Name) && O.map("type", P.Type) &&
         O.map("kind", P.Kind) && O.map("map", P.Map) &&
         O.map("slots", P.Slots) && O.mapOptional("members", P.Members);
}

static bool fromJSON(const json::Value &V, KernelInstance &K,
                     json::Path Path) {
  json::ObjectMapper O(V, Path);
  std::vector<unsigned> Block;
  if (!O || !O.mapOptional("block", Block))
    return false;
  if (!Block.empty() && Block.size() != 3) {
    Path.field("block").report("expected three extents");
    return false;
  }
  llvm::copy(Block, K.Block.begin());
  return O.map("entry", K.Entry) && O.map("name", K.Name) &&
         O.map("mangled", K.Mangled) && O.map("callee", K.Callee) &&
         O.map("closure", K.Closure) && O.mapOptional("body", K.Body) &&
         O.map("signature", K.Signature) && O.map("slots", K.NumSlots) &&
         O.map("params", K.Params) && O.map("calls", K.Calls);
}

Expected<Metadata> deserialize(StringRef Text) {
  Expected<json::Value> Root = json::parse(Text);
  if (!Root)
    return Root.takeError();
  const json::Object *Obj = Root->getAsObject();
  std::optional<StringRef> Format = Obj ? Obj->getString("format") : std::nullopt;
  if (!Format || *Format != FormatName)
    return createStringError("not cxx-offload kernel metadata");
  Metadata M;
  std::optional<int64_t> Version = Obj->getInteger("version");
  if (!Version || *Version != MetadataVersion)
    return createStringError(
        formatv("kernel metadata version {0} is not supported by this plugin, "
                "which reads version {1}: rebuild with one cxx-offload "
                "installation",
                Version ? std::to_string(*Version) : "(none)", MetadataVersion)
            .str());
  json::Path::Root PathRoot("metadata");
  json::ObjectMapper O(*Root, PathRoot);
  if (!O.map("version", M.Version) || !O.map("abi", M.Abi) ||
      !O.map("source", M.Source) || !O.map("kernels", M.Kernels) ||
      !O.map("globals", M.Globals))
    return PathRoot.getError();
  return M;
}

void printKernels(const Metadata &M, raw_ostream &OS) {
  OS << "cxx-offload kernels of " << M.Source << " (metadata v" << M.Version
     << ", ABI v" << M.Abi << "): " << M.Kernels.size() << "\n";
  for (const KernelInstance &K : M.Kernels) {
    OS << "kernel " << K.Name << " -> " << K.Entry << "\n"
       << "  type: " << K.Signature << "\n"
       << "  slots: " << K.NumSlots << "\n";
    auto Print = [&](const KernelParam &P, StringRef What) {
      OS << "  " << What << " " << P.Name << ": " << P.Type << " [" << P.Kind
         << ", " << P.Map << ", " << P.Slots
         << (P.Slots == 1 ? " slot" : " slots") << "]\n";
    };
    for (const KernelParam &P : K.Params) {
      Print(P, "param");
      for (const KernelParam &M : P.Members)
        Print(M, "  member");
    }
    for (const std::string &C : K.Calls)
      OS << "  called at " << C << "\n";
    if (K.Block[0])
      OS << "  block: " << K.Block[0] << " x " << K.Block[1] << " x "
         << K.Block[2] << " in every call\n";
  }
  for (const std::string &G : M.Globals)
    OS << "constant data " << G << "\n";
}

} // namespace offload::plugin
