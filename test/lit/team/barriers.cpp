// Tile::fill(), sync() and the scans are barriers of the whole block: under a condition
// that depends on the thread (the tile's rank(), a variable a loop over a
// Region or Range binds) they are an error, with a note at the condition.
// Barriers inside the loop over a Region, or under conditions on values all
// threads share, are accepted. A tile's elements are read-only outside
// fill().
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
// RUN: %offload_host -fsyntax-only -Xclang -verify -DWRITE %s
#include <offload/offload.hpp>
#include <vector>

#if !defined(WRITE)
void onRank(offload::Tile<int, 64> t, offload::Region<int> out) {
  if (t.rank() == 0) // expected-note {{this condition depends on the thread (the thread's rank())}}
    t.fill(1); // expected-error {{kernel 'onRank' calls offload::Tile::fill() under a condition that differs between the threads of a block; offload::Tile::fill() is a barrier that every thread of the block must reach: move it out of the condition}}
  for (auto [i, o] : out)
    o = t[0];
}

void onIndex(offload::Range<> r, offload::Tile<int, 64> t) {
  for (std::uint64_t i : r)
    while (i % 2 == 0) { // expected-note {{this condition depends on the thread ('i', bound by a loop over a Region or Range)}}
      t.sync(); // expected-error {{kernel 'onIndex' calls offload::Tile::sync() under a condition}}
      break;
    }
}

void onElement(offload::Tile<int, 64> t, offload::Region<int> out) {
  for (auto [i, o] : out)
    o = i > 3 ? (t.sync(), 1) : 0; // expected-error {{calls offload::Tile::sync() under a condition}} expected-note {{('i', bound by a loop}}
}

void twoTiles(offload::Tile<int, 64> t, offload::Tile<int, 64> u,
              offload::Region<int> out) {
  for (auto [i, o] : out) {
    if (i % 3) // expected-note {{('i', bound by a loop}}
      offload::fill(t, [](std::size_t k) { return int(k); }, u, [](std::size_t k) { return -int(k); }); // expected-error {{kernel 'twoTiles' calls offload::fill() under a condition}}
    o = t[0] + u[0];
  }
}

// Scans and reduce() are barriers too.
void scanOnIndex(offload::Tile<int, 64> t, offload::Region<int> out) {
  for (auto [i, o] : out) {
    if (i < 10) // expected-note {{('i', bound by a loop}}
      o = t.exclusive_scan(1); // expected-error {{kernel 'scanOnIndex' calls offload::Tile::exclusive_scan() under a condition}}
    o += t.rank() > 2 ? t.reduce(o) : 0; // expected-error {{kernel 'scanOnIndex' calls offload::Tile::reduce() under a condition}} expected-note {{(the thread's rank())}}
    o += t.inclusive_scan(o); // a uniform scan: fine
  }
}

// Uniform conditions and barriers inside the loop over a Region are fine.
void uniform(int rounds, offload::Tile<int, 64> t, offload::Region<int> out) {
  for (auto [i, o] : out)
    for (int r = 0; r < rounds; ++r) {
      if (rounds > 2)
        t.fill([&](std::size_t k) { return int(k) + r; });
      t.sync();
      o += t[(i + 1) % 64];
    }
}

// A 2-D tile's barriers too.
void onRow(offload::Range<offload::Grid2D> r, offload::Tile2D<int, 8, 8> t) {
  for (auto [row, col] : r) {
    if (row < 4) // expected-note {{('row', bound by a loop}}
      t.fill([](std::size_t i, std::size_t j) { return int(i + j); }); // expected-error {{kernel 'onRow' calls offload::Tile2D::fill() under a condition that differs between the threads of a block; offload::Tile2D::fill() is a barrier}}
    t.sync();
  }
}

void calls(std::vector<int> &v) {
  offload::offload(onRow, offload::Range<offload::Grid2D>(64, {8, 8}),
                   offload::team_memory);
  offload::offload(onRank, offload::team_memory, v);
  offload::offload(onIndex, 64, offload::team_memory);
  offload::offload(onElement, offload::team_memory, v);
  offload::offload(uniform, 3, offload::team_memory, v);
  offload::offload(twoTiles, offload::team_memory, offload::team_memory, v);
  offload::offload(scanOnIndex, offload::team_memory, v);
}
#else
void writes(offload::Tile<int, 64> t, offload::Region<int> out) {
  for (auto [i, o] : out)
    t[i % 64] = o; // expected-error {{cannot assign to return value because function 'operator[]' returns a const value}}
}
void writes2D(offload::Tile2D<int, 8, 8> t, offload::Region<int> out) {
  for (auto [i, o] : out)
    t(i % 8, 0) = o; // expected-error {{cannot assign to return value because function 'operator()' returns a const value}}
}
// expected-note@*:* {{function 'operator[]' which returns const-qualified type 'const int &' declared here}}
// expected-note@*:* {{function 'operator()' which returns const-qualified type 'const int &' declared here}}
#endif
