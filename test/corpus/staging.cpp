// Explicit staging as a class does it: arrays preloaded in the constructor
// and held as offload::Preloaded members, a scratch array that is only
// allocated on the device (offload::uninitialized) and discarded at the end,
// ping-pong handles swapped every step, and a reduction whose result steers
// the host loop. Integer diffusion, so every device gives the same steps
// and values exactly; a max reduction over doubles is exact in any order.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <cstdint>
#include <utility>
#include <vector>

namespace {

using Values = std::vector<std::int64_t>;

// One smoothing step with fixed ends; Moved sums how far the values moved.
void smooth(std::span<const std::int64_t> u, offload::Region<std::int64_t> next,
            offload::ReduceSum<std::int64_t> moved) {
  for (auto [i, v] : next) {
    const std::size_t n = u.size();
    v = i == 0 || i + 1 == n ? u[i] : (u[i - 1] + 2 * u[i] + u[i + 1]) / 4;
    moved += v > u[i] ? v - u[i] : u[i] - v;
  }
}

void peak(std::span<const std::int64_t> u, offload::Range<> r,
          offload::ReduceMax<double> top) {
  for (std::uint64_t i : r)
    top.max(double(u[i]) / 1024);
}

class Diffusion {
public:
  explicit Diffusion(Values Initial) : A(std::move(Initial)), B(A.size(), -1) {
    Current = offload::preload_mut(A);
    Next = offload::preload_mut(B, offload::uninitialized);
  }
  ~Diffusion() { Next.discard(); }

  /// Steps until nothing moves, at most MaxSteps; returns the steps taken.
  int settle(int MaxSteps) {
    int Steps = 0;
    while (Steps < MaxSteps) {
      std::int64_t Moved = 0;
      offload::offload(smooth, Current, Next, Moved);
      std::swap(Current, Next);
      ++Steps;
      if (Moved == 0)
        break;
    }
    return Steps;
  }

  double top() {
    double Top = -1;
    offload::offload(peak, Current, offload::Range<>(Current.size()), Top);
    return Top;
  }

  const Values &values() {
    Current.sync();
    return Current.get();
  }

private:
  Values A, B; // before the handles, which end first
  offload::Preloaded<Values> Current, Next;
};

} // namespace

int main() {
  using corpus::print;
  using corpus::printSampled;
  for (std::size_t n : {7u, 300u, 4099u}) {
    Values start(n, 0);
    for (std::size_t i = 0; i < n; ++i)
      start[i] = std::int64_t((i * 7919) % 1000) * 1024 - 300000;
    start.front() = 1 << 20;
    start.back() = -(1 << 18);
    Diffusion d(start);
    const int steps = d.settle(400);
    const std::string name = "diffusion." + std::to_string(n);
    print(name + ".steps", 0, steps);
    print(name + ".top", 0, d.top());
    printSampled(name + ".values", 0, d.values());
    // A second settle continues from the device copy.
    print(name + ".more_steps", 0, d.settle(50));
    printSampled(name + ".values_after", 0, d.values());
  }

  // A scratch array filled by one kernel and read by the next, discarded.
  Values scratch(64, 5), out(64, 0);
  {
    auto S = offload::preload_mut(scratch, offload::uninitialized);
    auto O = offload::preload_mut(out);
    offload::offload(
        [](offload::Region<std::int64_t> s) {
          for (auto [i, v] : s)
            v = std::int64_t(i) * 3;
        },
        S);
    std::int64_t unused = 0;
    offload::offload(smooth, S, O, unused);
    S.discard();
  }
  print("scratch.out", 0, out);
}
