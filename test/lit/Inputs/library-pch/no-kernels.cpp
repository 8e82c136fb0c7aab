// No kernels: the host pass alone, which decides whether device compiles
// may read the library header precompiled.
#include <offload/offload.hpp>

int main() { return 0; }
