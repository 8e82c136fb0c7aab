//===- DependencyFile.cpp - Reading the device compiles' -MD output -------===//

#include "DependencyFile.h"

namespace offload::plugin {

std::vector<std::string> readDependencyFile(llvm::StringRef Text) {
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

} // namespace offload::plugin
