//===- KernelParams.cpp - What each kernel parameter is and holds ---------===//

#include "KernelParams.h"
#include "LibraryModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TypeLoc.h"

using namespace clang;
using offload::detail::ParamInfo;
using offload::detail::ParamKind;

namespace offload::plugin {

bool ParamLayout::isMutable() const {
  return Kind == ParamKind::Region || Kind == ParamKind::Reduction ||
         Kind == ParamKind::Atomic;
}

void ParamLayout::forEachLeaf(
    llvm::function_ref<void(const ParamLayout &)> Each) const {
  if (!isStruct())
    return Each(*this);
  for (const ParamLayout &M : Members)
    M.forEachLeaf(Each);
}

bool KernelLayout::sharesBlock() const {
  bool Shares = false;
  for (const ParamLayout &P : Params)
    P.forEachLeaf([&](const ParamLayout &Leaf) {
      Shares |= Leaf.Kind == offload::detail::ParamKind::TeamMemory ||
                Leaf.Kind == offload::detail::ParamKind::Reduction;
    });
  return Shares;
}

namespace {

struct Member {
  std::string Path;
  QualType Type;
  const NamedDecl *Decl;
};

/// The class whose fields a structured binding of RD names: RD, or the one
/// base (at any depth) that declares them.
const CXXRecordDecl *bindingClass(const CXXRecordDecl *RD) {
  if (!RD || !RD->hasDefinition() || !RD->field_empty())
    return RD;
  const CXXRecordDecl *Found = nullptr;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (const CXXRecordDecl *C =
            bindingClass(B.getType()->getAsCXXRecordDecl());
        C && !C->field_empty()) {
      if (Found)
        return nullptr;
      Found = C;
    }
  return Found ? Found : RD;
}

/// The members a structured binding of T names, in order, as the header
/// decomposes a struct of views (offload/detail/members.hpp): a
/// std::array's elements, or a class's non-static data members.
std::vector<Member> membersOf(QualType T, const std::string &Path) {
  std::vector<Member> Out;
  T = T.getNonReferenceType();
  if (entityOf(T) == Entity::Array) {
    const auto *Spec = cast<ClassTemplateSpecializationDecl>(
        T.getCanonicalType()->getAsCXXRecordDecl());
    const std::uint64_t N =
        Spec->getTemplateArgs()[1].getAsIntegral().getZExtValue();
    for (std::uint64_t I = 0; I < N; ++I)
      Out.push_back({Path + "[" + std::to_string(I) + "]", firstTypeArgument(T),
                     nullptr});
    return Out;
  }
  if (const CXXRecordDecl *RD = bindingClass(T->getAsCXXRecordDecl()))
    for (const FieldDecl *F : RD->fields())
      if (!F->isUnnamedBitField())
        Out.push_back({Path + "." + F->getName().str(), F->getType(), F});
  return Out;
}

std::string pathOf(const ParmVarDecl *P) {
  if (P->getIdentifier())
    return P->getName().str();
  return "(parameter " + std::to_string(P->getFunctionScopeIndex() + 1) + ")";
}

} // namespace

ParamLayout paramNode(const ParmVarDecl *P, ParamKind Kind) {
  ParamLayout N;
  N.Kind = Kind;
  N.Path = pathOf(P);
  N.Type = P->getType();
  N.Decl = P;
  N.Param = P;
  return N;
}

std::optional<KernelLayout>
buildLayout(llvm::ArrayRef<const ParmVarDecl *> Declared,
            llvm::ArrayRef<ParamInfo> Nodes, unsigned NumSlots, unsigned Dims,
            ASTContext &Ctx, std::string &Why) {
  KernelLayout L;
  L.NumSlots = NumSlots;
  L.Dims = Dims;
  std::size_t Next = 0;
  // Takes the next node for N, then its members' nodes.
  std::function<bool(ParamLayout &)> Fill = [&](ParamLayout &N) {
    if (Next == Nodes.size()) {
      Why = "fewer layout nodes than parameters and members";
      return false;
    }
    const ParamInfo &Info = Nodes[Next++];
    N.Kind = Info.Kind;
    N.Map = Info.Map;
    N.Slots = Info.Slots;
    if (!N.isStruct())
      return true;
    std::vector<Member> Members = membersOf(N.Type, N.Path);
    if (Members.size() != Info.Members) {
      Why = "the header decomposes '" + N.Path + "' (" +
            N.Type.getAsString(Ctx.getPrintingPolicy()) + ") into " +
            std::to_string(Info.Members) + " members, the plugin into " +
            std::to_string(Members.size());
      return false;
    }
    for (Member &M : Members) {
      ParamLayout Child;
      Child.Path = std::move(M.Path);
      Child.Type = M.Type;
      Child.Decl = M.Decl;
      Child.Param = N.Param;
      if (!Fill(Child))
        return false;
      N.Members.push_back(std::move(Child));
    }
    return true;
  };
  for (const ParmVarDecl *P : Declared) {
    ParamLayout N = paramNode(P, ParamKind::Unsupported);
    if (!Fill(N))
      return std::nullopt;
    L.Params.push_back(std::move(N));
  }
  if (Next != Nodes.size()) {
    Why = "more layout nodes than parameters and members";
    return std::nullopt;
  }
  return L;
}

bool holdsAddress(QualType T) {
  std::function<bool(QualType, unsigned)> Holds = [&](QualType T,
                                                      unsigned Depth) {
    T = T.getCanonicalType();
    if (T->isPointerType() || T->isReferenceType() ||
        T->isMemberPointerType() || T->isBlockPointerType())
      return true;
    if (const auto *AT = dyn_cast<ArrayType>(T.getTypePtr()))
      return Holds(AT->getElementType(), Depth);
    const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || Depth > 16)
      return false;
    for (const CXXBaseSpecifier &B : RD->bases())
      if (Holds(B.getType(), Depth + 1))
        return true;
    for (const FieldDecl *F : RD->fields())
      if (Holds(F->getType(), Depth + 1))
        return true;
    return false;
  };
  return Holds(T, 0);
}

bool isForbiddenParamType(QualType T) {
  if (T->isPointerType() ||
      (entityOf(T) == Entity::Span && !firstTypeArgument(T).isConstQualified()))
    return true;
  if (!T->isLValueReferenceType() || T->getPointeeType().isConstQualified())
    return false;
  const CXXRecordDecl *RD = T->getPointeeType()->getAsCXXRecordDecl();
  return !RD || !inOffload(RD);
}

namespace {

/// A fix-it that gives parameter P the type NewType (qualifiers included).
FixItHint retype(const ParmVarDecl *P, const std::string &NewType) {
  if (P->getIdentifier())
    return FixItHint::CreateReplacement(
        CharSourceRange::getCharRange(P->getBeginLoc(), P->getLocation()),
        NewType + " ");
  return FixItHint::CreateReplacement(P->getSourceRange(), NewType);
}

/// A parameter whose own type is one no kernel may take (a pointer, a
/// mutable reference or span), with a fix-it where one is obvious; false
/// for any other type.
bool reportForbiddenParam(const ParmVarDecl *P, ASTContext &Ctx,
                          Diagnostics &Diags) {
  QualType T = P->getType();
  SourceRange TypeRange =
      P->getTypeSourceInfo()
          ? P->getTypeSourceInfo()->getTypeLoc().getSourceRange()
          : P->getSourceRange();
  PrintingPolicy Policy(Ctx.getLangOpts());
  if (T->isPointerType()) {
    QualType Pointee = T->getPointeeType();
    Diags.report(P->getLocation(), Diag::RawPointerParam) << P << TypeRange;
    // Reading through `const T *` is what std::span<const T> does.
    if (Pointee.isConstQualified())
      Diags.report(P->getLocation(), Diag::NoteUseSpan)
          << retype(P, "std::span<" + Pointee.getAsString(Policy) + ">");
    return true;
  }
  if (T->isLValueReferenceType() && !T->getPointeeType().isConstQualified()) {
    Diags.report(P->getLocation(), Diag::MutableReferenceParam)
        << P << TypeRange;
    Diags.report(P->getLocation(), Diag::NoteMakeConst)
        << FixItHint::CreateInsertion(TypeRange.getBegin(), "const ");
    return true;
  }
  if (entityOf(T) == Entity::Span && !firstTypeArgument(T).isConstQualified()) {
    Diags.report(P->getLocation(), Diag::MutableSpanParam) << P << TypeRange;
    Diags.report(P->getLocation(), Diag::NoteUseSpan) << retype(
        P, "std::span<const " + firstTypeArgument(T).getAsString(Policy) + ">");
    return true;
  }
  return false;
}

/// What holds a host address inside a value, and where.
struct HostAddress {
  enum Shape {
    None,
    Pointer,     // a raw or member pointer
    Reference,   // a reference member
    MutableSpan, // std::span<T>
    View,        // a view that is mapped only where it can be a member
    Unmappable,  // a library object that is no member (Reduce, Tile, ...)
    HostObject,  // a standard object that refers to host memory
  } What = None;
  std::string Path;
  QualType Type;
  const NamedDecl *Decl = nullptr;
  const CXXRecordDecl *Within = nullptr; // the class holding a View
  explicit operator bool() const { return What != None; }
};

/// Whether a class from a library's implementation (std, __gnu_cxx): its
/// insides are no business of the user's.
bool isLibraryClass(const CXXRecordDecl *RD) {
  if (inStd(RD))
    return true;
  const auto *NS = dyn_cast<NamespaceDecl>(
      RD->getDeclContext()->getEnclosingNamespaceContext());
  return NS && NS->getName().starts_with("__");
}

/// The first thing in a value of type T (at Path, declared by Decl) that
/// holds a host address. Views (std::span<const T>, Region, Range, Atomic)
/// are fine where ViewsAllowed: in an aggregate the header maps member by
/// member.
HostAddress findHostAddress(QualType T, const std::string &Path,
                            const NamedDecl *Decl, bool ViewsAllowed,
                            const CXXRecordDecl *Within, ASTContext &Ctx,
                            unsigned Depth = 0) {
  auto Found = [&](HostAddress::Shape S) {
    return HostAddress{S, Path, T, Decl, Within};
  };
  if (T->isReferenceType())
    return Found(HostAddress::Reference);
  const QualType C = T.getCanonicalType();
  if (C->isPointerType() || C->isMemberPointerType() || C->isBlockPointerType())
    return Found(HostAddress::Pointer);
  if (const ArrayType *AT = Ctx.getAsArrayType(C)) {
    HostAddress In = findHostAddress(AT->getElementType(), Path, Decl,
                                     ViewsAllowed, Within, Ctx, Depth);
    if (In && In.Path == Path)
      In.Type = T; // name the array, not its element type
    return In;
  }
  const CXXRecordDecl *RD = C->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || Depth > 16)
    return {};
  switch (entityOf(C)) {
  case Entity::Span:
    if (!firstTypeArgument(C).isConstQualified())
      return Found(HostAddress::MutableSpan);
    [[fallthrough]];
  case Entity::Region:
  case Entity::Range:
  case Entity::Atomic:
    return ViewsAllowed ? HostAddress{} : Found(HostAddress::View);
  case Entity::Reduce:
  case Entity::Tile:
  case Entity::Tile2D:
  case Entity::Preloaded:
  case Entity::Indexed:
  case Entity::Segments:
    return Found(HostAddress::Unmappable);
  case Entity::Array: {
    // A std::array of views is a struct of views too.
    HostAddress In = findHostAddress(firstTypeArgument(C), Path, Decl,
                                     ViewsAllowed, Within, Ctx, Depth + 1);
    if (In && In.Path == Path)
      In.Type = T;
    return In;
  }
  case Entity::Devices: // the library's plain classes, and std::vector
  case Entity::Launch:
  case Entity::Vector:
  case Entity::Uninitialized:
  case Entity::None:
    break;
  }
  if (isLibraryClass(RD))
    return holdsAddress(C) ? Found(HostAddress::HostObject) : HostAddress{};
  // The header maps the views of aggregates member by member, and of
  // nothing else.
  const bool Aggregate = RD->isAggregate() && !RD->isUnion();
  for (const CXXBaseSpecifier &B : RD->bases())
    if (HostAddress In =
            findHostAddress(B.getType(), Path, Decl, ViewsAllowed && Aggregate,
                            RD, Ctx, Depth + 1))
      return In;
  for (const FieldDecl *F : RD->fields())
    if (HostAddress In = findHostAddress(
            F->getType(),
            F->getIdentifier() ? Path + "." + F->getName().str() : Path, F,
            ViewsAllowed && Aggregate, RD, Ctx, Depth + 1))
      return In;
  return {};
}

class ParamTypeChecker {
public:
  ParamTypeChecker(const FunctionDecl *K, ASTContext &Ctx, Diagnostics &Diags)
      : K(K), Ctx(Ctx), Diags(Diags), Policy(Ctx.getLangOpts()) {
    Policy.SuppressTagKeyword = true;
  }

  bool check(const ParamLayout &Node) {
    bool Ok = true;
    Node.forEachLeaf([&](const ParamLayout &Leaf) { Ok &= checkLeaf(Leaf); });
    return Ok;
  }

private:
  std::string quoted(const std::string &S) { return "'" + S + "'"; }
  std::string typeName(QualType T) { return T.getAsString(Policy); }
  bool topLevel(const ParamLayout &Leaf) { return Leaf.Decl == Leaf.Param; }

  /// "'d.a' (std::span<const double>) in parameter 'd'" for a member.
  DiagnosticBuilder report(const ParamLayout &Leaf, Diag D,
                           const HostAddress &At) {
    return Diags.report(Leaf.Param->getLocation(), D)
           << quoted(At.Path) << typeName(At.Type) << quoted(pathOf(Leaf.Param))
           << K;
  }
  void noteDeclared(const NamedDecl *Decl) {
    if (Decl && !isa<ParmVarDecl>(Decl))
      Diags.report(Decl->getLocation(), Diag::NoteDeclaredHere) << Decl;
  }

  /// Reports At, found in Leaf's own value.
  void reportHostAddress(const ParamLayout &Leaf, const HostAddress &At) {
    switch (At.What) {
    case HostAddress::Pointer:
      report(Leaf, Diag::MemberRawPointer, At);
      break;
    case HostAddress::Reference:
      report(Leaf, Diag::MemberReference, At);
      break;
    case HostAddress::MutableSpan:
      report(Leaf, Diag::MemberMutableSpan, At);
      break;
    case HostAddress::View:
      report(Leaf, Diag::ViewOutsideAggregate, At)
          << (At.Within ? QualType(Ctx.getCanonicalTagType(At.Within))
                        : Leaf.Type.getNonReferenceType());
      break;
    case HostAddress::Unmappable:
      report(Leaf, Diag::MemberNotMappable, At) << 0;
      break;
    case HostAddress::HostObject:
      report(Leaf, Diag::MemberHoldsHostAddress, At);
      break;
    case HostAddress::None:
      break;
    }
    noteDeclared(At.Decl);
  }

  /// A view's elements (or strategy), named What, must hold no address.
  bool checkPart(const ParamLayout &Leaf, QualType Part, unsigned What) {
    if (Part.isNull())
      return true;
    const std::string Path = Leaf.Path + (What == 0 ? "[i]" : ".strategy()");
    HostAddress At = findHostAddress(Part, Path, nullptr,
                                     /*ViewsAllowed=*/false, nullptr, Ctx);
    if (!At)
      return true;
    Diags.report(Leaf.Param->getLocation(), Diag::PartHoldsHostAddress)
        << What << quoted(Leaf.Path) << typeName(Leaf.Type)
        << quoted(pathOf(Leaf.Param)) << K << quoted(At.Path)
        << typeName(At.Type);
    noteDeclared(At.Decl);
    return false;
  }

  bool checkLeaf(const ParamLayout &Leaf) {
    const QualType T = Leaf.Type.getNonReferenceType();
    switch (Leaf.Kind) {
    case ParamKind::Unsupported:
      return reportUnsupported(Leaf), false;
    case ParamKind::Value:
      if (HostAddress At =
              findHostAddress(T, Leaf.Path, Leaf.Decl,
                              /*ViewsAllowed=*/false, nullptr, Ctx)) {
        reportHostAddress(Leaf, At);
        return false;
      }
      return true;
    case ParamKind::ReadOnly:
    case ParamKind::Atomic:
      return checkPart(Leaf, firstTypeArgument(T), 0);
    case ParamKind::Region:
      return checkPart(Leaf, firstTypeArgument(T), 0) &&
             checkStrategy(Leaf, typeArgument(T, 1));
    case ParamKind::Range:
      return checkStrategy(Leaf, firstTypeArgument(T));
    case ParamKind::Reduction:
    case ParamKind::TeamMemory:
    case ParamKind::Struct:
      return true;
    }
    return true;
  }

  bool checkStrategy(const ParamLayout &Leaf, QualType Strategy) {
    // An index list's strategy maps its list like read-only data.
    if (Strategy.isNull() || entityOf(Strategy) == Entity::Indexed ||
        entityOf(Strategy) == Entity::Segments)
      return true;
    return checkPart(Leaf, Strategy, 1);
  }

  void reportUnsupported(const ParamLayout &Leaf) {
    const auto *P = Leaf.Param;
    if (topLevel(Leaf) && reportForbiddenParam(P, Ctx, Diags))
      return;
    if (reportUnmappableMember(Leaf, Leaf.Type.getNonReferenceType(),
                               Leaf.Path))
      return;
    // A view nothing maps: inside a class that is not an aggregate.
    if (HostAddress At =
            findHostAddress(Leaf.Type.getNonReferenceType(), Leaf.Path,
                            Leaf.Decl, /*ViewsAllowed=*/false, nullptr, Ctx);
        At && At.Path != Leaf.Path)
      return reportHostAddress(Leaf, At);
    if (topLevel(Leaf)) {
      Diags.report(P->getLocation(), Diag::UnsupportedParam)
          << P << P->getType() << P->getSourceRange();
      return;
    }
    reportMember(Leaf, Leaf.Type, Leaf.Path, Leaf.Decl);
  }

  /// Reports why member Path of type T (a member of a struct of views, or
  /// Leaf itself when it is one) cannot be mapped, as the header decides
  /// (memberKind): false if T's members all can.
  bool reportUnmappableMember(const ParamLayout &Leaf, QualType T,
                              const std::string &Path) {
    const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || !RD->isAggregate() || RD->isUnion() ||
        isLibraryClass(RD))
      return false;
    for (const Member &M : membersOf(T, Path)) {
      const QualType MT = M.Type.getNonReferenceType();
      if (HostAddress At = findHostAddress(M.Type, M.Path, M.Decl,
                                           /*ViewsAllowed=*/true, RD, Ctx)) {
        reportHostAddress(Leaf, At);
        return true;
      }
      if (reportUnmappableMember(Leaf, MT, M.Path))
        return true;
      if (Ctx.getAsArrayType(MT) || !MT.isTriviallyCopyableType(Ctx) ||
          (!isView(MT) && !MT->isIncompleteType() &&
           Ctx.getTypeSizeInChars(MT).getQuantity() > 256)) {
        reportMember(Leaf, M.Type, M.Path, M.Decl);
        return true;
      }
    }
    return false;
  }

  static bool isView(QualType T) {
    switch (entityOf(T)) {
    case Entity::Span:
    case Entity::Region:
    case Entity::Range:
    case Entity::Atomic:
      return true;
    default:
      return holdsAddress(T) && T->getAsCXXRecordDecl() &&
             T->getAsCXXRecordDecl()->isAggregate();
    }
  }

  /// A member that no struct of views may hold, for a reason of its own.
  void reportMember(const ParamLayout &Leaf, QualType T,
                    const std::string &Path, const NamedDecl *Decl) {
    const QualType Own = T.getNonReferenceType();
    unsigned Why = 4;
    if (Ctx.getAsArrayType(Own))
      Why = 1; // a C array, which the header counts element by element
    else if (!Own.isTriviallyCopyableType(Ctx))
      Why = 2;
    else if (!Own->isIncompleteType() &&
             Ctx.getTypeSizeInChars(Own).getQuantity() > 256)
      Why = 3;
    report(Leaf, Diag::MemberNotMappable,
           HostAddress{HostAddress::None, Path, T, Decl})
        << Why;
    noteDeclared(Decl);
  }

  const FunctionDecl *K;
  ASTContext &Ctx;
  Diagnostics &Diags;
  PrintingPolicy Policy;
};

} // namespace

bool checkParamType(const FunctionDecl *K, const ParamLayout &Param,
                    ASTContext &Ctx, Diagnostics &Diags) {
  return ParamTypeChecker(K, Ctx, Diags).check(Param);
}

} // namespace offload::plugin
