// Launch geometry that is not a multiple of the block, and data of odd
// sizes: offload::Launch{.threads = 1, 777, 1000; .block = 64, 1024} on a
// kernel without a Region (how often did the body run?), on a Range, and on
// a Region larger or smaller than the launch; Regions of 1, 777, 1000 and
// 4097 elements of several element types, two Regions of different sizes
// in one kernel; 2-D and 3-D Regions of odd sizes with
// offload::Launch{.block_shape} (blocks of 32 x 8 x 1, 8 x 4 x 2, 1 x 1 x 1,
// 64 x 1 x 1), each logical thread counting its body runs. All results are
// integers or exact: 0 ulp.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <cstdint>
#include <vector>

namespace {

// No Region or Range: each logical thread runs the body once.
void count_body(offload::Atomic<unsigned long long> hits) { hits.add(0, 1ull); }

void count_range(offload::Range<> r, offload::Atomic<unsigned> hits) {
  for (std::uint64_t i : r)
    hits.add(i, 1u);
}

void mark(int value, offload::Region<int> v,
          offload::Atomic<unsigned long long> bodies) {
  for (auto [i, vi] : v) {
    vi = value;
    bodies.add(0, 1ull);
  }
}

struct Cell {
  double d;
  float f;
  std::uint8_t b;
  short s;
};
void fill(offload::Region<Cell> cells, offload::Region<std::uint8_t> bytes) {
  for (auto [i, c] : cells)
    c = {double(i) * 0.5, float(i) - 0.25f, std::uint8_t(i * 7),
         short(int(i) - 30000)};
  for (auto [i, b] : bytes)
    b = std::uint8_t(i ^ (i >> 8));
}

// Each element gets its position; Bodies counts the kernel's body runs.
void positions3d(offload::Region<long long, offload::Grid3D> v,
                 offload::Atomic<unsigned> bodies) {
  bodies.add(0, 1u);
  for (auto [i, j, k, x] : v)
    x = (long long)(i + 1000 * j + 1000000 * k);
}
void positions2d(offload::Region<int, offload::Grid2D> v) {
  for (auto [i, j, x] : v)
    x = int(i * 7 + j * 1000);
}

void two_sizes(offload::Region<int> small, offload::Region<long long> large) {
  for (auto [i, s] : small)
    s = int(i) * 2 + 1;
  for (auto [i, l] : large)
    l = (long long)i * i - 5;
}

} // namespace

int main() {
  using corpus::print, corpus::printSampled;
  for (std::uint32_t Block : {64u, 1024u})
    for (std::uint64_t Threads : {1u, 777u, 1000u}) {
      const std::string G =
          ".t" + std::to_string(Threads) + ".b" + std::to_string(Block);
      offload::Launch L{.threads = Threads, .block = Block};

      std::vector<unsigned long long> Hits(1, 0);
      offload::offload(L, count_body, Hits);
      print("count_body" + G, 0, Hits[0]);

      // A Range of 1000 positions: each launched thread owns its index.
      std::vector<unsigned> PerIndex(1000, 0);
      offload::offload(L, count_range, 1000, PerIndex);
      printSampled("count_range" + G, 0, PerIndex);

      std::vector<int> V(800, -1);
      std::vector<unsigned long long> Bodies(1, 0);
      offload::offload(L, mark, 9, V, Bodies);
      printSampled("mark" + G, 0, V);
      print("mark" + G + ".bodies", 0, Bodies[0]);
    }

  // More threads than elements: the extra threads own nothing.
  std::vector<int> V(1000, -1);
  std::vector<unsigned long long> Bodies(1, 0);
  offload::offload(offload::Launch{.threads = 4097, .block = 64}, mark, 4, V,
                   Bodies);
  printSampled("mark.t4097.b64", 0, V);
  print("mark.t4097.b64.bodies", 0, Bodies[0]);

  for (std::uint64_t N : {1u, 777u, 1000u, 4097u}) {
    const std::string Size = ".n" + std::to_string(N);
    std::vector<Cell> Cells(N);
    std::vector<std::uint8_t> Bytes(N + 3);
    offload::offload(fill, Cells, Bytes);
    std::vector<double> D;
    std::vector<float> F;
    std::vector<int> B, S;
    for (const Cell &C : Cells) {
      D.push_back(C.d);
      F.push_back(C.f);
      B.push_back(C.b);
      S.push_back(C.s);
    }
    printSampled("fill" + Size + ".d", 0, D);
    printSampled("fill" + Size + ".f", 0, F);
    printSampled("fill" + Size + ".b", 0, B);
    printSampled("fill" + Size + ".s", 0, S);
    printSampled("fill" + Size + ".bytes", 0, Bytes);

    // Default geometry from a Range of N positions.
    std::vector<unsigned> PerIndex(N, 0);
    offload::offload(count_range, N, PerIndex);
    printSampled("count_range" + Size, 0, PerIndex);
  }

  const offload::BlockShape Shapes[] = {
      {32, 8, 1}, {8, 4, 2}, {1, 1, 1}, {64, 1, 1}};
  for (const offload::BlockShape &B : Shapes) {
    const std::string Name = ".b" + std::to_string(B.x) + "x" +
                             std::to_string(B.y) + "x" + std::to_string(B.z);
    const offload::Grid3D Box(37, 9, 5);
    std::vector<long long> V3(37 * 9 * 5, -1);
    std::vector<unsigned> Bodies3(1, 0);
    offload::offload(offload::Launch{.block_shape = B}, positions3d,
                     offload::Region<long long, offload::Grid3D>(V3, Box),
                     Bodies3);
    printSampled("positions3d" + Name, 0, V3);
    print("positions3d" + Name + ".bodies", 0, Bodies3[0]);
    std::vector<int> V2(33 * 17, -1);
    offload::offload(offload::Launch{.block_shape = B}, positions2d,
                     offload::Region<int, offload::Grid2D>(
                         V2, offload::Grid2D(33, 17)));
    printSampled("positions2d" + Name, 0, V2);
  }

  std::vector<int> Small(777);
  std::vector<long long> Large(4097);
  offload::offload(two_sizes, Small, Large);
  printSampled("two_sizes.small", 0, Small);
  printSampled("two_sizes.large", 0, Large);
}
