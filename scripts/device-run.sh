#!/usr/bin/env bash
# Runs the examples and the launch benchmark on the GPU machine (through the
# device tool) and writes a log to $OUT. Expects build/bin and build/lib built
# here for sm_90,host, and the LLVM 22 runtime staged in .device-runtime.
set -uo pipefail
out=${OUT:-/tmp}
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
