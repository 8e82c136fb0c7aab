//===- benchmarks/relaxed/relaxed.cpp - What offload::relaxed buys --------===//
//
// RAJAPerf's FIR, REDUCE_SUM and DOT (data, sizes and reps as the rajaperf
// benchmark sets them up), each written strictly and with
// offload::relaxed<double>, on preloaded data: the reps loop timed between
// offload::synchronize() calls, median and minimum over the passes, and the
// error of each result against a long double reference.
//
//   relaxed [--passes P] [--size N]
//
//===----------------------------------------------------------------------===//

#include "../rajaperf/suite.hpp"

#include <offload/offload.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace rajaperf;
using offload::GridStride1D;
using offload::Range;
using offload::Region;
using offload::relaxed;
using CR = std::span<const Real>;
using Coefficients = std::array<Real, Fir::CoefLength>;

namespace {

void firStrict(CR In, Coefficients Coef, Region<Real> Out) {
  for (auto [I, V] : Out) {
    Real Sum = 0.0;
    for (Index J = 0; J < Fir::CoefLength; ++J)
      Sum += Coef[J] * In[I + J];
    V = Sum;
  }
}

void firRelaxed(CR In, Coefficients Coef, Region<Real> Out) {
  for (auto [I, V] : Out) {
    relaxed<Real> Sum = 0.0;
    for (Index J = 0; J < Fir::CoefLength; ++J)
      Sum += relaxed(Coef[J]) * In[I + J];
    V = Sum.value();
  }
}

// The sums as the rajaperf benchmark writes them (each element into the
// reduction), and with a per-thread partial sum, strict and relaxed.
void sumDirect(Range<GridStride1D> R, CR X, offload::ReduceSum<Real> Sum) {
  for (std::uint64_t I : R)
    Sum += X[I];
}
void sumLocal(Range<GridStride1D> R, CR X, offload::ReduceSum<Real> Sum) {
  Real Local = 0.0;
  for (std::uint64_t I : R)
    Local += X[I];
  Sum += Local;
}
void sumRelaxed(Range<GridStride1D> R, CR X, offload::ReduceSum<Real> Sum) {
  relaxed<Real> Local = 0.0;
  for (std::uint64_t I : R)
    Local += X[I];
  Sum += Local.value();
}

void dotDirect(Range<GridStride1D> R, CR A, CR B,
               offload::ReduceSum<Real> Dot) {
  for (std::uint64_t I : R)
    Dot += A[I] * B[I];
}
void dotRelaxed(Range<GridStride1D> R, CR A, CR B,
                offload::ReduceSum<Real> Dot) {
  relaxed<Real> Local = 0.0;
  for (std::uint64_t I : R)
    Local += relaxed(A[I]) * B[I];
  Dot += Local.value();
}

template <class Kernel> Range<GridStride1D> strided(Kernel K, Index N) {
  std::int64_t Wave = offload::kernel_resources(K).resident_threads;
  return Range<GridStride1D>(
      N, Wave > 0 ? GridStride1D{std::uint64_t(Wave)} : GridStride1D{});
}

/// Seconds per rep of Body, between device synchronisations.
template <class F> double perRep(Index Reps, F Body) {
  offload::synchronize();
  auto T0 = std::chrono::steady_clock::now();
  for (Index R = 0; R < Reps; ++R)
    Body();
  offload::synchronize();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
             .count() /
         Reps;
}

struct Row {
  std::string Name;
  std::vector<double> Seconds;
  double Error = 0; // relative, against the long double reference
  int Registers = 0;
};

void print(const std::vector<Row> &Rows) {
  std::printf("%-22s %12s %12s %10s %12s\n", "kernel", "median us",
              "min us", "registers", "rel. error");
  for (Row R : Rows) {
    std::sort(R.Seconds.begin(), R.Seconds.end());
    std::printf("%-22s %12.3f %12.3f %10d %12.3e\n", R.Name.c_str(),
                R.Seconds[R.Seconds.size() / 2] * 1e6, R.Seconds[0] * 1e6,
                R.Registers, R.Error);
  }
}

double relative(long double Value, long double Reference) {
  return double(std::fabs(Value - Reference) /
                (Reference == 0 ? 1 : std::fabs(Reference)));
}

} // namespace

int main(int Argc, char **Argv) {
  int Passes = 5;
  Index Size = 1000000;
  for (int I = 1; I + 1 < Argc; I += 2) {
    if (!std::strcmp(Argv[I], "--passes"))
      Passes = std::max(1, std::atoi(Argv[I + 1]));
    else if (!std::strcmp(Argv[I], "--size"))
      Size = std::atoll(Argv[I + 1]);
  }

  std::vector<Row> Rows;
  { // FIR: the largest error of any output element, relative to the sum
    // of its terms' magnitudes (the coefficients add up to 0, so outputs
    // are small differences of large terms).
    Fir D = Fir::make(Size);
    Coefficients Coef;
    std::copy(D.Coef.begin(), D.Coef.end(), Coef.begin());
    std::vector<long double> Exact(D.N), Magnitude(D.N);
    for (Index I = 0; I < D.N; ++I)
      for (Index J = 0; J < Fir::CoefLength; ++J) {
        Exact[I] += (long double)Coef[J] * D.In[I + J];
        Magnitude[I] += std::fabs((long double)Coef[J] * D.In[I + J]);
      }
    auto Run = [&](const char *Name, auto Kernel, auto Launch) {
      Row R{Name};
      R.Registers = offload::kernel_resources(Kernel).registers;
      std::vector<Real> Out(D.N, 0.0);
      for (int P = 0; P < Passes; ++P) {
        auto In = offload::preload(D.In);
        auto O = offload::preload_mut(Out);
        R.Seconds.push_back(
            perRep(160, [&] { Launch(In, Coef, O); }));
      }
      for (Index I = 0; I < D.N; ++I)
        R.Error = std::max(
            R.Error, double(std::fabs(Out[I] - Exact[I]) / Magnitude[I]));
      Rows.push_back(R);
    };
    // offload() takes the kernel by name.
    Run("FIR strict", firStrict,
        [](auto &...A) { offload::offload(firStrict, A...); });
    Run("FIR relaxed", firRelaxed,
        [](auto &...A) { offload::offload(firRelaxed, A...); });
  }
  { // REDUCE_SUM and DOT: the error of the sum.
    ReduceSum D = ReduceSum::make(Size);
    StreamDot E = StreamDot::make(Size);
    long double ExactSum = 0, ExactDot = 0;
    for (Index I = 0; I < Size; ++I)
      ExactSum += D.X[I], ExactDot += (long double)E.A[I] * E.B[I];
    auto Run = [&](const char *Name, auto Kernel, auto Launch,
                   long double Exact, auto... Data) {
      Row R{Name};
      R.Registers = offload::kernel_resources(Kernel).registers;
      Real Result = 0;
      for (int P = 0; P < Passes; ++P) {
        auto Handles = std::make_tuple(offload::preload(*Data)...);
        R.Seconds.push_back(perRep(50, [&] {
          Result = 0;
          std::apply(
              [&](auto &...H) { Launch(strided(Kernel, Size), H..., Result); },
              Handles);
        }));
      }
      R.Error = relative(Result, Exact);
      Rows.push_back(R);
    };
#define LAUNCH(K) [](auto R, auto &...A) { offload::offload(K, R, A...); }
    Run("REDUCE_SUM direct", sumDirect, LAUNCH(sumDirect), ExactSum, &D.X);
    Run("REDUCE_SUM local", sumLocal, LAUNCH(sumLocal), ExactSum, &D.X);
    Run("REDUCE_SUM relaxed", sumRelaxed, LAUNCH(sumRelaxed), ExactSum, &D.X);
    Run("DOT direct", dotDirect, LAUNCH(dotDirect), ExactDot, &E.A, &E.B);
    Run("DOT relaxed", dotRelaxed, LAUNCH(dotRelaxed), ExactDot, &E.A, &E.B);
#undef LAUNCH
  }
  print(Rows);
  return 0;
}
