//===- Diagnostics.h - The plugin's diagnostics ---------------------------===//
//
// Every message the plugin emits, as a custom clang diagnostic ID, so that
// they print like clang's own and `-verify` tests can check them.
// docs/diagnostics.md lists them with examples.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/Diagnostic.h"

namespace offload::plugin {

enum class Diag : unsigned {
  KernelNotFunction,
  KernelFunctionPointer,
  KernelNoDefinition,
  KernelNotVoid,
  KernelMethod,
  KernelVariadic,
  KernelNotNameable,
  ClosureGeneric,
  ClosureNoCallOperator,
  ClosureCapturesByReference,
  ClosureCapturesThis,
  ClosureCapturesPointer,
  ClosureNotCopyable,
  ClosureTooLarge,
  ClosureIndistinct,
  ArityMismatch,
  UnsupportedParam,
  ArgumentMismatch,
  RegionNeedsMutableData,
  NoGeometry,
  LaunchNotOneDimensional,
  LaunchShapeOneDimensional,
  RawPointerParam,
  MutableReferenceParam,
  MutableSpanParam,
  MemberRawPointer,
  MemberReference,
  MemberMutableSpan,
  MemberHoldsHostAddress,
  ViewOutsideAggregate,
  MemberNotMappable,
  PartHoldsHostAddress,
  Aliasing,
  WritesGlobal,
  ReadsGlobal,
  GlobalComputedAtRunTime,
  GlobalDefinedElsewhere,
  CallsHostOnly,
  UnsupportedConversion,
  IntegerToPointer,
  TemplateArgumentNotNameable,
  CallsUndefined,
  CallsIndirectly,
  CallsVirtual,
  UsesNewDelete,
  UsesExceptions,
  UsesRtti,
  UsesHostMultiversion,
  UsesInlineAsm,
  CallsTargetBuiltin,
  Recursion,
  BarrierInDivergentCode,
  StagedHostRead,
  StagedHostWrite,
  StagedHostWriteMutable,
  ResidencyKept,
  ResidencyMissed,
  BadPluginArgument,
  DevicePassFailed,
  DeviceError,
  DeviceRemark,
  DeviceBackendError,
  KernelUndefinedSymbol,
  ImageUndefinedSymbol,
  EntryMismatch,
  ClosureDiffersBetweenPasses,
  InputNotSource,
  MetadataImport,
  Internal,
  NoteKernelDeclared,
  NoteParamDeclared,
  NoteDevicePassCommand,
  NoteCalledFrom,
  NoteUseSpan,
  NoteMakeConst,
  NoteOtherArgument,
  NoteStagedHere,
  NoteResidencyBlocker,
  NoteDeclaredHere,
  NoteDivergentCondition,
  NoteOtherClosure,
  NoteDevice,
  NoteImageKernel,
  NoteToolOutput,
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
