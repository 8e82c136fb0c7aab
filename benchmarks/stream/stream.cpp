//===- benchmarks/stream/stream.cpp - STREAM kernels far beyond L2 --------===//
//
// copy, mul, add, triad and dot as a new user writes them with the default
// strategies: a Region per array a kernel writes (one element per logical
// thread), std::span for what it reads, a Range<> and a ReduceSum for dot;
// the arrays preloaded. float and double, at 2^25 and 2^28 elements (the
// H200's L2 holds 60 MB). Each pass runs the five kernels in order, each
// call timed alone to its end, as BabelStream does; stream_cuda.cu is the
// same in hand-written CUDA. Results are checked against the values the
// same passes give on the host (every element of an array is equal).
//
// Usage: stream [LOG2_ELEMENTS...]   (default: 25 28); PASSES (default 20)
// Prints CSV: program,type,elements,kernel,passes,best_GBps,median_GBps,ok
//
//===----------------------------------------------------------------------===//

#include "common.hpp"

#include <offload/offload.hpp>

namespace {

template <class T> void copyKernel(std::span<const T> A, offload::Region<T> C) {
  for (auto [I, Ci] : C)
    Ci = A[I];
}

template <class T>
void mulKernel(T Scalar, std::span<const T> C, offload::Region<T> B) {
  for (auto [I, Bi] : B)
    Bi = Scalar * C[I];
}

template <class T>
void addKernel(std::span<const T> A, std::span<const T> B,
               offload::Region<T> C) {
  for (auto [I, Ci] : C)
    Ci = A[I] + B[I];
}

template <class T>
void triadKernel(std::span<const T> B, std::span<const T> C, T Scalar,
                 offload::Region<T> A) {
  for (auto [I, Ai] : A)
    Ai = B[I] + Scalar * C[I];
}

template <class T>
void dotKernel(offload::Range<> R, std::span<const T> A, std::span<const T> B,
               offload::ReduceSum<T> Sum) {
  for (std::uint64_t I : R)
    Sum += A[I] * B[I];
}

template <class T> bool run(const char *Type, unsigned Log2, int Passes) {
  using S = stream::Start<T>;
  const std::size_t N = std::size_t(1) << Log2;
  const T Scalar = S::Scalar;
  std::vector<T> A(N, S::A), B(N, S::B), C(N, S::C);
  std::vector<double> Times[stream::Kernels];
  T Dot = 0;
  {
    auto DA = offload::preload_mut(A), DB = offload::preload_mut(B),
         DC = offload::preload_mut(C);
    auto Timed = [&](int K, auto &&Call) {
      const double T0 = stream::seconds();
      Call();
      offload::synchronize();
      Times[K].push_back(stream::seconds() - T0);
    };
    for (int P = 0; P < Passes; ++P) {
      Timed(0, [&] { offload::offload(copyKernel<T>, DA, DC); });
      Timed(1, [&] { offload::offload(mulKernel<T>, Scalar, DC, DB); });
      Timed(2, [&] { offload::offload(addKernel<T>, DA, DB, DC); });
      Timed(3, [&] { offload::offload(triadKernel<T>, DB, DC, Scalar, DA); });
      Timed(4, [&] {
        Dot = 0;
        offload::offload(dotKernel<T>, N, DA, DB, Dot);
      });
    }
  }
  const bool Ok = stream::check("stream", Type, N, Passes, A, B, C, Dot, true);
  stream::report<T>("offload", Type, N, Times, stream::Kernels, Ok);
  return Ok;
}

} // namespace

int main(int Argc, char **Argv) {
  const int Passes = stream::passes();
  bool Ok = true;
  for (unsigned Log2 : stream::sizes(Argc, Argv)) {
    Ok &= run<float>("float", Log2, Passes);
    Ok &= run<double>("double", Log2, Passes);
  }
  return Ok ? 0 : 1;
}
