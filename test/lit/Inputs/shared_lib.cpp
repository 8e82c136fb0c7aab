// A shared library with a kernel of its own (test/lit/e2e/shared-library.test).
#include <offload/offload.hpp>
#include <vector>

static void addTen(offload::Region<int> V) {
  for (auto [I, Vi] : V)
    Vi += 10;
}

void libraryAddTen(std::vector<int> &V) { offload::offload(addTen, V); }
