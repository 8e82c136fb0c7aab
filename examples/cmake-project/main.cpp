#include "kernels.hpp"
#include <cmath>
#include <cstdio>
#include <vector>

std::vector<double> smooth(std::vector<double> v);
void report(const char *what, const std::vector<double> &v);

// The same computation, serially on the host, to check the device's.
static std::vector<double> smoothOnHost(std::vector<double> v) {
  for (int pass = 0; pass < example::Passes; ++pass) {
    std::vector<double> next(v);
    for (std::size_t i = 1; i + 1 < v.size(); ++i)
      next[i] = (v[i - 1] + v[i] + v[i + 1]) / 3;
    v = next;
  }
  return v;
}

int main() {
  std::vector<double> v(1000);
  for (std::size_t i = 0; i < v.size(); ++i)
    v[i] = i % 2 ? 1.0 : 0.0;
  offload::offload(example::scale<double>, 3.0, v);
  const std::vector<double> Smoothed = smooth(v), Expected = smoothOnHost(v);
  report("input", v);
  report("smoothed", Smoothed);
  for (std::size_t i = 0; i < v.size(); ++i)
    if (std::abs(Smoothed[i] - Expected[i]) > 1e-12) {
      std::printf("FAIL: element %zu is %g, the host computes %g\n", i,
                  Smoothed[i], Expected[i]);
      return 1;
    }
  std::printf("PASS: %d passes, as on the host\n", example::Passes);
}
