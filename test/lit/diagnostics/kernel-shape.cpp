// The kernel argument must name a void function the device pass can see.
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
#include <offload/offload.hpp>
#include <vector>

void fine(offload::Region<int> v) {}
void declaredOnly(offload::Region<int> v); // expected-note {{kernel 'declaredOnly' declared here}}
int returnsInt(offload::Region<int> v) { return 0; } // expected-note {{kernel 'returnsInt' declared here}}
void variadic(offload::Region<int> v, ...) {} // expected-note {{kernel 'variadic' declared here}}
template <class T> void onlyDeclared(offload::Region<T> v); // expected-note {{kernel 'onlyDeclared<int>' declared here}}

struct S {
  void method(offload::Region<int> v) {}
};

void run(std::vector<int> &v, S &s) {
  offload::offload(fine, v);
  offload::offload(declaredOnly, v); // expected-error {{kernel 'declaredOnly' has no definition in this translation unit; the device pass can only compile kernels whose body it sees}}
  offload::offload(onlyDeclared<int>, v); // expected-error {{kernel 'onlyDeclared<int>' has no definition in this translation unit}}
  offload::offload(returnsInt, v); // expected-error {{kernel 'returnsInt' returns 'int'; kernels return void and write results through offload::Region parameters}}
  offload::offload(variadic, v); // expected-error {{kernel 'variadic' is variadic; a kernel's parameters must be fixed}}
  offload::offload(42, v); // expected-error {{the kernel passed to offload() must name a function or be a lambda or function object; this is an expression of type 'int'}}
  auto *pointer = &fine;
  offload::offload(pointer, v); // expected-error {{offload() needs the kernel's name, not the function pointer 'pointer', so that the kernel can be compiled for the device}}
  offload::offload(reinterpret_cast<void (*)(offload::Region<int>)>(&returnsInt), v); // expected-error {{the kernel passed to offload() must name a function}}
}

void local(std::vector<int> &v) {
  struct Local {
    static void k(offload::Region<int> v) {} // expected-note {{kernel 'k' declared here}}
  };
  offload::offload(Local::k, v); // expected-error {{kernel 'k' is declared inside a function, where the device pass cannot name it; declare it at namespace scope}}
}
