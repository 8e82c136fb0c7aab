//===- offload/detail/abi.hpp - What the plugin registers -----------------===//
//
// The records a translation unit built by the plugin hands to the runtime
// from a constructor: its kernels and its device images. The plugin's host
// lowering emits these structs as LLVM IR constants (HostLowering.cpp builds
// the same field lists and checks their sizes against these); the runtime
// reads them. Their layout is pinned below; changing it changes AbiVersion
// (offload/detail/params.hpp).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>

namespace offload::detail::abi {

/// One kernel instantiation of the translation unit.
struct KernelRecord {
  const void *Key;       // the kernel's host function, which offload() passes
  const char *Symbol;    // its entry's symbol in every image
  const char *Name;      // for messages: "saxpy", "scale<float>"
  const char *SlotNames; // the parameter of each slot after the launch slots
};

/// One device image: a cubin, an AMD code object or an x86-64 shared object.
struct DeviceImage {
  const void *Begin, *End;
  const char *Target; // "sm_90", "gfx942", "host"
};

/// Everything one translation unit registers.
struct Registration {
  std::uint32_t AbiVersion;
  std::uint32_t NumKernels;
  const KernelRecord *Kernels;
  std::uint32_t NumImages;
  // CRC-32 of every image's bytes, in order; 0: not recorded. Checked
  // before an image is loaded, so that a damaged executable is an error.
  std::uint32_t ImagesCrc;
  const DeviceImage *Images;
  const char *Source; // the translation unit, for messages
};

static_assert(sizeof(KernelRecord) == 32 && offsetof(KernelRecord, Symbol) == 8 &&
              offsetof(KernelRecord, SlotNames) == 24);
static_assert(sizeof(DeviceImage) == 24 && offsetof(DeviceImage, Target) == 16);
static_assert(sizeof(Registration) == 40 &&
              offsetof(Registration, Kernels) == 8 &&
              offsetof(Registration, NumImages) == 16 &&
              offsetof(Registration, Images) == 24 &&
              offsetof(Registration, Source) == 32);

} // namespace offload::detail::abi

/// The runtime's registration hook, called by each plugin-built translation
/// unit's constructor.
extern "C" void __cxxoffload_register(const offload::detail::abi::Registration *R);
