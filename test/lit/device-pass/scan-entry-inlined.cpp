// REQUIRES: ptxas
// A library scan's entry is one function: the kernel's scaffolding
// (Signature::invoke) inlined into it whatever its size, so its data stays
// global and its tiles shared. Out of line (a regression of the scans'
// tiles), the slots went through the stack, every pointer became generic,
// and SCAN ran at 1.24 of CUDA. The scans' header compiles without a
// warning (-Wall -Wextra: an unused variable in the GPU compile was one).
// RUN: rm -rf %t && mkdir %t
// RUN: %offload -O2 -Wall -Wextra -Wshadow -Werror -fplugin-arg-offload-targets=sm_90,host -fplugin-arg-offload-save-temps=%t -c %s -o %t/scan.o
// RUN: FileCheck %s --implicit-check-not=Signature < %t/scan-entry-inlined.sm_90.ptx
// RUN: %ptxas -arch=sm_90 -O3 -v %t/scan-entry-inlined.sm_90.ptx -o %t/scan.cubin 2>&1 | FileCheck %s --check-prefix=STACK

#include <offload/offload.hpp>
#include <offload/scan.hpp>

#include <vector>

int main() {
  std::vector<double> In(1000, 1.0), Out(1000);
  offload::exclusive_scan(In, Out, 0.0);
  return Out[999] != 999.0;
}

// The GPU scan's kernel: global loads, tiles in shared memory, global stores.
// CHECK: .visible .entry __offload_k_{{[0-9a-f]+}}(
// CHECK: ld.global.nc.b64
// CHECK: st.shared.b64
// CHECK: st.global.b64
// STACK-NOT: bytes stack frame, {{[1-9]}}
