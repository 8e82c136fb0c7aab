// Host-only code in a translation unit is fine until a kernel reaches it:
// then the plugin names what cannot be compiled for a device and the calls
// that lead there from the kernel.
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
#include <offload/offload.hpp>
#include <immintrin.h>
#include <vector>

void relax() {
  asm volatile("pause"); // expected-error {{kernel 'smooth' reaches inline assembly, which is written for the host's instruction set; keep it out of code kernels call, or guard it with #if defined(__OFFLOAD_HOST__)}}
}

int signs(double a) {
  return _mm_movemask_pd(_mm_set1_pd(a)); // expected-note {{'_mm_movemask_pd' is called from 'signs' here}}
}

double helper(double x) {
  relax();  // expected-note {{'relax' is called from 'helper' here}}
  return x + signs(x); // expected-note {{'signs' is called from 'helper' here}}
}

// Guarded host code is not seen by the host pass's checks of kernels.
double guarded(double x) {
#if defined(__OFFLOAD_DEVICE__)
  return x;
#else
  return x;
#endif
}

void smooth(offload::Region<double> v) {
  for (auto [i, x] : v)
    x = helper(x) + guarded(x); // expected-note 2 {{'helper' is called from 'smooth' here}}
}

void run(std::vector<double> &v) { offload::offload(smooth, v); }

// The builtin is reported where the intrinsics header calls it.
// expected-error@*:* {{kernel 'smooth' reaches '__builtin_ia32_movmskpd', a builtin of the host's instruction set}}
