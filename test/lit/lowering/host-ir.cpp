// The host pass embeds the images and registers them from a constructor that
// runs before user constructors: the images with their targets, and a record
// per kernel that ties its host function to its entry's symbol
// (offload/detail/abi.hpp) and gives the block its entry was compiled for
// (a reduction's, launched with the default block; 0 for any block). A
// destructor unregisters them (a shared library that is closed).
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
void sum(offload::Region<int> v, offload::ReduceSum<int> s) {
  for (auto [i, vi] : v)
    s += vi;
}

void run(std::vector<int> &v, std::vector<float> &f, int &total) {
  offload::offload(twice, v);
  offload::offload(zero<float>, f);
  offload::offload(sum, v, total);
}

// CHECK: @__offload.entry_name.[[E1:__offload_k_[0-9a-f]+]] = internal unnamed_addr constant [29 x i8] c"[[E1]]\00"
// CHECK: @__offload.kernel_name.[[E1]] = internal unnamed_addr constant
// CHECK: @__offload.image.host = <{{[0-9]+}} bytes>
// CHECK: @__offload.target.host = internal unnamed_addr constant [5 x i8] c"host\00"
// CHECK: @__offload.images = internal constant [1 x { ptr, ptr, ptr }] [{ ptr, ptr, ptr } { ptr @__offload.image.host, ptr getelementptr inbounds ({{.*}}), ptr @__offload.target.host }]
// CHECK: @__offload.kernels = internal constant [3 x { ptr, ptr, ptr, ptr, i32, i32, i32 }]
// CHECK-DAG: { ptr @_Z5twiceN7offload6RegionIiNS_8Linear1DEEE, ptr @__offload.entry_name.__offload_k_{{[0-9a-f]+}}, ptr @__offload.kernel_name.__offload_k_{{[0-9a-f]+}}, ptr @__offload.slot_names.__offload_k_{{[0-9a-f]+}}, i32 0, i32 0, i32 0 }
// CHECK-DAG: { ptr @_Z4zeroIfEvN7offload6RegionIT_NS0_8Linear1DEEE, ptr @__offload.entry_name.__offload_k_{{[0-9a-f]+}}, ptr @__offload.kernel_name.__offload_k_{{[0-9a-f]+}}, ptr @__offload.slot_names.__offload_k_{{[0-9a-f]+}}, i32 0, i32 0, i32 0 }
// CHECK-DAG: { ptr @_Z3sumN7offload6RegionIiNS_8Linear1DEEENS_6ReduceINS_3SumIiEEEE, ptr @__offload.entry_name.__offload_k_{{[0-9a-f]+}}, ptr @__offload.kernel_name.__offload_k_{{[0-9a-f]+}}, ptr @__offload.slot_names.__offload_k_{{[0-9a-f]+}}, i32 256, i32 1, i32 1 }
// CHECK: @__offload.registration = internal constant { i32, i32, ptr, i32, i32, ptr, ptr } { i32 17, i32 3, ptr @__offload.kernels, i32 1, i32 {{-?[1-9][0-9]*}}, ptr @__offload.images, ptr @__offload.source }
// CHECK: define internal void @__offload.register() {
// CHECK-NEXT:   call void @__cxxoffload_register(ptr @__offload.registration)
// CHECK-NEXT:   ret void
// CHECK: define internal void @__offload.unregister() {
// CHECK-NEXT:   call void @__cxxoffload_unregister(ptr @__offload.registration)
// CHECK-NEXT:   ret void

// RUN: llvm-readelf -S %t.o | FileCheck %s --check-prefix=OBJ
// OBJ: .init_array.101
// OBJ: .fini_array.101
