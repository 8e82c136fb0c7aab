//===- HostOptions.cpp - The host options a device compile takes ----------===//
//
// The host's -cc1 arguments are read with clang's own option table, which
// says of each option which set of options it feeds (the marshalling
// records of Options.inc): the language, preprocessor, header-search and
// warning options pass as a whole; of code generation, target and frontend
// options only those listed below; output options never. An option clang
// generates by hand, which no record names, passes only if listed too.
//
//===----------------------------------------------------------------------===//

#include "HostOptions.h"
#include "Compatibility.h"

#include "clang/Options/Options.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Option/ArgList.h"

#include <optional>

using namespace clang;
using namespace llvm;
namespace opts = clang::options;

namespace offload::plugin {

namespace {

/// Which arguments pass, per option: Always, on the host device only
/// (the host's own CPU, whose code generation choices fit it), or never.
enum class Rule { Always, HostDevice, Never };

struct OptionRule {
  unsigned Id;
  Rule R;
};

// Options clang generates by hand (no marshalling record), and exceptions
// to the rule of the set an option feeds (recordRules).
constexpr OptionRule Listed[] = {
    // What the source means.
    {opts::OPT_D, Rule::Always},
    {opts::OPT_U, Rule::Always},
    {opts::OPT_std_EQ, Rule::Always},
    {opts::OPT_I, Rule::Always},
    {opts::OPT_internal_isystem, Rule::Always},
    {opts::OPT_internal_externc_isystem, Rule::Always},
    {opts::OPT_F, Rule::Always},
    {opts::OPT_fgnuc_version_EQ, Rule::Always},
    {opts::OPT_fno_file_reproducible, Rule::Always},
    {opts::OPT_ffile_reproducible, Rule::Always},
    {opts::OPT_fexperimental_relative_cxx_abi_vtables, Rule::Always},
    {opts::OPT_fno_experimental_relative_cxx_abi_vtables, Rule::Always},
    {opts::OPT_fwrapv, Rule::Always},
    {opts::OPT_fwrapv_pointer, Rule::Always},
    {opts::OPT_ftrapv, Rule::Always},
    {opts::OPT_ftrapv_handler, Rule::Always},
    {opts::OPT_fclang_abi_compat_EQ, Rule::Always},
    {opts::OPT_fblocks, Rule::Always},
    {opts::OPT_fms_compatibility_version, Rule::Always},
    {opts::OPT_ftrigraphs, Rule::Always},
    {opts::OPT_fconvergent_functions, Rule::Always},
    {opts::OPT_fmacro_prefix_map_EQ, Rule::Always},
    {opts::OPT_fno_trigraphs, Rule::Always},
    {opts::OPT_fno_builtin, Rule::Always},
    {opts::OPT_fno_builtin_, Rule::Always},
    {opts::OPT_ffp_contract, Rule::Always},
    {opts::OPT_fcomplex_arithmetic_EQ, Rule::Always},
    // Code generation that changes what a kernel's code means.
    {opts::OPT_relaxed_aliasing, Rule::Always},
    {opts::OPT_fstrict_enums, Rule::Always},
    {opts::OPT_fno_delete_null_pointer_checks, Rule::Always},
    {opts::OPT_ffinite_loops, Rule::Always},
    {opts::OPT_fno_finite_loops, Rule::Always},
    // What the driver sets for a lean compile and vectorized code.
    {opts::OPT_disable_free, Rule::Always},
    {opts::OPT_clear_ast_before_backend, Rule::Always},
    {opts::OPT_disable_llvm_verifier, Rule::Always},
    {opts::OPT_discard_value_names, Rule::Always},
    {opts::OPT_vectorize_loops, Rule::Always},
    {opts::OPT_vectorize_slp, Rule::Always},
    // The host device: the host's CPU, its frame and unwind conventions,
    // its vector library and the user's LLVM options.
    {opts::OPT_mframe_pointer_EQ, Rule::HostDevice},
    {opts::OPT_funwind_tables_EQ, Rule::HostDevice},
    {opts::OPT_fveclib, Rule::HostDevice},
    {opts::OPT_fcf_protection_EQ, Rule::HostDevice},
    {opts::OPT_mconstructor_aliases, Rule::HostDevice},
    {opts::OPT_faddrsig, Rule::HostDevice},
    {opts::OPT_mllvm, Rule::HostDevice},
    {opts::OPT_fdenormal_fp_math_EQ, Rule::HostDevice},
    {opts::OPT_fdenormal_fp_math_f32_EQ, Rule::HostDevice},
    {opts::OPT_mlong_double_128, Rule::HostDevice},
    {opts::OPT_fprotect_parens, Rule::HostDevice}, // GPUs reject it
    // Decided by the device compile: OpenMP device mode, position
    // independence, sanitizers, visibility, where diagnostics go (it reads
    // them back) and a host PCH; on a GPU the stack protector, errno in math
    // functions and non-convergent functions (barriers are convergent).
    {opts::OPT_fopenmp, Rule::Never},
    {opts::OPT_fopenmp_targets_EQ, Rule::Never},
    {opts::OPT_fopenmp_is_target_device, Rule::Never},
    {opts::OPT_fopenmp_host_ir_file_path, Rule::Never},
    {opts::OPT_fopenmp_simd, Rule::Never},
    {opts::OPT_pic_level, Rule::Never},
    {opts::OPT_pic_is_pie, Rule::Never},
    {opts::OPT_fvisibility_EQ, Rule::Never},
    {opts::OPT_ftype_visibility, Rule::Never},
    {opts::OPT_include_pch, Rule::Never},
    {opts::OPT_diagnostic_serialized_file, Rule::Never},
    {opts::OPT_diagnostic_log_file, Rule::Never},
    {opts::OPT_fcolor_diagnostics, Rule::Never},
    {opts::OPT_verify_EQ, Rule::Never},
    {opts::OPT_verify, Rule::Never},
    {opts::OPT_stack_protector, Rule::HostDevice},
    {opts::OPT_fmath_errno, Rule::HostDevice},
    {opts::OPT_fno_convergent_functions, Rule::HostDevice},
    // How the host builds its own output, which no record names: the
    // action, the input's kind, plugins, optimization and debug info.
    {opts::OPT_triple, Rule::Never}, // the device compile names its own
    {opts::OPT_x, Rule::Never},
    {opts::OPT_load, Rule::Never},
    {opts::OPT_plugin_arg, Rule::Never},
    {opts::OPT_debug_info_kind_EQ, Rule::Never},
    {opts::OPT_flto_EQ, Rule::Never},
    {opts::OPT_fdebug_prefix_map_EQ, Rule::Never},
    {opts::OPT_opt_record_format, Rule::Never},
    {opts::OPT_finline_functions, Rule::Never},
    {opts::OPT_finline_hint_functions, Rule::Never},
    {opts::OPT_fno_inline, Rule::Never},
    {opts::OPT_floop_interchange, Rule::Never},
    {opts::OPT_fno_loop_interchange, Rule::Never},
    {opts::OPT_funroll_loops, Rule::Never},
    {opts::OPT_fno_unroll_loops, Rule::Never},
    {opts::OPT_fdiagnostics_hotness_threshold_EQ, Rule::Never},
    {opts::OPT_fdiagnostics_misexpect_tolerance_EQ, Rule::Never},
    // Whole groups, after the exceptions above: warnings, remarks and include
    // paths pass, actions and optimization levels do not.
    {opts::OPT_W_Group, Rule::Always},
    {opts::OPT_W_value_Group, Rule::Always},
    {opts::OPT_R_Group, Rule::Always},
    {opts::OPT_R_value_Group, Rule::Always},
    {opts::OPT_I_Group, Rule::Always},
    {opts::OPT_i_Group, Rule::Always}, // -isystem, -include, ...
    {opts::OPT_Action_Group, Rule::Never},
    {opts::OPT_O_Group, Rule::Never},
};

/// The rule of each option with a marshalling record, by the set of
/// options it feeds: what the source means passes, the target's options
/// on the host device only, how the host builds its output never.
const DenseMap<unsigned, Rule> &recordRules() {
  static const DenseMap<unsigned, Rule> Rules = [] {
    DenseMap<unsigned, Rule> M;
#define OFFLOAD_RULE(ID, R) M.try_emplace(opts::OPT_##ID, Rule::R);
#define LANG_OPTION_WITH_MARSHALLING(P, N, ID, ...) OFFLOAD_RULE(ID, Always)
#define HEADER_SEARCH_OPTION_WITH_MARSHALLING(P, N, ID, ...)                   \
  OFFLOAD_RULE(ID, Always)
#define PREPROCESSOR_OPTION_WITH_MARSHALLING(P, N, ID, ...)                    \
  OFFLOAD_RULE(ID, Always)
#define DIAG_OPTION_WITH_MARSHALLING(P, N, ID, ...) OFFLOAD_RULE(ID, Always)
#define FILE_SYSTEM_OPTION_WITH_MARSHALLING(P, N, ID, ...)                     \
  OFFLOAD_RULE(ID, Always)
#define TARGET_OPTION_WITH_MARSHALLING(P, N, ID, ...)                          \
  OFFLOAD_RULE(ID, HostDevice)
#define CODEGEN_OPTION_WITH_MARSHALLING(P, N, ID, ...) OFFLOAD_RULE(ID, Never)
#define FRONTEND_OPTION_WITH_MARSHALLING(P, N, ID, ...) OFFLOAD_RULE(ID, Never)
#define DEPENDENCY_OUTPUT_OPTION_WITH_MARSHALLING(P, N, ID, ...)               \
  OFFLOAD_RULE(ID, Never)
#define PREPROCESSOR_OUTPUT_OPTION_WITH_MARSHALLING(P, N, ID, ...)             \
  OFFLOAD_RULE(ID, Never)
#define ANALYZER_OPTION_WITH_MARSHALLING(P, N, ID, ...) OFFLOAD_RULE(ID, Never)
#define MIGRATOR_OPTION_WITH_MARSHALLING(P, N, ID, ...) OFFLOAD_RULE(ID, Never)
#include "clang/Options/Options.inc"
#undef OFFLOAD_RULE
    return M;
  }();
  return Rules;
}

/// The rule for option O: the list's, else its record's; none for an
/// option clang generates by hand that the list does not name.
std::optional<Rule> ruleFor(const opt::Option &O) {
  // Sanitizers instrument host code only: every -fsanitize* option the
  // driver derives from -fsanitize= (there are dozens) stays on the host.
  if (O.getName().starts_with("fsanitize"))
    return Rule::Never;
  for (const OptionRule &L : Listed)
    if (O.matches(L.Id))
      return L.R;
  auto R = recordRules().find(O.getID());
  if (R == recordRules().end())
    return std::nullopt;
  return R->second;
}

} // namespace

HostArguments hostArgumentsFor(const CompilerInvocation &Host,
                               const Target &T) {
  const std::vector<std::string> All = compat::cc1Arguments(Host);
  std::vector<const char *> Argv;
  for (const std::string &A : All)
    Argv.push_back(A.c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  opt::InputArgList Parsed = getDriverOptTable().ParseArgs(
      Argv, MissingIndex, MissingCount, opt::Visibility(opts::CC1Option));
  HostArguments Result;
  opt::ArgStringList Rendered;
  for (const opt::Arg *A : Parsed) {
    const opt::Option O = A->getOption();
    if (O.getKind() == opt::Option::InputClass)
      continue; // the device compile reads its own source
    const std::optional<Rule> R = ruleFor(O);
    if (!R)
      Result.Dropped.push_back(A->getAsString(Parsed));
    else if (*R == Rule::Always || (*R == Rule::HostDevice && !T.isGpu()))
      A->render(Parsed, Rendered);
  }
  for (const char *R : Rendered)
    Result.Arguments.push_back(R);
  return Result;
}

} // namespace offload::plugin
