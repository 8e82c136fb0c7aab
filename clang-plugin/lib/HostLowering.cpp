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
        I32(Type::getInt32Ty(C)), I64(Type::getInt64Ty(C)) {}

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
    GlobalVariable *GV = global(Name, ConstantDataArray::getString(C, Text),
                                /*IsConstant=*/true);
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

/// The IR type of a field of an ABI record: every pointer is `ptr`.
template <class T> Type *irType(LLVMContext &C) {
  if constexpr (std::is_pointer_v<T>)
    return PointerType::getUnqual(C);
  else
    return IntegerType::get(C, 8 * sizeof(T));
}

/// One ABI record as an IR struct type, generated from its field list in
/// offload/detail/abi.hpp, and its constants filled field by field.
template <class Record> class AbiRecord {
public:
  AbiRecord(const DataLayout &DL, StructType *Ty,
            std::initializer_list<std::size_t> Offsets)
      : Ty(Ty) {
    // The field lists make both; the target's layout must agree too.
    const StructLayout *L = DL.getStructLayout(Ty);
    bool Same = L->getSizeInBytes() == sizeof(Record);
    unsigned I = 0;
    for (std::size_t Offset : Offsets)
      Same &= L->getElementOffset(I++) == Offset;
    if (!Same)
      report_fatal_error("cxx-offload: the registration records' IR layout "
                         "differs from offload/detail/abi.hpp on this target");
  }
  StructType *type() const { return Ty; }
  /// Values in the order of the record's fields.
  Constant *get(ArrayRef<Constant *> Values) const {
    return ConstantStruct::get(Ty, Values);
  }

private:
  StructType *Ty;
};

#define OFFLOAD_IR_TYPE(Type, Field) irType<Type>(C),
#define OFFLOAD_IR_OFFSET(Type, Field) offsetof(Record, Field),
// AbiRecord<R> for R's field list FIELDS (offload/detail/abi.hpp).
#define OFFLOAD_IR_RECORD(R, FIELDS)                                           \
  [&] {                                                                        \
    using Record = R;                                                          \
    return AbiRecord<Record>(DL,                                               \
                             StructType::get(C, {FIELDS(OFFLOAD_IR_TYPE)}),    \
                             {FIELDS(OFFLOAD_IR_OFFSET)});                     \
  }()

void Lowering::run() {
  namespace abi = detail::abi;
  const std::vector<KernelInstance> &Kernels = S.Kernels.Kernels;
  const DataLayout &DL = M.getDataLayout();
  const auto Kernel =
      OFFLOAD_IR_RECORD(abi::KernelRecord, OFFLOAD_ABI_KERNEL_RECORD);
  const auto Image =
      OFFLOAD_IR_RECORD(abi::DeviceImage, OFFLOAD_ABI_DEVICE_IMAGE);
  const auto Registered =
      OFFLOAD_IR_RECORD(abi::Registration, OFFLOAD_ABI_REGISTRATION);

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
    // Key, Symbol, Name, SlotNames, BlockX, BlockY, BlockZ.
    Records.push_back(Kernel.get(
        {F, string("__offload.entry_name." + K.Entry, K.Entry),
         string("__offload.kernel_name." + K.Entry, K.Name),
         string("__offload.slot_names." + K.Entry, join(SlotNames, ",")),
         ConstantInt::get(I32, K.Block[0]), ConstantInt::get(I32, K.Block[1]),
         ConstantInt::get(I32, K.Block[2])}));
  }

  SmallVector<Constant *> Images;
  std::uint32_t ImagesCrc = 0;
  for (const DeviceImage &Built : S.Images) {
    ImagesCrc = crc32(ImagesCrc, arrayRefFromStringRef(Built.Bytes));
    Constant *Bytes = ConstantDataArray::getString(C, Built.Bytes, false);
    GlobalVariable *GV = global("__offload.image." + Built.For.Name, Bytes,
                                /*IsConstant=*/true, Align(16));
    Constant *End = ConstantExpr::getInBoundsGetElementPtr(
        Bytes->getType(), GV, ArrayRef<Constant *>{ConstantInt::get(I64, 1)});
    // Begin, End, Target.
    Images.push_back(Image.get(
        {GV, End,
         string("__offload.target." + Built.For.Name, Built.For.Name)}));
  }
  auto *ImagesTy = ArrayType::get(Image.type(), Images.size());
  GlobalVariable *ImageTable =
      global("__offload.images", ConstantArray::get(ImagesTy, Images),
             /*IsConstant=*/true, Align(8));
  auto *RecordsTy = ArrayType::get(Kernel.type(), Records.size());
  GlobalVariable *RecordTable =
      global("__offload.kernels", ConstantArray::get(RecordsTy, Records),
             /*IsConstant=*/true, Align(8));
  // AbiVersion, NumKernels, Kernels, NumImages, ImagesCrc, Images, Source.
  GlobalVariable *RegistrationGV =
      global("__offload.registration",
             Registered.get({ConstantInt::get(I32, S.Kernels.Abi),
                             ConstantInt::get(I32, Records.size()), RecordTable,
                             ConstantInt::get(I32, Images.size()),
                             ConstantInt::get(I32, ImagesCrc), ImageTable,
                             string("__offload.source", S.Kernels.Source)}),
             /*IsConstant=*/true, Align(8));

  // Registered by a constructor, unregistered by a destructor: a shared
  // library that is closed takes its kernels and images with it.
  auto Hook = [&](StringRef Callee, StringRef Name) {
    FunctionCallee Runtime = M.getOrInsertFunction(
        Callee, FunctionType::get(Type::getVoidTy(C), {Ptr}, false));
    Function *F = Function::Create(FunctionType::get(Type::getVoidTy(C), false),
                                   GlobalValue::InternalLinkage, Name, M);
    IRBuilder<> B(BasicBlock::Create(C, "entry", F));
    B.CreateCall(Runtime, {RegistrationGV});
    B.CreateRetVoid();
    Created.push_back(F);
    return F;
  };
  appendToGlobalCtors(M, Hook("__cxxoffload_register", "__offload.register"),
                      RegistrationPriority);
  appendToGlobalDtors(M,
                      Hook("__cxxoffload_unregister", "__offload.unregister"),
                      RegistrationPriority);

  if (S.DumpHostIR)
    for (GlobalValue *GV : Created) {
      // The images are binary: say how big they are instead.
      if (GV->getName().starts_with("__offload.image."))
        outs() << "@" << GV->getName() << " = <"
               << cast<GlobalVariable>(GV)
                      ->getInitializer()
                      ->getType()
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
