//===- runtime/OffloadBackend.cpp - GPUs through liboffload ---------------===//
//
// CUDA and AMD GPUs through liboffload's queue API (offload/OffloadAPI.h):
// one in-order queue per device, programs from the embedded images, and
// events for waiting. Work is queued under the queue's lock, since
// liboffload 22 does not promise that two threads may queue on one queue at
// once; waiting (olSyncQueue, olSyncEvent) needs no lock.
//
// Two things liboffload 22 cannot do go to the vendor's driver (Cuda.cpp,
// Hip below): how many registers and resident threads a kernel has, and
// waiting for the work a vendor library queued on streams of its own.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"
#include "Cuda.h"
#include "Images.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <offload/OffloadAPI.h>

#include <cstring>
#include <dlfcn.h>
#include <mutex>

using namespace llvm;

namespace offload::rt {
namespace {

Error olError(ol_result_t R, const char *What) {
  return createStringError(formatv("{0}: {1} (liboffload error {2})", What,
                                   R->Details ? R->Details : "no details",
                                   static_cast<int>(R->Code))
                               .str());
}

/// The HIP runtime calls that wait for rocBLAS's work (libamdhip64, loaded
/// when first needed).
struct Hip {
  int (*SetDevice)(int) = nullptr;
  int (*DeviceSynchronize)() = nullptr;

  static Expected<const Hip &> get() {
    static const Hip H = [] {
      Hip H;
      for (const char *Name : {"libamdhip64.so.6", "libamdhip64.so"})
        if (void *L = dlopen(Name, RTLD_NOW | RTLD_LOCAL)) {
          H.SetDevice =
              reinterpret_cast<int (*)(int)>(dlsym(L, "hipSetDevice"));
          H.DeviceSynchronize =
              reinterpret_cast<int (*)()>(dlsym(L, "hipDeviceSynchronize"));
          break;
        }
      return H;
    }();
    if (!H.SetDevice || !H.DeviceSynchronize)
      return createStringError("libamdhip64.so (the HIP runtime that rocBLAS "
                               "uses) could not be loaded");
    return H;
  }
};

class OffloadBackend final : public Backend {
public:
  OffloadBackend(ol_device_handle_t Dev, ol_device_handle_t HostDev,
                 DeviceKind Kind, int Ordinal)
      : Dev(Dev), HostDev(HostDev), Kind(Kind), Ordinal(Ordinal) {}

private:
  Expected<void *> loadImageImpl(StringRef Image) override {
    ol_program_handle_t Program = nullptr;
    if (ol_result_t R =
            olCreateProgram(Dev, Image.data(), Image.size(), &Program))
      return olError(R, "loading the device image");
    return Program;
  }

  Error unloadImageImpl(void *Program) override {
    if (ol_result_t R =
            olDestroyProgram(static_cast<ol_program_handle_t>(Program)))
      return olError(R, "unloading the device image");
    return Error::success();
  }

  Expected<void *> findKernelImpl(void *Program, const char *Symbol) override {
    ol_symbol_handle_t Kernel = nullptr;
    if (ol_result_t R = olGetSymbol(static_cast<ol_program_handle_t>(Program),
                                    Symbol, OL_SYMBOL_KIND_KERNEL, &Kernel))
      return olError(R, "finding the kernel's entry");
    return Kernel;
  }

  Error launchImpl(const LoadedKernel &K, const std::uint32_t Blocks[3],
                   const std::uint32_t Block[3], ArrayRef<std::uint64_t> Slots,
                   std::uint32_t TeamBytes) override {
    // The entry's parameters as one buffer: dyn_ptr, then the slots.
    SmallVector<std::uint64_t, 24> Args(Slots.size() + 1);
    std::copy(Slots.begin(), Slots.end(), Args.begin() + 1);
    ol_kernel_launch_size_args_t Size{3,
                                      {Blocks[0], Blocks[1], Blocks[2]},
                                      {Block[0], Block[1], Block[2]},
                                      TeamBytes};
    std::lock_guard<std::mutex> L(QueueLock);
    if (Error E = queue())
      return E;
    if (ol_result_t R = olLaunchKernel(
            Queue, Dev, static_cast<ol_symbol_handle_t>(K.Handle), Args.data(),
            Args.size() * sizeof(std::uint64_t), &Size))
      return olError(R, "launching the kernel");
    return Error::success();
  }

  Error copyImpl(void *Dst, const void *Src, std::size_t Bytes,
                 CopyDirection Direction) override {
    const bool To = Direction == CopyDirection::ToDevice;
    std::lock_guard<std::mutex> L(QueueLock);
    if (Error E = queue())
      return E;
    if (ol_result_t R = olMemcpy(Queue, Dst, To ? Dev : HostDev, Src,
                                 To ? HostDev : Dev, Bytes))
      return olError(R,
                     To ? "copying to the device" : "copying from the device");
    return Error::success();
  }

  Expected<void *> allocImpl(std::size_t Bytes, bool Host) override {
    void *Ptr = nullptr;
    if (ol_result_t R = olMemAlloc(
            Dev, Host ? OL_ALLOC_TYPE_HOST : OL_ALLOC_TYPE_DEVICE, Bytes, &Ptr))
      return olError(R, Host ? "allocating page-locked host memory"
                             : "allocating device memory");
    return Ptr;
  }

  Error freeImpl(void *Ptr) override {
    if (ol_result_t R = olMemFree(Ptr))
      return olError(R, "freeing device memory");
    return Error::success();
  }

  Expected<void *> recordImpl() override {
    ol_event_handle_t Event = nullptr;
    std::lock_guard<std::mutex> L(QueueLock);
    if (Error E = queue())
      return std::move(E);
    if (ol_result_t R = olCreateEvent(Queue, &Event))
      return olError(R, "marking the queue");
    return Event;
  }

  Error waitImpl(void *Mark) override {
    auto *Event = static_cast<ol_event_handle_t>(Mark);
    ol_result_t R = olSyncEvent(Event);
    Error E = R ? olError(R, "waiting for the device") : Error::success();
    olDestroyEvent(Event);
    return E;
  }

  Error synchronizeImpl() override {
    // liboffload lets other threads queue work while one waits here.
    ol_queue_handle_t Q;
    {
      std::lock_guard<std::mutex> L(QueueLock);
      Q = Queue;
    }
    if (!Q)
      return Error::success();
    if (ol_result_t R = olSyncQueue(Q))
      return olError(R, "waiting for the device");
    return Error::success();
  }

  KernelResources resourcesImpl(const LoadedKernel &K) override {
    if (Kind == DeviceKind::Cuda)
      return cudaKernelResources(Ordinal, K.Image, K.Symbol);
    return {};
  }

  Error beginVendorCallImpl() override {
    if (Kind == DeviceKind::Cuda)
      return cudaBindContext(Ordinal);
    Expected<const Hip &> H = Hip::get();
    if (!H)
      return H.takeError();
    if (int Rc = H->SetDevice(Ordinal))
      return createStringError(formatv("hipSetDevice returned {0}", Rc).str());
    return Error::success();
  }

  Error endVendorCallImpl() override {
    if (Kind == DeviceKind::Cuda)
      return cudaSynchronizeContext(Ordinal);
    Expected<const Hip &> H = Hip::get();
    if (!H)
      return H.takeError();
    if (int Rc = H->DeviceSynchronize())
      return createStringError(
          formatv("the device failed while a library call ran "
                  "(hipDeviceSynchronize returned {0})",
                  Rc)
              .str());
    return Error::success();
  }

  /// Creates the queue on first use (under QueueLock).
  Error queue() {
    if (Queue)
      return Error::success();
    if (ol_result_t R = olCreateQueue(Dev, &Queue))
      return olError(R, "creating the device's queue");
    return Error::success();
  }

  ol_device_handle_t Dev, HostDev;
  DeviceKind Kind;
  int Ordinal; // among the devices of its kind, as the vendor numbers them
  std::mutex QueueLock;
  ol_queue_handle_t Queue = nullptr;
};

template <class T>
T deviceInfo(ol_device_handle_t D, ol_device_info_t Info, T Default) {
  T Value = Default;
  olGetDeviceInfo(D, Info, sizeof(Value), &Value);
  return Value;
}

std::string deviceString(ol_device_handle_t D, ol_device_info_t Info) {
  size_t Size = 0;
  if (olGetDeviceInfoSize(D, Info, &Size) || Size == 0)
    return {};
  std::string S(Size, '\0');
  if (olGetDeviceInfo(D, Info, Size, S.data()))
    return {};
  S.resize(std::strlen(S.c_str()));
  return S;
}

} // namespace

Expected<std::vector<DeviceEntry>> offloadDevices(int FirstId) {
  if (ol_result_t R = olInit())
    return olError(R, "starting liboffload");
  struct Found {
    ol_device_handle_t Dev;
    ol_platform_backend_t Backend;
  };
  std::vector<Found> All;
  olIterateDevices(
      [](ol_device_handle_t D, void *Data) {
        ol_platform_handle_t P = deviceInfo<ol_platform_handle_t>(
            D, OL_DEVICE_INFO_PLATFORM, nullptr);
        ol_platform_backend_t B = OL_PLATFORM_BACKEND_UNKNOWN;
        if (P)
          olGetPlatformInfo(P, OL_PLATFORM_INFO_BACKEND, sizeof(B), &B);
        static_cast<std::vector<Found> *>(Data)->push_back({D, B});
        return true;
      },
      &All);
  ol_device_handle_t HostDev = nullptr;
  for (const Found &F : All)
    if (F.Backend == OL_PLATFORM_BACKEND_HOST)
      HostDev = F.Dev;
  std::vector<DeviceEntry> Devices;
  if (!HostDev)
    return Devices;
  std::vector<InstalledGpu> Amd = amdGpus();
  int Ordinals[2] = {0, 0};
  for (const Found &F : All) {
    if (F.Backend != OL_PLATFORM_BACKEND_CUDA &&
        F.Backend != OL_PLATFORM_BACKEND_AMDGPU)
      continue;
    const bool IsCuda = F.Backend == OL_PLATFORM_BACKEND_CUDA;
    const DeviceKind Kind = IsCuda ? DeviceKind::Cuda : DeviceKind::Amdgpu;
    // liboffload numbers each vendor's GPUs in the vendor's order.
    const int Ordinal = Ordinals[IsCuda ? 0 : 1]++;
    Device Info{
        FirstId + int(Devices.size()), Kind,
        deviceString(F.Dev, OL_DEVICE_INFO_UID), "",
        deviceInfo<std::uint32_t>(F.Dev, OL_DEVICE_INFO_NUM_COMPUTE_UNITS, 0)};
    if (Info.Uid.empty())
      Info.Uid = formatv("{0}-{1}", IsCuda ? "CUDA" : "AMDGPU", Ordinal).str();
    Info.Name = deviceString(F.Dev, OL_DEVICE_INFO_PRODUCT_NAME);
    if (Info.Name.empty() && IsCuda) // CUDA's device name is the product's
      Info.Name = deviceString(F.Dev, OL_DEVICE_INFO_NAME);
    if (Info.Name.empty())
      Info.Name = IsCuda ? "NVIDIA GPU" : "AMD GPU";
    Info.Caps.KernelsWritePinnedHost = IsCuda;
    Info.Caps.VendorBlas =
        IsCuda ? Capabilities::Blas::Cublas : Capabilities::Blas::Rocblas;
    if (IsCuda) {
      Info.Arch = cudaArch(Ordinal);
    } else {
      std::string Name = deviceString(F.Dev, OL_DEVICE_INFO_NAME);
      Info.Arch = StringRef(Name).starts_with("gfx") ? Name
                  : Ordinal < int(Amd.size())        ? Amd[Ordinal].Arch
                                                     : "";
    }
    Devices.push_back({Info, std::make_unique<OffloadBackend>(F.Dev, HostDev,
                                                              Kind, Ordinal)});
  }
  return Devices;
}

} // namespace offload::rt
