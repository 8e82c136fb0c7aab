// device_count() counts the host devices too, gpu_count() only GPUs;
// device_info() describes a device and current_device() the one calls use.
// RUN: %offload_host %s %ldflags -o %t
// RUN: %t | FileCheck %s --check-prefix=FOUR
// RUN: env OFFLOAD_HOST_DEVICES=2 OFFLOAD_DEVICE=1 %t | FileCheck %s --check-prefix=TWO
// RUN: env OFFLOAD_HOST_DEVICES=2 not %t 2 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: %if gxx %{ %gxx %cxxflags %s -o %t.gxx && %t.gxx | FileCheck %s --check-prefix=GXX %}
#include <offload/offload.hpp>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  std::printf("devices %d gpus %d\n", offload::device_count(),
              offload::gpu_count());
  for (int D = 0; D < offload::device_count(); ++D) {
    offload::DeviceInfo I = offload::device_info(D);
    std::printf("%d: %s %s %s gpu=%d\n", I.number, I.kind.c_str(),
                I.arch.c_str(), I.name.c_str(), I.is_gpu);
  }
  std::printf("current %d %s\n", offload::current_device().number,
              offload::current_device().name.c_str());
  if (argc > 1)
    offload::device_info(std::atoi(argv[1]));
}
// FOUR: devices 4 gpus 0
// FOUR-NEXT: 0: host host host gpu=0
// FOUR: 3: host host host gpu=0
// FOUR-NEXT: current 0 host

// TWO: devices 2 gpus 0
// TWO: current 1 host

// RANGE: offload: error: device_info(2): the devices are numbered 0 to 1

// GXX: devices 1 gpus 0
// GXX-NEXT: 0: host host host gpu=0
// GXX-NEXT: current 0 host
