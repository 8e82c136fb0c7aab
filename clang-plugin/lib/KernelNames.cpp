//===- KernelNames.cpp - C++ that names a kernel from namespace scope -----===//

#include "KernelNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/QualTypeNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

using namespace clang;

namespace offload::plugin {

KernelNamer::KernelNamer(ASTContext &Ctx)
    : Ctx(Ctx), Policy(Ctx.getLangOpts()) {
  Policy.SuppressUnwrittenScope = true;
  Policy.FullyQualifiedName = true;
  Policy.SuppressTagKeyword = true;
}

std::string KernelNamer::fail(std::string Reason) {
  if (Why.Why.empty())
    Why = {CurrentArgument, std::move(Reason)};
  return "<unnamed>";
}

/// The function a declaration is local to, if any.
static const FunctionDecl *enclosingFunction(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *F = dyn_cast<FunctionDecl>(DC))
      return F;
  return nullptr;
}

/// "::a::b" for the namespaces around DC (anonymous and inline ones are
/// not written), or nothing if DC is not at namespace scope.
static std::optional<std::string> namespaceScope(const DeclContext *DC) {
  llvm::SmallVector<std::string> Scopes;
  for (; DC && !DC->isTranslationUnit(); DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
      if (!NS->isAnonymousNamespace() && !NS->isInline())
        Scopes.push_back(NS->getNameAsString());
    } else if (!isa<LinkageSpecDecl>(DC) && !isa<ExportDecl>(DC)) {
      return std::nullopt;
    }
  std::string Out;
  for (const std::string &Scope : llvm::reverse(Scopes))
    Out += "::" + Scope;
  return Out;
}

std::string KernelNamer::scope(const DeclContext *DC) {
  if (const auto *RD = dyn_cast<CXXRecordDecl>(DC))
    return type(Ctx.getCanonicalTagType(RD));
  if (std::optional<std::string> Scope = namespaceScope(DC))
    return *Scope;
  return fail("names something that is not at namespace scope");
}

std::string KernelNamer::declaration(const NamedDecl *D) {
  std::string Name = "'" + D->getQualifiedNameAsString() + "'";
  if (const auto *RD = dyn_cast<CXXRecordDecl>(D); RD && RD->isLambda()) {
    const bool First = Why.Why.empty();
    std::string Failed =
        fail("is the type of the lambda at " +
             D->getLocation().printToString(Ctx.getSourceManager()));
    if (First)
      Why.Lambda = RD;
    return Failed;
  }
  if (enclosingFunction(D))
    return fail("names " + Name + ", which is local to a function");
  if (!D->getDeclName())
    return fail("names an unnamed type");
  if (!D->getDeclName().isIdentifier())
    return fail("names " + Name + ", which has no plain name");
  return scope(D->getDeclContext()) + "::" + D->getNameAsString();
}

std::string KernelNamer::integer(const llvm::APSInt &V, QualType T) {
  T = T.getCanonicalType();
  if (T->isBooleanType())
    return V.getBoolValue() ? "true" : "false";
  std::string Type;
  if (const auto *ET = T->getAs<EnumType>();
      ET && !ET->getDecl()->getDeclName()) {
    // An unnamed enum: named by the type of one of its enumerators, which
    // are members of the enum's scope.
    const EnumDecl *ED = ET->getDecl()->getDefinitionOrSelf();
    if (ED->enumerators().empty())
      return fail("has an unnamed enumeration type without enumerators");
    Type = "decltype(" + scope(ED->getDeclContext()) +
           "::" + (*ED->enumerator_begin())->getNameAsString() + ")";
  } else {
    Type = type(T);
  }
  std::string Literal;
  if (V.getBitWidth() <= 64) {
    if (V.isSigned() && V.isMinSignedValue() && V.getBitWidth() == 64)
      Literal = "(-9223372036854775807LL - 1)";
    else
      Literal = toString(V, 10) + (V.isSigned() ? "LL" : "ULL");
  } else {
    // Wider than any literal: composed from two 64-bit halves.
    llvm::APInt Bits = V.zextOrTrunc(128);
    Literal = "((static_cast<unsigned __int128>(" +
              std::to_string(Bits.lshr(64).getZExtValue()) + "ULL) << 64) | " +
              std::to_string(Bits.trunc(64).getZExtValue()) + "ULL)";
  }
  return "static_cast<" + Type + ">(" + Literal + ")";
}

std::string KernelNamer::value(const APValue &V, QualType T) {
  T = T.getCanonicalType();
  switch (V.getKind()) {
  case APValue::Int:
    return integer(V.getInt(), T);
  case APValue::Float: {
    const llvm::APFloat &F = V.getFloat();
    const BuiltinType *BT = T->getAs<BuiltinType>();
    const char *Suffix = !BT                                        ? nullptr
                         : BT->getKind() == BuiltinType::Float      ? "F"
                         : BT->getKind() == BuiltinType::Double     ? ""
                         : BT->getKind() == BuiltinType::LongDouble ? "L"
                                                                    : nullptr;
    if (Suffix && F.isFinite()) {
      // A hexadecimal literal is exact.
      char Hex[64];
      unsigned Length = F.convertToHexString(
          Hex, 0, /*UpperCase=*/false, llvm::RoundingMode::NearestTiesToEven);
      return std::string(Hex, Length) + Suffix;
    }
    // Infinities, NaNs and other formats: the bits themselves, in an
    // unsigned type of the same size.
    unsigned Width = Ctx.getTypeSize(T);
    QualType Word = Width <= 16   ? Ctx.UnsignedShortTy
                    : Width <= 32 ? Ctx.UnsignedIntTy
                    : Width <= 64 ? Ctx.UnsignedLongLongTy
                                  : Ctx.UnsignedInt128Ty;
    llvm::APSInt Bits(F.bitcastToAPInt().zextOrTrunc(Ctx.getTypeSize(Word)),
                      /*isUnsigned=*/true);
    return "__builtin_bit_cast(" + type(T) + ", " + integer(Bits, Word) + ")";
  }
  case APValue::Struct: {
    const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    if (!RD || !RD->isAggregate())
      return fail("is an object of class '" + T.getAsString(Policy) +
                  "', which is not an aggregate, so it cannot be written "
                  "member by member");
    llvm::SmallVector<std::string> Parts;
    unsigned Base = 0;
    for (const CXXBaseSpecifier &B : RD->bases())
      Parts.push_back(value(V.getStructBase(Base++), B.getType()));
    unsigned Field = 0;
    for (const FieldDecl *FD : RD->fields()) {
      const APValue &FV = V.getStructField(Field++);
      if (FD->isUnnamedBitField())
        continue;
      Parts.push_back(value(FV, FD->getType()));
    }
    return type(T) + "{" + llvm::join(Parts, ", ") + "}";
  }
  case APValue::Union: {
    const FieldDecl *FD = V.getUnionField();
    if (!FD)
      return type(T) + "{}";
    return type(T) + "{." + FD->getNameAsString() + " = " +
           value(V.getUnionValue(), FD->getType()) + "}";
  }
  case APValue::Array: {
    const ArrayType *AT = Ctx.getAsArrayType(T);
    if (!AT)
      return fail("is an array value of an unexpected type");
    llvm::SmallVector<std::string> Parts;
    for (unsigned I = 0; I < V.getArraySize(); ++I)
      Parts.push_back(value(I < V.getArrayInitializedElts()
                                ? V.getArrayInitializedElt(I)
                                : V.getArrayFiller(),
                            AT->getElementType()));
    return "{" + llvm::join(Parts, ", ") + "}";
  }
  case APValue::LValue: {
    if (V.isNullPointer())
      return "static_cast<" + type(T) + ">(nullptr)";
    const auto *D = V.getLValueBase().dyn_cast<const ValueDecl *>();
    if (!D || (V.hasLValuePath() && !V.getLValuePath().empty()) ||
        !V.getLValueOffset().isZero())
      return fail("points into an object, not at a whole variable or "
                  "function");
    return (T->isReferenceType() ? "" : "&") + declaration(D);
  }
  default:
    return fail("is a value of a kind the device pass cannot write");
  }
}

std::string KernelNamer::argument(const TemplateArgument &A) {
  switch (A.getKind()) {
  case TemplateArgument::Type:
    return type(A.getAsType());
  case TemplateArgument::Integral:
    return integer(A.getAsIntegral(), A.getIntegralType());
  case TemplateArgument::StructuralValue:
    return value(A.getAsStructuralValue(), A.getStructuralValueType());
  case TemplateArgument::NullPtr:
    return "static_cast<" + type(A.getNullPtrType()) + ">(nullptr)";
  case TemplateArgument::Declaration:
    // A class-type value is a template parameter object: written as its
    // value.
    if (const auto *Object = dyn_cast<TemplateParamObjectDecl>(A.getAsDecl()))
      return value(Object->getValue(), Object->getType().getUnqualifiedType());
    return (A.getParamTypeForDecl()->isReferenceType() ? "" : "&") +
           declaration(A.getAsDecl());
  case TemplateArgument::Template:
    if (const TemplateDecl *TD = A.getAsTemplate().getAsTemplateDecl())
      return declaration(TD);
    return fail("is a template the device pass cannot name");
  case TemplateArgument::Pack:
    return arguments(A.pack_elements());
  default:
    return fail("is of a kind the device pass cannot write");
  }
}

std::string KernelNamer::arguments(llvm::ArrayRef<TemplateArgument> Args) {
  llvm::SmallVector<std::string> Parts;
  for (const TemplateArgument &A : Args)
    if (A.getKind() != TemplateArgument::Pack || A.pack_size() != 0)
      Parts.push_back(argument(A));
  return llvm::join(Parts, ", ");
}

/// Whether clang's own printing of T could be inexact or invalid C++: class
/// template arguments that are floating-point, class-type or 128-bit values,
/// or types without a name.
bool KernelNamer::needsExactSpelling(QualType T, unsigned Depth) {
  T = T.getCanonicalType();
  if (Depth > 16)
    return true;
  if (const auto *PT = T->getAs<PointerType>())
    return needsExactSpelling(PT->getPointeeType(), Depth + 1);
  if (const auto *RT = T->getAs<ReferenceType>())
    return needsExactSpelling(RT->getPointeeType(), Depth + 1);
  if (const ArrayType *AT = Ctx.getAsArrayType(T))
    return needsExactSpelling(AT->getElementType(), Depth + 1);
  if (const auto *FT = T->getAs<FunctionProtoType>()) {
    if (needsExactSpelling(FT->getReturnType(), Depth + 1))
      return true;
    for (QualType P : FT->param_types())
      if (needsExactSpelling(P, Depth + 1))
        return true;
    return false;
  }
  const TagDecl *TD = T->getAsTagDecl();
  if (!TD)
    return false;
  if (!TD->getDeclName() || enclosingFunction(TD) ||
      (isa<CXXRecordDecl>(TD) && cast<CXXRecordDecl>(TD)->isLambda()))
    return true;
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(TD);
  if (!Spec)
    return isa<CXXRecordDecl>(TD->getDeclContext()) &&
           needsExactSpelling(Ctx.getCanonicalTagType(
                                  cast<CXXRecordDecl>(TD->getDeclContext())),
                              Depth + 1);
  std::function<bool(const TemplateArgument &)> Inexact =
      [&](const TemplateArgument &A) {
        switch (A.getKind()) {
        case TemplateArgument::StructuralValue:
        case TemplateArgument::Declaration:
          return true;
        case TemplateArgument::Integral:
          return A.getAsIntegral().getBitWidth() > 64 ||
                 A.getIntegralType()->isEnumeralType();
        case TemplateArgument::Type:
          return needsExactSpelling(A.getAsType(), Depth + 1);
        case TemplateArgument::Pack:
          return llvm::any_of(A.pack_elements(), Inexact);
        default:
          return false;
        }
      };
  return llvm::any_of(Spec->getTemplateArgs().asArray(), Inexact) ||
         (isa<CXXRecordDecl>(Spec->getDeclContext()) &&
          needsExactSpelling(Ctx.getCanonicalTagType(
                                 cast<CXXRecordDecl>(Spec->getDeclContext())),
                             Depth + 1));
}

std::string KernelNamer::type(QualType T) {
  T = T.getCanonicalType();
  if (!needsExactSpelling(T))
    return TypeName::getFullyQualifiedName(T, Ctx, Policy,
                                           /*WithGlobalNsPrefix=*/true);
  // Composed from exact parts; the type traits keep declarator syntax out.
  std::string Quals;
  if (T.isLocalConstQualified())
    Quals += "const ";
  if (T.isLocalVolatileQualified())
    Quals += "volatile ";
  QualType U = T.getLocalUnqualifiedType();
  if (const auto *PT = U->getAs<PointerType>())
    return Quals + "::std::add_pointer_t<" + type(PT->getPointeeType()) + ">";
  if (const auto *RT = U->getAs<LValueReferenceType>())
    return "::std::add_lvalue_reference_t<" + type(RT->getPointeeType()) + ">";
  if (const auto *RT = U->getAs<RValueReferenceType>())
    return "::std::add_rvalue_reference_t<" + type(RT->getPointeeType()) + ">";
  if (const auto *AT = dyn_cast<ConstantArrayType>(Ctx.getAsArrayType(U)))
    return "::std::type_identity_t<" + type(AT->getElementType()) + ">[" +
           std::to_string(AT->getZExtSize()) + "]";
  if (const auto *FT = U->getAs<FunctionProtoType>()) {
    llvm::SmallVector<std::string> Params;
    for (QualType P : FT->param_types())
      Params.push_back(type(P));
    return "::std::type_identity_t<" + type(FT->getReturnType()) + ">(" +
           llvm::join(Params, ", ") + (FT->isVariadic() ? ", ...)" : ")") +
           (FT->isNothrow() ? " noexcept" : "");
  }
  const TagDecl *TD = U->getAsTagDecl();
  if (!TD)
    return fail("has the type '" + T.getAsString(Policy) +
                "', which the device pass cannot write");
  std::string Name = declaration(TD);
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(TD))
    Name += "<" + arguments(Spec->getTemplateArgs().asArray()) + ">";
  return Quals + Name;
}

std::optional<std::string> KernelNamer::callee(const FunctionDecl *K) {
  Why = {};
  CurrentArgument.clear();
  std::string Name = declaration(K);
  if (const TemplateArgumentList *Args = K->getTemplateSpecializationArgs()) {
    llvm::SmallVector<std::string> Parts;
    for (const TemplateArgument &A : Args->asArray()) {
      llvm::raw_string_ostream OS(CurrentArgument);
      CurrentArgument.clear();
      A.print(Policy, OS, /*IncludeType=*/false);
      Parts.push_back(argument(A));
    }
    Name += "<" + llvm::join(Parts, ", ") + ">";
  }
  CurrentArgument.clear();
  std::string Type = type(Ctx.getPointerType(K->getType()));
  if (!Why.Why.empty())
    return std::nullopt;
  return "static_cast<" + Type + ">(&" + Name + ")";
}

} // namespace offload::plugin
