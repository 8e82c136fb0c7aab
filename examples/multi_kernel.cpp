// Several kernels in one translation unit: a function template used with
// float and double, a kernel that reads neighbours through a const
// std::vector&, and one that fills a Region from its indices. Each result is
// checked against the same computation on the host.
#include <offload/offload.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

// y = a * x + b * y, for any floating-point type.
template <class T>
void axpby(T a, std::span<const T> x, T b, offload::Region<T> y) {
  for (auto [i, yi] : y)
    yi = a * x[i] + b * yi;
}

// out[i] = the mean of in[i-1], in[i], in[i+1] (clamped at the ends).
void smooth(const std::vector<double> &in, offload::Region<double> out) {
  for (auto [i, o] : out) {
    std::size_t lo = i == 0 ? 0 : i - 1;
    std::size_t hi = i + 1 == in.size() ? i : i + 1;
    o = (in[lo] + in[i] + in[hi]) / 3.0;
  }
}

void iota_squares(offload::Region<double> v) {
  for (auto [i, vi] : v)
    vi = double(i) * double(i);
}

template <class T> std::size_t checkAxpby(std::size_t n) {
  std::vector<T> x(n), y(n), want(n);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = T(i % 97) / T(8);
    y[i] = T(1) + T(i % 13);
    want[i] = T(3) * x[i] + T(0.5) * y[i];
  }
  offload::offload(axpby<T>, T(3), x, T(0.5), y);
  std::size_t bad = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (std::fabs(double(y[i] - want[i])) > 1e-5 * std::fabs(double(want[i])))
      ++bad;
  return bad;
}

int main() {
  const std::size_t n = 100003; // not a multiple of the block size
  std::size_t bad = checkAxpby<float>(n) + checkAxpby<double>(n);

  std::vector<double> v(n);
  offload::offload(iota_squares, v);
  std::vector<double> s(n);
  offload::offload(smooth, v, s);
  for (std::size_t i = 0; i < n; ++i) {
    double want_v = double(i) * double(i);
    std::size_t lo = i == 0 ? 0 : i - 1, hi = i + 1 == n ? i : i + 1;
    double want_s = (double(lo) * lo + want_v + double(hi) * hi) / 3.0;
    if (v[i] != want_v || std::fabs(s[i] - want_s) > 1e-12 * want_s)
      ++bad;
  }
  std::printf("multi_kernel: n=%zu mismatches=%zu\n", n, bad);
  std::puts(bad == 0 ? "PASS" : "FAIL");
  return bad == 0 ? 0 : 1;
}
