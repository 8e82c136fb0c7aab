// A translation unit without offload() calls gets no images and no
// registration, and needs no runtime library.
// RUN: %offload_host -c %s -o %t.o -fplugin-arg-offload-dump=host-ir | count 0
// RUN: llvm-nm %t.o | FileCheck %s
// RUN: %clangxx %t.o -o %t && %t
#include <offload/offload.hpp>
int main() { return 0; }
// CHECK-NOT: __cxxoffload_{{(un)?}}register
// CHECK: main
