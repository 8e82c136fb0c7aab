//===- LaunchTest.cpp - launchOn and offload() ----------------------------===//

#include "Launch.h"
#include "DeviceState.h"
#include "Devices.h"
#include "Registry.h"
#include "Report.h"

#include <offload/offload.hpp>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <numeric>
#include <string>
#include <vector>

using namespace offload::rt;
using offload::detail::rt::LaunchRequest;
using ::testing::HasSubstr;

namespace {

void addIndex(int Base, offload::Region<int> V) {
  for (auto [I, Vi] : V)
    Vi += Base + int(I);
}

void scaleInto(double A, std::span<const double> X, offload::Region<double> Y) {
  for (auto [I, Yi] : Y)
    Yi = A * X[I];
}

void total(offload::Region<double> X, offload::ReduceSum<double> Sum) {
  for (auto [I, Xi] : X)
    Sum += Xi;
}

// Referenced by offload() calls so that the plugin compiles and registers
// them; the tests below also launch them through launchOn directly.
void useKernels(std::vector<int> &V, std::vector<double> &X,
                std::vector<double> &Y) {
  offload::offload(addIndex, 0, V);
  offload::offload(scaleInto, 1.0, X, Y);
}

DeviceState &device() { return *selectedDevice(); }

TEST(Launch, OffloadRunsTheKernel) {
  std::vector<int> V(1000, 1);
  offload::offload(addIndex, 5, V);
  for (std::size_t I = 0; I < V.size(); ++I)
    ASSERT_EQ(V[I], 6 + int(I)) << I;
}

TEST(Launch, ReadOnlyDataGoesInScalarsByValue) {
  std::vector<double> X(333), Y(333, -1.0);
  std::iota(X.begin(), X.end(), 0.0);
  offload::offload(scaleInto, 0.5, X, Y);
  for (std::size_t I = 0; I < X.size(); ++I)
    ASSERT_EQ(Y[I], 0.5 * X[I]);
  EXPECT_EQ(X[10], 10.0) << "read-only data is not written back";
}

void *word(std::uintptr_t W) { return reinterpret_cast<void *>(W); }

TEST(Launch, LaunchOnTakesTheLoweredSlots) {
  // The slots a lowered call builds for addIndex(3, V): the logical extent
  // (10 x 1 x 1), the first thread (0), the scalar, then the Region's data
  // (mapped TO|FROM) and size.
  std::vector<int> V(10, 0);
  void *Ptrs[7] = {word(10), word(1),  word(1), word(0),
                   word(3),  V.data(), word(10)};
  std::int64_t Sizes[7] = {8, 8, 8, 8, 8, 40, 8};
  std::int64_t Types[7] = {0x120, 0x120, 0x120, 0x120, 0x120, 0x23, 0x120};
  LaunchRequest R{reinterpret_cast<const void *>(&addIndex),
                  {10, 1, 1},
                  {0, 0, 0},
                  7,
                  Ptrs,
                  Sizes,
                  Types};
  ASSERT_FALSE(bool(launchOn(device(), R)));
  for (int I = 0; I < 10; ++I)
    EXPECT_EQ(V[I], 3 + I);
}

TEST(Launch, ExplicitGeometryBindsOnlyThatManyThreads) {
  std::vector<int> V(6, 0);
  offload::offload(offload::Launch{.threads = 2, .block = 32}, addIndex, 1, V);
  EXPECT_EQ(V, (std::vector<int>{1, 2, 0, 0, 0, 0}));
}

TEST(Launch, ZeroThreadsRunNothing) {
  std::vector<int> Empty;
  offload::offload(addIndex, 1, Empty);
  LaunchRequest R{reinterpret_cast<const void *>(&addIndex),
                  {0, 1, 1},
                  {0, 0, 0},
                  0,
                  nullptr,
                  nullptr,
                  nullptr};
  EXPECT_FALSE(bool(launchOn(device(), R)));
}

TEST(Launch, RepeatedLaunchesReuseTheLoadedImage) {
  std::vector<int> V(64, 0);
  for (int K = 0; K < 200; ++K)
    offload::offload(addIndex, 1, V);
  EXPECT_EQ(V[0], 200);
  EXPECT_EQ(V[63], 200 + 200 * 63);
}

/// The message of a launch of Kernel over Extent in blocks of Block,
/// without arguments (the geometry is checked before them); empty if it ran.
std::string geometryError(const void *Kernel,
                          std::array<std::uint64_t, 3> Extent,
                          std::array<std::uint32_t, 3> Block) {
  LaunchRequest R{Kernel,
                  {Extent[0], Extent[1], Extent[2]},
                  {Block[0], Block[1], Block[2]},
                  0,
                  nullptr,
                  nullptr,
                  nullptr};
  llvm::Error E = launchOn(device(), R);
  return E ? llvm::toString(std::move(E)) : std::string();
}

TEST(Launch, RejectsBlocksLargerThanAGpuAllows) {
  const std::string E = geometryError(reinterpret_cast<const void *>(&addIndex),
                                      {10, 1, 1}, {2048, 1, 1});
  ASSERT_FALSE(E.empty());
  EXPECT_THAT(E, HasSubstr("2048 threads per block is more than the 1024"));
}

TEST(Launch, RejectsABlockOtherThanTheCompiledOne) {
  // Every call of total launches blocks of 256 (no Launch): the plugin
  // compiled its entry, whose threads combine a reduction, for that block.
  std::vector<double> X(10, 1.0);
  double Sum = 0;
  offload::offload(total, X, Sum);
  EXPECT_EQ(Sum, 10.0);
  const std::string E = geometryError(reinterpret_cast<const void *>(&total),
                                      {10, 1, 1}, {64, 1, 1});
  ASSERT_FALSE(E.empty());
  EXPECT_THAT(E, HasSubstr("kernel 'total' is launched with blocks of 64 x 1 "
                           "x 1 threads, but its device image was compiled "
                           "for 256 x 1 x 1"));
}

TEST(Launch, RejectsMoreBlocksThanOneLaunchAllows) {
  const std::string E = geometryError(reinterpret_cast<const void *>(&addIndex),
                                      {1ull << 40, 1, 1}, {1, 1, 1});
  ASSERT_FALSE(E.empty());
  EXPECT_THAT(E, HasSubstr("1099511627776 x 1 x 1 logical threads need "
                           "1099511627776 x 1 x 1 blocks, more than one "
                           "launch allows"));
  const std::string Tall = geometryError(
      reinterpret_cast<const void *>(&addIndex), {32, 1u << 20, 1}, {32, 8, 1});
  ASSERT_FALSE(Tall.empty());
  EXPECT_THAT(Tall, HasSubstr("1 x 131072 x 1 blocks"));
}

TEST(Launch, RejectsKernelsWithoutImage) {
  static int NotAKernel;
  LaunchRequest R{&NotAKernel, {1, 1, 1}, {0, 0, 0}, 0,
                  nullptr,     nullptr,   nullptr};
  llvm::Error E = launchOn(device(), R);
  ASSERT_TRUE(bool(E));
  EXPECT_THAT(llvm::toString(std::move(E)),
              HasSubstr("has no device image: compile the translation unit "
                        "that calls offload() with the cxx-offload plugin"));
}

} // namespace
