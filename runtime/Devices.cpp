//===- runtime/Devices.cpp - Device discovery and selection ---------------===//
//
// The runtime numbers its devices itself: the GPUs liboffload shows (CUDA,
// then AMD, each in its vendor's order), then the host device. OFFLOAD_DEVICE
// picks one by kind or number.
//
//===----------------------------------------------------------------------===//

#include "Devices.h"
#include "Cuda.h"
#include "DeviceState.h"
#include "Images.h"
#include "Launch.h"
#include "Registry.h"
#include "Report.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <optional>

using namespace llvm;

namespace offload::rt {

StringRef kindName(DeviceKind K) {
  switch (K) {
  case DeviceKind::Cuda:
    return "cuda";
  case DeviceKind::Amdgpu:
    return "amdgpu";
  case DeviceKind::Host:
    return "host";
  case DeviceKind::Other:
    break;
  }
  return "other";
}

Expected<DeviceRequest> parseDeviceRequest(StringRef Value) {
  DeviceRequest R;
  Value = Value.trim();
  if (Value.empty())
    return R;
  if (Value.equals_insensitive("gpu")) {
    R.How = DeviceRequest::AnyGpu;
    return R;
  }
  for (DeviceKind K : {DeviceKind::Cuda, DeviceKind::Amdgpu, DeviceKind::Host})
    if (Value.equals_insensitive(kindName(K))) {
      R.How = DeviceRequest::ByKind;
      R.Kind = K;
      return R;
    }
  if (!Value.getAsInteger(10, R.Number) && R.Number >= 0) {
    R.How = DeviceRequest::ByNumber;
    return R;
  }
  return createStringError(
      formatv("OFFLOAD_DEVICE='{0}' names no device: use cuda, amdgpu, host, "
              "gpu or a device number",
              Value)
          .str());
}

bool isGpu(DeviceKind K) {
  return K == DeviceKind::Cuda || K == DeviceKind::Amdgpu;
}

Expected<Device> pickDevice(const DeviceRequest &Request, int NumDevices,
                            function_ref<Expected<Device>(int)> Describe) {
  if (NumDevices <= 0)
    return createStringError("no offload device is available");
  if (Request.How == DeviceRequest::ByNumber) {
    if (Request.Number >= NumDevices)
      return createStringError(
          formatv(Request.InCode
                      ? "offload::select_device({0}), but there are only {1} "
                        "device(s)"
                      : "OFFLOAD_DEVICE={0}, but there are only {1} device(s)",
                  Request.Number, NumDevices)
              .str());
    return Describe(Request.Number);
  }

  std::optional<Device> FirstHost;
  SmallVector<std::string> Seen;
  for (int Id = 0; Id < NumDevices; ++Id) {
    Expected<Device> D = Describe(Id);
    if (!D)
      return D.takeError();
    Seen.push_back(formatv("{0}: {1}", Id, kindName(D->Kind)));
    switch (Request.How) {
    case DeviceRequest::ByKind:
      if (D->Kind == Request.Kind)
        return D;
      break;
    case DeviceRequest::AnyGpu:
    case DeviceRequest::FirstGpuElseHost:
      if (isGpu(D->Kind))
        return D;
      if (D->Kind == DeviceKind::Host && !FirstHost)
        FirstHost = *D;
      break;
    case DeviceRequest::ByNumber:
      break;
    }
  }
  if (Request.How == DeviceRequest::FirstGpuElseHost && FirstHost)
    return *FirstHost;
  StringRef Wanted = Request.How == DeviceRequest::ByKind
                         ? kindName(Request.Kind)
                         : StringRef("gpu");
  return createStringError(formatv("no {0} device among the {1} available "
                                   "({2})",
                                   Wanted, NumDevices, join(Seen, ", "))
                               .str());
}

/// The devices once devices() found them without an error.
static std::atomic<const std::vector<std::unique_ptr<DeviceState>> *> Found{
    nullptr};

ArrayRef<std::unique_ptr<DeviceState>> devicesInUse() {
  if (const auto *All = Found.load(std::memory_order_acquire))
    return *All;
  return {};
}

Expected<ArrayRef<std::unique_ptr<DeviceState>>> devices() {
  // Found once. Never destroyed: the exit handler below still uses them,
  // and work may still be queued while static destructors run.
  static const auto *Result = [] {
    auto *Result =
        new std::pair<std::vector<std::unique_ptr<DeviceState>>, std::string>;
    // Before liboffload starts the CUDA plugin, which would make each
    // context block the host when it waits.
    prepareCudaContexts();
    Expected<std::vector<DeviceEntry>> Gpus = offloadDevices(0);
    if (!Gpus) {
      Result->second = toString(Gpus.takeError());
      return Result;
    }
    for (DeviceEntry &E : *Gpus)
      Result->first.push_back(std::make_unique<DeviceState>(std::move(E)));
    // Several host devices, as LLVM's host offload plugin has: device sets
    // and multi-device programs run, and are tested, without a GPU.
    const char *HostDevices = std::getenv("OFFLOAD_HOST_DEVICES");
    const int NumHost =
        std::clamp(HostDevices ? std::atoi(HostDevices) : 4, 1, 64);
    for (int I = 0; I < NumHost; ++I)
      Result->first.push_back(std::make_unique<DeviceState>(
          hostDevice(static_cast<int>(Result->first.size()))));
    // Kernels still queued at exit must finish; one that failed fails the
    // program even if nothing waited for it.
    std::atexit([] {
      if (Error E = synchronizeAll())
        fatal(std::move(E));
      // The Expected outlives the loop (a range over *devices() would not).
      Expected<ArrayRef<std::unique_ptr<DeviceState>>> All = devices();
      for (const std::unique_ptr<DeviceState> &D : *All)
        D->releaseCaches();
    });
    return Result;
  }();
  if (!Result->second.empty())
    return createStringError(Result->second);
  Found.store(&Result->first, std::memory_order_release);
  return ArrayRef(Result->first);
}

/// A device chosen in code (offload::select_device), or -1.
static std::atomic<int> DeviceInCode{-1};

static Expected<DeviceState &> selectDevice() {
  const char *Env = std::getenv("OFFLOAD_DEVICE");
  Expected<DeviceRequest> Request = parseDeviceRequest(Env ? Env : "");
  if (!Request)
    return Request.takeError();
  if (int InCode = DeviceInCode; InCode >= 0) {
    Request->How = DeviceRequest::ByNumber;
    Request->Number = InCode;
    Request->InCode = true;
  }
  Expected<ArrayRef<std::unique_ptr<DeviceState>>> All = devices();
  if (!All)
    return All.takeError();
  const std::vector<std::string> Targets = Registry::get().targets();
  // A GPU that none of the program's images runs on is not offered unless
  // asked for by number (its launches then say which image is missing).
  auto Describe = [&](int Id) -> Expected<Device> {
    Device D = (*All)[Id]->info();
    if (Request->How != DeviceRequest::ByNumber && !Targets.empty() &&
        imageFor(Targets, D.Arch).empty())
      D.Kind = DeviceKind::Other;
    return D;
  };
  Expected<Device> Picked = pickDevice(*Request, All->size(), Describe);
  std::optional<Device> D;
  if (Picked)
    D = (*All)[Picked->Id]->info();
  if (!Picked) {
    std::string Gpus = gpusWithoutImage(Targets);
    return createStringError(
        Gpus.empty() ? formatv("{0}; this program has images for [{1}]",
                               toString(Picked.takeError()), join(Targets, ","))
                           .str()
                     : toString(Picked.takeError()) + "; " + Gpus);
  }
  const bool HasGpuImage =
      any_of(Targets, [](const std::string &T) { return T != "host"; });
  if (Request->How == DeviceRequest::FirstGpuElseHost &&
      D->Kind == DeviceKind::Host && HasGpuImage)
    if (std::string Gpus = gpusWithoutImage(Targets); !Gpus.empty())
      std::fprintf(stderr, "offload: warning: running on the host device: %s\n",
                   Gpus.c_str());
  const std::string Image = imageFor(Targets, D->Arch);
  const bool ShowArch = !D->Arch.empty() && D->Arch != kindName(D->Kind);
  info(InfoEvents, "selected device %d (%s%s%s, %s): image %s of [%s]", D->Id,
       kindName(D->Kind).data(), ShowArch ? " " : "",
       ShowArch ? D->Arch.c_str() : "", D->Uid.c_str(),
       Image.empty() ? "?" : Image.c_str(), join(Targets, ",").c_str());
  return *(*All)[D->Id];
}

Expected<DeviceState &> selectedDevice() {
  // Chosen once; a failure is reported every time it is asked for.
  static const std::pair<DeviceState *, std::string> Selected = [] {
    Expected<DeviceState &> D = selectDevice();
    if (!D)
      return std::make_pair<DeviceState *, std::string>(
          nullptr, toString(D.takeError()));
    return std::make_pair<DeviceState *, std::string>(&*D, "");
  }();
  if (!Selected.first)
    return createStringError(Selected.second);
  return *Selected.first;
}

Error selectInCode(int Id) {
  int Expected = -1;
  if (!DeviceInCode.compare_exchange_strong(Expected, Id) && Expected != Id)
    return createStringError(formatv("offload::select_device({0}) after "
                                     "select_device({1}): a process picks its "
                                     "device once",
                                     Id, Expected)
                                 .str());
  llvm::Expected<DeviceState &> D = selectedDevice();
  if (!D)
    return D.takeError();
  if (D->info().Id != Id)
    return createStringError(
        formatv("offload::select_device({0}) after the program ran on device "
                "{1}: select the device before the first offload() call",
                Id, D->info().Id)
            .str());
  return Error::success();
}

} // namespace offload::rt

namespace offload::detail::rt {

bool describeDevice(int Device, DeviceDescription *Out) {
  using namespace offload::rt;
  const offload::rt::Device *Info = nullptr;
  if (Device < 0) {
    Expected<DeviceState &> D = selectedDevice();
    if (!D)
      fatal(D.takeError());
    Info = &D->info();
  } else {
    Expected<ArrayRef<std::unique_ptr<DeviceState>>> All = devices();
    if (!All)
      fatal(All.takeError());
    if (Device >= static_cast<int>(All->size()))
      return false;
    Info = &(*All)[Device]->info();
  }
  Out->Number = Info->Id;
  Out->Gpu = isGpu(Info->Kind);
  auto Copy = [](char *To, std::size_t Size, StringRef From) {
    std::size_t N = std::min(Size - 1, From.size());
    std::copy_n(From.data(), N, To);
    To[N] = '\0';
  };
  Copy(Out->Kind, sizeof(Out->Kind), kindName(Info->Kind));
  Copy(Out->Arch, sizeof(Out->Arch), Info->Arch);
  Copy(Out->Name, sizeof(Out->Name),
       Info->Name.empty() ? kindName(Info->Kind) : StringRef(Info->Name));
  return true;
}

} // namespace offload::detail::rt
