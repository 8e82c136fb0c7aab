#!/usr/bin/env bash
# On the GPU machine: the stress test (test/stress) on the GPU, 8 and 16
# threads of 500 calls each, 8 threads with 24 MB vectors (many bounce-buffer
# chunks), and on the host device; each run under a
# timeout, since a runtime that is not thread-safe may hang as well as fail.
# Usage (on the GPU machine, from the project root, with build/ built for
# sm_90,host and LLVM 22's liboffload on the library path): scripts/device-stress.sh
set -uo pipefail
export LD_LIBRARY_PATH=$PWD/build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
limit=${OFFLOAD_STRESS_TIMEOUT:-120}
status=0
run() { # run DEVICE THREADS CALLS [LARGE-ELEMENTS]
  local device=$1 threads=$2 calls=$3 start=$SECONDS rc
  OFFLOAD_DEVICE=$device OFFLOAD_INFO=0 timeout -k 10 "$limit" \
    build/bin/stress-test "$threads" "$calls" ${4:-} 2>&1 | tail -5
  rc=${PIPESTATUS[0]}
  local verdict=PASS
  if [ "$rc" == 124 ]; then
    verdict="FAIL (timed out after ${limit} s)"
  elif [ "$rc" != 0 ]; then
    verdict="FAIL (exit $rc)"
  fi
  [ "$verdict" == PASS ] || status=1
  echo "stress $device ${threads}x$calls${4:+ (large $4)}: $verdict ($((SECONDS - start)) s)"
}
run gpu 8 500
run gpu 16 500
run gpu 8 100 3000003
run host 8 500
[ $status == 0 ] && echo "device-stress: PASS" || echo "device-stress: FAIL"
exit $status
