// A kernel without a Region needs explicit launch geometry.
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
#include <offload/offload.hpp>
#include <vector>

void noRegion(int a, std::span<const int> x) {}

void run(std::vector<int> &x) {
  offload::offload(noRegion, 1, x); // expected-error {{kernel 'noRegion' has no offload::Region or offload::Range parameter to size the launch; pass offload::Launch{.threads = N} before the kernel}}
  offload::offload(offload::Launch{.threads = 4}, noRegion, 1, x);
}
