// miniBUDE on cxx-offload: the docking energy of each pose of a ligand
// against a protein (UoB-HPC/miniBUDE's "fasten" kernel), written with the
// documented API as a user would: the deck as a struct of read-only views,
// poses per work-item as Coarsened1D groups of a Region, the work-group size
// as the launch's block, the deck kept on the device by preload handles.
//
//   minibude --deck DIR [--iter I] [--warmup W] [--poses N]
//            [--ppwi 1,2,...|all] [--wgsize 64,128,...] [--csv]
//   minibude --synthetic LIGAND,PROTEIN,POSES   (a generated deck, checked
//            against a serial computation on the host: no files needed)
//
// Decks are upstream's files (ligand.in, protein.in, forcefield.in,
// poses.in, ref_energies.out; scripts/build-apps.sh fetches them); the
// energies are checked against ref_energies.out within upstream's 0.025 %.
// The figure of merit is upstream's: GFLOP/s from its operation count, and
// interactions (poses x ligand atoms x protein atoms) per second, over the
// mean time of the timed iterations.
#include <offload/offload.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <span>
#include <string>
#include <vector>

namespace {

// The deck's records, as upstream writes them (16 bytes each).
struct Atom {
  float x, y, z;
  std::int32_t type;
};
struct ForceField {
  std::int32_t hbtype;
  float radius, hphb, elsc;
};
static_assert(sizeof(Atom) == 16 && sizeof(ForceField) == 16);

// The energy model's constants (miniBUDE's bude.h).
constexpr std::int32_t HbTypeF = 70, HbTypeE = 69;
constexpr float Hardness = 38.0f, NpNpDist = 5.5f, NpPDist = 1.0f,
                Constant = 45.0f;

/// What the kernel reads: one struct of views.
struct Deck {
  std::span<const Atom> protein, ligand;
  std::span<const ForceField> forcefield;
  std::array<std::span<const float>, 6> poses; // 3 angles, 3 translations
};

/// The energies of the poses of this thread's group, PPWI at a time: each
/// ligand and protein atom is read once for all of them.
template <unsigned PPWI>
void fasten(Deck d, offload::Region<float, offload::Coarsened1D> energies) {
  for (auto g : energies) {
    float rot[PPWI][3][4], etot[PPWI];
    for (unsigned k = 0; k < PPWI; ++k) {
      // A thread with fewer poses repeats its last one (and keeps it).
      const std::uint64_t p = g.index(k < g.size() ? k : g.size() - 1);
      const float sx = std::sin(d.poses[0][p]), cx = std::cos(d.poses[0][p]);
      const float sy = std::sin(d.poses[1][p]), cy = std::cos(d.poses[1][p]);
      const float sz = std::sin(d.poses[2][p]), cz = std::cos(d.poses[2][p]);
      rot[k][0][0] = cy * cz;
      rot[k][0][1] = sx * sy * cz - cx * sz;
      rot[k][0][2] = cx * sy * cz + sx * sz;
      rot[k][0][3] = d.poses[3][p];
      rot[k][1][0] = cy * sz;
      rot[k][1][1] = sx * sy * sz + cx * cz;
      rot[k][1][2] = cx * sy * sz - sx * cz;
      rot[k][1][3] = d.poses[4][p];
      rot[k][2][0] = -sy;
      rot[k][2][1] = sx * cy;
      rot[k][2][2] = cx * cy;
      rot[k][2][3] = d.poses[5][p];
      etot[k] = 0.0f;
    }

    for (const Atom &l : d.ligand) {
      const ForceField lff = d.forcefield[l.type];
      const bool lNeg = (lff.hphb < 0.0f), lPos = (lff.hphb > 0.0f);
      float lx[PPWI], ly[PPWI], lz[PPWI];
      for (unsigned k = 0; k < PPWI; ++k) {
        lx[k] = rot[k][0][3] + l.x * rot[k][0][0] + l.y * rot[k][0][1] +
                l.z * rot[k][0][2];
        ly[k] = rot[k][1][3] + l.x * rot[k][1][0] + l.y * rot[k][1][1] +
                l.z * rot[k][1][2];
        lz[k] = rot[k][2][3] + l.x * rot[k][2][0] + l.y * rot[k][2][1] +
                l.z * rot[k][2][2];
      }
      for (const Atom &a : d.protein) {
        const ForceField pff = d.forcefield[a.type];
        const float radij = pff.radius + lff.radius, rRadij = 1.0f / radij;
        const bool bothF = pff.hbtype == HbTypeF && lff.hbtype == HbTypeF;
        const float elcdst = bothF ? 4.0f : 2.0f,
                    elcdst1 = bothF ? 0.25f : 0.5f;
        const bool typeE = pff.hbtype == HbTypeE || lff.hbtype == HbTypeE;
        const bool pNeg = (pff.hphb < 0.0f), pPos = (pff.hphb > 0.0f),
                   pNonzero = pff.hphb != 0.0f;
        const float pHphb = pff.hphb * (pNeg && lPos ? -1.0f : 1.0f);
        const float lHphb = lff.hphb * (pPos && lNeg ? -1.0f : 1.0f);
        const float distdslv =
            pNeg ? (lNeg ? NpNpDist : NpPDist)
                 : (lNeg ? NpPDist : -std::numeric_limits<float>::max());
        const float rDistdslv = 1.0f / distdslv;
        const float chrgInit = lff.elsc * pff.elsc, dslvInit = pHphb + lHphb;
        for (unsigned k = 0; k < PPWI; ++k) {
          const float x = lx[k] - a.x, y = ly[k] - a.y, z = lz[k] - a.z;
          const float distij = std::sqrt(x * x + y * y + z * z);
          const float distbb = distij - radij;
          const bool zone1 = distbb < 0.0f;
          // Steric.
          etot[k] +=
              (1.0f - distij * rRadij) * (zone1 ? 2.0f * Hardness : 0.0f);
          // Formal and dipole charges.
          float chrg = chrgInit * ((zone1 ? 1.0f : 1.0f - distbb * elcdst1) *
                                   (distbb < elcdst ? 1.0f : 0.0f));
          chrg = typeE ? -std::fabs(chrg) : chrg;
          etot[k] += chrg * Constant;
          // Nonpolar-polar repulsion.
          const float coeff = 1.0f - distbb * rDistdslv;
          float dslv = dslvInit * (distbb < distdslv && pNonzero ? 1.0f : 0.0f);
          dslv *= zone1 ? 1.0f : coeff;
          etot[k] += dslv;
        }
      }
    }
    for (unsigned k = 0; k < PPWI; ++k)
      if (k < g.size())
        g[k] = etot[k] * 0.5f;
  }
}

/// The same arithmetic on the host, one pose at a time: the reference of
/// synthetic decks.
float hostEnergy(const Deck &d, std::size_t p) {
  const float sx = std::sin(d.poses[0][p]), cx = std::cos(d.poses[0][p]);
  const float sy = std::sin(d.poses[1][p]), cy = std::cos(d.poses[1][p]);
  const float sz = std::sin(d.poses[2][p]), cz = std::cos(d.poses[2][p]);
  const float m[3][4] = {
      {cy * cz, sx * sy * cz - cx * sz, cx * sy * cz + sx * sz, d.poses[3][p]},
      {cy * sz, sx * sy * sz + cx * cz, cx * sy * sz - sx * cz, d.poses[4][p]},
      {-sy, sx * cy, cx * cy, d.poses[5][p]}};
  float e = 0;
  for (const Atom &l : d.ligand) {
    const ForceField lff = d.forcefield[l.type];
    const float pos[3] = {
        m[0][3] + l.x * m[0][0] + l.y * m[0][1] + l.z * m[0][2],
        m[1][3] + l.x * m[1][0] + l.y * m[1][1] + l.z * m[1][2],
        m[2][3] + l.x * m[2][0] + l.y * m[2][1] + l.z * m[2][2]};
    for (const Atom &a : d.protein) {
      const ForceField pff = d.forcefield[a.type];
      const float dx = pos[0] - a.x, dy = pos[1] - a.y, dz = pos[2] - a.z;
      const float dist = std::sqrt(dx * dx + dy * dy + dz * dz);
      const float radij = pff.radius + lff.radius;
      const float bb = dist - radij;
      const bool inside = bb < 0;
      const bool bothF = pff.hbtype == HbTypeF && lff.hbtype == HbTypeF;
      if (inside)
        e += (1 - dist * (1 / radij)) * 2 * Hardness;
      if (bb < (bothF ? 4.0f : 2.0f)) {
        float c = lff.elsc * pff.elsc *
                  (inside ? 1.0f : 1.0f - bb * (bothF ? 0.25f : 0.5f));
        if (pff.hbtype == HbTypeE || lff.hbtype == HbTypeE)
          c = -std::fabs(c);
        e += c * Constant;
      }
      float cut = -std::numeric_limits<float>::max();
      if (pff.hphb < 0)
        cut = lff.hphb < 0 ? NpNpDist : NpPDist;
      else if (lff.hphb < 0)
        cut = NpPDist;
      if (bb < cut && pff.hphb != 0) {
        const float ph = pff.hphb * (pff.hphb < 0 && lff.hphb > 0 ? -1 : 1);
        const float lh = lff.hphb * (pff.hphb > 0 && lff.hphb < 0 ? -1 : 1);
        e += (ph + lh) * (inside ? 1.0f : 1.0f - bb * (1 / cut));
      }
    }
  }
  return e * 0.5f;
}

template <class T> std::vector<T> readRecords(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary | std::ios::ate);
  if (!In) {
    std::fprintf(stderr, "minibude: cannot read %s\n", Path.c_str());
    std::exit(2);
  }
  const std::streamsize Bytes = In.tellg();
  std::vector<T> Out(std::size_t(Bytes) / sizeof(T));
  In.seekg(0);
  In.read(reinterpret_cast<char *>(Out.data()),
          std::streamsize(Out.size() * sizeof(T)));
  return Out;
}

/// A deck's arrays, which the Deck views.
struct DeckData {
  std::vector<Atom> protein, ligand;
  std::vector<ForceField> forcefield;
  std::array<std::vector<float>, 6> poses;
  std::vector<float> reference; // energies, or empty
  std::size_t nposes() const { return poses[0].size(); }
  Deck view() const {
    return {protein,
            ligand,
            forcefield,
            {poses[0], poses[1], poses[2], poses[3], poses[4], poses[5]}};
  }
};

DeckData readDeck(const std::string &Dir, std::size_t Poses) {
  DeckData D;
  D.ligand = readRecords<Atom>(Dir + "/ligand.in");
  D.protein = readRecords<Atom>(Dir + "/protein.in");
  D.forcefield = readRecords<ForceField>(Dir + "/forcefield.in");
  // Six arrays of all poses, one per degree of freedom.
  const std::vector<float> All = readRecords<float>(Dir + "/poses.in");
  const std::size_t Max = All.size() / 6;
  const std::size_t N = Poses ? std::min(Poses, Max) : Max;
  for (std::size_t I = 0; I < 6; ++I)
    D.poses[I].assign(All.begin() + std::ptrdiff_t(I * Max),
                      All.begin() + std::ptrdiff_t(I * Max + N));
  std::ifstream Ref(Dir + "/ref_energies.out");
  for (float E; D.reference.size() < N && Ref >> E;)
    D.reference.push_back(E);
  return D;
}

/// A generated deck: atoms on a small lattice with every kind of force
/// field entry, poses sweeping angles and offsets.
DeckData syntheticDeck(std::size_t Ligand, std::size_t Protein,
                       std::size_t Poses) {
  DeckData D;
  for (int T = 0; T < 8; ++T)
    D.forcefield.push_back({T % 3 == 0 ? HbTypeF : (T % 3 == 1 ? HbTypeE : 0),
                            1.0f + 0.25f * float(T % 4),
                            T % 2 ? -0.5f * float(T) : 0.25f * float(T % 3),
                            0.1f * float(T % 5) - 0.2f});
  for (std::size_t I = 0; I < Protein; ++I)
    D.protein.push_back({float(I % 11) * 1.5f - 7, float(I % 7) * 1.25f - 4,
                         float(I % 5) - 2, std::int32_t(I % 8)});
  for (std::size_t I = 0; I < Ligand; ++I)
    D.ligand.push_back({float(I % 3) * 0.75f, float(I % 4) * 0.5f - 1,
                        float(I % 2) * 0.5f, std::int32_t((I * 3) % 8)});
  for (std::size_t P = 0; P < Poses; ++P) {
    D.poses[0].push_back(0.05f * float(P % 61));
    D.poses[1].push_back(0.07f * float(P % 37));
    D.poses[2].push_back(0.11f * float(P % 29));
    D.poses[3].push_back(float(P % 9) * 0.5f - 2);
    D.poses[4].push_back(float(P % 13) * 0.25f - 1.5f);
    D.poses[5].push_back(float(P % 5) * 0.75f - 1.5f);
  }
  const Deck View = D.view();
  for (std::size_t P = 0; P < Poses; ++P)
    D.reference.push_back(hostEnergy(View, P));
  return D;
}

/// The largest relative difference to the reference, in percent, as
/// upstream measures it (energies below 1 in magnitude on both sides are
/// not compared).
double maxDifferencePercent(const std::vector<float> &Got,
                            const std::vector<float> &Want) {
  double Max = 0;
  for (std::size_t I = 0; I < Got.size() && I < Want.size(); ++I) {
    if (std::fabs(Want[I]) < 1.0f && std::fabs(Got[I]) < 1.0f)
      continue;
    Max = std::max(Max, std::fabs((double(Want[I]) - Got[I]) / Want[I]));
  }
  return 100 * Max;
}

constexpr unsigned PPWIs[] = {1, 2, 4, 8, 16, 32, 64, 128};

template <unsigned P>
void launch(const Deck &D, std::span<float> Out, std::size_t WgSize) {
  offload::offload(
      offload::Launch{.block = std::uint32_t(WgSize)}, fasten<P>, D,
      offload::Region<float, offload::Coarsened1D>(Out, {P, WgSize}));
}

void launchPPWI(unsigned P, const Deck &D, std::span<float> Out,
                std::size_t WgSize) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((P == PPWIs[I] ? launch<PPWIs[I]>(D, Out, WgSize) : void()), ...);
  }
  (std::make_index_sequence<std::size(PPWIs)>{});
}

/// The largest work-group the kernel for P poses can be launched with on
/// the selected device (-1: no limit but the device's).
int maxBlock(unsigned P) {
  int Max = -1;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((P == PPWIs[I]
          ? void(Max = offload::kernel_resources(fasten<PPWIs[I]>).max_block)
          : void()),
     ...);
  }
  (std::make_index_sequence<std::size(PPWIs)>{});
  return Max;
}

std::vector<std::size_t> parseList(const char *S) {
  std::vector<std::size_t> Out;
  for (const char *P = S; *P;) {
    Out.push_back(std::strtoull(P, const_cast<char **>(&P), 10));
    if (*P == ',')
      ++P;
    else if (*P)
      break;
  }
  return Out;
}

} // namespace

int main(int argc, char **argv) {
  std::string DeckDir;
  std::vector<std::size_t> Synthetic, PPWI = {4}, WgSizes = {64};
  std::size_t Iterations = 8, Warmup = 2, Poses = 0;
  bool Csv = false;
  for (int A = 1; A < argc; ++A) {
    const std::string Arg = argv[A];
    const char *Value = A + 1 < argc ? argv[A + 1] : "";
    if (Arg == "--deck")
      DeckDir = Value, ++A;
    else if (Arg == "--synthetic")
      Synthetic = parseList(Value), ++A;
    else if (Arg == "--iter" || Arg == "-i")
      Iterations = std::strtoull(Value, nullptr, 10), ++A;
    else if (Arg == "--warmup")
      Warmup = std::strtoull(Value, nullptr, 10), ++A;
    else if (Arg == "--poses")
      Poses = std::strtoull(Value, nullptr, 10), ++A;
    else if (Arg == "--ppwi")
      PPWI = std::string(Value) == "all"
                 ? std::vector<std::size_t>(std::begin(PPWIs), std::end(PPWIs))
                 : parseList(Value),
      ++A;
    else if (Arg == "--wgsize")
      WgSizes = parseList(Value), ++A;
    else if (Arg == "--csv")
      Csv = true;
    else {
      std::fprintf(stderr,
                   "usage: minibude --deck DIR | --synthetic L,P,N [--iter I] "
                   "[--warmup W] [--poses N] [--ppwi LIST|all] "
                   "[--wgsize LIST] [--csv]\n");
      return 2;
    }
  }
  if (DeckDir.empty() == Synthetic.empty() ||
      (!Synthetic.empty() && Synthetic.size() != 3)) {
    std::fprintf(stderr, "minibude: give --deck DIR or --synthetic L,P,N\n");
    return 2;
  }
  const DeckData Data =
      Synthetic.empty()
          ? readDeck(DeckDir, Poses)
          : syntheticDeck(Synthetic[0], Synthetic[1], Synthetic[2]);
  const std::size_t N = Data.nposes();
  const Deck D = Data.view();
  std::printf("# minibude (cxx-offload): %s, %zu poses, %zu ligand atoms, "
              "%zu protein atoms, %zu force field entries\n",
              DeckDir.empty() ? "synthetic deck" : DeckDir.c_str(), N,
              D.ligand.size(), D.protein.size(), D.forcefield.size());
  if (Csv)
    std::printf("ppwi,wgsize,sum_ms,avg_ms,min_ms,max_ms,stddev_ms,"
                "interactions/s,gflops/s,gfinst/s,max_diff_%%,valid\n");

  // The deck stays on the device for every run; the energies come back
  // after each run's last iteration.
  auto Protein = offload::preload(Data.protein),
       Ligand = offload::preload(Data.ligand);
  auto Field = offload::preload(Data.forcefield);
  auto P0 = offload::preload(Data.poses[0]),
       P1 = offload::preload(Data.poses[1]),
       P2 = offload::preload(Data.poses[2]),
       P3 = offload::preload(Data.poses[3]),
       P4 = offload::preload(Data.poses[4]),
       P5 = offload::preload(Data.poses[5]);
  bool AllValid = true;
  for (std::size_t P : PPWI) {
    if (!std::count(std::begin(PPWIs), std::end(PPWIs), P)) {
      std::fprintf(stderr,
                   "minibude: ppwi %zu is not one of 1, 2, 4, ..., 128\n", P);
      return 2;
    }
    for (std::size_t Wg : WgSizes) {
      // As upstream skips what its device cannot run: a work-group larger
      // than the kernel's registers allow.
      if (const int Max = maxBlock(unsigned(P));
          Max > 0 && Wg > std::size_t(Max)) {
        std::printf("# skipping ppwi=%zu, wgsize=%zu: the kernel's registers "
                    "allow work-groups of at most %d\n",
                    P, Wg, Max);
        continue;
      }
      std::vector<float> Energies(N);
      std::vector<double> Ms;
      {
        auto Out = offload::preload_mut(Energies);
        for (std::size_t I = 0; I < Warmup + Iterations; ++I) {
          const auto T0 = std::chrono::steady_clock::now();
          launchPPWI(unsigned(P), D, std::span<float>(Out), Wg);
          offload::synchronize();
          const auto T1 = std::chrono::steady_clock::now();
          if (I >= Warmup)
            Ms.push_back(
                std::chrono::duration<double, std::milli>(T1 - T0).count());
        }
      }
      double Sum = 0, Min = 1e300, Max = 0, Var = 0;
      for (double M : Ms)
        Sum += M, Min = std::min(Min, M), Max = std::max(Max, M);
      const double Avg = Ms.empty() ? 0 : Sum / double(Ms.size());
      for (double M : Ms)
        Var += (M - Avg) * (M - Avg);
      const double StdDev = Ms.empty() ? 0 : std::sqrt(Var / double(Ms.size()));
      // Upstream's operation count per group of PPWI poses.
      const double NatLig = double(D.ligand.size()),
                   NatPro = double(D.protein.size());
      const double OpsPerGroup =
          double(P) * 27 +
          NatLig * (2 + double(P) * 18 + NatPro * (10 + double(P) * 30)) +
          double(P);
      const double Seconds = Avg * 1e-3;
      const double GFlops =
          OpsPerGroup * (double(N) / double(P)) / Seconds / 1e9;
      const double Interactions = double(N) * NatLig * NatPro / Seconds;
      // Upstream's count of floating-point instructions: 25 per interaction.
      const double GFInsts = 25 * double(N) * NatLig * NatPro / Seconds / 1e9;
      const double Diff = maxDifferencePercent(Energies, Data.reference);
      const bool Valid = Data.reference.size() >= N && Diff < 0.025;
      AllValid &= Valid;
      if (Csv)
        std::printf("%zu,%zu,%.4f,%.4f,%.4f,%.4f,%.4f,%.6g,%.6g,%.6g,%.6f,%d\n",
                    P, Wg, Sum, Avg, Min, Max, StdDev, Interactions, GFlops,
                    GFInsts, Diff, int(Valid));
      else
        std::printf("ppwi %zu wgsize %zu: avg %.3f ms (min %.3f), %.2f "
                    "GFLOP/s, %.3f G interactions/s, max difference %.6f %% "
                    "%s\n",
                    P, Wg, Avg, Min, GFlops, Interactions / 1e9, Diff,
                    Valid ? "valid" : "INVALID");
    }
  }
  std::puts(AllValid ? "PASS" : "FAIL");
  return AllValid ? 0 : 1;
}
