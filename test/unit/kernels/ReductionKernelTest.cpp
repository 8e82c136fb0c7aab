//===- ReductionKernelTest.cpp - Reductions against a host reference ------===//
//
// Integers must match the host exactly; floating-point sums within a relative
// 1e-12 (double) or 1e-5 (float) of a long double reference, since the GPU
// adds in another order.
//
//===----------------------------------------------------------------------===//

#include <offload/offload.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>
#include <vector>

using namespace offload;

namespace {

template <class T, class S>
void sumOf(Range<S> R, std::span<const T> X, ReduceSum<T> Total) {
  for (std::uint64_t I : R)
    Total += X[I];
}

// RAJAPerf's REDUCE3_INT: three reductions in one kernel.
void reduce3(Range<> R, std::span<const int> X, ReduceSum<long> Sum,
             ReduceMin<int> Min, ReduceMax<int> Max) {
  for (std::uint64_t I : R) {
    Sum += X[I];
    Min.min(X[I]);
    Max.max(X[I]);
  }
}

// RAJAPerf's FIRST_MIN: the smallest value and the first index holding it.
void firstMin(Range<GridStride1D> R, std::span<const double> X,
              ReduceMinLoc<double> M) {
  for (std::uint64_t I : R)
    M.min(X[I], I);
}
void lastMax(Range<> R, std::span<const float> X, ReduceMaxLoc<float> M) {
  for (std::uint64_t I : R)
    M.max(X[I], I);
}

// A reduction over a 2-D launch (blocks of 32 x 8 threads).
void sum2D(Range<Grid2D> R, std::uint64_t Cols, std::span<const double> X,
           ReduceSum<double> Total) {
  for (Grid2D::Position P : R)
    Total += X[P.row * Cols + P.col];
}

// A 3-D launch, i fastest.
void sum3D(Range<Grid3D> R, std::span<const double> X,
           ReduceSum<double> Total) {
  const Grid3D &G = R.strategy();
  for (Grid3D::Position P : R)
    Total += X[P.i + G.ni * (P.j + G.nj * P.k)];
}

// TeaLeaf's shape: a 2-D box of a grid written and reduced at once.
void scaleAndSum(double A, Region<double, Grid2D> Y, ReduceSum<double> Total,
                 ReduceMax<double> Largest) {
  for (auto [Row, Col, V] : Y) {
    V *= A;
    Total += V;
    Largest.max(V);
  }
}

// Up to 4,000,037: a GPU runs launches of more blocks than one wave holds
// in fewer blocks, each taking the place of several (the last partly).
const std::uint64_t Sizes[] = {0,   1,    2,      33,      255,    256,
                               257, 1000, 100003, 1 << 20, 4000037};

std::vector<long> integers(std::uint64_t N) {
  std::vector<long> V(N);
  for (std::uint64_t I = 0; I < N; ++I)
    V[I] = long((I * 2654435761u) % 2001) - 1000;
  return V;
}

TEST(ReductionKernel, IntegerSumIsExact) {
  for (std::uint64_t N : Sizes) {
    std::vector<long> X = integers(N);
    long Want = 7;
    for (long V : X)
      Want += V;
    long Got = 7; // combined into the value before the call
    offload::offload(sumOf<long, Linear1D>, N, X, Got);
    EXPECT_EQ(Got, Want) << "n=" << N;
    long Strided = 7;
    offload::offload(sumOf<long, GridStride1D>, Range<GridStride1D>(N, {4096}),
                     X, Strided);
    EXPECT_EQ(Strided, Want) << "grid-stride, n=" << N;
  }
}

// The user guide's grid-stride reduction sized by the device: a GPU's wave,
// or the host device's size (one run per chunk of a launch); a build
// without the plugin says nothing.
TEST(ReductionKernel, GridStrideSizedByResidentThreads) {
  const std::int64_t Wave =
      offload::kernel_resources(sumOf<long, GridStride1D>).resident_threads;
#if defined(__OFFLOAD_HOST__)
  EXPECT_GT(Wave, 0);
  if (offload::current_device().kind == "host")
    EXPECT_EQ(Wave, 16384);
#endif
  const GridStride1D Strategy =
      Wave > 0 ? GridStride1D{std::uint64_t(Wave)} : GridStride1D{};
  for (std::uint64_t N : Sizes) {
    std::vector<long> X = integers(N);
    long Want = 0;
    for (long V : X)
      Want += V;
    long Got = 0;
    offload::offload(sumOf<long, GridStride1D>,
                     Range<GridStride1D>(N, Strategy), X, Got);
    EXPECT_EQ(Got, Want) << "n=" << N;
  }
}

TEST(ReductionKernel, FloatingSumsWithinTolerance) {
  for (std::uint64_t N : Sizes) {
    std::vector<double> D(N);
    std::vector<float> F(N);
    long double Want = 0, Magnitude = 0;
    for (std::uint64_t I = 0; I < N; ++I) {
      D[I] = std::sin(double(I)) * 10.0 + 0.5;
      F[I] = float(D[I]);
      Want += D[I];
      Magnitude += std::fabs(D[I]);
    }
    double GotD = 0;
    offload::offload(sumOf<double, Linear1D>, N, D, GotD);
    EXPECT_NEAR(GotD, double(Want), 1e-12 * double(Magnitude) + 1e-300) << N;
    float GotF = 0;
    offload::offload(sumOf<float, Linear1D>, N, F, GotF);
    EXPECT_NEAR(GotF, double(Want), 1e-5 * double(Magnitude) + 1e-30) << N;
  }
}

TEST(ReductionKernel, SumMinMaxInOneKernel) {
  for (std::uint64_t N : Sizes) {
    std::vector<long> L = integers(N);
    std::vector<int> X(L.begin(), L.end());
    long WantSum = 0;
    int WantMin = std::numeric_limits<int>::max(),
        WantMax = std::numeric_limits<int>::min();
    for (int V : X) {
      WantSum += V;
      WantMin = std::min(WantMin, V);
      WantMax = std::max(WantMax, V);
    }
    long Sum = 0;
    int Min = std::numeric_limits<int>::max(),
        Max = std::numeric_limits<int>::min();
    offload::offload(reduce3, N, X, Sum, Min, Max);
    EXPECT_EQ(Sum, WantSum) << N;
    EXPECT_EQ(Min, WantMin) << N;
    EXPECT_EQ(Max, WantMax) << N;
  }
}

TEST(ReductionKernel, MinAndMaxWithLocationPickTheFirstIndex) {
  for (std::uint64_t N : Sizes) {
    if (N == 0)
      continue;
    std::vector<double> X(N);
    std::vector<float> F(N);
    for (std::uint64_t I = 0; I < N; ++I) {
      X[I] = double((I * 7919) % 1009); // repeats every 1009: ties
      F[I] = float(X[I]);
    }
    ValueLoc<double> Min{std::numeric_limits<double>::infinity(), ~0ull};
    offload::offload(firstMin, Range<GridStride1D>(N, {2048}), X, Min);
    std::uint64_t WantIndex = 0;
    for (std::uint64_t I = 1; I < N; ++I)
      if (X[I] < X[WantIndex])
        WantIndex = I;
    EXPECT_EQ(Min.value, X[WantIndex]) << N;
    EXPECT_EQ(Min.index, WantIndex) << N;

    ValueLoc<float> Max{-std::numeric_limits<float>::infinity(), ~0ull};
    offload::offload(lastMax, N, F, Max);
    std::uint64_t WantMax = 0;
    for (std::uint64_t I = 1; I < N; ++I)
      if (F[I] > F[WantMax])
        WantMax = I;
    EXPECT_EQ(Max.value, F[WantMax]) << N;
    EXPECT_EQ(Max.index, WantMax) << N;
  }
}

// The blocks of a launch combine on the device and its last block writes
// the result and leaves the totals for the next launch: many launches in a
// row, each with other data and a starting value, kernels that share a
// total (same op, same position) alternating, every result exact.
TEST(ReductionKernel, RepeatedLaunchesEachGetTheirOwnResult) {
  const std::uint64_t N = 1 << 20;
  std::vector<long> L = integers(N);
  std::vector<int> X(L.begin(), L.end());
  long Sum = 0;
  int Min = std::numeric_limits<int>::max(),
      Max = std::numeric_limits<int>::min();
  for (int V : X)
    Sum += V, Min = std::min(Min, V), Max = std::max(Max, V);
  auto Handle = preload(X);
  for (int Launch = 0; Launch < 300; ++Launch) {
    const long Start = Launch * 1000003L;
    long GotSum = Start;
    int GotMin = std::numeric_limits<int>::max(),
        GotMax = std::numeric_limits<int>::min();
    if (Launch % 2) {
      offload::offload(reduce3, N - Launch, X, GotSum, GotMin, GotMax);
      long Want = Start;
      for (std::uint64_t I = 0; I < N - Launch; ++I)
        Want += X[I];
      ASSERT_EQ(GotSum, Want) << "launch " << Launch;
      continue;
    }
    offload::offload(sumOf<long, GridStride1D>,
                     Range<GridStride1D>(N, {std::uint64_t(4096 + Launch)}),
                     std::span<const long>(L), GotSum);
    ASSERT_EQ(GotSum, Start + Sum) << "launch " << Launch;
  }
  long S = 0;
  int Lo = std::numeric_limits<int>::max(),
      Hi = std::numeric_limits<int>::min();
  offload::offload(reduce3, N, X, S, Lo, Hi);
  EXPECT_EQ(S, Sum);
  EXPECT_EQ(Lo, Min);
  EXPECT_EQ(Hi, Max);
}

TEST(ReductionKernel, TwoDimensionalLaunch) {
  for (auto [Rows, Cols] : {std::pair<std::uint64_t, std::uint64_t>{1, 1},
                            {7, 300},
                            {129, 65},
                            {1000, 1000},
                            // More blocks than a wave: rows of blocks fold.
                            {3001, 2999},
                            // 75,000 rows of blocks, more than a launch's
                            // 65,535: only a folded launch runs it.
                            {600000, 5}}) {
    std::vector<double> X(Rows * Cols);
    long double Want = 0;
    for (std::uint64_t I = 0; I < X.size(); ++I)
      Want += X[I] = 1.0 + double(I % 10);
    double Got = 0;
    offload::offload(sum2D, Range<Grid2D>(Rows * Cols, Grid2D(Rows, Cols)),
                     Cols, X, Got);
    EXPECT_NEAR(Got, double(Want), 1e-12 * double(Want)) << Rows << "x" << Cols;
  }
}

TEST(ReductionKernel, ThreeDimensionalLaunch) {
  for (auto [I, J, K] :
       {std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>{1, 1, 1},
        {33, 9, 5},
        {200, 200, 200},
        {7, 3, 100000}}) {
    std::vector<double> X(I * J * K);
    long double Want = 0;
    for (std::uint64_t E = 0; E < X.size(); ++E)
      Want += X[E] = 1.0 + double(E % 7);
    double Got = 0;
    offload::offload(sum3D, Range<Grid3D>(X.size(), Grid3D(I, J, K)), X, Got);
    EXPECT_NEAR(Got, double(Want), 1e-12 * double(Want))
        << I << "x" << J << "x" << K;
  }
}

TEST(ReductionKernel, TwoDimensionalRegionBoxWrittenAndReduced) {
  for (auto [Rows, Cols] : {std::pair<std::uint64_t, std::uint64_t>{4, 4},
                            {515, 517},
                            {4004, 4004}}) {
    std::vector<double> Y(Rows * Cols);
    for (std::uint64_t E = 0; E < Y.size(); ++E)
      Y[E] = double(E % 13);
    std::vector<double> Want = Y;
    long double WantSum = 0;
    double WantMax = 0;
    for (std::uint64_t R = 1; R + 1 < Rows; ++R)
      for (std::uint64_t C = 1; C + 1 < Cols; ++C) {
        Want[R * Cols + C] *= 0.5;
        WantSum += Want[R * Cols + C];
        WantMax = std::max(WantMax, Want[R * Cols + C]);
      }
    double Sum = 0, Max = -1;
    offload::offload(scaleAndSum, 0.5,
                     Region<double, Grid2D>(
                         Y, Grid2D(Rows, Cols, {1, Rows - 1, 1, Cols - 1})),
                     Sum, Max);
    EXPECT_EQ(Y, Want) << Rows << "x" << Cols;
    EXPECT_NEAR(Sum, double(WantSum), 1e-12 * double(WantSum) + 1e-12);
    EXPECT_EQ(Max, WantMax);
  }
}

} // namespace
