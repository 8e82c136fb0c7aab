#!/usr/bin/env bash
# Runs the differential corpus (test/corpus) on the GPU machine: each program
# on the GPU (the default device), on the host device, and its build without
# the plugin, and compares the GPU and the host-device outputs with the
# no-plugin one (test/corpus/compare.py, within the ulp bound of each line).
# Build the programs here first (ninja -C build -k 0 corpus); like
# scripts/device-check-programs.sh it expects build/bin and build/lib.
# Usage (on the GPU machine, from the project root):
#   scripts/device-check-corpus.sh [NAME...]   (default: every test/corpus/*.cpp)
# Outputs and mismatch lists go to $OUT/corpus (or build/corpus-device).
set -uo pipefail
export LD_LIBRARY_PATH=$PWD/build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
out=${OUT:-build/corpus-device}/corpus
mkdir -p "$out"
compare="python3 test/corpus/compare.py"
if [ $# -eq 0 ]; then
  set -- $(for f in test/corpus/*.cpp; do basename "$f" .cpp; done)
fi

# lines NAME: "LINES MATCHED" from a compare log ("- -" if it did not run).
lines() {
  sed -n 's/^compare: \([0-9]*\) lines, \([0-9]*\) matched$/\1 \2/p' "$1" |
    grep . || echo "- -"
}

status=0 gpu_total=0 gpu_matched=0
rows=()
for name in "$@"; do
  program=build/bin/corpus-$name
  if [ ! -x "$program" ] || [ ! -x "$program-clang" ]; then
    rows+=("$(printf '%-20s %7s %7s %7s %7s  %s' "$name" - - - - "FAIL (not built)")")
    status=1
    continue
  fi
  note="" on_gpu=1
  OFFLOAD_INFO=2 "$program" >"$out/$name.gpu" 2>"$out/$name.gpu.err" ||
    note+=" gpu-exit=$?"
  device=$(grep -m1 "selected device" "$out/$name.gpu.err")
  echo "$name: ${device:-no device line}"
  case "$device" in
  *"(cuda"* | *"(amdgpu"*) ;;
  "") note+=" no-device-selected" ;; # it stopped before: count it as failed
  *) note+=" ran-on-host-not-gpu" on_gpu=0 ;;
  esac
  OFFLOAD_DEVICE=host "$program" >"$out/$name.host" 2>"$out/$name.host.err" ||
    note+=" host-exit=$?"
  "$program-clang" >"$out/$name.ref" 2>"$out/$name.ref.err" ||
    note+=" ref-exit=$?"
  $compare "$out/$name.gpu" "$out/$name.ref" >"$out/$name.gpu.cmp"
  gpu_rc=$?
  $compare "$out/$name.host" "$out/$name.ref" >"$out/$name.host.cmp"
  host_rc=$?
  read -r g_lines g_ok < <(lines "$out/$name.gpu.cmp")
  read -r h_lines h_ok < <(lines "$out/$name.host.cmp")
  result=PASS
  if [ $gpu_rc != 0 ] || [ $host_rc != 0 ] || [ -n "$note" ]; then
    result="FAIL$note"
    status=1
    # The first mismatches, and how a run ended.
    grep -v '^compare:' "$out/$name.gpu.cmp" | head -20 | sed "s/^/  gpu: /"
    grep -v '^compare:' "$out/$name.host.cmp" | head -10 | sed "s/^/  host: /"
    grep -v "offload: info" "$out/$name.gpu.err" | tail -3 |
      sed "s/^/  gpu stderr: /"
  fi
  if [ $on_gpu == 1 ] && [ "$g_lines" != - ]; then
    gpu_total=$((gpu_total + g_lines)) gpu_matched=$((gpu_matched + g_ok))
  fi
  rows+=("$(printf '%-20s %7s %7s %7s %7s  %s' "$name" "$g_lines" "$g_ok" \
    "$h_lines" "$h_ok" "$result")")
done

echo
printf '%-20s %7s %7s %7s %7s  %s\n' program "gpu" "gpu" "host" "host" result
printf '%-20s %7s %7s %7s %7s\n' "" lines matched lines matched
printf '%s\n' "${rows[@]}"
echo "$gpu_total kernels (lines) ran on the GPU, $gpu_matched matched"
[ $status == 0 ] && echo "device-check-corpus: PASS" ||
  echo "device-check-corpus: FAIL"
exit $status
