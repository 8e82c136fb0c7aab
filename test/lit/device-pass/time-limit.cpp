// A device tool that hangs stops the build with a clear error after
// device-time-limit seconds instead of hanging it: here a ptxas that sleeps
// (or the device compile itself, should it take the second on a busy machine).
// RUN: rm -rf %t.cuda && mkdir -p %t.cuda/bin
// RUN: printf '#!/bin/sh\nexec sleep 60\n' > %t.cuda/bin/ptxas && chmod +x %t.cuda/bin/ptxas
// RUN: env OFFLOAD_CUDA_PATH=%t.cuda not %offload -fplugin-arg-offload-targets=sm_90 -fplugin-arg-offload-device-time-limit=1 -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %offload -fplugin-arg-offload-device-time-limit=soon -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=ARG
#include <offload/offload.hpp>
#include <vector>
void k(offload::Region<int> v) {
  for (auto [i, x] : v)
    x = int(i);
}
void run(std::vector<int> &v) { offload::offload(k, v); }
// CHECK: error: cxx-offload device pass for target 'sm_90' failed: {{clang|ptxas}} did not finish within 1 s and was stopped
// ARG: error: cxx-offload plugin: device-time-limit=soon: expected a number of seconds (0: no limit)
