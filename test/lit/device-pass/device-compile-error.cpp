// REQUIRES: ptxas
// Code the host compiles but one device compile rejects: the device
// compile's own error is reported once, at its place in the source, with the
// kernels that image holds; nothing of the device compile's raw output
// reaches the user. The device compile hands its diagnostics back as
// clang's serialized diagnostics; a host compile that serializes its own
// (--serialize-diagnostics) keeps its file, with the error in it.
// RUN: not %offload -fplugin-arg-offload-targets=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: rm -f %t.dia
// RUN: not %offload -fplugin-arg-offload-targets=sm_90 -c %s -o %t.o --serialize-diagnostics %t.dia 2>&1 | FileCheck %s
// RUN: grep -c "this file has no GPU version yet" %t.dia
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

// CHECK: device-compile-error.cpp:[[@LINE-10]]:2: error: "this file has no GPU version yet" (in the device compile for 'sm_90')
// CHECK-NOT: error:
// CHECK: device-compile-error.cpp:[[@LINE-4]]:36: note: the 'sm_90' image holds kernel 'k', offloaded here
// CHECK-NOT: error:
// CHECK-NOT: -cc1
// CHECK: 1 error generated.
