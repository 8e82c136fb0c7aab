//===- TeamLockstep.cpp - A block's threads as loops between barriers -----===//

#include "TeamLockstep.h"

#include <offload/detail/abi.hpp>

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace offload::plugin {
namespace {

constexpr const char *RemarkPass = "offload-team";

/// The scheduler as offload/team.hpp and abi.hpp define it: the one place
/// the pass knows the library.
struct Scheduler {
  Function *RunBlock, *Barrier, *Rank; // may be absent
  GlobalVariable *Table;               // abi::HostTeamOps *
  Function *Tile; // calls through the table, reaches no barrier

  static std::optional<Scheduler> find(Module &M) {
    Scheduler S{M.getFunction(OFFLOAD_TEAM_RUN_BLOCK),
                M.getFunction(OFFLOAD_TEAM_BARRIER),
                M.getFunction(OFFLOAD_TEAM_RANK),
                M.getNamedGlobal(OFFLOAD_HOST_TEAM_TABLE),
                M.getFunction(OFFLOAD_TEAM_TILE)};
    if (!S.RunBlock || !S.Table)
      return std::nullopt;
    return S;
  }

  /// Calls the table's function at Offset (offsetof abi::HostTeamOps).
  CallInst *call(IRBuilder<> &B, size_t Offset, FunctionType *Type,
                 ArrayRef<Value *> Args) const {
    Value *Ops = B.CreateLoad(B.getPtrTy(), Table);
    Value *Function = B.CreateLoad(
        B.getPtrTy(), B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ops, Offset));
    return B.CreateCall(Type, Function, Args);
  }
  void nextRound(IRBuilder<> &B) const {
    call(B, offsetof(detail::abi::HostTeamOps, nextRound),
         FunctionType::get(B.getVoidTy(), false), {});
  }
  void divergent(IRBuilder<> &B, Value *A, Value *Other) const {
    call(B, offsetof(detail::abi::HostTeamOps, divergent),
         FunctionType::get(B.getVoidTy(), {B.getPtrTy(), B.getPtrTy()}, false),
         {A, Other})
        ->setDoesNotReturn();
  }
  void runLockstep(IRBuilder<> &B, Value *Team, Value *Block, Value *Context,
                   uint64_t FrameBytes) const {
    call(B, offsetof(detail::abi::HostTeamOps, runLockstep),
         FunctionType::get(
             B.getVoidTy(),
             {B.getPtrTy(), B.getPtrTy(), B.getPtrTy(), B.getInt64Ty()}, false),
         {Team, Block, Context, B.getInt64(FrameBytes)});
  }
};

/// The functions that may reach a barrier: those that call it, or call
/// through a pointer, directly or through others.
DenseSet<const Function *> reachingBarrier(Module &M, const Scheduler &S) {
  DenseSet<const Function *> Reaching;
  SmallVector<const Function *> Work;
  if (S.Barrier)
    Work.push_back(S.Barrier);
  for (const Function &F : M)
    for (const Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallBase>(&I);
          Call && Call->isIndirectCall() && !Call->isInlineAsm() &&
          &F != S.Tile && Reaching.insert(&F).second) {
        Work.push_back(&F);
        break;
      }
  while (!Work.empty())
    for (const User *U : Work.pop_back_val()->users())
      if (auto *Call = dyn_cast<CallBase>(U))
        if (Reaching.insert(Call->getFunction()).second)
          Work.push_back(Call->getFunction());
  return Reaching;
}

/// The kernel's name in a thread function's name (its ConstantKernel<&k>
/// template argument), for remarks.
std::string kernelName(const Function &F) {
  const std::string Name = demangle(F.getName());
  const std::string Key = "ConstantKernel<&";
  const size_t At = Name.find(Key);
  if (At == std::string::npos)
    return Name;
  const size_t Begin = At + Key.size();
  return Name.substr(Begin, Name.find_first_of("(<>", Begin) - Begin);
}

/// The kernel itself where the module defines it (its remarks then point at
/// its definition in the user's source), else its thread function.
const Function &kernelFunction(const Function &Thread) {
  const std::string Name = kernelName(Thread) + "(";
  for (const Function &F : *Thread.getParent())
    if (!F.isDeclaration() &&
        StringRef(demangle(F.getName())).starts_with(Name))
      return F;
  return Thread;
}

/// One thread function turned into its lockstep form.
class Lockstep {
public:
  Lockstep(Function &F, const Scheduler &S) : F(F), S(S), M(*F.getParent()) {}

  /// Inlines what may reach a barrier into F, and checks what the turn
  /// needs; the reason it cannot be turned otherwise.
  std::optional<std::string>
  prepare(const DenseSet<const Function *> &Reaching);
  /// Builds the lockstep function from F (whose values live across a
  /// barrier it moves to memory first).
  Function *build();
  uint64_t frameBytes() const { return FrameBytes; }
  unsigned barriers() const { return BarrierBlocks.size(); }

private:
  struct Region {
    BasicBlock *Start = nullptr;                  // in F
    BasicBlock *Enter = nullptr, *Head = nullptr; // in the lockstep function
  };

  void splitAtBarriers();
  /// What recomputable() found a value to be computed from.
  struct Recomputed {
    SmallPtrSet<Instruction *, 16> Instructions;
    Value *Leaf = nullptr;
  };
  bool recomputable(Value *V, Recomputed &Seen) const;
  Value *recompute(Value *V, Instruction *Before);
  void recomputeAcrossBarriers();
  void demoteValuesAcrossBarriers();
  bool liveAcrossBarrier(Instruction &I) const;
  CallBase *blockTile(AllocaInst &A) const;
  void findUniformValues();
  Value *hoist(Value *V, IRBuilder<> &B);
  void layOutFrame();
  Region &region(BasicBlock *Start);
  void buildRegion(Region &R);
  Value *site(IRBuilder<> &B, Value *Exit);

  Function &F;
  const Scheduler &S;
  Module &M;
  SmallVector<AllocaInst *> Allocas; // a slot per thread each
  // Allocas that hold a tile call's result, the same for the whole block
  // (in the lockstep function, one copy filled on entry: OnEntry).
  SmallVector<std::pair<AllocaInst *, CallBase *>> BlockTiles;
  // Values the same for every thread of the block, from the launch's
  // constants (the context and the slots it points to) and the block's
  // tiles: what crosses a barrier of them is computed once, on entry.
  DenseSet<const Instruction *> Uniform;
  SmallVector<Instruction *> Hoisted;
  DenseMap<PHINode *, Instruction *> PhiCopies; // see recompute()
  ValueToValueMapTy OnEntry;
  bool isBlockTileCall(const Instruction &I) const {
    auto *Call = dyn_cast<CallBase>(&I);
    return Call && Call->getCalledFunction() == S.Tile &&
           any_of(BlockTiles, [&](auto &T) {
             return OnEntry.lookup(T.first) == Call->getArgOperand(0);
           });
  }
  SmallVector<uint64_t> SlotOffsets, SlotSizes;
  uint64_t FrameBytes = 0;
  SmallVector<BasicBlock *> BarrierBlocks; // each holds its call and a branch
  SmallVector<CallBase *> BarrierCalls;
  DenseMap<BasicBlock *, unsigned> BarrierIndex;
  // The lockstep function.
  Function *L = nullptr;
  Value *Context = nullptr, *Threads = nullptr, *Frames = nullptr;
  SmallVector<Value *> SlotBases;
  std::map<BasicBlock *, Region> Regions;
  SmallVector<Region *> Pending;
  BasicBlock *Return = nullptr;
};

std::optional<std::string>
Lockstep::prepare(const DenseSet<const Function *> &Reaching) {
  if (F.arg_size() != 2 || !F.getReturnType()->isVoidTy())
    return "its thread function is not the scheduler's";
  // A barrier must be in F itself: inline what reaches one.
  for (unsigned Round = 0;; ++Round) {
    SmallVector<CallBase *> Inline;
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call)
        continue;
      if (isa<InvokeInst, CallBrInst>(Call))
        return "it may throw";
      Function *Callee = Call->getCalledFunction();
      if (!Callee) {
        if (!Call->isInlineAsm())
          return "it calls a function through a pointer";
        continue;
      }
      if (Callee == S.Barrier || Callee == S.Rank || !Reaching.count(Callee))
        continue;
      if (Callee->isDeclaration() || Callee == &F)
        return "it reaches a barrier through '" + demangle(Callee->getName()) +
               "', which cannot be inlined";
      Inline.push_back(Call);
    }
    if (Inline.empty())
      break;
    if (Round == 16)
      return "it reaches a barrier through recursion";
    for (CallBase *Call : Inline) {
      InlineFunctionInfo Info;
      if (!InlineFunction(*Call, Info).isSuccess())
        return "a call that reaches a barrier cannot be inlined";
    }
  }
  for (Instruction &I : instructions(F))
    if (auto *A = dyn_cast<AllocaInst>(&I); A && !A->isStaticAlloca())
      return "it has a local of variable size";
  return std::nullopt;
}

/// Each barrier call alone in its block, whose one successor has no other
/// predecessor: so no code of F is outside the regions between barriers.
void Lockstep::splitAtBarriers() {
  auto IsBarrier = [&](const Instruction &I) {
    const auto *Call = dyn_cast<CallBase>(&I);
    return Call && Call->getCalledFunction() == S.Barrier;
  };
  // The second of two barriers with nothing between them that a barrier
  // orders (a chain of tile fills) would be an empty round over the
  // block's threads: it goes, as GpuBarrierMergePass does on GPUs.
  auto FollowsBarrier = [&](Instruction &I) {
    for (Instruction *P = I.getPrevNode(); P; P = P->getPrevNode()) {
      if (IsBarrier(*P))
        return true;
      if (P->mayReadOrWriteMemory() || P->mayHaveSideEffects() ||
          isa<PHINode>(P))
        return false;
    }
    return false;
  };
  SmallVector<CallBase *> Calls, Redundant;
  for (Instruction &I : instructions(F))
    if (IsBarrier(I))
      (FollowsBarrier(I) ? Redundant : Calls).push_back(cast<CallBase>(&I));
  for (CallBase *Call : Redundant)
    Call->eraseFromParent();
  for (CallBase *Call : Calls) {
    BasicBlock *Block = SplitBlock(Call->getParent(), Call);
    SplitBlock(Block, Call->getNextNode());
    BarrierIndex[Block] = BarrierBlocks.size();
    BarrierBlocks.push_back(Block);
    BarrierCalls.push_back(Call);
  }
}

/// Whether I's value is live on entry to a barrier's block: a use that a
/// path from the barrier reaches without passing I's definition.
bool Lockstep::liveAcrossBarrier(Instruction &I) const {
  BasicBlock *Def = I.getParent();
  SmallPtrSet<BasicBlock *, 16> LiveIn;
  SmallVector<BasicBlock *> Work;
  for (Use &U : I.uses()) {
    auto *User = cast<Instruction>(U.getUser());
    BasicBlock *At = User->getParent();
    if (BarrierIndex.count(At)) // a barrier's name: see site()
      continue;
    if (auto *Phi = dyn_cast<PHINode>(User))
      At = Phi->getIncomingBlock(U); // live out of the incoming block
    else if (At == Def)
      continue;
    if (At != Def && LiveIn.insert(At).second)
      Work.push_back(At);
  }
  while (!Work.empty()) {
    BasicBlock *B = Work.pop_back_val();
    if (BarrierIndex.count(B))
      return true;
    for (BasicBlock *Pred : predecessors(B))
      if (Pred != Def && LiveIn.insert(Pred).second)
        Work.push_back(Pred);
  }
  return false;
}

/// Arithmetic: what may be computed again elsewhere from its operands.
bool isArithmetic(const Instruction &I) {
  return isa<GetElementPtrInst, CastInst, BinaryOperator, CmpInst, SelectInst>(
      I);
}

// A thread's index math (addresses of its tile entries from its rank)
// is cheaper computed again after a barrier than kept in the frame, where
// every use is a load through its slot's address: MASS3DPA's thread kept
// 1100 bytes across its barriers, most of them such addresses.
constexpr unsigned MaxRecomputed = 24;

/// Whether V can be computed again wherever it is used: a constant, an
/// argument (the context, the rank), a value the block's threads share, a
/// phi (a loop's index: kept in the frame once for all that derive from
/// it), or arithmetic on those of at most MaxRecomputed instructions and
/// on at most one other value, the leaf (a loaded pointer: kept in the frame
/// once for all the addresses derived from it).
bool Lockstep::recomputable(Value *V, Recomputed &Seen) const {
  if (isa<Constant, Argument, PHINode>(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Uniform.count(I) || Seen.Instructions.contains(I))
    return I != nullptr;
  if (!isArithmetic(*I) || I->mayReadOrWriteMemory() ||
      I->mayHaveSideEffects()) {
    if (isa<AllocaInst>(I) || (Seen.Leaf && Seen.Leaf != I))
      return false;
    Seen.Leaf = I;
    return true;
  }
  if (Seen.Instructions.size() == MaxRecomputed)
    return false;
  Seen.Instructions.insert(I);
  return all_of(I->operands(),
                [&](Value *Op) { return recomputable(Op, Seen); });
}

/// A copy of V's computation before Before (V recomputable). A phi's
/// value is read from a copy made where the phi is: a demoted phi's slot
/// takes the next value at the end of each predecessor (a loop's latch),
/// which a use after the loop must not see; the copy's slot changes only
/// where the phi does, and every path from there to the use passes V's
/// definition again. A leaf is used as it is: it dominates V, and every
/// path from it to V's use passes V's definition, so its slot still holds
/// the value V was computed from.
Value *Lockstep::recompute(Value *V, Instruction *Before) {
  if (auto *Phi = dyn_cast<PHINode>(V)) {
    Instruction *&Copy = PhiCopies[Phi];
    if (!Copy)
      Copy = new FreezeInst(Phi, Phi->getName() + ".copy",
                            Phi->getParent()->getFirstInsertionPt());
    return Copy;
  }
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Uniform.count(I) || !isArithmetic(*I) ||
      I->mayReadOrWriteMemory() || I->mayHaveSideEffects())
    return V;
  Instruction *Copy = I->clone();
  for (Use &Op : Copy->operands())
    Op.set(recompute(Op.get(), Before));
  Copy->insertBefore(Before->getIterator());
  return Copy;
}

/// Values live across a barrier that are recomputable: their uses outside
/// their block compute them again (the optimizer merges the copies of one
/// region), so they need no slot.
void Lockstep::recomputeAcrossBarriers() {
  SmallVector<Instruction *> Values;
  for (Instruction &I : instructions(F)) {
    Recomputed Seen;
    if (!isa<PHINode>(I) && !Uniform.count(&I) && !I.use_empty() &&
        recomputable(&I, Seen) && Seen.Leaf != &I && liveAcrossBarrier(I))
      Values.push_back(&I);
  }
  for (Instruction *I : Values)
    for (Use &U : make_early_inc_range(I->uses())) {
      auto *User = cast<Instruction>(U.getUser());
      Instruction *At = User;
      if (auto *Phi = dyn_cast<PHINode>(User))
        At = Phi->getIncomingBlock(U)->getTerminator();
      if (At->getParent() != I->getParent() &&
          !BarrierIndex.count(At->getParent()))
        U.set(recompute(I, At));
    }
}

void Lockstep::demoteValuesAcrossBarriers() {
  SmallVector<Instruction *> Values;
  SmallVector<PHINode *> Phis;
  for (Instruction &I : instructions(F)) {
    if (isa<AllocaInst>(I) || I.getType()->isVoidTy() || I.use_empty() ||
        !liveAcrossBarrier(I))
      continue;
    if (Uniform.count(&I)) {
      Hoisted.push_back(&I);
      continue;
    }
    if (auto *Phi = dyn_cast<PHINode>(&I))
      Phis.push_back(Phi);
    else
      Values.push_back(&I);
  }
  BasicBlock::iterator AllocaAt = F.getEntryBlock().getFirstInsertionPt();
  for (Instruction *I : Values)
    DemoteRegToStack(*I, false, AllocaAt);
  for (PHINode *Phi : Phis) {
    // The one load that replaces the phi would be live across the barrier
    // in its turn: read the slot at each use instead.
    BasicBlock *Block = Phi->getParent();
    AllocaInst *Slot = DemotePHIToStack(Phi, AllocaAt);
    LoadInst *Load = nullptr;
    for (User *U : Slot->users())
      if (auto *L = dyn_cast<LoadInst>(U); L && L->getParent() == Block)
        Load = L;
    DenseMap<BasicBlock *, Value *> AtEndOf;
    for (Use &U : make_early_inc_range(Load->uses())) {
      auto *User = cast<Instruction>(U.getUser());
      if (auto *Phi = dyn_cast<PHINode>(User)) {
        BasicBlock *From = Phi->getIncomingBlock(U);
        Value *&Reload = AtEndOf[From];
        if (!Reload)
          Reload = new LoadInst(Load->getType(), Slot, "",
                                From->getTerminator()->getIterator());
        U.set(Reload);
      } else {
        U.set(new LoadInst(Load->getType(), Slot, "", User->getIterator()));
      }
    }
    Load->eraseFromParent();
  }
}

/// Every local of F gets a slot per thread in the frame, slot by slot (the
/// threads' copies of one slot side by side, so that a loop over the
/// threads reads consecutive memory).
/// The tile call that fills A, if A holds only what the call returns for a
/// tile of constant position and size: the same for every thread of the
/// block (but its rank, which the rank function replaced), so the block
/// needs one copy, filled once.
CallBase *Lockstep::blockTile(AllocaInst &A) const {
  CallBase *Tile = nullptr;
  for (User *U : A.users()) {
    if (auto *Call = dyn_cast<CallBase>(U)) {
      if (Tile || Call->getCalledFunction() != S.Tile ||
          Call->getArgOperand(0) != &A ||
          !all_of(drop_begin(Call->args()),
                  [](const Use &Arg) { return isa<Constant>(Arg); }))
        return nullptr;
      Tile = Call;
    } else if (auto *Offset = dyn_cast<GetElementPtrInst>(U)) {
      if (!all_of(Offset->users(),
                  [](const User *V) { return isa<LoadInst>(V); }))
        return nullptr;
    } else if (!isa<LoadInst>(U)) {
      return nullptr;
    }
  }
  return Tile;
}

/// Which values the block's threads share (see Uniform), after the block's
/// tiles are known.
void Lockstep::findUniformValues() {
  for (Instruction &I : F.getEntryBlock())
    if (auto *A = dyn_cast<AllocaInst>(&I)) {
      for (User *U : make_early_inc_range(A->users()))
        if (auto *Marker = dyn_cast<LifetimeIntrinsic>(U))
          Marker->eraseFromParent();
      if (CallBase *Tile = blockTile(*A)) {
        BlockTiles.push_back({A, Tile});
        Uniform.insert(A);
      }
    }
  // Memory that no thread writes during the block: the context, the slots
  // it points to, and the block's tile records.
  auto ConstantMemory = [&](Value *P) {
    P = P->stripInBoundsConstantOffsets();
    if (P == F.getArg(0))
      return true;
    if (auto *Load = dyn_cast<LoadInst>(P))
      return Load->getPointerOperand()->stripInBoundsConstantOffsets() ==
             F.getArg(0);
    return any_of(BlockTiles, [&](auto &T) { return T.first == P; });
  };
  auto Shared = [&](Value *V) {
    if (isa<Constant>(V) || V == F.getArg(0))
      return true;
    auto *I = dyn_cast<Instruction>(V);
    return I && Uniform.count(I);
  };
  // Definitions come before uses in a reverse post-order.
  ReversePostOrderTraversal<Function *> Order(&F);
  for (BasicBlock *Block : Order)
    for (Instruction &I : *Block) {
      // Computed on entry whatever path the thread takes: nothing that
      // may trap (a division a condition guards).
      bool Pure = isArithmetic(I) && isSafeToSpeculativelyExecute(&I);
      if (auto *Load = dyn_cast<LoadInst>(&I))
        Pure = Load->isSimple() && ConstantMemory(Load->getPointerOperand());
      if (Pure && !I.mayHaveSideEffects() && all_of(I.operands(), Shared))
        Uniform.insert(&I);
    }
}

/// V's copy on entry to the lockstep function, with its operands'.
Value *Lockstep::hoist(Value *V, IRBuilder<> &B) {
  if (Value *Copy = OnEntry.lookup(V))
    return Copy;
  auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return V; // a constant
  Instruction *Copy = I->clone();
  for (Use &Op : Copy->operands())
    Op.set(hoist(Op.get(), B));
  B.Insert(Copy);
  OnEntry[V] = Copy;
  return Copy;
}

void Lockstep::layOutFrame() {
  const DataLayout &DL = M.getDataLayout();
  for (Instruction &I : F.getEntryBlock())
    if (auto *A = dyn_cast<AllocaInst>(&I);
        A && none_of(BlockTiles, [&](auto &T) { return T.first == A; }))
      Allocas.push_back(A);
  for (AllocaInst *A : Allocas) {
    const uint64_t Align = A->getAlign().value();
    const uint64_t Size =
        alignTo(A->getAllocationSize(DL)->getFixedValue(), Align);
    FrameBytes = alignTo(FrameBytes, Align);
    SlotOffsets.push_back(FrameBytes);
    SlotSizes.push_back(Size);
    FrameBytes += Size;
  }
}

Lockstep::Region &Lockstep::region(BasicBlock *Start) {
  Region &R = Regions[Start];
  if (!R.Start) {
    R.Start = Start;
    LLVMContext &C = M.getContext();
    R.Enter = BasicBlock::Create(C, "region.enter", L);
    R.Head = BasicBlock::Create(C, "region.thread", L);
    IRBuilder<> B(R.Enter);
    if (Start != &F.getEntryBlock())
      S.nextRound(B);
    B.CreateBr(R.Head);
    Pending.push_back(&R);
  }
  return R;
}

/// A region's name for the barrier its threads reached (Exit: a barrier's
/// index, or -1 for the end of the kernel).
Value *Lockstep::site(IRBuilder<> &B, Value *Exit) {
  Value *Site = B.CreateGlobalString("the end of the kernel", "", 0, &M);
  for (auto [Index, Call] : enumerate(BarrierCalls)) {
    Value *Name = Call->getArgOperand(0);
    if (!isa<Constant>(Name))
      Name = B.CreateGlobalString("a barrier", "", 0, &M);
    Site = B.CreateSelect(B.CreateICmpEQ(Exit, B.getInt32(Index)), Name, Site);
  }
  return Site;
}

/// The region from Start to the barriers it reaches, as a loop over the
/// block's threads:
///   thread: rank = 0.., the slots' addresses for this rank
///           the region's blocks, each exit (a barrier, the end) to exit.K
///   next:   exit = K; lowest and highest exit so far; ++rank < threads?
///   done:   lowest != highest: divergent; else on to the region after it
void Lockstep::buildRegion(Region &R) {
  LLVMContext &C = M.getContext();
  IRBuilder<> B(R.Head);
  Type *I32 = B.getInt32Ty();
  PHINode *Rank = B.CreatePHI(I32, 2, "rank");
  Rank->addIncoming(B.getInt32(0), R.Enter);
  PHINode *Lowest = B.CreatePHI(I32, 2, "exit.lowest");
  PHINode *Highest = B.CreatePHI(I32, 2, "exit.highest");
  Lowest->addIncoming(B.getInt32(INT32_MAX), R.Enter);
  Highest->addIncoming(B.getInt32(INT32_MIN), R.Enter);

  ValueToValueMapTy Map;
  Map[F.getArg(0)] = Context;
  Map[F.getArg(1)] = Rank;
  Value *Rank64 = B.CreateZExt(Rank, B.getInt64Ty());
  // The blocks reachable from Start without passing a barrier.
  SetVector<BasicBlock *> Blocks;
  Blocks.insert(R.Start);
  for (unsigned I = 0; I < Blocks.size(); ++I)
    for (BasicBlock *Succ : successors(Blocks[I]))
      if (!BarrierIndex.count(Succ))
        Blocks.insert(Succ);
  BasicBlock *Next = BasicBlock::Create(C, "region.next", L);
  PHINode *Exit = PHINode::Create(I32, 2, "exit", Next);
  SmallVector<BasicBlock *> Clones;
  for (BasicBlock *Block : Blocks) {
    BasicBlock *Clone = CloneBasicBlock(Block, Map, ".r", L);
    Map[Block] = Clone;
    Clones.push_back(Clone);
  }
  for (auto [Index, Block] : enumerate(BarrierBlocks)) {
    BasicBlock *ToNext = BasicBlock::Create(C, "region.exit", L);
    BranchInst::Create(Next, ToNext);
    Exit->addIncoming(B.getInt32(Index), ToNext);
    Map[Block] = ToNext;
  }
  for (auto [Slot, A] : enumerate(Allocas))
    Map[A] = B.CreateGEP(B.getInt8Ty(), SlotBases[Slot],
                         B.CreateMul(Rank64, B.getInt64(SlotSizes[Slot])));
  for (auto &[A, Tile] : BlockTiles)
    Map[A] = OnEntry[A];
  for (Instruction *I : Hoisted)
    Map[I] = OnEntry[I];
  B.CreateBr(cast<BasicBlock>(Map[R.Start]));

  BasicBlock *ToEnd = nullptr;
  for (BasicBlock *Clone : Clones)
    for (Instruction &I : make_early_inc_range(*Clone)) {
      RemapInstruction(&I, Map,
                       RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
      I.dropDbgRecords();
      if (isa<AllocaInst>(I) || isBlockTileCall(I)) {
        I.eraseFromParent(); // a slot, or a tile filled on entry
      } else if (auto *Phi = dyn_cast<PHINode>(&I)) {
        // Paths from other regions come through the frame.
        Phi->removeIncomingValueIf([&](unsigned K) {
          return Phi->getIncomingBlock(K)->getParent() != L;
        });
      } else if (isa<ReturnInst>(I)) {
        if (!ToEnd) {
          ToEnd = BasicBlock::Create(C, "region.end", L);
          BranchInst::Create(Next, ToEnd);
          Exit->addIncoming(B.getInt32(-1), ToEnd);
        }
        BranchInst::Create(ToEnd, I.getIterator());
        I.eraseFromParent();
      }
    }
  // Exits that no clone reaches.
  for (unsigned K = 0; K < Exit->getNumIncomingValues();)
    if (pred_empty(Exit->getIncomingBlock(K))) {
      BasicBlock *Unused = Exit->getIncomingBlock(K);
      Exit->removeIncomingValue(K, false);
      Unused->eraseFromParent();
    } else {
      ++K;
    }

  if (Exit->getNumIncomingValues() == 0) { // every path ends in unreachable
    Next->eraseFromParent();
    return;
  }
  auto Target = [&](unsigned K) {
    auto *Id = cast<ConstantInt>(Exit->getIncomingValue(K));
    if (!Id->isMinusOne())
      return region(BarrierBlocks[Id->getZExtValue()]->getSingleSuccessor())
          .Enter;
    if (!Return) {
      Return = BasicBlock::Create(C, "return", L);
      ReturnInst::Create(C, Return);
    }
    return Return;
  };
  B.SetInsertPoint(Next);
  Value *NextRank = B.CreateAdd(Rank, B.getInt32(1), "rank.next", true, true);
  Value *More = B.CreateICmpULT(NextRank, Threads);
  Rank->addIncoming(NextRank, Next);
  if (Exit->getNumIncomingValues() == 1) { // where every thread goes
    B.CreateCondBr(More, R.Head, Target(0));
    Lowest->eraseFromParent();
    Highest->eraseFromParent();
    return;
  }
  // Where the threads went: all to the same barrier, or divergent.
  Value *NextLowest = B.CreateBinaryIntrinsic(Intrinsic::smin, Lowest, Exit);
  Value *NextHighest = B.CreateBinaryIntrinsic(Intrinsic::smax, Highest, Exit);
  Lowest->addIncoming(NextLowest, Next);
  Highest->addIncoming(NextHighest, Next);
  BasicBlock *Done = BasicBlock::Create(C, "region.done", L);
  B.CreateCondBr(More, R.Head, Done);
  B.SetInsertPoint(Done);
  BasicBlock *Agreed = BasicBlock::Create(C, "region.agreed", L);
  BasicBlock *Differ = BasicBlock::Create(C, "region.divergent", L);
  B.CreateCondBr(B.CreateICmpEQ(NextLowest, NextHighest), Agreed, Differ);
  B.SetInsertPoint(Differ);
  S.divergent(B, site(B, NextLowest), site(B, NextHighest));
  B.CreateUnreachable();
  B.SetInsertPoint(Agreed);
  SwitchInst *To =
      B.CreateSwitch(NextLowest, Differ, Exit->getNumIncomingValues());
  for (unsigned K = 0; K < Exit->getNumIncomingValues(); ++K)
    To->addCase(cast<ConstantInt>(Exit->getIncomingValue(K)), Target(K));
}

Function *Lockstep::build() {
  // The rank the scheduler gave is the thread function's: in each region,
  // the loop's.
  if (S.Rank)
    for (Instruction &I : make_early_inc_range(instructions(F)))
      if (auto *Call = dyn_cast<CallBase>(&I);
          Call && Call->getCalledFunction() == S.Rank) {
        Call->replaceAllUsesWith(F.getArg(1));
        Call->eraseFromParent();
      }
  splitAtBarriers();
  findUniformValues();
  recomputeAcrossBarriers();
  demoteValuesAcrossBarriers();
  layOutFrame();
  LLVMContext &C = M.getContext();
  Type *Ptr = PointerType::getUnqual(C);
  L = Function::Create(
      FunctionType::get(Type::getVoidTy(C), {Ptr, Type::getInt32Ty(C), Ptr},
                        false),
      GlobalValue::InternalLinkage, F.getName() + ".lockstep", M);
  // F's own attributes, less what it was inferred to do.
  L->setAttributes(AttributeList::get(C, F.getAttributes().getFnAttrs(),
                                      AttributeSet(), {}));
  for (Attribute::AttrKind Inferred : {Attribute::Memory, Attribute::WillReturn,
                                       Attribute::NoSync, Attribute::NoFree})
    L->removeFnAttr(Inferred);
  Context = L->getArg(0), Threads = L->getArg(1), Frames = L->getArg(2);
  // The frame is the block's own: its stores touch nothing else, so that
  // loads of the launch's constants leave the loops over the threads.
  L->addParamAttr(2, Attribute::NoAlias);
  BasicBlock *Entry = BasicBlock::Create(C, "entry", L);
  IRBuilder<> B(Entry);
  Value *Threads64 = B.CreateZExt(Threads, B.getInt64Ty());
  for (uint64_t Offset : SlotOffsets)
    SlotBases.push_back(B.CreateGEP(
        B.getInt8Ty(), Frames, B.CreateMul(Threads64, B.getInt64(Offset))));
  for (auto [A, Tile] : BlockTiles) {
    AllocaInst *Copy = B.CreateAlloca(A->getAllocatedType(), A->getArraySize());
    Copy->setAlignment(A->getAlign());
    auto *Call = cast<CallBase>(Tile->clone());
    Call->setArgOperand(0, Copy);
    B.Insert(Call);
    OnEntry[A] = Copy;
  }
  OnEntry[F.getArg(0)] = Context;
  for (Instruction *I : Hoisted)
    hoist(I, B);
  B.CreateBr(region(&F.getEntryBlock()).Enter);
  while (!Pending.empty())
    buildRegion(*Pending.pop_back_val());
  return L;
}

/// Turns the thread function of each block run, or says why it cannot.
bool turnThreadFunctions(Module &M, const Scheduler &S,
                         FunctionAnalysisManager &FAM) {
  const DenseSet<const Function *> Reaching = reachingBarrier(M, S);
  MapVector<Function *, SmallVector<CallBase *>> Runs;
  for (User *U : S.RunBlock->users())
    if (auto *Call = dyn_cast<CallBase>(U);
        Call && Call->getCalledFunction() == S.RunBlock)
      if (auto *Thread =
              dyn_cast<Function>(Call->getArgOperand(1)->stripPointerCasts()))
        if (!Thread->isDeclaration())
          Runs[Thread].push_back(Call);

  bool Changed = false;
  for (auto &[Thread, Calls] : Runs) {
    // Built only when remarks are asked for: finding the kernel demangles
    // the module's names.
    OptimizationRemarkEmitter Remarks(Thread);
    auto Fibers = [&](const std::string &Why) {
      Remarks.emit([&] {
        return OptimizationRemarkMissed(RemarkPass, "Fibers",
                                        &kernelFunction(*Thread))
               << "the blocks of '" << kernelName(*Thread)
               << "' run their threads as fibers: " << Why;
      });
    };
    Lockstep Turn(*Thread, S);
    if (std::optional<std::string> Why = Turn.prepare(Reaching)) {
      Fibers(*Why);
      continue;
    }
    Changed = true;
    // Inlined code simplified before its values are counted.
    FAM.invalidate(*Thread, PreservedAnalyses::none());
    FunctionPassManager Simplify;
    Simplify.addPass(SROAPass(SROAOptions::ModifyCFG));
    Simplify.addPass(EarlyCSEPass(true));
    Simplify.addPass(InstCombinePass());
    Simplify.run(*Thread, FAM);
    FAM.invalidate(*Thread, PreservedAnalyses::none());

    Function *Block = Turn.build();
    if (verifyFunction(*Block, &errs())) {
      // A defect of this pass: keep the fibers rather than a broken image.
      Block->eraseFromParent();
      Fibers("internal error");
      continue;
    }
    for (CallBase *Call : Calls) {
      if (auto *Invoke = dyn_cast<InvokeInst>(Call)) // runBlocks' destructor
        Call = changeToCall(Invoke);
      IRBuilder<> B(Call);
      S.runLockstep(B, Call->getArgOperand(0), Block, Call->getArgOperand(2),
                    Turn.frameBytes());
      Call->eraseFromParent();
    }
    Remarks.emit([&] {
      return OptimizationRemark(RemarkPass, "Lockstep",
                                &kernelFunction(*Thread))
             << "the blocks of '" << kernelName(*Thread)
             << "' run their threads as loops between barriers ("
             << ore::NV("Barriers", Turn.barriers()) << " barriers, "
             << ore::NV("FrameBytes", Turn.frameBytes())
             << " bytes per thread kept across them)";
    });
    if (Thread->use_empty()) {
      Block->setSubprogram(Thread->getSubprogram());
      Thread->setSubprogram(nullptr);
      FAM.clear(*Thread, Thread->getName());
      Thread->eraseFromParent();
    } else {
      stripDebugInfo(*Block);
    }
    FunctionPassManager Tidy;
    Tidy.addPass(InstCombinePass());
    Tidy.addPass(SimplifyCFGPass());
    Tidy.addPass(EarlyCSEPass(true));
    Tidy.run(*Block, FAM);
  }
  return Changed;
}

} // namespace

PreservedAnalyses TeamLockstepPass::run(Module &M, ModuleAnalysisManager &MAM) {
  std::optional<Scheduler> S = Scheduler::find(M);
  if (!S || S->RunBlock->use_empty())
    return PreservedAnalyses::all();
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  return turnThreadFunctions(M, *S, FAM) ? PreservedAnalyses::none()
                                         : PreservedAnalyses::all();
}

} // namespace offload::plugin
