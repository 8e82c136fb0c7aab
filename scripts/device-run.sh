#!/usr/bin/env bash
# Runs the examples and the launch benchmark on the GPU machine and writes a
# log to $OUT (default build/device-logs). Expects build/bin and build/lib
# built for sm_90,host, and LLVM 22's liboffload on the library path.
set -uo pipefail
out=${OUT:-build/device-logs}
mkdir -p "$out"
export LD_LIBRARY_PATH=$PWD/build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
status=0
run() {
  echo "\$ $*"
  "$@" || { echo "exit status $?"; status=1; }
}
{
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
  date -u
  for e in saxpy multi_kernel; do
    OFFLOAD_INFO=3 run ./build/bin/$e
    OFFLOAD_INFO=1 OFFLOAD_DEVICE=host run ./build/bin/$e
  done
  run ./build/bin/launch_latency 1000
  OFFLOAD_DEVICE=host run ./build/bin/launch_latency 1000
  for extra in "$@"; do run bash -c "$extra"; done
} 2>&1 | tee "$out/device-run.log"
exit $status
