// REQUIRES: ptxas
// What a Reduce parameter costs a register-heavy kernel (issue 42): an
// XSBench-like lookup (binary searches in twelve grids, five accumulators)
// that writes its result to a Region, and the same lookup summing it into a
// ReduceSum. The reduction's launch is folded into one wave, each thread
// looping over several logical threads, so the loop's index and the partial
// stay live across the lookup; its stride is 32-bit (the runtime keeps a
// folded grid below 2^32 threads). 44 and 52 registers with LLVM 22 and
// CUDA 13's ptxas (56 with a 64-bit stride; 48 unfolded): the goal is at
// most 4 more, and this keeps it from growing past 8.
// RUN: rm -rf %t && mkdir %t
// RUN: %offload -O3 -fplugin-arg-offload-targets=sm_90 -fplugin-arg-offload-save-temps=%t -c %s -o %t/lookup.o
// RUN: %ptxas -arch=sm_90 -O3 -v %t/reduce-registers.sm_90.ptx -o %t/lookup.cubin > %t/ptxas.txt 2>&1
// RUN: %python %inputs/kernel-registers.py %t/reduce-registers.offload.json %t/ptxas.txt lookupRegion lookupReduce | FileCheck %s

// CHECK: lookupReduce: {{[0-9]+}} registers
// CHECK: more: {{[0-8]$}}

#include <offload/offload.hpp>

#include <cstdint>
#include <vector>

constexpr int Nuclides = 12, Points = 1000, Channels = 5, Materials = 4;

std::uint64_t mix(std::uint64_t S) {
  return S * 6364136223846793005ull + 1442695040888963407ull;
}

// One lookup: a random energy and material, a binary search in each of the
// material's nuclides' energy grids, five interpolated cross sections
// summed over them; the channel with the largest one.
std::uint64_t lookup(std::uint64_t I, std::span<const double> Energy,
                     std::span<const double> Xs, std::span<const int> Mats,
                     std::span<const double> Conc) {
  const std::uint64_t S = mix(I + 1);
  const double E = double(S >> 11) * 0x1.0p-53;
  const int Mat = int((mix(S) >> 33) % Materials);
  double Macro[Channels] = {};
  for (int K = 0; K < Nuclides; ++K) {
    const int Nuc = Mats[Mat * Nuclides + K];
    const double *Grid = Energy.data() + Nuc * Points;
    int Lo = 0, Hi = Points - 1;
    while (Hi - Lo > 1) {
      const int Mid = (Lo + Hi) / 2;
      (Grid[Mid] > E ? Hi : Lo) = Mid;
    }
    const double F = (E - Grid[Lo]) / (Grid[Hi] - Grid[Lo]);
    const double *X = Xs.data() + (Nuc * Points + Lo) * Channels;
    for (int C = 0; C < Channels; ++C)
      Macro[C] += Conc[Mat * Nuclides + K] *
                  (X[C] + F * (X[C + Channels] - X[C]));
  }
  std::uint64_t Best = 0;
  for (int C = 1; C < Channels; ++C)
    if (Macro[C] > Macro[Best])
      Best = C;
  return Best;
}

void lookupRegion(std::span<const double> Energy, std::span<const double> Xs,
                  std::span<const int> Mats, std::span<const double> Conc,
                  offload::Region<std::uint64_t> Out) {
  for (auto [I, O] : Out)
    O = lookup(I, Energy, Xs, Mats, Conc);
}

void lookupReduce(offload::Range<> R, std::span<const double> Energy,
                  std::span<const double> Xs, std::span<const int> Mats,
                  std::span<const double> Conc,
                  offload::ReduceSum<std::uint64_t> Sum) {
  for (std::uint64_t I : R)
    Sum += lookup(I, Energy, Xs, Mats, Conc);
}

int main() {
  std::vector<double> Energy(Nuclides * Points), Xs(Nuclides * Points * Channels),
      Conc(Materials * Nuclides);
  std::vector<int> Mats(Materials * Nuclides);
  std::vector<std::uint64_t> Out(1000);
  std::uint64_t Sum = 0;
  offload::offload(lookupRegion, Energy, Xs, Mats, Conc, Out);
  offload::offload(lookupReduce, std::uint64_t(1000), Energy, Xs, Mats, Conc, Sum);
  return int(Sum);
}
