// The timing loop of both launch benchmarks (ours and the CUDA baseline), so
// that they measure alike: 10 warm-up calls, then `calls` timed ones; prints
// the median, minimum and 90th percentile in microseconds.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

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
