// In a host image, the blocks of a kernel with barriers run their threads as
// loops between the barriers (TeamLockstep.cpp), with what each thread keeps
// across a barrier in a frame of its own: locals in registers, a local
// array, a value carried around a loop of barriers, a barrier under a
// condition all threads share, a uniform early return, the tile's scans,
// a guarded division by a value all threads share, and a thread's index
// math used after barriers (computed again in each phase, not kept), and
// a value from a loop's last round used after the loop.
// Each result is checked against the same computation in plain C++.
// RUN: %offload_host -O2 -Rpass=offload-team -Rpass-missed=offload-team %s %ldflags -o %t 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: env OFFLOAD_DEVICE=host %t | FileCheck %s
// RUN: env OFFLOAD_DEVICE=host OFFLOAD_HOST_THREADS=3 %t | FileCheck %s
// RUN: %clangxx %cxxflags -O2 %s -o %t.fallback && %t.fallback | FileCheck %s
// REMARKS-DAG: lockstep.cpp:{{[0-9]+}}:1: remark: the blocks of 'rotate' run their threads as loops between barriers (2 barriers
// REMARKS-DAG: lockstep.cpp:{{[0-9]+}}:1: remark: the blocks of 'rounds' run their threads as loops between barriers
// REMARKS-DAG: lockstep.cpp:{{[0-9]+}}:1: remark: the blocks of 'keepArray' run their threads as loops between barriers
// REMARKS-DAG: lockstep.cpp:{{[0-9]+}}:1: remark: the blocks of 'scans' run their threads as loops between barriers
// REMARKS-DAG: lockstep.cpp:{{[0-9]+}}:1: remark: the blocks of 'maybeSync' run their threads as loops between barriers
// REMARKS-DAG: lockstep.cpp:{{[0-9]+}}:1: remark: the blocks of 'transposed' run their threads as loops between barriers (4 barriers, {{[0-9]|[1-4][0-9]}} bytes per thread
// REMARKS-NOT: fibers
// CHECK: rotate: PASS
// CHECK: rounds: PASS
// CHECK: keepArray: PASS
// CHECK: scans: PASS
// CHECK: maybeSync: PASS
// CHECK: guarded: PASS
// CHECK: transposed: PASS
// CHECK: afterLoop: PASS
#include <offload/offload.hpp>

#include <cstdio>
#include <vector>

constexpr std::uint32_t B = 64;
constexpr std::size_t N = 4 * B;

// Each thread takes the element of the thread after it in its block.
void rotate(std::span<const int> in, offload::Tile<int, B> t,
            offload::Region<int> out) {
  for (auto [i, o] : out) {
    t.fill([&](std::size_t k) { return in[i - t.rank() + k]; });
    o = t[(t.rank() + 1) % B] * 10 + int(i % 7);
  }
}

// A sum carried across `rounds` refills of the tile.
void rounds(int count, offload::Tile<int, B> t, offload::Region<int> out) {
  for (auto [i, o] : out) {
    int sum = int(i);
    for (int r = 0; r < count; ++r) {
      t.fill([&](std::size_t k) { return int(k) * (r + 1); });
      sum += t[(t.rank() + std::uint32_t(r)) % B];
      t.sync();
    }
    o = sum;
  }
}

// A local array that lives across a barrier, read at a varying index.
void keepArray(std::span<const int> pick, offload::Tile<int, B> t,
               offload::Region<int> out) {
  for (auto [i, o] : out) {
    int mine[8];
    for (int k = 0; k < 8; ++k)
      mine[k] = int(i) * k;
    t.fill([&](std::size_t k) { return int(k); });
    o = mine[pick[i] % 8] + t[B - 1 - t.rank()];
  }
}

// A scan and a reduction of the block, twice.
void scans(offload::Tile<long, B> t, offload::Region<long> out) {
  for (auto [i, o] : out) {
    long v = long(i % 5) + 1;
    const long before = t.exclusive_scan(v);
    const long total = t.reduce(v);
    o = before * 1000 + total + t.inclusive_scan(before % 3);
  }
}

// A barrier under a condition every thread shares, and a uniform return.
void maybeSync(int flag, offload::Tile<int, B> t, offload::Region<int> out) {
  for (auto [i, o] : out) {
    t.fill(1);
    if (flag > 1)
      t.sync();
    if (flag > 2)
      return;
    o = t[t.rank()] + flag;
  }
}

// A division by a value every thread shares, under a condition that
// guards it: kept across the barrier, never computed where the condition
// would have skipped it (a division by zero).
void guarded(int n, int d, offload::Tile<int, B> t, offload::Region<int> out) {
  for (auto [i, o] : out) {
    if (d != 0) {
      const int q = n / d;
      t.fill(2);
      o = q + t[t.rank()];
    } else {
      t.fill(1);
      o = t[t.rank()] - 2;
    }
  }
}

// The block's values transposed twice through two tiles: the thread's
// place (x, y) and the entries' addresses come from its rank, used in
// every phase. Three fills meet four barriers, not six: one between two
// fills.
void transposed(std::span<const int> in, offload::Tile<int, B> a,
                offload::Tile<int, B> b, offload::Region<int> out) {
  for (auto [i, o] : out) {
    const std::uint32_t x = a.rank() % 8, y = a.rank() / 8;
    a.fill([&](std::size_t k) { return in[i - a.rank() + k]; });
    b.fill([&](std::size_t k) { return a[k % 8 * 8 + k / 8] + int(x); });
    a.fill([&](std::size_t k) { return b[k % 8 * 8 + k / 8] * 2; });
    o = a[y * 8 + x] + b[x * 8 + y] * 1000 + int(y);
  }
}

// x comes from the loop's index in its last round; the index's next value
// (count) must not reach it after the loop.
void afterLoop(int count, offload::Tile<int, B> t, offload::Region<int> out) {
  for (auto [i, o] : out) {
    int r = 0, x;
    do {
      x = r * 7 + int(t.rank());
      t.fill([&](std::size_t k) { return int(k) + r; });
      ++r;
    } while (r < count);
    t.sync();
    o = x * 100 + t[B - 1 - t.rank()];
  }
}

template <class T> bool same(const std::vector<T> &A, const std::vector<T> &E) {
  for (std::size_t I = 0; I < A.size(); ++I)
    if (A[I] != E[I]) {
      std::printf("  element %zu: %ld, expected %ld\n", I, long(A[I]),
                  long(E[I]));
      return false;
    }
  return true;
}
void report(const char *Name, bool Ok) {
  std::printf("%s: %s\n", Name, Ok ? "PASS" : "FAIL");
}

int main() {
  const offload::Launch L{.threads = N, .block = B};
  std::vector<int> In(N), Pick(N), Out(N), Expect(N);
  for (std::size_t I = 0; I < N; ++I)
    In[I] = int(I * 3 % 17), Pick[I] = int(I * 5 % 11);

  offload::offload(L, rotate, In, offload::team_memory, Out);
  for (std::size_t I = 0; I < N; ++I)
    Expect[I] = In[I - I % B + (I % B + 1) % B] * 10 + int(I % 7);
  report("rotate", same(Out, Expect));

  offload::offload(L, rounds, 4, offload::team_memory, Out);
  for (std::size_t I = 0; I < N; ++I) {
    int Sum = int(I);
    for (int R = 0; R < 4; ++R)
      Sum += int((I % B + R) % B) * (R + 1);
    Expect[I] = Sum;
  }
  report("rounds", same(Out, Expect));

  offload::offload(L, keepArray, Pick, offload::team_memory, Out);
  for (std::size_t I = 0; I < N; ++I)
    Expect[I] = int(I) * (Pick[I] % 8) + int(B - 1 - I % B);
  report("keepArray", same(Out, Expect));

  std::vector<long> Long(N), LongExpect(N);
  offload::offload(L, scans, offload::team_memory, Long);
  for (std::size_t Block = 0; Block < N; Block += B) {
    long Total = 0, Before = 0, Inclusive = 0;
    for (std::size_t I = Block; I < Block + B; ++I)
      Total += long(I % 5) + 1;
    for (std::size_t I = Block; I < Block + B; ++I) {
      Inclusive += Before % 3;
      LongExpect[I] = Before * 1000 + Total + Inclusive;
      Before += long(I % 5) + 1;
    }
  }
  report("scans", same(Long, LongExpect));

  bool Ok = true;
  for (int Flag = 1; Flag <= 3; ++Flag) {
    std::fill(Out.begin(), Out.end(), -1);
    offload::offload(L, maybeSync, Flag, offload::team_memory, Out);
    for (std::size_t I = 0; I < N; ++I)
      Expect[I] = Flag > 2 ? -1 : 1 + Flag;
    Ok = Ok && same(Out, Expect);
  }
  report("maybeSync", Ok);

  Ok = true;
  for (int D : {0, 7}) {
    offload::offload(L, guarded, 100, D, offload::team_memory, Out);
    for (std::size_t I = 0; I < N; ++I)
      Expect[I] = D ? 100 / D + 2 : -1;
    Ok = Ok && same(Out, Expect);
  }
  report("guarded", Ok);

  offload::offload(L, transposed, In, offload::team_memory,
                   offload::team_memory, Out);
  for (std::size_t I = 0; I < N; ++I) {
    const std::size_t Start = I - I % B, R = I % B, X = R % 8, Y = R / 8;
    // b[k] = in[start + transpose(k)] + (k % B) % 8, a[k] = 2 b[transpose(k)]
    auto BAt = [&](std::size_t K) {
      return In[Start + K % 8 * 8 + K / 8] + int(K % 8);
    };
    Expect[I] = 2 * BAt(X * 8 + Y) + BAt(X * 8 + Y) * 1000 + int(Y);
  }
  report("transposed", same(Out, Expect));

  offload::offload(L, afterLoop, 3, offload::team_memory, Out);
  for (std::size_t I = 0; I < N; ++I)
    Expect[I] = (2 * 7 + int(I % B)) * 100 + int(B - 1 - I % B) + 2;
  report("afterLoop", same(Out, Expect));
}
