// `native` builds for the GPUs of the build machine (none here: CI has no
// GPU), so `native,host` builds the host image and `native` alone is an
// error that says what to do.
// REQUIRES: no-native-gpu
// RUN: %offload -fplugin-arg-offload-targets=native,host %s %ldflags -o %t
// RUN: env OFFLOAD_INFO=2 %t 2>&1 | FileCheck %s
// RUN: not %offload -fplugin-arg-offload-targets=native -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=NONE
// CHECK: registered 1 image(s) [host]
// CHECK: v[3] = 6
// NONE: error: cxx-offload plugin: 'native' found no GPU on this machine (nvptx-arch and amdgpu-arch list none): name the targets, or add host
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

void twice(offload::Region<int> v) {
  for (auto [i, x] : v)
    x = 2 * int(i);
}

int main() {
  std::vector<int> v(8);
  offload::offload(twice, v);
  std::printf("v[3] = %d\n", v[3]);
}
