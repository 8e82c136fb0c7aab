//===- ReadOnlyDataTest.cpp - Read-only kernel parameters -----------------===//
//
// const std::vector<T>&, const std::array<T, N>& and std::span<const T>
// parameters read the device copy. A const std::vector<T>& is a vector
// object made in the kernel entry from the slots; built with g++ -O2
// (kernel-tests-gxx), this checks that its pointers are not lost to
// type-based alias analysis.
//
//===----------------------------------------------------------------------===//

#include <offload/offload.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

using namespace offload;

namespace {

// Out[i] = In[i - 1] + In[i] + In[i + 1], with In.size() and In.data() too.
void neighbours(const std::vector<double> &In, Region<double> Out) {
  for (auto [I, O] : Out) {
    std::size_t Lo = I == 0 ? 0 : I - 1;
    std::size_t Hi = I + 1 == In.size() ? I : I + 1;
    O = In[Lo] + In.data()[I] + *(In.begin() + std::ptrdiff_t(Hi));
  }
}

void weighted(const std::array<int, 4> &W, std::span<const int> X,
              Region<long> Out) {
  for (auto [I, O] : Out)
    O = long(W[I % W.size()]) * X[I];
}

TEST(ReadOnlyData, VectorsArraysAndSpans) {
  for (std::size_t N : {1u, 2u, 3u, 257u, 10000u}) {
    std::vector<double> In(N), Out(N, -1.0);
    for (std::size_t I = 0; I < N; ++I)
      In[I] = double(I * I);
    offload::offload(neighbours, In, Out);
    for (std::size_t I = 0; I < N; ++I) {
      std::size_t Lo = I == 0 ? 0 : I - 1, Hi = I + 1 == N ? I : I + 1;
      ASSERT_EQ(Out[I], In[Lo] + In[I] + In[Hi]) << "n=" << N << ", i=" << I;
    }

    const std::array<int, 4> W{1, -2, 3, -4};
    std::vector<int> X(N);
    std::vector<long> Got(N, 0);
    for (std::size_t I = 0; I < N; ++I)
      X[I] = int(I % 1000);
    offload::offload(weighted, W, X, Got);
    for (std::size_t I = 0; I < N; ++I)
      ASSERT_EQ(Got[I], long(W[I % 4]) * X[I]) << "n=" << N << ", i=" << I;
  }
}

} // namespace
