// One preloaded vector passed as a kernel's read-only input and as its
// Region: the plugin cannot see that the handle and the vector are the same
// data, the runtime does.
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>
void shift(std::span<const int> in, offload::Region<int> out) {
  for (auto [i, v] : out)
    v = in[(i + 1) % in.size()];
}
int main() {
  std::vector<int> v(10, 1);
  {
    auto Staged = offload::preload_mut(v);
    offload::offload(shift, Staged, v);
  }
  std::printf("PASS\n");
}
