// The device translation unit: the original source, then one extern "C"
// entry per kernel instantiation taking the implicit dyn_ptr and one 8-byte
// slot per argument word (data pointers restrict: what a kernel writes
// reaches no other parameter), then a declare-target table that makes OpenMP
// device mode emit the entries, and the device environment liboffload
// writes into every image it loads; every identifier of the entries is
// #undef'ed around them (pushed and popped), so that no macro of the source
// respells them.
// RUN: %offload_host -fsyntax-only -fplugin-arg-offload-dump=device-source %s | FileCheck %s
#include <offload/offload.hpp>
#include <vector>

struct Pair {
  float a, b;
};
template <class T> void fill(Pair p, offload::Region<T> v) {}

void run(std::vector<float> &f, std::vector<double> &d) {
  offload::offload(fill<float>, Pair{1, 2}, f);
  offload::offload(fill<double>, Pair{1, 2}, d);
}

// CHECK:      // cxx-offload device translation unit, from kernel metadata v5.
// CHECK-NEXT: #include "{{.*}}device-source.cpp"
// CHECK-NEXT: #pragma push_macro("Pair")
// CHECK-NEXT: #undef Pair
// CHECK:      #pragma push_macro("weak")
// CHECK-NEXT: #undef weak
// CHECK-NEXT: // kernel fill<{{double|float}}>
// CHECK-NEXT: extern "C" OFFLOAD_ENTRY_ATTRIBUTES void [[E1:__offload_k_[0-9a-f]+]](void *, std::uint64_t s0, std::uint64_t s1, std::uint64_t s2, std::uint64_t s3, std::uint64_t s4, void *__restrict s5, std::uint64_t s6) {
// CHECK-NEXT:   const std::uint64_t Slots[] = {s0, s1, s2, s3, s4, reinterpret_cast<std::uint64_t>(s5), s6};
// CHECK-NEXT:   ::offload::detail::deviceEntry<static_cast<void (*)(Pair, offload::Region<{{double|float}}>)>(&::fill<{{double|float}}>)>(Slots);
// CHECK-NEXT: }
// CHECK-NEXT: // kernel fill<{{double|float}}>
// CHECK-NEXT: extern "C" OFFLOAD_ENTRY_ATTRIBUTES void [[E2:__offload_k_[0-9a-f]+]](void *, std::uint64_t s0, std::uint64_t s1, std::uint64_t s2, std::uint64_t s3, std::uint64_t s4, void *__restrict s5, std::uint64_t s6) {
// CHECK:      #pragma omp begin declare target
// CHECK-NEXT: {{\[\[}}gnu::used]] static void *const __offload_entries[] = {(void *)&[[E1]], (void *)&[[E2]]};
// CHECK-NEXT: extern "C" {
// CHECK-NEXT: {{\[\[}}gnu::used, gnu::retain, gnu::weak, gnu::visibility("protected")]] unsigned long long __omp_rtl_device_environment[6];
// CHECK-NEXT: }
// CHECK-NEXT: #pragma omp end declare target
// CHECK-NEXT: #pragma pop_macro("Pair")
// CHECK:      #pragma pop_macro("weak")
// CHECK-NOT:  #
