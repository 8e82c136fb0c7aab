#!/usr/bin/env bash
# Rounds FIRST..LAST of the default sizes, ours and RAJAPerf's binary in the
# same device call, every other round RAJAPerf's first: kernels of 4-5 us
# move by several per cent from one process to the next (the second of a
# pair has lost up to 7 %). compare_suite.py takes each side's median over
# the rounds. run.sh calls it after round 1 (rajaperf-default.csv names the
# kernels); it can also run on its own (same OUT, RAJAPERF_SUITE, RAJAPERF
# and arguments as run.sh):
#   OUT=dir RAJAPERF_SUITE=.../raja-perf.exe rounds.sh 2 3
set -euo pipefail
first=$1 last=$2
shift 2
bin=${RAJAPERF:-$(dirname "$0")/../../build/bin/rajaperf}
out=${OUT:-.}
# The kernels of round 1 (run.sh); idiomatic ones compare with RAJAPerf's KERNEL.
kernels=$(cut -d, -f1 "$out/rajaperf-default.csv" | sed '1d; s/+.*//' | sort -u)
for ((round = first; round <= last; ++round)); do
  suite=("$RAJAPERF_SUITE" --npasses 3 --npasses-combiners Minimum
    --variants Base_CUDA RAJA_CUDA --kernels $kernels
    --outdir "$out/suite-default.r$round")
  ours=("$bin" --passes 3 --automatic-passes 0
    --csv "$out/rajaperf-default.r$round.csv" "$@")
  if ((round % 2 == 0)); then
    "${suite[@]}" > "$out/suite-default.r$round.log" 2>&1
    "${ours[@]}" > "$out/rajaperf-default.r$round.log"
  else
    "${ours[@]}" > "$out/rajaperf-default.r$round.log"
    "${suite[@]}" > "$out/suite-default.r$round.log" 2>&1
  fi
done
# One file: the device tool brings back plain files, not folders.
tar czf "$out/suite-rounds-$first-$last.tgz" -C "$out" \
  $(cd "$out" && find . -maxdepth 1 -type d -name 'suite-default.r*')
