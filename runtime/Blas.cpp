//===- runtime/Blas.cpp - Vendor BLAS behind offload/blas.hpp -------------===//
//
// cuBLAS and rocBLAS are loaded when first used, from OFFLOAD_CUBLAS /
// OFFLOAD_ROCBLAS, the loader's search path, the CUDA or ROCm installation,
// or the nvidia/cublas wheel of a Python environment. Calls take device
// addresses from offload_args; on the host device the reference loops run
// on the host device's copies.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

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

struct CublasApi {
  void *Handle = nullptr;
  int (*Sgemv)(void *, int, int, int, const float *, const float *, int,
               const float *, int, const float *, float *, int) = nullptr;
  int (*Dgemm)(void *, int, int, int, int, int, const double *,
               const double *, int, const double *, int, const double *,
               double *, int) = nullptr;
  int (*Daxpy)(void *, int, const double *, const double *, int, double *,
               int) = nullptr;
  int (*Ddot)(void *, int, const double *, int, const double *, int,
              double *) = nullptr;
};

struct RocblasApi {
  void *Handle = nullptr;
  int (*Sgemv)(void *, int, int, int, const float *, const float *, int,
               const float *, int, const float *, float *, int) = nullptr;
  int (*Dgemm)(void *, int, int, int, int, int, const double *,
               const double *, int, const double *, int, const double *,
               double *, int) = nullptr;
  int (*Daxpy)(void *, int, const double *, const double *, int, double *,
               int) = nullptr;
  int (*Ddot)(void *, int, const double *, int, const double *, int,
              double *) = nullptr;
};

template <class F> bool bind(void *Library, const char *Name, F &Target) {
  Target = reinterpret_cast<F>(dlsym(Library, Name));
  return Target != nullptr;
}

} // namespace

Expected<std::pair<void *, std::string>> loadCublas() {
  std::vector<std::string> Tried, Patterns;
  std::string Cuda = std::getenv("OFFLOAD_CUDA_PATH")
                         ? std::getenv("OFFLOAD_CUDA_PATH")
                         : "/usr/local/cuda";
  Patterns.push_back(Cuda + "/lib64/libcublas.so*");
  for (const std::string &Dir : pythonSitePackages())
    Patterns.push_back(Dir + "/nvidia/cublas/lib/libcublas.so*");
  auto Found = loadLibrary("OFFLOAD_CUBLAS",
                           {"libcublas.so.13", "libcublas.so.12", "libcublas.so"},
                           Patterns, Tried);
  if (!Found.first)
    return createStringError("cuBLAS was not found; set OFFLOAD_CUBLAS to "
                             "the path of libcublas.so (tried " +
                             join(Tried, ", ") + ")");
  return Found;
}

namespace {

Expected<const CublasApi &> cublas() {
  static std::once_flag Once;
  static CublasApi Api;
  static std::string Error;
  std::call_once(Once, [] {
    Expected<std::pair<void *, std::string>> Found = loadCublas();
    if (!Found) {
      Error = toString(Found.takeError());
      return;
    }
    auto [Library, Path] = *Found;
    int (*Create)(void **) = nullptr;
    if (!bind(Library, "cublasCreate_v2", Create) ||
        !bind(Library, "cublasSgemv_v2", Api.Sgemv) ||
        !bind(Library, "cublasDgemm_v2", Api.Dgemm) ||
        !bind(Library, "cublasDaxpy_v2", Api.Daxpy) ||
        !bind(Library, "cublasDdot_v2", Api.Ddot)) {
      Error = Path + " lacks the cuBLAS functions offload/blas.hpp uses";
      return;
    }
    if (int Status = Create(&Api.Handle)) {
      Error = formatv("cublasCreate failed with status {0}", Status).str();
      return;
    }
    info(InfoEvents, "cuBLAS loaded from %s", Path.c_str());
  });
  if (!Error.empty())
    return createStringError(Error);
  return Api;
}

Expected<const RocblasApi &> rocblas() {
  static std::once_flag Once;
  static RocblasApi Api;
  static std::string Error;
  std::call_once(Once, [] {
    std::vector<std::string> Tried;
    auto [Library, Path] = loadLibrary(
        "OFFLOAD_ROCBLAS", {"librocblas.so.4", "librocblas.so"},
        {"/opt/rocm/lib/librocblas.so*"}, Tried);
    if (!Library) {
      Error = "rocBLAS was not found; set OFFLOAD_ROCBLAS to the path of "
              "librocblas.so (tried " +
              join(Tried, ", ") + ")";
      return;
    }
    int (*Create)(void **) = nullptr;
    if (!bind(Library, "rocblas_create_handle", Create) ||
        !bind(Library, "rocblas_sgemv", Api.Sgemv) ||
        !bind(Library, "rocblas_dgemm", Api.Dgemm) ||
        !bind(Library, "rocblas_daxpy", Api.Daxpy) ||
        !bind(Library, "rocblas_ddot", Api.Ddot)) {
      Error = Path + " lacks the rocBLAS functions offload/blas.hpp uses";
      return;
    }
    if (int Status = Create(&Api.Handle)) {
      Error = formatv("rocblas_create_handle failed with status {0}", Status)
                  .str();
      return;
    }
    info(InfoEvents, "rocBLAS loaded from %s", Path.c_str());
  });
  if (!Error.empty())
    return createStringError(Error);
  return Api;
}

// cublasOperation_t: N = 0, T = 1; rocblas_operation: none = 111,
// transpose = 112.
int cublasOp(blas::Transpose T) { return T == blas::Transpose::No ? 0 : 1; }
int rocblasOp(blas::Transpose T) {
  return T == blas::Transpose::No ? 111 : 112;
}

/// Runs the call on the selected device's library, or Reference on the host
/// device; reports a failure and exits.
template <class CudaCall, class RocmCall, class HostCall>
auto dispatch(const char *Routine, CudaCall Cuda, RocmCall Rocm,
              HostCall Host) {
  Expected<const Device &> D = selectedDevice();
  if (!D)
    fatal(D.takeError());
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
  switch (D->Kind) {
  case DeviceKind::Cuda:
    if (Expected<const CublasApi &> Api = cublas())
      return Cuda(*Api, Check);
    else
      Fail(Api.takeError());
    break;
  case DeviceKind::Amdgpu:
    if (Expected<const RocblasApi &> Api = rocblas())
      return Rocm(*Api, Check);
    else
      Fail(Api.takeError());
    break;
  default:
    break;
  }
  return Host();
}

} // namespace
} // namespace offload::rt

namespace offload::blas::detail {

using offload::rt::dispatch;

void sgemv(Transpose T, int M, int N, float Alpha, const float *A, int Lda,
           const float *X, float Beta, float *Y) {
  dispatch(
      "sgemv",
      [&](const auto &Api, auto Check) {
        Check(Api.Sgemv(Api.Handle, rt::cublasOp(T), M, N, &Alpha, A, Lda, X,
                        1, &Beta, Y, 1));
      },
      [&](const auto &Api, auto Check) {
        Check(Api.Sgemv(Api.Handle, rt::rocblasOp(T), M, N, &Alpha, A, Lda, X,
                        1, &Beta, Y, 1));
      },
      [&] { Reference::sgemv(T, M, N, Alpha, A, Lda, X, Beta, Y); });
}

void dgemm(Transpose TA, Transpose TB, int M, int N, int K, double Alpha,
           const double *A, int Lda, const double *B, int Ldb, double Beta,
           double *C, int Ldc) {
  dispatch(
      "dgemm",
      [&](const auto &Api, auto Check) {
        Check(Api.Dgemm(Api.Handle, rt::cublasOp(TA), rt::cublasOp(TB), M, N,
                        K, &Alpha, A, Lda, B, Ldb, &Beta, C, Ldc));
      },
      [&](const auto &Api, auto Check) {
        Check(Api.Dgemm(Api.Handle, rt::rocblasOp(TA), rt::rocblasOp(TB), M,
                        N, K, &Alpha, A, Lda, B, Ldb, &Beta, C, Ldc));
      },
      [&] { Reference::dgemm(TA, TB, M, N, K, Alpha, A, Lda, B, Ldb, Beta, C, Ldc); });
}

void daxpy(int N, double Alpha, const double *X, double *Y) {
  dispatch(
      "daxpy",
      [&](const auto &Api, auto Check) {
        Check(Api.Daxpy(Api.Handle, N, &Alpha, X, 1, Y, 1));
      },
      [&](const auto &Api, auto Check) {
        Check(Api.Daxpy(Api.Handle, N, &Alpha, X, 1, Y, 1));
      },
      [&] { Reference::daxpy(N, Alpha, X, Y); });
}

double ddot(int N, const double *X, const double *Y) {
  return dispatch(
      "ddot",
      [&](const auto &Api, auto Check) {
        double Result = 0; // host pointer mode: the call waits for it
        Check(Api.Ddot(Api.Handle, N, X, 1, Y, 1, &Result));
        return Result;
      },
      [&](const auto &Api, auto Check) {
        double Result = 0;
        Check(Api.Ddot(Api.Handle, N, X, 1, Y, 1, &Result));
        return Result;
      },
      [&] { return Reference::ddot(N, X, Y); });
}

} // namespace offload::blas::detail
