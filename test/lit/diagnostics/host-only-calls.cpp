// The API that launches, stages and waits runs on the host only: a kernel
// that reaches it, directly or through a helper, is an error (a device
// compile would make the call do nothing).
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
#include <offload/offload.hpp>
#include <offload/scan.hpp>
#include <vector>

void inner(offload::Region<int> v) {
  for (auto [i, vi] : v)
    vi = 7;
}

void helper(std::vector<int> &w) {
  offload::offload(inner, w); // expected-error {{kernel 'outer' calls 'offload::offload', which runs only on the host: kernels cannot launch kernels, preload data or wait for the device; offload the work from the host, before or after this kernel}}
}

std::vector<int> scratch(4);

void outer(std::span<const int> x, offload::Region<int> v) {
  for (auto [i, vi] : v) {
    offload::offload(offload::Launch{.threads = 4}, inner, v); // expected-error {{kernel 'outer' calls 'offload::offload'}}
    vi = x[i];
  }
  helper(scratch); // expected-note {{'helper' is called from 'outer' here}} expected-error {{kernel 'outer' writes 'scratch'}}
  offload::synchronize();                 // expected-error {{kernel 'outer' calls 'offload::synchronize'}}
  (void)offload::transfer_totals();       // expected-error {{kernel 'outer' calls 'offload::transfer_totals'}}
  (void)offload::kernel_resources(inner); // expected-error {{kernel 'outer' calls 'offload::kernel_resources'}}
  offload::inclusive_scan(x, v);          // expected-error {{kernel 'outer' calls 'offload::inclusive_scan'}}
}

void run(std::vector<int> &v, std::vector<int> &x) {
  offload::offload(outer, x, v);
}
