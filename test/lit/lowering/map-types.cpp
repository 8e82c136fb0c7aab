// The kernel's parameter types decide each slot's map type (the ABI's):
// scalars LITERAL (0x100), read-only data TO (0x1), Regions TO|FROM (0x3);
// slots 0-3 carry the logical extent and the first thread. The call goes
// to the runtime.
// RUN: %offload_host -O2 -S -emit-llvm %s -o - | FileCheck %s
#include <offload/offload.hpp>
#include <vector>

void k(double a, const std::vector<double> &x, offload::Region<double> y) {
  for (auto [i, yi] : y)
    yi = a * x[i];
}

void run(const std::vector<double> &x, std::vector<double> &y) {
  offload::offload(k, 3.0, x, y);
}

// CHECK-LABEL: define {{.*}} @_Z3runRKSt6vectorIdSaIdEERS1_(
// CHECK: call void @_ZN7offload6detail2rt6launchERKNS1_13LaunchRequestE(
// CHECK-LABEL: define {{.*}} @_ZN7offload6detail12PreparedCallIJdRKSt6vectorIdSaIdEENS_6RegionIdNS_8Linear1DEEEEEC2I
// The three extent slots, the first thread and the scalar, then x's data
// and size, y's.
// CHECK-COUNT-5: store i64 256
// CHECK: store i64 1
// CHECK: store i64 256
// CHECK: store i64 3
// CHECK: store i64 256
