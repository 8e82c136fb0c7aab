#!/usr/bin/env bash
# Installs what cxx-offload needs, builds it, and runs every test: the lit
# tests (plugin FileCheck/-verify tests and compile-and-run tests on the host
# device) and the GoogleTest unit tests, through ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
build=${OFFLOAD_BUILD_DIR:-$root/build}
ctest --test-dir "$build" --output-on-failure -j "${OFFLOAD_JOBS:-2}"
