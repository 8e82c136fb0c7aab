// REQUIRES: ptxas
// Code the host compiles but one device compile rejects fails that device
// pass with a clear error and the failing command, not a crash.
// RUN: not %offload -fplugin-arg-offload-targets=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s
#include <offload/offload.hpp>
#include <vector>

#if defined(__NVPTX__)
#error "this file has no GPU version yet"
#endif

void k(offload::Region<double> v) {
  for (auto [i, vi] : v)
    vi = 1;
}

void run(std::vector<double> &v) { offload::offload(k, v); }

// CHECK: error: "this file has no GPU version yet"
// CHECK: error: cxx-offload device pass for target 'sm_90' failed: clang failed
// CHECK: note: the failing command was: {{.*}}clang{{.*}} -cc1 -triple nvptx64-nvidia-cuda
