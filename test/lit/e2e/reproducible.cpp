// The same source compiles to byte-identical metadata and objects (images
// included), from a path with spaces, with -o in another directory.
// RUN: rm -rf "%t dir" && mkdir -p "%t dir/src" "%t dir/out"
// RUN: cp %s "%t dir/src/my kernels.cpp"
// RUN: %offload_host -fsyntax-only -fplugin-arg-offload-dump=metadata "%t dir/src/my kernels.cpp" > "%t dir/out/1.json"
// RUN: %offload_host -fsyntax-only -fplugin-arg-offload-dump=metadata "%t dir/src/my kernels.cpp" > "%t dir/out/2.json"
// RUN: cmp "%t dir/out/1.json" "%t dir/out/2.json"
// RUN: %offload_host -c "%t dir/src/my kernels.cpp" -o "%t dir/out/a.o"
// RUN: %offload_host -c "%t dir/src/my kernels.cpp" -o "%t dir/out/b.o"
// RUN: cmp "%t dir/out/a.o" "%t dir/out/b.o"
// RUN: %if ptxas %{ %offload -fplugin-arg-offload-targets=sm_90,host -c "%t dir/src/my kernels.cpp" -o "%t dir/out/c.o" %}
// RUN: %if ptxas %{ %offload -fplugin-arg-offload-targets=sm_90,host -c "%t dir/src/my kernels.cpp" -o "%t dir/out/d.o" %}
// RUN: %if ptxas %{ cmp "%t dir/out/c.o" "%t dir/out/d.o" %}
// RUN: %clangxx "%t dir/out/a.o" %ldflags -o "%t dir/out/program"
// RUN: "%t dir/out/program" | FileCheck %s
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

template <class T> void scale(T by, offload::Region<T> v) {
  for (auto [i, x] : v)
    x *= by;
}

int main() {
  std::vector<double> v(3, 2.0);
  offload::offload(scale<double>, 1.5, v);
  offload::offload([](offload::Region<double> r) {
    for (auto [i, x] : r)
      x += double(i);
  }, v);
  std::printf("%g %g %g\n", v[0], v[1], v[2]);
}
// CHECK: 3 4 5
