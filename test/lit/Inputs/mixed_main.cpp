#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

int fillOnDevice(); // gpu_only_kernel.cpp

void twice(offload::Region<int> v) {
  for (auto [i, x] : v)
    x *= 2;
}

int main() {
  std::vector<int> v(4, 1);
  offload::offload(twice, v);
  std::printf("before: %d\n", v[0]);
  std::printf("after: %d\n", fillOnDevice());
}
