//===- DeviceModuleCheck.cpp - What a device image must not leave undefined
//===//

#include "DeviceModuleCheck.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <dlfcn.h>

using namespace llvm;

namespace offload::plugin {
namespace {

constexpr StringLiteral EntryPrefix = "__offload_k_";

/// Symbols an image may use without defining them. NVIDIA's are system
/// calls that ptxas resolves itself. The host device's loader resolves them
/// against the program's C, C++ and math libraries (functions, and the
/// header's own use of stderr), which this compiler's own process has loaded
/// too: a symbol it cannot find would make the whole image fail to load.
bool mayStayUndefined(const Triple &T, StringRef Name, bool IsVariable) {
  // A launch's dynamic shared memory (launch-time tiles, detail/params.hpp).
  if (T.isGPU() && IsVariable && Name == "__offload_team_memory")
    return true;
  if (T.isNVPTX())
    return !IsVariable && (Name == "vprintf" || Name == "malloc" ||
                           Name == "free" || Name == "__assertfail");
  if (T.isGPU())
    return false;
  return ::dlsym(RTLD_DEFAULT, Name.str().c_str()) != nullptr;
}

/// The functions whose code uses V, through constant expressions too.
void usersOf(const Value *V, SmallSetVector<const Function *, 8> &Out,
             SmallPtrSetImpl<const Value *> &Seen) {
  if (!Seen.insert(V).second)
    return;
  for (const User *U : V->users()) {
    if (const auto *I = dyn_cast<Instruction>(U))
      Out.insert(I->getFunction());
    else if (isa<Constant>(U))
      usersOf(U, Out, Seen);
  }
}

/// The kernel entries from which V is reachable.
std::vector<std::string> entriesReaching(const Value *V) {
  SmallSetVector<const Function *, 8> Work;
  SmallPtrSet<const Value *, 16> Seen;
  usersOf(V, Work, Seen);
  std::vector<std::string> Entries;
  for (size_t I = 0; I < Work.size(); ++I) {
    const Function *F = Work[I];
    if (F->getName().starts_with(EntryPrefix))
      Entries.push_back(F->getName().str());
    usersOf(F, Work, Seen);
  }
  llvm::sort(Entries);
  return Entries;
}

} // namespace

static std::string &unresolvedSymbolsFile() {
  static std::string Path;
  return Path;
}

void setUnresolvedSymbolsFile(std::string Path) {
  unresolvedSymbolsFile() = std::move(Path);
}

std::vector<UnresolvedSymbol> readUnresolvedSymbols(StringRef Path) {
  std::vector<UnresolvedSymbol> Symbols;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Path);
  if (!Text)
    return Symbols;
  Expected<json::Value> Parsed = json::parse((*Text)->getBuffer());
  if (!Parsed) {
    consumeError(Parsed.takeError());
    return Symbols;
  }
  if (const json::Array *List = Parsed->getAsArray())
    for (const json::Value &Item : *List) {
      const json::Object *O = Item.getAsObject();
      if (!O)
        continue;
      UnresolvedSymbol U;
      U.IsVariable = O->getBoolean("variable").value_or(false);
      U.Symbol = O->getString("symbol").value_or("").str();
      if (const json::Array *Entries = O->getArray("entries"))
        for (const json::Value &E : *Entries)
          if (std::optional<StringRef> Name = E.getAsString())
            U.Entries.push_back(Name->str());
      Symbols.push_back(std::move(U));
    }
  return Symbols;
}

PreservedAnalyses DeviceModuleCheckPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  const Triple T(M.getTargetTriple());
  json::Array Listed;
  auto Report = [&](const GlobalValue &GV, bool IsVariable) {
    std::vector<std::string> Entries = entriesReaching(&GV);
    if (Entries.empty())
      return;
    if (unresolvedSymbolsFile().empty()) {
      M.getContext().emitError(formatv("the kernels {0} use the {1} '{2}', "
                                       "which nothing defines",
                                       join(Entries, ", "),
                                       IsVariable ? "variable" : "function",
                                       GV.getName())
                                   .str());
      return;
    }
    Listed.push_back(json::Object{{"variable", IsVariable},
                                  {"symbol", GV.getName()},
                                  {"entries", json::Array(Entries)}});
  };
  for (const GlobalVariable &GV : M.globals())
    if (GV.isDeclaration() && !GV.use_empty() &&
        !mayStayUndefined(T, GV.getName(), /*IsVariable=*/true))
      Report(GV, /*IsVariable=*/true);
  for (const Function &F : M)
    if (F.isDeclaration() && !F.isIntrinsic() && !F.use_empty() &&
        !mayStayUndefined(T, F.getName(), /*IsVariable=*/false))
      Report(F, /*IsVariable=*/false);
  // The host pass reads the file after the compile and fails the build.
  if (!Listed.empty()) {
    std::error_code EC;
    raw_fd_ostream Out(unresolvedSymbolsFile(), EC);
    if (EC)
      M.getContext().emitError("cannot write " + unresolvedSymbolsFile() +
                               ": " + EC.message());
    else
      Out << json::Value(std::move(Listed));
  }
  return PreservedAnalyses::all();
}

} // namespace offload::plugin
