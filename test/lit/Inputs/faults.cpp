// Faults, one per mode (argv[1]); each must end in "offload: error: ..."
// and a non-zero exit (or, for queued-exit, a clean exit), never a hang.
#include <offload/offload.hpp>
#include <offload/preload.hpp>

#include <cstdio>
#include <cstring>
#include <span>
#include <sys/mman.h>
#include <vector>

void spin(offload::Atomic<int> flag, offload::Region<int> out) {
  for (auto [i, o] : out)
    while (flag.load(0) == 0) // nothing sets it
      o = 1;
}
void sum(std::span<const char> in, offload::Region<long> out) {
  for (auto [i, o] : out)
    o = in[i] + in[in.size() - 1 - i];
}
void count(offload::Range<> r, offload::Atomic<int> bins) {
  for (std::uint64_t i : r)
    bins.add(i, 1); // bins has fewer elements than r
}
void twice(offload::Region<int> v) {
  for (auto [i, x] : v)
    x *= 2;
}

void wild(offload::Region<int> v) {
  for (auto [i, x] : v)
    v.unchecked(i + (std::uint64_t(1) << 40)) = x; // far outside v
}

// 128 values live at once: 255 registers on sm_90, so blocks of at most 256.
void heavy(std::span<const float> x, offload::Region<float> y) {
  for (auto [i, v] : y) {
    float acc[128];
#pragma unroll
    for (int k = 0; k < 128; ++k)
      acc[k] = x[(i + k) % x.size()];
    for (int r = 0; r < 64; ++r) {
      const float t = x[(i * 7 + r) % x.size()];
#pragma unroll
      for (int k = 0; k < 128; ++k)
        acc[k] = acc[k] * acc[(k + 5) % 128] + t;
    }
    float s = 0;
#pragma unroll
    for (int k = 0; k < 128; ++k)
      s += acc[k];
    v = s;
  }
}

// 16 TiB of address space, no memory behind it: more than any device has.
std::span<const char> huge() {
  const std::size_t Bytes = std::size_t(1) << 44;
  void *P = mmap(nullptr, Bytes, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS |
                                                MAP_NORESERVE, -1, 0);
  if (P == MAP_FAILED) {
    std::perror("mmap");
    std::exit(2);
  }
  return {static_cast<const char *>(P), Bytes};
}

int main(int argc, char **argv) {
  const char *Mode = argc > 1 ? argv[1] : "";
  std::vector<int> V(1000, 1), Flag(1, 0), Bins(10, 0);
  std::vector<long> Out(4);
  if (!std::strcmp(Mode, "spin")) {
    auto H = offload::preload_mut(V);
    offload::offload(spin, Flag, H);
    std::puts("queued");
    std::fflush(stdout);
    offload::synchronize();
  } else if (!std::strcmp(Mode, "huge-call")) {
    offload::offload(sum, huge(), Out);
  } else if (!std::strcmp(Mode, "huge-preload")) {
    auto H = offload::preload(huge());
    std::puts("preloaded");
  } else if (!std::strcmp(Mode, "atomic-range")) {
    offload::offload(count, 20, Bins);
  } else if (!std::strcmp(Mode, "wild")) {
    offload::offload(wild, V);
  } else if (!std::strcmp(Mode, "after-failure")) {
    // A kernel on preloaded data fails after its call returned; the next
    // call reports it.
    auto B = offload::preload_mut(Bins);
    auto H = offload::preload_mut(V);
    offload::offload(count, 20, B);
    std::puts("queued");
    std::fflush(stdout);
    offload::offload(twice, H);
    offload::synchronize();
  } else if (!std::strcmp(Mode, "big-block")) {
    // A block the kernel's registers do not allow: named with the limit (on
    // a GPU; the host device has none, so it runs).
    std::vector<float> X(4096, 0.5f), Y(4096);
    std::printf("max_block %d\n", offload::kernel_resources(heavy).max_block);
    std::fflush(stdout);
    offload::offload(offload::Launch{.block = 1024}, heavy, X, Y);
  } else if (!std::strcmp(Mode, "queued-exit")) {
    // exit() with launches still queued: they finish, then the process ends.
    static std::vector<int> W(1 << 20, 1);
    static auto H = offload::preload_mut(W);
    for (int I = 0; I < 64; ++I)
      offload::offload(twice, H);
    std::puts("exiting");
    std::exit(0);
  }
  std::puts("done");
}
