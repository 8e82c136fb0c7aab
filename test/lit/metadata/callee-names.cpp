// The device pass names each kernel with C++ that resolves from the end of
// the translation unit: qualified through namespaces (anonymous and inline
// ones dropped), with its template arguments, through a cast that picks one
// overload.
// RUN: %offload_host -fsyntax-only -fplugin-arg-offload-dump=metadata %s | FileCheck %s
#include <offload/offload.hpp>
#include <vector>

namespace outer::inner {
void k(offload::Region<int> v) {}
void k(offload::Region<long> v) {}
} // namespace outer::inner

namespace {
template <unsigned N, bool B> void hidden(offload::Region<int> v) {}
} // namespace

inline namespace v1 {
void versioned(offload::Region<int> v) {}
} // namespace v1

struct Holder {
  static void member(offload::Region<int> v) {}
};

void run(std::vector<int> &i, std::vector<long> &l) {
  offload::offload(static_cast<void (*)(offload::Region<int>)>(outer::inner::k), i);
  offload::offload(static_cast<void (*)(offload::Region<long>)>(outer::inner::k), l);
  offload::offload(hidden<7u, true>, i);
  offload::offload(versioned, i);
  offload::offload(Holder::member, i);
}

// CHECK-DAG: "callee": "static_cast<void (*)(offload::Region<int>)>(&::outer::inner::k)"
// CHECK-DAG: "callee": "static_cast<void (*)(offload::Region<long>)>(&::outer::inner::k)"
// CHECK-DAG: "callee": "static_cast<void (*)(offload::Region<int>)>(&::hidden<static_cast<unsigned int>(7ULL), true>)"
// CHECK-DAG: "callee": "static_cast<void (*)(offload::Region<int>)>(&::versioned)"
// CHECK-DAG: "callee": "static_cast<void (*)(offload::Region<int>)>(&Holder::member)"
