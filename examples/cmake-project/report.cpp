// Plain C++: no kernels here, so changing kernels.hpp does not rebuild it.
#include <cstdio>
#include <numeric>
#include <vector>

void report(const char *what, const std::vector<double> &v) {
  std::printf("%s: sum %.4f, v[1] %.4f\n", what,
              std::accumulate(v.begin(), v.end(), 0.0), v[1]);
}
