// A kernel must not write variables with static storage (every thread would
// race on the device's copy); reading a mutable one draws a warning, since
// the device has its own copy. Constants are fine.
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
#include <offload/offload.hpp>
#include <vector>

int counter;
double table[4];
struct Stats {
  int hits;
  void bump() { ++hits; }
} stats;
const int Limit = 10;
constexpr double Scale = 2.0;
static const double Weights[2] = {0.5, 0.25};

void increment(int &x) { ++x; }

void writes(offload::Region<int> v) {
  counter = 1;          // expected-error {{kernel 'writes' writes 'counter', a variable with static storage: every thread would race on the device's own copy, and the host would not see it; pass it as an offload::Atomic or offload::Reduce argument}}
  ++counter;            // expected-error {{kernel 'writes' writes 'counter'}}
  table[2] += 1.0;      // expected-error {{kernel 'writes' writes 'table'}}
  stats.hits = 3;       // expected-error {{kernel 'writes' writes 'stats'}}
  stats.bump();         // expected-error {{kernel 'writes' writes 'stats'}}
  increment(counter);   // expected-error {{kernel 'writes' writes 'counter'}}
  static int calls = 0; // a static local is a global too
  calls++;              // expected-error {{kernel 'writes' writes 'calls'}}
}

int helper() { return counter; } // expected-warning {{kernel 'reads' reads 'counter', which the device has its own copy of, initialised when the image loaded: changes the host made are not seen; pass it as an argument}}

void reads(offload::Region<int> v) {
  for (auto [i, vi] : v)
    vi = helper(); // expected-note {{'helper' is called from 'reads' here}}
}

void fine(int c, offload::Region<double> v) {
  int local = c;
  local += Limit;
  for (auto [i, vi] : v)
    vi = Scale * Weights[i % 2] + local;
}

void run(std::vector<int> &v, std::vector<double> &d) {
  offload::offload(writes, v);
  offload::offload(reads, v);
  offload::offload(fine, 3, d);
}
