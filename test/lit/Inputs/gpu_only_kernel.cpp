#include <offload/offload.hpp>
#include <vector>

void fill(offload::Region<int> v) {
  for (auto [i, x] : v)
    x = 7;
}

int fillOnDevice() {
  std::vector<int> v(16);
  offload::offload(fill, v);
  return v[15];
}
