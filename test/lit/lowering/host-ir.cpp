// The host pass embeds the images and registers them from a constructor that
// runs before user constructors: one libomptarget entry per kernel, and a
// record that ties the kernel's host function to its entry.
// RUN: %offload_host -c %s -o %t.o -fplugin-arg-offload-dump=host-ir | FileCheck %s
#include <offload/offload.hpp>
#include <vector>

void twice(offload::Region<int> v) {
  for (auto [i, vi] : v)
    vi *= 2;
}
template <class T> void zero(offload::Region<T> v) {
  for (auto [i, vi] : v)
    vi = T(0);
}

void run(std::vector<int> &v, std::vector<float> &f) {
  offload::offload(twice, v);
  offload::offload(zero<float>, f);
}

// CHECK: @__offload.id.[[E1:__offload_k_[0-9a-f]+]] = internal constant i8 0
// CHECK: @__offload.entry_name.[[E1]] = internal unnamed_addr constant [29 x i8] c"[[E1]]\00"
// CHECK: @__offload.id.[[E2:__offload_k_[0-9a-f]+]] = internal constant i8 0
// CHECK: @__offload.entries = internal constant [2 x { i64, i16, i16, i32, ptr, ptr, i64, i64, ptr }]
// CHECK-SAME: { i64 0, i16 1, i16 1, i32 0, ptr @__offload.id.[[E1]], ptr @__offload.entry_name.[[E1]], i64 0, i64 0, ptr null }
// CHECK: @__offload.image.host = <{{[0-9]+}} bytes>
// CHECK: @__offload.images = internal constant [1 x { ptr, ptr, ptr, ptr }]
// CHECK: @__offload.descriptor = internal global { i32, ptr, ptr, ptr } { i32 1, ptr @__offload.images, ptr @__offload.entries
// CHECK: @__offload.kernels = internal constant [2 x { ptr, ptr, ptr, ptr }]
// CHECK-DAG: { ptr @_Z5twiceN7offload6RegionIiNS_8Linear1DEEE, ptr @__offload.id.__offload_k_{{[0-9a-f]+}}, ptr @__offload.kernel_name.__offload_k_{{[0-9a-f]+}}, ptr @__offload.slot_names.__offload_k_{{[0-9a-f]+}} }
// CHECK-DAG: { ptr @_Z4zeroIfEvN7offload6RegionIT_NS0_8Linear1DEEE, ptr @__offload.id.__offload_k_{{[0-9a-f]+}}, ptr @__offload.kernel_name.__offload_k_{{[0-9a-f]+}}, ptr @__offload.slot_names.__offload_k_{{[0-9a-f]+}} }
// CHECK: @__offload.targets = internal unnamed_addr constant [5 x i8] c"host\00"
// CHECK: @__offload.registration = internal global { i32, i32, ptr, ptr, ptr, ptr } { i32 3, i32 2, ptr @__offload.kernels, ptr @__offload.descriptor, ptr @__offload.source, ptr @__offload.targets }
// CHECK: define internal void @__offload.register() {
// CHECK-NEXT:   call void @__cxxoffload_register(ptr @__offload.registration)
// CHECK-NEXT:   ret void

// RUN: llvm-readelf -S %t.o | FileCheck %s --check-prefix=OBJ
// OBJ: .init_array.101
