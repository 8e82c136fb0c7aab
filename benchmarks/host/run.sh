#!/usr/bin/env bash
# The RAJAPerf subset (benchmarks/rajaperf) on the host device, over thread
# counts: each kernel's time per rep with OFFLOAD_HOST_THREADS=T beside the
# suite's serial host reference (the kernel as a plain loop, one thread).
# Counts alternate within each round; the CSV keeps every round.
#   run.sh [rounds [threads...]]   (default: 3 rounds; 1, 2, 4, ... up to
#                                   the cores this process may use)
# Environment: RAJAPERF (the binary; default build/bin/rajaperf), OUT (where
# the CSV and the log go; default .), RAJAPERF_ARGS (default: 1 Mi elements,
# a tenth of RAJAPerf's reps).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${RAJAPERF:-$here/../../build/bin/rajaperf}
out=${OUT:-.}
rounds=${1:-3}
shift || true
threads=("$@")
if [ ${#threads[@]} -eq 0 ]; then
  cores=$(nproc)
  for ((t = 1; t <= cores; t *= 2)); do threads+=("$t"); done
  [ "${threads[-1]}" -eq "$cores" ] || threads+=("$cores")
fi
args=${RAJAPERF_ARGS:---size 1048576 --repfact 0.1 --passes 1 --automatic-passes 0}
machine=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
csv=$out/host-threads.csv
log=$out/host-threads.log
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
  echo "machine: $machine, $(nproc) cores usable; $(date -u)"
  echo "commit: $(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "rajaperf $args; rounds $rounds; threads ${threads[*]}"
} | tee "$log"
echo "kernel,threads,round,us_per_rep,serial_reference_us_per_rep,ok" > "$csv"
for ((r = 0; r < rounds; ++r)); do
  # Alternate the order of the counts from round to round.
  order=("${threads[@]}")
  ((r % 2)) && order=($(printf '%s\n' "${threads[@]}" | tac))
  for t in "${order[@]}"; do
    OFFLOAD_DEVICE=host OFFLOAD_HOST_THREADS=$t OFFLOAD_INFO=0 \
      "$bin" $args --csv "$tmp/run.csv" > "$tmp/run.log" 2>&1 ||
      { cat "$tmp/run.log" >> "$log"; exit 1; }
    # The log keeps what went wrong; the CSV has every kernel's time.
    grep -E "MISMATCH|error" "$tmp/run.log" | sed "s/^/$t threads: /" >> "$log" || true
    # The staged variant (all data on the device) against the suite's host
    # reference of the same kernel.
    awk -F, -v t="$t" -v r="$r" '
      NR > 1 && $2 == "offload-staged" { ours[$1] = $6; ok[$1] = $14 }
      NR > 1 && $2 == "host-reference" { ref[$1] = $6 }
      END { for (k in ours) printf "%s,%s,%s,%s,%s,%s\n", k, t, r, ours[k], ref[k], ok[k] }
    ' "$tmp/run.csv" | sort >> "$csv"
  done
done
python3 "$here/summary.py" "$csv" | tee -a "$log"
