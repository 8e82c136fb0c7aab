// Both passes find a lambda kernel's entry by how its type is spelled, which
// is where it is: "(lambda at f.cpp:100:12)". With #if on a macro that only
// one pass defines, #line can put other code at that place in the device
// pass, which would then run code the host did not offload: the device
// compile compares the lambda's text with the host's and stops.
// RUN: not %offload_host -c %s -o %t.o 2>&1 | FileCheck %s
// The same lambda on both sides, with #line, is fine.
// RUN: %offload_host -DSAME -c %s -o %t.same.o
#include <offload/offload.hpp>
#include <vector>

void run(std::vector<int> &v) {
#if defined(__OFFLOAD_DEVICE__) && !defined(SAME)
#line 100
  auto k = [](offload::Region<int> r) { for (auto [i, x] : r) x = 2; };
#else
#line 100
  auto k = [](offload::Region<int> r) { for (auto [i, x] : r) x = 1; };
#endif
  offload::offload(k, v);
}
// CHECK: error: the kernel (lambda at {{.*}}passes-differ.cpp:100:12) is other code in this device compile than in the host compile, at the same position (a macro or #if that differs between the passes, with #line giving both one place): the device would run code the host did not offload; write the kernel alike for both passes (in the device compile for 'host')
