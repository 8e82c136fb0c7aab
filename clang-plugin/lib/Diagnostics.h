//===- Diagnostics.h - The plugin's diagnostics ---------------------------===//
//
// Every message the plugin emits (Diagnostics.def), as a custom clang
// diagnostic ID, so that they print like clang's own and `-verify` tests can
// check them. docs/diagnostics.md lists them with examples.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/Diagnostic.h"

namespace offload::plugin {

enum class Diag : unsigned {
#define OFFLOAD_DIAG(Name, Level, Text) Name,
#define OFFLOAD_WARNING(Name, Group, Text) Name,
#include "Diagnostics.def"
  Count
};

class Diagnostics {
public:
  explicit Diagnostics(clang::DiagnosticsEngine &Engine);
  clang::DiagnosticBuilder report(clang::SourceLocation Loc, Diag D) {
    return Engine.Report(Loc, IDs[unsigned(D)]);
  }
  clang::DiagnosticsEngine &engine() { return Engine; }

private:
  clang::DiagnosticsEngine &Engine;
  unsigned IDs[unsigned(Diag::Count)];
};

} // namespace offload::plugin
