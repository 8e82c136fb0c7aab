#!/usr/bin/env bash
# Configures and builds cxx-offload into build/ (or $OFFLOAD_BUILD_DIR) with
# clang++-22 and Ninja: everything, or only the targets named as arguments
# (and what they need).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${OFFLOAD_BUILD_DIR:-$root/build}
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER=clang++-22
fi
cmake --build "$build" -j "${OFFLOAD_JOBS:-2}" ${1:+--target "$@"}
