#!/usr/bin/env bash
# Runs TeaLeaf's implementations in one device call, alternately: ours
# (cxx-offload) and upstream's CUDA and OpenMP target models
# (scripts/build-apps.sh), ROUNDS rounds of a 2000 x 2000 deck, the order
# reversed every other round, then BIG_ROUNDS of tea_bm_5 (4000 x 4000).
# Every run checks its final temperature against upstream's tea.problems.
# Usage: benchmarks/apps/tealeaf/run.sh DECKS NAME=EXECUTABLE...
#   DECKS: upstream's Benchmarks folder plus tea.problems (build-apps.sh's
#   DEST/tealeaf/decks). ROUNDS (default 3), BIG_ROUNDS (default 1).
#   OpenMP sides (names starting with omp) run with
#   OMP_TARGET_OFFLOAD=MANDATORY: never silently on the host. Rows go to
#   $OUT/tealeaf.csv: deck,impl,round,seconds,iterations,temperature,pass.
set -uo pipefail
decks=$(realpath "$1")
shift
names=() exes=()
for pair in "$@"; do names+=("${pair%%=*}") exes+=("$(realpath "${pair#*=}")"); done
out=${OUT:-/tmp}/tealeaf
mkdir -p "$out"
# The 2000 x 2000 deck: tea_bm_5's states on a quarter of its cells (a line
# of tea.problems), about 4 s on the H200.
sed 's/^x_cells=.*/x_cells=2000/; s/^y_cells=.*/y_cells=2000/; /profiler_on/d' \
  "$decks/tea_bm_5.in" >"$decks/tea_2000.in"

# run INDEX DECK: one run in DECKS (upstream reads tea.problems there), its
# output in $out, its row on stdout.
run() {
  local i=$1 deck=$2 log=$out/$2.${names[$1]}.r$r.log
  (
    cd "$decks" || exit 1
    if [[ ${names[i]} == omp* ]]; then export OMP_TARGET_OFFLOAD=MANDATORY; fi
    if [[ ${names[i]} == ours* ]]; then
      "${exes[i]}" --deck "$deck.in" --problems tea.problems
    else
      "${exes[i]}" --file "$deck.in" --problems tea.problems
    fi
  ) >"$log" 2>&1
  # ours: "iterations N wallclock S s", "... temp T", "... PASS|FAIL";
  # upstream: " CG: N iterations" per step, " Wallclock: S s" (cumulative),
  # " Actual T", " This run PASSED|FAILED".
  awk -v deck="$deck" -v impl="${names[i]}" -v round="$r" '
    /^iterations [0-9]+ wallclock/ { it = $2; s = $4 }
    / temp / { t = $NF }
    /difference .* PASS/ { ok = "PASS" }
    /CG:[ \t]+[0-9]+ iterations/ { it += $2 }
    /Wallclock:/ { s = $2; sub(/s$/, "", s) }
    /^ Actual / { t = $2 }
    /This run PASSED/ { ok = "PASS" }
    END { print deck "," impl "," round "," s "," it "," t "," (ok ? ok : "FAIL") }' "$log"
}

nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
date -u
{
  echo "deck,impl,round,seconds,iterations,temperature,pass"
  for deck in tea_2000 tea_bm_5; do
    rounds=${ROUNDS:-3}
    [ $deck = tea_bm_5 ] && rounds=${BIG_ROUNDS:-1}
    for ((r = 1; r <= rounds; r++)); do
      order=$(seq 0 $((${#names[@]} - 1)))
      ((r % 2 == 0)) && order=$(seq $((${#names[@]} - 1)) -1 0)
      for i in $order; do run "$i" $deck | tee /dev/stderr; done
    done
  done
} >"${OUT:-/tmp}/tealeaf.csv"
date -u
