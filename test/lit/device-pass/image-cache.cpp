// Device images come from the cache when the code they are made of has not
// changed (clang-plugin/lib/CompileCache.h): after an edit of host code the
// device compiles parse the source again but neither optimize nor link an
// image, and the object is the one a compile without the cache makes; an
// edit of a kernel builds a new image. Remarks and save-temps build it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %offload_host -fplugin-arg-offload-cache=%t/cache -fplugin-arg-offload-time-report -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=BUILT
// RUN: %offload_host -fplugin-arg-offload-cache=off -c %s -o %t/a-off.o
// RUN: cmp %t/a.o %t/a-off.o
//
// RUN: %offload_host -fplugin-arg-offload-cache=%t/cache -fplugin-arg-offload-time-report -DHOST_EDIT -c %s -o %t/b.o 2>&1 | FileCheck %s --check-prefix=CACHED
// RUN: %offload_host -fplugin-arg-offload-cache=off -DHOST_EDIT -c %s -o %t/b-off.o
// RUN: cmp %t/b.o %t/b-off.o
// RUN: %clangxx %t/b.o %ldflags -o %t/b && %t/b | FileCheck %s --check-prefix=HOST-EDIT
//
// RUN: %offload_host -fplugin-arg-offload-cache=%t/cache -fplugin-arg-offload-time-report -DKERNEL_EDIT -c %s -o %t/c.o 2>&1 | FileCheck %s --check-prefix=BUILT
// RUN: %clangxx %t/c.o %ldflags -o %t/c && %t/c | FileCheck %s --check-prefix=KERNEL-EDIT
// RUN: ls %t/cache | FileCheck %s --check-prefix=TWO
//
// RUN: %offload_host -fplugin-arg-offload-cache=%t/cache -fplugin-arg-offload-time-report -Rpass=offload-cache -c %s -o %t/d.o 2>&1 | FileCheck %s --check-prefix=BUILT
// RUN: %offload_host -fplugin-arg-offload-cache=%t/cache -fplugin-arg-offload-time-report -fplugin-arg-offload-save-temps=%t/temps -c %s -o %t/e.o 2>&1 | FileCheck %s --check-prefix=BUILT
//
// BUILT: images from the cache: none
// CACHED: images from the cache: host
// HOST-EDIT: edited host code: y[999] = 2998
// KERNEL-EDIT: y[999] = 5995
// TWO-COUNT-2: .image
// TWO-NOT: .image

#include <cstdio>
#include <vector>
#include <offload/offload.hpp>

void axpy(int a, std::span<const int> x, offload::Region<int> y) {
  for (auto [i, v] : y)
#ifdef KERNEL_EDIT
    v += 2 * a * x[i];
#else
    v += a * x[i];
#endif
}

int main() {
  std::vector<int> x(1000), y(1000, 1);
  for (int i = 0; i < 1000; ++i)
    x[i] = i;
  offload::offload(axpy, 3, x, y);
#ifdef HOST_EDIT
  std::printf("edited host code: ");
#endif
  std::printf("y[999] = %d\n", y[999]);
}
