//===- Diagnostics.cpp - The plugin's diagnostics -------------------------===//

#include "Diagnostics.h"

#include "clang/Basic/DiagnosticIDs.h"

using namespace clang;

namespace offload::plugin {

Diagnostics::Diagnostics(DiagnosticsEngine &Engine) : Engine(Engine) {
  using L = DiagnosticsEngine::Level;
#define OFFLOAD_DIAG(Name, Level, Text)                                        \
  IDs[unsigned(Diag::Name)] = Engine.getCustomDiagID(L::Level, Text);
#define OFFLOAD_WARNING(Name, InGroup, Text)                                   \
  IDs[unsigned(Diag::Name)] = Engine.getDiagnosticIDs()->getCustomDiagID(      \
      DiagnosticIDs::CustomDiagDesc(                                           \
          diag::Severity::Warning, Text, DiagnosticIDs::CLASS_WARNING,         \
          /*ShowInSystemHeader=*/false, /*ShowInSystemMacro=*/false,           \
          diag::Group::InGroup));
#include "Diagnostics.def"
}

} // namespace offload::plugin
