// The cost of one offload() call: an empty kernel (launch and wait), a
// kernel over a one-element Region (mapping included), and calls on
// preloaded data, which a GPU queues without waiting (the time per call of
// a loop of them, then one wait). Prints the median and the minimum.
#include "measure.hpp"

#include <offload/offload.hpp>

#include <cstdio>
#include <cstdlib>
#include <vector>

void empty_kernel() {}

void touch(offload::Region<int> r) {
  for (auto [i, ri] : r)
    ri += 1;
}

int main(int argc, char **argv) {
  int calls = argc > 1 ? std::atoi(argv[1]) : 1000;
  measure("offload(empty_kernel) + wait", calls, [] {
    offload::offload(offload::Launch{.threads = 1}, empty_kernel);
    offload::synchronize();
  });
  std::vector<int> one(1, 0);
  measure("offload(touch, 1-element Region)", calls,
          [&] { offload::offload(touch, one); });
  std::vector<int> staged(1, 0);
  {
    auto handle = offload::preload_mut(staged);
    measure("offload(touch, preloaded), queued", calls,
            [&] { offload::offload(touch, handle); });
    offload::synchronize();
  }
  bool ok = one[0] == calls + 10 && staged[0] == calls + 10;
  std::printf("touch counts %d and %d (want %d): %s\n", one[0], staged[0],
              calls + 10, ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
