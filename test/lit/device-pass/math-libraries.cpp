// REQUIRES: ptxas
// The GPU math libraries are linked by what each device compile's code
// calls: CUDA's libdevice for __nv_* functions, ROCm's ocml/ockl and oclc
// control libraries for __ocml_*/__ockl_* ones, nothing otherwise. Kernels
// that only classify floats (std::isnan: __nv_isnand) or do complex
// arithmetic (__nv_logb, __nv_scalbn) need them as much as sqrt does.
//
// Every kind of kernel, for every kind of target: the PTX calls no external
// function and asks no __nvvm_reflect question; the AMD objects and code
// objects leave no symbol undefined. On the host device the results match
// the host's.
// RUN: rm -rf %t && mkdir %t
// RUN: %offload -O2 -DCLASSIFY -DCOMPLEX -DMATH -fplugin-arg-offload-targets=sm_90,gfx90a,gfx942,host -fplugin-arg-offload-save-temps=%t -c %s -o %t/all.o
// RUN: FileCheck %s --check-prefix=PTX < %t/math-libraries.sm_90.ptx
// RUN: not grep -E "\.extern|nvvm_reflect" %t/math-libraries.sm_90.ptx
// RUN: llvm-nm --undefined-only %t/math-libraries.gfx90a.o | count 0
// RUN: llvm-nm --undefined-only %t/math-libraries.gfx942.o | count 0
// RUN: llvm-nm -D --undefined-only %t/math-libraries.gfx90a.hsaco | count 0
// RUN: llvm-nm -D --undefined-only %t/math-libraries.gfx942.hsaco | count 0
// RUN: %clangxx %t/all.o %ldflags -o %t/all
// RUN: env OFFLOAD_DEVICE=host %t/all | FileCheck %s --check-prefix=HOST
// PTX: .visible .entry __offload_k_
// HOST-DAG: classify: 16 values match the host
// HOST-DAG: complex: 64 values match the host
// HOST-DAG: math: 64 values match the host
// HOST-DAG: plain: 64 values match the host
//
// A translation unit whose only math is std::isnan/isinf/isfinite links
// four libdevice functions and builds; one with complex arithmetic only
// links ocml for gfx942. (One target a compile, so that the remarks of
// concurrent device compiles do not interleave.)
// RUN: %offload -DCLASSIFY -fplugin-arg-offload-targets=sm_90 -fplugin-arg-offload-save-temps=%t/classify -Rremark-backend-plugin -c %s -o %t/classify.o 2>&1 | FileCheck %s --check-prefix=CLASSIFY
// RUN: not grep -E "\.extern|nvvm_reflect" %t/classify/math-libraries.sm_90.ptx
// CLASSIFY: remark: cxx-offload: sm_90: linked {{[1-9][0-9]*}} functions of {{.*}}libdevice.10.bc (in the device compile for 'sm_90')
// RUN: %offload -DCOMPLEX -fplugin-arg-offload-targets=gfx942 -fplugin-arg-offload-save-temps=%t/complex -Rremark-backend-plugin -c %s -o %t/complex.o 2>&1 | FileCheck %s --check-prefix=COMPLEX
// RUN: llvm-nm -D --undefined-only %t/complex/math-libraries.gfx942.hsaco | count 0
// COMPLEX: remark: cxx-offload: gfx942: linked {{[1-9][0-9]*}} functions of {{.*}} (ocml, {{.*}})
//
// Below -O3 the libraries are linked all the same, before the optimizer.
// RUN: %offload -DCLASSIFY -DCOMPLEX -DMATH -fplugin-arg-offload-device-opt=0 -fplugin-arg-offload-targets=sm_90,gfx90a -fplugin-arg-offload-save-temps=%t/O0 -c %s -o %t/O0.o
// RUN: llvm-nm -D --undefined-only %t/O0/math-libraries.gfx90a.hsaco | count 0
// RUN: not grep -E "\.extern|nvvm_reflect" %t/O0/math-libraries.sm_90.ptx
// RUN: %offload -DCLASSIFY -DCOMPLEX -DMATH -fplugin-arg-offload-device-opt=1 -fplugin-arg-offload-targets=sm_90,gfx942 -fplugin-arg-offload-save-temps=%t/O1 -c %s -o %t/O1.o
// RUN: llvm-nm -D --undefined-only %t/O1/math-libraries.gfx942.hsaco | count 0
//
// Kernels without math load no library: no remark, and nothing of
// libdevice in the PTX.
// RUN: %offload -fplugin-arg-offload-targets=sm_90,gfx90a,host -fplugin-arg-offload-save-temps=%t/plain -Rremark-backend-plugin -c %s -o %t/plain.o 2>&1 | count 0
// RUN: not grep -E "__nv_|__internal" %t/plain/math-libraries.sm_90.ptx
// RUN: llvm-nm %t/plain/math-libraries.gfx90a.o | not grep -E "__ocml|__ockl|__oclc"
//
// A library that is needed but not installed is a clear error.
// RUN: env OFFLOAD_ROCM_PATH=%t/nowhere not %offload -DMATH -fplugin-arg-offload-targets=gfx90a -c %s -o %t/norocm.o 2>&1 | FileCheck %s --check-prefix=NOROCM
// NOROCM: error: the device compile for 'gfx90a' failed: cxx-offload: the kernels call ROCm's device libraries (__ocml_{{[a-z0-9_]+}}), which were not found: install them with 'apt-get install rocm-device-libs', or set OFFLOAD_ROCM_PATH to a ROCm installation
// RUN: mkdir -p %t/cuda/bin && ln -sf %ptxas %t/cuda/bin/ptxas
// RUN: env OFFLOAD_CUDA_PATH=%t/cuda not %offload -DCLASSIFY -fplugin-arg-offload-targets=sm_90 -c %s -o %t/nolibdevice.o 2>&1 | FileCheck %s --check-prefix=NOLIBDEVICE
// NOLIBDEVICE: error: the device compile for 'sm_90' failed: cxx-offload: the kernels call CUDA's libdevice (__nv_{{[a-z]+}}), which was not found as nvvm/libdevice/libdevice.10.bc beside ptxas's CUDA: install the CUDA toolkit or set OFFLOAD_CUDA_PATH to it
#include <offload/offload.hpp>
#include <cmath>
#include <complex>
#include <cstdio>
#include <limits>
#include <vector>

using Complex = std::complex<double>;

void plain(std::span<const int> a, offload::Region<int> b) {
  for (auto [i, bi] : b)
    bi = 3 * a[i] + 1;
}

int plainRef(int a) { return 3 * a + 1; }

#ifdef CLASSIFY
int classifyRef(double x, float f) {
  return (std::isnan(x) ? 1 : 0) | (std::isinf(x) ? 2 : 0) |
         (std::isfinite(x) ? 4 : 0) | (std::isnan(f) ? 8 : 0) |
         (std::isinf(f) ? 16 : 0) | (std::isfinite(f) ? 32 : 0);
}

void classify(std::span<const double> x, offload::Region<int> out) {
  for (auto [i, o] : out)
    o = classifyRef(x[i], float(x[i]));
}
#endif

#ifdef COMPLEX
Complex complexRef(Complex a, Complex b) {
  return a * b + a / b + std::abs(a) + std::exp(b);
}

void complexes(std::span<const Complex> a, offload::Region<Complex> b) {
  for (auto [i, bi] : b)
    bi = complexRef(a[i], bi);
}
#endif

#ifdef MATH
struct Values {
  double d;
  float f;
};

Values mathRef(double x) {
  const float y = float(x);
  return {std::sqrt(x) + std::sin(x) + std::exp(x) + std::pow(x, 1.5) +
              std::lgamma(x),
          std::sqrt(y) + std::sin(y) + std::exp(y) + std::pow(y, 1.5f) +
              std::lgamma(y)};
}

void math(std::span<const double> x, offload::Region<Values> v) {
  for (auto [i, vi] : v)
    vi = mathRef(x[i]);
}
#endif

template <class T> bool close(T a, T b, double tolerance) {
  return std::abs(a - b) <= tolerance * (1 + std::abs(b));
}

void report(const char *what, std::size_t n, std::size_t bad) {
  if (bad)
    std::printf("%s: %zu of %zu values differ from the host\n", what, bad, n);
  else
    std::printf("%s: %zu values match the host\n", what, n);
}

int main() {
  const std::size_t n = 64;
  std::vector<int> a(n), b(n);
  for (std::size_t i = 0; i < n; ++i)
    a[i] = int(i) - 7;
  offload::offload(plain, a, b);
  std::size_t bad = 0;
  for (std::size_t i = 0; i < n; ++i)
    bad += b[i] != plainRef(a[i]);
  report("plain", n, bad);

#ifdef CLASSIFY
  using Limits = std::numeric_limits<double>;
  std::vector<double> x = {0.0,  -0.0, 1.5,  -2.25, Limits::infinity(),
                           -Limits::infinity(), Limits::quiet_NaN(),
                           Limits::denorm_min(), Limits::max(), 1e300,
                           -1e-310, 3.4e38, 3.5e38, 1e-40, -7.0,
                           Limits::lowest()};
  std::vector<int> classes(x.size());
  offload::offload(classify, x, classes);
  bad = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    bad += classes[i] != classifyRef(x[i], float(x[i]));
  report("classify", x.size(), bad);
#endif

#ifdef COMPLEX
  std::vector<Complex> za(n), zb(n), before(n);
  for (std::size_t i = 0; i < n; ++i) {
    za[i] = Complex(0.25 * double(i) - 3, 1.0 / (1 + double(i)));
    zb[i] = before[i] = Complex(std::cos(double(i)), 0.5 + 0.1 * double(i));
  }
  offload::offload(complexes, za, zb);
  bad = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Complex want = complexRef(za[i], before[i]);
    bad += !close(zb[i].real(), want.real(), 1e-12) ||
           !close(zb[i].imag(), want.imag(), 1e-12);
  }
  report("complex", n, bad);
#endif

#ifdef MATH
  std::vector<double> xs(n);
  for (std::size_t i = 0; i < n; ++i)
    xs[i] = 0.5 + 0.15 * double(i);
  std::vector<Values> v(n);
  offload::offload(math, xs, v);
  bad = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Values want = mathRef(xs[i]);
    bad += !close(v[i].d, want.d, 1e-12) || !close(v[i].f, want.f, 1e-5);
  }
  report("math", n, bad);
#endif
}
