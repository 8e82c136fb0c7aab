// CloverLeaf on cxx-offload: compressible Euler equations on a staggered 2-D
// grid, each time step a predictor-corrector Lagrangian step followed by an
// advective remap back to the fixed mesh, split by direction
// (UoB-HPC/CloverLeaf, one chunk, one tile), written with the documented API
// as a user would: the fields are std::vectors kept on the device by preload
// handles, every kernel a plain function over a Grid2D box of the array it
// writes, a thread's element of several fields through offload::zip, the
// reflective boundaries as kernels over the halo's boxes, and the time step's
// minimum and the field summary's sums as reductions.
//
//   cloverleaf --deck FILE [--expect VALUE] [--steps N] [--profile]
//
// FILE is one of upstream's decks (clover.in keys: state, x_cells, y_cells,
// xmin, xmax, ymin, ymax, initial_timestep, max_timestep, timestep_rise,
// end_time, end_step, summary_frequency, test_problem). The final kinetic
// energy is checked against VALUE, or against upstream's value for the deck's
// test_problem, within upstream's 0.001 %. --steps N ends the run after N
// steps instead of the deck's end_step; --profile times each group of
// kernels (waiting for the device after each group, which costs time).
#include "../common/deck.hpp"

#include <offload/offload.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace {

using Field = std::vector<double>;
using View = std::span<const double>;
using Grid = offload::Region<double, offload::Grid2D>;

constexpr double Small = 1.0e-16, Big = 1.0e+21;
// Upstream writes gamma - 1 as 1.4 - 1.0, which is not the double nearest to
// 0.4; the same expression keeps the same bits.
constexpr double GammaMinusOne = 1.4 - 1.0;
constexpr double OneBySix = 1.0 / 6.0;

/// Where element (j, k) (x, y, counted from the outermost halo element) of an
/// array lives. Each array has two halo layers on every side: a cell-centred
/// array has rows of cx = x_cells + 4 elements, and y-face arrays (one more
/// row) share that length; node and x-face arrays have one element more per
/// row. The interior cells are j = 2 ... x_cells + 1.
struct Layout {
  std::uint64_t cx;
  /// A cell or a y face.
  std::uint64_t cell(std::uint64_t j, std::uint64_t k) const {
    return k * cx + j;
  }
  /// A node or an x face.
  std::uint64_t node(std::uint64_t j, std::uint64_t k) const {
    return k * (cx + 1) + j;
  }
};

enum class Dir { X, Y };

// ---- Kernels (upstream's names) -------------------------------------------

void idealGas(Layout l, View density, View energy, Grid pressure,
              Grid soundspeed) {
  for (auto [p, c] : offload::zip(pressure, soundspeed)) {
    const std::uint64_t i = l.cell(p.col, p.row);
    const double d = density[i], v = 1.0 / d;
    p.value = GammaMinusOne * d * energy[i];
    const double dpde = GammaMinusOne * d, dpdv = -d * p.value;
    c.value = std::sqrt(v * v * (p.value * dpde - dpdv));
  }
}

// Wilkins' artificial viscosity, non-zero only in cells under compression.
void viscosity(Layout l, View celldx, View celldy, View density0, View pressure,
               View xvel0, View yvel0, Grid visc) {
  for (auto [k, j, q] : visc) {
    const std::uint64_t c = l.cell(j, k), n = l.node(j, k),
                        up = n + l.cx + 1; // node (j, k + 1)
    const double ugrad =
        (xvel0[n + 1] + xvel0[up + 1]) - (xvel0[n] + xvel0[up]);
    const double vgrad =
        (yvel0[up] + yvel0[up + 1]) - (yvel0[n] + yvel0[n + 1]);
    const double div = celldx[j] * ugrad + celldy[k] * vgrad;
    const double strain2 =
        0.5 * (xvel0[up] + xvel0[up + 1] - xvel0[n] - xvel0[n + 1]) /
            celldy[k] +
        0.5 * (yvel0[n + 1] + yvel0[up + 1] - yvel0[n] - yvel0[up]) / celldx[j];
    double pgradx =
        (pressure[c + 1] - pressure[c - 1]) / (celldx[j] + celldx[j + 1]);
    double pgrady =
        (pressure[c + l.cx] - pressure[c - l.cx]) / (celldy[k] + celldy[k + 1]);
    const double pgradx2 = pgradx * pgradx, pgrady2 = pgrady * pgrady;
    const double limiter =
        ((0.5 * ugrad / celldx[j]) * pgradx2 +
         (0.5 * vgrad / celldy[k]) * pgrady2 + strain2 * pgradx * pgrady) /
        std::fmax(pgradx2 + pgrady2, Small);
    if (limiter > 0.0 || div >= 0.0) {
      q = 0.0;
      continue;
    }
    // Only the gradients' magnitudes matter from here on (upstream's signs,
    // the y one taken from the x gradient, cancel out).
    pgradx = std::fmax(Small, std::fabs(pgradx));
    pgrady = std::fmax(Small, std::fabs(pgrady));
    const double pgrad = std::sqrt(pgradx * pgradx + pgrady * pgrady);
    const double xgrad = std::fabs(celldx[j] * pgrad / pgradx);
    const double ygrad = std::fabs(celldy[k] * pgrad / pgrady);
    const double grad = std::fmin(xgrad, ygrad);
    q = 2.0 * density0[c] * (grad * grad) * limiter * limiter;
  }
}

struct Safety {
  double dtc, dtu, dtv, dtdiv;
};

// The largest stable step of each cell (sound speed, the flow across its
// faces, its compression); the host takes the minimum.
void calcDt(offload::Range<offload::Grid2D> cells, Layout l, Safety s,
            View celldx, View celldy, View soundspeed, View visc, View density0,
            View xvel0, View yvel0, View xarea, View yarea, View volume,
            offload::ReduceMin<double> dt) {
  for (auto [k, j] : cells) {
    const std::uint64_t c = l.cell(j, k), n = l.node(j, k), up = n + l.cx + 1;
    double cc = soundspeed[c] * soundspeed[c];
    cc = cc + 2.0 * visc[c] / density0[c];
    cc = std::fmax(std::sqrt(cc), Small);
    const double dtct = s.dtc * std::fmin(celldx[j], celldy[k]) / cc;
    double div = 0.0;
    double dv1 = (xvel0[n] + xvel0[up]) * xarea[n];
    double dv2 = (xvel0[n + 1] + xvel0[up + 1]) * xarea[n + 1];
    div = div + dv2 - dv1;
    const double dtut =
        s.dtu * 2.0 * volume[c] /
        std::fmax(std::fmax(std::fabs(dv1), std::fabs(dv2)), Small * volume[c]);
    dv1 = (yvel0[n] + yvel0[n + 1]) * yarea[c];
    dv2 = (yvel0[up] + yvel0[up + 1]) * yarea[c + l.cx];
    div = div + dv2 - dv1;
    const double dtvt =
        s.dtv * 2.0 * volume[c] /
        std::fmax(std::fmax(std::fabs(dv1), std::fabs(dv2)), Small * volume[c]);
    div = div / (2.0 * volume[c]);
    const double dtdivt = div < -Small ? s.dtdiv * (-1.0 / div) : Big;
    dt.min(std::fmin(std::fmin(dtct, dtut), std::fmin(dtvt, dtdivt)));
  }
}

// Energy and density after the cell's volume change. The predictor moves the
// faces with the start-of-step velocities for half a step; the corrector
// with the mean of both levels for the whole step.
void pdv(bool predict, double dt, Layout l, View xarea, View yarea, View volume,
         View density0, View energy0, View pressure, View visc, View xvel0,
         View xvel1, View yvel0, View yvel1, Grid density1, Grid energy1) {
  // Upstream's two branches: the predictor reads the step's first
  // velocities twice, so it loads each once (u1 is then xvel0 itself).
  auto update = [&](View u1, View v1, double half) {
    for (auto [d1, e1] : offload::zip(density1, energy1)) {
      const std::uint64_t c = l.cell(d1.col, d1.row),
                          n = l.node(d1.col, d1.row), up = n + l.cx + 1;
      const double left =
          xarea[n] * (xvel0[n] + xvel0[up] + u1[n] + u1[up]) * 0.25 * dt * half;
      const double right =
          xarea[n + 1] *
          (xvel0[n + 1] + xvel0[up + 1] + u1[n + 1] + u1[up + 1]) * 0.25 * dt *
          half;
      const double bottom = yarea[c] *
                            (yvel0[n] + yvel0[n + 1] + v1[n] + v1[n + 1]) *
                            0.25 * dt * half;
      const double top = yarea[c + l.cx] *
                         (yvel0[up] + yvel0[up + 1] + v1[up] + v1[up + 1]) *
                         0.25 * dt * half;
      const double total = right - left + top - bottom;
      const double volumeChange = volume[c] / (volume[c] + total);
      const double energyChange =
          (pressure[c] / density0[c] + visc[c] / density0[c]) * total *
          (1.0 / volume[c]);
      e1.value = energy0[c] - energyChange;
      d1.value = density0[c] * volumeChange;
    }
  };
  if (predict)
    update(xvel0, yvel0, 0.5);
  else
    update(xvel1, yvel1, 1.0);
}

// The nodes' velocities from the pressure and viscosity gradients around
// them, over half a step.
void accelerate(double dt, Layout l, View xarea, View yarea, View volume,
                View density0, View pressure, View visc, View xvel0, View yvel0,
                Grid xvel1, Grid yvel1) {
  const double halfdt = 0.5 * dt;
  for (auto [u, v] : offload::zip(xvel1, yvel1)) {
    const std::uint64_t j = u.col, k = u.row, n = l.node(j, k);
    // The four cells around node (j, k).
    const std::uint64_t c = l.cell(j, k), w = c - 1, s = c - l.cx, sw = s - 1;
    const double stepbymass =
        halfdt / ((density0[sw] * volume[sw] + density0[w] * volume[w] +
                   density0[c] * volume[c] + density0[s] * volume[s]) *
                  0.25);
    const std::uint64_t below = n - l.cx - 1; // x face (j, k - 1)
    double x =
        xvel0[n] - stepbymass * (xarea[n] * (pressure[c] - pressure[w]) +
                                 xarea[below] * (pressure[s] - pressure[sw]));
    double y =
        yvel0[n] - stepbymass * (yarea[c] * (pressure[c] - pressure[s]) +
                                 yarea[c - 1] * (pressure[w] - pressure[sw]));
    u.value = x - stepbymass * (xarea[n] * (visc[c] - visc[w]) +
                                xarea[below] * (visc[s] - visc[sw]));
    v.value = y - stepbymass * (yarea[c] * (visc[c] - visc[s]) +
                                yarea[c - 1] * (visc[w] - visc[sw]));
  }
}

// The volume swept through each face in the step. Both boxes reach one face
// further than the interior, as upstream's fused loop does; the halo update
// before advection overwrites that face.
void fluxCalc(double dt, Layout l, View xarea, View yarea, View xvel0,
              View yvel0, View xvel1, View yvel1, Grid volFluxX,
              Grid volFluxY) {
  for (auto [k, j, f] : volFluxX) {
    const std::uint64_t n = l.node(j, k), up = n + l.cx + 1;
    f = 0.25 * dt * xarea[n] * (xvel0[n] + xvel0[up] + xvel1[n] + xvel1[up]);
  }
  for (auto [k, j, f] : volFluxY) {
    const std::uint64_t n = l.node(j, k);
    f = 0.25 * dt * yarea[l.cell(j, k)] *
        (yvel0[n] + yvel0[n + 1] + yvel1[n] + yvel1[n + 1]);
  }
}

// Cell volumes before and after this sweep's remap: the first sweep starts
// from the Lagrangian volume (both directions' fluxes), the second from what
// the first left, and ends on the mesh's own volume. Nothing reads the volume
// after; upstream computes it, so it stays (the same work as upstream's).
void advecCellVolumes(Dir dir, int sweep, Layout l, View volume, View volFluxX,
                      View volFluxY, Grid preVol, Grid postVol) {
  for (auto [pre, post] : offload::zip(preVol, postVol)) {
    const std::uint64_t c = l.cell(pre.col, pre.row),
                        n = l.node(pre.col, pre.row);
    // The fluxes through this cell's faces along the sweep (a) and across it.
    const double x0 = volFluxX[n], x1 = volFluxX[n + 1], y0 = volFluxY[c],
                 y1 = volFluxY[c + l.cx];
    const double a0 = dir == Dir::X ? x0 : y0, a1 = dir == Dir::X ? x1 : y1,
                 b0 = dir == Dir::X ? y0 : x0, b1 = dir == Dir::X ? y1 : x1;
    if (sweep == 1) {
      pre.value = volume[c] + (a1 - a0 + b1 - b0);
      post.value = pre.value - (a1 - a0);
    } else {
      pre.value = volume[c] + a1 - a0;
      post.value = volume[c];
    }
  }
}

// Van Leer's limited correction to the donor cell's value q1 (q0 upwind of
// it, q2 downwind), for a flux of Courant number sigma.
inline double vanLeer(double q0, double q1, double q2, double sigma,
                      double sigma3, double sigma4) {
  const double diffuw = q1 - q0, diffdw = q2 - q1;
  const double wind = diffdw <= 0.0 ? -1.0 : 1.0;
  if (diffuw * diffdw > 0.0)
    return (1.0 - sigma) * wind *
           std::fmin(std::fmin(std::fabs(diffuw), std::fabs(diffdw)),
                     OneBySix * (sigma3 * std::fabs(diffuw) +
                                 sigma4 * std::fabs(diffdw)));
  return 0.0;
}

// Mass and energy through each face along the sweep, upwinded with a
// limited second-order correction. Face p (x or y index) lies between cells
// p - 1 and p of its row or column; cells is the mesh's interior count that
// way.
void advecCellFlux(Dir dir, Layout l, std::uint64_t cells, View vertexd,
                   View preVol, View density1, View energy1, View volFlux,
                   Grid massFlux, Grid enerFlux) {
  const std::uint64_t step = dir == Dir::X ? 1 : l.cx; // to the next cell
  const std::uint64_t cols = massFlux.strategy().cols;
  for (auto [m, e] : offload::zip(massFlux, enerFlux)) {
    const std::uint64_t j = m.col, k = m.row, p = dir == Dir::X ? j : k;
    const std::uint64_t line = l.cell(j, k) - p * step; // cell 0 of the line
    const double flux = volFlux[k * cols + j];
    std::uint64_t upwind, donor, downwind, dif;
    if (flux > 0.0) {
      upwind = p - 2, donor = p - 1, downwind = p, dif = donor;
    } else {
      upwind = std::min(p + 1, cells + 2), donor = p, downwind = p - 1;
      dif = upwind;
    }
    const std::uint64_t cu = line + upwind * step, cd = line + donor * step,
                        cw = line + downwind * step;
    const double sigmat = std::fabs(flux) / preVol[cd];
    const double sigma3 = (1.0 + sigmat) * (vertexd[p] / vertexd[dif]);
    const double sigma4 = 2.0 - sigmat;
    m.value =
        flux * (density1[cd] + vanLeer(density1[cu], density1[cd], density1[cw],
                                       sigmat, sigma3, sigma4));
    const double sigmam = std::fabs(m.value) / (density1[cd] * preVol[cd]);
    e.value =
        m.value * (energy1[cd] + vanLeer(energy1[cu], energy1[cd], energy1[cw],
                                         sigmam, sigma3, sigma4));
  }
}

// The cells' density and energy after the sweep's fluxes.
void advecCellUpdate(Dir dir, Layout l, View preVol, View volFlux,
                     View massFlux, View enerFlux, Grid density1,
                     Grid energy1) {
  for (auto [d, e] : offload::zip(density1, energy1)) {
    const std::uint64_t c = l.cell(d.col, d.row);
    // The faces before and after the cell along the sweep.
    const std::uint64_t f0 = dir == Dir::X ? l.node(d.col, d.row) : c,
                        f1 = f0 + (dir == Dir::X ? 1 : l.cx);
    const double preMass = d.value * preVol[c];
    const double postMass = preMass + massFlux[f0] - massFlux[f1];
    const double postEner =
        (e.value * preMass + enerFlux[f0] - enerFlux[f1]) / postMass;
    const double advecVol = preVol[c] + volFlux[f0] - volFlux[f1];
    d.value = postMass / advecVol;
    e.value = postEner;
  }
}

// Cell volumes after (post) and before (pre) this sweep, for the nodes'
// masses. Nothing reads pre; upstream computes it, so it stays.
void advecMomVolumes(Dir dir, int sweep, Layout l, View volume, View volFluxX,
                     View volFluxY, Grid postVol, Grid preVol) {
  for (auto [post, pre] : offload::zip(postVol, preVol)) {
    const std::uint64_t c = l.cell(post.col, post.row),
                        n = l.node(post.col, post.row);
    const double x0 = volFluxX[n], x1 = volFluxX[n + 1], y0 = volFluxY[c],
                 y1 = volFluxY[c + l.cx];
    // Along the sweep (a) and across it (b).
    const double a0 = dir == Dir::X ? x0 : y0, a1 = dir == Dir::X ? x1 : y1,
                 b0 = dir == Dir::X ? y0 : x0, b1 = dir == Dir::X ? y1 : x1;
    if (sweep == 1) {
      post.value = volume[c] + b1 - b0;
      pre.value = post.value + a1 - a0;
    } else {
      post.value = volume[c];
      pre.value = post.value + b1 - b0;
    }
  }
}

// The mass flux through the staggered (node-centred) cells' faces: the mean
// of the four cell-face fluxes around it.
void advecMomNodeFlux(Dir dir, Layout l, View massFluxX, View massFluxY,
                      Grid nodeFlux) {
  for (auto [k, j, f] : nodeFlux) {
    if (dir == Dir::X) {
      const std::uint64_t n = l.node(j, k), below = n - l.cx - 1;
      f = 0.25 * (massFluxX[below] + massFluxX[n] + massFluxX[below + 1] +
                  massFluxX[n + 1]);
    } else {
      const std::uint64_t c = l.cell(j, k);
      f = 0.25 * (massFluxY[c - 1] + massFluxY[c] + massFluxY[c - 1 + l.cx] +
                  massFluxY[c + l.cx]);
    }
  }
}

// The nodes' masses after the sweep (a quarter of each cell around them) and
// before it (adding back what flowed through).
void advecMomNodeMass(Dir dir, Layout l, View density1, View postVol,
                      View nodeFlux, Grid nodeMassPost, Grid nodeMassPre) {
  for (auto [post, pre] : offload::zip(nodeMassPost, nodeMassPre)) {
    const std::uint64_t c = l.cell(post.col, post.row), w = c - 1, s = c - l.cx,
                        sw = s - 1, n = l.node(post.col, post.row);
    post.value = 0.25 * (density1[s] * postVol[s] + density1[c] * postVol[c] +
                         density1[sw] * postVol[sw] + density1[w] * postVol[w]);
    const std::uint64_t before = dir == Dir::X ? n - 1 : n - l.cx - 1;
    pre.value = post.value - nodeFlux[before] + nodeFlux[n];
  }
}

// The momentum through each staggered face: the node flux times the
// upwinded, limited velocity. Staggered face p lies between nodes p and
// p + 1; celld holds the cells' widths along the sweep.
void advecMomFlux(Dir dir, Layout l, View celld, View nodeFlux,
                  View nodeMassPre, View vel1, Grid momFlux) {
  const std::uint64_t step = dir == Dir::X ? 1 : l.cx + 1; // to the next node
  for (auto [k, j, mf] : momFlux) {
    const std::uint64_t n = l.node(j, k), p = dir == Dir::X ? j : k,
                        line = n - p * step;
    const double flux = nodeFlux[n];
    std::uint64_t upwind, donor, downwind, dif;
    if (flux < 0.0) {
      upwind = p + 2, donor = p + 1, downwind = p, dif = donor;
    } else {
      upwind = p - 1, donor = p, downwind = p + 1, dif = upwind;
    }
    const double vd = vel1[line + donor * step];
    const double sigma = std::fabs(flux) / nodeMassPre[line + donor * step];
    const double width = celld[p];
    const double vdiffuw = vd - vel1[line + upwind * step];
    const double vdiffdw = vel1[line + downwind * step] - vd;
    double limiter = 0.0;
    if (vdiffuw * vdiffdw > 0.0) {
      const double auw = std::fabs(vdiffuw), adw = std::fabs(vdiffdw);
      const double wind = vdiffdw <= 0.0 ? -1.0 : 1.0;
      limiter =
          wind * std::fmin(std::fmin(width *
                                         ((2.0 - sigma) * adw / width +
                                          (1.0 + sigma) * auw / celld[dif]) /
                                         6.0,
                                     auw),
                           adw);
    }
    mf = (vd + (1.0 - sigma) * limiter) * flux;
  }
}

void advecMomVelocity(Dir dir, Layout l, View nodeMassPre, View nodeMassPost,
                      View momFlux, Grid vel1) {
  for (auto [k, j, v] : vel1) {
    const std::uint64_t n = l.node(j, k),
                        before = dir == Dir::X ? n - 1 : n - l.cx - 1;
    v = (v * nodeMassPre[n] + momFlux[before] - momFlux[n]) / nodeMassPost[n];
  }
}

void revert(View density0, View energy0, Grid density1, Grid energy1) {
  const std::uint64_t cols = density1.strategy().cols;
  for (auto [d, e] : offload::zip(density1, energy1)) {
    d.value = density0[d.row * cols + d.col];
    e.value = energy0[d.row * cols + d.col];
  }
}

// The end of the step's values become the next step's start.
void resetField(View density1, View energy1, View xvel1, View yvel1,
                Grid density0, Grid energy0, Grid xvel0, Grid yvel0) {
  const std::uint64_t cellCols = density0.strategy().cols,
                      nodeCols = xvel0.strategy().cols;
  for (auto [d, e] : offload::zip(density0, energy0)) {
    d.value = density1[d.row * cellCols + d.col];
    e.value = energy1[d.row * cellCols + d.col];
  }
  for (auto [u, v] : offload::zip(xvel0, yvel0)) {
    u.value = xvel1[u.row * nodeCols + u.col];
    v.value = yvel1[u.row * nodeCols + u.col];
  }
}

struct Summary {
  double volume = 0, mass = 0, ie = 0, ke = 0, pressure = 0;
};

void fieldSummary(offload::Range<offload::Grid2D> cells, Layout l, View volume,
                  View density0, View energy0, View pressure, View xvel0,
                  View yvel0, offload::ReduceSum<double> vol,
                  offload::ReduceSum<double> mass,
                  offload::ReduceSum<double> ie, offload::ReduceSum<double> ke,
                  offload::ReduceSum<double> press) {
  for (auto [k, j] : cells) {
    const std::uint64_t c = l.cell(j, k), n = l.node(j, k);
    double vsqrd = 0.0; // the mean over the cell's four nodes
    for (std::uint64_t row = n; row <= n + l.cx + 1; row += l.cx + 1)
      for (std::uint64_t m = row; m <= row + 1; ++m)
        vsqrd += 0.25 * (xvel0[m] * xvel0[m] + yvel0[m] * yvel0[m]);
    const double cellVol = volume[c], cellMass = cellVol * density0[c];
    vol += cellVol;
    mass += cellMass;
    ie += cellMass * energy0[c];
    ke += cellMass * 0.5 * vsqrd;
    press += cellVol * pressure[c];
  }
}

// A reflective boundary: each halo element of the face's box takes the
// element mirrored across the face (destination + source = mirror along the
// face's normal), negated for a velocity or flux normal to the face. The
// elements read are outside the box, so no thread owns them.
void reflect(bool acrossColumns, std::uint64_t mirror, bool negate, Grid f) {
  const std::uint64_t x = f.strategy().cols;
  for (auto [row, col, v] : f) {
    const double from = f.unchecked(acrossColumns ? row * x + (mirror - col)
                                                  : (mirror - row) * x + col);
    v = negate ? -from : from;
  }
}

// ---- The deck --------------------------------------------------------------

using deck::State;

struct Deck {
  std::vector<State> states;
  int xCells = 10, yCells = 10;
  double xmin = 0, ymin = 0, xmax = 0, ymax = 0;
  double dtInit = 0.1, dtMax = 1.0, dtMin = 0.0000001, dtRise = 1.5;
  Safety safety{0.7, 0.5, 0.5, 0.7};
  double endTime = 10.0;
  int endStep = 640000, summaryFrequency = 10, testProblem = 0;
};

[[noreturn]] void fail(const std::string &What) {
  std::fprintf(stderr, "cloverleaf: %s\n", What.c_str());
  std::exit(2);
}

Deck readDeck(const std::string &Path) {
  Deck D;
  // tiles_per_chunk, visit_frequency, profiler_on and use_*_kernels change
  // how upstream runs, not what it computes: ignored.
  D.states = deck::read(
      Path,
      [&](const std::string &Key, auto Number) {
        if (deck::readMesh(D, Key, Number))
          return;
        if (Key == "max_timestep")
          D.dtMax = Number();
        else if (Key == "timestep_rise")
          D.dtRise = Number();
        else if (Key == "end_time")
          D.endTime = Number();
        else if (Key == "end_step")
          D.endStep = int(Number());
        else if (Key == "summary_frequency")
          D.summaryFrequency = int(Number());
        else if (Key == "test_problem")
          D.testProblem = int(Number());
      },
      fail);
  if (D.xCells < 1 || D.yCells < 1 || !(D.xmax > D.xmin) || !(D.ymax > D.ymin))
    fail("deck " + Path + ": the mesh needs cells and a positive extent");
  deck::pullInwards(D.states, (D.xmax - D.xmin) / D.xCells,
                    (D.ymax - D.ymin) / D.yCells);
  return D;
}

// ---- Timing of kernel groups (--profile) -----------------------------------

enum class Group {
  IdealGas,
  Viscosity,
  Timestep,
  PdV,
  Revert,
  Acceleration,
  Fluxes,
  CellAdvection,
  MomentumAdvection,
  Reset,
  Summary,
  Halo,
  Count
};
constexpr int Groups = int(Group::Count);
constexpr const char *GroupNames[Groups] = {
    "ideal gas",   "viscosity",      "timestep",
    "PdV",         "revert",         "accelerate",
    "flux calc",   "cell advection", "momentum advection",
    "reset field", "summary",        "halo update"};

class Profile {
public:
  bool On = false;
  /// Starts from zero now.
  void start() {
    Seconds = {};
    if (On)
      offload::synchronize(), Last = std::chrono::steady_clock::now();
  }
  /// The time since the last mark goes to G: waits for the device first.
  void mark(Group G) {
    if (!On)
      return;
    offload::synchronize();
    const auto Now = std::chrono::steady_clock::now();
    Seconds[int(G)] += std::chrono::duration<double>(Now - Last).count();
    Last = Now;
  }
  void print() const {
    if (!On)
      return;
    double Total = 0;
    for (double S : Seconds)
      Total += S;
    for (int G = 0; G < Groups; ++G)
      std::printf("  %-20s %10.4f s %6.2f %%\n", GroupNames[G], Seconds[G],
                  Total > 0 ? 100 * Seconds[G] / Total : 0.0);
  }

private:
  std::array<double, Groups> Seconds{};
  std::chrono::steady_clock::time_point Last;
};

// ---- The solver ------------------------------------------------------------

// What an array's halo update needs to know: where it lives on the staggered
// mesh and which component (if any) flips sign at a wall.
enum class Kind { Cell, XVel, YVel, XFlux, YFlux };

class CloverLeaf {
public:
  CloverLeaf(const Deck &D, Profile &P)
      : D(D), P(P), Nx(std::uint64_t(D.xCells)),
        Ny(std::uint64_t(D.yCells)), L{Nx + 4},
        Dx((D.xmax - D.xmin) / D.xCells), Dy((D.ymax - D.ymin) / D.yCells),
        Cells(box(Shape::Cell, 0, 0, 0, 0)),
        Nodes(box(Shape::Node, 0, 1, 0, 1)),
        AllCells(box(Shape::Cell, -2, 2, -2, 2)), DtOld(D.dtInit) {
    generate();
    for (const Field *F :
         {&Volume, &XArea, &YArea, &CellDx, &CellDy, &VertexDx, &VertexDy})
      Constant.push_back(offload::preload(*F));
    for (Field *F :
         {&Density0,  &Density1,   &Energy0,  &Energy1,      &Pressure,
          &Viscosity, &Soundspeed, &XVel0,    &XVel1,        &YVel0,
          &YVel1,     &VolFluxX,   &VolFluxY, &MassFluxX,    &MassFluxY,
          &PreVol,    &PostVol,    &NodeFlux, &NodeMassPost, &NodeMassPre,
          &MomFlux,   &EnerFluxX,  &EnerFluxY})
      Staged.push_back(offload::preload_mut(*F));
    // start(): the equation of state, then every halo primed.
    offload::offload(idealGas, L, Density0, Energy0, Grid(Pressure, Cells),
                     Grid(Soundspeed, Cells));
    haloUpdate({{&Density0, Kind::Cell},
                {&Energy0, Kind::Cell},
                {&Pressure, Kind::Cell},
                {&Viscosity, Kind::Cell},
                {&Density1, Kind::Cell},
                {&Energy1, Kind::Cell},
                {&XVel0, Kind::XVel},
                {&YVel0, Kind::YVel},
                {&XVel1, Kind::XVel},
                {&YVel1, Kind::YVel}},
               2);
  }
  ~CloverLeaf() {
    for (auto &H : Staged)
      H.discard(); // the host reads nothing after the summaries
  }

  /// One hydro cycle (upstream's hydro() loop body).
  void step() {
    ++Step;
    timestep();
    pdvStep(true);
    offload::offload(accelerate, Dt, L, XArea, YArea, Volume, Density0,
                     Pressure, Viscosity, XVel0, YVel0, Grid(XVel1, Nodes),
                     Grid(YVel1, Nodes));
    P.mark(Group::Acceleration);
    pdvStep(false);
    // One face past the interior both ways, as upstream's fused loop.
    offload::offload(fluxCalc, Dt, L, XArea, YArea, XVel0, YVel0, XVel1, YVel1,
                     Grid(VolFluxX, box(Shape::XFace, 0, 1, 0, 1)),
                     Grid(VolFluxY, box(Shape::YFace, 0, 1, 0, 1)));
    P.mark(Group::Fluxes);
    advection();
    offload::offload(resetField, Density1, Energy1, XVel1, YVel1,
                     Grid(Density0, Cells), Grid(Energy0, Cells),
                     Grid(XVel0, Nodes), Grid(YVel0, Nodes));
    P.mark(Group::Reset);
    AdvectX = !AdvectX;
    Time += Dt;
  }

  Summary summary() {
    // Upstream brings the pressure up to date first.
    offload::offload(idealGas, L, Density0, Energy0, Grid(Pressure, Cells),
                     Grid(Soundspeed, Cells));
    P.mark(Group::IdealGas);
    Summary S;
    offload::offload(fieldSummary,
                     offload::Range<offload::Grid2D>(Density0.size(), Cells), L,
                     Volume, Density0, Energy0, Pressure, XVel0, YVel0,
                     S.volume, S.mass, S.ie, S.ke, S.pressure);
    P.mark(Group::Summary);
    return S;
  }

  int steps() const { return Step; }
  double time() const { return Time; }

private:
  enum class Shape { Cell, Node, XFace, YFace };

  /// The elements j = x_min + X0 ... x_max + X1, k = y_min + Y0 ... y_max + Y1
  /// (inclusive, x_min = 1 being the first interior cell) of an array of
  /// shape S, as upstream's loops name their ranges.
  offload::Grid2D box(Shape S, int X0, int X1, int Y0, int Y1) const {
    const bool XNode = S == Shape::Node || S == Shape::XFace,
               YNode = S == Shape::Node || S == Shape::YFace;
    return offload::Grid2D(Ny + 4 + YNode, Nx + 4 + XNode,
                           {std::uint64_t(2 + Y0), Ny + 2 + Y1,
                            std::uint64_t(2 + X0), Nx + 2 + X1});
  }

  void timestep() {
    offload::offload(idealGas, L, Density0, Energy0, Grid(Pressure, Cells),
                     Grid(Soundspeed, Cells));
    P.mark(Group::IdealGas);
    haloUpdate({{&Density0, Kind::Cell},
                {&Energy0, Kind::Cell},
                {&Pressure, Kind::Cell},
                {&XVel0, Kind::XVel},
                {&YVel0, Kind::YVel}},
               1);
    offload::offload(viscosity, L, CellDx, CellDy, Density0, Pressure, XVel0,
                     YVel0, Grid(Viscosity, Cells));
    P.mark(Group::Viscosity);
    haloUpdate({{&Viscosity, Kind::Cell}}, 1);
    double Least = Big;
    offload::offload(calcDt,
                     offload::Range<offload::Grid2D>(Density0.size(), Cells), L,
                     D.safety, CellDx, CellDy, Soundspeed, Viscosity, Density0,
                     XVel0, YVel0, XArea, YArea, Volume, Least);
    Dt = std::min(std::min(Least, DtOld * D.dtRise), D.dtMax);
    P.mark(Group::Timestep);
    if (Dt < D.dtMin)
      fail("step " + std::to_string(Step) + ": small timestep " +
           std::to_string(Dt));
    DtOld = Dt;
  }

  // PdV(): the predictor also brings pressure to the half step and then
  // takes density and energy back to the start of the step.
  void pdvStep(bool Predict) {
    offload::offload(pdv, Predict, Dt, L, XArea, YArea, Volume, Density0,
                     Energy0, Pressure, Viscosity, XVel0, XVel1, YVel0, YVel1,
                     Grid(Density1, Cells), Grid(Energy1, Cells));
    P.mark(Group::PdV);
    if (!Predict)
      return;
    offload::offload(idealGas, L, Density1, Energy1, Grid(Pressure, Cells),
                     Grid(Soundspeed, Cells));
    P.mark(Group::IdealGas);
    haloUpdate({{&Pressure, Kind::Cell}}, 1);
    offload::offload(revert, Density0, Energy0, Grid(Density1, Cells),
                     Grid(Energy1, Cells));
    P.mark(Group::Revert);
  }

  // Two sweeps, x then y on odd steps and y then x on even ones.
  void advection() {
    const Dir First = AdvectX ? Dir::X : Dir::Y,
              Second = AdvectX ? Dir::Y : Dir::X;
    haloUpdate({{&Density1, Kind::Cell},
                {&Energy1, Kind::Cell},
                {&VolFluxX, Kind::XFlux},
                {&VolFluxY, Kind::YFlux}},
               2);
    advecCell(First, 1);
    for (int Sweep : {1, 2}) {
      if (Sweep == 2)
        advecCell(Second, 2);
      haloUpdate({{&Density1, Kind::Cell},
                  {&Energy1, Kind::Cell},
                  {&XVel1, Kind::XVel},
                  {&YVel1, Kind::YVel},
                  {&MassFluxX, Kind::XFlux},
                  {&MassFluxY, Kind::YFlux}},
                 2);
      advecMom(XVel1, Sweep == 1 ? First : Second, Sweep, true);
      advecMom(YVel1, Sweep == 1 ? First : Second, Sweep, false);
    }
  }

  void advecCell(Dir Direction, int Sweep) {
    offload::offload(advecCellVolumes, Direction, Sweep, L, Volume, VolFluxX,
                     VolFluxY, Grid(PreVol, AllCells), Grid(PostVol, AllCells));
    if (Direction == Dir::X) {
      const offload::Grid2D Faces = box(Shape::XFace, 0, 2, 0, 0);
      offload::offload(advecCellFlux, Direction, L, Nx, VertexDx, PreVol,
                       Density1, Energy1, VolFluxX, Grid(MassFluxX, Faces),
                       Grid(EnerFluxX, Faces));
      offload::offload(advecCellUpdate, Direction, L, PreVol, VolFluxX,
                       MassFluxX, EnerFluxX, Grid(Density1, Cells),
                       Grid(Energy1, Cells));
    } else {
      const offload::Grid2D Faces = box(Shape::YFace, 0, 0, 0, 2);
      offload::offload(advecCellFlux, Direction, L, Ny, VertexDy, PreVol,
                       Density1, Energy1, VolFluxY, Grid(MassFluxY, Faces),
                       Grid(EnerFluxY, Faces));
      offload::offload(advecCellUpdate, Direction, L, PreVol, VolFluxY,
                       MassFluxY, EnerFluxY, Grid(Density1, Cells),
                       Grid(Energy1, Cells));
    }
    P.mark(Group::CellAdvection);
  }

  // One velocity component's remap; the nodes' fluxes and masses serve both
  // components, so only the first computes them.
  void advecMom(Field &Vel, Dir Direction, int Sweep, bool First) {
    const bool X = Direction == Dir::X;
    offload::offload(advecMomVolumes, Direction, Sweep, L, Volume, VolFluxX,
                     VolFluxY, Grid(PostVol, AllCells), Grid(PreVol, AllCells));
    if (First) {
      offload::offload(advecMomNodeFlux, Direction, L, MassFluxX, MassFluxY,
                       Grid(NodeFlux, X ? box(Shape::Node, -2, 2, 0, 1)
                                        : box(Shape::Node, 0, 1, -2, 2)));
      const offload::Grid2D Masses =
          X ? box(Shape::Node, -1, 2, 0, 1) : box(Shape::Node, 0, 1, -1, 2);
      offload::offload(advecMomNodeMass, Direction, L, Density1, PostVol,
                       NodeFlux, Grid(NodeMassPost, Masses),
                       Grid(NodeMassPre, Masses));
    }
    offload::offload(advecMomFlux, Direction, L, X ? CellDx : CellDy, NodeFlux,
                     NodeMassPre, Vel,
                     Grid(MomFlux, X ? box(Shape::Node, -1, 1, 0, 1)
                                     : box(Shape::Node, 0, 1, -1, 1)));
    offload::offload(advecMomVelocity, Direction, L, NodeMassPre, NodeMassPost,
                     MomFlux, Grid(Vel, Nodes));
    P.mark(Group::MomentumAdvection);
  }

  // update_halo(): the reflective walls of the mesh, Depth layers deep. The
  // bottom and top rows go first and the left and right columns, which span
  // the full height, last: the corners then mirror the rows just filled, as
  // upstream's do.
  void haloUpdate(std::initializer_list<std::pair<Field *, Kind>> Fields,
                  std::uint64_t Depth) {
    for (auto [F, K] : Fields) {
      const bool XNode = K == Kind::XVel || K == Kind::YVel || K == Kind::XFlux,
                 YNode = K == Kind::XVel || K == Kind::YVel || K == Kind::YFlux;
      const std::uint64_t Rows = Ny + 4 + YNode, Cols = Nx + 4 + XNode;
      // One past the last interior element each way.
      const std::uint64_t XEnd = Nx + 2 + XNode, YEnd = Ny + 2 + YNode;
      // Mirrors (destination + source): a node-centred direction reflects
      // about its wall node, a cell-centred one about the wall between cells.
      // A face array, along the direction in which it is cell-centred, is
      // reflected about its first interior cell's centre, as upstream does.
      auto Mirrors = [](bool Node, bool Face, std::uint64_t N) {
        return std::pair<std::uint64_t, std::uint64_t>(Node || Face ? 4 : 3,
                                                       Node   ? 2 * N + 4
                                                       : Face ? 2 * N + 2
                                                              : 2 * N + 3);
      };
      const auto [Left, Right] = Mirrors(XNode, K == Kind::YFlux, Nx);
      const auto [Bottom, Top] = Mirrors(YNode, K == Kind::XFlux, Ny);
      const bool NegateX = K == Kind::XVel || K == Kind::XFlux,
                 NegateY = K == Kind::YVel || K == Kind::YFlux;
      const std::uint64_t Lo = 2 - Depth;
      offload::offload(
          reflect, false, Bottom, NegateY,
          Grid(*F, offload::Grid2D(Rows, Cols, {Lo, 2, Lo, XEnd + Depth})));
      offload::offload(
          reflect, false, Top, NegateY,
          Grid(*F, offload::Grid2D(Rows, Cols,
                                   {YEnd, YEnd + Depth, Lo, XEnd + Depth})));
      offload::offload(
          reflect, true, Left, NegateX,
          Grid(*F, offload::Grid2D(Rows, Cols, {Lo, YEnd + Depth, Lo, 2})));
      offload::offload(
          reflect, true, Right, NegateX,
          Grid(*F, offload::Grid2D(Rows, Cols,
                                   {Lo, YEnd + Depth, XEnd, XEnd + Depth})));
    }
    P.mark(Group::Halo);
  }

  // build_field, initialise_chunk and generate_chunk, on the host: once,
  // before staging.
  void generate() {
    const std::uint64_t CellN = (Nx + 4) * (Ny + 4),
                        NodeN = (Nx + 5) * (Ny + 5),
                        XFaceN = (Nx + 5) * (Ny + 4),
                        YFaceN = (Nx + 4) * (Ny + 5);
    for (Field *F : {&Density0, &Density1, &Energy0, &Energy1, &Pressure,
                     &Viscosity, &Soundspeed, &Volume, &PreVol, &PostVol})
      F->assign(CellN, 0.0);
    for (Field *F : {&XVel0, &XVel1, &YVel0, &YVel1, &NodeFlux, &NodeMassPost,
                     &NodeMassPre, &MomFlux})
      F->assign(NodeN, 0.0);
    for (Field *F : {&VolFluxX, &MassFluxX, &XArea, &EnerFluxX})
      F->assign(XFaceN, 0.0);
    for (Field *F : {&VolFluxY, &MassFluxY, &YArea, &EnerFluxY})
      F->assign(YFaceN, 0.0);

    // The mesh: vertex j = 2 sits at xmin.
    std::vector<double> VertexX(Nx + 5), VertexY(Ny + 5), CellX(Nx + 4),
        CellY(Ny + 4);
    VertexDx.assign(Nx + 5, Dx), VertexDy.assign(Ny + 5, Dy);
    CellDx.assign(Nx + 4, Dx), CellDy.assign(Ny + 4, Dy);
    for (std::uint64_t J = 0; J < Nx + 5; ++J)
      VertexX[J] = D.xmin + Dx * (double(J) - 2.0);
    for (std::uint64_t K = 0; K < Ny + 5; ++K)
      VertexY[K] = D.ymin + Dy * (double(K) - 2.0);
    for (std::uint64_t J = 0; J < Nx + 4; ++J)
      CellX[J] = 0.5 * (VertexX[J] + VertexX[J + 1]);
    for (std::uint64_t K = 0; K < Ny + 4; ++K)
      CellY[K] = 0.5 * (VertexY[K] + VertexY[K + 1]);
    // Upstream sets the areas over the cells' range only: the last x face of
    // each row and the last y-face row stay 0 (no kernel reads them).
    for (std::uint64_t K = 0; K < Ny + 4; ++K)
      for (std::uint64_t J = 0; J < Nx + 4; ++J) {
        Volume[L.cell(J, K)] = Dx * Dy;
        XArea[L.node(J, K)] = CellDy[K];
        YArea[L.cell(J, K)] = CellDx[J];
      }

    // The states: the first everywhere, each later one over its shape, with
    // its velocity on the cell's four nodes.
    const State &Background = D.states[0];
    for (std::uint64_t K = 0; K < Ny + 4; ++K)
      for (std::uint64_t J = 0; J < Nx + 4; ++J) {
        Energy0[L.cell(J, K)] = Background.energy;
        Density0[L.cell(J, K)] = Background.density;
        XVel0[L.node(J, K)] = Background.xvel;
        YVel0[L.node(J, K)] = Background.yvel;
      }
    for (std::size_t S = 1; S < D.states.size(); ++S) {
      const State &St = D.states[S];
      for (std::uint64_t K = 0; K < Ny + 4; ++K)
        for (std::uint64_t J = 0; J < Nx + 4; ++J) {
          bool Apply = false;
          if (St.geometry == State::Rectangle) {
            Apply = VertexX[J + 1] >= St.xmin && VertexX[J] < St.xmax &&
                    VertexY[K + 1] >= St.ymin && VertexY[K] < St.ymax;
          } else if (St.geometry == State::Circle) {
            const double Cx = CellX[J] - St.xmin, Cy = CellY[K] - St.ymin;
            Apply = std::sqrt(Cx * Cx + Cy * Cy) <= St.radius;
          } else if (St.geometry == State::Point) {
            Apply = VertexX[J] == St.xmin && VertexY[K] == St.ymin;
          }
          if (!Apply)
            continue;
          Energy0[L.cell(J, K)] = St.energy;
          Density0[L.cell(J, K)] = St.density;
          for (std::uint64_t N : {L.node(J, K), L.node(J + 1, K),
                                  L.node(J, K + 1), L.node(J + 1, K + 1)}) {
            XVel0[N] = St.xvel;
            YVel0[N] = St.yvel;
          }
        }
    }
  }

  const Deck &D;
  Profile &P;
  const std::uint64_t Nx, Ny;
  const Layout L;
  const double Dx, Dy;
  const offload::Grid2D Cells, Nodes, AllCells;
  // Cell-centred, node-centred (velocities) and face-centred fields, and the
  // mesh's geometry; the advection's work arrays after them.
  Field Density0, Density1, Energy0, Energy1, Pressure, Viscosity, Soundspeed;
  Field XVel0, XVel1, YVel0, YVel1;
  Field VolFluxX, VolFluxY, MassFluxX, MassFluxY;
  Field Volume, XArea, YArea, CellDx, CellDy, VertexDx, VertexDy;
  Field PreVol, PostVol, NodeFlux, NodeMassPost, NodeMassPre, MomFlux,
      EnerFluxX, EnerFluxY;
  std::vector<offload::Preloaded<const Field>> Constant; // after the fields
  std::vector<offload::Preloaded<Field>> Staged;
  int Step = 0;
  bool AdvectX = true;
  double Time = 0, Dt = 0, DtOld;
};

/// Upstream's kinetic energy at the end of each test problem (report.cpp).
/// Problem 3 (clover_bm.in, 2955 steps) is missed by upstream's own C++ too,
/// by 0.0206 %, with the same answer as this port's to the last digit.
bool expectedKineticEnergy(int TestProblem, double &Value) {
  static const std::pair<int, double> Known[] = {
      {1, 1.82280367310258},  {2, 1.19316898756307}, {3, 2.58984003503994},
      {4, 0.307475452287895}, {5, 4.85350315783719}, {487, 6.088288e-01},
      {287, 6.062609e-01},    {168, 2.465082e-02}};
  for (auto [N, V] : Known)
    if (N == TestProblem)
      return Value = V, true;
  return false;
}

void printSummary(int Step, double Time, const Summary &S) {
  std::printf("step %d time %.6e volume %.15e mass %.15e density %.15e "
              "pressure %.15e ie %.15e ke %.15e te %.15e\n",
              Step, Time, S.volume, S.mass, S.mass / S.volume,
              S.pressure / S.volume, S.ie, S.ke, S.ie + S.ke);
}

} // namespace

int main(int Argc, char **Argv) {
  const char *Usage =
      "usage: cloverleaf --deck FILE [--expect VALUE] [--steps N] [--profile]";
  std::string DeckPath;
  double Expected = 0;
  bool HaveExpected = false;
  int Steps = 0;
  Profile Prof;
  for (int I = 1; I < Argc; ++I) {
    const std::string Arg = Argv[I];
    if (Arg == "--deck" && I + 1 < Argc)
      DeckPath = Argv[++I];
    else if (Arg == "--expect" && I + 1 < Argc)
      Expected = std::atof(Argv[++I]), HaveExpected = true;
    else if (Arg == "--steps" && I + 1 < Argc)
      Steps = std::atoi(Argv[++I]);
    else if (Arg == "--profile")
      Prof.On = true;
    else
      fail(Usage);
  }
  if (DeckPath.empty())
    fail(Usage);
  Deck D = readDeck(DeckPath);
  // A test problem's value holds for the deck's own number of steps only.
  const bool OwnSteps = Steps <= 0 || Steps == D.endStep;
  if (Steps > 0)
    D.endStep = Steps;
  if (!HaveExpected && D.testProblem > 0 && OwnSteps) {
    if (!expectedKineticEnergy(D.testProblem, Expected))
      fail("unknown test problem " + std::to_string(D.testProblem) +
           " (pass --expect)");
    HaveExpected = true;
  }

  std::printf(
      "cloverleaf: %d x %d cells, end step %d, end time %g, device %s\n",
      D.xCells, D.yCells, D.endStep, D.endTime,
      offload::current_device().name.c_str());
  CloverLeaf C(D, Prof);
  printSummary(0, 0.0, C.summary());
  offload::synchronize();
  Prof.start(); // the set-up is not profiled
  const auto T0 = std::chrono::steady_clock::now();
  Summary S;
  for (;;) {
    C.step();
    const bool Last = C.time() + Small > D.endTime || C.steps() >= D.endStep;
    if (Last ||
        (D.summaryFrequency > 0 && C.steps() % D.summaryFrequency == 0)) {
      S = C.summary();
      printSummary(C.steps(), C.time(), S);
    }
    if (Last)
      break;
  }
  const double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
          .count();
  std::printf("steps %d wallclock %.6f s\n", C.steps(), Seconds);
  Prof.print();
  if (!HaveExpected)
    return 0;
  const double Diff = std::fabs(100.0 * (S.ke / Expected) - 100.0);
  const bool Pass = Diff < 0.001 && !std::isnan(S.ke);
  std::printf("expected %.15e difference %.8f %% %s\n", Expected, Diff,
              Pass ? "PASS" : "FAIL");
  return Pass ? 0 : 1;
}
