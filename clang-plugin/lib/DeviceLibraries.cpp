//===- DeviceLibraries.cpp - Linking the GPU math libraries ---------------===//

#include "DeviceLibraries.h"
#include "Toolchain.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/TargetParser/TargetParser.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/Internalize.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace offload::plugin {

namespace {

/// Whether M's code uses a function that M only declares and whose name
/// starts with Prefix. (OpenMP device mode emits what the entries reach and
/// little else: see dropUncalledComplexHelpers.)
bool usesLibrary(const Module &M, StringRef Prefix) {
  return any_of(M, [&](const Function &F) {
    return F.isDeclaration() && !F.use_empty() &&
           F.getName().starts_with(Prefix);
  });
}

/// The attributes clang gives every function it defines in this compile,
/// which -mlink-builtin-bitcode merges into the linked library's functions
/// (clang's CodeGen::mergeDefaultFunctionDefinitionAttributes). This pass
/// has no clang options to compute them from, so it reads them off a
/// function clang defined: a kernel entry, which no attribute of its own
/// sets apart (no target attribute, not cold).
class DefinitionDefaults {
public:
  static std::optional<DefinitionDefaults> of(const Module &M) {
    const Function *Found = nullptr;
    for (const Function &F : M) {
      if (F.isDeclaration() || !F.hasFnAttribute("target-cpu"))
        continue;
      if (F.getName().starts_with("__offload_k_")) {
        Found = &F;
        break;
      }
      if (!Found && !F.hasFnAttribute(Attribute::Cold))
        Found = &F;
    }
    if (!Found)
      return std::nullopt;
    return DefinitionDefaults(*Found);
  }

  StringRef cpu() const {
    return Ref->getFnAttribute("target-cpu").getValueAsString();
  }
  bool hasFeature(StringRef Feature) const {
    return is_contained(Features, Feature);
  }
  bool isTrue(StringRef Attr) const {
    return Ref->getFnAttribute(Attr).getValueAsString() == "true";
  }
  /// Whether single-precision denormal inputs are flushed to zero.
  bool flushesF32Denormals() const {
    return FP32.Input == DenormalMode::PreserveSign ||
           FP32.Input == DenormalMode::PositiveZero;
  }

  /// Gives a library function these attributes, merged with its own the way
  /// clang merges them into a -mlink-builtin-bitcode function that it will
  /// internalize.
  void applyTo(Function &F) const {
    AttrBuilder Add(F.getContext());
    for (StringRef Kind : {"target-cpu", "tune-cpu"})
      if (Attribute A = Ref->getFnAttribute(Kind); A.isValid())
        Add.addAttribute(A);
    // What clang's getTrivialDefaultFunctionAttributes adds to a definition
    // from the compile's options: present on the reference if and only if
    // the options asked for them. (Optimizing for size yields to optnone.)
    if (!F.hasOptNone())
      for (Attribute::AttrKind Kind :
           {Attribute::OptimizeForSize, Attribute::MinSize})
        if (Ref->hasFnAttribute(Kind))
          Add.addAttribute(Kind);
    for (Attribute::AttrKind Kind :
         {Attribute::NoRedZone, Attribute::NoImplicitFloat,
          Attribute::NullPointerIsValid, Attribute::SpeculativeLoadHardening,
          Attribute::Convergent})
      if (Ref->hasFnAttribute(Kind))
        Add.addAttribute(Kind);
    for (StringRef Kind :
         {"indirect-tls-seg-refs", "frame-pointer", "less-precise-fpmad",
          "no-trapping-math", "no-infs-fp-math", "no-nans-fp-math",
          "approx-func-fp-math", "unsafe-fp-math", "use-soft-float",
          "stack-protector-buffer-size", "no-signed-zeros-fp-math",
          "reciprocal-estimates", "prefer-vector-width", "stackrealign",
          "backchain", "split-stack", "zero-call-used-regs"})
      if (Attribute A = Ref->getFnAttribute(Kind); A.isValid())
        Add.addAttribute(A);

    // Denormal modes: the library's "dynamic" halves take the compile's
    // mode; a mode equal to the default (IEEE) is left unsaid.
    const DenormalMode Own = F.getDenormalModeRaw();
    const DenormalMode OwnF32 = F.getDenormalModeF32Raw();
    const DenormalMode Merged = FP.mergeCalleeMode(Own);
    const DenormalMode MergedF32 =
        OwnF32.isValid() ? FP32.mergeCalleeMode(OwnF32) : FP32;
    AttributeMask Remove;
    if (Merged == DenormalMode::getDefault())
      Remove.addAttribute("denormal-fp-math");
    if (MergedF32 == DenormalMode::getDefault())
      Remove.addAttribute("denormal-fp-math-f32");
    else if (MergedF32 != OwnF32)
      Add.addAttribute("denormal-fp-math-f32", FP32.str());
    F.removeFnAttrs(Remove);
    if (Merged != DenormalMode::getDefault())
      Add.addAttribute("denormal-fp-math", Merged.str());
    if (MergedF32 != Merged && MergedF32.isValid())
      Add.addAttribute("denormal-fp-math-f32", MergedF32.str());

    // Target features: the function's own, then the compile's that the
    // function does not turn on or off itself; sorted.
    StringSet<> Named;
    SmallVector<StringRef> Merge;
    auto Take = [&](StringRef Feature) {
      if (Feature.size() > 1 && Named.insert(Feature.drop_front()).second)
        Merge.push_back(Feature);
    };
    if (Attribute A = F.getFnAttribute("target-features"); A.isValid())
      for (StringRef Feature : split(A.getValueAsString(), ','))
        Take(Feature);
    for (const std::string &Feature : Features)
      Take(Feature);
    if (!Merge.empty()) {
      sort(Merge);
      Add.addAttribute("target-features", join(Merge, ","));
    }
    F.addFnAttrs(Add);
  }

private:
  explicit DefinitionDefaults(const Function &Ref) : Ref(&Ref) {
    FP = Ref.getDenormalModeRaw();
    // Clang states the f32 mode only where it differs from the general one.
    FP32 = Ref.getDenormalModeF32Raw();
    if (!FP32.isValid())
      FP32 = FP;
    StringSet<> Named;
    if (Attribute A = Ref.getFnAttribute("target-features"); A.isValid())
      for (StringRef Feature : split(A.getValueAsString(), ','))
        if (Feature.size() > 1) {
          Features.push_back(Feature.str());
          Named.insert(Feature.drop_front());
        }
    // Clang leaves an AMD GPU's read-only features (gws, image-insts, ...)
    // out of its definitions' attribute, but merges the compile's whole list
    // into library functions: the GPU's defaults.
    const Triple T(Ref.getParent()->getTargetTriple());
    if (T.isAMDGCN()) {
      StringMap<bool> Defaults;
      AMDGPU::fillAMDGPUFeatureMap(cpu(), T, Defaults);
      for (const auto &[Name, On] : Defaults)
        if (!Named.contains(Name))
          Features.push_back((On ? "+" : "-") + Name.str());
    }
  }

  const Function *Ref;
  DenormalMode FP, FP32;
  std::vector<std::string> Features; // +name or -name
};

void error(Module &M, const Twine &Message) {
  M.getContext().diagnose(
      DiagnosticInfoGeneric("cxx-offload: " + Message, DS_Error));
}

void remark(Module &M, const Twine &Message) {
  M.getContext().diagnose(
      DiagnosticInfoGeneric("cxx-offload: " + Message, DS_Remark));
}

/// The first function of M that Prefix names and that M uses but does not
/// define, for messages.
std::string firstUse(const Module &M, ArrayRef<StringRef> Prefixes) {
  for (const Function &F : M)
    if (F.isDeclaration() && !F.use_empty() &&
        any_of(Prefixes,
               [&](StringRef P) { return F.getName().starts_with(P); }))
      return F.getName().str();
  return {};
}

unsigned definedFunctions(const Module &M) {
  return count_if(M, [](const Function &F) { return !F.isDeclaration(); });
}

/// Links Library into M as -mlink-builtin-bitcode does: with M's triple and
/// data layout, only what M needs, every function given the compile's
/// default attributes, everything it brings internalized. Name is for
/// messages. False (after reporting) if it cannot.
bool linkLibrary(Module &M, std::unique_ptr<Module> Library, StringRef Name,
                 const DefinitionDefaults &Defaults) {
  // The libraries name a generic triple of their own (libdevice:
  // nvptx64-nvidia-gpulibs) and, being older, an older data layout.
  Library->setTargetTriple(M.getTargetTriple());
  Library->setDataLayout(M.getDataLayout());
  for (Function &F : *Library)
    if (!F.isIntrinsic())
      Defaults.applyTo(F);
  const bool Failed = Linker::linkModules(
      M, std::move(Library), Linker::Flags::LinkOnlyNeeded,
      [](Module &Linked, const StringSet<> &FromLibrary) {
        internalizeModule(Linked, [&](const GlobalValue &GV) {
          return !GV.hasName() || !FromLibrary.contains(GV.getName());
        });
      });
  if (Failed)
    error(M, "cannot link " + Name);
  return !Failed;
}

/// Links the bitcode library at Path into M, read lazily.
bool linkBuiltinBitcode(Module &M, StringRef Path,
                        const DefinitionDefaults &Defaults) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Bytes =
      MemoryBuffer::getFile(Path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!Bytes) {
    error(M, "cannot read " + Path + ": " + Bytes.getError().message());
    return false;
  }
  Expected<std::unique_ptr<Module>> Library =
      getOwningLazyBitcodeModule(std::move(*Bytes), M.getContext());
  if (!Library) {
    error(M, "cannot read " + Path + ": " + toString(Library.takeError()));
    return false;
  }
  return linkLibrary(M, std::move(*Library), Path, Defaults);
}

/// The C library functions that kernels reach through the C++ library
/// (std::string_view's length and find, char_traits, std::abs on long),
/// which GPUs have no library for: plain loops, in IR that suits every GPU.
constexpr StringLiteral CLibrary = R"(
define i64 @strlen(ptr %s) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr i8, ptr %s, i64 %i
  %v = load i8, ptr %p
  %next = add i64 %i, 1
  %end = icmp eq i8 %v, 0
  br i1 %end, label %done, label %loop
done:
  ret i64 %i
}

define ptr @memchr(ptr %s, i32 %c, i64 %n) {
entry:
  %ch = trunc i32 %c to i8
  br label %check
check:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %more = icmp ult i64 %i, %n
  br i1 %more, label %body, label %none
body:
  %p = getelementptr i8, ptr %s, i64 %i
  %v = load i8, ptr %p
  %next = add i64 %i, 1
  %hit = icmp eq i8 %v, %ch
  br i1 %hit, label %found, label %check
found:
  ret ptr %p
none:
  ret ptr null
}

define i32 @memcmp(ptr %a, ptr %b, i64 %n) {
entry:
  br label %check
check:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %more = icmp ult i64 %i, %n
  br i1 %more, label %body, label %equal
body:
  %pa = getelementptr i8, ptr %a, i64 %i
  %pb = getelementptr i8, ptr %b, i64 %i
  %va = load i8, ptr %pa
  %vb = load i8, ptr %pb
  %next = add i64 %i, 1
  %same = icmp eq i8 %va, %vb
  br i1 %same, label %check, label %differ
differ:
  %za = zext i8 %va to i32
  %zb = zext i8 %vb to i32
  %d = sub i32 %za, %zb
  ret i32 %d
equal:
  ret i32 0
}

define i32 @strncmp(ptr %a, ptr %b, i64 %n) {
entry:
  br label %check
check:
  %i = phi i64 [ 0, %entry ], [ %next, %same ]
  %more = icmp ult i64 %i, %n
  br i1 %more, label %body, label %equal
body:
  %pa = getelementptr i8, ptr %a, i64 %i
  %pb = getelementptr i8, ptr %b, i64 %i
  %va = load i8, ptr %pa
  %vb = load i8, ptr %pb
  %next = add i64 %i, 1
  %eq = icmp eq i8 %va, %vb
  br i1 %eq, label %same, label %differ
same:
  %end = icmp eq i8 %va, 0
  br i1 %end, label %equal, label %check
differ:
  %za = zext i8 %va to i32
  %zb = zext i8 %vb to i32
  %d = sub i32 %za, %zb
  ret i32 %d
equal:
  ret i32 0
}

define i32 @strcmp(ptr %a, ptr %b) {
entry:
  %r = call i32 @strncmp(ptr %a, ptr %b, i64 -1)
  ret i32 %r
}

define i32 @abs(i32 %x) {
entry:
  %r = call i32 @llvm.abs.i32(i32 %x, i1 false)
  ret i32 %r
}

define i64 @labs(i64 %x) {
entry:
  %r = call i64 @llvm.abs.i64(i64 %x, i1 false)
  ret i64 %r
}

define i64 @llabs(i64 %x) {
entry:
  %r = call i64 @llvm.abs.i64(i64 %x, i1 false)
  ret i64 %r
}

declare i32 @llvm.abs.i32(i32, i1)
declare i64 @llvm.abs.i64(i64, i1)
)";

/// Links the C functions M uses that CLibrary has.
bool linkCLibrary(Module &M, const DefinitionDefaults &Defaults) {
  SMDiagnostic Err;
  // The compile discards value names, which IR text needs to be read.
  LLVMContext &Ctx = M.getContext();
  const bool Discards = Ctx.shouldDiscardValueNames();
  Ctx.setDiscardValueNames(false);
  std::unique_ptr<Module> Library = parseAssemblyString(CLibrary, Err, Ctx);
  Ctx.setDiscardValueNames(Discards);
  if (!Library) {
    error(M, "cannot parse the C library functions: " + Err.getMessage());
    return false;
  }
  return linkLibrary(M, std::move(Library), "the C library functions",
                     Defaults);
}

/// Whether M uses one of CLibrary's functions without defining it.
bool usesCLibrary(const Module &M) {
  for (StringRef Name : {"strlen", "memchr", "memcmp", "strncmp", "strcmp",
                         "abs", "labs", "llabs"})
    if (const Function *F = M.getFunction(Name);
        F && F->isDeclaration() && !F->use_empty())
      return true;
  return false;
}

/// The string a __nvvm_reflect call asks about, if it is a constant.
std::optional<StringRef> reflectKey(const CallBase &Call) {
  if (Call.arg_size() != 1)
    return std::nullopt;
  auto *GV =
      dyn_cast<GlobalVariable>(Call.getArgOperand(0)->stripPointerCasts());
  auto *Text = GV && GV->hasInitializer()
                   ? dyn_cast<ConstantDataSequential>(GV->getInitializer())
                   : nullptr;
  if (!Text || !Text->isCString())
    return std::nullopt;
  return Text->getAsCString();
}

/// Replaces Call by Value and folds what that makes constant, down to the
/// branches, so that even at -O0 only the chosen side remains.
void foldInto(CallBase &Call, Constant *Value) {
  const DataLayout &DL = Call.getModule()->getDataLayout();
  SmallVector<WeakTrackingVH> Work;
  auto Replace = [&](Instruction &I, Constant *C) {
    for (User *U : I.users())
      if (isa<Instruction>(U))
        Work.push_back(U);
    I.replaceAllUsesWith(C);
  };
  Replace(Call, Value);
  Call.eraseFromParent();
  while (!Work.empty()) {
    auto *I = dyn_cast_or_null<Instruction>(Work.pop_back_val());
    if (!I)
      continue;
    if (Constant *C = ConstantFoldInstruction(I, DL)) {
      Replace(*I, C);
      if (isInstructionTriviallyDead(I))
        I->eraseFromParent();
    } else if (I->isTerminator()) {
      ConstantFoldTerminator(I->getParent());
    }
  }
}

/// libdevice chooses between code paths with __nvvm_reflect("__CUDA_ARCH"),
/// ("__CUDA_FTZ") and others. NVPTX's NVVMReflect pass, which answers these
/// at the start of the pipeline, has run before this pass, so the linked
/// calls are answered here: the SM version times ten (target-cpu), the
/// module's "nvvm-reflect-ftz" flag, correctly rounded sqrt (unless the
/// "nvvm-reflect-prec-sqrt" flag says no), and 0 for anything else. (The
/// backend's own run of NVVMReflect then finds none left.)
void answerReflections(Module &M, StringRef Cpu) {
  unsigned Sm = 0;
  if (Cpu.consume_front("sm_"))
    Cpu.take_while(isDigit).getAsInteger(10, Sm);
  uint64_t Ftz = 0;
  if (auto *Flag = mdconst::extract_or_null<ConstantInt>(
          M.getModuleFlag("nvvm-reflect-ftz")))
    Ftz = Flag->getZExtValue();
  // Correctly rounded sqrt, as C++ (and nvcc's default
  // -prec-sqrt=true) have them, unless the module says otherwise or every
  // call of __nv_sqrtf allows approximate functions (-ffast-math, as nvcc's
  // -use_fast_math has -prec-sqrt=false).
  uint64_t PrecSqrt = 1;
  if (auto *Flag = mdconst::extract_or_null<ConstantInt>(
          M.getModuleFlag("nvvm-reflect-prec-sqrt")))
    PrecSqrt = Flag->getZExtValue();
  else if (const Function *Sqrt = M.getFunction("__nv_sqrtf");
           Sqrt && !Sqrt->use_empty() &&
           all_of(Sqrt->users(), [](const User *U) {
             const auto *Call = dyn_cast<CallBase>(U);
             return Call && isa<FPMathOperator>(Call) &&
                    Call->getFastMathFlags().approxFunc();
           }))
    PrecSqrt = 0;
  for (StringRef Name :
       {"__nvvm_reflect", "__nvvm_reflect_ocl", "llvm.nvvm.reflect"}) {
    Function *Reflect = M.getFunction(Name);
    if (!Reflect)
      continue;
    for (User *U : make_early_inc_range(Reflect->users())) {
      auto *Call = dyn_cast<CallBase>(U);
      std::optional<StringRef> Key = Call ? reflectKey(*Call) : std::nullopt;
      if (!Key) // left to the backend, which reports it
        continue;
      const uint64_t Value = *Key == "__CUDA_ARCH"        ? Sm * 10
                             : *Key == "__CUDA_FTZ"       ? Ftz
                             : *Key == "__CUDA_PREC_SQRT" ? PrecSqrt
                                                          : 0;
      foldInto(*Call, ConstantInt::get(Call->getType(), Value));
    }
    if (Reflect->use_empty())
      Reflect->eraseFromParent();
  }
}

/// Clang's OpenMP wrapper for <complex> defines the helpers that complex
/// multiplication and division call (__muldc3, ...) in every device compile
/// that includes it, as weak functions, and for NVPTX they call libdevice
/// (__nv_logb, __nv_scalbn). An image is never linked with anything else,
/// so those that nothing calls are dead: removed, they cost no libdevice.
bool dropUncalledComplexHelpers(Module &M) {
  bool Dropped = false;
  for (StringRef Name : {"__muldc3", "__mulsc3", "__divdc3", "__divsc3"})
    if (Function *F = M.getFunction(Name);
        F && !F->isDeclaration() && F->use_empty()) {
      F->eraseFromParent();
      Dropped = true;
    }
  return Dropped;
}

/// Links libdevice into M, which uses it; false if it cannot.
bool linkLibdevice(Module &M, const DefinitionDefaults &Defaults) {
  std::optional<std::string> Libdevice = findLibdevice();
  if (!Libdevice) {
    error(M, "the kernels call CUDA's libdevice (" + firstUse(M, {"__nv_"}) +
                 "), which was not found as nvvm/libdevice/libdevice.10.bc "
                 "beside ptxas's CUDA: install the CUDA toolkit or set "
                 "OFFLOAD_CUDA_PATH to it");
    return false;
  }
  const unsigned Before = definedFunctions(M);
  if (!linkBuiltinBitcode(M, *Libdevice, Defaults))
    return false;
  answerReflections(M, Defaults.cpu());
  remark(M, formatv("{0}: linked {1} functions of {2}", Defaults.cpu(),
                    definedFunctions(M) - Before, *Libdevice)
                .str());
  return true;
}

/// An oclc control library: one constant that ocml or ockl reads, in one
/// file per value.
struct Control {
  StringRef Variable;
  std::string File; // in the device library folder, without .bc
  uint64_t Value;
};

Control onOff(StringRef Variable, StringRef File, bool On) {
  return {Variable, (File + (On ? "_on" : "_off")).str(), On};
}

/// Whether the code calls ocml only with the fast-math flags that
/// -funsafe-math-optimizations (and -ffast-math) put on floating-point
/// calls. (Clang 22 no longer says so in a function attribute.)
bool callsOcmlUnsafely(const Module &M) {
  bool Any = false;
  for (const Function &F : M) {
    if (!F.isDeclaration() || !F.getName().starts_with("__ocml_"))
      continue;
    for (const User *U : F.users()) {
      auto *Call = dyn_cast<CallBase>(U);
      if (!Call || !isa<FPMathOperator>(Call))
        continue;
      const FastMathFlags FMF = Call->getFastMathFlags();
      if (!FMF.allowReassoc() || !FMF.noSignedZeros() ||
          !FMF.allowReciprocal() || !FMF.approxFunc())
        return false;
      Any = true;
    }
  }
  return Any;
}

/// The control libraries clang's driver picks for a HIP or OpenMP compile
/// (ROCMToolChain::getCommonDeviceLibNames), from what the options left in
/// the module: flushed f32 denormals (-fgpu-flush-denormals-to-zero),
/// -funsafe-math-optimizations (Unsafe), -ffinite-math-only (both in
/// -ffast-math), correctly rounded f32 sqrt (the default, which OpenMP
/// keeps), the wavefront size, the ISA version and the code object version.
std::vector<Control> controls(const Module &M,
                              const DefinitionDefaults &Defaults, bool Unsafe) {
  const StringRef Cpu = Defaults.cpu();
  const AMDGPU::IsaVersion Isa = AMDGPU::getIsaVersion(Cpu);
  // gfx10 and newer run wave32 unless asked; gfx9 and older only wave64.
  const bool Wave64 =
      Defaults.hasFeature("+wavefrontsize64") ||
      (!Defaults.hasFeature("+wavefrontsize32") && Isa.Major < 10);
  // Clang records the code object version (500, 600) in every module.
  uint64_t Abi = 500;
  if (auto *Flag = mdconst::extract_or_null<ConstantInt>(
          M.getModuleFlag("amdhsa_code_object_version")))
    Abi = Flag->getZExtValue();
  return {
      onOff("__oclc_daz_opt", "oclc_daz_opt", Defaults.flushesF32Denormals()),
      onOff("__oclc_unsafe_math_opt", "oclc_unsafe_math", Unsafe),
      onOff("__oclc_finite_only_opt", "oclc_finite_only",
            Defaults.isTrue("no-infs-fp-math") &&
                Defaults.isTrue("no-nans-fp-math")),
      onOff("__oclc_correctly_rounded_sqrt32", "oclc_correctly_rounded_sqrt",
            true),
      onOff("__oclc_wavefrontsize64", "oclc_wavefrontsize64", Wave64),
      {"__oclc_ISA_version", ("oclc_isa_version_" + Cpu.drop_front(3)).str(),
       Isa.Major * 1000 + Isa.Minor * 100 + Isa.Stepping},
      {"__oclc_ABI_version", "oclc_abi_version_" + std::to_string(Abi), Abi}};
}

/// Links what M uses of ocml and ockl into M, with the control libraries
/// they read; false if it cannot.
bool linkRocmDeviceLibs(Module &M, const DefinitionDefaults &Defaults) {
  const bool Ocml = usesLibrary(M, "__ocml_");
  const bool Unsafe = callsOcmlUnsafely(M);
  std::optional<std::string> Dir = findRocmDeviceLibs();
  if (!Dir) {
    error(M, "the kernels call ROCm's device libraries (" +
                 firstUse(M, {"__ocml_", "__ockl_"}) +
                 "), which were not found: install them with "
                 "'apt-get install rocm-device-libs', or set "
                 "OFFLOAD_ROCM_PATH to a ROCm installation");
    return false;
  }
  auto In = [&](StringRef File) {
    SmallString<256> Path(*Dir);
    sys::path::append(Path, File + ".bc");
    return std::string(Path);
  };
  const unsigned Before = definedFunctions(M);
  SmallVector<std::string> Linked;
  // ocml and ockl do not call each other.
  if (Ocml) {
    if (!linkBuiltinBitcode(M, In("ocml"), Defaults))
      return false;
    Linked.push_back("ocml");
  }
  if (usesLibrary(M, "__ockl_")) {
    if (!linkBuiltinBitcode(M, In("ockl"), Defaults))
      return false;
    Linked.push_back("ockl");
  }
  // Then the constants that what was linked reads. An older package has no
  // file for a newer GPU or code object version (rocm-device-libs 5.2 knows
  // neither gfx942 nor version 600): the constant is then defined here, with
  // the value such a file would hold.
  for (const Control &C : controls(M, Defaults, Unsafe)) {
    GlobalVariable *GV =
        M.getGlobalVariable(C.Variable, /*AllowInternal=*/true);
    if (!GV || !GV->isDeclaration())
      continue;
    if (const std::string Path = In(C.File); sys::fs::exists(Path)) {
      if (!linkBuiltinBitcode(M, Path, Defaults))
        return false;
      Linked.push_back(C.File);
    } else if (auto *Ty = dyn_cast<IntegerType>(GV->getValueType())) {
      GV->setInitializer(ConstantInt::get(Ty, C.Value));
      GV->setConstant(true);
      GV->setLinkage(GlobalValue::InternalLinkage);
      GV->setVisibility(GlobalValue::DefaultVisibility);
      GV->setDSOLocal(true);
      Linked.push_back((C.Variable + " = " + Twine(C.Value)).str());
    }
  }
  remark(M, formatv("{0}: linked {1} functions of {2} ({3})", Defaults.cpu(),
                    definedFunctions(M) - Before, *Dir, join(Linked, ", "))
                .str());
  return true;
}

} // namespace

PreservedAnalyses DeviceLibrariesPass::run(Module &M, ModuleAnalysisManager &) {
  const Triple T(M.getTargetTriple());
  if (!T.isNVPTX() && !T.isAMDGCN())
    return PreservedAnalyses::all();
  const bool Dropped = T.isNVPTX() && dropUncalledComplexHelpers(M);
  const bool UsesMath =
      T.isNVPTX() ? usesLibrary(M, "__nv_")
                  : usesLibrary(M, "__ocml_") || usesLibrary(M, "__ockl_");
  const bool UsesC = usesCLibrary(M);
  // Whatever calls the library was defined by clang, with the defaults.
  std::optional<DefinitionDefaults> Defaults =
      UsesMath || UsesC ? DefinitionDefaults::of(M) : std::nullopt;
  if (!Defaults)
    return Dropped ? PreservedAnalyses::none() : PreservedAnalyses::all();
  // Linked or not (an error was reported), the module may have changed.
  if (UsesC)
    linkCLibrary(M, *Defaults);
  if (UsesMath && T.isNVPTX())
    linkLibdevice(M, *Defaults);
  else if (UsesMath)
    linkRocmDeviceLibs(M, *Defaults);
  return PreservedAnalyses::none();
}

} // namespace offload::plugin
