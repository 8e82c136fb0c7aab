// A particle system kept as a struct of arrays, the way applications hold
// their data: the kernels take the structs (docs/user-guide.md, "Passing a
// struct of arrays"), the time-step loop passes them at every step and the
// plugin keeps their arrays on the device across it, and a reduction over a
// struct of read-only views reports the energy. Checked against the same
// computation on the host.
#include <offload/offload.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

struct Particles {
  offload::Region<double> x, y, vx, vy; // each thread its particle
  std::span<const double> mass;
};
struct Snapshot {
  std::span<const double> x, y, vx, vy, mass;
};
struct Constants {
  double dt, stiffness, drag;
};

// Semi-implicit Euler in a harmonic well with drag.
void step(Particles p, Constants c) {
  for (auto [i, xi] : p.x) {
    double &yi = p.y.unchecked(i), &vxi = p.vx.unchecked(i),
           &vyi = p.vy.unchecked(i);
    const double inv = 1.0 / p.mass[i];
    vxi += c.dt * (-c.stiffness * xi * inv - c.drag * vxi);
    vyi += c.dt * (-c.stiffness * yi * inv - c.drag * vyi);
    xi += c.dt * vxi;
    yi += c.dt * vyi;
  }
}

void energy(offload::Range<> particles, Snapshot s, Constants c,
            offload::ReduceSum<double> total) {
  for (std::uint64_t i : particles)
    total += 0.5 * s.mass[i] * (s.vx[i] * s.vx[i] + s.vy[i] * s.vy[i]) +
             0.5 * c.stiffness * (s.x[i] * s.x[i] + s.y[i] * s.y[i]);
}

int main(int argc, char **argv) {
  const std::size_t n = argc > 1 ? std::size_t(std::atol(argv[1])) : 200003;
  const int steps = 200;
  const Constants c{1e-3, 4.0, 0.05};
  std::vector<double> x(n), y(n), vx(n), vy(n), mass(n);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = std::cos(0.001 * double(i));
    y[i] = std::sin(0.002 * double(i));
    vx[i] = 0.1 * double(i % 7);
    vy[i] = -0.1 * double(i % 5);
    mass[i] = 1.0 + double(i % 3);
  }
  std::vector<double> hx = x, hy = y, hvx = vx, hvy = vy;

  double before = 0;
  offload::offload(energy, n, Snapshot{x, y, vx, vy, mass}, c,
                   offload::ReduceSum<double>(before));
  for (int s = 0; s < steps; ++s)
    offload::offload(step, Particles{x, y, vx, vy, mass}, c);
  double after = 0;
  offload::offload(energy, n, Snapshot{x, y, vx, vy, mass}, c,
                   offload::ReduceSum<double>(after));

  // The host's reference, the same arithmetic in the same order.
  for (int s = 0; s < steps; ++s)
    for (std::size_t i = 0; i < n; ++i) {
      const double inv = 1.0 / mass[i];
      hvx[i] += c.dt * (-c.stiffness * hx[i] * inv - c.drag * hvx[i]);
      hvy[i] += c.dt * (-c.stiffness * hy[i] * inv - c.drag * hvy[i]);
      hx[i] += c.dt * hvx[i];
      hy[i] += c.dt * hvy[i];
    }
  std::size_t bad = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (std::fabs(x[i] - hx[i]) > 1e-12 || std::fabs(vy[i] - hvy[i]) > 1e-12)
      ++bad;
  std::printf("particles: n=%zu steps=%d energy %.6f -> %.6f mismatches=%zu\n",
              n, steps, before, after, bad);
  const bool ok = bad == 0 && after < before && after > 0;
  std::puts(ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
