// A struct of views is built by the caller, as any argument is: a vector
// does not become a struct holding its Region. Without the plugin the header
// checks arguments as a call would (copy-initialization), not as C++20's
// parenthesized aggregate initialization would allow (a finding of the
// fuzzer's into_struct mutation: the plain build accepted this call and ran
// it, the plugin's build rejected it).
// RUN: %offload_host -fsyntax-only -Xclang -verify=plugin %s
// RUN: %clangxx %cxxflags -fsyntax-only -Xclang -verify=plain -Xclang -verify-ignore-unexpected=note %s
// RUN: %if gxx %{ not %gxx %cxxflags -fsyntax-only %s 2>&1 | FileCheck %s %}
#include <offload/offload.hpp>
#include <vector>

struct Moved {
  offload::Region<int> v;
};
void add(int d, Moved m) { // plugin-note {{parameter 'm' declared here}}
  for (auto [i, vi] : m.v)
    vi += d;
}

void run(std::vector<int> &v) {
  offload::offload(add, 5, Moved{v});
  offload::offload(add, 1, v); // plugin-error {{argument of type 'std::vector<int>' cannot initialize kernel parameter 'm' of type 'Moved'}}
  // plain-error@offload/offload.hpp:* {{offload(): an argument cannot be converted to its kernel parameter}}
}
// CHECK: error: static assertion failed{{.*}}an argument cannot be converted to its kernel parameter
