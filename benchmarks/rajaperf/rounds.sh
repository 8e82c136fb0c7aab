#!/usr/bin/env bash
# Rounds FIRST..LAST of the default sizes, ours and RAJAPerf's binaries in
# the same device call, the order rotating from round to round: kernels of
# 4-5 us move by several per cent from one process to the next (the second
# of a pair has lost up to 7 %). compare_suite.py takes each side's median
# over the rounds. run.sh calls it after round 1 (rajaperf-default.csv names
# the kernels) and packs the report folders; it can also run on its own
# (same OUT, RAJAPERF_SUITE, RAJAPERF_OMPTARGET, RAJAPERF and arguments as
# run.sh):
#   OUT=dir RAJAPERF_SUITE=.../raja-perf.exe rounds.sh 2 3
set -euo pipefail
first=$1 last=$2
shift 2
bin=${RAJAPERF:-$(dirname "$0")/../../build/bin/rajaperf}
out=${OUT:-.}
# The kernels of round 1 (run.sh); idiomatic ones compare with RAJAPerf's KERNEL.
kernels=$(cut -d, -f1 "$out/rajaperf-default.csv" | sed '1d; s/+.*//' | sort -u)
source "$(dirname "$0")/known.sh"
# Each round runs ours and each suite given (RAJAPERF_SUITE: CUDA,
# RAJAPERF_OMPTARGET: OpenMP target), the order rotating from round to round.
programs=(ours)
[ -z "${RAJAPERF_SUITE:-}" ] || programs+=(cuda)
[ -z "${RAJAPERF_OMPTARGET:-}" ] || programs+=(omptarget)
run() {
  case $1 in
  ours)
    "$bin" --passes 3 --automatic-passes 0 \
      --csv "$out/rajaperf-default.r$round.csv" "${args[@]}" \
      > "$out/rajaperf-default.r$round.log" ;;
  cuda)
    "$RAJAPERF_SUITE" --npasses 3 --npasses-combiners Minimum \
      --variants Base_CUDA RAJA_CUDA --kernels $(known "$RAJAPERF_SUITE") \
      --outdir "$out/suite-default.r$round" > "$out/suite-default.r$round.log" 2>&1 ;;
  omptarget)
    "$RAJAPERF_OMPTARGET" --npasses 3 --npasses-combiners Minimum \
      --variants Base_OpenMPTarget RAJA_OpenMPTarget --kernels $(known "$RAJAPERF_OMPTARGET") \
      --outdir "$out/omptarget-default.r$round" \
      > "$out/omptarget-default.r$round.log" 2>&1 ;;
  esac
}
args=("$@")
for ((round = first; round <= last; ++round)); do
  n=${#programs[@]}
  for ((i = 0; i < n; ++i)); do
    run "${programs[(i + round - 1) % n]}"
  done
done
