// Host-only code in the same translation unit (x86 intrinsics, inline asm,
// iostreams, exceptions) does not reach the device pass as long as no kernel
// calls it: the device pass emits only what the kernels reach.
// RUN: %offload_host %s %ldflags -o %t && %t | FileCheck %s
// RUN: %if ptxas %{ %offload -fplugin-arg-offload-targets=sm_90,host -c %s -o %t.o %}
#include <offload/offload.hpp>
#include <iostream>
#include <stdexcept>
#include <vector>
#if defined(__x86_64__) && !defined(__NVPTX__)
#include <immintrin.h>
#endif

double hostSum(const std::vector<double> &v) {
  double s = 0;
#if defined(__x86_64__) && !defined(__NVPTX__)
  __m128d acc = _mm_setzero_pd();
  for (std::size_t i = 0; i + 1 < v.size(); i += 2)
    acc = _mm_add_pd(acc, _mm_loadu_pd(&v[i]));
  double parts[2];
  _mm_storeu_pd(parts, acc);
  s = parts[0] + parts[1];
  asm volatile("" ::: "memory");
#endif
  if (v.size() % 2)
    throw std::runtime_error("odd size");
  return s;
}

void half(offload::Region<double> v) {
  for (auto [i, vi] : v)
    vi = 0.5 * double(i);
}

int main() {
  std::vector<double> v(8);
  offload::offload(half, v);
  try {
    std::cout << "sum " << hostSum(v) << "\n";
  } catch (const std::exception &e) {
    std::cout << e.what() << "\n";
  }
}
// CHECK: sum 14
