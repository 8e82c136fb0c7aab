#!/usr/bin/env bash
# Builds LLNL's RAJA Performance Suite: for the H200 (sm_90, CUDA, Base_CUDA
# and RAJA_CUDA variants), the baseline benchmarks/rajaperf/run.sh compares
# with; for the H200 through clang's OpenMP offload (Base_OpenMPTarget and
# RAJA_OpenMPTarget, clang++-22 -O3 -fopenmp --offload-arch=sm_90), the
# baseline of a user who stays with LLVM; or for CPUs (Base_OpenMP and
# RAJA_OpenMP, with clang++-22 -O3 -fopenmp), the baseline of benchmarks/host. Nothing of RAJAPerf enters this repository: the source tree is put
# together from git checkouts (RAJAPerf, RAJA, camp, BLT) under $DEST and
# the few changes nvcc 13 needs are made there, by sed, at build time.
# Usage: scripts/build-rajaperf.sh DEST [cuda|omptarget|openmp|mpi]  (default: cuda)
#   RAJAPERF_GIT, RAJA_GIT, CAMP_GIT, BLT_GIT: git repositories (bare or not)
#   holding the commits below; by default OWNER+NAME/repo under
#   $OFFLOAD_MIRROR (a folder of mirrors, which must then be set).
#   CXX (openmp): the compiler; default clang++-22, the one our plugin runs in
#   OMP_OFFLOAD_DIR (omptarget): the OpenMP-offload kit that
#   scripts/build-openmp-offload.sh builds (Debian's clang-22 lacks the GPU
#   device runtime and the linker wrapper)
# About 30 minutes on 2 cores (cuda), 25 minutes (omptarget). The binary:
# $DEST/build/bin/raja-perf.exe (cuda), $DEST/build-omptarget/bin/
# raja-perf-omptarget.exe (omptarget), $DEST/build-openmp/bin/raja-perf.exe
# (openmp), $DEST/build-mpi/bin/raja-perf.exe (mpi: openmp with MPI).
set -euo pipefail
dest=${1:?usage: scripts/build-rajaperf.sh DEST [cuda|openmp]}
backend=${2:-cuda}
mirror=${OFFLOAD_MIRROR:-}
[ -n "$mirror" ] || { [ -n "${RAJAPERF_GIT:-}" ] && [ -n "${RAJA_GIT:-}" ] &&
  [ -n "${CAMP_GIT:-}" ] && [ -n "${BLT_GIT:-}" ]; } ||
  { echo "build-rajaperf: set OFFLOAD_MIRROR, or RAJAPERF_GIT, RAJA_GIT, CAMP_GIT and BLT_GIT" >&2; exit 2; }
rajaperf_git=${RAJAPERF_GIT:-$mirror/LLNL+RAJAPerf/repo}
raja_git=${RAJA_GIT:-$mirror/LLNL+RAJA/repo}
camp_git=${CAMP_GIT:-$mirror/LLNL+camp/repo}
blt_git=${BLT_GIT:-$mirror/LLNL+blt/repo}
rajaperf_commit=9af20b3f # develop, 2026-11 (the commit issue 14 measured)
cuda=${OFFLOAD_CUDA_PATH:-/usr/local/cuda}

# extract GIT COMMIT DIR: the sources without documentation, scripts and
# tests (the mirrors may lack their largest files, and the build needs none).
extract() {
  rm -rf "$3" && mkdir -p "$3"
  git -C "$1" archive "$2" -- . ':(exclude)docs' ':(exclude)scripts' \
    ':(exclude)test' ':(exclude)examples' ':(exclude)exercises' \
    ':(exclude)benchmark' ':(exclude)*.ipynb' |
    tar -x -C "$3"
}
# gitlink REPO COMMIT PATH: the commit a submodule path points at
gitlink() { git -C "$1" ls-tree "$2" "$3" | awk '{print $3}'; }

src=$dest/src
if [ ! -f "$src/.assembled" ]; then
  extract "$rajaperf_git" "$rajaperf_commit" "$src"
  extract "$blt_git" "$(gitlink "$rajaperf_git" "$rajaperf_commit" blt)" "$src/blt"
  raja_commit=$(gitlink "$rajaperf_git" "$rajaperf_commit" tpl/RAJA)
  extract "$raja_git" "$raja_commit" "$src/tpl/RAJA"
  extract "$blt_git" "$(gitlink "$raja_git" "$raja_commit" blt)" "$src/tpl/RAJA/blt"
  extract "$camp_git" "$(gitlink "$raja_git" "$raja_commit" tpl/camp)" \
    "$src/tpl/RAJA/tpl/camp"

  # nvcc 13: C++17 (CCCL's minimum), cuda::std::plus for the removed
  # cub::Sum, cudaMemAdvise takes a cudaMemLocation.
  sed -i 's/CMAKE_CXX_STANDARD 14/CMAKE_CXX_STANDARD 17/; s/BLT_CXX_STD c++14/BLT_CXX_STD c++17/; s/CMAKE_CUDA_STANDARD 14/CMAKE_CUDA_STANDARD 17/' \
    "$src/CMakeLists.txt"
  sed -i 's/set(CMAKE_CUDA_STANDARD 14)/set(CMAKE_CUDA_STANDARD 17)/' \
    "$src/tpl/RAJA/cmake/SetupCompilers.cmake"
  sed -i 's/::cub::Sum()/::cuda::std::plus<>()/' "$src/src/algorithm/REDUCE_SUM-Cuda.cpp"
  sed -i -E \
    -e 's/cudaMemAdvise\( *([a-z]+), *([a-z]+), *([A-Za-z]+), *cudaCpuDeviceId *\)/cudaMemAdvise(\1, \2, \3, cudaMemLocation{cudaMemLocationTypeHost, 0})/' \
    -e 's/cudaMemAdvise\( *([a-z]+), *([a-z]+), *([A-Za-z]+), *getCudaDevice\(\) *\)/cudaMemAdvise(\1, \2, \3, cudaMemLocation{cudaMemLocationTypeDevice, getCudaDevice()})/' \
    "$src/src/common/CudaDataUtils.hpp"
  sed -i -E \
    -e 's/cudaMemAdvise\(ptr, nbytes, ([A-Za-z]+), device\)/cudaMemAdvise(ptr, nbytes, \1, cudaMemLocation{cudaMemLocationTypeDevice, device})/' \
    -e 's/cudaMemAdvise\(ptr, nbytes, ([A-Za-z]+), cudaCpuDeviceId\)/cudaMemAdvise(ptr, nbytes, \1, cudaMemLocation{cudaMemLocationTypeHost, 0})/' \
    "$src/tpl/RAJA/include/RAJA/policy/cuda/MemUtils_CUDA.hpp"
  if grep -rq "cudaMemAdvise([^)]*\(cudaCpuDeviceId\|getCudaDevice()\|device\))" \
      "$src/src/common/CudaDataUtils.hpp" "$src/tpl/RAJA/include/RAJA/policy/cuda/MemUtils_CUDA.hpp"; then
    echo "build-rajaperf: a cudaMemAdvise call was not adapted" >&2
    exit 1
  fi
  touch "$src/.assembled"
fi

# without 'A|B|...': a copy of the tree whose kernel lists leave out the
# sources of the backends named (a kernel has seven: its class, Seq, OMP,
# OMPTarget, Cuda, Hip and Sycl), which are empty in a build without them
# yet cost a compile each; its path.
without() {
  local copy=$dest/src-$backend
  if [ ! "$copy/.pruned" -nt "$src/.assembled" ]; then
    rm -rf "$copy" && cp -a "$src" "$copy"
    sed -i -E "/^\s+\S+-($1)\.cpp\s*\$/d" \
      "$copy"/src/{algorithm,apps,basic,comm,lcals,polybench,stream}/CMakeLists.txt
    touch "$copy/.pruned"
  fi
  echo "$copy"
}

target=raja-perf.exe
case $backend in
cuda)
  # nvcc compiles every source: without the four empty ones, half the build.
  build=$dest/build
  cmake -S "$(without 'Hip|Sycl|OMP|OMPTarget')" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER=g++ -DCMAKE_CUDA_COMPILER="$cuda/bin/nvcc" \
    -DCMAKE_CUDA_HOST_COMPILER=g++ -DENABLE_CUDA=On -DENABLE_OPENMP=Off \
    -DCMAKE_CUDA_ARCHITECTURES=90 -DCUDA_ARCH=sm_90 \
    -DRAJA_PERFSUITE_TUNING_CUDA_ARCH=900 \
    -DCMAKE_CUDA_FLAGS="-I$cuda/include/cccl --extended-lambda --expt-relaxed-constexpr" \
    -DCUB_DIR="$cuda/include/cccl" -DBLT_CXX_STD=c++17 \
    -DCMAKE_CXX_STANDARD=17 -DCMAKE_CUDA_STANDARD=17 \
    -DENABLE_TESTS=Off -DRAJA_PERFSUITE_ENABLE_TESTS=Off
  ;;
omptarget)
  # RAJAPerf builds one executable of its own for OpenMP target, without
  # its host OpenMP variants; the kit's omp-clang++ adds -fopenmp,
  # --offload-arch and the device runtime to every compile and link.
  kit=${OMP_OFFLOAD_DIR:?build-rajaperf: set OMP_OFFLOAD_DIR to the kit of scripts/build-openmp-offload.sh}
  build=$dest/build-omptarget
  target=raja-perf-omptarget.exe
  # ATOMIC defines its OpenMP-target tunings without declaring them.
  grep -q setOpenMPTargetTuningDefinitions "$src/src/algorithm/ATOMIC.hpp" ||
    sed -i 's/^\(  void setOpenMPTuningDefinitions(VariantID vid);\)$/\1\n  void setOpenMPTargetTuningDefinitions(VariantID vid);/' \
      "$src/src/algorithm/ATOMIC.hpp"
  cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$kit/bin/omp-clang++" \
    -DCMAKE_CXX_FLAGS_RELEASE="-O3 -DNDEBUG" -DENABLE_CUDA=Off \
    -DENABLE_OPENMP=On -DENABLE_TARGET_OPENMP=On -DRAJA_ENABLE_TARGET_OPENMP=On \
    -DBLT_OPENMP_COMPILE_FLAGS="-fopenmp;--offload-arch=sm_90" \
    -DBLT_OPENMP_LINK_FLAGS="-fopenmp;--offload-arch=sm_90" \
    -DENABLE_RAJA_SEQUENTIAL=Off -DBLT_CXX_STD=c++17 \
    -DCMAKE_CXX_STANDARD=17 -DENABLE_TESTS=Off -DRAJA_PERFSUITE_ENABLE_TESTS=Off
  ;;
openmp|mpi)
  # mpi: the openmp build with MPI, for the Comm kernels that exchange
  # halos (HALO_SENDRECV, HALO_EXCHANGE, HALO_EXCHANGE_FUSED) and their
  # Base_Seq checksums on one rank.
  build=$dest/build-$backend
  mpi=Off; [ "$backend" = mpi ] && mpi=On
  cmake -S "$(without 'Hip|Sycl|Cuda|OMPTarget')" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="${CXX:-clang++-22}" -DCMAKE_CXX_FLAGS_RELEASE="-O3 -DNDEBUG" \
    -DENABLE_CUDA=Off -DENABLE_OPENMP=On -DENABLE_MPI=$mpi -DBLT_CXX_STD=c++17 \
    -DCMAKE_CXX_STANDARD=17 -DENABLE_TESTS=Off -DRAJA_PERFSUITE_ENABLE_TESTS=Off
  ;;
*)
  echo "build-rajaperf: the backend is cuda, omptarget, openmp or mpi, not '$backend'" >&2
  exit 2
  ;;
esac
jobs=${RAJAPERF_JOBS:-2}
if [ "$backend" = omptarget ]; then
  # The executable compiles every kernel itself, yet links RAJAPerf's kernel
  # libraries too: 550 more offload compiles for one class (EDGE3D, missing
  # from its list). Build its objects and EDGE3D's, link without the rest.
  cd "$build"
  link=$(ninja -t commands "bin/$target" | tail -1)
  edge3d=$(ninja -t targets all | grep -o 'src/apps/CMakeFiles/apps.dir/EDGE3D[^:]*\.o' |
    sort -u | tr '\n' ' ')
  ninja -j "$jobs" $(printf '%s\n' $link | grep '\.o$') $edge3d \
    lib/libcommon.a lib/libRAJA.a lib/libcamp.a
  link=$(printf '%s' "$link" |
    sed -E 's# lib/lib(apps|basic|basic-kokkos|lcals|lcals-kokkos|polybench|stream|stream-kokkos|algorithm|comm)\.a##g')
  bash -c "${link/ -o bin\/$target / -o bin/$target $edge3d}"
  cd - > /dev/null
else
  ninja -C "$build" -j "$jobs" "$target"
fi
ls -l "$build/bin/$target"
