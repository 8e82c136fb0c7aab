//===- DevicePass.cpp - Compiling the kernels for each target -------------===//

#include "DevicePass.h"
#include "Compatibility.h"
#include "Toolchain.h"

#include "clang/Basic/TargetOptions.h"
#include "clang/Frontend/DependencyOutputOptions.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Lex/HeaderSearchOptions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include <thread>
#include <chrono>
#include <unistd.h>
#include <sys/stat.h>
#include <signal.h>
#include <fcntl.h>

using namespace llvm;

namespace offload::plugin {

std::string deviceSourceHead(StringRef Source) {
  return (Twine("// cxx-offload device translation unit, from kernel "
                "metadata v") +
          Twine(MetadataVersion) + ".\n#include \"" + Source + "\"\n")
      .str();
}

std::string deviceEntries(const Metadata &M) {
  std::string Text;
  raw_string_ostream OS(Text);
  SmallVector<std::string> Entries;
  for (const KernelInstance &K : M.Kernels) {
    // A closure's entry comes from offload()'s own instantiation of
    // offload::detail::closureEntry, which the device-side pass renames.
    if (!K.Closure.empty()) {
      OS << "// kernel " << K.Name << ": entry " << K.Entry
         << " from its offload() call\n";
      continue;
    }
    OS << "// kernel " << K.Name << "\n"
       << "extern \"C\" OFFLOAD_ENTRY_ATTRIBUTES void " << K.Entry
       << "(void *";
    SmallVector<std::string> Slots;
    for (unsigned I = 0; I < K.NumSlots; ++I) {
      Slots.push_back("s" + std::to_string(I));
      OS << ", std::uint64_t " << Slots.back();
    }
    OS << ") {\n"
       << "  const std::uint64_t Slots[] = {" << join(Slots, ", ") << "};\n"
       << "  ::offload::detail::deviceEntry<" << K.Callee << ">(Slots);\n"
       << "}\n";
    Entries.push_back("(void *)&" + K.Entry);
  }
  // OpenMP device mode emits only what declare-target code reaches, and this
  // table reaches the entries. (Declaring the entries themselves target would
  // give them hidden visibility, and the host device finds them by dlsym.)
  if (!Entries.empty())
    OS << "#pragma omp begin declare target\n"
       << "[[gnu::used]] static void *const __offload_entries[] = {"
       << join(Entries, ", ") << "};\n"
       << "#pragma omp end declare target\n";
  return Text;
}

std::string deviceSource(const Metadata &M) {
  return deviceSourceHead(M.Source) + deviceEntries(M);
}

/// A directory for one compile's intermediate files: a fresh temporary one,
/// removed afterwards, or the save-temps directory.
class Scratch {
public:
  static Expected<Scratch> create(const Options &Opts, StringRef Source) {
    Scratch S;
    S.Stem = sys::path::stem(Source).str();
    if (!Opts.SaveTemps.empty()) {
      S.Dir = Opts.SaveTemps;
      if (std::error_code EC = sys::fs::create_directories(S.Dir))
        return createStringError(EC, "cannot create " + S.Dir);
      return S;
    }
    SmallString<128> Dir;
    if (std::error_code EC = sys::fs::createUniqueDirectory("cxx-offload", Dir))
      return createStringError(EC, "cannot create a temporary directory");
    S.Dir = std::string(Dir);
    S.Remove = true;
    return S;
  }
  Scratch() = default;
  Scratch(Scratch &&O) : Dir(O.Dir), Stem(O.Stem), Remove(O.Remove) {
    O.Remove = false;
  }
  ~Scratch() {
    if (Remove)
      sys::fs::remove_directories(Dir);
  }
  std::string path(StringRef Suffix) const {
    SmallString<256> P(Dir);
    sys::path::append(P, Stem + "." + Suffix);
    return std::string(P);
  }

private:
  std::string Dir, Stem;
  bool Remove = false;
};


namespace {

/// How a host -cc1 argument is treated in a device compile.
struct ArgRule {
  StringRef Spelling;
  bool Prefix;     // matches arguments that start with Spelling
  unsigned Values; // following arguments it consumes
  bool GpuOnly;    // dropped for GPU targets only (kept for the host device)
};

// Host arguments a device compile must not inherit: the output and its
// kind, plugins (or the device compile would recurse), instrumentation and
// anything the device target sets for itself.
constexpr ArgRule DroppedArgs[] = {
    {"-o", false, 1, false},
    {"-x", false, 1, false},
    {"-main-file-name", false, 1, false},
    {"-triple", false, 1, false},
    {"-aux-triple", false, 1, false},
    {"-load", false, 1, false},
    {"-add-plugin", false, 1, false},
    {"-plugin", false, 1, false},
    {"-plugin-arg-", true, 1, false},
    {"-fpass-plugin=", true, 0, false},
    {"-dependency-file", false, 1, false},
    {"-MT", false, 1, false},
    {"-MQ", false, 1, false},
    {"-sys-header-deps", false, 0, false},
    {"-MP", false, 0, false},
    {"-header-include-file", false, 1, false},
    {"-emit-obj", false, 0, false},
    {"-emit-llvm", false, 0, false},
    {"-emit-llvm-bc", false, 0, false},
    {"-emit-llvm-only", false, 0, false},
    {"-emit-codegen-only", false, 0, false},
    {"-S", false, 0, false},
    {"-E", false, 0, false},
    {"-fsyntax-only", false, 0, false},
    {"-verify", false, 0, false},
    {"-verify=", true, 0, false},
    {"-O", true, 0, false},
    {"-fopenmp", false, 0, false},
    {"-fopenmp-targets=", true, 0, false},
    {"--offload-targets=", true, 0, false},
    {"-fopenmp-is-target-device", false, 0, false},
    {"-fopenmp-host-ir-file-path", false, 1, false},
    {"-fvisibility=", true, 0, false},
    {"-include-pch", false, 1, false},
    {"-debug-info-kind=", true, 0, false},
    {"-dwarf-version=", true, 0, false},
    {"-debugger-tuning=", true, 0, false},
    {"-fdebug-compilation-dir=", true, 0, false},
    {"-fcoverage-compilation-dir=", true, 0, false},
    {"-split-dwarf-file", false, 1, false},
    {"-split-dwarf-output", false, 1, false},
    {"-coverage-notes-file", false, 1, false},
    {"-coverage-data-file", false, 1, false},
    {"-fcoverage-mapping", false, 0, false},
    {"-ftest-coverage", false, 0, false},
    {"-fprofile-", true, 0, false},
    {"-fsanitize", true, 0, false},
    {"-fno-sanitize", true, 0, false},
    {"-ftime-trace", true, 0, false},
    {"-flto", true, 0, false},
    {"-fsplit-lto-unit", false, 0, false},
    {"-fembed-bitcode", true, 0, false},
    {"-target-cpu", false, 1, true},
    {"-tune-cpu", false, 1, true},
    {"-target-feature", false, 1, true},
    {"-target-abi", false, 1, true},
    {"-mrelocation-model", false, 1, false},
    {"-pic-level", false, 1, false},
    {"-pic-is-pie", false, 0, false},
    {"-mframe-pointer=", true, 0, true},
    {"-funwind-tables=", true, 0, true},
    {"-mconstructor-aliases", false, 0, true},
    {"-fmath-errno", false, 0, true},
    {"-stack-protector", false, 1, true},
    {"-stack-protector-buffer-size", false, 1, true},
    {"-fcf-protection=", true, 0, true},
    {"-mcmodel=", true, 0, true},
    {"-fveclib=", true, 0, true},
    {"-mllvm", false, 1, true},
    {"-faddrsig", false, 0, true},
    // GPU functions are convergent (barriers, shuffles); the host says not.
    {"-fno-convergent-functions", false, 0, true},
    {"-fdwarf2-cfi-asm", false, 0, true},
};

const ArgRule *ruleFor(StringRef Arg) {
  for (const ArgRule &R : DroppedArgs)
    if (R.Prefix ? Arg.starts_with(R.Spelling) : Arg == R.Spelling)
      return &R;
  return nullptr;
}

/// A scratch directory, removed at the end unless save-temps asked to keep
/// the files (then they go there, named after the source).
Error writeFile(StringRef Path, StringRef Text) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC)
    return createStringError(EC, "cannot write " + Path);
  OS << Text;
  return Error::success();
}

std::string commandLine(ArrayRef<std::string> Args) {
  std::string Out;
  for (const std::string &A : Args) {
    if (!Out.empty())
      Out += ' ';
    Out += A.find(' ') == std::string::npos ? A : "'" + A + "'";
  }
  return Out;
}

/// A program started and not yet waited for.
struct Job {
  std::vector<std::string> Args;
  sys::ProcessInfo Process;
};

Expected<Job> start(std::vector<std::string> Args,
                    std::optional<StringRef> Stdin = std::nullopt) {
  SmallVector<StringRef> Refs(Args.begin(), Args.end());
  std::string Error;
  bool Failed = false;
  std::optional<StringRef> Redirects[] = {Stdin, std::nullopt, std::nullopt};
  sys::ProcessInfo PI =
      sys::ExecuteNoWait(Args.front(), Refs, std::nullopt, Redirects, 0,
                         &Error, &Failed);
  if (Failed)
    return createStringError("cannot run " + Args.front() + ": " + Error);
  return Job{std::move(Args), PI};
}

Error waitFor(Job &J) {
  std::string Error;
  sys::ProcessInfo Done = sys::Wait(J.Process, std::nullopt, &Error);
  if (Done.ReturnCode == 0)
    return Error::success();
  return createStringError(
      formatv("{0} {1}{2}", sys::path::filename(J.Args.front()),
              Done.ReturnCode < 0 ? "crashed" : "failed",
              Error.empty() ? "" : ": " + Error)
          .str());
}

/// The prerequisites of a Make-style dependency file written by clang:
/// lines joined at backslash-newlines, words split at unescaped spaces.
std::vector<std::string> readDependencyFile(StringRef Text) {
  std::vector<std::string> Files;
  std::string Word;
  bool AfterColon = false;
  auto Flush = [&] {
    if (!Word.empty() && AfterColon)
      Files.push_back(Word);
    Word.clear();
  };
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size() && Text[I + 1] == '\n') {
      Flush();
      ++I;
    } else if (C == '\\' && I + 1 < Text.size() &&
               (Text[I + 1] == ' ' || Text[I + 1] == '#')) {
      Word += Text[++I];
    } else if (C == '$' && I + 1 < Text.size() && Text[I + 1] == '$') {
      Word += Text[++I];
    } else if (C == ' ' || C == '\t' || C == '\n') {
      Flush();
    } else if (C == ':' && !AfterColon && I + 1 < Text.size() &&
               (Text[I + 1] == ' ' || Text[I + 1] == '\n')) {
      Word.clear();
      AfterColon = true;
    } else {
      Word += C;
    }
  }
  Flush();
  return Files;
}

/// The entry symbols an image defines.
Expected<StringSet<>> entrySymbols(const Target &T, StringRef Image) {
  StringSet<> Symbols;
  if (T.Kind == Target::Nvptx) {
    // The PTX text, before ptxas: ".visible .entry NAME(".
    for (StringRef Line : split(Image, '\n')) {
      Line = Line.trim();
      if (Line.consume_front(".visible .entry "))
        Symbols.insert(Line.take_until([](char C) { return C == '('; }));
    }
    return Symbols;
  }
  Expected<std::unique_ptr<object::ObjectFile>> Obj =
      object::ObjectFile::createObjectFile(MemoryBufferRef(Image, "image"));
  if (!Obj)
    return Obj.takeError();
  auto *Elf = dyn_cast<object::ELFObjectFileBase>(Obj->get());
  if (!Elf)
    return createStringError("the image is not an ELF shared object");
  for (const object::ELFSymbolRef &S : Elf->getDynamicSymbolIterators())
    if (Expected<StringRef> Name = S.getName())
      Symbols.insert(*Name);
  return Symbols;
}

} // namespace

std::vector<std::string> DevicePass::deviceArguments(const Target &T,
                                                     bool Math) const {
  std::vector<std::string> HostArgs = compat::cc1Arguments(Host);
  StringSet<> Inputs;
  for (const clang::FrontendInputFile &F : Host.getFrontendOpts().Inputs)
    if (F.isFile())
      Inputs.insert(F.getFile());

  const std::string HostTriple = Host.getTargetOpts().Triple;
  const std::string &ResourceDir = Host.getHeaderSearchOpts().ResourceDir;
  std::vector<std::string> Args = {"-cc1"};
  // OpenMP device mode, as clang's driver sets it up for each GPU, with our
  // own entries in place of target regions. The host's headers stay usable
  // through the aux triple; the wrappers make <cmath> device-safe. (Each
  // target's own differences are here and in offload/detail/entry.hpp.)
  auto OpenMPWrappers = [&] {
    // Regenerated -cc1 arguments spell the host's system directories
    // -isystem, which clang searches before -internal-isystem ones: the
    // wrappers must come first.
    append_range(Args, std::vector<std::string>{
                           "-isystem", ResourceDir + "/include/openmp_wrappers",
                           "-include", "__clang_openmp_device_functions.h"});
  };
  switch (T.Kind) {
  case Target::Nvptx:
    append_range(Args, std::vector<std::string>{
                           "-triple", "nvptx64-nvidia-cuda", "-aux-triple",
                           HostTriple, "-target-cpu", T.Arch,
                           "-target-feature", "+ptx84", "-fcuda-is-device",
                           "-fcuda-allow-variadic-functions", "-mllvm",
                           "-enable-memcpyopt-without-libcalls"});
    OpenMPWrappers();
    break;
  case Target::Amdgpu:
    append_range(Args, std::vector<std::string>{
                           "-triple", "amdgcn-amd-amdhsa", "-aux-triple",
                           HostTriple, "-target-cpu", T.Arch,
                           "-Werror=atomic-alignment", "-mrelocation-model",
                           "pic", "-pic-level", "2",
                           "-fhalf-no-semantic-interposition",
                           // No parallel regions share locals, so none is
                           // moved to the OpenMP runtime's shared stack.
                           "-fopenmp-cuda-mode"});
    OpenMPWrappers();
    break;
  case Target::Host:
    append_range(Args, std::vector<std::string>{
                           "-triple", HostTriple, "-aux-triple", HostTriple,
                           "-mrelocation-model", "pic", "-pic-level", "2"});
    break;
  }
  append_range(Args, std::vector<std::string>{
                         "-fopenmp", "-fopenmp-is-target-device",
                         "-fvisibility=protected", "-D__OFFLOAD_DEVICE__=1",
                         "-O" + std::to_string(Opts.DeviceOptLevel)});
  // Names the entries of closure kernels (ClosureEntryPass).
  if (std::string Self = pluginLibrary(); !Self.empty())
    Args.push_back("-fpass-plugin=" + Self);

  for (size_t I = 0; I < HostArgs.size(); ++I) {
    StringRef A = HostArgs[I];
    if (Inputs.contains(A))
      continue;
    if (const ArgRule *R = ruleFor(A); R && (!R->GpuOnly || T.isGpu())) {
      I += R->Values;
      continue;
    }
    Args.push_back(HostArgs[I]);
  }
  return Args;
}

namespace {

/// Whether compile C has exited, without waiting for it.
bool hasExited(DevicePass::Compile &C) {
  if (!C.Exited) {
    std::string Error;
    sys::ProcessInfo Done = sys::Wait(C.Process, /*SecondsToWait=*/0, &Error,
                                      nullptr, /*Polling=*/true);
    if (Done.Pid != 0)
      C.Exited = Done;
  }
  return C.Exited.has_value();
}

Error waitFor(DevicePass::Compile &C) {
  std::string Error;
  if (!C.Exited)
    C.Exited = sys::Wait(C.Process, std::nullopt, &Error);
  if (C.Exited->ReturnCode == 0)
    return Error::success();
  return createStringError(
      formatv("{0} {1}{2}", sys::path::filename(C.Args.front()),
              C.Exited->ReturnCode < 0 ? "crashed" : "failed",
              Error.empty() ? "" : ": " + Error)
          .str());
}

/// Writes Text into C's entries pipe once C opens it for reading. A compile
/// that exits first (it failed on the original source) gets nothing.
Error writeEntries(DevicePass::Compile &C, StringRef Text) {
  int FD;
  while ((FD = ::open(C.Entries.c_str(), O_WRONLY | O_NONBLOCK)) < 0) {
    if (errno != ENXIO && errno != EINTR)
      return createStringError(std::error_code(errno, std::generic_category()),
                               "cannot open " + C.Entries);
    if (hasExited(C))
      return Error::success();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ::fcntl(FD, F_SETFL, 0);
  for (size_t Done = 0; Done < Text.size();) {
    ssize_t N = ::write(FD, Text.data() + Done, Text.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0) // the reader went away: its exit status says why
      break;
    Done += N;
  }
  ::close(FD);
  return Error::success();
}

} // namespace

DevicePass::DevicePass(const Options &Opts,
                       const clang::CompilerInvocation &Host, Diagnostics &Diags)
    : Opts(Opts), Host(Host), Diags(Diags) {}

DevicePass::~DevicePass() { abandon(); }

void DevicePass::abandon() {
  for (Compile &C : Jobs) {
    if (!C.Exited) {
      ::kill(C.Process.Pid, SIGKILL);
      std::string Error;
      C.Exited = sys::Wait(C.Process, std::nullopt, &Error);
    }
    ::unlink(C.Entries.c_str());
  }
  Jobs.clear();
}

void DevicePass::failed(const Target &T, Error E,
                        ArrayRef<std::string> Command) {
  Diags.report({}, Diag::DevicePassFailed) << T.Name << toString(std::move(E));
  if (!Command.empty())
    Diags.report({}, Diag::NoteDevicePassCommand) << commandLine(Command);
  abandon();
}

bool DevicePass::launch(StringRef Source, bool Math) {
  LaunchedWithMath = Math;
  auto Fail = [&](const Target &T, Error E) {
    failed(T, std::move(E));
    return false;
  };
  const Target &First = Opts.Targets.front();
  Expected<Scratch> Created = Scratch::create(Opts, Source);
  if (!Created)
    return Fail(First, Created.takeError());
  Dir = std::make_unique<Scratch>(std::move(*Created));

  const clang::DependencyOutputOptions &HostDeps = Host.getDependencyOutputOpts();
  const std::string Clang = clangExecutable();
  for (const Target &T : Opts.Targets) {
    // Each compile reads the original source, then the entries from a pipe
    // of its own, which blocks it until run() writes them.
    Compile C{T, {}, {}, std::nullopt, Dir->path(T.Name + ".entries"),
              Dir->path(T.Name + (T.Kind == Target::Nvptx ? ".ptx" : ".o"))};
    ::unlink(C.Entries.c_str());
    if (::mkfifo(C.Entries.c_str(), 0600) != 0)
      return Fail(T, createStringError(
                         std::error_code(errno, std::generic_category()),
                         "cannot create " + C.Entries));
    const std::string SourcePath = Dir->path(T.Name + ".offload-device.cpp");
    if (Error E = writeFile(SourcePath, deviceSourceHead(Source) +
                                            "#include \"" + C.Entries + "\"\n"))
      return Fail(T, std::move(E));
    C.Args = deviceArguments(T, Math);
    C.Args.insert(C.Args.begin(), Clang);
    append_range(C.Args, std::vector<std::string>{
                             T.Kind == Target::Nvptx ? "-S" : "-emit-obj",
                             "-o", C.Output,
                             "-x", "c++", "-"});
    if (!HostDeps.OutputFile.empty()) {
      append_range(C.Args, std::vector<std::string>{
                               "-dependency-file", Dir->path(T.Name + ".d"),
                               "-MT", "device"});
      if (HostDeps.IncludeSystemHeaders)
        C.Args.push_back("-sys-header-deps");
    }
    Expected<Job> J = start(C.Args, StringRef(SourcePath));
    if (!J)
      return Fail(T, J.takeError());
    C.Process = J->Process;
    Jobs.push_back(std::move(C));
  }
  return true;
}

bool DevicePass::feed(const Metadata &M) {
  auto Fail = [&](const Target &T, Error E,
                  ArrayRef<std::string> Command = {}) {
    failed(T, std::move(E), Command);
    return false;
  };
  const Target &First = Opts.Targets.front();
  Ptxas = findPtxas(), Lld = findLld();
  for (const Target &T : Opts.Targets) {
    if (T.Kind == Target::Nvptx && !Ptxas)
      return Fail(T, createStringError(
                         "ptxas was not found (install the CUDA toolkit or set "
                         "OFFLOAD_CUDA_PATH), so no cubin can be built; build "
                         "for the host device only with "
                         "-fplugin-arg-offload-targets=host"));
    if (T.Kind != Target::Nvptx && !Lld)
      return Fail(T,
                  createStringError("ld.lld was not found (install lld-22)"));
  }
  if (!launched() && !launch(M.Source, M.Math))
    return false;
  if (!Opts.SaveTemps.empty()) {
    if (Error E = writeFile(Dir->path("offload-device.cpp"), deviceSource(M)))
      return Fail(First, std::move(E));
    if (Error E = writeFile(Dir->path("offload.json"), serialize(M)))
      return Fail(First, std::move(E));
  }

  // The compiles have been parsing the original source: hand them the
  // entries and wait.
  const std::string Entries = deviceEntries(M);
  for (Compile &C : Jobs)
    if (Error E = writeEntries(C, Entries))
      return Fail(C.For, std::move(E), C.Args);
  return true;
}

std::optional<std::vector<DeviceImage>>
DevicePass::finish(const Metadata &M) {
  auto Fail = [&](const Target &T, Error E,
                  ArrayRef<std::string> Command = {}) {
    failed(T, std::move(E), Command);
    return std::nullopt;
  };
  bool Failed = false;
  for (Compile &C : Jobs)
    if (Error E = waitFor(C)) {
      Diags.report({}, Diag::DevicePassFailed)
          << C.For.Name << toString(std::move(E));
      Diags.report({}, Diag::NoteDevicePassCommand) << commandLine(C.Args);
      Failed = true;
    }
  if (Failed) {
    abandon();
    return std::nullopt;
  }
  if (!Host.getDependencyOutputOpts().OutputFile.empty()) {
    // The pipes and generated sources are the compile's own, not inputs.
    StringSet<> Seen;
    for (const Compile &C : Jobs)
      if (ErrorOr<std::unique_ptr<MemoryBuffer>> D =
              MemoryBuffer::getFile(Dir->path(C.For.Name + ".d")))
        for (std::string &File : readDependencyFile((*D)->getBuffer()))
          if (File != "-" && File != "<stdin>" && File != C.Entries &&
              Seen.insert(File).second)
            Dependencies.push_back(std::move(File));
  }

  // ptxas and ld.lld, side by side.
  std::vector<Job> Links;
  std::vector<std::string> ImagePaths;
  for (const Compile &C : Jobs) {
    // A cubin, an AMD code object (.hsaco) or a host shared object.
    const bool Cuda = C.For.Kind == Target::Nvptx;
    ImagePaths.push_back(Dir->path(
        C.For.Name + (Cuda ? ".cubin"
                           : C.For.Kind == Target::Amdgpu ? ".hsaco" : ".so")));
    std::vector<std::string> Link =
        Cuda ? std::vector<std::string>{*Ptxas, "-arch=" + C.For.Arch, "-O3",
                                        C.Output, "-o", ImagePaths.back()}
             : std::vector<std::string>{*Lld, "-shared", "--build-id=none",
                                        C.Output, "-o", ImagePaths.back()};
    if (C.For.Kind == Target::Amdgpu)
      Link.push_back("--no-undefined");
    Expected<Job> J = start(Link);
    if (!J)
      return Fail(C.For, J.takeError());
    Links.push_back(std::move(*J));
  }
  for (size_t I = 0; I < Links.size(); ++I)
    if (Error E = waitFor(Links[I]))
      return Fail(Jobs[I].For, std::move(E), Links[I].Args);

  std::vector<DeviceImage> Images;
  for (size_t I = 0; I < Jobs.size(); ++I) {
    const Target &T = Jobs[I].For;
    ErrorOr<std::unique_ptr<MemoryBuffer>> Compiled =
        MemoryBuffer::getFile(Jobs[I].Output);
    if (!Compiled)
      return Fail(T, createStringError(Compiled.getError(),
                                       "cannot read " + Jobs[I].Output));
    ErrorOr<std::unique_ptr<MemoryBuffer>> Bytes =
        MemoryBuffer::getFile(ImagePaths[I]);
    if (!Bytes)
      return Fail(T, createStringError(Bytes.getError(),
                                       "cannot read " + ImagePaths[I]));
    // Every kernel must have its entry, or the launch would fail at run time.
    Expected<StringSet<>> Symbols =
        entrySymbols(T, T.Kind == Target::Nvptx ? (*Compiled)->getBuffer()
                                                : (*Bytes)->getBuffer());
    if (!Symbols)
      return Fail(T, Symbols.takeError());
    // An AMD kernel is launched through its kernel descriptor, NAME.kd.
    for (const KernelInstance &K : M.Kernels)
      if (!Symbols->contains(K.Entry) ||
          (T.Kind == Target::Amdgpu && !Symbols->contains(K.Entry + ".kd")))
        return Fail(T, createStringError(
                           formatv("the image has no entry {0} for kernel {1}",
                                   K.Entry, K.Name)
                               .str()));
    Images.push_back({T, (*Bytes)->getBuffer().str()});
  }
  abandon(); // all have exited: this only removes the pipes
  return Images;
}

} // namespace offload::plugin
