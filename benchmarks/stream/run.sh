#!/usr/bin/env bash
# Runs stream and its CUDA baseline ROUNDS times (default 3), in turns (the
# CUDA one first in even rounds), into one CSV with a round column, then
# summary.py's table. Usage: run.sh [BIN_DIR] [LOG2_ELEMENTS...]
#   OUT: where the CSV and the log go (default: the current directory)
set -euo pipefail
bin=${1:-build/bin}
shift || true
out=${OUT:-.}
[ -x "$bin/stream_cuda" ] || {
  echo "run.sh: no $bin/stream_cuda: configure with -DOFFLOAD_CUDA_BASELINES=ON" >&2
  exit 1
}
csv=$out/stream.csv
echo "round,program,type,elements,kernel,passes,best_GBps,median_GBps,ok" > "$csv"
for ((round = 1; round <= ${ROUNDS:-3}; ++round)); do
  order=("$bin/stream" "$bin/stream_cuda")
  ((round % 2)) || order=("$bin/stream_cuda" "$bin/stream")
  for prog in "${order[@]}"; do
    # A wrong result is a row with ok 0 (and the program's exit status).
    { "$prog" "$@" || echo "run.sh: $prog failed (exit $?)" >&2; } |
      sed 1d | sed "s/^/$round,/" >> "$csv"
  done
done
python3 "$(dirname "$0")/summary.py" "$csv"
