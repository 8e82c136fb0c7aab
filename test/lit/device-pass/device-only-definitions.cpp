// What the host analysis sees but a device compile does not (a definition
// only the host preprocessor keeps) leaves the image a symbol nothing
// defines: the device compile's module check reports it for the kernels
// that reach it, at their offload() calls, never as a raw loader or ptxas
// message. (ptxas would define an unresolved variable as zeros.)
// RUN: not %offload_host -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=HOST
// RUN: %if ptxas %{ not %offload -fplugin-arg-offload-targets=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=SM90 %}
#include <offload/offload.hpp>
#include <vector>

double scaleOf(int);
extern const double Table[2];
#if !defined(__OFFLOAD_DEVICE__)
double scaleOf(int i) { return 1.5 * i; }
const double Table[2] = {1, 2};
#endif

void useFunction(offload::Region<double> v) {
  for (auto [i, vi] : v)
    vi = scaleOf(int(i));
}
void useTable(offload::Region<double> v) {
  for (auto [i, vi] : v)
    vi = Table[i % 2];
}
void run(std::vector<double> &v) {
  offload::offload(useFunction, v);
  offload::offload(useTable, v);
}
// HOST-DAG: device-only-definitions.cpp:27:3: error: kernel 'useFunction' cannot be built for 'host': it uses the function 'scaleOf(int)', and it is neither in this translation unit nor in the C, C++ and math libraries: define it in this translation unit, or keep it out of the code kernels call
// HOST-DAG: device-only-definitions.cpp:28:3: error: kernel 'useTable' cannot be built for 'host': it uses the variable 'Table', and no definition of it is in this translation unit, so the device has no copy to read; define it here (constexpr, or const with a constant initializer) or pass its value as an argument
// SM90-DAG: device-only-definitions.cpp:27:3: error: kernel 'useFunction' cannot be built for 'sm_90': it uses the function 'scaleOf(int)', and GPUs have no definition of it: define it in this translation unit, or keep it out of the code kernels call
// SM90-DAG: device-only-definitions.cpp:28:3: error: kernel 'useTable' cannot be built for 'sm_90': it uses the variable 'Table'
