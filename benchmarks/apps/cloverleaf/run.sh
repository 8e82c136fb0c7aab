#!/usr/bin/env bash
# Runs CloverLeaf's implementations in one device call, alternately: ours
# (cxx-offload) and upstream's CUDA and OpenMP target models
# (scripts/build-apps.sh), ROUNDS rounds of clover_bm16_short (3840 x 3840
# cells, 87 steps), the order reversed every other round, then BIG_ROUNDS of
# clover_bm16 (2955 steps). Every run checks its final kinetic energy against
# upstream's value for the deck's test problem. The decks run without their
# profiler_on line (upstream's per-kernel timers), as ours runs.
# Usage: benchmarks/apps/cloverleaf/run.sh DECKS NAME=EXECUTABLE...
#   DECKS: upstream's InputDecks folder (build-apps.sh's
#   DEST/cloverleaf/decks). ROUNDS (default 3), BIG_ROUNDS (default 1),
#   BIG_SIDES (default: every side) names the sides that run clover_bm16.
#   OpenMP sides (names starting with omp) run with
#   OMP_TARGET_OFFLOAD=MANDATORY: never silently on the host. Rows go to
#   $OUT/cloverleaf.csv: deck,impl,round,seconds,steps,kinetic_energy,pass.
set -uo pipefail
decks=$(realpath "$1")
shift
names=() exes=()
for pair in "$@"; do names+=("${pair%%=*}") exes+=("$(realpath "${pair#*=}")"); done
out=${OUT:-/tmp}/cloverleaf
mkdir -p "$out"
for deck in clover_bm16_short clover_bm16; do
  sed '/profiler_on/d' "$decks/$deck.in" >"$out/$deck.in"
done

# run INDEX DECK: one run, its output in $out, its row on stdout.
run() {
  local i=$1 deck=$2 log=$out/$2.${names[$1]}.r$r.log
  (
    cd "$out" || exit 1
    if [[ ${names[i]} == omp* ]]; then export OMP_TARGET_OFFLOAD=MANDATORY; fi
    if [[ ${names[i]} == ours* ]]; then
      "${exes[i]}" --deck "$deck.in"
    else
      "${exes[i]}" --file "$deck.in"
    fi
  ) >"$log" 2>&1
  # ours: "step N ... ke K ...", "steps N wallclock S s", "... PASS";
  # upstream: " step: N" lines in clover.out, " Wall clock S",
  # " This test is considered PASSED".
  awk -v deck="$deck" -v impl="${names[i]}" -v round="$r" '
    /^steps [0-9]+ wallclock/ { n = $2; s = $4 }
    /^step [0-9]+ .* ke / { for (f = 1; f < NF; ++f) if ($f == "ke") k = $(f + 1) }
    /difference .* PASS/ { ok = "PASS" }
    /^ Wall clock/ { s = $3 }
    /This test is considered PASSED/ { ok = "PASS" }
    END { print deck "," impl "," round "," s "," n "," k "," (ok ? ok : "FAIL") }' "$log"
}

nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
date -u
{
  echo "deck,impl,round,seconds,steps,kinetic_energy,pass"
  for deck in clover_bm16_short clover_bm16; do
    rounds=${ROUNDS:-3}
    [ $deck = clover_bm16 ] && rounds=${BIG_ROUNDS:-1}
    for ((r = 1; r <= rounds; r++)); do
      order=$(seq 0 $((${#names[@]} - 1)))
      ((r % 2 == 0)) && order=$(seq $((${#names[@]} - 1)) -1 0)
      for i in $order; do
        if [ $deck = clover_bm16 ] && [ -n "${BIG_SIDES:-}" ] &&
          [[ " $BIG_SIDES " != *" ${names[i]} "* ]]; then continue; fi
        run "$i" $deck | tee /dev/stderr
      done
    done
  done
} >"${OUT:-/tmp}/cloverleaf.csv"
date -u
