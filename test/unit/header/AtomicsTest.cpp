//===- AtomicsTest.cpp - The atomics Atomic<T> and reductions use ---------===//

#include <offload/detail/atomics.hpp>

#include <gtest/gtest.h>

#include <limits>
#include <vector>

using namespace offload::detail;

namespace {

/// Every ordered pair of values with either sign, zeros, infinities,
/// extremes and denormals: the atomic gives what a comparison gives.
template <class T> void expectMinMaxAgreeWithComparison() {
  using L = std::numeric_limits<T>;
  const std::vector<T> Values = {T(0),
                                 -T(0),
                                 T(1),
                                 T(-1),
                                 T(2.5),
                                 T(-2.5),
                                 T(1e30),
                                 T(-1e30),
                                 L::infinity(),
                                 -L::infinity(),
                                 L::max(),
                                 L::lowest(),
                                 L::min(),
                                 -L::min(),
                                 L::denorm_min(),
                                 -L::denorm_min()};
  for (T A : Values)
    for (T B : Values) {
      T Min = A, Max = A;
      EXPECT_EQ(atomicFetchMin(&Min, B), A);
      EXPECT_EQ(atomicFetchMax(&Max, B), A);
      // == treats -0 and +0 as equal, as the comparisons do.
      EXPECT_EQ(Min, B < A ? B : A) << A << " min " << B;
      EXPECT_EQ(Max, A < B ? B : A) << A << " max " << B;
    }
}

TEST(Atomics, FloatMinMaxOrderEveryPairOfValues) {
  expectMinMaxAgreeWithComparison<float>();
  expectMinMaxAgreeWithComparison<double>();
}

} // namespace
