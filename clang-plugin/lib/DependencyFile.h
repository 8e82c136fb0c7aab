//===- DependencyFile.h - Reading the device compiles' -MD output ---------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace offload::plugin {

/// The prerequisites of a Make-style dependency file written by clang:
/// lines joined at backslash-newlines, words split at unescaped spaces.
std::vector<std::string> readDependencyFile(llvm::StringRef Text);

} // namespace offload::plugin
