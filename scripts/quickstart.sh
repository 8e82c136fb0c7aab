#!/usr/bin/env bash
# Installs what cxx-offload needs, builds it, and runs the examples: on the
# GPU when there is one (and ptxas was found at build time), else on the
# host device. OFFLOAD_INFO=1 shows where each kernel ran.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
build=${OFFLOAD_BUILD_DIR:-$root/build}
for example in saxpy multi_kernel particles; do
  echo "== $example"
  OFFLOAD_INFO=${OFFLOAD_INFO:-1} "$build/bin/$example"
done
