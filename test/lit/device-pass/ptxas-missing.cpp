// Building for a GPU without ptxas is a clear error that says how to fix it.
// RUN: env OFFLOAD_CUDA_PATH=%t.nowhere not %offload -fplugin-arg-offload-targets=sm_90,host -c %s -o %t.o 2>&1 | FileCheck %s
// Without ptxas the default targets are the host device only.
// RUN: env OFFLOAD_CUDA_PATH=%t.nowhere %offload -c %s -o %t.o -fplugin-arg-offload-dump=host-ir | FileCheck %s --check-prefix=DEFAULT
#include <offload/offload.hpp>
#include <vector>
void k(offload::Region<int> v) {}
void run(std::vector<int> &v) { offload::offload(k, v); }
// CHECK: error: cxx-offload device pass for target 'sm_90' failed: ptxas was not found (install the CUDA toolkit or set OFFLOAD_CUDA_PATH), so no cubin can be built; build for the host device only with -fplugin-arg-offload-targets=host
// DEFAULT: @__offload.target.host = internal unnamed_addr constant [5 x i8] c"host\00"
// DEFAULT-NOT: @__offload.target.sm_
