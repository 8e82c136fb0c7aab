// REQUIRES: ptxas
// Kernels too large for the inliner stay inlined into their entries: the
// sort's tiles of keys and values, with their per-thread scaffolding
// (Signature::invoke and the entry's loop over threads), are each one
// function. Called out of line, they took their parameters through the
// stack and reached team and global memory through generic addresses: a
// merge pass of 1 Mi doubles with their values took 68 us against 20 for
// the keys alone. The sorts' header compiles without a warning.
// RUN: rm -rf %t && mkdir %t
// RUN: %offload -O2 -Wall -Wextra -Wshadow -Werror -fplugin-arg-offload-targets=sm_90,host -fplugin-arg-offload-save-temps=%t -c %s -o %t/sort.o
// RUN: FileCheck %s --implicit-check-not=.func < %t/sort-entry-inlined.sm_90.ptx
// RUN: %ptxas -arch=sm_90 -O3 -v %t/sort-entry-inlined.sm_90.ptx -o %t/sort.cubin 2>&1 | FileCheck %s --check-prefix=STACK

#include <offload/offload.hpp>
#include <offload/sort.hpp>

#include <vector>

int main() {
  std::vector<double> Keys(5000), Values(5000);
  for (int I = 0; I < 5000; ++I)
    Keys[I] = double(I * 7919 % 5000), Values[I] = I;
  offload::sort_by_key(Keys, Values);
  return Keys[0] != 0.0;
}

// The merge pass: global loads, its tile in shared memory, global stores.
// CHECK: .visible .entry __offload_k_{{[0-9a-f]+}}(
// CHECK: ld.global.nc.b64
// CHECK: st.shared.b64
// CHECK: st.global.b64
// STACK-NOT: bytes stack frame, {{[1-9]}}
