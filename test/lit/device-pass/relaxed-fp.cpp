// REQUIRES: ptxas
// offload::relaxed: each operation carries reassoc and contract, and only
// those (no nnan/ninf/nsz, unlike -ffast-math), so a product and a sum
// written as two statements fuse into one FMA on the GPU, where the strict
// version keeps a multiply and an add.
// RUN: rm -rf %t && mkdir %t
// RUN: %clangxx %cxxflags -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %offload -O2 -fplugin-arg-offload-targets=sm_90 -fplugin-arg-offload-save-temps=%t -c %s -o %t/relaxed.o
// RUN: FileCheck %s --check-prefix=PTX < %t/relaxed-fp.sm_90.ptx
#include <offload/offload.hpp>

void strict_axpb(std::span<const double> a, std::span<const double> b,
                 offload::Region<double> out) {
  for (auto [i, v] : out) {
    double p = a[i] * b[i];
    double s = p + 1.0;
    v = s;
  }
}

void relaxed_axpb(std::span<const double> a, std::span<const double> b,
                  offload::Region<double> out) {
  for (auto [i, v] : out) {
    offload::relaxed<double> p = offload::relaxed(a[i]) * b[i];
    offload::relaxed<double> s = p + 1.0;
    v = s.value();
  }
}

void run(std::vector<double> &a, std::vector<double> &b,
         std::vector<double> &out) {
  offload::offload(strict_axpb, a, b, out);
  offload::offload(relaxed_axpb, a, b, out);
}

// IR-LABEL: define {{.*}}strict_axpb
// IR: fmul double
// IR: fadd double
// IR-LABEL: define {{.*}}relaxed_axpb
// IR: fmul reassoc contract double
// IR-NOT: nnan
// IR: fadd reassoc contract double

// The kernels in the order the calls name them.
// PTX-LABEL: .visible .entry __offload_k_{{[0-9a-f]+}}(
// PTX: mul.rn.f64
// PTX: add.rn.f64
// PTX-LABEL: .visible .entry __offload_k_{{[0-9a-f]+}}(
// PTX-NOT: mul.rn.f64
// PTX: fma.rn.f64
