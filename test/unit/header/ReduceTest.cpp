//===- ReduceTest.cpp - How reductions combine two values -----------------===//

#include <offload/reduce.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

using namespace offload;

namespace {

/// The reference rule: the better value; of equal values, the smaller
/// index; a NaN never wins over the running value.
template <class Op, class T>
ValueLoc<T> expected(ValueLoc<T> A, ValueLoc<T> B) {
  const bool Better =
      Op::kind == ReduceKind::MinLoc ? B.value < A.value : A.value < B.value;
  return Better || (B.value == A.value && B.index < A.index) ? B : A;
}

/// Every ordered pair of (value, index) from values with ties, zeros of
/// both signs, infinities and NaN, at smaller and larger indices.
template <class Op, class T> void expectLocationRule() {
  const T Nan = std::numeric_limits<T>::quiet_NaN(),
          Inf = std::numeric_limits<T>::infinity();
  std::vector<ValueLoc<T>> Pairs;
  for (T V : {T(-1), T(0), -T(0), T(2), Inf, -Inf, Nan})
    for (std::uint64_t I : {0u, 3u, 7u})
      Pairs.push_back({V, I});
  for (ValueLoc<T> A : Pairs)
    for (ValueLoc<T> B : Pairs) {
      const ValueLoc<T> Got = Op::combine(A, B), Want = expected<Op>(A, B);
      EXPECT_EQ(Got.index, Want.index)
          << A.value << "@" << A.index << " " << B.value << "@" << B.index;
      EXPECT_TRUE(Got.value == Want.value ||
                  (std::isnan(Got.value) && std::isnan(Want.value)));
    }
}

TEST(Reduce, MinLocKeepsTheSmallestIndexOfEqualValues) {
  expectLocationRule<MinLoc<double>, double>();
  expectLocationRule<MinLoc<float>, float>();
}

TEST(Reduce, MaxLocKeepsTheSmallestIndexOfEqualValues) {
  expectLocationRule<MaxLoc<double>, double>();
  expectLocationRule<MaxLoc<float>, float>();
}

} // namespace
