#!/usr/bin/env bash
# Runs the launch-latency benchmark and its CUDA baseline PASSES times each
# (default 3), with each OFFLOAD_CUDA_SYNC mode, and prints every line; the
# medians of the passes go into RESULTS.md.
set -euo pipefail
bin=${1:-build/bin}
passes=${PASSES:-3}
[ -x "$bin/launch_latency_cuda" ] || {
  echo "run.sh: no $bin/launch_latency_cuda: configure with -DOFFLOAD_CUDA_BASELINES=ON" >&2
  exit 1
}
for pass in $(seq "$passes"); do
  echo "# pass $pass"
  "$bin/launch_latency_cuda" 1000
  for mode in auto blocking spin; do
    echo "# OFFLOAD_CUDA_SYNC=$mode"
    OFFLOAD_CUDA_SYNC=$mode "$bin/launch_latency" 1000
  done
done
