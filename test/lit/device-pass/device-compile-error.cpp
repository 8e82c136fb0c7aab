// REQUIRES: ptxas
// A kernel that calls a function with no definition anywhere fails the
// device pass for the GPU with a clear error and the failing command, not a
// crash.
// RUN: not %offload -fplugin-arg-offload-targets=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s
#include <offload/offload.hpp>
#include <vector>

double external(double);

void k(offload::Region<double> v) {
  for (auto [i, vi] : v)
    vi = external(vi);
}

void run(std::vector<double> &v) { offload::offload(k, v); }

// CHECK: error: cxx-offload device pass for target 'sm_90' failed: ptxas failed
// CHECK: note: the failing command was: {{.*}}ptxas -arch=sm_90
