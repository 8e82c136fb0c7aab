//===- ParamsTest.cpp - The argument layout of offload/detail/params.hpp --===//
//
// The header turns each kernel parameter into 8-byte slots on the host and
// back into a parameter value in the kernel entry; these tests run both
// halves on the host and check that they agree.
//
//===----------------------------------------------------------------------===//

#include <offload/offload.hpp>

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <set>
#include <vector>

using namespace offload;
using namespace offload::detail;

namespace {

const ThreadIndex Thread{0, 0, 0, 1, 1};
NoState None;

struct Slots {
  void *Ptrs[16];
  std::int64_t Sizes[16], Types[16];
  SlotWriter W{Ptrs, Sizes, Types};
  std::uint64_t word(unsigned I) const {
    return reinterpret_cast<std::uint64_t>(Ptrs[I]);
  }
  std::vector<std::uint64_t> words() const {
    std::vector<std::uint64_t> Out;
    for (unsigned I = 0; I < W.Count; ++I)
      Out.push_back(word(I));
    return Out;
  }
};

TEST(Params, ScalarsTravelByValueInOneSlot) {
  Slots S;
  Param<float>::put(2.5f, S.W);
  ASSERT_EQ(S.W.Count, 1u);
  EXPECT_EQ(S.Types[0], MapTypeLiteral);
  std::vector<std::uint64_t> Words = S.words();
  EXPECT_EQ(Param<float>::rebuild(Words.data(), Thread, None), 2.5f);
  EXPECT_EQ(Param<float>::Info.Kind, ParamKind::Value);
}

TEST(Params, StructsTakeAsManySlotsAsTheirSize) {
  struct Three {
    double A;
    int B;
    float C;
    char D[9];
  };
  static_assert(sizeof(Three) == 32);
  Slots S;
  Three In{1.5, -2, 3.25f, "eightchr"};
  Param<const Three &>::put(In, S.W);
  ASSERT_EQ(S.W.Count, 4u);
  EXPECT_EQ(Param<const Three &>::Info.Slots, 4u);
  std::vector<std::uint64_t> Words = S.words();
  Three Out = Param<Three>::rebuild(Words.data(), Thread, None);
  EXPECT_EQ(Out.A, 1.5);
  EXPECT_EQ(Out.B, -2);
  EXPECT_EQ(Out.C, 3.25f);
  EXPECT_STREQ(Out.D, "eightchr");
}

TEST(Params, RegionsMapToAndFromAndBindTheThread) {
  std::vector<int> V(5, 0);
  Region<int> R(V);
  Slots S;
  Param<Region<int>>::put(R, S.W);
  ASSERT_EQ(S.W.Count, 2u);
  EXPECT_EQ(S.Ptrs[0], V.data());
  EXPECT_EQ(S.Sizes[0], 20);
  EXPECT_EQ(S.Types[0], MapTypeTo | MapTypeFrom);
  EXPECT_EQ(S.word(1), 5u);
  std::vector<std::uint64_t> Words = S.words();
  for (std::uint64_t T = 0; T < 7; ++T) {
    Region<int> Bound = Param<Region<int>>::rebuild(
        Words.data(), ThreadIndex{T, 0, 0, 7, 1}, None);
    int Pieces = 0;
    for (auto [I, Vi] : Bound) {
      EXPECT_EQ(I, T);
      EXPECT_EQ(&Vi, &V[T]);
      ++Pieces;
    }
    EXPECT_EQ(Pieces, T < 5 ? 1 : 0) << "thread " << T;
  }
}

TEST(Params, AnUnboundRegionYieldsNothingOnTheHost) {
  std::vector<int> V(12);
  auto Count = [](const auto &R) {
    int Pieces = 0;
    for (auto Item : R)
      (void)Item, ++Pieces;
    return Pieces;
  };
  EXPECT_EQ(Count(Region<int>(V)), 0);
  EXPECT_EQ(Count(Region<int, Interval1D>(V, {1, 11})), 0);
  EXPECT_EQ(Count(Region<int, GridStride1D>(V, {4})), 0);
  EXPECT_EQ(Count(Region<int, Grid2D>(V, {3, 4})), 0);
  EXPECT_EQ(Count(Region<int, Rows2D>(V, {3, 4})), 0);
  EXPECT_EQ(Count(Region<int, Columns2D>(V, {3, 4})), 0);
  EXPECT_EQ(Count(Region<int, Grid3D>(V, {2, 3, 2})), 0);
  std::vector<int> List = {0, 5};
  EXPECT_EQ(Count(Region<int, Indexed<int>>(V, List)), 0);
  EXPECT_EQ(Count(Range<Grid2D>(12, {3, 4})), 0);
}

TEST(Params, ReductionsSendTheirValueAndMapTheResultBack) {
  double Result = 2.5;
  Slots S;
  Param<Reduce<Sum<double>>>::put(Reduce<Sum<double>>(Result), S.W);
  ASSERT_EQ(S.W.Count, 2u);
  EXPECT_EQ(S.Ptrs[0], &Result);
  EXPECT_EQ(S.Sizes[0], 8);
  EXPECT_EQ(S.Types[0], MapTypeFrom);
  EXPECT_EQ(S.word(1), std::bit_cast<std::uint64_t>(2.5));
  // The host device starts the result at the value, then combines each
  // logical thread's partial into it.
  double DeviceCopy = -1; // stands for the result's device memory
  S.Ptrs[0] = &DeviceCopy;
  std::vector<std::uint64_t> Words = S.words();
  Param<Reduce<Sum<double>>>::start(Words.data());
  EXPECT_EQ(DeviceCopy, 2.5);
  for (double Part : {1.0, 0.25}) {
    Param<Reduce<Sum<double>>>::State St;
    Reduce<Sum<double>> R =
        Param<Reduce<Sum<double>>>::rebuild(Words.data(), Thread, St);
    R += Part;
    Param<Reduce<Sum<double>>>::finish<0>(Words.data(), St);
  }
  EXPECT_EQ(DeviceCopy, 3.75);
}

TEST(Params, ReadOnlySpansMapToOnly) {
  std::vector<double> V = {1, 2, 3};
  Slots S;
  Param<std::span<const double>>::put(V, S.W);
  EXPECT_EQ(S.Types[0], MapTypeTo);
  EXPECT_EQ(S.Sizes[0], 24);
  std::vector<std::uint64_t> Words = S.words();
  std::span<const double> Out =
      Param<std::span<const double>>::rebuild(Words.data(), Thread, None);
  EXPECT_EQ(Out.data(), V.data());
  EXPECT_EQ(Out.size(), 3u);
}

TEST(Params, ConstVectorParametersSeeTheMappedData) {
  std::vector<long> Host = {10, 20, 30, 40};
  Slots S;
  Param<const std::vector<long> &>::put(Host, S.W);
  EXPECT_EQ(S.Types[0], MapTypeTo);
  std::vector<long> DeviceCopy = Host; // stands for the device's copy
  S.Ptrs[0] = DeviceCopy.data();
  std::vector<std::uint64_t> Words = S.words();
  auto Shell =
      Param<const std::vector<long> &>::rebuild(Words.data(), Thread, None);
  const std::vector<long> &V = Shell;
  EXPECT_EQ(V.size(), 4u);
  EXPECT_EQ(V.data(), DeviceCopy.data());
  EXPECT_EQ(V[2], 30);
  long Sum = 0;
  for (long X : V)
    Sum += X;
  EXPECT_EQ(Sum, 100);
  EXPECT_FALSE(V.empty());
}

TEST(Params, ConstArraysMapAsOneObject) {
  std::array<short, 5> A = {1, 2, 3, 4, 5};
  Slots S;
  Param<const std::array<short, 5> &>::put(A, S.W);
  ASSERT_EQ(S.W.Count, 1u);
  EXPECT_EQ(S.Sizes[0], 10);
  std::vector<std::uint64_t> Words = S.words();
  const std::array<short, 5> &Out =
      Param<const std::array<short, 5> &>::rebuild(Words.data(), Thread, None);
  EXPECT_EQ(&Out, &A);
}

void sample(float, std::span<const float>, const std::array<int, 2> &,
            Region<double>) {}
void pointerParam(float *) {}

void grid(Range<Grid2D>, Region<float>) {}
void reduceOnly(Range<GridStride1D>, Reduce<Sum<double>>, Atomic<int>) {}

TEST(Params, SignatureLaysOutTheSlots) {
  using Sig = Signature<decltype(&sample)>;
  static_assert(Sig::IsKernel && Sig::Supported && Sig::Dims == 1);
  static_assert(Sig::NumSlots == LaunchSlots + 1 + 2 + 1 + 2);
  static_assert(Signature<decltype(&grid)>::Dims == 2);
  // Range<Grid2D>: its size, then the strategy: rows, cols and the box.
  static_assert(Signature<decltype(&grid)>::Params[0].Slots == 1 + 6);
  using ReduceSig = Signature<decltype(&reduceOnly)>;
  static_assert(ReduceSig::Params[1].Kind == ParamKind::Reduction);
  // A reduction's result only comes back; its value travels in a slot.
  static_assert(ReduceSig::Params[1].Map == MapKind::From);
  static_assert(ReduceSig::Params[1].Slots == 2);
  static_assert(ReduceSig::Params[2].Kind == ParamKind::Atomic);
  static_assert(ReduceSig::NumSlots == LaunchSlots + 2 + 2 + 2);
  static_assert(Sig::Offsets == std::array<unsigned, 4>{0, 1, 3, 4});
  static_assert(Sig::Params[3].Map == MapKind::ToFrom);
  static_assert(!Signature<decltype(&pointerParam)>::Supported);
  static_assert(!Signature<int>::IsKernel);
}

TEST(Params, CheckCallNamesWhatIsWrong) {
  using Fn = decltype(&sample);
  std::vector<float> F;
  static_assert(checkCall<Fn, false, float, std::vector<float> &,
                          std::array<int, 2> &, std::vector<double> &>() ==
                CallError::None);
  static_assert(checkCall<Fn, false, float>() == CallError::WrongArity);
  static_assert(
      checkCall<Fn, false, float, std::vector<float> &, std::array<int, 2> &,
                const std::vector<double> &>() == CallError::ArgumentMismatch);
  static_assert(checkCall<decltype(&pointerParam), true, float *>() ==
                CallError::UnsupportedParameter);
  static_assert(checkCall<int, true>() == CallError::NotAFunction);
  static_assert(checkCall<void (*)(int), false, int>() ==
                CallError::NoGeometry);
  static_assert(checkCall<void (*)(int), true, int>() == CallError::None);
  // A 2-D kernel takes a Launch for its block shape.
  static_assert(
      checkCall<decltype(&grid), true, Range<Grid2D>, std::vector<float> &>() ==
      CallError::None);
}

TEST(Params, LaunchSetsTheBlockShape) {
  // Defaults: 256 along x, 32 x 8, 32 x 4 x 2.
  static_assert(blockShape(1, Launch{}).x == 256);
  static_assert(blockShape(2, Launch{}).y == 8 &&
                blockShape(3, Launch{}).z == 2);
  // .block sets a one-dimensional launch's block, .block_shape a 2-D or
  // 3-D one's; unset components are 1.
  constexpr Extent OneD = blockShape(1, Launch{.block = 64});
  static_assert(OneD.x == 64 && OneD.y == 1 && OneD.z == 1);
  constexpr Extent ThreeD = blockShape(3, Launch{.block_shape = {32, 8}});
  static_assert(ThreeD.x == 32 && ThreeD.y == 8 && ThreeD.z == 1);
  // Each field belongs to one kind of launch.
  EXPECT_EQ(launchMismatch(1, Launch{.threads = 10, .block = 64}), nullptr);
  EXPECT_EQ(launchMismatch(3, Launch{.block_shape = {32, 8, 1}}), nullptr);
  EXPECT_NE(launchMismatch(2, Launch{.threads = 10}), nullptr);
  EXPECT_NE(launchMismatch(3, Launch{.block = 128}), nullptr);
  EXPECT_NE(launchMismatch(1, Launch{.block_shape = {128}}), nullptr);
}

// What a Region or an Atomic may be made of: spans of exactly T, and
// lvalues whose std::data() is T* (containers, arrays, C arrays) — not const
// data, temporaries, other element types or another view.
TEST(Params, ViewsAreMadeOfMutableDataThatOutlivesTheCall) {
  using R = Region<double>;
  static_assert(std::is_constructible_v<R, std::vector<double> &>);
  static_assert(std::is_convertible_v<std::vector<double> &, R>);
  static_assert(std::is_convertible_v<std::span<double>, R>);
  static_assert(std::is_constructible_v<R, std::array<double, 3> &>);
  static_assert(std::is_constructible_v<R, double(&)[3]>);
  static_assert(!std::is_constructible_v<R, const std::vector<double> &>);
  static_assert(!std::is_constructible_v<R, std::vector<double> &&>);
  static_assert(!std::is_constructible_v<R, std::span<const double>>);
  static_assert(!std::is_constructible_v<R, std::vector<float> &>);
  static_assert(!std::is_constructible_v<Region<bool>, std::vector<bool> &>);
  static_assert(!std::is_constructible_v<R, Region<double, GridStride1D> &>);
  static_assert(!std::is_constructible_v<R, Atomic<double> &>);
  static_assert(std::is_constructible_v<Atomic<double>, std::span<double>>);
  static_assert(
      !std::is_constructible_v<Atomic<double>, const std::vector<double> &>);

  std::vector<double> V(8);
  R Whole(V);
  R Copy = Whole; // the copy constructor keeps the view as it is
  EXPECT_EQ(Copy.data(), V.data());
  EXPECT_EQ(Copy.size(), 8u);
  // Class template argument deduction, as the user guide shows it.
  auto FromSpan = Region(std::span<double>(V).subspan(2, 3), GridStride1D{});
  static_assert(std::is_same_v<decltype(Region(V)), R>);
  static_assert(
      std::is_same_v<decltype(FromSpan), Region<double, GridStride1D>>);
  EXPECT_EQ(FromSpan.data(), V.data() + 2);
  EXPECT_EQ(FromSpan.size(), 3u);
  // A vector or array with a strategy, as a new user writes it.
  auto Inner = Region(V, Interval1D{1, 7});
  static_assert(std::is_same_v<decltype(Inner), Region<double, Interval1D>>);
  std::array<double, 4> A{};
  static_assert(std::is_same_v<decltype(Region(A, Chunked1D{2})),
                               Region<double, Chunked1D>>);
  EXPECT_EQ(Inner.size(), 8u);
}

} // namespace
