// assert() works in kernels: a failed one stops the program with its file,
// line and condition (on a GPU through CUDA's assert, then the runtime's
// error); under NDEBUG it vanishes. GPU images define __assert_fail.
// RUN: %offload_host %s %ldflags -o %t
// RUN: %t | FileCheck %s --check-prefix=PASS
// RUN: not --crash %t fail 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: %offload_host -DNDEBUG %s %ldflags -o %t.ndebug && %t.ndebug fail | FileCheck %s --check-prefix=NDEBUG
// RUN: %if ptxas %{ rm -rf %t.dir && %offload -fplugin-arg-offload-targets=sm_90,gfx90a -fplugin-arg-offload-save-temps=%t.dir -c %s -o %t.o && FileCheck %s --check-prefix=PTX < %t.dir/assert.sm_90.ptx %}
#include <offload/offload.hpp>
#include <cassert>
#include <cstdio>
#include <vector>

void twice(offload::Region<int> v) {
  for (auto [i, vi] : v) {
    assert(vi >= 0 && "inputs are not negative");
    vi *= 2;
  }
}

int main(int argc, char **) {
  std::vector<int> v(8, 1);
  if (argc > 1)
    v[5] = -1;
  offload::offload(twice, v);
  std::printf("%d %d %d\n", v[0], v[5], v[7]);
}
// PASS: 2 2 2
// FAIL: assert.cpp:16: void twice(offload::Region<int>): Assertion `vi >= 0 && "inputs are not negative"' failed.
// FAIL: offload: error: kernel 'twice' failed on device {{[0-9]+}} (host)
// NDEBUG: 2 -2 2
// PTX: call.uni{{.*}}__assertfail
