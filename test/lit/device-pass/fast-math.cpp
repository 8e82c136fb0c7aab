// REQUIRES: ptxas
// -ffast-math means on an NVIDIA GPU what nvcc's -use_fast_math means: the
// hardware's approximate sine, cosine, square root, reciprocal and
// division, with f32 denormals flushed. Without it every one is IEEE.
// RUN: rm -rf %t && mkdir %t %t/fast
// RUN: %offload -O3 -fplugin-arg-offload-targets=sm_90 -fplugin-arg-offload-save-temps=%t -c %s -o %t/strict.o
// RUN: FileCheck %s --check-prefix=STRICT < %t/fast-math.sm_90.ptx
// RUN: %offload -O3 -ffast-math -fplugin-arg-offload-targets=sm_90 -fplugin-arg-offload-save-temps=%t/fast -c %s -o %t/fast.o
// RUN: FileCheck %s --check-prefix=FAST < %t/fast/fast-math.sm_90.ptx
#include <offload/offload.hpp>
#include <cmath>
#include <vector>

void k(std::span<const float> x, offload::Region<float> y) {
  for (auto [i, v] : y)
    v = std::sin(x[i]) * std::cos(x[i + 1]) + std::sqrt(x[i]) + v / x[i];
}
void run(std::vector<float> &x, std::vector<float> &y) {
  offload::offload(k, x, y);
}
// STRICT-LABEL: .visible .entry
// STRICT-NOT: .approx
// STRICT-NOT: .ftz
// STRICT: sqrt.rn.f32
// STRICT: ret;
// FAST-LABEL: .visible .entry
// FAST-DAG: sin.approx.ftz.f32
// FAST-DAG: cos.approx.ftz.f32
// FAST-DAG: sqrt.approx.ftz.f32
// FAST-DAG: {{rcp|div}}.approx.ftz.f32
// FAST-NOT: sqrt.rn
// FAST: ret;
