//===- runtime/Launch.cpp - Mapping and kernel launch ---------------------===//

#include "Runtime.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FormatVariadic.h"

#include <offload/detail/params.hpp>

#include <climits>
#include <dlfcn.h>

using namespace llvm;

namespace offload::rt {

// libomptarget only reads the location for its own messages.
static ident_t Location = {0, 2, 0, 0, ";cxx-offload;offload;0;0;;"};

static bool isMapped(std::int64_t Type) {
  return !(Type & detail::MapTypeLiteral);
}

Error mapData(const Device &D, void *Ptr, std::int64_t Bytes,
              std::int64_t MapType) {
  __tgt_target_data_begin_mapper(&Location, D.Id, 1, &Ptr, &Ptr, &Bytes,
                                 &MapType, nullptr, nullptr);
  if (Bytes > 0 && !omp_target_is_present(Ptr, D.Id))
    return createStringError(
        formatv("could not map {0} bytes at {1} to device {2} ({3}): out of "
                "device memory?",
                Bytes, Ptr, D.Id, kindName(D.Kind))
            .str());
  return Error::success();
}

Error unmapData(const Device &D, void *Ptr, std::int64_t Bytes,
                std::int64_t MapType) {
  if (Bytes > 0 && !omp_target_is_present(Ptr, D.Id))
    return createStringError(
        formatv("{0} bytes at {1} are not mapped to device {2}", Bytes, Ptr,
                D.Id)
            .str());
  __tgt_target_data_end_mapper(&Location, D.Id, 1, &Ptr, &Ptr, &Bytes,
                               &MapType, nullptr, nullptr);
  return Error::success();
}

Expected<void *> devicePointer(const Device &D, const void *Ptr) {
  if (void *P = omp_get_mapped_ptr(Ptr, D.Id))
    return P;
  return createStringError(
      formatv("{0} is not mapped to device {1}", Ptr, D.Id).str());
}

/// The kernel's name for messages: from the dynamic symbol table when the
/// program exports it, else its address.
static std::string describeKernel(const void *Key) {
  Dl_info Info;
  if (dladdr(Key, &Info) && Info.dli_sname && Info.dli_saddr == Key)
    return "'" + demangle(Info.dli_sname) + "'";
  return formatv("at {0}", Key).str();
}

static Expected<const KernelRecord &> findKernel(const void *Key) {
  if (const KernelRecord *K = Registry::get().find(Key))
    return *K;
  return createStringError(
      formatv("the kernel {0} has no device image: compile the translation "
              "unit that calls offload() with the cxx-offload plugin",
              describeKernel(Key))
          .str());
}

Error launchOn(const Device &D, const detail::rt::LaunchRequest &R) {
  Expected<const KernelRecord &> Found = findKernel(R.Kernel);
  if (!Found)
    return Found.takeError();
  const KernelRecord *K = &*Found;

  std::uint64_t ToDevice = 0, FromDevice = 0;
  for (unsigned I = 0; I < R.NumSlots; ++I) {
    if (!isMapped(R.Types[I]))
      continue;
    if (R.Types[I] & detail::MapTypeTo)
      ToDevice += R.Sizes[I];
    if (R.Types[I] & detail::MapTypeFrom)
      FromDevice += R.Sizes[I];
  }

  const std::uint32_t Block = R.Block ? R.Block : DefaultBlock;
  const std::uint64_t Blocks = (R.Threads + Block - 1) / Block;
  if (R.Threads == 0) {
    info(InfoCalls, "kernel '%s': 0 logical threads, nothing to run",
         K->Name);
    return Error::success();
  }
  if (Block > 1024)
    return createStringError(
        formatv("kernel '{0}': {1} threads per block is more than the 1024 a "
                "GPU allows",
                K->Name, Block)
            .str());
  if (Blocks > INT32_MAX)
    return createStringError(
        formatv("kernel '{0}': {1} logical threads need {2} blocks, more than "
                "one launch allows",
                K->Name, R.Threads, Blocks)
            .str());

  KernelArgsTy Args{};
  Args.Version = 3;
  Args.NumArgs = R.NumSlots;
  Args.ArgBasePtrs = R.Ptrs;
  Args.ArgPtrs = R.Ptrs;
  Args.ArgSizes = R.Sizes;
  Args.ArgTypes = R.Types;
  Args.NumTeams[0] = static_cast<std::uint32_t>(Blocks);
  Args.NumTeams[1] = Args.NumTeams[2] = 1;
  Args.ThreadLimit[0] = Block;
  Args.ThreadLimit[1] = Args.ThreadLimit[2] = 1;
  if (int Rc = __tgt_target_kernel(&Location, D.Id, Args.NumTeams[0], Block,
                                   K->EntryId, &Args))
    return createStringError(
        formatv("kernel '{0}' failed on device {1} ({2}): libomptarget "
                "returned {3}; its message above says why",
                K->Name, D.Id, kindName(D.Kind), Rc)
            .str());

  info(InfoCalls,
       "kernel '%s' on device %d (%s): %llu threads, %llu blocks of %u; "
       "%llu bytes to the device, %llu bytes back",
       K->Name, D.Id, kindName(D.Kind).data(),
       static_cast<unsigned long long>(R.Threads),
       static_cast<unsigned long long>(Blocks), Block,
       static_cast<unsigned long long>(ToDevice),
       static_cast<unsigned long long>(FromDevice));
  return Error::success();
}

static Error launchImpl(const detail::rt::LaunchRequest &R) {
  // Without a registered image libomptarget is not even initialised.
  if (Expected<const KernelRecord &> K = findKernel(R.Kernel); !K)
    return K.takeError();
  Expected<const Device &> D = selectedDevice();
  if (!D)
    return D.takeError();
  return launchOn(*D, R);
}

} // namespace offload::rt

namespace offload::detail::rt {

void launch(const LaunchRequest &Request) {
  if (Error E = offload::rt::launchImpl(Request))
    offload::rt::fatal(std::move(E));
}

void invalidCall(const char *Signature) {
  offload::rt::fatal(createStringError(
      formatv("an invalid offload() call was compiled without a diagnostic "
              "({0}); please report this",
              Signature)
          .str()));
}

} // namespace offload::detail::rt
