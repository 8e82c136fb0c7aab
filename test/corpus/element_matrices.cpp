// Arrays local to a thread, as finite-element and particle codes write them:
// a table of basis values, an element matrix accumulated over quadrature
// points in a triangular loop and mirrored, helper functions taking the
// arrays by reference, a std::array member of a small class, and a local
// insertion sort. GPU builds unroll the loops over such arrays so that they
// live in registers (docs/design.md); the answers must not change. Dyadic
// corner coordinates and quadrature points (1/4, 3/4) keep every value
// exact (0 ulp), and no entry needs a division.
#include "corpus.hpp"

#include <offload/offload.hpp>

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace {

constexpr int Corners = 8, Points1D = 2;
constexpr double Point[Points1D] = {0.25, 0.75};

// Corner c of hexahedron e of a row of slightly skewed bricks.
double corner(std::size_t e, int c, int axis) {
  const int bit[3] = {c & 1, (c >> 1) & 1, (c >> 2) & 1};
  const double skew = double((e * 5 + std::size_t(c) * 3) % 8) / 64;
  return double(bit[axis]) * (1.0 + double(axis) / 2) + (axis == 0 ? e : 0) +
         (axis == 1 ? skew : 0.0);
}

// Trilinear basis values and their reference gradients at one point.
void basisAt(double x, double y, double z, double (&n)[Corners],
             double (&g)[3][Corners]) {
  for (int c = 0; c < Corners; ++c) {
    const double fx = (c & 1) ? x : 1 - x, fy = (c & 2) ? y : 1 - y,
                 fz = (c & 4) ? z : 1 - z, sx = (c & 1) ? 1 : -1,
                 sy = (c & 2) ? 1 : -1, sz = (c & 4) ? 1 : -1;
    n[c] = fx * fy * fz;
    g[0][c] = sx * fy * fz;
    g[1][c] = fx * sy * fz;
    g[2][c] = fx * fy * sz;
  }
}

// The Jacobian determinant at one point, from the corner coordinates.
double detJ(const double (&p)[3][Corners], double x, double y, double z) {
  double j[3][3] = {};
  for (int c = 0; c < Corners; ++c) {
    const double dx = ((c & 1) ? 1 : -1) * ((c & 2) ? y : 1 - y) *
                      ((c & 4) ? z : 1 - z),
                 dy = ((c & 1) ? x : 1 - x) * ((c & 2) ? 1 : -1) *
                      ((c & 4) ? z : 1 - z),
                 dz = ((c & 1) ? x : 1 - x) * ((c & 2) ? y : 1 - y) *
                      ((c & 4) ? 1 : -1);
    for (int a = 0; a < 3; ++a) {
      j[0][a] += dx * p[a][c];
      j[1][a] += dy * p[a][c];
      j[2][a] += dz * p[a][c];
    }
  }
  return j[0][0] * (j[1][1] * j[2][2] - j[1][2] * j[2][1]) -
         j[0][1] * (j[1][0] * j[2][2] - j[1][2] * j[2][0]) +
         j[0][2] * (j[1][0] * j[2][1] - j[1][1] * j[2][0]);
}

// Per element: the sum of its mass matrix, its trace and its corner-to-
// opposite-corner entry, and the trace of a stiffness matrix in reference
// gradients (its rows sum to zero).
void elementMatrices(std::size_t first, offload::Region<double> sum,
                     offload::Region<double> trace, offload::Region<double> far,
                     offload::Region<double> stiffness) {
  for (auto [e, s] : sum) {
    double p[3][Corners];
    for (int a = 0; a < 3; ++a)
      for (int c = 0; c < Corners; ++c)
        p[a][c] = corner(first + e, c, a);
    double m[Corners][Corners], k[Corners][Corners];
    for (int a = 0; a < Corners; ++a)
      for (int b = a; b < Corners; ++b)
        m[a][b] = k[a][b] = 0.0;
    // The basis tables and weights first, then the matrices point by point.
    constexpr int Points = Points1D * Points1D * Points1D;
    double n[Points][Corners], g[Points][3][Corners], w[Points];
    for (int q = 0; q < Points; ++q) {
      const double x = Point[q & 1], y = Point[(q >> 1) & 1], z = Point[q >> 2];
      basisAt(x, y, z, n[q], g[q]);
      w[q] = detJ(p, x, y, z) / 8;
    }
    for (int q = 0; q < Points; ++q)
      for (int a = 0; a < Corners; ++a)
        for (int b = a; b < Corners; ++b) {
          m[a][b] += w[q] * n[q][a] * n[q][b];
          k[a][b] += w[q] * (g[q][0][a] * g[q][0][b] + g[q][1][a] * g[q][1][b] +
                             g[q][2][a] * g[q][2][b]);
        }
    for (int a = 0; a < Corners; ++a)
      for (int b = 0; b < a; ++b)
        m[a][b] = m[b][a];
    double total = 0.0, diagonal = 0.0, stiff = 0.0;
    for (int a = 0; a < Corners; ++a) {
      diagonal += m[a][a];
      stiff += k[a][a];
      for (int b = 0; b < Corners; ++b)
        total += m[a][b];
    }
    s = total;
    trace.unchecked(e) = diagonal;
    far.unchecked(e) = m[0][Corners - 1];
    stiffness.unchecked(e) = stiff;
  }
}

// A particle's four nearest neighbours' distances, kept sorted in a
// std::array member while it scans a window of candidates.
struct Nearest {
  std::array<std::int64_t, 4> d{};
  int count = 0;
  void offer(std::int64_t v) {
    if (count == 4 && v >= d[3])
      return;
    int at = count < 4 ? count++ : 3;
    while (at > 0 && d[at - 1] > v) {
      d[at] = d[at - 1];
      --at;
    }
    d[at] = v;
  }
};

void nearest(std::span<const std::int64_t> pos,
             offload::Region<std::int64_t> fourth) {
  for (auto [i, out] : fourth) {
    Nearest near;
    for (std::size_t k = 1; k <= 12; ++k) {
      const std::size_t j = (i + k * 37) % pos.size();
      const std::int64_t d = pos[i] - pos[j];
      near.offer(d < 0 ? -d : d);
    }
    out = near.d[0] + 2 * near.d[1] + 4 * near.d[2] + 8 * near.d[3];
  }
}

} // namespace

int main() {
  using corpus::printSampled;
  for (std::size_t elements : {1u, 37u, 1000u}) {
    std::vector<double> sum(elements), trace(elements), far(elements),
        stiffness(elements);
    offload::offload(
        elementMatrices, std::size_t(3), offload::Region<double>(sum),
        offload::Region<double>(trace), offload::Region<double>(far),
        offload::Region<double>(stiffness));
    const std::string tag = "." + std::to_string(elements);
    printSampled("mass.sum" + tag, 0, sum);
    printSampled("mass.trace" + tag, 0, trace);
    printSampled("mass.far" + tag, 0, far);
    printSampled("stiffness.trace" + tag, 0, stiffness);
  }
  std::vector<std::int64_t> pos(777), fourth(777);
  for (std::size_t i = 0; i < pos.size(); ++i)
    pos[i] = std::int64_t(i * 7919 % 1000) - 500;
  offload::offload(nearest, pos, offload::Region<std::int64_t>(fourth));
  printSampled("nearest", 0, fourth);
}
