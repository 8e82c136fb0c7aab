//===- runtime/Loader.cpp - libcxxoffload.a: opens the runtime ------------===//
//
// Linked into every program (and shared library) built with the plugin in
// place of libcxxoffload-rt.so. It defines the runtime's entry points as
// forwarders that open the runtime on first use and call through its table
// (EntryPoints.h), so that a runtime that cannot be loaded, or one of
// another version, ends the program with an `offload: error` naming the
// cause. Everything here is hidden: each executable or shared library keeps
// its own forwarders, and the runtime's calls to itself never come back
// here.
//
//===----------------------------------------------------------------------===//

#include "EntryPoints.h"

#include <atomic>

#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <link.h>

namespace {

constexpr const char *RuntimeLibrary = "libcxxoffload-rt.so";

[[noreturn]] void cannotLoad(const char *Cause, const char *Hint) {
  std::fprintf(stderr,
               "offload: error: cannot load the cxx-offload runtime "
               "(%s): %s; %s\n",
               RuntimeLibrary, Cause, Hint);
  std::exit(1);
}

const char *pathOf(void *Library) {
  link_map *Map = nullptr;
  return dlinfo(Library, RTLD_DI_LINKMAP, &Map) == 0 && Map ? Map->l_name
                                                            : RuntimeLibrary;
}

/// The runtime's table once load() has found it.
std::atomic<const offload::rt::EntryPoints *> Loaded{nullptr};

const offload::rt::EntryPoints *load() {
  // RTLD_GLOBAL: the host device's kernel images resolve the runtime's
  // symbols, as they would if the program had linked the runtime.
  void *Library = dlopen(RuntimeLibrary, RTLD_NOW | RTLD_GLOBAL);
  if (!Library)
    cannotLoad(dlerror(),
               "the program looks for it in the directories of its "
               "-Wl,-rpath and of LD_LIBRARY_PATH (offload-config --ldflags "
               "gives the flags)");
  auto *Get = reinterpret_cast<decltype(&__cxxoffload_entry_points)>(
      dlsym(Library, "__cxxoffload_entry_points"));
  const offload::rt::EntryPoints *Table = Get ? Get() : nullptr;
  if (!Table || Table->AbiVersion != offload::detail::AbiVersion ||
      Table->NumEntries != offload::rt::NumEntryPoints) {
    char Cause[512];
    std::snprintf(Cause, sizeof Cause,
                  "%s is from another cxx-offload version (ABI version %u "
                  "with %u entry points; this program needs ABI version %u "
                  "with %u)",
                  pathOf(Library), Table ? Table->AbiVersion : 0u,
                  Table ? Table->NumEntries : 0u, offload::detail::AbiVersion,
                  offload::rt::NumEntryPoints);
    cannotLoad(Cause, "rebuild the program with the plugin of that runtime, "
                      "or point -Wl,-rpath at the runtime it was built with");
  }
  Loaded = Table;
  return Table;
}

/// The runtime's table, loaded by the first call from any thread.
const offload::rt::EntryPoints &runtime() {
  static const offload::rt::EntryPoints *Table = load();
  return *Table;
}

} // namespace

void __cxxoffload_register(const offload::detail::abi::Registration *R) {
  runtime().__cxxoffload_register(R);
}

void __cxxoffload_unregister(const offload::detail::abi::Registration *R) {
  // A runtime that could not be loaded has nothing to forget (the exit
  // that reported it runs this destructor).
  if (const offload::rt::EntryPoints *Table = Loaded)
    Table->__cxxoffload_unregister(R);
}

namespace offload::detail::rt {

void launch(const LaunchRequest &Request) { runtime().launch(Request); }
void launchOnSet(const SetCall &Call) { runtime().launchOnSet(Call); }
unsigned allDevices(int *Devices, unsigned Max) {
  return runtime().allDevices(Devices, Max);
}
int deviceCount() { return runtime().deviceCount(); }
bool describeDevice(int Device, DeviceDescription *Out) {
  return runtime().describeDevice(Device, Out);
}
void selectDevice(int Device) { runtime().selectDevice(Device); }
void preloadOnSet(const int *Devices, unsigned NumDevices, void *Data,
                  std::int64_t Bytes) {
  runtime().preloadOnSet(Devices, NumDevices, Data, Bytes);
}
void syncPreloadedOnSet(void *Data, std::int64_t Bytes) {
  runtime().syncPreloadedOnSet(Data, Bytes);
}
void unpreloadOnSet(void *Data, std::int64_t Bytes, bool Mutable) {
  runtime().unpreloadOnSet(Data, Bytes, Mutable);
}
void synchronize() { runtime().synchronize(); }
void kernelResources(const void *Kernel, int *Registers, int *LocalBytes,
                     std::int64_t *ResidentThreads, int *MaxBlock) {
  runtime().kernelResources(Kernel, Registers, LocalBytes, ResidentThreads,
                            MaxBlock);
}
void invalidCall(const char *Signature) {
  runtime().invalidCall(Signature);
  std::abort(); // The table's pointer type cannot say [[noreturn]].
}
void *enterCall(const LaunchRequest &Request, std::uint64_t *Values) {
  return runtime().enterCall(Request, Values);
}
void exitCall(void *Token) { runtime().exitCall(Token); }
Totals totals() { return runtime().totals(); }
void preload(void *Data, std::int64_t Bytes, bool CopyIn) {
  runtime().preload(Data, Bytes, CopyIn);
}
void syncPreloaded(void *Data, std::int64_t Bytes) {
  runtime().syncPreloaded(Data, Bytes);
}
void updatePreloaded(void *Data, std::int64_t Bytes) {
  runtime().updatePreloaded(Data, Bytes);
}
bool isPreloaded(const void *Data, std::int64_t Bytes) {
  return runtime().isPreloaded(Data, Bytes);
}
void unpreload(void *Data, std::int64_t Bytes, bool Mutable) {
  runtime().unpreload(Data, Bytes, Mutable);
}
void *allocPinned(std::size_t Bytes) { return runtime().allocPinned(Bytes); }
void freePinned(void *Ptr) { runtime().freePinned(Ptr); }

} // namespace offload::detail::rt

namespace offload::blas::detail {

void sgemv(Transpose T, int M, int N, float Alpha, const float *A, int Lda,
           const float *X, float Beta, float *Y) {
  runtime().sgemv(T, M, N, Alpha, A, Lda, X, Beta, Y);
}
void dgemm(Transpose TA, Transpose TB, int M, int N, int K, double Alpha,
           const double *A, int Lda, const double *B, int Ldb, double Beta,
           double *C, int Ldc) {
  runtime().dgemm(TA, TB, M, N, K, Alpha, A, Lda, B, Ldb, Beta, C, Ldc);
}
void daxpy(int N, double Alpha, const double *X, double *Y) {
  runtime().daxpy(N, Alpha, X, Y);
}
double ddot(int N, const double *X, const double *Y) {
  return runtime().ddot(N, X, Y);
}

} // namespace offload::blas::detail

// Every entry point has a forwarder above: a missing one would be an
// undefined reference in every program.
__attribute__((used)) static const void *const Forwarders[] = {
#define OFFLOAD_FORWARDER(Namespace, Name)                                     \
  reinterpret_cast<const void *>(&Namespace::Name),
    OFFLOAD_RUNTIME_ENTRY_POINTS(OFFLOAD_FORWARDER)
#undef OFFLOAD_FORWARDER
};
