// A kernel whose threads work as a block (team memory, a reduction) and
// whose every offload() call launches the same constant block has that
// block in its metadata, and its entry states it to the device compile
// (deviceEntry's block arguments); other kernels do not need it. The block
// is a constant when the call has no Launch (the defaults), a Launch list
// whose block fields are constants (.threads may vary), or a constant
// Launch. Kernels another translation
// unit's image may hold too (inline functions, templates with external
// linkage) and closures keep a run-time block, as do kernels whose calls
// disagree or compute their block at run time.
// RUN: %offload_host -fsyntax-only -fplugin-arg-offload-dump=kernels %s | FileCheck %s
// RUN: %offload_host -fsyntax-only -fplugin-arg-offload-dump=device-source %s | FileCheck %s --check-prefix=SOURCE
#include <offload/offload.hpp>
#include <vector>

using offload::Grid2D;
using offload::Launch;
using offload::Region;
using Sum = offload::ReduceSum<float>;

void linear(Region<float> v, Sum s) {}
void grid(Region<float, Grid2D> v, offload::Tile<float, 256> t) {}
void listed(Region<float> v, Sum s) {}
void constant(Region<float> v, Sum s) {}
void counted(Region<float> v, Sum s) {}
void shaped(Region<float, Grid2D> v, offload::Tile<float, 64> t) {}
void plain(Region<float> v) {}
void varies(Region<float> v, Sum s) {}
void disagrees(Region<float> v, Sum s) {}
inline void inlined(Region<float> v, Sum s) {}
template <class T> void generic(Region<T> v, Sum s) {}
namespace {
template <class T> void internal(Region<T> v, Sum s) {}
} // namespace

void run(std::vector<float> &f, std::uint64_t n, std::uint32_t b, float &t) {
  offload::offload(linear, f, t);
  offload::offload(linear, f, t);
  offload::offload(grid, Region<float, Grid2D>(f, Grid2D(4, 4)),
                   offload::team_memory);
  offload::offload(Launch{.block = 64}, listed, f, t);
  constexpr Launch Wide{.block = 512};
  offload::offload(Wide, constant, f, t);
  offload::offload(Launch{.threads = n, .block = 128}, counted, f, t);
  offload::offload(Launch{.block_shape = {16, 4}}, shaped,
                   Region<float, Grid2D>(f, Grid2D(4, 4)), offload::team_memory);
  offload::offload(plain, f);
  offload::offload(Launch{.block = b}, varies, f, t);
  offload::offload(disagrees, f, t);
  offload::offload(Launch{.block = 32}, disagrees, f, t);
  offload::offload(inlined, f, t);
  offload::offload(generic<float>, f, t);
  offload::offload(internal<float>, f, t);
  offload::offload([](Region<float> v, Sum s) {}, f, t);
}

// Kernels come in the order of their mangled names.
// CHECK-LABEL: kernel grid ->
// CHECK:       block: 32 x 8 x 1 in every call
// CHECK-LABEL: kernel plain ->
// CHECK-NOT:   block:
// CHECK-LABEL: kernel linear ->
// CHECK:       block: 256 x 1 x 1 in every call
// CHECK-LABEL: kernel listed ->
// CHECK:       block: 64 x 1 x 1 in every call
// CHECK-LABEL: kernel shaped ->
// CHECK:       block: 16 x 4 x 1 in every call
// CHECK-LABEL: kernel varies ->
// CHECK-NOT:   block:
// CHECK-LABEL: kernel counted ->
// CHECK:       block: 128 x 1 x 1 in every call
// CHECK-LABEL: kernel generic<float> ->
// CHECK-NOT:   block:
// CHECK-LABEL: kernel inlined ->
// CHECK-NOT:   block:
// CHECK-LABEL: kernel constant ->
// CHECK:       block: 512 x 1 x 1 in every call
// CHECK-LABEL: kernel disagrees ->
// CHECK-NOT:   block:
// CHECK-LABEL: kernel internal<float> ->
// CHECK:       block: 256 x 1 x 1 in every call
// CHECK-LABEL: kernel (lambda at
// CHECK-NOT:   block:

// SOURCE: deviceEntry<static_cast<void (*)(offload::Region<float>, offload::Reduce<offload::Sum<float>>)>(&::linear), 256u, 1u, 1u>(Slots);
// SOURCE: deviceEntry<static_cast<void (*)(offload::Region<float>, offload::Reduce<offload::Sum<float>>)>(&::varies)>(Slots);
