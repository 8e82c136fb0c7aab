// Data that a kernel reads and writes through two arguments whose host
// ranges overlap: each would get a device copy of its own, so the call
// stops on every device, and without the plugin too. Once as parameters
// (through references the plugin cannot follow), once as the members of a
// struct of views that the function changes after building it.
#include <offload/offload.hpp>
#include <cstdio>
#include <span>
#include <vector>
void shift(std::span<const int> in, offload::Region<int> out) {
  for (auto [i, v] : out)
    v = in[(i + 1) % in.size()];
}
struct Shift {
  std::span<const int> in;
  offload::Region<int> out;
};
void shiftStruct(Shift s) { shift(s.in, s.out); }
void twice(const std::vector<int> &in, std::vector<int> &out) {
  offload::offload(shift, in, out);
}
int main(int argc, char **) {
  std::vector<int> v(10, 1), w(10, 2);
  twice(w, v); // distinct: fine
  std::fprintf(stderr, "distinct %d\n", v[0]);
  if (argc > 1) {
    Shift s{w, v};
    s.in = std::span<const int>(v).subspan(2); // overlaps s.out
    offload::offload(shiftStruct, s);
  } else {
    twice(v, v);
  }
  std::printf("PASS\n");
}
