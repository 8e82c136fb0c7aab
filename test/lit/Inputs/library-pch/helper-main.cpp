#include "helper.hpp"
#include <offload/offload.hpp>

int main() { return 0; }
