#!/usr/bin/env bash
# On the GPU machine: which image programs built for several targets pick,
# and the messages when the GPU has none (test/CMakeLists.txt builds them).
# Usage (from the project root): scripts/device-check-images.sh
set -uo pipefail
export LD_LIBRARY_PATH=$PWD/build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
status=0
expect() { # expect STATUS COMMAND...: runs COMMAND, checks its exit status
  local want=$1; shift
  echo "\$ $*"
  "$@" 2>&1 | grep -v "kernel '.*' on device"
  local got=${PIPESTATUS[0]}
  echo "exit status $got"
  [ "$got" == "$want" ] || { echo "FAIL: expected exit status $want"; status=1; }
}
expect 0 env OFFLOAD_INFO=2 build/bin/fat-binary
expect 1 env OFFLOAD_INFO=2 build/bin/sm80-only
expect 1 env OFFLOAD_DEVICE=cuda build/bin/sm80-only
expect 0 env OFFLOAD_INFO=2 build/bin/sm80-host
expect 1 env OFFLOAD_DEVICE=cuda build/bin/sm80-host
scripts/device-check-programs.sh fat-binary || status=1
[ $status == 0 ] && echo "device-check-images: PASS" || echo "device-check-images: FAIL"
exit $status
