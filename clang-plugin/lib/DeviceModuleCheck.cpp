//===- DeviceModuleCheck.cpp - What a device image must not leave undefined
//===//

#include "DeviceModuleCheck.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

#include <dlfcn.h>

using namespace llvm;

namespace offload::plugin {
namespace {

constexpr StringLiteral Marker = "cxx-offload-device: undefined ";
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

std::string UnresolvedSymbol::format() const {
  return (Marker + (IsVariable ? "variable " : "function ") + Symbol +
          " from " + join(Entries, ","))
      .str();
}

std::optional<UnresolvedSymbol> UnresolvedSymbol::parse(StringRef Line) {
  size_t At = Line.find(Marker);
  if (At == StringRef::npos)
    return std::nullopt;
  StringRef Rest = Line.drop_front(At + Marker.size()).trim();
  UnresolvedSymbol U;
  StringRef Kind;
  std::tie(Kind, Rest) = Rest.split(' ');
  U.IsVariable = Kind == "variable";
  StringRef Symbol, Entries;
  std::tie(Symbol, Entries) = Rest.split(" from ");
  U.Symbol = Symbol.str();
  SmallVector<StringRef> Parts;
  Entries.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef E : Parts)
    U.Entries.push_back(E.str());
  return U;
}

PreservedAnalyses DeviceModuleCheckPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  const Triple T(M.getTargetTriple());
  auto Report = [&](const GlobalValue &GV, bool IsVariable) {
    std::vector<std::string> Entries = entriesReaching(&GV);
    if (!Entries.empty())
      M.getContext().emitError(
          UnresolvedSymbol{IsVariable, GV.getName().str(), std::move(Entries)}
              .format());
  };
  for (const GlobalVariable &GV : M.globals())
    if (GV.isDeclaration() && !GV.use_empty() &&
        !mayStayUndefined(T, GV.getName(), /*IsVariable=*/true))
      Report(GV, /*IsVariable=*/true);
  for (const Function &F : M)
    if (F.isDeclaration() && !F.isIntrinsic() && !F.use_empty() &&
        !mayStayUndefined(T, F.getName(), /*IsVariable=*/false))
      Report(F, /*IsVariable=*/false);
  return PreservedAnalyses::all();
}

} // namespace offload::plugin
