#!/usr/bin/env bash
# Installs what cxx-offload needs, builds it, and runs the examples: on the
# GPU when there is one (and ptxas was found at build time), else on the
# host device. OFFLOAD_INFO=1 shows where each kernel ran.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
examples=(saxpy multi_kernel particles)
# The examples and what they need (the plugin, the runtime); the test
# command builds the rest.
"$root/scripts/build.sh" "${examples[@]}"
build=${OFFLOAD_BUILD_DIR:-$root/build}
for example in "${examples[@]}"; do
  echo "== $example"
  OFFLOAD_INFO=${OFFLOAD_INFO:-1} "$build/bin/$example"
done
