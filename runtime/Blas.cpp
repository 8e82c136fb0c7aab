//===- runtime/Blas.cpp - Vendor BLAS behind offload/blas.hpp -------------===//
//
// cuBLAS and rocBLAS are loaded when first used, from OFFLOAD_CUBLAS /
// OFFLOAD_ROCBLAS, the loader's search path, the CUDA or ROCm installation,
// or the nvidia/cublas wheel of a Python environment. Calls take device
// addresses from offload_args; on the host device the reference loops run
// on the host device's copies.
//
//===----------------------------------------------------------------------===//

#include "Blas.h"
#include "Cuda.h"
#include "DeviceState.h"
#include "Devices.h"
#include "Report.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <offload/blas.hpp>

#include <cstdlib>
#include <dlfcn.h>
#include <glob.h>
#include <mutex>
#include <string>
#include <vector>

using namespace llvm;

namespace offload::rt {
namespace {

/// The first library that loads: by name (the loader's search path), then
/// each glob pattern in turn.
std::pair<void *, std::string> loadLibrary(const char *EnvVar,
                                           ArrayRef<std::string> Names,
                                           ArrayRef<std::string> Patterns,
                                           std::vector<std::string> &Tried) {
  if (const char *Path = std::getenv(EnvVar); Path && *Path) {
    Tried.push_back(Path);
    if (void *H = dlopen(Path, RTLD_NOW | RTLD_LOCAL))
      return {H, Path};
    return {nullptr, ""};
  }
  for (const std::string &Name : Names) {
    Tried.push_back(Name);
    if (void *H = dlopen(Name.c_str(), RTLD_NOW | RTLD_LOCAL))
      return {H, Name};
  }
  for (const std::string &Pattern : Patterns) {
    Tried.push_back(Pattern);
    glob_t Found;
    if (glob(Pattern.c_str(), 0, nullptr, &Found) == 0)
      for (size_t I = 0; I < Found.gl_pathc; ++I)
        if (void *H = dlopen(Found.gl_pathv[I], RTLD_NOW | RTLD_LOCAL)) {
          std::string Path = Found.gl_pathv[I];
          globfree(&Found);
          return {H, Path};
        }
    globfree(&Found);
  }
  return {nullptr, ""};
}

/// Python environments that may hold vendor wheels: those of the python3
/// executables on PATH, the active virtual or conda environment, the user's.
std::vector<std::string> pythonSitePackages() {
  std::vector<std::string> Prefixes;
  for (const char *Var : {"VIRTUAL_ENV", "CONDA_PREFIX"})
    if (const char *V = std::getenv(Var))
      Prefixes.push_back(V);
  if (const char *Path = std::getenv("PATH"))
    for (StringRef Dir : split(StringRef(Path), ':'))
      if (Dir.ends_with("/bin"))
        Prefixes.push_back(Dir.drop_back(4).str());
  if (const char *Home = std::getenv("HOME"))
    Prefixes.push_back(std::string(Home) + "/.local");
  for (const char *P : {"/opt/*/.venv", "/opt/conda", "/usr/local", "/usr"})
    Prefixes.push_back(P);
  std::vector<std::string> Dirs;
  for (const std::string &P : Prefixes)
    for (const char *Kind : {"site-packages", "dist-packages"})
      Dirs.push_back(P + "/lib/python3*/" + Kind);
  return Dirs;
}

/// The routines offload/blas.hpp uses. cuBLAS and rocBLAS give them the same
/// signatures; only the values of "transpose" differ.
struct BlasApi {
  void *Handle = nullptr;
  int NoTranspose = 0, Transpose = 0;
  int (*Sgemv)(void *, int, int, int, const float *, const float *, int,
               const float *, int, const float *, float *, int) = nullptr;
  int (*Dgemm)(void *, int, int, int, int, int, const double *, const double *,
               int, const double *, int, const double *, double *,
               int) = nullptr;
  int (*Daxpy)(void *, int, const double *, const double *, int, double *,
               int) = nullptr;
  int (*Ddot)(void *, int, const double *, int, const double *, int,
              double *) = nullptr;
  int op(blas::Transpose T) const {
    return T == blas::Transpose::No ? NoTranspose : Transpose;
  }
};

template <class F> bool bind(void *Library, const char *Name, F &Target) {
  Target = reinterpret_cast<F>(dlsym(Library, Name));
  return Target != nullptr;
}

} // namespace

std::vector<std::string> cublasSearchPatterns() {
  const char *CudaPath = std::getenv("OFFLOAD_CUDA_PATH");
  std::vector<std::string> Patterns{
      std::string(CudaPath ? CudaPath : "/usr/local/cuda") +
      "/lib64/libcublas.so*"};
  for (const std::string &Dir : pythonSitePackages())
    Patterns.push_back(Dir + "/nvidia/cublas/lib/libcublas.so*");
  return Patterns;
}

Expected<std::pair<void *, std::string>> loadCublas() {
  std::vector<std::string> Tried;
  auto Found = loadLibrary(
      "OFFLOAD_CUBLAS", {"libcublas.so.13", "libcublas.so.12", "libcublas.so"},
      cublasSearchPatterns(), Tried);
  if (!Found.first)
    return createStringError("cuBLAS was not found; set OFFLOAD_CUBLAS to "
                             "the path of libcublas.so (tried " +
                             join(Tried, ", ") + ")");
  return Found;
}

namespace {

/// The create function and the four routines of Library, in that order, or
/// why not.
std::string bindBlas(void *Library, const std::string &Path, const char *Vendor,
                     const char *const (&Names)[5], BlasApi &Api) {
  int (*Create)(void **) = nullptr;
  if (!bind(Library, Names[0], Create) || !bind(Library, Names[1], Api.Sgemv) ||
      !bind(Library, Names[2], Api.Dgemm) ||
      !bind(Library, Names[3], Api.Daxpy) || !bind(Library, Names[4], Api.Ddot))
    return formatv("{0} lacks the {1} functions offload/blas.hpp uses", Path,
                   Vendor)
        .str();
  if (int Status = Create(&Api.Handle))
    return formatv("{0} failed with status {1}", Names[0], Status).str();
  info(InfoEvents, "%s loaded from %s", Vendor, Path.c_str());
  return {};
}

Expected<const BlasApi &> cublas() {
  static std::once_flag Once;
  // cublasOperation_t: N = 0, T = 1.
  static BlasApi Api{nullptr, 0, 1};
  static std::string Error;
  std::call_once(Once, [] {
    Expected<std::pair<void *, std::string>> Found = loadCublas();
    if (!Found) {
      Error = toString(Found.takeError());
      return;
    }
    Error = bindBlas(Found->first, Found->second, "cuBLAS",
                     {"cublasCreate_v2", "cublasSgemv_v2", "cublasDgemm_v2",
                      "cublasDaxpy_v2", "cublasDdot_v2"},
                     Api);
  });
  if (!Error.empty())
    return createStringError(Error);
  return Api;
}

Expected<const BlasApi &> rocblas() {
  static std::once_flag Once;
  // rocblas_operation: none = 111, transpose = 112.
  static BlasApi Api{nullptr, 111, 112};
  static std::string Error;
  std::call_once(Once, [] {
    std::vector<std::string> Tried;
    auto [Library, Path] =
        loadLibrary("OFFLOAD_ROCBLAS", {"librocblas.so.4", "librocblas.so"},
                    {"/opt/rocm/lib/librocblas.so*"}, Tried);
    if (!Library) {
      Error = "rocBLAS was not found; set OFFLOAD_ROCBLAS to the path of "
              "librocblas.so (tried " +
              join(Tried, ", ") + ")";
      return;
    }
    Error = bindBlas(Library, Path, "rocBLAS",
                     {"rocblas_create_handle", "rocblas_sgemv", "rocblas_dgemm",
                      "rocblas_daxpy", "rocblas_ddot"},
                     Api);
  });
  if (!Error.empty())
    return createStringError(Error);
  return Api;
}

/// Runs Gpu with the selected GPU's library, or Host on the host device;
/// reports a failure and exits.
template <class GpuCall, class HostCall>
auto dispatch(const char *Routine, GpuCall Gpu, HostCall Host) {
  Expected<DeviceState &> Selected = selectedDevice();
  if (!Selected)
    fatal(Selected.takeError());
  const Device *D = &Selected->info();
  auto Fail = [&](Error E) {
    fatal(createStringError(formatv("offload::blas::{0} on device {1} ({2}): "
                                    "{3}",
                                    Routine, D->Id, kindName(D->Kind),
                                    toString(std::move(E)))
                                .str()));
  };
  auto Check = [&](int Status) {
    if (Status)
      Fail(createStringError(
          formatv("the library returned status {0}", Status).str()));
  };
  using Blas = Capabilities::Blas;
  if (D->Caps.VendorBlas == Blas::None)
    return Host();
  Expected<const BlasApi &> Api =
      D->Caps.VendorBlas == Blas::Cublas ? cublas() : rocblas();
  if (!Api)
    Fail(Api.takeError());
  return Gpu(*Api, Check);
}

} // namespace
} // namespace offload::rt

namespace offload::blas::detail {

using offload::rt::dispatch;

void sgemv(Transpose T, int M, int N, float Alpha, const float *A, int Lda,
           const float *X, float Beta, float *Y) {
  dispatch(
      "sgemv",
      [&](const rt::BlasApi &Api, auto Check) {
        Check(Api.Sgemv(Api.Handle, Api.op(T), M, N, &Alpha, A, Lda, X, 1,
                        &Beta, Y, 1));
      },
      [&] { Reference::sgemv(T, M, N, Alpha, A, Lda, X, Beta, Y); });
}

void dgemm(Transpose TA, Transpose TB, int M, int N, int K, double Alpha,
           const double *A, int Lda, const double *B, int Ldb, double Beta,
           double *C, int Ldc) {
  dispatch(
      "dgemm",
      [&](const rt::BlasApi &Api, auto Check) {
        Check(Api.Dgemm(Api.Handle, Api.op(TA), Api.op(TB), M, N, K, &Alpha, A,
                        Lda, B, Ldb, &Beta, C, Ldc));
      },
      [&] {
        Reference::dgemm(TA, TB, M, N, K, Alpha, A, Lda, B, Ldb, Beta, C, Ldc);
      });
}

void daxpy(int N, double Alpha, const double *X, double *Y) {
  dispatch(
      "daxpy",
      [&](const rt::BlasApi &Api, auto Check) {
        Check(Api.Daxpy(Api.Handle, N, &Alpha, X, 1, Y, 1));
      },
      [&] { Reference::daxpy(N, Alpha, X, Y); });
}

double ddot(int N, const double *X, const double *Y) {
  return dispatch(
      "ddot",
      [&](const rt::BlasApi &Api, auto Check) {
        double Result = 0; // host pointer mode: the call waits for it
        Check(Api.Ddot(Api.Handle, N, X, 1, Y, 1, &Result));
        return Result;
      },
      [&] { return Reference::ddot(N, X, Y); });
}

} // namespace offload::blas::detail
