//===- NvptxToolchain.cpp - NVIDIA GPUs: PTX and ptxas --------------------===//

#include "TargetToolchain.h"
#include "Toolchain.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <optional>

using namespace llvm;

namespace offload::plugin {
namespace {

/// The name a PTX function header or call names: the first identifier after
/// a parenthesised return parameter, if any.
StringRef functionName(StringRef Rest) {
  Rest = Rest.ltrim();
  if (Rest.starts_with("("))
    Rest = Rest.drop_until([](char C) { return C == ')'; }).drop_front();
  Rest = Rest.ltrim(" \t,");
  return Rest.take_while(
      [](char C) { return isAlnum(C) || C == '_' || C == '$' || C == '.'; });
}

/// The PTX's call graph: who calls whom, and which functions are entries.
struct PtxCallGraph {
  StringMap<StringSet<>> Calls;
  std::vector<std::string> Entries;

  explicit PtxCallGraph(StringRef Ptx) {
    StringRef Current;
    for (StringRef Line : split(Ptx, '\n')) {
      Line = Line.trim();
      StringRef Header = Line;
      Header.consume_front(".visible ") || Header.consume_front(".weak ");
      if (Header.consume_front(".entry ")) {
        Current = functionName(Header);
        Entries.push_back(Current.str());
      } else if (Header.consume_front(".func ")) {
        Current = functionName(Header);
      } else if (Line.starts_with("call") && !Current.empty()) {
        StringRef Callee =
            functionName(Line.drop_while([](char C) { return !isSpace(C); }));
        if (!Callee.empty())
          Calls[Current].insert(Callee);
      }
    }
  }

  /// The entries from which Symbol is reachable.
  std::vector<std::string> entriesReaching(StringRef Symbol) const {
    std::vector<std::string> Found;
    for (const std::string &Entry : Entries) {
      StringSet<> Seen;
      std::vector<StringRef> Work = {Entry};
      while (!Work.empty()) {
        StringRef F = Work.back();
        Work.pop_back();
        if (F == Symbol) {
          Found.push_back(Entry);
          break;
        }
        if (!Seen.insert(F).second)
          continue;
        if (auto It = Calls.find(F); It != Calls.end())
          for (const auto &Callee : It->second)
            Work.push_back(Callee.getKey());
      }
    }
    return Found;
  }
};

class NvptxToolchain : public TargetToolchain {
public:
  explicit NvptxToolchain(const Target &T) : TargetToolchain(T) {}

  Error findTools() override {
    Ptxas = findPtxas();
    if (!Ptxas)
      return createStringError(
          "ptxas was not found (install the CUDA toolkit or set "
          "OFFLOAD_CUDA_PATH), so no cubin can be built; build for the host "
          "device only with -fplugin-arg-offload-targets=host");
    return Error::success();
  }

  std::vector<std::string>
  compileArguments(StringRef HostTriple, StringRef ResourceDir) const override {
    std::vector<std::string> Args =
        gpuArguments("nvptx64-nvidia-cuda", T.Arch, HostTriple, ResourceDir);
    // PTX ISA 8.4 has the 128-bit compare-and-swap that value-with-location
    // reductions use (ptxas from CUDA 12.4 or newer). Loops whose trip count
    // is known only at run time unroll at most 4 times, as nvcc's do:
    // LLVM's 8 kept twice the loads in flight per thread (RAJAPerf's ATAX
    // 1.45x slower, reductions 8 more registers; docs/design.md).
    append_range(Args, std::vector<std::string>{
                           "-target-feature", "+ptx84", "-fcuda-is-device",
                           "-fcuda-allow-variadic-functions", "-mllvm",
                           "-enable-memcpyopt-without-libcalls", "-mllvm",
                           "-unroll-max-count=4"});
    return Args;
  }
  std::vector<std::string> fastMathArguments() const override {
    // sin.approx and friends (libdevice's __nv_fast_*), .ftz, sqrt.approx
    // (in LLVM's lowering; libdevice's __nv_sqrtf follows its calls'
    // approximate-function flag, DeviceLibraries.cpp) and div.approx.
    return {"-fgpu-approx-transcendentals",
            "-fdenormal-fp-math-f32=preserve-sign", "-mllvm",
            "-nvptx-prec-sqrtf32=0", "-mllvm", "-nvptx-prec-divf32=0"};
  }
  StringRef compileAction() const override { return "-S"; }
  StringRef compiledSuffix() const override { return "ptx"; }
  StringRef imageSuffix() const override { return "cubin"; }

  std::vector<std::string> linkCommand(StringRef Compiled,
                                       StringRef Image) const override {
    // Plain ptxas (not -c) gives the ET_EXEC cubin liboffload loads.
    return {*Ptxas, "-arch=" + T.Arch, "-O3", Compiled.str(),
            "-o",   Image.str()};
  }

  std::vector<UnresolvedSymbol>
  unresolvedSymbols(StringRef Output, StringRef Compiled) const override {
    // ptxas fails on an unresolved function, and only warns about an
    // unresolved variable, which it then defines as zeros: both are errors.
    std::optional<PtxCallGraph> Graph;
    std::vector<UnresolvedSymbol> Found;
    for (StringRef Line : split(Output, '\n')) {
      size_t At = Line.find("Unresolved extern ");
      if (At == StringRef::npos)
        continue;
      StringRef Symbol =
          Line.drop_front(At).drop_until([](char C) { return C == '\''; });
      Symbol = Symbol.drop_front().take_until([](char C) { return C == '\''; });
      if (!Graph)
        Graph.emplace(Compiled);
      Found.push_back({Line.contains("variable"), Symbol.str(),
                       Graph->entriesReaching(Symbol)});
    }
    return Found;
  }

  Error checkImage(StringRef Compiled, StringRef Image,
                   const Metadata &M) const override {
    // The entries are in the PTX ptxas assembled.
    StringSet<> Entries;
    for (const std::string &E : PtxCallGraph(Compiled).Entries)
      Entries.insert(E);
    return checkEntries(M, [&](StringRef E) { return Entries.contains(E); });
  }

private:
  std::optional<std::string> Ptxas;
};

} // namespace

std::unique_ptr<TargetToolchain> createNvptxToolchain(const Target &T) {
  return std::make_unique<NvptxToolchain>(T);
}

} // namespace offload::plugin
