// The same object passed twice when one of the two is mutable is an error:
// the aliasing rule Rust enforces with & and &mut.
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
#include <offload/offload.hpp>
#include <vector>

void copy(std::span<const float> in, offload::Region<float> out) {}
void twoRegions(offload::Region<float> a, offload::Region<float> b) {}
void twoViews(std::span<const float> a, const std::vector<float> &b,
              offload::Region<float> c) {}
void sums(offload::ReduceSum<double> a, offload::ReduceSum<double> b,
          offload::Range<> r) {}

struct Fields {
  std::vector<float> x, y;
};

void run(std::vector<float> &v, std::vector<float> &w, Fields &f, double &s,
         double &t) {
  offload::offload(copy, v, v); // expected-error {{'v' is passed to kernel 'copy' twice, and the kernel may write it through parameter 'out': threads would read data that other threads write}}
  // expected-note@-1 {{it is also passed here}}
  offload::offload(twoRegions, w, offload::Region<float>(w)); // expected-error {{'w' is passed to kernel 'twoRegions' twice, and the kernel may write it through parameter 'b'}}
  // expected-note@-1 {{it is also passed here}}
  offload::offload(copy, std::span<const float>(f.x), f.x); // expected-error {{'f' is passed to kernel 'copy' twice}}
  // expected-note@-1 {{it is also passed here}}
  offload::offload(sums, s, s, 10); // expected-error {{'s' is passed to kernel 'sums' twice}}
  // expected-note@-1 {{it is also passed here}}

  // Distinct objects, distinct fields, and read-only data twice are fine.
  offload::offload(copy, v, w);
  offload::offload(copy, f.x, f.y);
  offload::offload(twoViews, v, v, w);
  offload::offload(sums, s, t, 10);
}

// Members of a struct of views alias like parameters: across members and
// other arguments, in a braced struct written in the call or in a variable
// that only offload() calls take (others are checked when the call runs).
struct Views {
  std::span<const float> a, b;
};
struct Mixed {
  std::span<const float> in;
  offload::Region<float> out;
};
struct Nested {
  Views views;
  offload::Region<float> out;
};
void twice(Views v, offload::Region<float> out) {}
void mixed(Mixed m) {}
void nested(Nested n, std::span<const float> more) {}

void members(std::vector<float> &v, std::vector<float> &w, Fields &f) {
  offload::offload(mixed, Mixed{v, v}); // expected-error {{'v' is passed to kernel 'mixed' twice, and the kernel may write it through 'm.out'}}
  // expected-note@-1 {{it is also passed here}}
  offload::offload(twice, Views{v, w}, v); // expected-error {{'v' is passed to kernel 'twice' twice, and the kernel may write it through parameter 'out'}}
  // expected-note@-1 {{it is also passed here}}
  offload::offload(nested, Nested{{v, w}, w}, v); // expected-error {{'w' is passed to kernel 'nested' twice, and the kernel may write it through 'n.out'}}
  // expected-note@-1 {{it is also passed here}}
  Mixed m{f.x, f.x}; // expected-note 2 {{it is also passed here}}
  offload::offload(mixed, m); // expected-error {{'f' is passed to kernel 'mixed' twice, and the kernel may write it through 'm.out'}}

  // Read-only views of one vector twice, distinct fields, and a variable
  // the function changes (its initializer no longer says what it holds).
  offload::offload(twice, Views{v, v}, w);
  offload::offload(mixed, Mixed{f.x, f.y});
  Mixed changed{v, v};
  changed.in = w;
  offload::offload(mixed, changed);
}
