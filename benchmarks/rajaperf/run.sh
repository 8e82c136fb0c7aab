#!/usr/bin/env bash
# Runs the RAJAPerf subset as RESULTS.md reports it: every kernel at
# RAJAPerf's default size, then the streaming kernels at 32 Mi elements
# (outside the H200's 60 MB L2; reps scaled by 0.1). The naive variant moves
# all its data every rep: one pass of it at the default size, none at 32 Mi.
# Logs and CSVs go to $OUT (default: the current directory).
set -euo pipefail
bin=${RAJAPERF:-$(dirname "$0")/../../build/bin/rajaperf}
out=${OUT:-.}
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || true
  date -u
  git -C "$(dirname "$0")" rev-parse --short HEAD 2>/dev/null || true
} > "$out/rajaperf-machine.txt"
"$bin" --passes 3 --automatic-passes 1 --csv "$out/rajaperf-default.csv" "$@" |
  tee "$out/rajaperf-default.log"
"$bin" --passes 3 --automatic-passes 0 --size 33554432 --repfact 0.1 \
  --kernels Stream_COPY,Stream_TRIAD,Stream_DOT,Basic_DAXPY,Basic_INIT3 \
  --csv "$out/rajaperf-streaming.csv" "$@" | tee "$out/rajaperf-streaming.log"
# LLNL's RAJA Performance Suite itself, in the same device call, on the same
# kernels (scripts/build-rajaperf.sh builds both): RAJAPERF_SUITE names its
# CUDA raja-perf.exe (Base_CUDA and RAJA_CUDA, every tuning), and
# RAJAPERF_OMPTARGET its raja-perf-omptarget.exe (Base_OpenMPTarget and
# RAJA_OpenMPTarget, clang's OpenMP offload). compare_suite.py puts their
# fastest variant per kernel beside ours.
# Idiomatic versions (KERNEL+how) compare with RAJAPerf's KERNEL.
kernels=$(cut -d, -f1 "$out/rajaperf-default.csv" | sed '1d; s/+.*//' | sort -u)
source "$(dirname "$0")/known.sh"
streaming=(Stream_COPY Stream_TRIAD Stream_DOT Basic_DAXPY Basic_INIT3)
# suite BINARY FOLDER VARIANTS...: the default sizes, then 32 Mi.
suite() {
  local bin=$1 folder=$2
  shift 2
  "$bin" --npasses 3 --npasses-combiners Minimum --variants "$@" \
    --kernels $(known "$bin") --outdir "$out/$folder-default" \
    > "$out/$folder-default.log" 2>&1
  "$bin" --npasses 3 --npasses-combiners Minimum --size 33554432 \
    --repfact 0.1 --variants "$@" --kernels "${streaming[@]}" \
    --outdir "$out/$folder-streaming" > "$out/$folder-streaming.log" 2>&1
}
[ -z "${RAJAPERF_SUITE:-}" ] || suite "$RAJAPERF_SUITE" suite Base_CUDA RAJA_CUDA
[ -z "${RAJAPERF_OMPTARGET:-}" ] ||
  suite "$RAJAPERF_OMPTARGET" omptarget Base_OpenMPTarget RAJA_OpenMPTarget
if [ -n "${RAJAPERF_SUITE:-}${RAJAPERF_OMPTARGET:-}" ]; then
  # Kernels of 4-5 us move by several per cent from one process to the next,
  # so the default sizes run ROUNDS times in all (default 3): rounds.sh.
  if ((${ROUNDS:-3} > 1)); then
    "$(dirname "$0")/rounds.sh" 2 "${ROUNDS:-3}" "$@"
  fi
  # One file: the device tool brings back plain files, not these folders;
  # compare_suite.py --csv makes the run's compact CSV from all of it.
  tar czf "$out/suite.tgz" -C "$out" \
    $(cd "$out" && find . -maxdepth 1 -type d \( -name 'suite-*' -o -name 'omptarget-*' \))
fi
