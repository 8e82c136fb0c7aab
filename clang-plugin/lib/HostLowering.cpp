//===- HostLowering.cpp - Embedding and registering the device images ----===//

#include "HostLowering.h"
#include "ClosureEntries.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <offload/detail/abi.hpp>

using namespace llvm;

namespace offload::plugin {
namespace {

// Before user constructors, so that they may offload too.
constexpr int RegistrationPriority = 101;

class Lowering {
public:
  Lowering(Module &M, const LoweringState &S)
      : M(M), S(S), C(M.getContext()), Ptr(PointerType::getUnqual(C)),
        I32(Type::getInt32Ty(C)),
        I64(Type::getInt64Ty(C)) {}

  void run();

private:
  GlobalVariable *global(StringRef Name, Constant *Init, bool IsConstant,
                         MaybeAlign Align = std::nullopt) {
    auto *GV = new GlobalVariable(M, Init->getType(), IsConstant,
                                  GlobalValue::InternalLinkage, Init, Name);
    if (Align)
      GV->setAlignment(*Align);
    Created.push_back(GV);
    return GV;
  }
  Constant *string(StringRef Name, StringRef Text) {
    GlobalVariable *GV = global(
        Name, ConstantDataArray::getString(C, Text), /*IsConstant=*/true);
    GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    return GV;
  }

  Module &M;
  const LoweringState &S;
  LLVMContext &C;
  PointerType *Ptr;
  Type *I32, *I64;
  std::vector<GlobalValue *> Created;
};

void Lowering::run() {
  const std::vector<KernelInstance> &Kernels = S.Kernels.Kernels;
  // offload::detail::abi::KernelRecord, DeviceImage and Registration.
  StructType *KernelTy = StructType::get(C, {Ptr, Ptr, Ptr, Ptr});
  StructType *ImageTy = StructType::get(C, {Ptr, Ptr, Ptr});
  StructType *RegistrationTy =
      StructType::get(C, {I32, I32, Ptr, I32, I32, Ptr, Ptr});
  const DataLayout &DL = M.getDataLayout();
  if (DL.getTypeAllocSize(KernelTy) != sizeof(detail::abi::KernelRecord) ||
      DL.getTypeAllocSize(ImageTy) != sizeof(detail::abi::DeviceImage) ||
      DL.getTypeAllocSize(RegistrationTy) != sizeof(detail::abi::Registration))
    report_fatal_error("cxx-offload: the registration records' IR layout "
                       "differs from offload/detail/abi.hpp on this target");

  SmallVector<Constant *> Records;
  const auto ClosureKeys = closureFunctions(M, ClosureKeyTag);
  for (const KernelInstance &K : Kernels) {
    // The key is the kernel's host function, whose address offload() passes
    // (for a closure, its callClosure, found by the ClosureId annotation).
    // A kernel this module never refers to cannot be launched from here.
    Function *F = M.getFunction(K.Mangled);
    if (!K.Closure.empty()) {
      std::uint64_t Id = 0;
      F = StringRef(K.Closure).getAsInteger(16, Id) ? nullptr
                                                     : ClosureKeys.lookup(Id);
    }
    if (!F)
      continue;
    // Each parameter's name once per slot, for the transfer report.
    SmallVector<StringRef> SlotNames;
    for (const KernelParam &P : K.Params)
      for (const KernelParam &Leaf : P.leaves())
        SlotNames.append(Leaf.Slots, Leaf.Name);
    Records.push_back(ConstantStruct::get(
        KernelTy, {F, string("__offload.entry_name." + K.Entry, K.Entry),
                   string("__offload.kernel_name." + K.Entry, K.Name),
                   string("__offload.slot_names." + K.Entry,
                          join(SlotNames, ","))}));
  }

  SmallVector<Constant *> Images;
  std::uint32_t ImagesCrc = 0;
  for (const DeviceImage &Image : S.Images) {
    ImagesCrc = crc32(ImagesCrc, arrayRefFromStringRef(Image.Bytes));
    Constant *Bytes = ConstantDataArray::getString(C, Image.Bytes, false);
    GlobalVariable *GV = global("__offload.image." + Image.For.Name, Bytes,
                                /*IsConstant=*/true, Align(16));
    Constant *End = ConstantExpr::getInBoundsGetElementPtr(
        Bytes->getType(), GV, ArrayRef<Constant *>{ConstantInt::get(I64, 1)});
    Images.push_back(ConstantStruct::get(
        ImageTy, {GV, End,
                  string("__offload.target." + Image.For.Name,
                         Image.For.Name)}));
  }
  auto *ImagesTy = ArrayType::get(ImageTy, Images.size());
  GlobalVariable *ImageTable =
      global("__offload.images", ConstantArray::get(ImagesTy, Images),
             /*IsConstant=*/true, Align(8));
  auto *RecordsTy = ArrayType::get(KernelTy, Records.size());
  GlobalVariable *RecordTable =
      global("__offload.kernels", ConstantArray::get(RecordsTy, Records),
             /*IsConstant=*/true, Align(8));
  GlobalVariable *Registration = global(
      "__offload.registration",
      ConstantStruct::get(RegistrationTy,
                          {ConstantInt::get(I32, S.Kernels.Abi),
                           ConstantInt::get(I32, Records.size()), RecordTable,
                           ConstantInt::get(I32, Images.size()),
                           ConstantInt::get(I32, ImagesCrc), ImageTable,
                           string("__offload.source", S.Kernels.Source)}),
      /*IsConstant=*/true, Align(8));

  FunctionCallee Register = M.getOrInsertFunction(
      "__cxxoffload_register", FunctionType::get(Type::getVoidTy(C), {Ptr}, false));
  Function *Ctor = Function::Create(FunctionType::get(Type::getVoidTy(C), false),
                                    GlobalValue::InternalLinkage,
                                    "__offload.register", M);
  IRBuilder<> B(BasicBlock::Create(C, "entry", Ctor));
  B.CreateCall(Register, {Registration});
  B.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, RegistrationPriority);
  Created.push_back(Ctor);

  if (S.DumpHostIR)
    for (GlobalValue *GV : Created) {
      // The images are binary: say how big they are instead.
      if (GV->getName().starts_with("__offload.image."))
        outs() << "@" << GV->getName() << " = <"
               << cast<GlobalVariable>(GV)->getInitializer()->getType()
                      ->getArrayNumElements()
               << " bytes>\n";
      else
        GV->print(outs());
      if (isa<GlobalVariable>(GV))
        outs() << "\n";
    }
}

} // namespace

PreservedAnalyses HostLoweringPass::run(Module &M, ModuleAnalysisManager &) {
  if (State->Complete && !std::exchange(State->Complete, nullptr)())
    return PreservedAnalyses::all();
  if (State->Images.empty())
    return PreservedAnalyses::all();
  Lowering(M, *State).run();
  return PreservedAnalyses::none();
}

} // namespace offload::plugin
