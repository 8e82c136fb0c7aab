//===- Diagnostics.cpp - The plugin's diagnostics -------------------------===//

#include "Diagnostics.h"

using namespace clang;

namespace offload::plugin {

Diagnostics::Diagnostics(DiagnosticsEngine &Engine) : Engine(Engine) {
  auto Add = [&](Diag D, DiagnosticsEngine::Level L, const auto &Format) {
    IDs[unsigned(D)] = Engine.getCustomDiagID(L, Format);
  };
  using L = DiagnosticsEngine::Level;
  Add(Diag::KernelNotFunction, L::Error,
      "the kernel passed to offload() must name a function; this is an "
      "expression of type %0");
  Add(Diag::KernelFunctionPointer, L::Error,
      "offload() needs the kernel's name, not the function pointer %0, so "
      "that the kernel can be compiled for the device");
  Add(Diag::KernelNoDefinition, L::Error,
      "kernel %0 has no definition in this translation unit; the device "
      "pass can only compile kernels whose body it sees");
  Add(Diag::KernelNotVoid, L::Error,
      "kernel %0 returns %1; kernels return void and write results through "
      "offload::Region parameters");
  Add(Diag::KernelMethod, L::Error,
      "kernel %0 is a non-static member function; use a free function or a "
      "static member function");
  Add(Diag::KernelVariadic, L::Error,
      "kernel %0 is variadic; a kernel's parameters must be fixed");
  Add(Diag::KernelNotNameable, L::Error,
      "kernel %0 is declared inside a function, where the device pass "
      "cannot name it; declare it at namespace scope");
  Add(Diag::ArityMismatch, L::Error,
      "offload() passes %0 argument%s0 but kernel %1 has %2 parameter%s2");
  Add(Diag::UnsupportedParam, L::Error,
      "kernel parameter %0 has type %1, which offload() cannot pass to a "
      "device; use a scalar, a trivially copyable struct, "
      "std::span<const T>, const std::vector<T>&, const std::array<T, N>& "
      "or offload::Region<T, Strategy>");
  Add(Diag::ArgumentMismatch, L::Error,
      "argument of type %0 cannot initialize kernel parameter %1 of type %2");
  Add(Diag::RegionNeedsMutableData, L::Error,
      "kernel parameter %0 is a mutable offload::Region, but the argument "
      "of type %1 is const");
  Add(Diag::NoGeometry, L::Error,
      "kernel %0 has no offload::Region parameter to size the launch; pass "
      "offload::Launch{.threads = N} before the kernel");
  Add(Diag::BadPluginArgument, L::Error, "cxx-offload plugin: %0");
  Add(Diag::DevicePassFailed, L::Error,
      "cxx-offload device pass for target '%0' failed: %1");
  Add(Diag::MetadataImport, L::Error, "cxx-offload: cannot import %0: %1");
  Add(Diag::Internal, L::Error, "cxx-offload internal error: %0");
  Add(Diag::NoteKernelDeclared, L::Note, "kernel %0 declared here");
  Add(Diag::NoteParamDeclared, L::Note, "parameter %0 declared here");
  Add(Diag::NoteDevicePassCommand, L::Note, "the failing command was: %0");
}

} // namespace offload::plugin
