// The input decks of UoB-HPC's mini-apps (TeaLeaf's tea.in, CloverLeaf's
// clover.in): lines of "key value" or "key=value", and numbered material
// states with their geometry. Shared by the ports in benchmarks/apps.
#pragma once

#include <cstddef>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace deck {

/// A material state: what it fills, and with which values.
struct State {
  double density = 0, energy = 0, xvel = 0, yvel = 0;
  enum { Everywhere, Rectangle, Circle, Point } geometry = Everywhere;
  double xmin = 0, xmax = 0, ymin = 0, ymax = 0, radius = 0;
};

/// Reads the deck at Path: "state N ..." lines into States (numbered 1, 2,
/// ...), every other line's key to OnKey(Key, Number), where Number() reads
/// the line's next number. Fail(message) reports an error and does not
/// return.
template <class OnKey, class Fail>
std::vector<State> read(const std::string &Path, OnKey &&OnLine, Fail &&fail) {
  std::ifstream In(Path);
  if (!In)
    fail("cannot read the deck " + Path);
  std::vector<State> States;
  for (std::string Line; std::getline(In, Line);) {
    for (char &C : Line)
      if (C == '=' || C == ',')
        C = ' ';
    std::istringstream Words(Line);
    std::string Key;
    Words >> Key;
    auto Number = [&] {
      double V;
      if (!(Words >> V))
        fail("deck " + Path + ": '" + Key + "' needs a number");
      return V;
    };
    if (Key != "state") {
      OnLine(Key, Number);
      continue;
    }
    if (std::size_t(Number()) != States.size() + 1)
      fail("deck " + Path + ": states must be numbered 1, 2, ...");
    State S;
    for (std::string K; Words >> K;) {
      if (K == "density")
        S.density = Number();
      else if (K == "energy")
        S.energy = Number();
      else if (K == "xvel")
        S.xvel = Number();
      else if (K == "yvel")
        S.yvel = Number();
      else if (K == "geometry") {
        std::string G;
        Words >> G;
        if (G == "rectangle")
          S.geometry = State::Rectangle;
        else if (G == "circle" || G == "circular")
          S.geometry = State::Circle;
        else if (G == "point")
          S.geometry = State::Point;
        else
          fail("deck " + Path + ": unknown geometry " + G);
      } else if (K == "xmin")
        S.xmin = Number();
      else if (K == "xmax")
        S.xmax = Number();
      else if (K == "ymin")
        S.ymin = Number();
      else if (K == "ymax")
        S.ymax = Number();
      else if (K == "radius")
        S.radius = Number();
    }
    States.push_back(S);
  }
  if (States.empty())
    fail("deck " + Path + ": no states");
  return States;
}

/// The mesh and first time step, keys that TeaLeaf's and CloverLeaf's
/// decks share, into the same-named members of D; false for other keys.
template <class D, class Number>
bool readMesh(D &Deck, const std::string &Key, Number &&Value) {
  if (Key == "x_cells")
    Deck.xCells = int(Value());
  else if (Key == "y_cells")
    Deck.yCells = int(Value());
  else if (Key == "xmin")
    Deck.xmin = Value();
  else if (Key == "ymin")
    Deck.ymin = Value();
  else if (Key == "xmax")
    Deck.xmax = Value();
  else if (Key == "ymax")
    Deck.ymax = Value();
  else if (Key == "initial_timestep")
    Deck.dtInit = Value();
  else
    return false;
  return true;
}

/// Upstream pulls each state's box (but the first, which fills everything)
/// a hundredth of a cell inwards, so that a box edge on a cell edge does not
/// take the neighbouring cell.
inline void pullInwards(std::vector<State> &States, double Dx, double Dy) {
  for (std::size_t S = 1; S < States.size(); ++S) {
    States[S].xmin += Dx / 100, States[S].xmax -= Dx / 100;
    States[S].ymin += Dy / 100, States[S].ymax -= Dy / 100;
  }
}

} // namespace deck
