//===- CompileCache.cpp - What device compiles keep for the next ones -----===//

#include "CompileCache.h"
#include "DependencyFile.h"
#include "Subprocess.h"
#include "Toolchain.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <algorithm>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>

using namespace clang;
using namespace llvm;

namespace offload::plugin {
namespace {

/// The C++ and C standard library headers, and POSIX's and OpenMP's most
/// common ones: included before the library's header, each is still
/// parsed as if after it, which these headers do not tell apart.
bool isStandardHeader(StringRef Name) {
  static const StringSet<> Names = [] {
    SmallVector<StringRef> List;
    StringRef(
        "algorithm any array atomic barrier bit bitset cassert ccomplex "
        "cctype cerrno cfenv cfloat charconv chrono cinttypes ciso646 "
        "climits clocale cmath codecvt compare complex concepts "
        "condition_variable coroutine csetjmp csignal cstdarg cstdbool "
        "cstddef cstdint cstdio cstdlib cstring ctgmath ctime cuchar "
        "cwchar cwctype deque exception execution expected filesystem "
        "format forward_list fstream functional future initializer_list "
        "iomanip ios iosfwd iostream istream iterator latch limits list "
        "locale map mdspan memory memory_resource mutex new numbers "
        "numeric optional ostream print queue random ranges ratio regex "
        "scoped_allocator semaphore set shared_mutex source_location span "
        "spanstream sstream stack stacktrace stdexcept stop_token "
        "streambuf string string_view syncstream system_error thread tuple "
        "type_traits typeindex typeinfo unordered_map unordered_set "
        "utility valarray variant vector version assert.h complex.h "
        "ctype.h errno.h fenv.h float.h inttypes.h iso646.h limits.h "
        "locale.h math.h setjmp.h signal.h stdalign.h stdarg.h stdbool.h "
        "stddef.h stdint.h stdio.h stdlib.h string.h tgmath.h time.h "
        "uchar.h wchar.h wctype.h unistd.h sys/time.h sys/types.h omp.h")
        .split(List, ' ');
    StringSet<> Set;
    for (StringRef N : List)
      Set.insert(N);
    return Set;
  }();
  return Names.contains(Name);
}

class PrefixCheck : public PPCallbacks {
public:
  PrefixCheck(Preprocessor &PP, std::function<void(IncludePrefix)> Decided)
      : PP(PP), SM(PP.getSourceManager()), Decided(std::move(Decided)) {
    PP.setTokenWatcher([this](const Token &T) {
      if (!T.is(tok::eof) && inUserFile(T.getLocation()))
        obstacle("code comes before it", T.getLocation());
    });
  }

  void InclusionDirective(SourceLocation HashLoc, const Token &,
                          StringRef FileName, bool IsAngled, CharSourceRange,
                          OptionalFileEntryRef, StringRef, StringRef,
                          const clang::Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (Done || !inUserFile(HashLoc))
      return;
    if (FileName.starts_with("offload/"))
      return decide({"", HashLoc});
    if (IsAngled && !isStandardHeader(FileName))
      obstacle(("<" + FileName + "> is included before it").str(), HashLoc);
  }

  void MacroDefined(const Token &Name, const MacroDirective *) override {
    // An include guard: `#ifndef X` then `#define X` at the top of a file.
    if (inUserFile(Name.getLocation()) &&
        !(Name.getIdentifierInfo() == GuardName &&
          SM.getFileID(Name.getLocation()) == GuardFile))
      obstacle("a macro is defined before it", Name.getLocation());
  }
  void MacroUndefined(const Token &Name, const MacroDefinition &,
                      const MacroDirective *) override {
    obstacle("a macro is undefined before it", Name.getLocation());
  }
  void Ifndef(SourceLocation Loc, const Token &Name,
              const MacroDefinition &) override {
    if (!inUserFile(Loc))
      return;
    const IdentifierInfo *II = Name.getIdentifierInfo();
    // A reserved name may be a target's own macro.
    if (!II || II->getName().starts_with("__") ||
        (II->getName().size() > 1 && II->getName()[0] == '_' &&
         isUpper(II->getName()[1])))
      return obstacle("a conditional comes before it", Loc);
    GuardName = II;
    GuardFile = SM.getFileID(Loc);
  }
  void If(SourceLocation Loc, SourceRange, ConditionValueKind) override {
    obstacle("a conditional comes before it", Loc);
  }
  void Ifdef(SourceLocation Loc, const Token &,
             const MacroDefinition &) override {
    obstacle("a conditional comes before it", Loc);
  }
  void Elif(SourceLocation Loc, SourceRange, ConditionValueKind,
            SourceLocation) override {
    obstacle("a conditional comes before it", Loc);
  }
  void Else(SourceLocation Loc, SourceLocation) override {
    obstacle("a conditional comes before it", Loc);
  }
  void PragmaDirective(SourceLocation Loc, PragmaIntroducerKind) override {
    if (!inUserFile(Loc))
      return;
    // Loc is the directive's `#` or the `pragma` keyword.
    StringRef Rest(SM.getCharacterData(Loc));
    Rest = Rest.ltrim("# \t");
    Rest.consume_front("pragma");
    if (Rest.ltrim(" \t").starts_with("once"))
      return;
    obstacle("a #pragma comes before it", Loc);
  }
  void EndOfMainFile() override {
    decide({"the source includes no <offload/...> header", {}});
  }

private:
  bool inUserFile(SourceLocation Loc) const {
    if (Loc.isInvalid())
      return false;
    Loc = SM.getExpansionLoc(Loc);
    return !SM.isInSystemHeader(Loc) && !SM.isWrittenInBuiltinFile(Loc) &&
           !SM.isWrittenInCommandLineFile(Loc);
  }
  void obstacle(std::string Why, SourceLocation Loc) {
    if (inUserFile(Loc))
      decide({std::move(Why), Loc}); // nothing later can undo it
  }
  void decide(IncludePrefix Found) {
    if (Done)
      return;
    Done = true;
    PP.setTokenWatcher(nullptr);
    Decided(std::move(Found));
  }

  Preprocessor &PP;
  SourceManager &SM;
  std::function<void(IncludePrefix)> Decided;
  bool Done = false;
  const IdentifierInfo *GuardName = nullptr;
  FileID GuardFile;
};

/// The size and modification time of Path, as one string.
std::optional<std::string> fileStamp(StringRef Path) {
  sys::fs::file_status S;
  if (sys::fs::status(Path, S) || !sys::fs::is_regular_file(S))
    return std::nullopt;
  return utostr(S.getSize()) + " " +
         utostr(S.getLastModificationTime().time_since_epoch().count());
}

/// Removes all but the Kept files of Folder with Extension used last (and
/// each one's Companion file, of the same name with that extension).
void keepNewest(StringRef Folder, StringRef Extension, size_t Kept,
                StringRef Companion = "") {
  std::vector<std::pair<sys::TimePoint<>, std::string>> Files;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Folder, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (sys::path::extension(It->path()) != Extension)
      continue;
    if (ErrorOr<sys::fs::basic_file_status> S = It->status())
      Files.push_back({S->getLastModificationTime(), It->path()});
  }
  if (Files.size() <= Kept)
    return;
  std::sort(Files.begin(), Files.end());
  for (size_t I = 0; I + Kept < Files.size(); ++I) {
    StringRef File = Files[I].second;
    if (!Companion.empty())
      sys::fs::remove(File.drop_back(Extension.size()).str() + Companion);
    sys::fs::remove(File);
  }
}

/// Writes Text to Path through a file of this process, so that other
/// compiles see the whole file or none.
Error replaceFile(StringRef Path, StringRef Text) {
  const std::string Temporary =
      (Path + "." + utostr(sys::Process::getProcessId())).str();
  if (Error E = writeFile(Temporary, Text))
    return E;
  if (std::error_code EC = sys::fs::rename(Temporary, Path)) {
    sys::fs::remove(Temporary);
    return createStringError(EC, "cannot write " + Path);
  }
  return Error::success();
}

/// A hash of the arguments and of the programs (their paths, sizes and
/// modification times).
std::string hashOf(ArrayRef<std::string> Programs,
                   ArrayRef<std::string> Arguments) {
  MD5 Hash;
  for (const std::string &Program : Programs) {
    Hash.update(Program);
    Hash.update(fileStamp(Program).value_or(""));
  }
  for (const std::string &A : Arguments) {
    Hash.update(A);
    Hash.update(StringRef("\0", 1));
  }
  MD5::MD5Result Result;
  Hash.final(Result);
  return std::string(Result.digest());
}

} // namespace

void watchIncludePrefix(Preprocessor &PP,
                        std::function<void(IncludePrefix)> Decided) {
  PP.addPPCallbacks(std::make_unique<PrefixCheck>(PP, std::move(Decided)));
}

std::optional<std::string> cacheFolder(StringRef Setting) {
  auto Chosen = [](StringRef Folder) -> std::optional<std::string> {
    if (Folder == "off")
      return std::nullopt;
    return Folder.str();
  };
  if (!Setting.empty())
    return Chosen(Setting);
  if (const char *Env = std::getenv("OFFLOAD_CACHE_DIR"); Env && *Env)
    return Chosen(Env);
  SmallString<256> Folder;
  if (const char *Xdg = std::getenv("XDG_CACHE_HOME"); Xdg && *Xdg)
    Folder = Xdg;
  else if (const char *Home = std::getenv("HOME"); Home && *Home)
    sys::path::append(Folder, Home, ".cache");
  else
    return std::nullopt;
  sys::path::append(Folder, "cxx-offload");
  return std::string(Folder);
}

std::string PchCache::key(StringRef Clang,
                          ArrayRef<std::string> Arguments) const {
  // A rebuilt plugin or clang may read the header differently.
  return hashOf({Clang.str(), pluginLibrary()}, Arguments);
}

std::string PchCache::path(StringRef Key, StringRef Suffix) const {
  SmallString<256> P(Folder);
  sys::path::append(P, Key + "." + Suffix);
  return std::string(P);
}

std::optional<PchCache::Found> PchCache::lookup(StringRef Key,
                                                StringRef LinkPath) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Inputs =
      MemoryBuffer::getFile(path(Key, "inputs"));
  if (!Inputs)
    return std::nullopt;
  // Each line: a stamp (size and time), a tab, the path.
  Found F;
  SmallVector<StringRef> Lines;
  (*Inputs)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef Line : Lines) {
    auto [Stamp, File] = Line.split('\t');
    if (fileStamp(File).value_or("") != Stamp)
      return std::nullopt;
    F.Inputs.push_back(File.str());
  }
  // A link of its own: the cache may drop its file while the compile runs.
  const std::string Header = path(Key, "pch");
  sys::fs::remove(LinkPath);
  if (sys::fs::create_hard_link(Header, LinkPath) &&
      sys::fs::copy_file(Header, LinkPath))
    return std::nullopt;
  // Its time says how recently it was used (prune()).
  ::utimensat(AT_FDCWD, Header.c_str(), nullptr, 0);
  F.Path = LinkPath.str();
  return F;
}

void PchCache::discard(StringRef Key) const { sys::fs::remove(building(Key)); }

bool PchCache::holds(StringRef File) const {
  return File.size() > Folder.size() && File.starts_with(Folder) &&
         sys::path::is_separator(File[Folder.size()]);
}

bool PchCache::wantedBefore(StringRef Key) const {
  const std::string Marker = path(Key, "wanted");
  if (sys::fs::exists(Marker))
    return true;
  if (!sys::fs::create_directories(Folder))
    consumeError(writeFile(Marker, ""));
  keepNewest(Folder, ".wanted", 256);
  return false;
}

bool PchCache::failedBefore(StringRef Key) const {
  return sys::fs::exists(path(Key, "failed"));
}

std::string PchCache::building(StringRef Key) const {
  return path(Key, "pch." + utostr(sys::Process::getProcessId()));
}

Expected<std::vector<std::string>>
PchCache::buildCommand(StringRef Clang, ArrayRef<std::string> Arguments,
                       StringRef Key, StringRef Dependencies) const {
  if (std::error_code EC = sys::fs::create_directories(Folder))
    return createStringError(EC, "cannot create " + Folder);
  // The header the precompiled one is made of: it stays, since reading a
  // precompiled header checks its sources.
  SmallString<256> Source(Folder);
  sys::path::append(Source, "offload-library.hpp");
  const StringRef Text = "#include <offload/offload.hpp>\n";
  ErrorOr<std::unique_ptr<MemoryBuffer>> Old = MemoryBuffer::getFile(Source);
  if (!Old || (*Old)->getBuffer() != Text)
    if (Error E = replaceFile(Source, Text))
      return std::move(E);
  std::vector<std::string> Command = {Clang.str()};
  Command.insert(Command.end(), Arguments.begin(), Arguments.end());
  // The templates its own code uses are instantiated once, in it, rather
  // than in every compile that reads it.
  for (const char *A :
       {"-emit-pch", "-fpch-instantiate-templates", "-dependency-file"})
    Command.push_back(A);
  Command.push_back(Dependencies.str());
  for (const char *A : {"-MT", "pch", "-sys-header-deps", "-x", "c++-header"})
    Command.push_back(A);
  Command.push_back(std::string(Source));
  Command.push_back("-o");
  Command.push_back(building(Key));
  return Command;
}

Error PchCache::store(StringRef Key, StringRef Dependencies, bool Succeeded) {
  const std::string Built = building(Key);
  if (!Succeeded) {
    sys::fs::remove(Built);
    return writeFile(path(Key, "failed"), "");
  }
  ErrorOr<std::unique_ptr<MemoryBuffer>> D =
      MemoryBuffer::getFile(Dependencies);
  if (!D)
    return createStringError(D.getError(), "cannot read " + Dependencies);
  std::string Inputs;
  for (const std::string &File : readDependencyFile((*D)->getBuffer())) {
    std::optional<std::string> Stamp = fileStamp(File);
    if (!Stamp) {
      sys::fs::remove(Built);
      return createStringError("cannot read " + File);
    }
    Inputs += *Stamp + "\t" + File + "\n";
  }
  // The header first, then its list: lookup() takes only a listed header,
  // and another compile's header for the same key is the same.
  if (std::error_code EC = sys::fs::rename(Built, path(Key, "pch")))
    return createStringError(EC, "cannot move " + Built + " into " + Folder);
  if (Error E = replaceFile(path(Key, "inputs"), Inputs))
    return E;
  prune();
  return Error::success();
}

// About 8 MB each: the 32 used last.
void PchCache::prune() const { keepNewest(Folder, ".pch", 32, ".inputs"); }

static ImageCacheRequest &imageCacheRequest() {
  static ImageCacheRequest R;
  return R;
}

void setImageCacheRequest(ImageCacheRequest R) {
  imageCacheRequest() = std::move(R);
}

PreservedAnalyses ImageCachePass::run(llvm::Module &M,
                                      ModuleAnalysisManager &) {
  const ImageCacheRequest &R = imageCacheRequest();
  if (R.Folder.empty())
    return PreservedAnalyses::all();
  MD5 Hash;
  Hash.update(R.Key);
  SmallString<0> Bitcode;
  raw_svector_ostream OS(Bitcode);
  WriteBitcodeToFile(M, OS);
  Hash.update(Bitcode);
  MD5::MD5Result Result;
  Hash.final(Result);
  const std::string Name(Result.digest());
  SmallString<256> Image(R.Folder);
  sys::path::append(Image, Name + ".image");
  const bool Hit = sys::fs::exists(Image);
  consumeError(writeFile(R.Answer, (Hit ? "hit " : "miss ") + Name));
  if (!Hit)
    return PreservedAnalyses::all();
  // The image exists: what is left of this compile has nothing to do.
  M.dropAllReferences();
  for (GlobalAlias &A : make_early_inc_range(M.aliases()))
    A.eraseFromParent();
  for (GlobalIFunc &I : make_early_inc_range(M.ifuncs()))
    I.eraseFromParent();
  for (Function &F : make_early_inc_range(M))
    F.eraseFromParent();
  for (GlobalVariable &G : make_early_inc_range(M.globals()))
    G.eraseFromParent();
  return PreservedAnalyses::none();
}

std::string ImageCache::key(ArrayRef<std::string> Arguments,
                            ArrayRef<std::string> Programs) const {
  return hashOf(Programs, Arguments);
}

std::optional<std::string> ImageCache::take(StringRef Answer,
                                            std::string &Name) const {
  Name.clear();
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Answer);
  if (!Text)
    return std::nullopt;
  auto [Verdict, Found] = (*Text)->getBuffer().split(' ');
  Name = Found.str();
  if (Verdict != "hit")
    return std::nullopt;
  SmallString<256> Path(Folder);
  sys::path::append(Path, Name + ".image");
  ErrorOr<std::unique_ptr<MemoryBuffer>> Image = MemoryBuffer::getFile(Path);
  if (!Image)
    return std::nullopt;
  ::utimensat(AT_FDCWD, Path.c_str(), nullptr, 0); // used now (keepNewest)
  return (*Image)->getBuffer().str();
}

void ImageCache::store(StringRef Name, StringRef Image) const {
  SmallString<256> Path(Folder);
  sys::path::append(Path, Name + ".image");
  consumeError(replaceFile(Path, Image));
  keepNewest(Folder, ".image", 512);
}

} // namespace offload::plugin
