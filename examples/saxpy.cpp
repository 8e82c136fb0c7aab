// saxpy: y = a * x + y, offloaded with one call and checked on the host.
#include <offload/offload.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

// A kernel is an ordinary function. Its parameter types decide the data
// movement: `a` travels by value, `x` is copied to the device, and `y` is
// copied there and back, each logical thread owning one element of it.
void saxpy(float a, std::span<const float> x,
           offload::Region<float, offload::Linear1D> y) {
  for (auto [i, yi] : y)
    yi = a * x[i] + yi;
}

int main() {
  const std::size_t n = 1 << 20;
  std::vector<float> x(n), y(n);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = float(i % 1000);
    y[i] = 1.0f;
  }

  offload::offload(saxpy, 2.0f, x, y);

  std::size_t bad = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (std::fabs(y[i] - (2.0f * float(i % 1000) + 1.0f)) > 1e-6f)
      ++bad;
  std::printf("saxpy: n=%zu y[7]=%g mismatches=%zu\n", n, y[7], bad);
  std::puts(bad == 0 ? "PASS" : "FAIL");
  return bad == 0 ? 0 : 1;
}
