// saxpy on the host device: one compile with the plugin, a link, a run; the
// result is checked against the host, and OFFLOAD_INFO=1 shows the offload.
// RUN: %offload_host %s %ldflags -o %t
// RUN: env OFFLOAD_INFO=1 %t 2>&1 | FileCheck %s
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

void saxpy(float a, std::span<const float> x, offload::Region<float> y) {
  for (auto [i, yi] : y)
    yi = a * x[i] + yi;
}

int main() {
  const std::size_t n = 1000;
  std::vector<float> x(n), y(n, 2.0f);
  for (std::size_t i = 0; i < n; ++i)
    x[i] = float(i);
  offload::offload(saxpy, 3.0f, x, y);
  std::size_t bad = 0;
  for (std::size_t i = 0; i < n; ++i)
    bad += y[i] != 3.0f * float(i) + 2.0f;
  std::printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
// CHECK: offload: info: kernel 'saxpy' on device {{[0-9]+}} (host): 1000 threads, 4 blocks of 256; 8000 bytes to the device in {{[0-9.]+}} us, kernel {{[0-9.]+}} us, 4000 bytes back in {{[0-9.]+}} us
// CHECK: PASS
