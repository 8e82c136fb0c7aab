// The host and device compiles read <offload/offload.hpp> precompiled from
// the cache when nothing before the source's include of it can change what
// it means (clang-plugin/lib/CompileCache.h, HostPrecompiledHeader.h). The
// second compile with a set of options precompiles it, the next ones read
// it, and the object is the same; a library header that changes is
// precompiled again; anything but standard headers, include guards and
// #pragma once before the include keeps it parsed, and
// -Rpass-missed=offload-cache says what.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %offload_host -fplugin-arg-offload-cache=%t/cache -Rpass=offload-cache -c %s -o %t/first.o 2>&1 | FileCheck %s --check-prefix=NOTED
// RUN: %offload_host -fplugin-arg-offload-cache=%t/cache -Rpass=offload-cache -c %s -o %t/first.o 2>&1 | FileCheck %s --check-prefix=BUILT
// RUN: %offload_host -fplugin-arg-offload-cache=%t/cache -Rpass=offload-cache -c %s -o %t/second.o 2>&1 | FileCheck %s --check-prefix=USED
// RUN: cmp %t/first.o %t/second.o
// RUN: %offload_host -fplugin-arg-offload-cache=off -c %s -o %t/off.o
// RUN: cmp %t/first.o %t/off.o
// RUN: %clangxx %t/second.o %ldflags -o %t/prog && %t/prog | FileCheck %s --check-prefix=OUT
//
// Through a user's header with an include guard, as most projects do:
// RUN: %offload_host -fplugin-arg-offload-cache=%t/cache -Rpass=offload-cache -Rpass-missed=offload-cache %inputs/library-pch/guarded-main.cpp %ldflags -o %t/guarded 2>&1 | FileCheck %s --check-prefix=GUARDED
// RUN: %t/guarded | FileCheck %s --check-prefix=GUARDED-OUT
// and after one that does not include the library (the host pass decides it
// for a source without kernels too):
// RUN: %offload_host -fplugin-arg-offload-cache=%t/cache -Rpass=offload-cache -Rpass-missed=offload-cache -c %inputs/library-pch/helper-main.cpp -o %t/helper.o 2>&1 | FileCheck %s --check-prefix=HELPER
//
// A library header that changes (here a copy of them) is precompiled again,
// and the dependency file lists the library's headers:
// RUN: cp -r %S/../../../include %t/inc
// RUN: %clangxx -std=c++20 -I%t/inc %plugin -fplugin-arg-offload-targets=host -fplugin-arg-offload-cache=%t/cache -c %s -o %t/copy.o
// RUN: %clangxx -std=c++20 -I%t/inc %plugin -fplugin-arg-offload-targets=host -fplugin-arg-offload-cache=%t/cache -Rpass=offload-cache -c %s -o %t/copy.o 2>&1 | FileCheck %s --check-prefix=BUILT
// RUN: %clangxx -std=c++20 -I%t/inc %plugin -fplugin-arg-offload-targets=host -fplugin-arg-offload-cache=%t/cache -Rpass=offload-cache -MD -MF %t/copy.d -c %s -o %t/copy.o 2>&1 | FileCheck %s --check-prefix=USED
// RUN: FileCheck %s --check-prefix=DEPS -DINC=%t/inc < %t/copy.d
// RUN: echo "// changed" >> %t/inc/offload/region.hpp
// RUN: %clangxx -std=c++20 -I%t/inc %plugin -fplugin-arg-offload-targets=host -fplugin-arg-offload-cache=%t/cache -Rpass=offload-cache -c %s -o %t/copy.o 2>&1 | FileCheck %s --check-prefix=BUILT
//
// What keeps it parsed (each in a file included first with -include; the
// host pass decides it, so a source without kernels shows it):
// RUN: %offload_host -fplugin-arg-offload-cache=%t/cache -Rpass-missed=offload-cache -include %inputs/library-pch/macro.h -c %inputs/library-pch/no-kernels.cpp -o %t/m.o 2>&1 | FileCheck %s --check-prefix=MACRO
// RUN: %offload_host -fplugin-arg-offload-cache=%t/cache -Rpass-missed=offload-cache -include %inputs/library-pch/pragma.h -c %inputs/library-pch/no-kernels.cpp -o %t/m.o 2>&1 | FileCheck %s --check-prefix=PRAGMA
// RUN: %offload_host -fplugin-arg-offload-cache=%t/cache -Rpass-missed=offload-cache -include %inputs/library-pch/code.h -c %inputs/library-pch/no-kernels.cpp -o %t/m.o 2>&1 | FileCheck %s --check-prefix=CODE
// RUN: %offload_host -fplugin-arg-offload-cache=%t/cache -Rpass-missed=offload-cache -include %inputs/library-pch/conditional.h -c %inputs/library-pch/no-kernels.cpp -o %t/m.o 2>&1 | FileCheck %s --check-prefix=CONDITIONAL
// RUN: %offload_host -fplugin-arg-offload-cache=%t/cache -Rpass-missed=offload-cache -I%inputs/library-pch/vendor -include %inputs/library-pch/vendor-first.h -c %inputs/library-pch/no-kernels.cpp -o %t/m.o 2>&1 | FileCheck %s --check-prefix=VENDOR
// RUN: %offload_host -fplugin-arg-offload-cache=%t/cache -Rpass-missed=offload-cache "-DHEADER=<vector>" -include %inputs/library-pch/computed.h -c %inputs/library-pch/no-kernels.cpp -o %t/m.o 2>&1 | FileCheck %s --check-prefix=COMPUTED
// RUN: %offload_host -fplugin-arg-offload-cache=%t/cache -Rpass-missed=offload-cache -include %inputs/library-pch/continued.h -c %inputs/library-pch/no-kernels.cpp -o %t/m.o 2>&1 | FileCheck %s --check-prefix=CONTINUED
// RUN: %offload_host -fplugin-arg-offload-cache=%t/cache -Rpass-missed=offload-cache -include %inputs/library-pch/almost-guard.h -c %inputs/library-pch/no-kernels.cpp -o %t/m.o 2>&1 | FileCheck %s --check-prefix=ALMOST
// The cache holds one header per set of options (the copy's, replaced when
// it changed, and the original's), each with the list of what it was made
// of, and the dependency file none of the cache's files:
// RUN: not grep -q cache %t/copy.d
// RUN: ls %t/cache | FileCheck %s --check-prefix=CACHE
//
// NOTED-DAG: remark: the device compile for 'host' parses <offload/offload.hpp>; the next compile with the same options precompiles it [-Rpass=offload-cache]
// NOTED-DAG: remark: the host compile parses the library's header; the next compile with the same options precompiles it [-Rpass=offload-cache]
// BUILT-DAG: remark: the device compile for 'host' parses <offload/offload.hpp>, which is precompiled beside it for later compiles with the same options [-Rpass=offload-cache]
// BUILT-DAG: remark: the host compile parses the library's header, which is precompiled beside it for later compiles with the same options [-Rpass=offload-cache]
// USED-DAG: library-pch.cpp:[[LINE:[0-9]+]]:1: remark: the device compile for 'host' reads <offload/offload.hpp> precompiled [-Rpass=offload-cache]
// USED-DAG: library-pch.cpp:[[LINE]]:1: remark: the host compile reads the library's header precompiled [-Rpass=offload-cache]
// OUT: y[999] = 2998
// GUARDED-DAG: guarded.hpp:5:1: remark: the device compile for 'host' reads <offload/offload.hpp> precompiled
// GUARDED-DAG: guarded.hpp:5:1: remark: the host compile reads the library's header precompiled
// GUARDED-NOT: remark
// HELPER: helper-main.cpp:2:1: remark: the host compile reads the library's header precompiled
// HELPER-NOT: remark
// GUARDED-OUT: v[99] = 198
// DEPS: [[INC]]/offload/offload.hpp
// DEPS: [[INC]]/offload/region.hpp
// DEPS: [[INC]]/offload/detail/entry.hpp
// MACRO: macro.h:1:9: remark: the device compiles parse <offload/offload.hpp> rather than read it precompiled: a macro is defined before it [-Rpass-missed=offload-cache]
// PRAGMA: pragma.h:1:1: remark: {{.*}}: a #pragma comes before it
// CODE: code.h:1:1: remark: {{.*}}: code comes before it
// CONDITIONAL: conditional.h:1:1: remark: {{.*}}: a conditional comes before it
// VENDOR: vendor-first.h:1:1: remark: {{.*}}: <vendor.h> is included before it
// COMPUTED: computed.h:1:1: remark: {{.*}}: a computed #include comes before it
// CONTINUED: continued.h:1:1: remark: {{.*}}: a directive continues on the next line
// ALMOST: almost-guard.h:2:1: remark: {{.*}}: a conditional comes before it
// CACHE-COUNT-2: .inputs
// CACHE: offload-library.hpp
// CACHE-NOT: .failed

#include <cstdio>
#include <vector>
#include <offload/offload.hpp>

void axpy(int a, std::span<const int> x, offload::Region<int> y) {
  for (auto [i, v] : y)
    v += a * x[i];
}

int main() {
  std::vector<int> x(1000), y(1000, 1);
  for (int i = 0; i < 1000; ++i)
    x[i] = i;
  offload::offload(axpy, 3, x, y);
  std::printf("y[999] = %d\n", y[999]);
}
