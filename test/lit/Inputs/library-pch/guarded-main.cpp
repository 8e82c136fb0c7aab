#include <vector>
#include "guarded.hpp"

int main() {
  std::vector<int> v(100);
  offload::offload(twice, v);
  std::printf("v[99] = %d\n", v[99]);
}
