// TeaLeaf on cxx-offload: implicit heat conduction on a 2-D grid, solved
// each time step by conjugate gradients (UoB-HPC/TeaLeaf's CG path, one
// chunk), written with the documented API as a user would: the fields are
// std::vectors kept on the device by preload handles (the solver's work
// arrays only allocated there), interior and halo kernels over Grid2D boxes,
// a thread's element of several fields through offload::zip, and the CG
// reductions that steer the host loop.
//
//   tealeaf --deck FILE [--expect VALUE] [--problems FILE]
//
// FILE is one of upstream's decks (tea.in keys: state, x_cells, y_cells,
// xmin, xmax, ymin, ymax, initial_timestep, end_step, max_iters, eps,
// halo_depth, summary_frequency, use_cg, coefficient_density,
// coefficient_inverse_density). The final field summary's temperature is
// checked against VALUE, or against the line of upstream's tea.problems for
// the deck's size and steps, within upstream's 0.001 %.
#include "../common/deck.hpp"

#include <offload/offload.hpp>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace {

using Field = std::vector<double>;
using Grid = offload::Region<double, offload::Grid2D>;

// The 5-point operator of TeaLeaf's implicit step at cell i of a grid whose
// rows are x cells long.
inline double smvp(std::span<const double> a, std::span<const double> kx,
                   std::span<const double> ky, std::uint64_t i,
                   std::uint64_t x) {
  return (1.0 + (kx[i + 1] + kx[i]) + (ky[i + x] + ky[i])) * a[i] -
         (kx[i + 1] * a[i + 1] + kx[i] * a[i - 1]) -
         (ky[i + x] * a[i + x] + ky[i] * a[i - x]);
}

std::uint64_t at(const offload::Item2D<double> &c, std::uint64_t x) {
  return c.row * x + c.col;
}

// ---- Kernels (upstream's names) -------------------------------------------

void cgInitFields(std::span<const double> energy,
                  std::span<const double> density, Grid u, Grid p, Grid r) {
  for (auto [ui, pi, ri] : offload::zip(u, p, r)) {
    const std::uint64_t i = at(ui, u.strategy().cols);
    pi.value = 0.0;
    ri.value = 0.0;
    ui.value = energy[i] * density[i];
  }
}

void cgInitCoefficient(bool reciprocal, std::span<const double> density,
                       Grid w) {
  for (auto [row, col, wi] : w) {
    const double d = density[row * w.strategy().cols + col];
    wi = reciprocal ? 1.0 / d : d;
  }
}

void cgInitK(double rx, double ry, std::span<const double> w, Grid kx,
             Grid ky) {
  const std::uint64_t x = kx.strategy().cols;
  for (auto [kxi, kyi] : offload::zip(kx, ky)) {
    const std::uint64_t i = at(kxi, x);
    kxi.value = rx * (w[i - 1] + w[i]) / (2.0 * w[i - 1] * w[i]);
    kyi.value = ry * (w[i - x] + w[i]) / (2.0 * w[i - x] * w[i]);
  }
}

void cgInitResidual(std::span<const double> u, std::span<const double> kx,
                    std::span<const double> ky, Grid w, Grid r, Grid p,
                    offload::ReduceSum<double> rro) {
  const std::uint64_t x = w.strategy().cols;
  for (auto [wi, ri, pi] : offload::zip(w, r, p)) {
    const std::uint64_t i = at(wi, x);
    wi.value = smvp(u, kx, ky, i, x);
    ri.value = u[i] - wi.value;
    pi.value = ri.value;
    rro += ri.value * pi.value;
  }
}

void cgCalcW(std::span<const double> p, std::span<const double> kx,
             std::span<const double> ky, Grid w,
             offload::ReduceSum<double> pw) {
  const std::uint64_t x = w.strategy().cols;
  for (auto [row, col, wi] : w) {
    const std::uint64_t i = row * x + col;
    wi = smvp(p, kx, ky, i, x);
    pw += wi * p[i];
  }
}

void cgCalcUR(double alpha, std::span<const double> p,
              std::span<const double> w, Grid u, Grid r,
              offload::ReduceSum<double> rrn) {
  const std::uint64_t x = u.strategy().cols;
  for (auto [ui, ri] : offload::zip(u, r)) {
    const std::uint64_t i = at(ui, x);
    ui.value += alpha * p[i];
    ri.value -= alpha * w[i];
    rrn += ri.value * ri.value;
  }
}

void cgCalcP(double beta, std::span<const double> r, Grid p) {
  for (auto [row, col, pi] : p)
    pi = beta * pi + r[row * p.strategy().cols + col];
}

void copyInterior(std::span<const double> from, Grid to) {
  for (auto [row, col, t] : to)
    t = from[row * to.strategy().cols + col];
}

void calculateResidual(std::span<const double> u, std::span<const double> u0,
                       std::span<const double> kx, std::span<const double> ky,
                       Grid r, offload::ReduceSum<double> norm) {
  const std::uint64_t x = r.strategy().cols;
  for (auto [row, col, ri] : r) {
    const std::uint64_t i = row * x + col;
    ri = u0[i] - smvp(u, kx, ky, i, x);
    norm += ri * ri;
  }
}

void finalise(std::span<const double> u, std::span<const double> density,
              Grid energy) {
  for (auto [row, col, e] : energy) {
    const std::uint64_t i = row * energy.strategy().cols + col;
    e = u[i] / density[i];
  }
}

struct Summary {
  double volume = 0, mass = 0, ie = 0, temp = 0;
};

void fieldSummary(offload::Range<offload::Grid2D> cells, std::uint64_t x,
                  std::span<const double> volume,
                  std::span<const double> density,
                  std::span<const double> energy0, std::span<const double> u,
                  offload::ReduceSum<double> vol,
                  offload::ReduceSum<double> mass,
                  offload::ReduceSum<double> ie,
                  offload::ReduceSum<double> temp) {
  for (auto [row, col] : cells) {
    const std::uint64_t i = row * x + col;
    const double cellMass = volume[i] * density[i];
    vol += volume[i];
    mass += cellMass;
    ie += cellMass * energy0[i];
    temp += cellMass * u[i];
  }
}

// A reflective halo: the cells of a face's box take the values of the
// interior cells mirrored across the face (upstream's update_face). The
// box holds only halo cells, so the interior cells read belong to no thread.
enum class Face { Left, Right, Bottom, Top };
void reflect(Face face, std::uint64_t mirror, Grid f) {
  const std::uint64_t x = f.strategy().cols;
  for (auto [row, col, v] : f) {
    switch (face) {
    case Face::Left:
    case Face::Right:
      v = f.unchecked(row * x + (mirror - col));
      break;
    case Face::Bottom:
    case Face::Top:
      v = f.unchecked((mirror - row) * x + col);
      break;
    }
  }
}

// ---- The deck --------------------------------------------------------------

using deck::State;

struct Deck {
  std::vector<State> states;
  int xCells = 10, yCells = 10;
  double xmin = 0, ymin = 0, xmax = 100, ymax = 100;
  double dtInit = 0.1, eps = 1e-15;
  int endStep = 10, maxIters = 10000, haloDepth = 2, summaryFrequency = 10;
  bool reciprocal = false;
};

[[noreturn]] void fail(const std::string &What) {
  std::fprintf(stderr, "tealeaf: %s\n", What.c_str());
  std::exit(2);
}

Deck readDeck(const std::string &Path) {
  Deck D;
  D.states = deck::read(
      Path,
      [&](const std::string &Key, auto Number) {
        if (deck::readMesh(D, Key, Number))
          return;
        if (Key == "end_step")
          D.endStep = int(Number());
        else if (Key == "max_iters")
          D.maxIters = int(Number());
        else if (Key == "eps")
          D.eps = Number();
        else if (Key == "halo_depth")
          D.haloDepth = int(Number());
        else if (Key == "summary_frequency")
          D.summaryFrequency = int(Number());
        else if (Key == "coefficient_inverse_density")
          D.reciprocal = true;
        else if (Key == "coefficient_density")
          D.reciprocal = false;
        else if (Key == "use_jacobi" || Key == "use_chebyshev" ||
                 Key == "use_ppcg")
          fail("deck " + Path + ": only the CG solver (use_cg) is ported");
      },
      fail);
  deck::pullInwards(D.states, (D.xmax - D.xmin) / D.xCells,
                    (D.ymax - D.ymin) / D.yCells);
  return D;
}

// ---- The solver ------------------------------------------------------------

class TeaLeaf {
public:
  explicit TeaLeaf(const Deck &D)
      : D(D), Hd(std::uint64_t(D.haloDepth)), X(D.xCells + 2 * Hd),
        Y(D.yCells + 2 * Hd), Dx((D.xmax - D.xmin) / D.xCells),
        Dy((D.ymax - D.ymin) / D.yCells), All(Y, X),
        Interior(Y, X, {Hd, Y - Hd, Hd, X - Hd}) {
    setState();
    for (Field *F : {&Density, &Energy0, &Volume})
      Staged.push_back(offload::preload_mut(*F));
    for (Field *F : {&Energy, &U, &U0, &P, &R, &W, &Kx, &Ky})
      Staged.push_back(offload::preload_mut(*F, offload::uninitialized));
    haloUpdate({&Density, &Energy0}, 2);
    offload::offload(copyInterior, Energy0, Grid(Energy, All));
  }
  ~TeaLeaf() {
    for (auto &H : Staged)
      H.discard(); // nothing the host reads after the summaries
  }

  void step() {
    const double Rx = D.dtInit / (Dx * Dx), Ry = D.dtInit / (Dy * Dy);
    haloUpdate({&Energy, &Density}, 2);
    cg(Rx, Ry);
    // solve_finished: the residual check, then energy from u.
    double Norm = 0;
    offload::offload(calculateResidual, U, U0, Kx, Ky, Grid(R, Interior), Norm);
    offload::offload(finalise, U, Density, Grid(Energy, Interior));
    haloUpdate({&U, &P, &Energy}, 1);
  }

  Summary summary() {
    Summary S;
    offload::offload(
        fieldSummary, offload::Range<offload::Grid2D>(X * Y, Interior), X,
        Volume, Density, Energy0, U, S.volume, S.mass, S.ie, S.temp);
    return S;
  }

  int iterations() const { return Iterations; }

private:
  void cg(double Rx, double Ry) {
    double Rro = 0;
    offload::offload(cgInitFields, Energy, Density, Grid(U, All), Grid(P, All),
                     Grid(R, All));
    offload::offload(cgInitCoefficient, D.reciprocal, Density,
                     Grid(W, offload::Grid2D(Y, X, {1, Y - 1, 1, X - 1})));
    const offload::Grid2D KBox(Y, X, {Hd, Y - 1, Hd, X - 1});
    offload::offload(cgInitK, Rx, Ry, W, Grid(Kx, KBox), Grid(Ky, KBox));
    offload::offload(cgInitResidual, U, Kx, Ky, Grid(W, Interior),
                     Grid(R, Interior), Grid(P, Interior), Rro);
    haloUpdate({&U, &P}, 1);
    offload::offload(copyInterior, U, Grid(U0, Interior));
    for (int It = 0; It < D.maxIters; ++It) {
      double Pw = 0, Rrn = 0;
      offload::offload(cgCalcW, P, Kx, Ky, Grid(W, Interior), Pw);
      const double Alpha = Rro / Pw;
      offload::offload(cgCalcUR, Alpha, P, W, Grid(U, Interior),
                       Grid(R, Interior), Rrn);
      const double Beta = Rrn / Rro;
      offload::offload(cgCalcP, Beta, R, Grid(P, Interior));
      Rro = Rrn;
      haloUpdate({&U, &P}, 1);
      ++Iterations;
      if (std::sqrt(std::fabs(Rrn)) < D.eps)
        break;
    }
  }

  void haloUpdate(std::initializer_list<Field *> Fields, std::uint64_t Depth) {
    const offload::Grid2D Left(Y, X, {Hd, Y - Hd, Hd - Depth, Hd}),
        Right(Y, X, {Hd, Y - Hd, X - Hd, X - Hd + Depth}),
        Top(Y, X, {Y - Hd, Y - Hd + Depth, Hd, X - Hd}),
        Bottom(Y, X, {Hd - Depth, Hd, Hd, X - Hd});
    for (Field *F : Fields) {
      offload::offload(reflect, Face::Left, 2 * Hd - 1, Grid(*F, Left));
      offload::offload(reflect, Face::Right, 2 * (X - Hd) - 1, Grid(*F, Right));
      offload::offload(reflect, Face::Top, 2 * (Y - Hd) - 1, Grid(*F, Top));
      offload::offload(reflect, Face::Bottom, 2 * Hd - 1, Grid(*F, Bottom));
    }
  }

  // set_chunk_data and set_chunk_state, on the host: once, before staging.
  void setState() {
    for (Field *F :
         {&Density, &Energy0, &Energy, &U, &U0, &P, &R, &W, &Kx, &Ky, &Volume})
      F->assign(X * Y, 0.0);
    std::vector<double> Vx(X + 1), Vy(Y + 1);
    for (std::uint64_t I = 0; I <= X; ++I)
      Vx[I] = D.xmin + Dx * (double(I) - double(Hd));
    for (std::uint64_t J = 0; J <= Y; ++J)
      Vy[J] = D.ymin + Dy * (double(J) - double(Hd));
    for (std::uint64_t I = 0; I < X * Y; ++I) {
      Volume[I] = Dx * Dy;
      Energy0[I] = D.states[0].energy;
      Density[I] = D.states[0].density;
    }
    for (std::size_t S = 1; S < D.states.size(); ++S) {
      const State &St = D.states[S];
      for (std::uint64_t J = 0; J < Y; ++J)
        for (std::uint64_t K = 0; K < X; ++K) {
          bool Apply = false;
          if (St.geometry == State::Rectangle) {
            Apply = Vx[K + 1] >= St.xmin && Vx[K] < St.xmax &&
                    Vy[J + 1] >= St.ymin && Vy[J] < St.ymax;
          } else if (St.geometry == State::Circle) {
            const double Cx = 0.5 * (Vx[K] + Vx[K + 1]) - St.xmin,
                         Cy = 0.5 * (Vy[J] + Vy[J + 1]) - St.ymin;
            Apply = std::sqrt(Cx * Cx + Cy * Cy) <= St.radius;
          } else if (St.geometry == State::Point) {
            Apply = Vx[K] == St.xmin && Vy[J] == St.ymin;
          }
          if (Apply) {
            Energy0[K + J * X] = St.energy;
            Density[K + J * X] = St.density;
          }
        }
    }
  }

  const Deck &D;
  const std::uint64_t Hd, X, Y;
  const double Dx, Dy;
  const offload::Grid2D All, Interior;
  Field Density, Energy0, Energy, U, U0, P, R, W, Kx, Ky, Volume;
  std::vector<offload::Preloaded<Field>> Staged; // after the fields
  int Iterations = 0;
};

/// The temperature tea.problems expects for the deck's size and steps.
double expectedFromProblems(const std::string &Path, const Deck &D) {
  std::ifstream In(Path);
  for (int X, Y, Steps; In >> X >> Y >> Steps;) {
    double V;
    In >> V;
    if (X == D.xCells && Y == D.yCells && Steps == D.endStep)
      return V;
  }
  fail("no line for " + std::to_string(D.xCells) + " x " +
       std::to_string(D.yCells) + ", " + std::to_string(D.endStep) +
       " steps in " + Path);
}

} // namespace

int main(int Argc, char **Argv) {
  std::string DeckPath, Problems;
  double Expected = 0;
  bool HaveExpected = false;
  for (int I = 1; I < Argc; ++I) {
    const std::string Arg = Argv[I];
    if (Arg == "--deck" && I + 1 < Argc)
      DeckPath = Argv[++I];
    else if (Arg == "--problems" && I + 1 < Argc)
      Problems = Argv[++I];
    else if (Arg == "--expect" && I + 1 < Argc)
      Expected = std::atof(Argv[++I]), HaveExpected = true;
    else
      fail("usage: tealeaf --deck FILE [--expect VALUE | --problems FILE]");
  }
  if (DeckPath.empty())
    fail("usage: tealeaf --deck FILE [--expect VALUE | --problems FILE]");
  const Deck D = readDeck(DeckPath);
  if (!Problems.empty())
    Expected = expectedFromProblems(Problems, D), HaveExpected = true;

  std::printf("tealeaf: %d x %d cells, %d steps, CG, device %s\n", D.xCells,
              D.yCells, D.endStep, offload::current_device().name.c_str());
  TeaLeaf T(D);
  offload::synchronize();
  const auto T0 = std::chrono::steady_clock::now();
  for (int Step = 0; Step < D.endStep; ++Step) {
    T.step();
    if (Step % D.summaryFrequency == 0 && Step + 1 < D.endStep)
      (void)T.summary(); // upstream's periodic summary: part of the time
  }
  const Summary S = T.summary();
  const double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
          .count();
  std::printf("volume %.15e mass %.15e ie %.15e temp %.15e\n", S.volume, S.mass,
              S.ie, S.temp);
  std::printf("iterations %d wallclock %.6f s\n", T.iterations(), Seconds);
  if (!HaveExpected)
    return 0;
  const double Diff = std::fabs(100.0 * (S.temp / Expected) - 100.0);
  const bool Pass = Diff < 0.001 && !std::isnan(S.temp);
  std::printf("expected %.15e difference %.8f %% %s\n", Expected, Diff,
              Pass ? "PASS" : "FAIL");
  return Pass ? 0 : 1;
}
