//===- offload/blas.hpp - BLAS on the device through offload_args ---------===//
//
// A few BLAS routines (column-major, as BLAS is) that map their arguments
// like offload() and run on the selected device: cuBLAS on NVIDIA GPUs,
// rocBLAS on AMD GPUs (both loaded when first used; a clear error if absent),
// plain loops on the host device and without the plugin.
//
//   offload::blas::daxpy(n, 2.0, x, y);        // y += 2 x
//   double d = offload::blas::ddot(n, x, y);
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/offload.hpp>

#include <cstdint>
#include <span>

namespace offload::blas {

enum class Transpose : int { No = 0, Yes = 1 };

namespace detail {

/// The reference loops, on pointers the host can read: the host device's
/// copies, or the data itself without the plugin.
struct Reference {
  static void sgemv(Transpose T, int M, int N, float Alpha, const float *A,
                    int Lda, const float *X, float Beta, float *Y) {
    int Rows = T == Transpose::No ? M : N, Cols = T == Transpose::No ? N : M;
    for (int I = 0; I < Rows; ++I) {
      float Sum = 0;
      for (int J = 0; J < Cols; ++J)
        Sum += (T == Transpose::No ? A[I + J * Lda] : A[J + I * Lda]) * X[J];
      Y[I] = Alpha * Sum + Beta * Y[I];
    }
  }
  static void dgemm(Transpose TA, Transpose TB, int M, int N, int K,
                    double Alpha, const double *A, int Lda, const double *B,
                    int Ldb, double Beta, double *C, int Ldc) {
    for (int J = 0; J < N; ++J)
      for (int I = 0; I < M; ++I) {
        double Sum = 0;
        for (int L = 0; L < K; ++L)
          Sum += (TA == Transpose::No ? A[I + L * Lda] : A[L + I * Lda]) *
                 (TB == Transpose::No ? B[L + J * Ldb] : B[J + L * Ldb]);
        C[I + J * Ldc] = Alpha * Sum + Beta * C[I + J * Ldc];
      }
  }
  static void daxpy(int N, double Alpha, const double *X, double *Y) {
    for (int I = 0; I < N; ++I)
      Y[I] += Alpha * X[I];
  }
  static double ddot(int N, const double *X, const double *Y) {
    double Sum = 0;
    for (int I = 0; I < N; ++I)
      Sum += X[I] * Y[I];
    return Sum;
  }
};

// In the runtime: the vendor library of the selected device, or the
// reference loops on the host device. Pointers are device addresses.
void sgemv(Transpose T, int M, int N, float Alpha, const float *A, int Lda,
           const float *X, float Beta, float *Y);
void dgemm(Transpose TA, Transpose TB, int M, int N, int K, double Alpha,
           const double *A, int Lda, const double *B, int Ldb, double Beta,
           double *C, int Ldc);
void daxpy(int N, double Alpha, const double *X, double *Y);
double ddot(int N, const double *X, const double *Y);
#if defined(__OFFLOAD_HOST__)
#define OFFLOAD_BLAS(Name) ::offload::blas::detail::Name
#else
#define OFFLOAD_BLAS(Name) ::offload::blas::detail::Reference::Name
#endif

// The functions offload_args calls, with the device copies' views.
inline void sgemvCall(Transpose T, int M, int N, float Alpha,
                      std::span<const float> A, int Lda,
                      std::span<const float> X, float Beta, Region<float> Y) {
  OFFLOAD_BLAS(sgemv)(T, M, N, Alpha, A.data(), Lda, X.data(), Beta, Y.data());
}
inline void dgemmCall(Transpose TA, Transpose TB, int M, int N, int K,
                      double Alpha, std::span<const double> A, int Lda,
                      std::span<const double> B, int Ldb, double Beta,
                      Region<double> C, int Ldc) {
  OFFLOAD_BLAS(dgemm)
  (TA, TB, M, N, K, Alpha, A.data(), Lda, B.data(), Ldb, Beta, C.data(), Ldc);
}
inline void daxpyCall(int N, double Alpha, std::span<const double> X,
                      Region<double> Y) {
  OFFLOAD_BLAS(daxpy)(N, Alpha, X.data(), Y.data());
}
inline double ddotCall(int N, std::span<const double> X,
                       std::span<const double> Y) {
  return OFFLOAD_BLAS(ddot)(N, X.data(), Y.data());
}
#undef OFFLOAD_BLAS

} // namespace detail

/// y = alpha * op(A) x + beta y; A is m x n, column-major with leading
/// dimension lda.
OFFLOAD_LIBRARY_CALL inline void sgemv(Transpose T, int M, int N, float Alpha,
                                       std::span<const float> A, int Lda,
                                       std::span<const float> X, float Beta,
                                       Region<float> Y) {
  offload_args(detail::sgemvCall, T, M, N, Alpha, A, Lda, X, Beta, Y);
}

/// C = alpha * op(A) op(B) + beta C; column-major, op(A) m x k, op(B) k x n.
OFFLOAD_LIBRARY_CALL inline void dgemm(Transpose TA, Transpose TB, int M, int N,
                                       int K, double Alpha,
                                       std::span<const double> A, int Lda,
                                       std::span<const double> B, int Ldb,
                                       double Beta, Region<double> C, int Ldc) {
  offload_args(detail::dgemmCall, TA, TB, M, N, K, Alpha, A, Lda, B, Ldb, Beta,
               C, Ldc);
}

/// y += alpha x, for the first n elements.
OFFLOAD_LIBRARY_CALL inline void
daxpy(int N, double Alpha, std::span<const double> X, Region<double> Y) {
  offload_args(detail::daxpyCall, N, Alpha, X, Y);
}

/// The dot product of the first n elements.
OFFLOAD_LIBRARY_CALL inline double ddot(int N, std::span<const double> X,
                                        std::span<const double> Y) {
  return offload_args(detail::ddotCall, N, X, Y);
}

} // namespace offload::blas
