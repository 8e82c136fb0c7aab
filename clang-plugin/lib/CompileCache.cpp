//===- CompileCache.cpp - What device compiles keep for the next ones -----===//

#include "CompileCache.h"
#include "DependencyFile.h"
#include "Subprocess.h"
#include "Toolchain.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"

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

bool isIdentifierChar(char C) { return isAsciiIdentifierContinue(C); }

/// Reads, file by file as the preprocessor would enter them, the text a
/// compile sees before its first include of a library header, and stops at
/// the first thing there that could change what the header means. It reads
/// text, not tokens: whatever it does not recognize is an obstacle.
class PrefixScan {
public:
  explicit PrefixScan(Preprocessor &PP)
      : PP(PP), FM(PP.getFileManager()), HS(PP.getHeaderSearchInfo()) {}

  IncludePrefix run() {
    const SourceManager &SM = PP.getSourceManager();
    OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    if (!Main)
      return {"the source is not a file"};
    const PreprocessorOptions &PPOpts = PP.getPreprocessorOpts();
    if (!PPOpts.ImplicitPCHInclude.empty())
      return {"the compile reads a precompiled header of its own"};
    if (!PPOpts.MacroIncludes.empty())
      return {"-imacros files come before it"};
    // -include files come first, looked up as if included from the current
    // directory.
    OptionalDirectoryEntryRef Here = FM.getOptionalDirectoryRef(".");
    for (const std::string &Name : PPOpts.Includes) {
      OptionalFileEntryRef File =
          Here ? lookup(Name, /*Angled=*/false, *Here) : std::nullopt;
      if (!File)
        return {"'" + Name + "' (-include) cannot be found"};
      if (std::optional<IncludePrefix> Decided = scan(*File, 0))
        return *Decided;
    }
    if (std::optional<IncludePrefix> Decided = scan(*Main, 0))
      return *Decided;
    return {"the source includes no <offload/...> header"};
  }

private:
  OptionalFileEntryRef lookup(StringRef Name, bool Angled,
                              DirectoryEntryRef FromDir) {
    // The includer's directory only: naming the includer itself would ask
    // for header information the preprocessor has not made yet.
    std::pair<OptionalFileEntryRef, DirectoryEntryRef> Includer[] = {
        {std::nullopt, FromDir}};
    return HS.LookupFile(Name, SourceLocation(), Angled, nullptr, nullptr,
                         Includer, nullptr, nullptr, nullptr, nullptr, nullptr,
                         nullptr);
  }

  /// What File decides: the library's include, an obstacle, or nothing
  /// (its end was reached).
  std::optional<IncludePrefix> scan(FileEntryRef File, unsigned Depth) {
    auto Stop = [&](StringRef Text, size_t At, std::string Why) {
      StringRef Before = Text.take_front(At);
      const size_t LineStart = Before.rfind('\n') + 1; // npos + 1 == 0
      return IncludePrefix{std::move(Why), File,
                           unsigned(Before.count('\n')) + 1,
                           unsigned(At - LineStart) + 1};
    };
    llvm::ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
        FM.getBufferForFile(File);
    if (!Buffer)
      return IncludePrefix{"'" + File.getName().str() + "' cannot be read"};
    const StringRef Text = (*Buffer)->getBuffer();
    if (Depth > 32)
      return Stop(Text, 0, "includes nest too deeply before it");
    size_t I = Text.starts_with("\xEF\xBB\xBF") ? 3 : 0; // a UTF-8 mark
    bool LineStart = true, GuardOpen = false;
    StringRef Guard; // an #ifndef that must be followed by its #define
    size_t GuardAt = 0;
    while (I < Text.size()) {
      const StringRef Rest = Text.drop_front(I);
      if (Rest[0] == '\n') {
        LineStart = true;
        ++I;
      } else if (isWhitespace(Rest[0])) {
        ++I;
      } else if (Rest.starts_with("//")) {
        const StringRef Comment =
            Rest.take_until([](char C) { return C == '\n'; });
        if (Comment.rtrim(" \t\r").ends_with("\\"))
          return Stop(Text, I, "a comment continues on the next line");
        I += Comment.size();
      } else if (Rest.starts_with("/*")) {
        const size_t End = Rest.find("*/", 2);
        if (End == StringRef::npos)
          return Stop(Text, I, "code comes before it");
        I += End + 2;
      } else if (Rest[0] != '#' || !LineStart) {
        return Stop(Text, I, "code comes before it");
      } else {
        // A directive, on one line.
        const size_t HashAt = I;
        const StringRef Line =
            Rest.take_until([](char C) { return C == '\n'; });
        if (Line.rtrim(" \t\r").ends_with("\\"))
          return Stop(Text, HashAt, "a directive continues on the next line");
        StringRef Operands = Line.drop_front().ltrim(" \t");
        const StringRef Name = Operands.take_while(isIdentifierChar);
        Operands = Operands.drop_front(Name.size()).ltrim(" \t");
        const size_t OperandsAt = I + (Line.size() - Operands.size());
        const StringRef Word = Operands.take_while(isIdentifierChar);
        LineStart = false;
        if (!Guard.empty() && (Name != "define" || Word != Guard))
          return Stop(Text, GuardAt, "a conditional comes before it");
        if (Name == "include") {
          const char Close = Operands.starts_with("<")    ? '>'
                             : Operands.starts_with("\"") ? '"'
                                                          : 0;
          const size_t End = Close ? Operands.find(Close, 1) : StringRef::npos;
          if (End == StringRef::npos)
            return Stop(Text, HashAt, "a computed #include comes before it");
          const StringRef Header = Operands.slice(1, End);
          const bool Angled = Close == '>';
          I = OperandsAt + End + 1;
          if (Angled && isStandardHeader(Header))
            continue;
          if (Header.starts_with("offload/")) {
            IncludePrefix Found = Stop(Text, HashAt, "");
            Found.Header = lookup(Header, Angled, File.getDir());
            if (!Found.Header)
              Found.Obstacle = "<" + Header.str() + "> cannot be found";
            return Found;
          }
          if (Angled)
            return Stop(Text, HashAt,
                        "<" + Header.str() + "> is included before it");
          // The user's own header: what it holds comes before the library's.
          OptionalFileEntryRef Inner =
              lookup(Header, /*Angled=*/false, File.getDir());
          if (!Inner)
            return Stop(Text, HashAt,
                        "\"" + Header.str() + "\" cannot be found");
          if (std::optional<IncludePrefix> Decided = scan(*Inner, Depth + 1))
            return Decided;
        } else if (Name == "pragma" && Word == "once") {
          I = OperandsAt + Word.size();
        } else if (Name == "ifndef" && !Word.empty() && !GuardOpen &&
                   !isReservedName(Word)) {
          // An include guard, if its #define follows.
          Guard = Word;
          GuardAt = I;
          I = OperandsAt + Word.size();
        } else if (Name == "define" && !Guard.empty()) {
          Guard = {};
          GuardOpen = true;
          I = OperandsAt + Word.size();
        } else if (Name == "endif" && GuardOpen) {
          GuardOpen = false;
          I = OperandsAt;
        } else if (Name.empty() && Operands.ltrim(" \t\r").empty()) {
          I += Line.size(); // the null directive
        } else if (Name == "define") {
          return Stop(Text, OperandsAt, "a macro is defined before it");
        } else if (Name == "undef") {
          return Stop(Text, OperandsAt, "a macro is undefined before it");
        } else if (Name == "pragma") {
          return Stop(Text, HashAt, "a #pragma comes before it");
        } else if (is_contained({"if", "ifdef", "ifndef", "elif", "elifdef",
                                 "elifndef", "else", "endif"},
                                Name)) {
          return Stop(Text, HashAt, "a conditional comes before it");
        } else {
          return Stop(Text, HashAt, "#" + Name.str() + " comes before it");
        }
      }
    }
    if (!Guard.empty())
      return Stop(Text, GuardAt, "a conditional comes before it");
    return std::nullopt;
  }

  /// A name that may be a target's or the implementation's own macro.
  static bool isReservedName(StringRef Name) {
    return Name.starts_with("__") ||
           (Name.size() > 1 && Name[0] == '_' && isUpper(Name[1]));
  }

  Preprocessor &PP;
  FileManager &FM;
  HeaderSearch &HS;
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

IncludePrefix scanIncludePrefix(Preprocessor &PP) {
  return PrefixScan(PP).run();
}

SourceLocation IncludePrefix::location(SourceManager &SM) const {
  if (!File)
    return {};
  return SM.translateLineCol(SM.getOrCreateFileID(*File, SrcMgr::C_User), Line,
                             Column);
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
  const std::string Header = path(Key, "pch");
  // Its time says how recently it was used (prune()).
  ::utimensat(AT_FDCWD, Header.c_str(), nullptr, 0);
  F.Path = Header;
  if (LinkPath.empty())
    return F;
  // A link of its own: the cache may drop its file while the compile runs.
  sys::fs::remove(LinkPath);
  if (sys::fs::create_hard_link(Header, LinkPath) &&
      sys::fs::copy_file(Header, LinkPath))
    return std::nullopt;
  F.Path = LinkPath.str();
  return F;
}

void PchCache::discard(StringRef Key) const {
  sys::fs::remove(building(Key));
  sys::fs::remove(ownFile(Key, "started"));
}

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

std::string PchCache::ownFile(StringRef Key, StringRef Suffix) const {
  return path(Key, (Suffix + "." + Twine(sys::Process::getProcessId())).str());
}

std::string PchCache::building(StringRef Key) const {
  return ownFile(Key, "pch");
}

Expected<std::vector<std::string>>
PchCache::buildCommand(StringRef Clang, ArrayRef<std::string> Arguments,
                       StringRef Key, StringRef Dependencies,
                       StringRef Header) const {
  if (std::error_code EC = sys::fs::create_directories(Folder))
    return createStringError(EC, "cannot create " + Folder);
  // The header the precompiled one is made of: it stays, since reading a
  // precompiled header checks its sources.
  SmallString<256> Source(Header);
  if (Header.empty()) {
    sys::path::append(Source, Folder, "offload-library.hpp");
    const StringRef Text = "#include <offload/offload.hpp>\n";
    ErrorOr<std::unique_ptr<MemoryBuffer>> Old = MemoryBuffer::getFile(Source);
    if (!Old || (*Old)->getBuffer() != Text)
      if (Error E = replaceFile(Source, Text))
        return std::move(E);
  }
  // Its time is the build's start (store()).
  if (Error E = writeFile(ownFile(Key, "started"), ""))
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
  const std::string Started = ownFile(Key, "started");
  sys::fs::file_status Start;
  const bool HasStart = !sys::fs::status(Started, Start);
  sys::fs::remove(Started);
  if (!Succeeded) {
    sys::fs::remove(Built);
    return writeFile(path(Key, "failed"), "");
  }
  ErrorOr<std::unique_ptr<MemoryBuffer>> D =
      MemoryBuffer::getFile(Dependencies);
  if (!D || !HasStart) {
    sys::fs::remove(Built);
    return createStringError("cannot read " + Dependencies + " or " + Started);
  }
  std::string Inputs;
  for (const std::string &File : readDependencyFile((*D)->getBuffer())) {
    std::optional<std::string> Stamp = fileStamp(File);
    sys::fs::file_status S;
    // A file changed while the header was built may be read in either
    // state: clang would refuse the header, so a later compile builds it.
    // (The cache's own header is written just before the build.)
    if (!Stamp || sys::fs::status(File, S) ||
        (!holds(File) &&
         S.getLastModificationTime() >= Start.getLastModificationTime())) {
      sys::fs::remove(Built);
      return createStringError("cannot read " + File + ", or it changed");
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
