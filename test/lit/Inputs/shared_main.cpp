// The program that links shared_lib.cpp's library: while it keeps V
// preloaded, the library's call must use the same device copy, which only
// one runtime shared by both can give.
#include <offload/offload.hpp>
#include <cstdio>
#include <vector>

void libraryAddTen(std::vector<int> &V);

static void addOne(offload::Region<int> V) {
  for (auto [I, Vi] : V)
    Vi += 1;
}

int main() {
  std::vector<int> V(1000, 3);
  {
    auto Handle = offload::preload_mut(V);
    offload::offload(addOne, Handle);
    libraryAddTen(V);
    std::printf("preloaded: host %d\n", V[999]);
  }
  std::printf("released: host %d %d\n", V[0], V[999]);
}
