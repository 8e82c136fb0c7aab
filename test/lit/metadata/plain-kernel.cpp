// The host pass records a plain kernel: its entry, its host symbol, the
// C++ that names it in the device pass, and each parameter's kind, map type
// and argument slots.
// RUN: %offload_host -fsyntax-only -fplugin-arg-offload-dump=metadata %s | FileCheck %s
#include <offload/offload.hpp>
#include <vector>

void saxpy(float a, std::span<const float> x, offload::Region<float> y) {
  for (auto [i, yi] : y)
    yi += a * x[i];
}

void run(std::vector<float> &x, std::vector<float> &y) {
  offload::offload(saxpy, 2.0f, x, y);
}

// CHECK:      "abi": 17,
// CHECK-NEXT: "format": "cxx-offload-kernels",
// CHECK-NEXT: "globals": [],
// CHECK-NEXT: "kernels": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "callee": "static_cast<void (*)(float, std::span<const float>, offload::Region<float>)>(&::saxpy)",
// CHECK-NEXT:     "calls": [
// CHECK-NEXT:       "{{.*}}plain-kernel.cpp:14:3"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "closure": "",
// CHECK-NEXT:     "entry": "__offload_k_{{[0-9a-f]+}}",
// CHECK-NEXT:     "mangled": "_Z5saxpyfSt4spanIKfLm18446744073709551615EEN7offload6RegionIfNS2_8Linear1DEEE",
// CHECK-NEXT:     "name": "saxpy",
// CHECK-NEXT:     "params": [
// CHECK-NEXT:       {
// CHECK-NEXT:         "kind": "value",
// CHECK-NEXT:         "map": "literal",
// CHECK-NEXT:         "name": "a",
// CHECK-NEXT:         "slots": 1,
// CHECK-NEXT:         "type": "float"
// CHECK-NEXT:       },
// CHECK-NEXT:       {
// CHECK-NEXT:         "kind": "read-only",
// CHECK-NEXT:         "map": "to",
// CHECK-NEXT:         "name": "x",
// CHECK-NEXT:         "slots": 2,
// CHECK-NEXT:         "type": "std::span<const float>"
// CHECK-NEXT:       },
// CHECK-NEXT:       {
// CHECK-NEXT:         "kind": "region",
// CHECK-NEXT:         "map": "tofrom",
// CHECK-NEXT:         "name": "y",
// CHECK-NEXT:         "slots": 2,
// CHECK-NEXT:         "type": "offload::Region<float>"
// CHECK-NEXT:       }
// CHECK-NEXT:     ],
// CHECK-NEXT:     "signature": "void (float, std::span<const float>, offload::Region<float>)",
// CHECK-NEXT:     "slots": 9
// CHECK-NEXT:   }
// CHECK-NEXT: ],
// CHECK-NEXT: "source": "{{.*}}plain-kernel.cpp",
// CHECK-NEXT: "version": 5
