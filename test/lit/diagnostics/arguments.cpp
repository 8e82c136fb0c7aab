// Each argument must initialize its kernel parameter; a mutable Region
// needs non-const data.
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
#include <offload/offload.hpp>
#include <string>
#include <vector>

void k(float a, std::span<const float> x, offload::Region<float> y) {} // expected-note 2 {{kernel 'k' declared here}}
// expected-note@-1 {{parameter 'y' declared here}}
// expected-note@-2 {{parameter 'x' declared here}}
// expected-note@-3 {{parameter 'a' declared here}}
// expected-note@-4 {{parameter 'y' declared here}}

void run(std::vector<float> &x, std::vector<float> &y,
         const std::vector<float> &cy, std::vector<double> &d, std::string s) {
  offload::offload(k, 1.0f, x, y);
  offload::offload(k, 1.0f, x, cy); // expected-error {{kernel parameter 'y' is a mutable offload::Region, but the argument of type 'const std::vector<float>' is const}}
  offload::offload(k, 1.0f, d, y); // expected-error {{argument of type 'std::vector<double>' cannot initialize kernel parameter 'x' of type 'std::span<const float>'}}
  offload::offload(k, s, x, y); // expected-error {{argument of type 'std::string' (aka 'basic_string<char>') cannot initialize kernel parameter 'a' of type 'float'}}
  offload::offload(k, 1.0f, x, d); // expected-error {{argument of type 'std::vector<double>' cannot initialize kernel parameter 'y' of type 'offload::Region<float>'}}
  offload::offload(k, 1.0f, x); // expected-error {{offload() passes 2 arguments but kernel 'k' has 3 parameters}}
  offload::offload(k, 1.0f, x, y, y); // expected-error {{offload() passes 4 arguments but kernel 'k' has 3 parameters}}
}
