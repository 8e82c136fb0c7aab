// A trivial infinite loop (`while (true) {}`) is not undefined in C++ (P2809):
// a kernel that reaches one hangs, on every device, as it does without the
// plugin. The entries call the kernel through functions LLVM would otherwise
// assume to return, and deleted the kernel's body with its loop (fuzz
// finding 7625, test/fuzz/RESULTS.md): the program printed zeros and ended.
// RUN: rm -rf %t && mkdir %t
// RUN: %offload_host -O1 %s %ldflags -o %t/loop
// RUN: env OFFLOAD_DEVICE=host OFFLOAD_TIMEOUT=1 not timeout 60 %t/loop 2>&1 | FileCheck %s --check-prefix=OUT
// OUT: guarded: 0 2 14
// OUT: offload: error: kernel 'spin<int>' on device {{[0-9]+}} (host) did not finish within 1 s (OFFLOAD_TIMEOUT); the process stops
// OUT-NOT: not reached
//
// The GPU image keeps both loops too.
// RUN: %if ptxas %{ %offload -O1 -fplugin-arg-offload-targets=sm_90 -fplugin-arg-offload-save-temps=%t -c %s -o %t/loop.o %}
// RUN: %if ptxas %{ FileCheck %s --check-prefix=PTX < %t/trivial-infinite-loop.sm_90.ptx %}
// PTX-LABEL: .entry __offload_k_{{[0-9a-f]+}}(
// PTX-NOT: -- End function
// PTX: =>This Inner Loop Header
// PTX-LABEL: .entry __offload_k_{{[0-9a-f]+}}(
// PTX-NOT: -- End function
// PTX: =>This Inner Loop Header
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

namespace {

// The loop only when asked: the rest of the kernel runs as written.
void guarded(int spin, offload::Region<int> out) {
  for (auto [i, r] : out) {
    if (spin)
      while (true) {
      }
    r = 2 * int(i);
  }
}

template <class T> struct Exchanged {
  T own, shared;
};

// Fuzz finding 7625's shape: after the loop, nothing the caller could see.
template <class T>
void spin(offload::Region<Exchanged<T>> out, offload::Atomic<T> own) {
  for (auto [i, r] : out) {
    while (true) {
    }
    r.own = own.exchange(i, T(i % 100));
  }
}

} // namespace

int main() {
  std::vector<int> v(8);
  offload::offload(guarded, 0, v);
  std::printf("guarded: %d %d %d\n", v[0], v[1], v[7]);
  std::vector<Exchanged<int>> e(8);
  std::vector<int> own(8, 3);
  offload::offload(spin<int>, e, own);
  std::printf("not reached: %d %d\n", e[0].own, own[1]);
}
