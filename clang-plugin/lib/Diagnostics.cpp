//===- Diagnostics.cpp - The plugin's diagnostics -------------------------===//

#include "Diagnostics.h"

#include "clang/Basic/DiagnosticIDs.h"

using namespace clang;

namespace offload::plugin {

Diagnostics::Diagnostics(DiagnosticsEngine &Engine) : Engine(Engine) {
  auto Add = [&](Diag D, DiagnosticsEngine::Level L, const auto &Format) {
    IDs[unsigned(D)] = Engine.getCustomDiagID(L, Format);
  };
  // Warnings go in clang's OpenMP offloading groups (plugins cannot add
  // groups of their own), so that -Werror=/-Wno- can name them.
  auto AddWarning = [&](Diag D, diag::Group Group, const char *Format) {
    IDs[unsigned(D)] = Engine.getDiagnosticIDs()->getCustomDiagID(
        DiagnosticIDs::CustomDiagDesc(diag::Severity::Warning, Format,
                                      DiagnosticIDs::CLASS_WARNING,
                                      /*ShowInSystemHeader=*/false,
                                      /*ShowInSystemMacro=*/false, Group));
  };
  using L = DiagnosticsEngine::Level;
  Add(Diag::KernelNotFunction, L::Error,
      "the kernel passed to offload() must name a function or be a lambda "
      "or function object; this is an expression of type %0");
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
  Add(Diag::ClosureGeneric, L::Error,
      "the kernel %0 has a template call operator (a generic lambda); give "
      "its parameters types, so that the device pass knows which to compile");
  Add(Diag::ClosureNoCallOperator, L::Error,
      "the kernel %0 has no single call operator returning void that "
      "offload() can run");
  Add(Diag::ClosureCapturesByReference, L::Error,
      "the kernel lambda captures %0 by reference, but the device cannot "
      "reach host variables; capture it by value, or pass it as an argument "
      "(an offload::Region if the kernel writes it)");
  Add(Diag::ClosureCapturesThis, L::Error,
      "the kernel lambda captures 'this', a host address the device cannot "
      "use; capture a copy of the object ([*this]) or the members it needs "
      "by value ([x = x]), or pass them as arguments");
  Add(Diag::ClosureCapturesPointer, L::Error,
      "the kernel %0 carries %1 of type %2, which points into host memory "
      "that the device cannot use; pass the data as a kernel argument "
      "(std::span<const T>, offload::Region) so that offload() maps it");
  Add(Diag::ClosureNotCopyable, L::Error,
      "the kernel %0 carries %1 of type %2, which is not trivially copyable, "
      "so it cannot be copied to the device; pass it as a kernel argument");
  Add(Diag::ClosureTooLarge, L::Error,
      "the kernel %0 is %1 bytes; a kernel object travels by value and may "
      "be at most 256 bytes: pass large data as arguments");
  Add(Diag::ClosureIndistinct, L::Error,
      "the kernels %0 and %1 are spelled alike, with the same parameters (the "
      "same lambda in two instantiations of a template, or two local classes "
      "of one name), so the device pass cannot tell their entries apart; "
      "write the kernel as a function template, or give the classes "
      "distinct names");
  Add(Diag::ArityMismatch, L::Error,
      "offload() passes %0 argument%s0 but kernel %1 has %2 parameter%s2");
  Add(Diag::UnsupportedParam, L::Error,
      "kernel parameter %0 has type %1, which offload() cannot pass to a "
      "device; use a scalar, a trivially copyable struct, "
      "std::span<const T>, const std::vector<T>&, const std::array<T, N>&, "
      "offload::Region, offload::Range, offload::Reduce or offload::Atomic");
  Add(Diag::ArgumentMismatch, L::Error,
      "argument of type %0 cannot initialize kernel parameter %1 of type %2");
  Add(Diag::RegionNeedsMutableData, L::Error,
      "kernel parameter %0 is a mutable offload::Region, but the argument "
      "of type %1 is const");
  Add(Diag::NoGeometry, L::Error,
      "kernel %0 has no offload::Region or offload::Range parameter to size "
      "the launch; pass offload::Launch{.threads = N} before the kernel");
  Add(Diag::LaunchNotOneDimensional, L::Error,
      "offload::Launch sets .threads or .block of a one-dimensional launch, "
      "but kernel %0's Regions and Ranges ask for %1 dimensions and set its "
      "threads; set only .block_shape");
  Add(Diag::LaunchShapeOneDimensional, L::Error,
      "offload::Launch sets .block_shape, which is for 2-D and 3-D launches, "
      "but kernel %0's launch is one-dimensional; set .block");
  Add(Diag::RawPointerParam, L::Error,
      "kernel parameter %0 is a raw pointer; kernels read data through "
      "std::span<const T> and write it through offload::Region or "
      "offload::Atomic, which say how threads share it");
  Add(Diag::MutableReferenceParam, L::Error,
      "kernel parameter %0 is a mutable reference that every thread would "
      "share; use offload::Region for data each thread writes its own part of, "
      "offload::Atomic or offload::Reduce for shared updates");
  Add(Diag::MutableSpanParam, L::Error,
      "kernel parameter %0 is a mutable std::span whose elements every "
      "thread could write; use offload::Region<T, Strategy> to give each "
      "thread its own part, or std::span<const T> to read it");
  // A member's path and type, the parameter and the kernel: "'d.a'
  // (std::span<const double>) in parameter 'd' of kernel 'k'".
  Add(Diag::MemberRawPointer, L::Error,
      "%0 (%1) in parameter %2 of kernel %3 is a raw pointer into host "
      "memory, which the device cannot use; kernels read data through "
      "std::span<const T> and write it through offload::Region<T>, in "
      "structs too");
  Add(Diag::MemberReference, L::Error,
      "%0 (%1) in parameter %2 of kernel %3 is a reference to host memory, "
      "which the device cannot use; hold a value, or a std::span<const T> "
      "or offload::Region<T> of the data");
  Add(Diag::MemberMutableSpan, L::Error,
      "%0 (%1) in parameter %2 of kernel %3 is a mutable std::span whose "
      "elements every thread could write; use std::span<const T> to read the "
      "data, or offload::Region<T> to give each thread its own part");
  Add(Diag::MemberHoldsHostAddress, L::Error,
      "%0 (%1) in parameter %2 of kernel %3 refers to host memory, which the "
      "device cannot use; pass the data as a std::span<const T> or "
      "offload::Region<T> instead");
  Add(Diag::ViewOutsideAggregate, L::Error,
      "%0 (%1) in parameter %2 of kernel %3 is a view inside %4, which "
      "offload() cannot map member by member: only an aggregate struct "
      "(public members, no user-declared constructors, no virtual functions, "
      "members declared in one class; not a union) of at most 64 members "
      "is; make %4 one, or pass the view as a parameter of its own");
  Add(Diag::MemberNotMappable, L::Error,
      "%0 (%1) in parameter %2 of kernel %3 cannot be a member of a struct "
      "of views: %select{pass it as a parameter of its own|use "
      "std::array<T, N> instead of a C array|it is not trivially copyable|it "
      "is larger than 256 bytes; pass it as a std::span<const T>|offload() "
      "cannot pass it to a device}4");
  Add(Diag::PartHoldsHostAddress, L::Error,
      "%select{the elements|the partitioning strategy}0 of %1 (%2) in "
      "parameter %3 of kernel %4 hold%select{|s}0 a host address (%5, of "
      "type %6), which the device cannot use; %select{store values (indices "
      "instead of pointers) and pass the data they refer to as parameters of "
      "their own|store indices, or use offload::Indexed for a list of "
      "positions}0");
  Add(Diag::Aliasing, L::Error,
      "%0 is passed to kernel %1 twice, and the kernel may write it through "
      "%2: threads would read data that other threads write");
  Add(Diag::WritesGlobal, L::Error,
      "kernel %0 writes %1, a variable with static storage: every thread "
      "would race on the device's own copy, and the host would not see it; "
      "pass it as an offload::Atomic or offload::Reduce argument");
  Add(Diag::ReadsGlobal, L::Error,
      "kernel %0 uses %1, a mutable variable with static storage, which the "
      "device does not share with the host; pass its value as a kernel "
      "argument (or make it constexpr if it never changes)");
  Add(Diag::GlobalComputedAtRunTime, L::Error,
      "kernel %0 reads %1, whose value the host computes when the program "
      "starts, so the device has no copy of it; make it constexpr (or give "
      "it a constant initializer), or pass its value as a kernel argument");
  Add(Diag::GlobalDefinedElsewhere, L::Error,
      "kernel %0 reads %1, which is defined in another translation unit, so "
      "the device has no copy of it; define it in this translation unit (an "
      "inline constexpr variable in a header), or pass its value as a kernel "
      "argument");
  Add(Diag::CallsHostOnly, L::Error,
      "kernel %0 calls '%1', which runs only on the host: kernels cannot "
      "launch kernels, stage data or wait for the device; offload the work "
      "from the host, before or after this kernel");
  Add(Diag::IntegerToPointer, L::Error,
      "kernel %0 turns an integer into a pointer: the device cannot tell "
      "whether it holds a host address, which a GPU cannot use; pass data "
      "as std::span<const T> or offload::Region<T>, and indices instead of "
      "addresses");
  Add(Diag::UnsupportedConversion, L::Error,
      "kernel %0 converts %1 to %2, which the '%3' code generator cannot "
      "compile (it needs a library routine that no GPU library provides); "
      "convert through a 64-bit integer type");
  Add(Diag::TemplateArgumentNotNameable, L::Error,
      "kernel %0 cannot be compiled for the device: its template argument "
      "'%1' %2, and the device pass can only name what is visible at "
      "namespace scope; use such template arguments, or make the kernel a "
      "lambda or function object");
  Add(Diag::CallsUndefined, L::Error,
      "kernel %0 calls %1, which has no definition the device pass can "
      "compile; define it in this translation unit (e.g. inline in a header)");
  Add(Diag::CallsIndirectly, L::Error,
      "kernel %0 calls through a function pointer or a type-erased callable, "
      "whose target the device pass cannot compile; call the function by name");
  Add(Diag::CallsVirtual, L::Error,
      "kernel %0 calls the virtual function %1; virtual dispatch needs "
      "vtables that device code does not have for every object; call a "
      "non-virtual function or mark the class final");
  Add(Diag::UsesNewDelete, L::Error,
      "kernel %0 uses '%1'; kernels cannot allocate memory: size the data on "
      "the host and pass it as an argument");
  Add(Diag::UsesExceptions, L::Error,
      "kernel %0 uses '%1'; GPUs have no exceptions");
  Add(Diag::UsesRtti, L::Error,
      "kernel %0 uses '%1', which needs run-time type information that "
      "devices do not have");
  Add(Diag::UsesHostMultiversion, L::Error,
      "kernel %0 reaches %1, which has versions for several host CPUs "
      "(%2), chosen at run time by the host's CPU; a device cannot make "
      "that choice: keep the attribute off functions that kernels call");
  Add(Diag::UsesInlineAsm, L::Error,
      "kernel %0 reaches inline assembly, which is written for the host's "
      "instruction set; keep it out of code kernels call, or guard it with "
      "#if defined(__OFFLOAD_HOST__)");
  Add(Diag::CallsTargetBuiltin, L::Error,
      "kernel %0 reaches %1, a builtin of the host's instruction set (from "
      "an intrinsics header); keep it out of code kernels call, or guard it "
      "with #if defined(__OFFLOAD_HOST__)");
  Add(Diag::BarrierInDivergentCode, L::Error,
      "kernel %0 calls %1 under a condition that differs between the threads "
      "of a block; %1 is a barrier that every thread of the block must "
      "reach: move it out of the condition");
  AddWarning(Diag::Recursion, diag::Group::OpenMPTarget,
      "kernel %0 calls %1 recursively; GPU threads have small stacks, so "
      "deep recursion fails at run time");
  AddWarning(Diag::StagedHostRead, diag::Group::OpenMPMapping,
             "host code reads %0 while %1 keeps it on the device: the host "
             "copy is stale until %1 is synced or released");
  AddWarning(Diag::StagedHostWrite, diag::Group::OpenMPMapping,
             "host code writes %0 while %1 keeps a copy of it on the device: "
             "kernels do not see the change until %1 is released and %0 "
             "staged again");
  AddWarning(Diag::StagedHostWriteMutable, diag::Group::OpenMPMapping,
             "host code writes %0 while %1 keeps it on the device: the change "
             "is lost when %1 copies the device's data back");
  // -Rpass=offload-residency and -Rpass-missed=offload-residency: the
  // plugin reads the patterns and reports these only when they match.
  Add(Diag::ResidencyKept, L::Remark,
      "%0 stays on the device across this loop's offload() calls: copied "
      "there once before the loop%select{| and back once after it}1"
      "%select{|; the host's reads of its elements in the loop copy those "
      "elements back}2 [-Rpass=offload-residency]");
  Add(Diag::ResidencyMissed, L::Remark,
      "%0 cannot stay on the device across this loop's offload() calls: %1; "
      "it moves at every call [-Rpass-missed=offload-residency]");
  Add(Diag::BadPluginArgument, L::Error, "cxx-offload plugin: %0");
  Add(Diag::DevicePassFailed, L::Error,
      "cxx-offload device pass for target '%0' failed: %1");
  Add(Diag::DeviceError, L::Error, "%0 (in the device compile for '%1')");
  Add(Diag::DeviceRemark, L::Remark, "%0 (in the device compile for '%1')");
  Add(Diag::DeviceBackendError, L::Error,
      "the device compile for '%0' failed: %1");
  Add(Diag::KernelUndefinedSymbol, L::Error,
      "kernel '%0' cannot be built for '%1': it uses the %select{function|"
      "variable}2 '%3', and %4");
  Add(Diag::ImageUndefinedSymbol, L::Error,
      "the '%0' image cannot be built: it uses the %select{function|"
      "variable}1 '%2', and %3");
  Add(Diag::EntryMismatch, L::Error,
      "cxx-offload internal error: the device compile of kernel '%0' called "
      "'%2' instead of '%1'; please report this with the kernel's template "
      "arguments");
  Add(Diag::ClosureDiffersBetweenPasses, L::Error,
      "the kernel %0 is other code in this device compile than in the host "
      "compile, at the same position (a macro or #if that differs between "
      "the passes, with #line giving both one place): the device would run "
      "code the host did not offload; write the kernel alike for both "
      "passes");
  Add(Diag::InputNotSource, L::Error,
      "cxx-offload needs the translation unit's source in a file, which its "
      "device compiles include, but this compile reads %0");
  Add(Diag::MetadataImport, L::Error, "cxx-offload: cannot import %0: %1");
  Add(Diag::Internal, L::Error, "cxx-offload internal error: %0");
  Add(Diag::NoteKernelDeclared, L::Note, "kernel %0 declared here");
  Add(Diag::NoteParamDeclared, L::Note, "parameter %0 declared here");
  Add(Diag::NoteDevicePassCommand, L::Note, "the failing command was: %0");
  Add(Diag::NoteCalledFrom, L::Note, "%0 is called from %1 here");
  Add(Diag::NoteDivergentCondition, L::Note,
      "this condition depends on the thread (%0)");
  Add(Diag::NoteUseSpan, L::Note, "read it through a std::span instead");
  Add(Diag::NoteMakeConst, L::Note,
      "if the kernel only reads it, make it a const reference");
  Add(Diag::NoteOtherArgument, L::Note, "it is also passed here");
  Add(Diag::NoteStagedHere, L::Note, "%0 is staged on the device here");
  Add(Diag::NoteResidencyBlocker, L::Note,
      "%select{host code uses %0 here|%0 is used here in a way that may "
      "keep its address|%0 is captured here|host code here may reach %0 "
      "by another name|this call passes %0 twice|this call runs on a device "
      "set, which keeps its own data on its devices}1");
  Add(Diag::NoteDeclaredHere, L::Note, "%0 is declared here");
  Add(Diag::NoteOtherClosure, L::Note, "the other kernel is offloaded here");
  Add(Diag::NoteDevice, L::Note, "%0");
  Add(Diag::NoteImageKernel, L::Note,
      "the '%1' image holds kernel '%0', offloaded here");
  Add(Diag::NoteToolOutput, L::Note, "it printed:\n%0");
}

} // namespace offload::plugin
