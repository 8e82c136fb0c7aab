//===- offload/devices.hpp - Device sets, and picking a device ------------===//
//
// A call on a device set splits its launch between the devices: each gets a
// contiguous slab of the logical threads along the launch's slowest
// dimension, and of each Region the elements its slab owns:
//
//   offload::Devices All = offload::Devices::all();   // every GPU
//   offload::offload(All, triad, A, B, C, Scalar);
//
// Read-only data goes whole to every device, or only the part a kernel reads
// when the argument is wrapped in offload::halo(Data, K): the elements of the
// slab widened by K threads on each side (K rows of a Grid2D). Reductions
// combine across the devices; offload::Atomic data cannot be split.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/detail/fail.hpp>
#include <offload/detail/host_only.hpp>
#include <offload/detail/std.hpp>

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>

#if defined(__OFFLOAD_HOST__)
#include <offload/detail/runtime.hpp>
#endif

namespace offload {

/// Several devices, numbered as OFFLOAD_DEVICE numbers them (OFFLOAD_INFO=2
/// lists them): the GPUs, then the host devices.
class Devices {
public:
  static constexpr unsigned max_devices = 16;

  constexpr Devices() = default;
  Devices(std::initializer_list<int> Numbers) {
    if (Numbers.size() > max_devices)
      detail::hostError("offload::Devices holds at most %u devices",
                        max_devices);
    for (int N : Numbers)
      Ids[Count++] = N;
  }
  /// Every GPU with an image of this program, or else every host device
  /// (OFFLOAD_HOST_DEVICES of them). Without the plugin: one device, the
  /// host.
  OFFLOAD_HOST_ONLY static Devices all() {
    Devices D;
#if defined(__OFFLOAD_HOST__)
    D.Count = detail::rt::allDevices(D.Ids, max_devices);
#else
    D.Count = 1;
#endif
    return D;
  }
  /// The first N devices of all().
  OFFLOAD_HOST_ONLY static Devices first(unsigned N) {
    Devices D = all();
    if (N < D.Count)
      D.Count = N;
    return D;
  }

  constexpr unsigned size() const noexcept { return Count; }
  constexpr bool empty() const noexcept { return Count == 0; }
  constexpr int operator[](unsigned I) const noexcept { return Ids[I]; }
  constexpr const int *begin() const noexcept { return Ids; }
  constexpr const int *end() const noexcept { return Ids + Count; }

private:
  int Ids[max_devices] = {};
  unsigned Count = 0;
};

/// How many devices there are, numbered 0 to device_count() - 1 as
/// OFFLOAD_DEVICE numbers them: the GPUs first, then the host devices
/// (OFFLOAD_HOST_DEVICES of them, 4 by default), so it is never 0. Without
/// the plugin: 1, the host. gpu_count() counts the GPUs only.
OFFLOAD_HOST_ONLY inline int device_count() {
#if defined(__OFFLOAD_HOST__)
  return detail::rt::deviceCount();
#else
  return 1;
#endif
}

/// What the runtime knows of a device.
struct DeviceInfo {
  int number;       // as OFFLOAD_DEVICE and Devices number it
  bool is_gpu;      // false for a host device
  std::string kind; // "cuda", "amdgpu" or "host"
  std::string arch; // "sm_90", "gfx942" or "host"
  std::string name; // "NVIDIA H200", "host"
};

namespace detail {
inline DeviceInfo hostDeviceInfo() {
  return {0, false, "host", "host", "host"};
}
} // namespace detail

/// Describes device Device (0 <= Device < device_count()); any other number
/// is an error that ends the program.
OFFLOAD_HOST_ONLY inline DeviceInfo device_info(int Device) {
#if defined(__OFFLOAD_HOST__)
  detail::rt::DeviceDescription D;
  if (Device >= 0 && detail::rt::describeDevice(Device, &D))
    return {D.Number, D.Gpu, D.Kind, D.Arch, D.Name};
  const int Count = detail::rt::deviceCount();
#else
  if (Device == 0)
    return detail::hostDeviceInfo();
  const int Count = 1;
#endif
  detail::hostError("device_info(%d): the devices are numbered 0 to %d", Device,
                    Count - 1);
}

/// The device that single-device calls run on (OFFLOAD_DEVICE's or
/// select_device()'s choice, else the first GPU with an image of this
/// program, else the host). Asking picks it as the first call would, so
/// select_device() must come before.
OFFLOAD_HOST_ONLY inline DeviceInfo current_device() {
#if defined(__OFFLOAD_HOST__)
  detail::rt::DeviceDescription D;
  detail::rt::describeDevice(-1, &D);
  return {D.Number, D.Gpu, D.Kind, D.Arch, D.Name};
#else
  return detail::hostDeviceInfo();
#endif
}

/// How many of the devices are GPUs (0 without the plugin).
OFFLOAD_HOST_ONLY inline int gpu_count() {
  int Gpus = 0;
  for (int I = 0, N = device_count(); I < N; ++I)
    Gpus += device_info(I).is_gpu;
  return Gpus;
}

/// Picks the device of this process's single-device calls in code, as
/// OFFLOAD_DEVICE=N would (and over it): before the first offload() call.
/// An MPI rank picks its GPU with it (Devices::all()[local rank % size]).
OFFLOAD_HOST_ONLY inline void select_device([[maybe_unused]] int Device) {
#if defined(__OFFLOAD_HOST__)
  detail::rt::selectDevice(Device);
#endif
}

/// Read-only data of which a kernel on a device set reads only its slab's
/// elements and K threads' worth on each side (a stencil's neighbours):
/// each device gets that part of it. It converts to std::span<const T>, the
/// kernel parameter it is passed to; the data has the size of the Region
/// whose strategy splits the call. A call on one device copies it whole.
template <class T> class Halo {
public:
  Halo(std::span<const T> Data, std::uint64_t K) : Data(Data), K(K) {}
  constexpr const T *data() const noexcept { return Data.data(); }
  constexpr std::size_t size() const noexcept { return Data.size(); }
  constexpr const T *begin() const noexcept { return Data.data(); }
  constexpr const T *end() const noexcept { return Data.data() + Data.size(); }
  constexpr std::uint64_t width() const noexcept { return K; }
  operator std::span<const T>() const noexcept { return Data; }

private:
  std::span<const T> Data;
  std::uint64_t K;
};

/// Data (a container, a std::span or a preload handle) of which a kernel
/// reads only its part and K threads' worth of neighbours on each side.
template <class R>
requires std::ranges::contiguous_range<const R &> &&
    std::ranges::sized_range<const R &>
        Halo<std::remove_cvref_t<std::ranges::range_reference_t<const R &>>>
        halo(const R &Data, std::uint64_t K) {
  return {std::span(std::ranges::data(Data), std::ranges::size(Data)), K};
}

} // namespace offload

template <class T>
inline constexpr bool std::ranges::enable_borrowed_range<offload::Halo<T>> =
    true;
