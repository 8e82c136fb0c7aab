#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

void scale(double a, offload::Region<double> v) {
  for (auto [i, vi] : v)
    vi *= a;
}

int main() {
  std::vector<double> v(1000, 1.5);
  offload::offload(scale, 4.0, v);
  for (double x : v)
    if (x != 6.0) {
      std::puts("FAIL");
      return 1;
    }
  std::puts("PASS");
}
