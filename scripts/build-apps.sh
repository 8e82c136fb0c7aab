#!/usr/bin/env bash
# Builds the upstream implementations that benchmarks/apps compares with:
# UoB-HPC's miniBUDE in its CUDA model (nvcc, upstream's own flags, sm_90)
# and, when an OpenMP offload toolchain is given, in its OpenMP target model
# (clang++-22 -fopenmp --offload-arch=sm_90). Nothing of upstream enters
# this repository: the sources are taken from a git repository at a pinned
# commit into DEST, with the decks the runs read.
# Usage: scripts/build-apps.sh DEST
#   MINIBUDE_GIT   a git repository (bare or not) of UoB-HPC/miniBUDE holding
#                  the commit below (required)
#   OFFLOAD_CUDA_PATH  the CUDA toolkit (default: nvcc on PATH)
#   OPENMP_OFFLOAD     a kit made by scripts/build-openmp-offload.sh (clang
#                  22's OpenMP device runtime and linker wrapper); the OpenMP
#                  target models (upstream's flags plus the kit's) are built
#                  only with it
# Results: DEST/minibude/{cuda,cuda-aligned,omp,omp-aligned}/minibude, decks
# in DEST/minibude/src/data.
set -euo pipefail
dest=${1:?usage: scripts/build-apps.sh DEST}
minibude_git=${MINIBUDE_GIT:?set MINIBUDE_GIT to a git repository of UoB-HPC/miniBUDE}
minibude_commit=570f66c # main, 2024 ("cuda_best_flops"), what benchmarks/apps measured
nvcc=nvcc
[ -n "${OFFLOAD_CUDA_PATH:-}" ] && nvcc=$OFFLOAD_CUDA_PATH/bin/nvcc
jobs=${OFFLOAD_JOBS:-2}

# extract GIT COMMIT DIR [PATHS...]: a commit's tree (or part of it).
extract() {
  local git=$1 commit=$2 dir=$3
  shift 3
  rm -rf "$dir" && mkdir -p "$dir"
  git -C "$git" archive "$commit" -- "${@:-.}" | tar -x -C "$dir"
}

src=$dest/minibude/src
if [ ! -f "$src/.extracted" ]; then
  echo "build-apps: miniBUDE $minibude_commit into $src"
  extract "$minibude_git" "$minibude_commit" "$src" CMakeLists.txt cmake src \
    data/bm1 data/bm2
  touch "$src/.extracted"
fi

# The fair variant: upstream declares its 16-byte records packed
# (alignment 1), so nvcc loads every atom and force field entry byte by
# byte; without the attribute the layout is the same and the loads are
# whole words.
aligned=$dest/minibude/src-aligned
if [ ! -f "$aligned/.extracted" ]; then
  rm -rf "$aligned" && cp -r "$src" "$aligned"
  sed -i 's/struct __attribute__((__packed__)) /struct /' "$aligned/src/bude.h"
  grep -q packed "$aligned/src/bude.h" && { echo "build-apps: bude.h still packed" >&2; exit 1; }
  touch "$aligned/.extracted"
fi

# upstream's CMake: MODEL=cuda adds -use_fast_math -restrict -arch; Release
# is -O3 -ffast-math; every poses-per-work-item count (1 to 128).
for variant in cuda cuda-aligned; do
  [ -x "$dest/minibude/$variant/minibude" ] && continue
  echo "build-apps: miniBUDE CUDA model ($variant)"
  tree=$src
  [ $variant = cuda-aligned ] && tree=$aligned
  cmake -S "$tree" -B "$dest/minibude/$variant-build" -DCMAKE_BUILD_TYPE=Release \
    -DMODEL=cuda -DCMAKE_CUDA_COMPILER="$(command -v "$nvcc")" \
    -DCUDA_ARCH=sm_90 >/dev/null
  cmake --build "$dest/minibude/$variant-build" -j "$jobs"
  mkdir -p "$dest/minibude/$variant"
  cp "$dest/minibude/$variant-build/cuda-bude" "$dest/minibude/$variant/minibude"
done

if [ -n "${OPENMP_OFFLOAD:-}" ]; then
  export OMP_OFFLOAD_DIR=$OPENMP_OFFLOAD
  # shellcheck source=/dev/null
  source "$OPENMP_OFFLOAD/env.sh"
  for variant in omp omp-aligned; do
    [ -x "$dest/minibude/$variant/minibude" ] && continue
    echo "build-apps: miniBUDE OpenMP target model ($variant)"
    tree=$src
    [ $variant = omp-aligned ] && tree=$aligned
    cmake -S "$tree" -B "$dest/minibude/$variant-build" -DCMAKE_BUILD_TYPE=Release \
      -DMODEL=omp -DCMAKE_CXX_COMPILER="$OMP_OFFLOAD_CXX" -DOFFLOAD=ON \
      -DOFFLOAD_FLAGS="$OMP_OFFLOAD_CXXFLAGS" \
      -DCXX_EXTRA_FLAGS=-Wno-missing-template-arg-list-after-template-kw \
      >/dev/null # (clang 22 makes that warning about upstream's code an error)
    cmake --build "$dest/minibude/$variant-build" -j "$jobs"
    mkdir -p "$dest/minibude/$variant"
    cp "$dest/minibude/$variant-build/omp-bude" "$dest/minibude/$variant/minibude"
  done
fi
echo "build-apps: done ($dest/minibude)"
