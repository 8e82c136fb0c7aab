//===- offload/preload.hpp - Explicit preloads ----------------------------===//
//
// A preload handle keeps data on the device for as long as it lives, so a
// sequence of offload() calls moves it once instead of at every call:
//
//   {
//     auto X = offload::preload(x);      // read-only: copied to the device
//     auto Y = offload::preload_mut(y);  // copied there, and back at the end
//     for (int Step = 0; Step < 100; ++Step) {
//       offload::offload(kernel1, X, Y);  // no transfers
//       offload::offload(kernel2, X, Y);
//     }
//   } // Y copies y back; both device copies are released
//
// While a handle lives, the host copy of mutable data is stale, and host
// writes to read-only data are not seen by kernels (the plugin warns about
// both). A handle passes for its data wherever the data is an argument.
//
// Preloading the same data again (nested handles) only counts: it stays on the
// device until the last handle is released, and releasing any mutable handle
// copies the data back. Preloading a range that overlaps preloaded data without
// being exactly the same range is an error.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <offload/detail/fail.hpp>
#include <offload/detail/host_only.hpp>
#include <offload/detail/std.hpp>
#include <offload/devices.hpp>

#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>

#if defined(__OFFLOAD_HOST__)
#include <offload/detail/runtime.hpp>
#endif

namespace offload {

namespace detail {
/// Tag of the handle constructor the plugin's automatic residency uses.
struct PreloadIf {};
} // namespace detail

/// Tag for preload_mut(Data, offload::uninitialized): the device copy is
/// only allocated, not filled from the host, because the first kernel that
/// uses it writes every element.
struct Uninitialized {};
inline constexpr Uninitialized uninitialized{};

/// Data preloaded on the device. C is a contiguous container type (const for
/// read-only preloading): std::vector, std::array, std::span, a C array.
template <class C> class Preloaded {
  static_assert(std::ranges::contiguous_range<C> && std::ranges::sized_range<C>,
                "offload::preload takes contiguous data (a std::vector, "
                "std::array, std::span or C array)");
  using Reference = std::ranges::range_reference_t<C &>;

public:
  using element_type = std::remove_reference_t<Reference>;
  static constexpr bool is_mutable = !std::is_const_v<element_type>;

  /// An empty handle, which preloads nothing (a class member assigned later).
  Preloaded() noexcept = default;
  OFFLOAD_HOST_ONLY explicit Preloaded(C &Data)
      : Data(&Data), Ptr(std::ranges::data(Data)),
        Bytes(std::ranges::size(Data) * sizeof(element_type)) {
#if defined(__OFFLOAD_HOST__)
    detail::rt::preload(const_cast<void *>(static_cast<const void *>(Ptr)), Bytes,
                      /*CopyIn=*/true);
#endif
  }
  /// Preloads mutable Data without copying its contents to the device.
  OFFLOAD_HOST_ONLY Preloaded(Uninitialized, C &Data)
    requires is_mutable
      : Data(&Data), Ptr(std::ranges::data(Data)),
        Bytes(std::ranges::size(Data) * sizeof(element_type)) {
#if defined(__OFFLOAD_HOST__)
    detail::rt::preload(Ptr, Bytes, /*CopyIn=*/false);
#endif
  }
  /// Preloads Data on every device of Set (see "Device sets" in the user
  /// guide): calls on Set copy between its devices only what a device
  /// needs and another one wrote.
  OFFLOAD_HOST_ONLY Preloaded(const Devices &Set, C &Data)
      : Data(&Data), Ptr(std::ranges::data(Data)),
        Bytes(std::ranges::size(Data) * sizeof(element_type)), OnSet(true) {
#if defined(__OFFLOAD_HOST__)
    detail::rt::preloadOnSet(Set.begin(), Set.size(),
                           const_cast<void *>(static_cast<const void *>(Ptr)),
                           Bytes);
#else
    (void)Set;
#endif
  }
  /// For automatic residency: preloads Data only if Preload and no other
  /// handle preloads any of it (that one governs, as in the plain program);
  /// otherwise the handle stands for Data without preloading it.
  OFFLOAD_HOST_ONLY Preloaded(detail::PreloadIf, C &Data, bool Preload)
      : Data(&Data), Ptr(std::ranges::data(Data)),
        Bytes(std::ranges::size(Data) * sizeof(element_type)) {
#if defined(__OFFLOAD_HOST__)
    const void *P = Ptr;
    Preload = Preload && !detail::rt::isPreloaded(P, Bytes);
    if (Preload)
      detail::rt::preload(const_cast<void *>(P), Bytes, /*CopyIn=*/true);
#endif
    if (!Preload)
      this->Data = nullptr;
  }
  Preloaded(const Preloaded &) = delete;
  Preloaded &operator=(const Preloaded &) = delete;
  Preloaded(Preloaded &&O) noexcept
      : Data(std::exchange(O.Data, nullptr)), Ptr(O.Ptr), Bytes(O.Bytes),
        OnSet(O.OnSet) {}
  Preloaded &operator=(Preloaded &&O) noexcept {
    if (this != &O) {
      release();
      Data = std::exchange(O.Data, nullptr);
      Ptr = O.Ptr;
      Bytes = O.Bytes;
      OnSet = O.OnSet;
    }
    return *this;
  }
  ~Preloaded() { release(); }

  /// Copies mutable data back to the host now; it stays on the device.
  OFFLOAD_HOST_ONLY void sync() const
    requires is_mutable
  {
#if defined(__OFFLOAD_HOST__)
    if (Data && OnSet)
      detail::rt::syncPreloadedOnSet(Ptr, Bytes);
    else if (Data)
      detail::rt::syncPreloaded(Ptr, Bytes);
#endif
  }

  /// Copies elements [First, First + Count) back to the host now (a halo
  /// row for MPI, say); the rest of the host copy stays stale.
  OFFLOAD_HOST_ONLY void sync(std::size_t First,
                              std::size_t Count) const requires is_mutable {
    checkPart(First, Count, "sync");
#if defined(__OFFLOAD_HOST__)
    if (Data && !OnSet)
      detail::rt::syncPreloaded(Ptr + First, Count * sizeof(element_type));
    else if (Data)
      detail::rt::syncPreloadedOnSet(Ptr, Bytes);
#endif
  }
  /// Copies host elements [First, First + Count) to the device copy now
  /// (a halo row received from another MPI rank).
  OFFLOAD_HOST_ONLY void update(std::size_t First,
                                std::size_t Count) const requires is_mutable {
    checkPart(First, Count, "update");
#if defined(__OFFLOAD_HOST__)
    if (Data && OnSet)
      detail::hostError("update() of data preloaded on a device set: release "
                        "the handle and preload again");
    if (Data)
      detail::rt::updatePreloaded(Ptr + First, Count * sizeof(element_type));
#endif
  }
  /// Ends the preload: mutable data is copied back, the device copy is
  /// released (when no other handle preloads it). Later calls do nothing.
  OFFLOAD_HOST_ONLY void release() { end(is_mutable); }
  /// Ends the preload without copying mutable data back (scratch arrays):
  /// the host copy keeps what it held before. Later calls do nothing.
  OFFLOAD_HOST_ONLY void discard() { end(false); }

  /// Whether the data is still preloaded by this handle.
  bool preloaded() const noexcept { return Data != nullptr; }

  /// The host data, for passing the handle where the data is expected.
  C &get() const noexcept { return *Data; }
  operator C &() const noexcept { return *Data; }
  element_type *data() const noexcept { return Ptr; }
  std::size_t size() const noexcept { return Bytes / sizeof(element_type); }
  element_type *begin() const noexcept { return Ptr; }
  element_type *end() const noexcept { return Ptr + size(); }

private:
  void end([[maybe_unused]] bool CopyBack) {
    if (!Data)
      return;
#if defined(__OFFLOAD_HOST__)
    void *P = const_cast<void *>(static_cast<const void *>(Ptr));
    if (OnSet)
      detail::rt::unpreloadOnSet(P, Bytes, CopyBack);
    else
      detail::rt::unpreload(P, Bytes, CopyBack);
#endif
    Data = nullptr;
  }

  void checkPart(std::size_t First, std::size_t Count, const char *What) const {
    if (First > size() || Count > size() - First)
      detail::hostError("%s(%zu, %zu) of a preload handle of %zu elements",
                        What, First, Count, size());
  }

  C *Data = nullptr;
  element_type *Ptr = nullptr;
  std::int64_t Bytes = 0;
  bool OnSet = false;
};

/// Preloads read-only data on the device until the handle is released.
template <class C>
[[nodiscard]] OFFLOAD_HOST_ONLY Preloaded<const C> preload(const C &Data) {
  return Preloaded<const C>(Data);
}

/// Preloads mutable data on the device; releasing the handle copies it back.
template <class C>
[[nodiscard]] OFFLOAD_HOST_ONLY Preloaded<C> preload_mut(C &Data) {
  return Preloaded<C>(Data);
}

/// Allocates mutable data's device copy without copying the host's
/// contents there (a kernel fills it); releasing the handle copies it back,
/// discard() does not.
template <class C>
[[nodiscard]] OFFLOAD_HOST_ONLY Preloaded<C> preload_mut(C &Data,
                                                         Uninitialized U) {
  return Preloaded<C>(U, Data);
}

/// Preloads read-only data on every device of Set.
template <class C>
[[nodiscard]] OFFLOAD_HOST_ONLY Preloaded<const C> preload(const Devices &Set,
                                                           const C &Data) {
  return Preloaded<const C>(Set, Data);
}
/// Preloads mutable data on every device of Set; releasing the handle copies
/// each part back from the device that wrote it last.
template <class C>
[[nodiscard]] OFFLOAD_HOST_ONLY Preloaded<C> preload_mut(const Devices &Set,
                                                         C &Data) {
  return Preloaded<C>(Set, Data);
}

namespace detail {
/// What the plugin writes around a loop whose containers it keeps on the
/// device (docs/design.md, "Automatic residency"). Containers the function
/// received by reference are preloaded only when no handle preloads them already
/// and no two of them are the same object (distinct), and views that one call
/// passes together only when they do not overlap (disjoint): each call of the
/// loop would have copied them separately.
template <class C>
[[nodiscard]] OFFLOAD_HOST_ONLY Preloaded<const C> preloadIf(const C &Data,
                                                             bool Preload) {
  return Preloaded<const C>(PreloadIf{}, Data, Preload);
}
template <class C>
[[nodiscard]] OFFLOAD_HOST_ONLY Preloaded<C> preloadMutIf(C &Data, bool Preload) {
  return Preloaded<C>(PreloadIf{}, Data, Preload);
}
template <class... C> bool distinct(const C &...Data) {
  const void *Objects[] = {__builtin_addressof(Data)...};
  for (std::size_t I = 0; I < sizeof...(C); ++I)
    for (std::size_t J = I + 1; J < sizeof...(C); ++J)
      if (Objects[I] == Objects[J])
        return false;
  return true;
}

/// Whether no two of Views (spans, Regions) share an element.
template <class... V> bool disjoint(const V &...Views) {
  const std::pair<const void *, const void *> Ranges[] = {
      {Views.data(), Views.data() + Views.size()}...};
  std::less<const void *> Before;
  for (std::size_t I = 0; I < sizeof...(V); ++I)
    for (std::size_t J = I + 1; J < sizeof...(V); ++J)
      if (Before(Ranges[I].first, Ranges[J].second) &&
          Before(Ranges[J].first, Ranges[I].second))
        return false;
  return true;
}

/// What the plugin writes for a host read of element I of data kept on the
/// device across a loop: that element is copied back first, after the
/// kernels queued before it.
template <class C>
OFFLOAD_HOST_ONLY std::remove_cv_t<typename Preloaded<C>::element_type>
readResident(const Preloaded<C> &Handle, std::size_t I) {
#if defined(__OFFLOAD_HOST__)
  if (Handle.preloaded())
    detail::rt::syncPreloaded(Handle.data() + I,
                           sizeof(typename Preloaded<C>::element_type));
#endif
  return Handle.data()[I];
}
} // namespace detail

} // namespace offload

template <class C>
inline constexpr bool std::ranges::enable_borrowed_range<offload::Preloaded<C>> =
    true;
