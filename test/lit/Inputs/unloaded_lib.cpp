// A plugin-built library that a program opens and closes
// (test/lit/e2e/dlclose.test).
#include <offload/offload.hpp>
#include <vector>

static void addTen(offload::Region<int> V) {
  for (auto [I, Vi] : V)
    Vi += 10;
}

extern "C" int libraryAddTen(int Value) {
  std::vector<int> V(1000, Value);
  offload::offload(addTen, V);
  for (int X : V)
    if (X != Value + 10)
      return -1;
  return V[0];
}
