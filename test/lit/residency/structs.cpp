// A struct of views that a loop passes (written in the call, or a variable
// that only offload() calls use) keeps the vectors its members view on the
// device across the loop, as if each member were an argument. The answers
// are the plain calls' (residency off), and the bytes moved say what
// stayed.
// RUN: %offload_host -O1 -Rpass=offload-residency -Rpass-missed=offload-residency -Xclang -verify %s %ldflags -o %t.on
// RUN: %offload_host -O1 -fplugin-arg-offload-residency=off %s %ldflags -o %t.off
// RUN: env OFFLOAD_INFO=8 %t.on > %t.on.txt 2> %t.on.info
// RUN: %t.off > %t.off.txt && diff %t.on.txt %t.off.txt
// RUN: FileCheck %s < %t.on.txt
// RUN: FileCheck %s --check-prefix=INFO < %t.on.info
#include <offload/offload.hpp>
#include <array>
#include <cstdio>
#include <numeric>
#include <vector>

struct Coefficients {
  std::span<const double> a, b;
};
struct Fields {
  Coefficients coef;
  offload::Region<double> u;
  double dt;
};

void step(Fields f) {
  for (auto [i, u] : f.u)
    u += f.dt * (f.coef.a[i] - f.coef.b[i] * u);
}

double reused(int steps) {
  std::vector<double> a(1000, 2.0), b(1000, 0.5), u(1000, 0.0);
  Fields f{{a, b}, u, 0.25};
  for (int s = 0; s < steps; ++s) // expected-remark {{'a' stays on the device}} expected-remark {{'b' stays on the device}} expected-remark {{'u' stays on the device across this loop's offload() calls: copied there once before the loop and back once after it}}
    offload::offload(step, f);
  return std::accumulate(u.begin(), u.end(), 0.0);
}

double written(int steps) {
  std::vector<double> a(1000, 1.0), b(1000, 0.25), u(1000, 1.0);
  for (int s = 0; s < steps; ++s) // expected-remark {{'a' stays on the device}} expected-remark {{'b' stays on the device}} expected-remark {{'u' stays on the device}}
    offload::offload(step, Fields{{a, b}, u, 0.5});
  return std::accumulate(u.begin(), u.end(), 0.0);
}

// Host code in the loop that writes a member's data keeps that one moving.
double blocked(int steps) {
  std::vector<double> a(1000, 1.0), b(1000, 0.25), u(1000, 1.0);
  for (int s = 0; s < steps; ++s) { // expected-remark {{'a' stays on the device}} expected-remark {{'b' cannot stay on the device across this loop's offload() calls: host code uses it inside the loop}} expected-remark {{'u' stays on the device}}
    offload::offload(step, Fields{{a, b}, u, 0.5});
    b[0] += 1.0; // expected-note {{host code uses 'b' here}}
  }
  return std::accumulate(u.begin(), u.end(), 0.0);
}

// A struct variable whose address the function takes is not followed:
// what it views may leave by it.
double changed(int steps) {
  std::vector<double> a(1000, 1.0), b(1000, 0.25), u(1000, 1.0);
  Fields f{{a, b}, u, 0.5}; // expected-note {{'a' is used here in a way that may keep its address}} expected-note {{'b' is used here in a way that may keep its address}} expected-note {{'u' is used here in a way that may keep its address}}
  Fields *alias = &f;
  alias->dt = 0.125;
  for (int s = 0; s < steps; ++s) { // expected-remark {{'a' cannot stay on the device across this loop's offload() calls: its address may leave this function}} expected-remark {{'b' cannot stay}} expected-remark {{'u' cannot stay}} expected-remark {{the views in 'f' are not followed across this loop's offload() calls}}
    offload::offload(step, f);
    offload::offload(step, Fields{{a, b}, u, 0.5});
  }
  return std::accumulate(u.begin(), u.end(), 0.0);
}

// A struct of views filled member by member (RAJAPerf's ARRAY_OF_PTRS) is
// followed through the assignments to its members, and a member assigned
// over a braced list's too.
struct Parts {
  std::array<std::span<const double>, 2> parts;
};
void addParts(Parts p, offload::Region<double> u) {
  for (auto [i, ui] : u)
    ui += p.parts[0][i] + p.parts[1][i];
}
double filled(int steps) {
  std::vector<double> a(1000, 1.0), u(999, 0.0);
  Parts p;
  for (int k = 0; k < 2; ++k)
    p.parts[k] = std::span<const double>(a).subspan(k, 999);
  for (int s = 0; s < steps; ++s) // expected-remark {{'a' stays on the device}} expected-remark {{'u' stays on the device}}
    offload::offload(addParts, p, u);
  return std::accumulate(u.begin(), u.end(), 0.0);
}
double reassigned(int steps) {
  std::vector<double> a(1000, 1.0), u(1000, 1.0), c(1000, 3.0);
  Fields f{{a}, u, 0.5};
  f.coef.b = c;
  f.dt = 0.125;
  for (int s = 0; s < steps; ++s) // expected-remark {{'a' stays on the device}} expected-remark {{'c' stays on the device}} expected-remark {{'u' stays on the device}}
    offload::offload(step, f);
  return std::accumulate(u.begin(), u.end(), 0.0);
}
// Assigned inside the loop too: the views only carry the address to the
// calls. Host code that reads the data there is another use.
double inLoop(int steps) {
  std::vector<double> a(1000, 1.0), u(999, 0.0);
  Parts p;
  for (int s = 0; s < steps; ++s) { // expected-remark {{'a' stays on the device}} expected-remark {{'u' stays on the device}}
    p.parts[0] = std::span<const double>(a).first(999);
    p.parts[1] = std::span<const double>(a).last(999);
    offload::offload(addParts, p, u);
  }
  return std::accumulate(u.begin(), u.end(), 0.0);
}

int main() {
  std::printf("reused %.4f\n", reused(10));
  std::printf("written %.4f\n", written(10));
  std::printf("blocked %.4f\n", blocked(3));
  std::printf("changed %.4f\n", changed(3));
  std::printf("filled %.4f\n", filled(3));
  std::printf("reassigned %.4f\n", reassigned(4));
  std::printf("in loop %.4f\n", inLoop(3));
}
// u' = 7/8 u + 1/2 ten times, from 0 and from 1, 1000 elements:
// CHECK: reused 2947.6977
// CHECK: written 3210.7733
// CHECK: blocked 1988.6172
// CHECK: changed 2172.8233
// CHECK: filled 5994.0000
// u' = 5/8 u + 1/8 four times from 1:
// CHECK: reassigned 435.0586
// CHECK: in loop 5994.0000
// Moved: b in blocked() (3 x 8000 bytes in), every array in changed() (6
// calls x 24000 in, 8000 back); kept: the rest, counted as the plain calls
// would have moved it.
// INFO: kernel 'step': 33 call(s), {{.*}}; to the device 168000 bytes in {{.*}}, back 48000 bytes in {{.*}}; 840000 bytes stayed on the device
