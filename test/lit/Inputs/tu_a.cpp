#include "shared_kernels.hpp"
#include <cstdio>
#include <vector>

void runB();
void runC();

static void evens(offload::Region<int> v) {
  for (auto [i, vi] : v)
    vi = 2 * int(i);
}

int main() {
  std::vector<int> v(5);
  offload::offload(evens, v);
  std::printf("a: %d %d %d %d %d\n", v[0], v[1], v[2], v[3], v[4]);
  runB();
  runC();
  offload::offload(fillWith<int>, 3, v);
  std::printf("shared: %d %d %d %d %d / ", v[0], v[1], v[2], v[3], v[4]);
  std::vector<int> w(3);
  offload::offload(fillWith<int>, 30, w);
  offload::offload(AddTo<int>{2}, w);
  std::printf("%d %d %d\n", w[0], w[1], w[2]);
}
