// Only code generation runs the device pass: -fsyntax-only analyses and
// diagnoses but writes no images.
// RUN: rm -rf %t && mkdir %t
// RUN: %offload_host -fsyntax-only -fplugin-arg-offload-save-temps=%t %s
// RUN: ls %t | count 0
// RUN: %offload_host -c %s -o %t/obj.o -fplugin-arg-offload-save-temps=%t
// RUN: ls %t | FileCheck %s
#include <offload/offload.hpp>
#include <vector>

void k(offload::Region<int> v) {}
void run(std::vector<int> &v) { offload::offload(k, v); }

// CHECK: obj.o
// CHECK: syntax-only.host.o
// CHECK: syntax-only.host.so
// CHECK: syntax-only.offload-device.cpp
// CHECK: syntax-only.offload.json
