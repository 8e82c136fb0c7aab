// OFFLOAD_TIMELINE=FILE writes a Chrome trace of the kernels, copies and waits,
// per device and host thread, at exit.
// RUN: %offload_host %s %ldflags -o %t
// RUN: rm -f %t.json && env OFFLOAD_TIMELINE=%t.json %t | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --input-file=%t.json
// RUN: %python -c "import json,sys; t=json.load(open(sys.argv[1])); print(len(t['traceEvents']))" %t.json
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

void scale(double a, std::span<const double> x, offload::Region<double> y) {
  for (auto [i, yi] : y)
    yi = a * x[i];
}

int main() {
  std::vector<double> x(1 << 18, 1.0), y(1 << 18);
  offload::offload(scale, 2.0, x, y);
  {
    auto Y = offload::preload_mut(y);
    offload::offload(scale, 3.0, x, Y);
    offload::synchronize();
  }
  std::printf("y %g\n", y[5]);
}
// OUT: y 3
// CHECK: {"displayTimeUnit": "ms", "traceEvents": [
// CHECK: {"ph": "M", "name": "process_name", "pid": [[DEV:[0-9]+]], "args": {"name": "device [[DEV]] (host
// CHECK: {"ph": "X", "cat": "copy", "name": "copy to the device", "pid": [[DEV]], "tid": 1, "ts": {{[0-9.]+}}, "dur": {{[0-9.]+}}, "args": {"bytes": 2097152}}
// CHECK: {"ph": "X", "cat": "kernel", "name": "scale", "pid": [[DEV]], "tid": 1,
// CHECK: {"ph": "X", "cat": "copy", "name": "copy from the device", {{.*}}"bytes": 2097152}}
// CHECK: {"ph": "X", "cat": "wait", "name": "wait for the device"
// CHECK: ]}
