// NVIDIA GPUs' code generator has no routine for conversions between
// 128-bit integers and floating point: an error at the conversion when an
// sm_XX image is built, not a crash in the device compile. Other 128-bit
// arithmetic, and constant conversions, are fine.
// RUN: %offload -fplugin-arg-offload-targets=sm_90,host -fsyntax-only -Xclang -verify %s
// RUN: %offload_host -fsyntax-only %s
#include <offload/offload.hpp>
#include <vector>

void toDouble(offload::Region<double> v) {
  for (auto [i, vi] : v) {
    __int128 x = (__int128)i * 1000000007;
    vi = (double)x; // expected-error {{kernel 'toDouble' converts '__int128' to 'double', which the 'sm_90' code generator cannot compile (it needs a library routine that no GPU library provides); convert through a 64-bit integer type}}
  }
}
void fromDouble(offload::Region<long long> v) {
  for (auto [i, vi] : v) {
    unsigned __int128 x = vi * 1.5; // expected-error {{kernel 'fromDouble' converts 'double' to 'unsigned __int128'}}
    vi = (long long)(x / 3);
  }
}
void fine(offload::Region<long long> v) {
  constexpr double Folded = (double)((__int128)1 << 70);
  for (auto [i, vi] : v) {
    __int128 x = (__int128)vi * vi;
    vi = (long long)(x % 1000003) + (long long)(x / 7) + (long long)Folded;
  }
}
void run(std::vector<double> &d, std::vector<long long> &l) {
  offload::offload(toDouble, d);
  offload::offload(fromDouble, l);
  offload::offload(fine, l);
}
