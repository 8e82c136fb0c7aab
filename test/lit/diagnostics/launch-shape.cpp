// offload::Launch's fields each belong to one kind of launch: .threads and
// .block to a one-dimensional one, .block_shape to a 2-D or 3-D one, whose
// Regions and Ranges set its threads. A Launch written in the call is
// checked here; any other Launch value when the call runs
// (test/lit/e2e/launch-shape.cpp).
// RUN: %offload_host -fsyntax-only -Xclang -verify %s
#include <offload/offload.hpp>
#include <vector>

void fill2d(offload::Region<float, offload::Grid2D> v) {}
void fill1d(offload::Region<float> v) {}

void run(std::vector<float> &v, offload::Launch chosen) {
  const offload::Grid2D Shape(8, 4);
  offload::offload(offload::Launch{.block_shape = {32, 8, 1}}, fill2d,
                   offload::Region<float, offload::Grid2D>(v, Shape));
  offload::offload(offload::Launch{.threads = 32}, fill1d, v);
  offload::offload(chosen, fill2d,
                   offload::Region<float, offload::Grid2D>(v, Shape));

  offload::offload(offload::Launch{.threads = 32}, fill2d, // expected-error {{offload::Launch sets .threads or .block of a one-dimensional launch, but kernel 'fill2d''s Regions and Ranges ask for 2 dimensions and set its threads; set only .block_shape}}
                   offload::Region<float, offload::Grid2D>(v, Shape));
  offload::offload(offload::Launch{.block = 64, .block_shape = {32, 8}}, fill2d, // expected-error {{offload::Launch sets .threads or .block of a one-dimensional launch}}
                   offload::Region<float, offload::Grid2D>(v, Shape));
  offload::offload(offload::Launch{.block_shape = {128}}, fill1d, v); // expected-error {{offload::Launch sets .block_shape, which is for 2-D and 3-D launches, but kernel 'fill1d''s launch is one-dimensional; set .block}}
}
