#!/usr/bin/env bash
# Injected faults on the GPU (test/lit/e2e/faults.test checks the host
# device): each mode of build/bin/faults (test/lit/Inputs/faults.cpp) must
# end with its message and the expected exit status within two minutes.
# Also: a damaged executable, OFFLOAD_DEVICE naming no device, and libcuda,
# the runtime's library or liboffload missing (hidden from the loader).
# Usage (on the GPU machine, from the project root, LLVM 22's liboffload
# on the library path): scripts/device-check-faults.sh
set -uo pipefail
export LD_LIBRARY_PATH=$PWD/build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
program=build/bin/faults
work=$(mktemp -d)
status=0

# expect NAME WANT PATTERN COMMAND...: WANT is 0 or "fail" (non-zero, not a
# timeout); PATTERN an extended regular expression the output must match.
expect() {
  local name=$1 want=$2 pattern=$3
  shift 3
  timeout 120 "$@" >"$work/$name.log" 2>&1
  local rc=$? verdict=PASS
  if [ $rc == 124 ]; then
    verdict="FAIL (hung)"
  elif [ "$want" == 0 ] && [ $rc != 0 ]; then
    verdict="FAIL (exit $rc)"
  elif [ "$want" == fail ] && [ $rc == 0 ]; then
    verdict="FAIL (exit 0)"
  elif ! grep -Eq "$pattern" "$work/$name.log"; then
    verdict="FAIL (message)"
  fi
  [ "$verdict" == PASS ] || status=1
  printf '%-16s exit %-4s %s\n' "$name" "$rc" "$verdict"
  sed 's/^/    /' "$work/$name.log" | head -4
}

expect spin fail "the work queued on device [0-9]+ \(cuda\), where 1 kernel\(s\) were queued since the last wait \('spin'\) did not finish within 5 s \(OFFLOAD_TIMEOUT\)" \
  env OFFLOAD_TIMEOUT=5 $program spin
expect huge-call fail "kernel 'sum' on device [0-9]+ \(cuda\): could not allocate 17592186044416 bytes" \
  $program huge-call
expect huge-preload fail "preload of the data at .* could not allocate 17592186044416 bytes" \
  $program huge-preload
expect atomic-range fail "kernel 'count' failed on device [0-9]+ \(cuda\)" \
  $program atomic-range
expect wild fail "kernel 'wild' failed on device [0-9]+ \(cuda\)" \
  $program wild
expect after-failure fail "'count'.* failed on device [0-9]+ \(cuda\)" \
  $program after-failure
expect big-block fail "a block of 1024 threads is more than the [0-9]+ that the kernel's [0-9]+ registers per thread allow; launch it with offload::Launch\{\.block = [0-9]+\}" \
  $program big-block
expect queued-exit 0 "^exiting" $program queued-exit
python3 test/lit/Inputs/damage-image.py $program "$work/damaged" &&
  chmod +x "$work/damaged"
expect damaged fail "the embedded device images are damaged" \
  "$work/damaged" queued-exit
expect no-device fail "OFFLOAD_DEVICE=7, but there are only" \
  env OFFLOAD_DEVICE=7 $program queued-exit

# libcuda.so hidden: the loader path without the folder that links it.
if ldconfig -p | grep -q 'libcuda\.so '; then
  echo "no-libcuda       SKIP (libcuda.so is in the loader's cache)"
else
  hidden=$(echo "$LD_LIBRARY_PATH" | tr : '\n' |
    while read -r d; do [ -e "$d/libcuda.so" ] || echo "$d"; done | paste -sd:)
  expect no-libcuda fail "no cuda device among" \
    env LD_LIBRARY_PATH="$hidden" OFFLOAD_DEVICE=cuda $program queued-exit
  expect no-libcuda-host 0 "^exiting" \
    env LD_LIBRARY_PATH="$hidden" $program queued-exit
fi
# The runtime's library moved aside (it is found through the rpath as well
# as LD_LIBRARY_PATH), then liboffload hidden: the program's loader
# (libcxxoffload.a) reports each.
runtime=build/lib/libcxxoffload-rt.so
mv "$runtime" "$work/" && trap 'mv "$work/libcxxoffload-rt.so" "$runtime"' EXIT
expect no-runtime fail "cannot load the cxx-offload runtime \(libcxxoffload-rt\.so\): libcxxoffload-rt\.so: cannot open shared object file" \
  $program queued-exit
mv "$work/libcxxoffload-rt.so" "$runtime" && trap - EXIT
if compgen -G '/usr/lib/llvm-22/lib/libLLVMOffload.so*' >/dev/null; then
  echo "no-liboffload    SKIP (LLVM 22 is installed)"
else
  no_liboffload=$(echo "$LD_LIBRARY_PATH" | tr : '\n' |
    while read -r d; do compgen -G "$d/libLLVMOffload.so*" >/dev/null || echo "$d"; done |
    paste -sd:)
  expect no-liboffload fail "cannot load the cxx-offload runtime \(libcxxoffload-rt\.so\): libLLVMOffload\.so[.0-9]*: cannot open shared object file" \
    env LD_LIBRARY_PATH="$no_liboffload" $program queued-exit
fi
rm -rf "$work"
exit $status
