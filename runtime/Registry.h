//===- runtime/Registry.h - The kernels and images programs registered ---===//
//
// Each translation unit the plugin built registers its kernels and images
// from a constructor, and unregisters them from a destructor (a shared
// library that is closed). Safe to use from several threads at once.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/Support/Error.h"

#include <offload/detail/abi.hpp>

#include <atomic>
#include <cstdint>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace offload::rt {

using detail::abi::KernelRecord;
using detail::abi::Registration;

class Registry {
public:
  static Registry &get();

  /// Checks R and records its kernels and images (loaded onto a device
  /// when a kernel first runs there).
  llvm::Error add(const Registration &R);
  /// Forgets R: its kernels (another registration's copy of an inline
  /// kernel takes over) and, on every device, its loaded images.
  void remove(const Registration &R);
  /// A registered kernel and the registration whose images hold it.
  struct Kernel {
    const KernelRecord *Record;
    const Registration *Owner;
  };
  /// The kernel whose host key is Key, or null.
  const Kernel *find(const void *Key) const;
  /// The targets of every registered image, each once.
  std::vector<std::string> targets() const;
  std::size_t size() const;
  /// Counts remove() calls: a cache of loaded kernels is only valid for
  /// the generation it was filled in.
  std::uint64_t generation() const {
    return Generation.load(std::memory_order_acquire);
  }

private:
  mutable std::shared_mutex Lock;
  std::vector<const Registration *> Registrations;
  std::unordered_map<const void *, Kernel> Kernels; // stable addresses
  std::atomic<std::uint64_t> Generation{0};
};

/// The images' targets of one registration, in order.
std::vector<std::string> imageTargets(const Registration &R);

} // namespace offload::rt
