//===- KernelNames.h - C++ that names a kernel from namespace scope -------===//
//
// The generated device source calls each named kernel through C++ text that
// must pick exactly the host's specialisation: qualified through its
// namespaces and classes, with every template argument spelled exactly
// (floating-point values as hexadecimal literals or bit patterns, 128-bit
// integers from their two halves, class-type values member by member).
// What cannot be written at namespace scope (a local class, a lambda's type,
// an unnamed type, a pointer into a subobject) is reported, not guessed.
// The device compile checks the result by mangled name (DeviceConsumer).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/PrettyPrinter.h"
#include "clang/AST/Type.h"

#include <optional>
#include <string>

namespace clang {
class APValue;
class DeclContext;
class ASTContext;
class FunctionDecl;
class NamedDecl;
class TemplateArgument;
} // namespace clang

namespace offload::plugin {

class KernelNamer {
public:
  explicit KernelNamer(clang::ASTContext &Ctx);

  /// `static_cast<void (*)(P...)>(&::ns::k<A...>)` for kernel K, or nothing
  /// if it cannot be spelled; then failure() says why.
  std::optional<std::string> callee(const clang::FunctionDecl *K);

  /// Why the last callee() failed: which template argument, and what it
  /// names ("names the local class 'S'").
  struct Failure {
    std::string Argument; // "1.0" / "'S'" as clang prints it
    std::string Why;
    /// The lambda whose type the argument is, if that is why.
    const clang::CXXRecordDecl *Lambda = nullptr;
  };
  const Failure &failure() const { return Why; }

private:
  std::string type(clang::QualType T);
  std::string argument(const clang::TemplateArgument &A);
  std::string arguments(llvm::ArrayRef<clang::TemplateArgument> Args);
  std::string value(const clang::APValue &V, clang::QualType T);
  std::string integer(const llvm::APSInt &V, clang::QualType T);
  std::string declaration(const clang::NamedDecl *D);
  std::string scope(const clang::DeclContext *DC);
  bool needsExactSpelling(clang::QualType T, unsigned Depth = 0);
  std::string fail(std::string Reason);

  clang::ASTContext &Ctx;
  clang::PrintingPolicy Policy;
  Failure Why;
  std::string CurrentArgument;
};

} // namespace offload::plugin
