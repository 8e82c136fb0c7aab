// REQUIRES: ptxas
// Which host options a device compile takes: those that decide what the
// source means, on every target; the host's CPU, features and -mllvm
// options on the host device only; outputs, optimization, debug info,
// instrumentation, sanitizers and OpenMP never. An option the plugin does
// not know is left out with a warning.
// RUN: rm -rf %t && mkdir %t
// RUN: %offload -O2 -g -fPIC -DFROM_HOST=1 -Wshadow -fno-strict-aliasing -fwrapv -ffp-contract=off -fno-rtti -fopenmp -march=x86-64-v3 -fprofile-instr-generate -fsanitize=address,undefined -fno-sanitize-recover=all -mllvm -inline-threshold=300 -fplugin-arg-offload-targets=sm_90,host -fplugin-arg-offload-save-temps=%t -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: FileCheck %s --check-prefixes=NEVER,GPU-NEVER < %t/host-options.sm_90.cc1
// RUN: FileCheck %s --check-prefix=NEVER < %t/host-options.host.cc1
// RUN: FileCheck %s --check-prefix=SHARED < %t/host-options.sm_90.cc1
// RUN: FileCheck %s --check-prefixes=SHARED,HOST < %t/host-options.host.cc1
// The library's headers build without warnings in the device compiles too:
// RUN: %offload -DFROM_HOST=1 -Wall -Wextra -Wshadow -Werror -fplugin-arg-offload-targets=sm_90,host -c %s -o %t/w.o
// RUN: %offload -DFROM_HOST=1 -fopenacc -fplugin-arg-offload-targets=sm_90 -c %s -o %t/b.o 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: %offload -DFROM_HOST=1 -fopenacc -Wno-unused-command-line-argument -fplugin-arg-offload-targets=sm_90 -c %s -o %t/c.o 2>&1 | FileCheck %s --check-prefix=SILENCED --allow-empty
#include <offload/offload.hpp>

static_assert(FROM_HOST == 1);

void k(offload::Region<int> r) {
  for (auto [i, v] : r)
    v = int(i);
}
int sum(std::span<const int> x) {
  int s = 0;
  for (int v : x)
    s += v;
  return s;
}
int run(std::vector<int> &x) {
  offload::offload(k, x);
  return offload::offload_args(sum, x);
}

// QUIET-NOT: warning
// QUIET-NOT: error
// SILENCED-NOT: leaves out
// SILENCED-NOT: error

// NEVER-NOT: -fopenmp-targets
// NEVER-NOT: -debug-info-kind
// NEVER-NOT: -fprofile-instrument
// NEVER-NOT: -fsanitize
// NEVER-NOT: {{^}}-O2
// NEVER-NOT: -main-file-name
// GPU-NEVER-NOT: x86-64-v3
// GPU-NEVER-NOT: -inline-threshold
// SHARED-DAG: {{^}}-Wshadow
// SHARED-DAG: {{^}}-std=c++20
// SHARED-DAG: {{^}}-fno-rtti
// SHARED-DAG: {{^}}-fwrapv
// SHARED-DAG: {{^}}-ffp-contract=off
// SHARED-DAG: {{^}}-relaxed-aliasing
// SHARED-DAG: {{^}}FROM_HOST=1
// HOST-DAG: {{^}}x86-64-v3
// HOST-DAG: {{^}}-inline-threshold=300

// UNKNOWN: warning: the device compile for 'sm_90' leaves out '-fopenacc': cxx-offload passes a host option to device compiles only if it knows the option, and kernels are built without this one [-Wunused-command-line-argument]
