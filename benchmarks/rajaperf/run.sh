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
# kernels: Base_CUDA and RAJA_CUDA with every tuning (scripts/build-rajaperf.sh
# builds it; RAJAPERF_SUITE names its raja-perf.exe). compare_suite.py puts
# its best tuning per kernel beside ours.
if [ -n "${RAJAPERF_SUITE:-}" ]; then
  # Idiomatic versions (KERNEL+how) compare with RAJAPerf's KERNEL.
  kernels=$(cut -d, -f1 "$out/rajaperf-default.csv" | sed '1d; s/+.*//' | sort -u)
  "$RAJAPERF_SUITE" --npasses 3 --npasses-combiners Minimum \
    --variants Base_CUDA RAJA_CUDA --kernels $kernels \
    --outdir "$out/suite-default" > "$out/suite-default.log" 2>&1
  "$RAJAPERF_SUITE" --npasses 3 --npasses-combiners Minimum --size 33554432 \
    --repfact 0.1 \
    --variants Base_CUDA RAJA_CUDA \
    --kernels Stream_COPY Stream_TRIAD Stream_DOT Basic_DAXPY Basic_INIT3 \
    --outdir "$out/suite-streaming" > "$out/suite-streaming.log" 2>&1
  # Kernels of 4-5 us move by several per cent from one process to the next,
  # so the default sizes run ROUNDS times in all (default 3): rounds.sh.
  if ((${ROUNDS:-3} > 1)); then
    "$(dirname "$0")/rounds.sh" 2 "${ROUNDS:-3}" "$@"
  fi
  # One file: the device tool brings back plain files, not these folders.
  tar czf "$out/suite.tgz" -C "$out" suite-default suite-streaming
fi
