//===- ResidencyAnalysis.h - Which data a loop could keep on the device ---===//
//
// The analysis half of automatic residency (Residency.h rewrites): for a
// loop of a function, the std::vector variables and parameters its
// offload() calls pass, whether a kernel may write each, and what host code
// (if any) keeps each from staying on the device. It changes nothing.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/SmallVector.h"

#include <memory>

namespace clang {
class CallExpr;
class FunctionDecl;
class ImplicitCastExpr;
class NamedDecl;
class ParentMap;
class Sema;
class Stmt;
class VarDecl;
} // namespace clang

namespace offload::plugin {

/// What a loop does with one container.
struct Candidate {
  clang::VarDecl *Var = nullptr;
  bool Written = false;
  // A parameter taken by reference: the caller's object, which other names
  // may reach (aliasHazard) and which may be another candidate (distinct).
  bool Reference = false;
  // Views of it that one call passes together, one written: preloaded only
  // if they do not overlap when the loop starts (each group).
  llvm::SmallVector<llvm::SmallVector<const clang::VarDecl *, 2>, 1>
      DisjointViews;
  // Host reads `v[i]` in the loop of data a kernel writes: each becomes
  // offload::detail::readResident(handle, i), which copies that element
  // back.
  llvm::SmallVector<const clang::ImplicitCastExpr *> Reads;
  const clang::Stmt *Blocker =
      nullptr; // the host use that keeps it from staying
  enum {
    None,
    InLoop,
    Escapes,
    InLambda,
    Aliased,
    SharedInCall,
    OnDeviceSet
  } Why = None;
};

/// What keeping one loop's data on the device involves.
struct LoopPlan {
  /// The containers the loop's offload() calls pass; those with a Blocker
  /// cannot stay.
  llvm::SmallVector<Candidate> Candidates;
  /// A label or case in the loop, which a jump could enter past the preload.
  bool HasLabels = false;
  /// std::vector arguments that are not this function's own (members,
  /// globals, references, an enclosing function's variables).
  llvm::SmallVector<const clang::NamedDecl *> NotLocal;
  /// Structs of views passed whole whose members the analysis cannot
  /// follow (not a braced list, nor a local so initialized).
  llvm::SmallVector<const clang::NamedDecl *> UnfollowedViews;
};

class ResidencyAnalysis {
public:
  ResidencyAnalysis(clang::FunctionDecl &FD, clang::Sema &S);
  ~ResidencyAnalysis();
  /// Whether Loop makes offload() calls (itself or through a lambda).
  bool hasOffloadCall(const clang::Stmt *Loop) const;
  LoopPlan analyze(const clang::Stmt *Loop);
  /// The parents of the function body's statements.
  const clang::ParentMap &parents() const;

  class Impl;

private:
  std::unique_ptr<Impl> Self;
};

/// A loop statement (for, range-based for, while, do).
bool isLoop(const clang::Stmt *S);
/// Whether Call is an offload() call, or a call of a lambda that makes
/// offload() calls with the vectors it is given (S instantiates a generic
/// lambda's call operator when needed).
bool offloads(const clang::CallExpr *Call, clang::Sema &S);

} // namespace offload::plugin
