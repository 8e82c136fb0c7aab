// Device code may address a variable with static storage only to read
// constant data (const or constexpr, with a constant initializer, defined in
// this translation unit), which the image gets a copy of. Any other use of
// one is an error: a write (every thread would race on a copy the host never
// sees), a read of a mutable one (the device has no current copy), and every
// way of forming a reference or pointer that could be written through.
// RUN: %offload_host -fsyntax-only -ferror-limit=0 -Xclang -verify %s
#include <offload/offload.hpp>
#include <atomic>
#include <span>
#include <utility>
#include <vector>

int counter;
double table[4];
struct Stats {
  int hits;
  void bump() { ++hits; }
} stats;
static int hidden;
inline int shared;
namespace ns {
int inner;
}
std::pair<int, int> pair;
const int Limit = 10;
constexpr double Scale = 2.0;
static const double Weights[2] = {0.5, 0.25};
struct Cache {
  mutable int last;
};
const Cache cache{0};
extern const double Elsewhere[3];
// A constant initializer runs no code on the device (this throw is never
// compiled for it), but the addresses it holds must be there.
constexpr int checked(int x) {
  if (x < 0)
    throw "negative";
  return 2 * x;
}
constexpr int Doubled[2] = {checked(1), checked(2)};
int *const IntoCounter = &counter; // expected-error {{kernel 'fine' uses 'counter'}}
double compute() { return 2.0; }
const double Computed = compute();

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

// Each way of reaching a global's storage, not only assignments.
void addresses(offload::Region<int> v) {
  int *p = table[0] > 0 ? nullptr : &counter; // expected-error {{kernel 'addresses' uses 'table', a mutable variable with static storage, which the device does not share with the host; pass its value as a kernel argument (or make it constexpr if it never changes)}} expected-error {{kernel 'addresses' writes 'counter'}}
  int &r = counter;                // expected-error {{kernel 'addresses' uses 'counter'}}
  for (double &x : table)          // expected-error {{kernel 'addresses' uses 'table'}}
    x = 0;
  std::span<double> s(table);      // expected-error {{kernel 'addresses' uses 'table'}}
  std::atomic_ref<int>(hidden).store(1); // expected-error {{kernel 'addresses' uses 'hidden'}}
  auto &[first, second] = pair;    // expected-error {{kernel 'addresses' uses 'pair'}}
  *const_cast<int *>(&Limit) = 1; // expected-error {{kernel 'addresses' writes 'Limit'}}
  cache.last = 1;                  // expected-error {{kernel 'addresses' uses 'cache'}}
  (void)p, (void)r, (void)s, (void)first, (void)second;
}

template <int *Target> void throughArgument(offload::Region<int> v) {
  *Target = 1; // expected-error {{kernel 'throughArgument<&counter>' writes 'counter'}}
}

int helper() { return shared + ns::inner; } // expected-error {{kernel 'reads' uses 'shared'}} expected-error {{kernel 'reads' uses 'inner'}}

void reads(offload::Region<int> v) {
  for (auto [i, vi] : v)
    vi = helper(); // expected-note 2 {{'helper' is called from 'reads' here}}
}

void notHere(offload::Region<double> v) {
  for (auto [i, vi] : v)
    vi = Elsewhere[i % 3] + Computed; // expected-error {{kernel 'notHere' reads 'Elsewhere', which is defined in another translation unit, so the device has no copy of it; define it in this translation unit (an inline constexpr variable in a header), or pass its value as a kernel argument}} expected-error {{kernel 'notHere' reads 'Computed', whose value the host computes when the program starts, so the device has no copy of it; make it constexpr (or give it a constant initializer), or pass its value as a kernel argument}}
}

// Constant data is fine; so is what the compiler never evaluates.
void fine(int c, offload::Region<double> v) {
  int local = c + int(sizeof(counter));
  local += Limit;
  for (auto [i, vi] : v)
    vi = Scale * Weights[i % 2] + local + Doubled[i % 2] + *IntoCounter;
}

void run(std::vector<int> &v, std::vector<double> &d) {
  offload::offload(writes, v);
  offload::offload(addresses, v);
  offload::offload(throughArgument<&counter>, v);
  offload::offload(reads, v);
  offload::offload(notHere, d);
  offload::offload(fine, 3, d);
}
