#!/usr/bin/env bash
# On the GPU machine: compute-sanitizer's memcheck, racecheck, initcheck and
# synccheck over the examples, the kernel tests, the differential corpus and
# rajaperf at a small size; any error fails. Usage (from the project root,
# with build/ built here for sm_90,host, corpus included):
#   scripts/device-sanitize.sh [PATTERN...]
# PATTERNs (shell patterns, such as 'corpus-*') choose programs by name, so
# that the work can be split over several runs; by default all run.
#
# libomptarget probes each kernel's parameters with cuFuncGetParamInfo until
# the driver answers CUDA_ERROR_INVALID_VALUE, once per kernel it loads,
# which memcheck counts as an API error whatever the image holds
# (docs/design.md, "3. Device pass"). The probe is in LLVM's CUDA plugin,
# which this project does not change, so memcheck runs the examples twice:
# with API errors reported (their number and kinds are printed, for the
# record: only that call), and every tool runs with --report-api-errors no,
# which must find 0 errors: memory errors, races, uninitialised reads,
# barrier misuse and failed device calls of our own are still reported, and
# for the examples leaked device memory too. (The kernel tests' cuBLAS
# handle and the CUDA queue's scratch buffers live until the process ends,
# by design.)
set -uo pipefail
set -f # the gtest filters are no file patterns
export LD_LIBRARY_PATH=$PWD/build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
out=${OUT:-build/device-logs}/sanitize
mkdir -p "$out"
status=0
summary() { grep -h -E "ERROR SUMMARY|RACECHECK SUMMARY" "$1" | tail -1; }
# (Death tests fork the program; their children are not worth sanitizing.)
programs=("saxpy" "multi_kernel" "tiled_gemm"
          "kernel-tests --gtest_brief=1 --gtest_filter=-*Death*"
          "rajaperf --size 20000 --passes 1 --repfact 0.02")
set +f
for c in build/bin/corpus-*; do
  case $c in *-clang | *-gxx) continue ;; esac
  programs+=("${c#build/bin/}")
done
set -f
if [ $# -gt 0 ]; then
  chosen=()
  for p in "${programs[@]}"; do
    for pattern in "$@"; do
      # shellcheck disable=SC2053
      [[ ${p%% *} == $pattern ]] && chosen+=("$p") && break
    done
  done
  programs=("${chosen[@]}")
fi
# run TOOL PROGRAM...: 0 errors, else status 1.
run() {
  local tool=$1 name=${2%% *} extra=()
  shift
  case $tool in
  memcheck)
    [[ $name == saxpy || $name == multi_kernel || $name == tiled_gemm ]] &&
      extra=(--leak-check=full) ;;
  esac
  # shellcheck disable=SC2086
  $san --tool "$tool" --report-api-errors no "${extra[@]}" --error-exitcode 99 \
    build/bin/$* >"$out/$name.$tool.log" 2>&1
  local rc=$? verdict=ok
  if [ $rc == 99 ] || ! grep -q -E "(ERROR|RACECHECK) SUMMARY: 0 (errors|hazards)" \
      "$out/$name.$tool.log"; then
    verdict=FAIL
    status=1
  fi
  printf '%-28s %-10s %s (exit %s)\n' "$name" "$tool" \
    "$(summary "$out/$name.$tool.log")" "$rc: $verdict"
}
for p in "${programs[@]}"; do
  name=${p%% *}
  [[ $name == saxpy || $name == multi_kernel || $name == tiled_gemm ]] || continue
  # shellcheck disable=SC2086
  $san --tool memcheck build/bin/$p >"$out/$name.api.log" 2>&1
  echo "$name: memcheck with API errors: $(summary "$out/$name.api.log");" \
    "kinds: $(grep -o 'Program hit [A-Z_]* (error [0-9]*) due to "[^"]*" on CUDA API call to [A-Za-z_0-9]*' \
      "$out/$name.api.log" | sed 's/.*on CUDA API call to //' | sort | uniq -c | tr '\n' ' ')"
done
# Races and barrier misuse need shared memory: the corpus programs without
# any (no tiles, scans or block reductions) get memcheck and initcheck only.
for p in "${programs[@]}"; do
  tools=(memcheck initcheck racecheck synccheck)
  case $p in
  corpus-team | corpus-scan | corpus-reduce) ;;
  corpus-*) tools=(memcheck initcheck) ;;
  esac
  for tool in "${tools[@]}"; do
    run $tool $p
  done
done
[ $status == 0 ] && echo "device-sanitize: PASS" || echo "device-sanitize: FAIL"
exit $status
