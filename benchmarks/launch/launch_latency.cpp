// The cost of one offload() call: an empty kernel (launch and wait), a
// kernel over a one-element Region (mapping included), and calls on
// preloaded data, which a GPU queues without waiting (the time per call of
// a loop of them, then one wait). Prints the median and the minimum.
#include <offload/offload.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

void empty_kernel() {}

void touch(offload::Region<int> r) {
  for (auto [i, ri] : r)
    ri += 1;
}

template <class F> void measure(const char *what, int calls, F &&call) {
  std::vector<double> us(calls);
  for (int warm = 0; warm < 10; ++warm)
    call();
  for (int k = 0; k < calls; ++k) {
    auto t0 = std::chrono::steady_clock::now();
    call();
    auto t1 = std::chrono::steady_clock::now();
    us[k] = std::chrono::duration<double, std::micro>(t1 - t0).count();
  }
  std::sort(us.begin(), us.end());
  std::printf("%-34s calls=%d median=%.2f us min=%.2f us p90=%.2f us\n", what,
              calls, us[calls / 2], us[0], us[calls * 9 / 10]);
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
