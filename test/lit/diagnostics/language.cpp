// Language features devices do not have: allocation, exceptions, RTTI,
// functions with versions for several host CPUs (target_clones) and
// integers made pointers (the one way left for a host address to reach a
// kernel) are errors; recursion is a warning (small GPU stacks).
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
#include <offload/offload.hpp>
#include <cstdint>
#include <typeinfo>
#include <vector>

struct Base {
  virtual ~Base() = default;
};
struct Derived : Base {};

void allocates(offload::Region<int> v) {
  int *p = new int(1); // expected-error {{kernel 'allocates' uses 'new'; kernels cannot allocate memory: size the data on the host and pass it as an argument}}
  delete p;            // expected-error {{kernel 'allocates' uses 'delete'}}
}

void throws(offload::Region<int> v) {
  try { // expected-error {{kernel 'throws' uses 'try'; GPUs have no exceptions}}
    throw 1; // expected-error {{kernel 'throws' uses 'throw'; GPUs have no exceptions}}
  } catch (int) {
  }
}

Derived d;
void rtti(offload::Region<int> v) {
  const Base &b = d; // expected-error {{kernel 'rtti' uses 'd', a mutable variable with static storage}}
  for (auto [i, vi] : v)
    vi = typeid(b) == typeid(Derived) && dynamic_cast<const Derived *>(&b); // expected-error 2 {{kernel 'rtti' uses 'typeid', which needs run-time type information that devices do not have}} expected-error {{kernel 'rtti' uses 'dynamic_cast'}}
}

unsigned factorial(unsigned n) { return n < 2 ? 1 : n * factorial(n - 1); } // expected-warning {{kernel 'recursive' calls 'factorial' recursively; GPU threads have small stacks, so deep recursion fails at run time}}
void recursive(offload::Region<unsigned> v) {
  for (auto [i, vi] : v)
    vi = factorial(unsigned(i)); // expected-note {{'factorial' is called from 'recursive' here}}
}

// The host's CPU picks a version at run time, which a device cannot do.
__attribute__((target_clones("avx2", "default"))) int twice(int x) {
  return 2 * x;
}
void multiversioned(offload::Region<int> v) {
  for (auto [i, vi] : v)
    vi = twice(int(i)); // expected-error {{kernel 'multiversioned' reaches 'twice', which has versions for several host CPUs (target_clones), chosen at run time by the host's CPU; a device cannot make that choice: keep the attribute off functions that kernels call}}
}

// An address smuggled in an integer: the host device would read it, a GPU
// would not. A constant (null) and the other way round are fine.
double at(std::uint64_t address) {
  return *reinterpret_cast<const double *>(address); // expected-error {{kernel 'smuggled' turns an integer into a pointer: the device cannot tell whether it holds a host address, which a GPU cannot use; pass data as std::span<const T> or offload::Region<T>, and indices instead of addresses}}
}
void smuggled(std::uint64_t address, offload::Region<double> v) {
  const double *none = reinterpret_cast<const double *>(0);
  for (auto [i, vi] : v)
    vi = at(address) + (none ? 1 : 0) + // expected-note {{'at' is called from 'smuggled' here}}
         double(reinterpret_cast<std::uintptr_t>(&vi) % 8);
}

// Loops, stack arrays and plain arithmetic are fine.
unsigned iterative(unsigned n) {
  unsigned r = 1, parts[4] = {1, 2, 3, 4};
  for (unsigned k = 2; k <= n; ++k)
    r *= k + parts[k % 4] - parts[k % 4];
  return r;
}
void fine(offload::Region<unsigned> v) {
  for (auto [i, vi] : v)
    vi = iterative(unsigned(i % 10));
}

void run(std::vector<int> &v, std::vector<unsigned> &u,
         std::vector<double> &d) {
  offload::offload(smuggled, reinterpret_cast<std::uint64_t>(d.data()), d);
  offload::offload(allocates, v);
  offload::offload(throws, v);
  offload::offload(rtti, v);
  offload::offload(multiversioned, v);
  offload::offload(recursive, u);
  offload::offload(fine, u);
}
