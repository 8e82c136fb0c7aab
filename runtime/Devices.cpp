//===- runtime/Devices.cpp - Device discovery and selection ---------------===//
//
// libomptarget numbers the devices of every plugin that accepted an image in
// one sequence (a GPU's images first, then the host plugin's four devices),
// so devices are selected by kind, read from each device's UID.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

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

DeviceKind classifyUid(StringRef Uid) {
  StringRef Plugin = Uid.split('-').first;
  if (Plugin.equals_insensitive("cuda"))
    return DeviceKind::Cuda;
  if (Plugin.equals_insensitive("amdgpu"))
    return DeviceKind::Amdgpu;
  if (Plugin.equals_insensitive("x86_64") || Plugin.equals_insensitive("host"))
    return DeviceKind::Host;
  return DeviceKind::Other;
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

static bool isGpu(DeviceKind K) {
  return K == DeviceKind::Cuda || K == DeviceKind::Amdgpu;
}

Expected<Device> pickDevice(const DeviceRequest &Request, int NumDevices,
                            function_ref<Expected<Device>(int)> Describe) {
  if (NumDevices <= 0)
    return createStringError("no offload device is available");
  if (Request.How == DeviceRequest::ByNumber) {
    if (Request.Number >= NumDevices)
      return createStringError(
          formatv("OFFLOAD_DEVICE={0}, but there are only {1} device(s)",
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

Expected<Device> describeDevice(int Id) {
  const char *Uid = omp_get_uid_from_device(Id);
  if (!Uid)
    return createStringError(formatv("device {0} has no UID", Id).str());
  Device D{Id, classifyUid(Uid), Uid, ""};
  D.Arch = deviceArch(D);
  return D;
}

static Expected<Device> selectDevice() {
  // A program that only preloads data or calls libraries registers no
  // image, and only a registration would have initialised libomptarget.
  if (Registry::get().size() == 0) {
    prepareCudaContexts();
    __tgt_rtl_init();
    __tgt_init_all_rtls();
    std::atexit(__tgt_rtl_deinit);
  }
  const char *Env = std::getenv("OFFLOAD_DEVICE");
  Expected<DeviceRequest> Request = parseDeviceRequest(Env ? Env : "");
  if (!Request)
    return Request.takeError();
  const std::vector<std::string> Targets = Registry::get().targets();
  Expected<Device> D =
      pickDevice(*Request, omp_get_num_devices(), describeDevice);
  // libomptarget shows no device for a GPU that accepts none of the
  // images: say which GPU that is.
  if (!D) {
    std::string Gpus = gpusWithoutImage(Targets);
    return createStringError(
        Gpus.empty() ? formatv("{0}; this program has images for [{1}]",
                               toString(D.takeError()), join(Targets, ","))
                           .str()
                     : toString(D.takeError()) + "; " + Gpus);
  }
  const bool HasGpuImage = any_of(
      Targets, [](const std::string &T) { return T != "host"; });
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
  return D;
}

Expected<const Device &> selectedDevice() {
  // Chosen once; a failure is reported every time it is asked for.
  static const std::pair<std::optional<Device>, std::string> Selected = [] {
    Expected<Device> D = selectDevice();
    if (!D)
      return std::make_pair(std::optional<Device>(), toString(D.takeError()));
    return std::make_pair(std::optional<Device>(*D), std::string());
  }();
  if (!Selected.first)
    return createStringError(Selected.second);
  return *Selected.first;
}

} // namespace offload::rt
