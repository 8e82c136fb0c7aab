//===- DeviceSource.h - The generated device translation unit -------------===//
//
// From the metadata alone, the device pass writes the translation unit each
// device compile reads: the original source, then one entry per kernel
// instantiation that calls it with its argument slots.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Metadata.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace offload::plugin {

/// The head of the device translation unit: it includes Source.
std::string deviceSourceHead(llvm::StringRef Source);
/// The entries of M's kernels, and the table that keeps them emitted.
std::string deviceEntries(const Metadata &M);
/// deviceSourceHead(M.Source) + deviceEntries(M).
std::string deviceSource(const Metadata &M);

} // namespace offload::plugin
