// Structs of arrays as kernel arguments (docs/user-guide.md, "Passing a
// struct of arrays"): aggregates whose members are std::span<const T>,
// offload::Region, Range, Atomic, values and such structs, mapped member by
// member. What applications write: particles as a struct of arrays, a
// field struct with nested structs of views that a time-step loop passes
// again and again (kept on the device by the plugin), a struct built from
// preload handles, one vector viewed twice, std::array of views, a 2-D
// Region member, a struct with member functions and a template struct, a
// lambda taking the struct, and the struct on a device set. Dyadic values
// keep most results exact (0 ulp).
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

namespace {

// Particles as a struct of arrays: positions and velocities updated in
// place, masses read.
struct Particles {
  offload::Region<double> x, y, vx, vy;
  std::span<const double> mass;
  double dt;
};

void drift(Particles p) {
  // One thread per particle: the four Regions split alike (Linear1D), so
  // each thread owns element i of each.
  for (auto [i, xi] : p.x) {
    const double ax = -xi / p.mass[i], ay = -p.y.unchecked(i) / p.mass[i];
    p.vx.unchecked(i) += p.dt * ax;
    p.vy.unchecked(i) += p.dt * ay;
    xi += p.dt * p.vx.unchecked(i);
    p.y.unchecked(i) += p.dt * p.vy.unchecked(i);
  }
}

// A field struct with nested structs, as CloverLeaf's and TeaLeaf's chunks
// hold their arrays, and methods that read it.
struct Grid {
  std::size_t nx, ny;
  std::size_t at(std::size_t i, std::size_t j) const { return j * nx + i; }
};
struct Coefficients {
  std::span<const double> kx, ky;
};
struct Field {
  Grid grid;
  Coefficients coef;
  std::span<const double> u;
  offload::Region<double> out;
  double rx, ry;

  double laplacian(std::size_t i, std::size_t j) const {
    const std::size_t c = grid.at(i, j);
    return coef.kx[c] * (u[grid.at(i + 1, j)] - u[c]) -
           coef.kx[grid.at(i - 1, j)] * (u[c] - u[grid.at(i - 1, j)]) +
           coef.ky[c] * (u[grid.at(i, j + 1)] - u[c]) -
           coef.ky[grid.at(i, j - 1)] * (u[c] - u[grid.at(i, j - 1)]);
  }
};

void diffuse(const Field &f) {
  for (auto [c, o] : f.out) {
    const std::size_t i = c % f.grid.nx, j = c / f.grid.nx;
    if (i == 0 || j == 0 || i + 1 == f.grid.nx || j + 1 == f.grid.ny)
      o = f.u[c];
    else
      o = f.u[c] + f.rx * f.laplacian(i, j) / 2 + f.ry * f.laplacian(i, j) / 2;
  }
}

std::vector<double> heat(std::size_t nx, std::size_t ny, int steps) {
  const std::size_t n = nx * ny;
  std::vector<double> kx(n), ky(n), u(n), next(n);
  for (std::size_t c = 0; c < n; ++c) {
    kx[c] = double(c % 4 + 1) / 8;
    ky[c] = double(c % 3 + 1) / 8;
    u[c] = double(c * 7 % 16) / 4;
  }
  // The loop passes the same two structs at every step: the plugin keeps
  // their arrays on the device across it.
  Field even{{nx, ny}, {kx, ky}, u, next, 0.25, 0.125};
  Field odd{{nx, ny}, {kx, ky}, next, u, 0.25, 0.125};
  for (int s = 0; s < steps; ++s) {
    offload::offload(diffuse, even);
    offload::offload(diffuse, odd);
  }
  return u;
}

// A reduction beside a struct: the solver's residual steers the host.
struct Vectors {
  std::span<const double> r, z;
};
void dot(offload::Range<> n, Vectors v, offload::ReduceSum<double> sum) {
  for (std::uint64_t i : n)
    sum += v.r[i] * v.z[i];
}

// One vector viewed twice (read-only, allowed), and std::array of views.
struct Pair {
  std::span<const std::int32_t> a, b;
};
void sumPair(Pair p, offload::Region<std::int64_t> out) {
  for (auto [i, o] : out)
    o = std::int64_t(p.a[i]) * 3 + p.b[(i + 1) % p.b.size()];
}
void sumArray(std::array<std::span<const float>, 3> xs,
              offload::Region<float> out) {
  for (auto [i, o] : out)
    o = xs[0][i] + xs[1][i] * 2 + xs[2][i] * 4;
}

// A Range and an Atomic in a struct: a histogram.
struct Histogram {
  offload::Range<> items;
  std::span<const std::uint32_t> keys;
  offload::Atomic<std::uint32_t> bins;
};
void histogram(Histogram h) {
  for (std::uint64_t i : h.items)
    h.bins.fetch_add(h.keys[i] % h.bins.size(), 1u);
}

// A 2-D Region member and a template struct.
template <class T> struct Image {
  offload::Region<T, offload::Grid2D> pixels;
  std::span<const T> row_scale;
  T offset;
};
template <class T> void shade(Image<T> img) {
  for (auto [row, col, v] : img.pixels)
    v = v * img.row_scale[row] + img.offset + T(col);
}

} // namespace

int main() {
  using corpus::print, corpus::printSampled;
  for (std::size_t n :
       {std::size_t(1), std::size_t(7), std::size_t(1000), std::size_t(4099)}) {
    const std::string tag = ".n" + std::to_string(n);

    std::vector<double> x(n), y(n), vx(n, 0.5), vy(n, -0.25), mass(n);
    for (std::size_t i = 0; i < n; ++i) {
      x[i] = double(i % 32) / 4 - 4;
      y[i] = double(i % 13) / 8;
      mass[i] = double(i % 4 + 1);
    }
    for (int s = 0; s < 4; ++s)
      offload::offload(drift, Particles{x, y, vx, vy, mass, 0.125});
    printSampled("particles.x" + tag, 0, x);
    printSampled("particles.vy" + tag, 0, vy);

    std::vector<std::int32_t> a(n);
    std::iota(a.begin(), a.end(), -3);
    std::vector<std::int64_t> pair(n);
    offload::offload(sumPair, Pair{a, a}, pair);
    printSampled("pair" + tag, 0, pair);

    std::vector<float> f0(n, 0.5f), f1(n, 0.25f), f2(n), out(n);
    for (std::size_t i = 0; i < n; ++i)
      f2[i] = float(i % 8);
    offload::offload(sumArray,
                     std::array<std::span<const float>, 3>{f0, f1, f2}, out);
    printSampled("array_of_views" + tag, 0, out);

    std::vector<std::uint32_t> keys(n), bins(16, 0);
    for (std::size_t i = 0; i < n; ++i)
      keys[i] = std::uint32_t(i * 2654435761u >> 7);
    offload::offload(histogram, Histogram{n, keys, bins});
    print("histogram" + tag, 0, bins);

    std::vector<double> r(n), z(n);
    for (std::size_t i = 0; i < n; ++i)
      r[i] = double(i % 5) / 2, z[i] = double(i % 7) / 4;
    double rz = 0;
    offload::offload(dot, n, Vectors{r, z}, offload::ReduceSum<double>(rz));
    print("dot" + tag, 0, rz);
  }

  printSampled("heat.16x9", 0, heat(16, 9, 3));
  printSampled("heat.67x33", 0, heat(67, 33, 3));

  // A struct built from preload handles: its arrays stay on the device.
  {
    std::vector<double> x(999), y(999), vx(999, 1.0), vy(999, 2.0),
        mass(999, 2.0);
    for (std::size_t i = 0; i < x.size(); ++i)
      x[i] = double(i % 9), y[i] = -double(i % 5);
    {
      auto X = offload::preload_mut(x), Y = offload::preload_mut(y);
      auto VX = offload::preload_mut(vx), VY = offload::preload_mut(vy);
      auto M = offload::preload(mass);
      const Particles p{X, Y, VX, VY, M, 0.25};
      for (int s = 0; s < 3; ++s)
        offload::offload(drift, p);
    }
    printSampled("preloaded.x", 0, x);
    printSampled("preloaded.vy", 0, vy);
  }

  // A 2-D Region member in a template struct, with a lambda taking it.
  {
    const std::size_t rows = 37, cols = 53;
    std::vector<float> pixels(rows * cols, 1.0f), scale(rows);
    for (std::size_t j = 0; j < rows; ++j)
      scale[j] = float(j % 4) / 2;
    offload::offload(
        shade<float>,
        Image<float>{{pixels, offload::Grid2D{rows, cols}}, scale, 0.5f});
    offload::offload(
        [](Image<float> img) {
          for (auto [row, col, v] : img.pixels)
            v = v * 2 - img.row_scale[row];
        },
        Image<float>{{pixels, offload::Grid2D{rows, cols}}, scale, 0.0f});
    printSampled("image", 0, pixels);
  }

  // The struct on a device set (one device here: the call's whole path).
  {
    std::vector<double> x(1000), y(1000), vx(1000, 0.5), vy(1000, 0.5),
        mass(1000, 4.0);
    std::iota(x.begin(), x.end(), 0.0);
    offload::offload(offload::Devices::all(), drift,
                     Particles{x, y, vx, vy, mass, 0.5});
    printSampled("device_set.x", 0, x);
    printSampled("device_set.vx", 0, vx);
  }
}
