//===- OffloadArgsTest.cpp - Interface B: offload_args and BLAS -----------===//

#include <offload/blas.hpp>
#include <offload/offload.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

using namespace offload;

namespace {

const double *HostX;
double *HostY;
int SeenN;
bool CalledFn;

// A "library" function: it gets views of the device copies.
double library(int N, std::span<const double> X, Region<double> Y) {
  CalledFn = true;
  SeenN = N;
#if defined(__OFFLOAD_HOST__)
  EXPECT_NE(X.data(), HostX) << "offload_args passes the device copy";
  EXPECT_NE(Y.data(), HostY);
#else
  EXPECT_EQ(X.data(), HostX) << "without the plugin, the data itself";
#endif
  EXPECT_EQ(X.size(), 8u);
  EXPECT_EQ(Y.size(), 8u);
  return 42.0;
}

TEST(OffloadArgs, MapsLikeOffloadAndReturnsTheResult) {
  std::vector<double> X(8, 1.0), Y(8, 2.0);
  HostX = X.data();
  HostY = Y.data();
  CalledFn = false;
  double R = offload::offload_args(library, 8, X, Y);
  EXPECT_TRUE(CalledFn);
  EXPECT_EQ(SeenN, 8);
  EXPECT_EQ(R, 42.0);
}

// A library that fails after writing (on the host device, where its views
// are host memory): the call still copies the mutable data back and frees
// the device copies on its way out.
void writesThenThrows(Region<double> Y) {
  if (!offload::current_device().is_gpu)
    Y.data()[0] = 7.0;
  throw std::runtime_error("the library failed");
}

TEST(OffloadArgs, AThrowingFunctionStillMapsBack) {
  std::vector<double> Y(8, 2.0);
  const TransferTotals Before = offload::transfer_totals();
  EXPECT_THROW(offload::offload_args(writesThenThrows, Y), std::runtime_error);
  if (!offload::current_device().is_gpu) {
    EXPECT_EQ(Y[0], 7.0);
  }
#if defined(__OFFLOAD_HOST__)
  EXPECT_EQ(offload::transfer_totals().from_device_bytes -
                Before.from_device_bytes,
            8 * sizeof(double));
#else
  (void)Before;
#endif
  // The runtime is still usable.
  std::vector<double> X(8, 1.0);
  HostX = X.data();
  HostY = Y.data();
  EXPECT_EQ(offload::offload_args(library, 8, X, Y), 42.0);
}

TEST(OffloadArgs, Blas) {
  const int M = 37, N = 53, K = 29;
  std::vector<float> A(M * N), X(N), Y(M, 1.0f), Want(M);
  for (int I = 0; I < M * N; ++I)
    A[I] = float(I % 7) - 3.0f;
  for (int J = 0; J < N; ++J)
    X[J] = float(J % 5);
  for (int I = 0; I < M; ++I) {
    float S = 0;
    for (int J = 0; J < N; ++J)
      S += A[I + J * M] * X[J];
    Want[I] = 2.0f * S + 0.5f * Y[I];
  }
  blas::sgemv(blas::Transpose::No, M, N, 2.0f, A, M, X, 0.5f, Y);
  for (int I = 0; I < M; ++I)
    EXPECT_NEAR(Y[I], Want[I], 1e-3f) << I;

  std::vector<double> DA(M * K), DB(K * N), DC(M * N, 1.0), DWant(M * N);
  for (int I = 0; I < M * K; ++I)
    DA[I] = std::sin(double(I));
  for (int I = 0; I < K * N; ++I)
    DB[I] = std::cos(double(I));
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < M; ++I) {
      double S = 0;
      for (int L = 0; L < K; ++L)
        S += DA[I + L * M] * DB[L + J * K];
      DWant[I + J * M] = 1.5 * S - DC[I + J * M];
    }
  blas::dgemm(blas::Transpose::No, blas::Transpose::No, M, N, K, 1.5, DA, M, DB,
              K, -1.0, DC, M);
  for (int I = 0; I < M * N; ++I)
    EXPECT_NEAR(DC[I], DWant[I], 1e-9) << I;

  std::vector<double> U(1000), V(1000);
  double Dot = 0;
  for (int I = 0; I < 1000; ++I) {
    U[I] = 0.5 * I;
    V[I] = 2.0 - 0.001 * I;
  }
  for (int I = 0; I < 1000; ++I)
    Dot += U[I] * (V[I] + 3.0 * U[I]);
  blas::daxpy(1000, 3.0, U, V);
  EXPECT_NEAR(V[10], 2.0 - 0.01 + 15.0, 1e-12);
  EXPECT_NEAR(blas::ddot(1000, U, V), Dot, 1e-9 * std::fabs(Dot));
}

} // namespace
