#!/usr/bin/env bash
# Runs test programs on the GPU and on the host device and compares their
# output: the GPU run must print exactly what the host device prints.
# Usage (on the GPU machine, from the project root): scripts/device-check-programs.sh PROGRAM...
set -uo pipefail
export LD_LIBRARY_PATH=$PWD/build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
status=0
info=$(mktemp -d)
trap 'rm -rf "$info"' EXIT
for program in "$@"; do
  gpu=$(OFFLOAD_INFO=2 "build/bin/$program" 2>"$info/$program") || status=1
  host=$(OFFLOAD_DEVICE=host "build/bin/$program") || status=1
  grep -m1 "selected device" "$info/$program"
  if [ "$gpu" == "$host" ]; then
    echo "$program: GPU output equals host-device output: PASS"
  else
    echo "$program: FAIL"; diff <(echo "$gpu") <(echo "$host"); status=1
  fi
  echo "$gpu" | tail -3
done
exit $status
