//===- DeviceDiagnostics.cpp - Device compile failures as clang diagnostics
//===//

#include "DeviceDiagnostics.h"
#include "Subprocess.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/SerializedDiagnosticReader.h"
#include "clang/Frontend/SerializedDiagnostics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"

#include <map>

using namespace clang;
using namespace llvm;

namespace offload::plugin {
namespace {

/// Collects a serialized diagnostics file's records.
class Collector : public serialized_diags::SerializedDiagnosticReader {
public:
  std::vector<DeviceDiagnostic> Found;

private:
  std::error_code visitFilenameRecord(unsigned ID, unsigned, unsigned,
                                      StringRef Name) override {
    Files[ID] = Name.str();
    return {};
  }
  std::error_code visitDiagnosticRecord(unsigned Severity,
                                        const serialized_diags::Location &At,
                                        unsigned, unsigned,
                                        StringRef Message) override {
    using namespace serialized_diags;
    DeviceDiagnostic D;
    switch (Severity) {
    case Note:
      D.Level = DeviceDiagnostic::Note;
      break;
    case Warning:
      D.Level = DeviceDiagnostic::Warning;
      break;
    case Remark:
      D.Level = DeviceDiagnostic::Remark;
      break;
    case Ignored:
      return {};
    default:
      D.Level = DeviceDiagnostic::Error;
    }
    if (auto It = Files.find(At.FileID); It != Files.end())
      D.File = It->second;
    D.Line = At.Line;
    D.Column = At.Col;
    D.Text = Message.str();
    Found.push_back(std::move(D));
    return {};
  }
  std::map<unsigned, std::string> Files;
};

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

std::optional<std::vector<DeviceDiagnostic>>
readDeviceDiagnostics(StringRef Path) {
  Collector C;
  if (C.readDiagnostics(Path))
    return std::nullopt;
  return std::move(C.Found);
}

SourceLocation DeviceDiagnostics::location(StringRef FileLineCol) {
  // file:line:col, the file possibly with colons of its own.
  auto [Rest, ColText] = FileLineCol.rsplit(':');
  auto [File, LineText] = Rest.rsplit(':');
  unsigned Line = 0, Col = 0;
  if (File.empty() || LineText.getAsInteger(10, Line) ||
      ColText.getAsInteger(10, Col))
    return {};
  return location(File, Line, Col);
}

SourceLocation DeviceDiagnostics::location(const DeviceDiagnostic &D) {
  return D.File.empty() ? SourceLocation() : location(D.File, D.Line, D.Column);
}

SourceLocation DeviceDiagnostics::location(StringRef File, unsigned Line,
                                           unsigned Col) {
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

void DeviceDiagnostics::compileFailed(const Target &T,
                                      ArrayRef<DeviceDiagnostic> Printed,
                                      ArrayRef<UnresolvedSymbol> Unresolved,
                                      StringRef Output, StringRef Why,
                                      ArrayRef<std::string> Command) {
  bool Reported = false, InError = false;
  for (const DeviceDiagnostic &D : Printed) {
    // The host compile reported the device compile's warnings already, or
    // has no use for them; errors and their notes are the device's own.
    if (D.Level == DeviceDiagnostic::Warning ||
        D.Level == DeviceDiagnostic::Remark) {
      InError = false;
    } else if (D.Level == DeviceDiagnostic::Error) {
      InError = true;
      Reported = true;
      if (D.File.empty())
        Diags.report({}, Diag::DeviceBackendError) << T.Name << D.Text;
      else
        Diags.report(location(D), Diag::DeviceError) << D.Text << T.Name;
    } else if (InError) {
      Diags.report(location(D), Diag::NoteDevice) << D.Text;
    }
  }
  if (!Unresolved.empty()) {
    unresolved(T, Unresolved);
    return;
  }
  // A compile that crashed or was stopped wrote no diagnostics: its output
  // says what happened.
  if (!Reported) {
    toolFailed(T, Why, Output, Command);
    return;
  }
  noteKernels(T);
}

void DeviceDiagnostics::remarks(const Target &T,
                                ArrayRef<DeviceDiagnostic> Printed) {
  for (const DeviceDiagnostic &D : Printed)
    if (D.Level == DeviceDiagnostic::Remark)
      Diags.report(location(D), Diag::DeviceRemark) << D.Text << T.Name;
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
