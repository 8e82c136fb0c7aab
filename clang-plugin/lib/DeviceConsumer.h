//===- DeviceConsumer.h - The plugin inside a device compile --------------===//
//
// The device pass loads this plugin into each device compile too. There it
// reads the metadata the host pass wrote (device-metadata=FILE) and, before
// code generation:
//   - marks the constant data that kernels read (const and constexpr
//     variables with static storage, by mangled name) declare-target, so that
//     OpenMP device mode gives the image its own copy, initialised as on
//     the host; it would otherwise leave them undefined;
//   - checks that each generated entry calls the very kernel the host pass
//     recorded (the same mangled name), so that a kernel whose name did not
//     survive the trip through C++ source is an error, not a different
//     specialisation.
// It visits what the compile parsed and instantiated itself, and the whole
// AST (the precompiled header deserialized) only if something is missing.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/ASTConsumer.h"

#include <memory>
#include <string>

namespace clang {
class CompilerInstance;
}

namespace offload::plugin {

std::unique_ptr<clang::ASTConsumer>
createDeviceConsumer(clang::CompilerInstance &CI, std::string MetadataFile);

} // namespace offload::plugin
