//===- HostOptions.h - The host options a device compile takes ------------===//
//
// A device compile sees the source as the host compile does (language,
// preprocessor, header search, warnings), but builds its own output: of the
// host's code generation and target options it takes only those listed
// here, so an option the plugin has never heard of stays on the host.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Options.h"

#include <string>
#include <vector>

namespace clang {
class CompilerInvocation;
} // namespace clang

namespace offload::plugin {

struct HostArguments {
  /// The -cc1 arguments a device compile takes from the host's.
  std::vector<std::string> Arguments;
  /// Host arguments of options the plugin does not know, left out.
  std::vector<std::string> Dropped;
};

/// What a device compile for T takes of Host's arguments.
HostArguments hostArgumentsFor(const clang::CompilerInvocation &Host,
                               const Target &T);

} // namespace offload::plugin
