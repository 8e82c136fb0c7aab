#!/usr/bin/env bash
# Builds the upstream implementations that benchmarks/apps compares with:
# UoB-HPC's miniBUDE, TeaLeaf and CloverLeaf, each in its CUDA model (nvcc,
# upstream's own CMake flags, sm_90) and, when an OpenMP offload toolchain
# is given, in its OpenMP target model (clang++-22 -fopenmp
# --offload-arch=sm_90). Nothing of upstream enters this repository: the
# sources are taken from git repositories at pinned commits into DEST, with
# the decks the runs read.
# Usage: scripts/build-apps.sh DEST
#   MINIBUDE_GIT, TEALEAF_GIT, CLOVERLEAF_GIT
#                  git repositories (bare or not) of UoB-HPC/miniBUDE,
#                  UoB-HPC/TeaLeaf and UoB-HPC/CloverLeaf holding the
#                  commits below; each app is built when its variable is set
#   OFFLOAD_CUDA_PATH  the CUDA toolkit (default: nvcc on PATH)
#   OPENMP_OFFLOAD     a kit made by scripts/build-openmp-offload.sh (clang
#                  22's OpenMP device runtime and linker wrapper); the OpenMP
#                  target models (upstream's flags plus the kit's) are built
#                  only with it
# Results: DEST/APP/{cuda,omp}[-aligned]/APP, decks in DEST/APP/decks.
set -euo pipefail
dest=$(realpath -m "${1:?usage: scripts/build-apps.sh DEST}")
# The commits benchmarks/apps measured (each repository's main in 2024).
minibude_commit=570f66c
tealeaf_commit=e70261c
cloverleaf_commit=ba256dc
[ -n "${MINIBUDE_GIT:-}${TEALEAF_GIT:-}${CLOVERLEAF_GIT:-}" ] || {
  echo "build-apps: set MINIBUDE_GIT, TEALEAF_GIT or CLOVERLEAF_GIT" >&2
  exit 2
}
nvcc=nvcc
[ -n "${OFFLOAD_CUDA_PATH:-}" ] && nvcc=$OFFLOAD_CUDA_PATH/bin/nvcc
jobs=${OFFLOAD_JOBS:-2}
if [ -n "${OPENMP_OFFLOAD:-}" ]; then
  export OMP_OFFLOAD_DIR=$OPENMP_OFFLOAD
  # shellcheck source=/dev/null
  source "$OPENMP_OFFLOAD/env.sh"
fi

# extract GIT COMMIT DIR [PATHS...]: a commit's tree (or part of it), once.
extract() {
  local git=$1 commit=$2 dir=$3
  shift 3
  [ -f "$dir/.extracted" ] && return
  echo "build-apps: $commit of $git into $dir"
  rm -rf "$dir" && mkdir -p "$dir"
  git -C "$git" archive "$commit" -- "${@:-.}" | tar -x -C "$dir"
  touch "$dir/.extracted"
}

# build APP VARIANT TREE MODEL-ARGS...: upstream's CMake (Release: its own
# -O3 flags) into DEST/APP/VARIANT-build, the program as DEST/APP/VARIANT/APP.
build() {
  local app=$1 variant=$2 tree=$3
  shift 3
  local out=$dest/$app/$variant
  [ -x "$out/$app" ] && return
  echo "build-apps: $app ($variant)"
  cmake -S "$tree" -B "$out-build" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
  cmake --build "$out-build" -j "$jobs"
  mkdir -p "$out"
  find "$out-build" -maxdepth 1 -type f -executable -name "*-$app" \
    -exec cp {} "$out/$app" \;
  [ -x "$out/$app" ] || { echo "build-apps: no $app program in $out-build" >&2; exit 1; }
}

# cuda-args: upstream's CUDA model adds -use_fast_math -restrict -arch.
cuda_args=(-DMODEL=cuda "-DCMAKE_CUDA_COMPILER=$(command -v "$nvcc" || echo "$nvcc")"
  -DCUDA_ARCH=sm_90)
# build_models APP TREE OMP-MODEL [SUFFIX]: the CUDA model and, with the
# kit, the OpenMP target model with the kit's offload flags (clang 22 makes
# a warning about upstream's templates an error).
build_models() {
  local app=$1 tree=$2 omp_model=$3 suffix=${4:-}
  build "$app" "cuda$suffix" "$tree" "${cuda_args[@]}"
  [ -n "${OPENMP_OFFLOAD:-}" ] || return 0
  build "$app" "omp$suffix" "$tree" "-DMODEL=$omp_model" \
    "-DCMAKE_CXX_COMPILER=$OMP_OFFLOAD_CXX" -DOFFLOAD=ON \
    "-DOFFLOAD_FLAGS=$OMP_OFFLOAD_CXXFLAGS" \
    -DCXX_EXTRA_FLAGS=-Wno-missing-template-arg-list-after-template-kw
}

if [ -n "${MINIBUDE_GIT:-}" ]; then
  src=$dest/minibude/src
  extract "$MINIBUDE_GIT" $minibude_commit "$src" CMakeLists.txt cmake src \
    data/bm1 data/bm2
  # The fair variant: upstream declares its 16-byte records packed
  # (alignment 1), so nvcc loads every atom and force field entry byte by
  # byte; without the attribute the layout is the same and the loads are
  # whole words.
  aligned=$dest/minibude/src-aligned
  if [ ! -f "$aligned/.extracted" ]; then
    rm -rf "$aligned" && cp -r "$src" "$aligned"
    sed -i 's/struct __attribute__((__packed__)) /struct /' "$aligned/src/bude.h"
    grep -q packed "$aligned/src/bude.h" && { echo "build-apps: bude.h still packed" >&2; exit 1; }
  fi
  build_models minibude "$src" omp
  build_models minibude "$aligned" omp -aligned
  mkdir -p "$dest/minibude/decks"
  cp -r "$src/data/bm1" "$src/data/bm2" "$dest/minibude/decks/"
fi

if [ -n "${TEALEAF_GIT:-}" ]; then
  src=$dest/tealeaf/src
  extract "$TEALEAF_GIT" $tealeaf_commit "$src"
  build_models tealeaf "$src" omp
  mkdir -p "$dest/tealeaf/decks"
  cp "$src"/Benchmarks/*.in "$src"/Benchmarks/*.out "$src/tea.problems" \
    "$dest/tealeaf/decks/"
fi

if [ -n "${CLOVERLEAF_GIT:-}" ]; then
  src=$dest/cloverleaf/src
  extract "$CLOVERLEAF_GIT" $cloverleaf_commit "$src"
  build_models cloverleaf "$src" omp-target
  mkdir -p "$dest/cloverleaf/decks"
  cp "$src"/InputDecks/*.in "$dest/cloverleaf/decks/"
fi
echo "build-apps: done ($dest)"
