//===- benchmarks/rajaperf/offload_common.hpp - Measuring offload() -------===//
//
// What offload.cpp and offload_basic_lcals_polybench.cpp share around their
// kernels: the occupancy-sized grid-stride Range of a reduction, and the
// measurement of one pass of the staged (preloaded) and the automatic
// variant.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "variants.hpp"

#include <offload/offload.hpp>

#include <algorithm>
#include <chrono>
#include <tuple>
#include <vector>

namespace rajaperf {
namespace {

/// Reductions stride through the data with one full wave of the GPU, as
/// RAJAPerf's occupancy-sized ("occgs") tunings do; GridStride1D's default
/// where the device does not say.
template <class Kernel>
offload::Range<offload::GridStride1D> strided(Kernel K, Index N) {
  std::int64_t Wave = offload::kernel_resources(K).resident_threads;
  return offload::Range<offload::GridStride1D>(
      N, Wave > 0 ? offload::GridStride1D{std::uint64_t(Wave)}
                  : offload::GridStride1D{});
}

using Clock = std::chrono::steady_clock;

template <class... Kernels> int registers(Kernels... K) {
  return std::max({offload::kernel_resources(K).registers...});
}

/// Measures one variant: Stage preloads (its copies are the inputs'
/// transfer), Loop(handles) runs the reps between device synchronisations,
/// and releasing the handles brings the results back.
template <class StageFn, class LoopFn>
Measured measure(StageFn Stage, LoopFn Loop, int Registers) {
  Measured M;
  M.Registers = Registers;
  offload::TransferTotals T0 = offload::transfer_totals();
  const auto Begin = Clock::now();
  {
    auto Handles = Stage();
    offload::TransferTotals T1 = offload::transfer_totals();
    M.ToBytes = T1.to_device_bytes - T0.to_device_bytes;
    M.ToSeconds = T1.to_device_seconds - T0.to_device_seconds;
    offload::synchronize();
    auto Start = Clock::now();
    std::apply(Loop, Handles);
    offload::synchronize();
    M.KernelSeconds =
        std::chrono::duration<double>(Clock::now() - Start).count();
    T0 = offload::transfer_totals();
  }
  M.WholeSeconds = std::chrono::duration<double>(Clock::now() - Begin).count();
  offload::TransferTotals T2 = offload::transfer_totals();
  M.FromBytes = T2.from_device_bytes - T0.from_device_bytes;
  M.FromSeconds = T2.from_device_seconds - T0.from_device_seconds;
  return M;
}

/// Interface A: the reps loop alone, each call moving its own data.
template <class LoopFn> Measured measureAutomatic(LoopFn Loop, int Registers) {
  Measured M;
  M.Registers = Registers;
  offload::TransferTotals T0 = offload::transfer_totals();
  auto Start = Clock::now();
  Loop();
  offload::synchronize();
  M.KernelSeconds = std::chrono::duration<double>(Clock::now() - Start).count();
  M.WholeSeconds = M.KernelSeconds;
  offload::TransferTotals T1 = offload::transfer_totals();
  M.ToBytes = T1.to_device_bytes - T0.to_device_bytes;
  M.FromBytes = T1.from_device_bytes - T0.from_device_bytes;
  M.ToSeconds = T1.to_device_seconds - T0.to_device_seconds;
  M.FromSeconds = T1.from_device_seconds - T0.from_device_seconds;
  return M;
}

using offload::offload;
using offload::preload;
using offload::preload_mut;

/// Preloads each of Arrays, as a tuple of handles.
template <class... A> auto preloadAll(std::vector<A> &...Arrays) {
  return std::make_tuple(preload_mut(Arrays)...);
}
template <class... A> auto preloadReadOnly(const std::vector<A> &...Arrays) {
  return std::make_tuple(preload(Arrays)...);
}

/// Each kernel's loop takes its arrays as preload handles (staged) or as the
/// host vectors themselves (automatic): the same offload() calls either way.
template <class Loop>
Measured twoWays(bool Staged, Loop L, int Registers, auto Stage, auto Host) {
  if (Staged)
    return measure(
        Stage, [&](auto &...H) { L(H...); }, Registers);
  return measureAutomatic([&] { std::apply(L, Host()); }, Registers);
}
} // namespace
} // namespace rajaperf

#define RAJAPERF_BOTH_VARIANTS(K)                                              \
  Measured staged(K &D, Index Reps) { return run(D, Reps, true); }             \
  Measured automatic(K &D, Index Reps) { return run(D, Reps, false); }
