//===- CopyPoolTest.cpp - The bounce buffers' copy threads ----------------===//
//
// The pool only runs for GPU copies; its pieces, generations and sleeping
// threads are checked here on the host.
//
//===----------------------------------------------------------------------===//

#include "CopyPool.h"

#include <gtest/gtest.h>

#include <chrono>
#include <random>

using namespace offload::rt;

namespace {

std::vector<char> pattern(std::size_t Bytes, unsigned Seed) {
  std::vector<char> V(Bytes);
  std::mt19937 Gen(Seed);
  for (char &C : V)
    C = char(Gen());
  return V;
}

TEST(CopyPool, CopiesEveryLengthExactly) {
  CopyPool Pool(6);
  const std::vector<char> Src = pattern(9 << 20, 1);
  for (std::size_t Len :
       {std::size_t(0), std::size_t(1), std::size_t(100),
        std::size_t(16 << 10) - 1, std::size_t(16 << 10),
        std::size_t(512 << 10) + 3, std::size_t(1 << 20), Src.size()}) {
    std::vector<char> Dst(Src.size() + 1, 'x');
    Pool.copy(Dst.data(), Src.data(), Len);
    EXPECT_TRUE(std::equal(Src.begin(), Src.begin() + Len, Dst.begin())) << Len;
    EXPECT_EQ(Dst[Len], 'x') << "wrote past " << Len;
  }
}

TEST(CopyPool, OneThreadCopiesAlone) {
  CopyPool Pool(1);
  const std::vector<char> Src = pattern(3 << 20, 2);
  std::vector<char> Dst(Src.size());
  Pool.copy(Dst.data(), Src.data(), Src.size());
  EXPECT_EQ(Dst, Src);
}

// Back-to-back copies of other lengths, held and not, with pauses long
// enough for the threads to fall asleep: a thread that joins a copy late
// must never copy a piece of the one before or after it.
TEST(CopyPool, LateThreadsNeverMixCopies) {
  CopyPool Pool(8);
  const std::vector<char> A = pattern(4 << 20, 3), B = pattern(4 << 20, 4);
  std::vector<char> Dst(A.size());
  std::mt19937 Gen(5);
  for (int I = 0; I < 400; ++I) {
    const std::vector<char> &Src = I % 2 ? A : B;
    const std::size_t Len = Gen() % (Src.size() >> (I % 5));
    Pool.hold(I % 40 < 20);
    if (I % 50 == 0)
      std::this_thread::sleep_for(std::chrono::microseconds(400));
    Pool.copy(Dst.data(), Src.data(), Len);
    ASSERT_TRUE(std::equal(Src.begin(), Src.begin() + Len, Dst.begin()))
        << "copy " << I << " of " << Len << " bytes";
  }
  Pool.hold(false);
}

} // namespace
