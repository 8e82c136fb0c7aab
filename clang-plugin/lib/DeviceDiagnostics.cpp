//===- DeviceDiagnostics.cpp - Device compile failures as clang diagnostics
//===//

#include "DeviceDiagnostics.h"
#include "Subprocess.h"

#include "clang/Basic/SourceManager.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"

using namespace clang;
using namespace llvm;

namespace offload::plugin {
namespace {

/// A diagnostic line clang printed: "file:line:col: error: text" or
/// "error: text".
struct PrintedDiagnostic {
  StringRef Where; // "file:line:col", or empty
  enum { Error, Warning, Note, Remark } Level;
  StringRef Text;
};

std::optional<PrintedDiagnostic> parseDiagnostic(StringRef Line) {
  static constexpr std::pair<StringLiteral, int> Levels[] = {
      {"fatal error: ", PrintedDiagnostic::Error},
      {"error: ", PrintedDiagnostic::Error},
      {"warning: ", PrintedDiagnostic::Warning},
      {"note: ", PrintedDiagnostic::Note},
      {"remark: ", PrintedDiagnostic::Remark}};
  for (auto [Tag, Level] : Levels) {
    size_t At = Line.find(Tag);
    if (At == StringRef::npos)
      continue;
    StringRef Where = Line.take_front(At);
    // Either the whole line is the diagnostic, or a location ending in ": ".
    if (!Where.empty() && !Where.consume_back(": "))
      continue;
    // Without the option that enabled it ("[-Rremark-backend-plugin]"):
    // the host prints its own.
    StringRef Text = Line.drop_front(At + Tag.size());
    if (size_t Option = Text.rfind(" [-"); Option != StringRef::npos &&
                                           Text.ends_with("]"))
      Text = Text.take_front(Option);
    return PrintedDiagnostic{Where, decltype(PrintedDiagnostic::Level)(Level),
                             Text};
  }
  return std::nullopt;
}

/// What to tell a user about a symbol no device library defines.
std::string whyUndefined(const Target &T, StringRef Symbol, bool IsVariable) {
  if (IsVariable)
    return "no definition of it is in this translation unit, so the device "
           "has no copy to read; define it here (constexpr, or const with a "
           "constant initializer) or pass its value as an argument";
  if (Symbol.starts_with("__kmpc_") || Symbol.starts_with("omp_"))
    return "it belongs to the OpenMP device runtime, which cxx-offload does "
           "not link; please report this as a cxx-offload bug";
  if (Symbol.starts_with("__nv_"))
    return "it is in CUDA's libdevice, which was not found (set "
           "OFFLOAD_CUDA_PATH to the CUDA installation)";
  if (Symbol.starts_with("__ocml_") || Symbol.starts_with("__ockl_"))
    return "it is in ROCm's device libraries, which were not found (install "
           "rocm-device-libs)";
  return (T.isGpu() ? "GPUs have no definition of it"
                    : "it is neither in this translation unit nor in the C, "
                      "C++ and math libraries") +
         std::string(": define it in this translation unit, or keep it out "
                     "of the code kernels call");
}

} // namespace

SourceLocation DeviceDiagnostics::location(StringRef FileLineCol) {
  // file:line:col, the file possibly with colons of its own.
  auto [Rest, ColText] = FileLineCol.rsplit(':');
  auto [File, LineText] = Rest.rsplit(':');
  unsigned Line = 0, Col = 0;
  if (File.empty() || LineText.getAsInteger(10, Line) ||
      ColText.getAsInteger(10, Col))
    return {};
  Expected<FileEntryRef> Entry = SM.getFileManager().getFileRef(File);
  if (!Entry) {
    consumeError(Entry.takeError());
    return {};
  }
  return SM.translateFileLineCol(&Entry->getFileEntry(), Line, Col);
}

const KernelInstance *DeviceDiagnostics::kernelOf(StringRef Entry) const {
  for (const KernelInstance &K : M.Kernels)
    if (K.Entry == Entry)
      return &K;
  return nullptr;
}

void DeviceDiagnostics::noteKernels(const Target &T) {
  for (const KernelInstance &K : M.Kernels)
    Diags.report(K.Calls.empty() ? SourceLocation() : location(K.Calls.front()),
                 Diag::NoteImageKernel)
        << K.Name << T.Name;
}

void DeviceDiagnostics::compileFailed(const Target &T, StringRef Output,
                                      StringRef Why,
                                      ArrayRef<std::string> Command) {
  bool Reported = false, InError = false;
  std::vector<UnresolvedSymbol> Unresolved;
  for (StringRef Line : split(Output, '\n')) {
    if (std::optional<UnresolvedSymbol> U = UnresolvedSymbol::parse(Line)) {
      Unresolved.push_back(std::move(*U));
      continue;
    }
    std::optional<PrintedDiagnostic> D = parseDiagnostic(Line);
    if (!D)
      continue;
    // The host compile reported the device compile's warnings already, or
    // has no use for them; errors and their notes are the device's own.
    if (D->Level == PrintedDiagnostic::Warning ||
        D->Level == PrintedDiagnostic::Remark) {
      InError = false;
    } else if (D->Level == PrintedDiagnostic::Error) {
      InError = true;
      Reported = true;
      if (D->Where.empty())
        Diags.report({}, Diag::DeviceBackendError) << T.Name << D->Text;
      else
        Diags.report(location(D->Where), Diag::DeviceError)
            << D->Text << T.Name;
    } else if (InError) {
      Diags.report(D->Where.empty() ? SourceLocation() : location(D->Where),
                   Diag::NoteDevice)
          << D->Text;
    }
  }
  if (!Unresolved.empty()) {
    unresolved(T, Unresolved);
    return;
  }
  if (!Reported) {
    toolFailed(T, Why, Output, Command);
    return;
  }
  noteKernels(T);
}

void DeviceDiagnostics::remarks(const Target &T, StringRef Output) {
  for (StringRef Line : split(Output, '\n'))
    if (std::optional<PrintedDiagnostic> D = parseDiagnostic(Line);
        D && D->Level == PrintedDiagnostic::Remark)
      Diags.report(D->Where.empty() ? SourceLocation() : location(D->Where),
                   Diag::DeviceRemark)
          << D->Text << T.Name;
}

void DeviceDiagnostics::unresolved(const Target &T,
                                   ArrayRef<UnresolvedSymbol> Symbols) {
  for (const UnresolvedSymbol &U : Symbols) {
    std::string Name = demangle(U.Symbol);
    std::string Why = whyUndefined(T, U.Symbol, U.IsVariable);
    bool Named = false;
    for (const std::string &Entry : U.Entries)
      if (const KernelInstance *K = kernelOf(Entry)) {
        Diags.report(K->Calls.empty() ? SourceLocation()
                                      : location(K->Calls.front()),
                     Diag::KernelUndefinedSymbol)
            << K->Name << T.Name << U.IsVariable << Name << Why;
        Named = true;
      }
    if (!Named) {
      Diags.report({}, Diag::ImageUndefinedSymbol)
          << T.Name << U.IsVariable << Name << Why;
      noteKernels(T);
    }
  }
}

void DeviceDiagnostics::toolFailed(const Target &T, StringRef Why,
                                   StringRef Output,
                                   ArrayRef<std::string> Command) {
  Diags.report({}, Diag::DevicePassFailed) << T.Name << Why;
  // The last lines say why; the whole output may be long.
  SmallVector<StringRef> Lines;
  Output.trim().split(Lines, '\n');
  size_t From = Lines.size() > 20 ? Lines.size() - 20 : 0;
  if (!Lines.empty() && !Output.trim().empty())
    Diags.report({}, Diag::NoteToolOutput)
        << join(ArrayRef(Lines).drop_front(From), "\n");
  if (!Command.empty())
    Diags.report({}, Diag::NoteDevicePassCommand) << commandLine(Command);
}

} // namespace offload::plugin
