// offload::pinned_vector where a user would put a std::vector: as a Region
// (odd sizes, above and below the runtime's 1 MiB copy threshold), as a
// std::span<const T>, as a Reduce/Atomic target's input, under preload and
// preload_mut, mixed with std::vector arguments, and filled and read with
// std algorithms on the host. Integer and dyadic values: exact on every
// device (0 ulp).
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <span>
#include <vector>

namespace {

void scale_shift(std::span<const double> x, double a,
                 offload::Region<double> y) {
  for (auto [i, yi] : y)
    yi = a * x[i] + yi / 4 + double(i % 7);
}

void mixed(std::span<const std::int64_t> pinned,
           std::span<const std::int64_t> pageable,
           offload::Region<std::int64_t> out) {
  for (auto [i, o] : out)
    o = pinned[i] * 3 - pageable[(i * 5) % pageable.size()] + o;
}

void sum_and_count(offload::Range<> r, std::span<const std::int32_t> keys,
                   offload::ReduceSum<std::int64_t> sum,
                   offload::Atomic<unsigned> counts) {
  for (std::uint64_t i : r) {
    sum += keys[i];
    counts.add(std::uint64_t(keys[i]) % 10, 1u);
  }
}

void step(std::span<const float> x, offload::Region<float> y) {
  for (auto [i, yi] : y)
    yi = yi * 0.5f + x[i];
}

} // namespace

int main() {
  using corpus::print, corpus::printSampled;

  // Sizes around the direct/bounce threshold (1 MiB of doubles is 131072).
  for (std::size_t N : {std::size_t(1), std::size_t(1000), std::size_t(131071),
                        std::size_t(393219)}) {
    offload::pinned_vector<double> X(N), Y(N, 8.0);
    std::iota(X.begin(), X.end(), -double(N / 2));
    offload::offload(scale_shift, X, 0.25, Y);
    printSampled("scale_shift.n" + std::to_string(N), 0,
                 std::vector<double>(Y.begin(), Y.end()));
  }

  offload::pinned_vector<std::int64_t> P(200003);
  std::vector<std::int64_t> Q(977), Out(200003, 1);
  std::iota(P.begin(), P.end(), 5);
  std::generate(Q.begin(), Q.end(), [K = std::int64_t(0)]() mutable {
    ++K;
    return K * K;
  });
  offload::pinned_vector<std::int64_t> PinnedOut(Out.begin(), Out.end());
  offload::offload(mixed, P, Q, Out);
  offload::offload(mixed, P, Q, PinnedOut);
  printSampled("mixed.pageable_out", 0, Out);
  printSampled("mixed.pinned_out", 0,
               std::vector<std::int64_t>(PinnedOut.begin(), PinnedOut.end()));

  offload::pinned_vector<std::int32_t> Keys(300007);
  for (std::size_t I = 0; I < Keys.size(); ++I)
    Keys[I] = std::int32_t((I * 2654435761u) % 100003) - 50000;
  std::int64_t Sum = 7;
  offload::pinned_vector<unsigned> Counts(10, 0);
  offload::offload(sum_and_count, Keys.size(), Keys, Sum, Counts);
  print("sum_and_count.sum", 0, Sum);
  print("sum_and_count.counts", 0,
        std::vector<unsigned>(Counts.begin(), Counts.end()));
  print("sum_and_count.max_key", 0,
        *std::max_element(Keys.begin(), Keys.end()));

  // Preloaded pinned data across several calls, then read with std algorithms.
  offload::pinned_vector<float> X(262147), Y(262147);
  for (std::size_t I = 0; I < X.size(); ++I)
    X[I] = float(I % 1024) / 8, Y[I] = float(I % 17);
  {
    auto XD = offload::preload(X);
    auto YD = offload::preload_mut(Y);
    for (int S = 0; S < 5; ++S)
      offload::offload(step, XD, YD);
  }
  printSampled("preloaded_steps", 0, std::vector<float>(Y.begin(), Y.end()));
  print("preloaded_steps.count_integral", 0,
        std::int64_t(std::count_if(
            Y.begin(), Y.end(), [](float V) { return V == float(int(V)); })));
}
