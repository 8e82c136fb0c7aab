// REQUIRES: ptxas
// Code the host compiles but a GPU cannot (x86 assembly in a kernel) fails
// the device pass with a clear error and the failing command, not a crash.
// RUN: not %offload -fplugin-arg-offload-targets=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s
#include <offload/offload.hpp>
#include <vector>

void k(offload::Region<double> v) {
  for (auto [i, vi] : v) {
    asm volatile("pause");
    vi = 1;
  }
}

void run(std::vector<double> &v) { offload::offload(k, v); }

// CHECK: error: cxx-offload device pass for target 'sm_90' failed: ptxas failed
// CHECK: note: the failing command was: {{.*}}ptxas -arch=sm_90
