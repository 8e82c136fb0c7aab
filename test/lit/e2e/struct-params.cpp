// Structs of views as arguments: each member moves as a parameter of its
// own (OFFLOAD_INFO=4 names them by path), a struct built from preload
// handles finds their device copies, offload_args hands a host function
// the members' device copies, a lambda and an explicit Launch take them
// too, and the answers equal the build without the plugin.
// RUN: %offload_host %s %ldflags -o %t && env OFFLOAD_INFO=5 %t 2>&1 | FileCheck %s
// RUN: %clangxx %cxxflags %s -o %t.plain && %t.plain | FileCheck %s --check-prefix=PLAIN
#include <offload/offload.hpp>
#include <cstdint>
#include <cstdio>
#include <vector>

struct In {
  std::span<const double> a, b;
};
struct Step {
  In in;
  offload::Region<double> out;
  double scale;
};

void combine(Step s) {
  for (auto [i, o] : s.out)
    o = s.scale * (s.in.a[i] + s.in.b[i]);
}

// A host function: the members' data() are the copies the device holds.
bool onDevice(Step s, std::uintptr_t hostA, std::uintptr_t hostOut) {
  return s.in.a.size() == 4 && s.out.size() == 4 &&
         reinterpret_cast<std::uintptr_t>(s.in.a.data()) != hostA &&
         reinterpret_cast<std::uintptr_t>(s.out.data()) != hostOut;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0); // in order with the reports
  std::vector<double> a = {1, 2, 3, 4}, b(4, 0.5), out(4);
  offload::offload(combine, Step{{a, b}, out, 2.0});
  std::printf("combine %g %g\n", out[0], out[3]);
  // CHECK: kernel 'combine' on device {{[0-9]+}} (host): 4 threads
  // CHECK-NEXT: 's.in.a': 32 bytes to the device
  // CHECK-NEXT: 's.in.b': 32 bytes to the device
  // CHECK-NEXT: 's.out': 32 bytes to the device
  // CHECK-NEXT: 's.out': 32 bytes back
  // CHECK: combine 3 9

  {
    auto A = offload::preload(a), B = offload::preload(b);
    auto Out = offload::preload_mut(out);
    offload::offload(combine, Step{{A, B}, Out, 3.0});
  }
  std::printf("preloaded %g %g\n", out[0], out[3]);
  // CHECK: kernel 'combine' on device {{[0-9]+}} (host): 4 threads, {{.*}}, all data on the device
  // CHECK: preloaded 4.5 13.5

  offload::offload(
      offload::Launch{.threads = 2},
      [](In in, offload::Range<> r, offload::Region<double> o) {
        for (auto i : r)
          o.unchecked(i) = in.a[i] * in.b[i];
      },
      In{a, b}, offload::Range<>(2), out);
  std::printf("lambda %g %g %g\n", out[0], out[1], out[2]);
  // CHECK: lambda 0.5 1 10.5

  const bool Copied =
      offload::offload_args(onDevice, Step{{a, b}, out, 1.0},
                            reinterpret_cast<std::uintptr_t>(a.data()),
                            reinterpret_cast<std::uintptr_t>(out.data()));
  std::printf("offload_args %d\n", int(Copied));
  // CHECK: offload_args 1
}
// PLAIN: combine 3 9
// PLAIN: preloaded 4.5 13.5
// PLAIN: lambda 0.5 1 10.5
// PLAIN: offload_args 0
