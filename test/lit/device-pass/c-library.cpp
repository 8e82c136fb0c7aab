// The C library functions the C++ library calls for a kernel (strlen and
// memchr behind std::string_view, memcmp, strcmp, the abs family) are
// linked into GPU images when their code calls them: nothing is left
// undefined, and the results match the host's.
// RUN: rm -rf %t && %offload_host %s %ldflags -o %t.host && %t.host > %t.host.out
// RUN: %clangxx %cxxflags %s -o %t.plain && %t.plain > %t.plain.out
// RUN: diff %t.host.out %t.plain.out
// RUN: %if ptxas %{ %offload -fplugin-arg-offload-targets=sm_90,gfx90a,gfx942 -fplugin-arg-offload-save-temps=%t -c %s -o %t.o %}
// RUN: %if ptxas %{ not grep -E "\.extern" %t/c-library.sm_90.ptx %}
// RUN: %if ptxas %{ llvm-nm -D --undefined-only %t/c-library.gfx90a.hsaco | count 0 %}
#include <offload/offload.hpp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

constexpr std::string_view Greeting = "hello, world";

void k(offload::Region<long long> v) {
  for (auto [i, vi] : v) {
    std::string_view s = i % 2 ? "odd one" : "even";
    char buf[8] = {'a', 'b', char('a' + i % 3), 0};
    vi = std::llabs(-vi) + std::labs(-3L) + std::abs(int(i) - 5) +
         (long long)Greeting.find(',') + (long long)s.size() +
         std::strcmp(buf, "abc") + (long long)std::strlen(buf) +
         std::memcmp(buf, "abd", 3) + (s.compare("even") == 0);
  }
}

int main() {
  std::vector<long long> v(6, 2);
  offload::offload(k, v);
  for (long long x : v)
    std::printf("%lld\n", x);
}
