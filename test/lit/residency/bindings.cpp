// A structured binding names a part of its object: the parts of a local
// copy are the function's own and keep no array from staying; a binding
// that refers to a caller's container is that container.
// u' = 3/4 u + 1/2 ten times from 0; aliased: a[0] grows by one a step.
// RUN: %offload_host -O1 -Rpass=offload-residency -Rpass-missed=offload-residency -Xclang -verify %s %ldflags -o %t.on
// RUN: %offload_host -O1 -fplugin-arg-offload-residency=off %s %ldflags -o %t.off
// RUN: %t.on > %t.on.txt && %t.off > %t.off.txt && diff %t.on.txt %t.off.txt
// RUN: FileCheck %s < %t.on.txt
#include <offload/offload.hpp>
#include <cstdio>
#include <numeric>
#include <tuple>
#include <utility>
#include <vector>

void relax(std::span<const double> a, offload::Region<double> u, double dt) {
  for (auto [i, ui] : u)
    ui += dt * (a[i] - ui);
}

static std::pair<double, int> settings() { return {0.25, 2}; }

double copied(int steps) {
  std::vector<double> a(1000, 2.0), u(1000, 0.0);
  auto [dt, repeat] = settings();
  for (int s = 0; s < steps; ++s) // expected-remark {{'a' stays on the device}} expected-remark {{'u' stays on the device}}
    for (int r = 0; r < repeat; ++r)
      offload::offload(relax, a, u, dt);
  return std::accumulate(u.begin(), u.end(), 0.0);
}

// A lambda that takes the arrays and reads its caller's bindings.
double inLambda(int steps) {
  std::vector<double> a(1000, 2.0), u(1000, 0.0);
  const auto [dt, repeat] = settings();
  auto loop = [&](auto &in, auto &out) {
    for (int s = 0; s < steps * repeat; ++s) // expected-remark {{'in' stays on the device}} expected-remark {{'out' stays on the device}}
      offload::offload(relax, in, out, dt);
  };
  loop(a, u);
  return std::accumulate(u.begin(), u.end(), 0.0);
}

// A binding that refers to a caller's array is followed as that array:
// writing through it is host code using the array. std::tie keeps the
// addresses of what it ties: 'u' moves too.
double aliased(std::vector<double> &a, int steps) {
  std::vector<double> u(1000, 0.0);
  auto both = std::tie(a, u); // expected-note {{'u' is used here in a way that may keep its address}}
  for (int s = 0; s < steps; ++s) { // expected-remark {{'a' cannot stay on the device across this loop's offload() calls: it is the caller's, and host code in the loop may reach it by another name}} expected-remark {{'u' cannot stay on the device across this loop's offload() calls: its address may leave this function}}
    offload::offload(relax, a, u, 0.5);
    auto [same, other] = both;
    same[0] += 1.0; // expected-note {{host code here may reach 'a' by another name}}
  }
  return std::accumulate(u.begin(), u.end(), 0.0);
}

int main() {
  std::printf("copied %.4f\n", copied(5));
  std::printf("inLambda %.4f\n", inLambda(5));
  std::vector<double> a(1000, 2.0);
  std::printf("aliased %.4f\n", aliased(a, 4));
}
// CHECK: copied 1887.3730
// CHECK: inLambda 1887.3730
// CHECK: aliased 1877.1250
