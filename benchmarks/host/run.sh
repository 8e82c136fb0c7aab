#!/usr/bin/env bash
# The RAJAPerf subset (benchmarks/rajaperf) on the host device, over thread
# counts: each kernel's time per rep with OFFLOAD_HOST_THREADS=T beside the
# suite's serial host reference (the kernel as a plain loop, one thread) and,
# where RAJAPERF_OPENMP names LLNL's raja-perf.exe built for OpenMP
# (scripts/build-rajaperf.sh DEST openmp), beside its Base_OpenMP and
# RAJA_OpenMP variants with OMP_NUM_THREADS=T (the faster of the two, kernel
# by kernel; an idiomatic KERNEL+how is compared with KERNEL). Counts and
# the two programs alternate from round to round; the CSV keeps every round.
#   run.sh [rounds [threads...]]   (default: 3 rounds; 1, 2, 4, ... up to
#                                   the cores this process may use)
# Environment: RAJAPERF (our binary; default build/bin/rajaperf),
# RAJAPERF_OPENMP, OUT (where the CSV, the log and the plots go; default .),
# SIZE and REPFACT (default: 1 Mi elements, a tenth of RAJAPerf's reps),
# PASSES (default 3: each side's minimum over them, as on GPUs; a single
# pass measured our first launches cold beside RAJAPerf's warmed-up ones),
# KERNELS (ours' --kernels list; default: all).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${RAJAPERF:-$here/../../build/bin/rajaperf}
openmp=${RAJAPERF_OPENMP:-}
out=${OUT:-.}
rounds=${1:-3}
shift || true
threads=("$@")
if [ ${#threads[@]} -eq 0 ]; then
  cores=$(nproc)
  for ((t = 1; t <= cores; t *= 2)); do threads+=("$t"); done
  [ "${threads[-1]}" -eq "$cores" ] || threads+=("$cores")
fi
size=${SIZE:-1048576}
repfact=${REPFACT:-0.1}
passes=${PASSES:-3}
machine=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
csv=$out/host-threads.csv
log=$out/host-threads.log
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
  echo "machine: $machine, $(nproc) cores usable; $(date -u)"
  echo "commit: $(git -C "$here" describe --always --dirty 2>/dev/null || echo unknown)"
  echo "size $size, repfact $repfact, minimum of $passes passes; rounds $rounds; threads ${threads[*]}"
  [ -n "$openmp" ] && echo "OpenMP baseline: $(basename "$openmp") (Base_OpenMP, RAJA_OpenMP)"
} | tee "$log"
echo "kernel,threads,round,us_per_rep,serial_reference_us_per_rep,openmp_us_per_rep,openmp_variant,ok" > "$csv"

ours() { # ours THREADS: our staged variant and the serial reference
  OFFLOAD_DEVICE=host OFFLOAD_HOST_THREADS=$1 OFFLOAD_INFO=0 \
    "$bin" --size "$size" --repfact "$repfact" --passes "$passes" --automatic-passes 0 \
    ${KERNELS:+--kernels "$KERNELS"} --csv "$tmp/ours.csv" > "$tmp/ours.log" 2>&1 ||
    { cat "$tmp/ours.log" >> "$log"; exit 1; }
  grep -E "MISMATCH|error" "$tmp/ours.log" | sed "s/^/$1 threads: /" >> "$log" || true
}
theirs() { # theirs THREADS: the OpenMP variants of the same kernels
  rm -rf "$tmp/omp"
  # Only the kernels it has: one name it lacks (the halo exchanges, without
  # MPI) stops its whole run.
  OMP_NUM_THREADS=$1 "$openmp" --variants Base_OpenMP RAJA_OpenMP \
    --kernels $("$openmp" --print-kernels 2>/dev/null | grep -xF \
      "$(cut -d, -f1 "$tmp/ours.csv" | sed '1d; s/+.*//' | sort -u)") \
    --size "$size" --repfact "$repfact" --npasses "$passes" \
    --npasses-combiners Minimum --outdir "$tmp/omp" \
    > "$tmp/omp.log" 2>&1 || { cat "$tmp/omp.log" >> "$log"; exit 1; }
  # Kernels of few default reps (2MM's 2) get none at a tenth: those again
  # at their default reps (ours runs at least one), in one pass (each rep
  # takes 0.1-10 s).
  rm -rf "$tmp/omp-few"
  local few
  few=$(awk -F, '$2 ~ /Problem size/ { f = 1; next }
                 f && NF > 2 && $3 + 0 == 0 { gsub(/ /, "", $1); print $1 }' \
    "$tmp/omp/RAJAPerf-kernels.csv")
  [ -z "$few" ] || OMP_NUM_THREADS=$1 "$openmp" --variants Base_OpenMP RAJA_OpenMP \
    --kernels $few --size "$size" --outdir "$tmp/omp-few" \
    > "$tmp/omp-few.log" 2>&1 || { cat "$tmp/omp-few.log" >> "$log"; exit 1; }
}
for ((r = 0; r < rounds; ++r)); do
  # Alternate the order of the counts, and of the two programs.
  order=("${threads[@]}")
  ((r % 2)) && order=($(printf '%s\n' "${threads[@]}" | tac))
  for t in "${order[@]}"; do
    rm -f "$tmp/omp.txt"
    touch "$tmp/omp.txt"
    if [ -n "$openmp" ] && ((r % 2)); then
      [ -f "$tmp/ours.csv" ] || ours "$t" # the kernel list
      theirs "$t"
      ours "$t"
    else
      ours "$t"
      [ -n "$openmp" ] && theirs "$t"
    fi
    # Their fastest variant per kernel, in us per rep: total seconds over
    # the reps RAJAPerf-kernels.csv gives.
    if [ -n "$openmp" ]; then
      python3 "$here/summary.py" --suite "$tmp/omp" > "$tmp/omp.txt"
      [ ! -d "$tmp/omp-few" ] ||
        python3 "$here/summary.py" --suite "$tmp/omp-few" >> "$tmp/omp.txt"
    fi
    # The staged variant (all data on the device) against the suite's host
    # reference of the same kernel.
    awk -F, -v t="$t" -v r="$r" '
      FILENAME ~ /omp.txt$/ { omp[$1] = $2; how[$1] = $3; next }
      # Each side: the minimum over the passes.
      FNR > 1 && $2 == "offload-staged" {
        if (!($1 in ours) || $6 < ours[$1]) ours[$1] = $6
        if (!($1 in ok) || $14 != 1) ok[$1] = $14
      }
      FNR > 1 && $2 == "host-reference" {
        if (!($1 in ref) || $6 < ref[$1]) ref[$1] = $6
      }
      END {
        for (k in ours) {
          base = k; sub(/\+.*/, "", base)
          printf "%s,%s,%s,%s,%s,%s,%s,%s\n", k, t, r, ours[k], ref[k],
            omp[base], how[base], ok[k]
        }
      }' "$tmp/omp.txt" "$tmp/ours.csv" | sort >> "$csv"
  done
done
python3 "$here/summary.py" "$csv" --plots "$out" | tee -a "$log"
