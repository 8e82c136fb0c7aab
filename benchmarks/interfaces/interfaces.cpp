// The cost of moving data at every call: one loop of two kernels over the
// same 1M-double arrays, 100 iterations, run three ways:
//   A   offload() each time, nothing else in the loop (the plugin keeps
//       the arrays on the device across the loop);
//   A+r the same with a host read of the results between the calls (the
//       plugin brings back only the elements read);
//   C   preload once, then offload() on the staged data (no copies).
// Prints time per iteration, bytes moved per iteration, and ratios to C,
// as medians over passes; every way must compute the same result.
#include <offload/offload.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

void axpy(double A, std::span<const double> X, offload::Region<double> Y) {
  for (auto [I, Yi] : Y)
    Yi = A * X[I] + Yi;
}

void scaleAdd(double B, std::span<const double> Y, offload::Region<double> Z) {
  for (auto [I, Zi] : Z)
    Zi = B * Y[I] + 0.5 * Zi;
}

struct Result {
  double Seconds, BytesPerIteration, Check;
};

Result run(int Way, std::size_t N, int Iterations) {
  std::vector<double> X(N), Y(N), Z(N);
  for (std::size_t I = 0; I < N; ++I) {
    X[I] = 1.0 + double(I % 17) / 16.0;
    Y[I] = 0.25;
    Z[I] = 1.0;
  }
  double HostReads = 0;
  offload::TransferTotals Before = offload::transfer_totals();
  auto T0 = std::chrono::steady_clock::now();
  if (Way == 2) {
    auto XS = offload::preload(X);
    auto YS = offload::preload_mut(Y);
    auto ZS = offload::preload_mut(Z);
    for (int It = 0; It < Iterations; ++It) {
      offload::offload(axpy, 1e-3, XS, YS);
      offload::offload(scaleAdd, 0.5, YS, ZS);
    }
  } else if (Way == 1) {
    for (int It = 0; It < Iterations; ++It) {
      offload::offload(axpy, 1e-3, X, Y);
      HostReads += Y[It % N];
      offload::offload(scaleAdd, 0.5, Y, Z);
      HostReads += Z[It % N];
    }
  } else {
    // Nothing on the host touches the arrays in the loop: the plugin keeps
    // them on the device across it (docs/user-guide.md, "Automatic
    // residency"); -fplugin-arg-offload-residency=off gives the plain calls.
    for (int It = 0; It < Iterations; ++It) {
      offload::offload(axpy, 1e-3, X, Y);
      offload::offload(scaleAdd, 0.5, Y, Z);
    }
  }
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0).count();
  offload::TransferTotals After = offload::transfer_totals();
  double Bytes = double(After.to_device_bytes - Before.to_device_bytes +
                        After.from_device_bytes - Before.from_device_bytes);
  double Check = HostReads * 0;
  for (std::size_t I = 0; I < N; I += 997)
    Check += Y[I] + Z[I];
  return {Seconds / Iterations, Bytes / Iterations, Check};
}

int main(int argc, char **argv) {
  std::size_t N = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1 << 20;
  int Iterations = argc > 2 ? std::atoi(argv[2]) : 100;
  int Passes = argc > 3 ? std::atoi(argv[3]) : 5;
  const char *Names[] = {"A: offload each call", "A+r: host reads between",
                         "C: preload"};
  std::vector<double> Times[3], Bytes(3), Checks(3);
  run(2, N, 2); // warm up: device, images, staging buffers
  for (int P = 0; P < Passes; ++P)
    for (int Way = 0; Way < 3; ++Way) {
      Result R = run(Way, N, Iterations);
      Times[Way].push_back(R.Seconds);
      Bytes[Way] = R.BytesPerIteration;
      Checks[Way] = R.Check;
    }
  double Median[3];
  for (int Way = 0; Way < 3; ++Way) {
    std::sort(Times[Way].begin(), Times[Way].end());
    Median[Way] = Times[Way][Times[Way].size() / 2];
  }
  std::printf("interfaces: %zu doubles, %d iterations of 2 kernels, median of "
              "%d passes\n",
              N, Iterations, Passes);
  std::printf("%-26s %14s %18s %12s\n", "way", "us/iteration",
              "MB moved/iter", "vs C");
  for (int Way = 0; Way < 3; ++Way)
    std::printf("%-26s %14.1f %18.2f %11.1fx\n", Names[Way], Median[Way] * 1e6,
                Bytes[Way] / 1e6, Median[Way] / Median[2]);
  bool Same = Checks[0] == Checks[1] && Checks[1] == Checks[2];
  std::printf("results agree: %s (checksum %.6f)\n", Same ? "yes" : "NO",
              Checks[2]);
  return Same ? 0 : 1;
}
