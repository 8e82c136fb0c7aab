// Nothing a kernel receives may hold a host address: members of struct
// parameters at any depth (bases, nested structs, unions, std::array,
// std::pair and std::tuple, std::optional), standard types that refer to
// host memory, the elements of views and a Region's strategy. Each error
// names the path to the member, points at its declaration and says what to
// do. Structs of views (aggregates of std::span<const T>, Region, Range,
// Atomic and values) are fine, and so is a std::array of views.
// RUN: %offload_host -fsyntax-only -ferror-limit=0 -Xclang -verify %s
#include <offload/offload.hpp>
#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <tuple>
#include <vector>

struct SP { const double *a; long n; }; // expected-note {{'a' is declared here}}
struct SRef { const double &r; }; // expected-note {{'r' is declared here}}
struct SMut { std::span<double> m; }; // expected-note {{'m' is declared here}}
struct SStrv { std::string_view s; }; // expected-note {{'s' is declared here}}
struct SOpt { std::optional<std::span<const double>> o; }; // expected-note {{'o' is declared here}}
struct SArrPtr { std::array<const double *, 2> a; }; // expected-note {{'a' is declared here}}
struct SPair { std::pair<int, const int *> p; }; // expected-note {{'p' is declared here}}
struct STuple { std::tuple<int, std::span<const int>> t; }; // expected-note {{'t' is declared here}}
union U { const double *p; long bits; }; // expected-note {{'p' is declared here}}
struct SUnion { U u; };
struct Base { const int *p; }; // expected-note {{'p' is declared here}}
struct Derived : Base { int n; };
struct SNested { struct { const int *q; } inner; }; // expected-note {{'q' is declared here}}
struct SMemPtr { long SP::*m; }; // expected-note {{'m' is declared here}}
struct SVec { std::vector<double> v; }; // expected-note {{'v' is declared here}}
struct SFun { std::function<double(int)> f; }; // expected-note {{'f' is declared here}}
struct SUnique { std::unique_ptr<int> p; }; // expected-note {{'p' is declared here}}
struct SIter { std::vector<double>::const_iterator it; }; // expected-note {{'it' is declared here}}
class Private {
  std::span<const double> a; // expected-note {{'a' is declared here}}
public:
  Private(std::span<const double> a) : a(a) {}
  double get(std::size_t i) const { return a[i]; }
};
struct SReduce {
  std::span<const double> a;
  offload::ReduceSum<double> r; // expected-note {{'r' is declared here}}
};
struct SCArray {
  std::span<const double> a;
  double c[3]; // expected-note {{'c' is declared here}}
};
struct SPtrBesideViews {
  std::span<const double> a;
  offload::Region<double> out;
  const int *lookup; // expected-note {{'lookup' is declared here}}
};
struct Node { const Node *next; double v; }; // expected-note {{'next' is declared here}}
struct Permuted : offload::Linear1D { const int *perm; }; // expected-note {{'perm' is declared here}}
OFFLOAD_UNSAFE_DISJOINT_STRATEGY(Permuted);

void kP(SP s, offload::Region<double> o) {} // expected-error {{'s.a' (const double *) in parameter 's' of kernel 'kP' is a raw pointer into host memory, which the device cannot use; kernels read data through std::span<const T> and write it through offload::Region<T>, in structs too}}
void kRef(SRef s, offload::Region<double> o) {} // expected-error {{'s.r' (const double &) in parameter 's' of kernel 'kRef' is a reference to host memory, which the device cannot use; hold a value, or a std::span<const T> or offload::Region<T> of the data}}
void kMut(SMut s, offload::Region<double> o) {} // expected-error {{'s.m' (std::span<double>) in parameter 's' of kernel 'kMut' is a mutable std::span whose elements every thread could write; use std::span<const T> to read the data, or offload::Region<T> to give each thread its own part}}
void kStrv(SStrv s, offload::Region<double> o) {} // expected-error {{'s.s' (std::string_view) in parameter 's' of kernel 'kStrv' refers to host memory, which the device cannot use; pass the data as a std::span<const T> or offload::Region<T> instead}}
void kOpt(SOpt s, offload::Region<double> o) {} // expected-error {{'s.o' (std::optional<std::span<const double>>) in parameter 's' of kernel 'kOpt' refers to host memory}}
void kArrPtr(SArrPtr s, offload::Region<double> o) {} // expected-error {{'s.a' (std::array<const double *, 2>) in parameter 's' of kernel 'kArrPtr' is a raw pointer}}
void kPair(SPair s, offload::Region<double> o) {} // expected-error {{'s.p' (std::pair<int, const int *>) in parameter 's' of kernel 'kPair' refers to host memory}}
void kTuple(STuple s, offload::Region<double> o) {} // expected-error {{'s.t' (std::tuple<int, std::span<const int>>) in parameter 's' of kernel 'kTuple' refers to host memory}}
void kUnion(SUnion s, offload::Region<double> o) {} // expected-error {{'s.u.p' (const double *) in parameter 's' of kernel 'kUnion' is a raw pointer}}
void kDerived(Derived s, offload::Region<double> o) {} // expected-error {{'s.p' (const int *) in parameter 's' of kernel 'kDerived' is a raw pointer}}
void kNested(SNested s, offload::Region<double> o) {} // expected-error {{'s.inner.q' (const int *) in parameter 's' of kernel 'kNested' is a raw pointer}}
void kMemPtr(SMemPtr s, offload::Region<double> o) {} // expected-error {{'s.m' (long SP::*) in parameter 's' of kernel 'kMemPtr' is a raw pointer}}
void kVec(const SVec &s, offload::Region<double> o) {} // expected-error {{'s.v' (std::vector<double>) in parameter 's' of kernel 'kVec' refers to host memory}}
void kFun(const SFun &s, offload::Region<double> o) {} // expected-error {{'s.f' (std::function<double (int)>) in parameter 's' of kernel 'kFun' refers to host memory}}
void kUnique(const SUnique &s, offload::Region<double> o) {} // expected-error {{'s.p' (std::unique_ptr<int>) in parameter 's' of kernel 'kUnique' refers to host memory}}
void kIter(SIter s, offload::Region<double> o) {} // expected-error {{'s.it' (std::vector<double>::const_iterator) in parameter 's' of kernel 'kIter' refers to host memory}}
void kPrivate(Private s, offload::Region<double> o) {} // expected-error {{'s.a' (std::span<const double>) in parameter 's' of kernel 'kPrivate' is a view inside 'Private', which offload() cannot map member by member: only an aggregate struct (public members, no user-declared constructors, no virtual functions, members declared in one class; not a union) of at most 64 members is; make 'Private' one, or pass the view as a parameter of its own}}
void kReduce(SReduce s, offload::Region<double> o) {} // expected-error {{'s.r' (offload::ReduceSum<double>) in parameter 's' of kernel 'kReduce' cannot be a member of a struct of views: pass it as a parameter of its own}}
void kCArray(SCArray s, offload::Region<double> o) {} // expected-error {{'s.c' (double[3]) in parameter 's' of kernel 'kCArray' cannot be a member of a struct of views: use std::array<T, N> instead of a C array}}
void kBeside(SPtrBesideViews s) {} // expected-error {{'s.lookup' (const int *) in parameter 's' of kernel 'kBeside' is a raw pointer}}
void kNodes(std::span<const Node> n, offload::Region<double> o) {} // expected-error {{the elements of 'n' (std::span<const Node>) in parameter 'n' of kernel 'kNodes' hold a host address ('n[i].next', of type const Node *), which the device cannot use; store values (indices instead of pointers) and pass the data they refer to as parameters of their own}}
void kSpans(const std::vector<std::span<const double>> &v, offload::Region<double> o) {} // expected-error {{the elements of 'v' (const std::vector<std::span<const double>> &) in parameter 'v' of kernel 'kSpans' hold a host address ('v[i]', of type std::span<const double>)}}
void kStrategy(offload::Region<double, Permuted> o) {} // expected-error {{the partitioning strategy of 'o' (offload::Region<double, Permuted>) in parameter 'o' of kernel 'kStrategy' holds a host address ('o.strategy().perm', of type const int *), which the device cannot use; store indices, or use offload::Indexed for a list of positions}}
void kStringView(std::string_view s, offload::Region<double> o) {} // expected-error {{'s' (std::string_view) in parameter 's' of kernel 'kStringView' refers to host memory}}

// Structs of views, nested, with values and methods, and arrays of views.
struct Inner { std::span<const double> a, b; };
struct Outer {
  Inner in;
  offload::Region<double> out;
  offload::Atomic<int> count;
  std::array<std::span<const float>, 2> extra;
  int n;
  double scale() const { return 2.0 * n; }
};
void fine(Outer s, std::array<std::span<const double>, 3> xs,
          offload::Region<double, offload::Indexed<std::uint32_t>> picked) {}

void run(std::vector<double> &a, std::vector<double> &o, std::vector<double> &p,
         std::vector<int> &ia, std::vector<float> &f,
         std::vector<std::uint32_t> &idx) {
  offload::offload(kP, SP{a.data(), 4}, o);
  offload::offload(kRef, SRef{a[0]}, o);
  offload::offload(kMut, SMut{a}, o);
  offload::offload(kStrv, SStrv{"abcd"}, o);
  offload::offload(kOpt, SOpt{a}, o);
  offload::offload(kArrPtr, SArrPtr{{a.data(), a.data()}}, o);
  offload::offload(kPair, SPair{{1, ia.data()}}, o);
  offload::offload(kTuple, STuple{}, o);
  offload::offload(kUnion, SUnion{{a.data()}}, o);
  offload::offload(kDerived, Derived{{ia.data()}, 1}, o);
  offload::offload(kNested, SNested{{ia.data()}}, o);
  offload::offload(kMemPtr, SMemPtr{&SP::n}, o);
  offload::offload(kVec, SVec{a}, o);
  offload::offload(kFun, SFun{}, o);
  offload::offload(kUnique, SUnique{}, o);
  offload::offload(kIter, SIter{a.cbegin()}, o);
  offload::offload(kPrivate, Private{a}, o);
  double r = 0;
  offload::offload(kReduce, SReduce{a, r}, o);
  offload::offload(kCArray, SCArray{a, {1, 2, 3}}, o);
  offload::offload(kBeside, SPtrBesideViews{a, o, ia.data()});
  std::vector<Node> nodes(4);
  offload::offload(kNodes, nodes, o);
  std::vector<std::span<const double>> spans(2);
  offload::offload(kSpans, spans, o);
  offload::offload(kStrategy,
                   offload::Region<double, Permuted>(o, Permuted{{}, ia.data()}));
  offload::offload(kStringView, std::string_view("abcd"), o);

  offload::offload(fine, Outer{{a, a}, o, ia, {f, f}, 3},
                   std::array<std::span<const double>, 3>{a, a, a},
                   offload::Region<double, offload::Indexed<std::uint32_t>>(
                       p, offload::Indexed<std::uint32_t>(idx)));
}
