#!/usr/bin/env bash
# Everything the H200 checks, in one run on the GPU machine (build/ built
# for sm_90,host; `ninja -C build corpus` too): the unit tests, the
# corpus against its builds without the plugin, the lit programs against the
# host device, image selection, assert(), injected faults, compute-sanitizer,
# the stress test, the examples.
# Usage (on the GPU machine, from the project root, LLVM 22's liboffload on
# the library path): scripts/device-check-all.sh
# The logs go to $OUT/device-run.tgz (default OUT: build/device-logs), one
# file to bring back.
set -uo pipefail
export LD_LIBRARY_PATH=$PWD/build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
final=${OUT:-build/device-logs}
mkdir -p "$final"
out=$(mktemp -d)
export OUT=$out
results=()
step() { # step NAME COMMAND...: runs it, logs it, records PASS/FAIL
  local name=$1
  shift
  # DEVICE_CHECK_SKIP="sanitize stress": steps left for another device call.
  [[ " ${DEVICE_CHECK_SKIP:-} " == *" $name "* ]] && return
  echo "=== $name: $*"
  "$@" >"$out/$name.log" 2>&1
  local rc=$?
  tail -25 "$out/$name.log"
  results+=("$(printf '%-22s %s' "$name" "$([ $rc == 0 ] && echo PASS || echo "FAIL (exit $rc)")")")
}
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
date -u
step runtime-unittests build/bin/runtime-unittests --gtest_brief=1
step header-unittests build/bin/header-unittests --gtest_brief=1
step kernel-tests build/bin/kernel-tests --gtest_brief=1
step kernel-tests-host env OFFLOAD_DEVICE=host build/bin/kernel-tests --gtest_brief=1
step kernel-tests-fallback build/bin/kernel-tests-fallback --gtest_brief=1
[ -x build/bin/kernel-tests-gxx ] &&
  step kernel-tests-gxx build/bin/kernel-tests-gxx --gtest_brief=1
step corpus scripts/device-check-corpus.sh
step programs scripts/device-check-programs.sh kernel-forms three-tus
step images scripts/device-check-images.sh
# A failed assert() stops the kernel with its file, line and condition, and
# the program with the runtime's error; passing ones cost nothing.
assert_check() {
  build/bin/assert-check || return 1
  ! build/bin/assert-check fail >"$out/assert-fail.log" 2>&1 &&
    cat "$out/assert-fail.log" && grep -q "Assertion" "$out/assert-fail.log"
}
step assert assert_check
step faults scripts/device-check-faults.sh
step sanitize scripts/device-sanitize.sh
step stress scripts/device-stress.sh
for example in saxpy multi_kernel tiled_gemm particles; do
  step "$example" env OFFLOAD_INFO=1 build/bin/$example
done
echo
printf '%s\n' "${results[@]}"
tar czf "$final/device-run.tgz" -C "$out" .
rm -rf "$out"
