// Without the plugin, the header reports invalid calls itself.
// RUN: %clangxx %cxxflags -fsyntax-only -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
#include <offload/offload.hpp>
#include <vector>

void k(float a, offload::Region<float> y) {}
void noRegion(int a) {}

void run(std::vector<float> &y, const std::vector<float> &cy) {
  offload::offload(k, 1.0f);
  // expected-error@offload/offload.hpp:* {{the number of arguments does not match the kernel's parameters}}
  offload::offload(k, 1.0f, cy);
  // expected-error@offload/offload.hpp:* {{an argument cannot be converted to its kernel parameter (mutable Regions need non-const data)}}
  offload::offload(noRegion, 1);
  // expected-error@offload/offload.hpp:* {{the kernel has no Region or Range parameter; pass offload::Launch{.threads = N} before the kernel}}
}
