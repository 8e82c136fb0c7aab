//===- runtime/Omptarget.h - The parts of libomptarget 22 we call ---------===//
//
// libomptarget installs no header of its own. These declarations follow the
// layouts that clang-22's OpenMP lowering and llvm::offloading::EntryTy use,
// pinned with static_asserts.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>

extern "C" {

struct __tgt_offload_entry {
  std::uint64_t Reserved; // always 0
  std::uint16_t Version;  // 1
  std::uint16_t Kind;     // 1 = OpenMP
  std::uint32_t Flags;    // 0 for kernels
  void *Address;          // host-side identity of the kernel
  const char *SymbolName; // entry symbol in the device image
  std::uint64_t Size;     // 0 for kernels
  std::uint64_t Data;
  void *AuxAddr;
};

struct __tgt_device_image {
  void *ImageStart;
  void *ImageEnd;
  __tgt_offload_entry *EntriesBegin;
  __tgt_offload_entry *EntriesEnd;
};

struct __tgt_bin_desc {
  std::int32_t NumDeviceImages;
  __tgt_device_image *DeviceImages;
  __tgt_offload_entry *HostEntriesBegin;
  __tgt_offload_entry *HostEntriesEnd;
};

struct ident_t {
  std::int32_t Reserved1, Flags, Reserved2, Reserved3;
  const char *PSource;
};

struct KernelArgsTy {
  std::uint32_t Version; // 3 in LLVM 22
  std::uint32_t NumArgs;
  void **ArgBasePtrs;
  void **ArgPtrs;
  std::int64_t *ArgSizes;
  std::int64_t *ArgTypes;
  void **ArgNames;
  void **ArgMappers;
  std::uint64_t Tripcount;
  std::uint64_t Flags;
  std::uint32_t NumTeams[3];
  std::uint32_t ThreadLimit[3];
  std::uint32_t DynCGroupMem;
};

void __tgt_register_lib(__tgt_bin_desc *Desc);
void __tgt_rtl_init(void);
void __tgt_rtl_deinit(void);
void __tgt_init_all_rtls(void);
void __tgt_unregister_lib(__tgt_bin_desc *Desc);
int __tgt_target_kernel(ident_t *Loc, std::int64_t DeviceId,
                        std::int32_t NumTeams, std::int32_t ThreadLimit,
                        void *HostPtr, KernelArgsTy *Args);
void __tgt_target_data_begin_mapper(ident_t *Loc, std::int64_t DeviceId,
                                    std::int32_t ArgNum, void **ArgsBase,
                                    void **Args, std::int64_t *ArgSizes,
                                    std::int64_t *ArgTypes, void **ArgNames,
                                    void **ArgMappers);
void __tgt_target_data_end_mapper(ident_t *Loc, std::int64_t DeviceId,
                                  std::int32_t ArgNum, void **ArgsBase,
                                  void **Args, std::int64_t *ArgSizes,
                                  std::int64_t *ArgTypes, void **ArgNames,
                                  void **ArgMappers);
void __tgt_target_data_update_mapper(ident_t *Loc, std::int64_t DeviceId,
                                     std::int32_t ArgNum, void **ArgsBase,
                                     void **Args, std::int64_t *ArgSizes,
                                     std::int64_t *ArgTypes, void **ArgNames,
                                     void **ArgMappers);
int omp_get_num_devices(void);
int omp_get_initial_device(void);
int omp_target_memcpy(void *Dst, const void *Src, std::size_t Length,
                      std::size_t DstOffset, std::size_t SrcOffset,
                      int DstDevice, int SrcDevice);
void *llvm_omp_target_alloc_host(std::size_t Size, int DeviceNum);
void llvm_omp_target_free_host(void *Ptr, int DeviceNum);
const char *omp_get_uid_from_device(int DeviceNum);
void *omp_get_mapped_ptr(const void *Ptr, int DeviceNum);
int omp_target_is_present(const void *Ptr, int DeviceNum);
}

static_assert(sizeof(__tgt_offload_entry) == 56);
static_assert(sizeof(__tgt_device_image) == 32);
static_assert(sizeof(__tgt_bin_desc) == 32);
static_assert(sizeof(KernelArgsTy) == 104);
static_assert(offsetof(KernelArgsTy, NumTeams) == 72);
