// Valid offload() calls of every supported form draw no diagnostic.
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics
#include <offload/offload.hpp>
#include <array>
#include <vector>

struct P {
  int a, b;
};
void all(P p, const P &q, std::span<const double> s, const std::vector<int> &v,
         const std::array<char, 3> &a, offload::Region<double> r) {}
template <class T> void t(T x, offload::Region<T> r) {}
void noexceptKernel(offload::Region<int> r) noexcept {}
namespace n {
static void s(offload::Region<int> r) {}
} // namespace n

template <class T> void inTemplate(std::vector<T> &v) {
  offload::offload(t<T>, T(1), v);
}

void run(std::vector<double> &d, std::vector<double> &e, std::vector<int> &i,
         std::array<char, 3> a) {
  offload::offload(all, P{1, 2}, P{3, 4}, e, i, a, d);
  offload::offload(&t<double>, 2.0, d);
  offload::offload(noexceptKernel, i);
  offload::offload(n::s, i);
  offload::offload(offload::Launch{.threads = 1, .block = 32}, n::s, i);
  inTemplate(i);
  inTemplate(d);
}
