// The dependency file (-MD) lists the headers the device pass read, even
// those the host pass never includes, so that changing one rebuilds the
// object and its images.
// RUN: %offload_host -MD -MF %t.d -c %s -o %t.o
// RUN: FileCheck %s < %t.d
#include <offload/offload.hpp>
#include <vector>
#ifdef __OFFLOAD_DEVICE__
#include "../Inputs/device_only.hpp"
#else
constexpr int DeviceOnlyValue = 0;
#endif

void k(offload::Region<int> v) {
  for (auto [i, vi] : v)
    vi = DeviceOnlyValue;
}
void run(std::vector<int> &v) { offload::offload(k, v); }

// CHECK: depfile.cpp.tmp.o:
// CHECK-DAG: depfile.cpp
// CHECK-DAG: offload/offload.hpp
// CHECK-DAG: offload/detail/entry.hpp
// CHECK-DAG: Inputs/device_only.hpp
