#include <offload/offload.hpp>
#include <vector>
void k(offload::Region<int> v) {}
int main() {
  std::vector<int> v(10);
  offload::offload(offload::Launch{.threads = 10, .block = 2048}, k, v);
}
