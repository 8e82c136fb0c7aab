// Kernel parameters must have a type offload() can move to a device.
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
#include <offload/offload.hpp>
#include <string>
#include <vector>

void rawPointer(float *p, offload::Region<float> y) {} // expected-error {{kernel parameter 'p' has type 'float *', which offload() cannot pass to a device; use a scalar, a trivially copyable struct, std::span<const T>, const std::vector<T>&, const std::array<T, N>& or offload::Region<T, Strategy>}}
void mutableRef(std::vector<float> &v, offload::Region<float> y) {} // expected-error {{kernel parameter 'v' has type 'std::vector<float> &', which offload() cannot pass to a device}}
void notTrivial(std::string s, offload::Region<float> y) {} // expected-error {{kernel parameter 's' has type 'std::string' (aka 'basic_string<char>'), which offload() cannot pass to a device}}

void run(std::vector<float> &v, float *p) {
  offload::offload(rawPointer, p, v);
  offload::offload(mutableRef, v, v);
  offload::offload(notTrivial, std::string("x"), v);
}
