//===- runtime/Report.cpp - OFFLOAD_INFO and errors -----------------------===//

#include "Runtime.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>

namespace offload::rt {

unsigned infoBits() {
  static const unsigned Bits = [] {
    const char *V = std::getenv("OFFLOAD_INFO");
    return V ? static_cast<unsigned>(std::strtoul(V, nullptr, 0)) : 0u;
  }();
  return Bits;
}

void info(InfoBit Bit, const char *Format, ...) {
  if (!(infoBits() & Bit))
    return;
  std::fputs("offload: info: ", stderr);
  va_list Args;
  va_start(Args, Format);
  std::vfprintf(stderr, Format, Args);
  va_end(Args);
  std::fputc('\n', stderr);
}

void fatal(llvm::Error E) {
  std::fflush(stdout);
  std::fprintf(stderr, "offload: error: %s\n",
               llvm::toString(std::move(E)).c_str());
  std::exit(1);
}

} // namespace offload::rt
