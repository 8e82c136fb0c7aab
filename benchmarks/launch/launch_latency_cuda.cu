// Baseline for launch_latency.cpp, in plain CUDA: the same two measurements
// with the CUDA runtime. "touch" allocates, copies in, launches, copies back
// and frees per call, as an offload() of unmapped data does; "touch,
// preallocated" keeps the device buffer; "touch, queued" launches without
// waiting (the time per call of a loop of launches).
#include "measure.hpp"

#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void emptyKernel() {}
__global__ void touch(int *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] += 1;
}

static void check(cudaError_t e) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(e));
    std::exit(1);
  }
}

int main(int argc, char **argv) {
  int calls = argc > 1 ? std::atoi(argv[1]) : 1000;
  check(cudaFree(nullptr)); // initialise the context outside the timing
  measure("cuda: empty kernel, 1 thread", calls, [] {
    emptyKernel<<<1, 1>>>();
    check(cudaDeviceSynchronize());
  });
  int host = 0;
  measure("cuda: touch, alloc+copies+free", calls, [&] {
    int *d;
    check(cudaMalloc(&d, sizeof(int)));
    check(cudaMemcpy(d, &host, sizeof(int), cudaMemcpyHostToDevice));
    touch<<<1, 256>>>(d, 1);
    check(cudaMemcpy(&host, d, sizeof(int), cudaMemcpyDeviceToHost));
    check(cudaFree(d));
  });
  int *d;
  check(cudaMalloc(&d, sizeof(int)));
  measure("cuda: touch, preallocated", calls, [&] {
    check(cudaMemcpy(d, &host, sizeof(int), cudaMemcpyHostToDevice));
    touch<<<1, 256>>>(d, 1);
    check(cudaMemcpy(&host, d, sizeof(int), cudaMemcpyDeviceToHost));
  });
  check(cudaMemcpy(d, &host, sizeof(int), cudaMemcpyHostToDevice));
  measure("cuda: touch, queued", calls, [&] { touch<<<1, 256>>>(d, 1); });
  check(cudaDeviceSynchronize());
  int queued = 0;
  check(cudaMemcpy(&queued, d, sizeof(int), cudaMemcpyDeviceToHost));
  check(cudaFree(d));
  bool ok = host == 2 * (calls + 10) && queued == host + calls + 10;
  std::printf("touch count %d (want %d): %s\n", host, 2 * (calls + 10),
              ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
