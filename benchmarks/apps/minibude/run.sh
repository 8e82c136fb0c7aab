#!/usr/bin/env bash
# Runs miniBUDE's implementations in one device call, alternately: ours
# (cxx-offload), upstream's CUDA and OpenMP target models (as upstream and
# with aligned records, scripts/build-apps.sh), ROUNDS rounds, the order
# reversed every other round; each sweeps poses per work-item and
# work-group sizes on bm1, then runs its two best bm1 configurations on
# bm2. Raw CSVs go to $OUT/minibude/.
# Usage: benchmarks/apps/minibude/run.sh DECKS NAME=EXECUTABLE...
#   DECKS: upstream's data folder. ROUNDS (default 3); WGSIZES (default
#   32,64,128,256,512); PPWIS (default 1,2,4,8,16); BM1=0 skips bm1, and BM2_CONFIGS="NAME=PPWI,WGSIZE
#   ..." gives bm2's configurations instead (one per side). OpenMP ones
#   (names starting with omp) run with OMP_TARGET_OFFLOAD=MANDATORY: never
#   silently on the host. Every row also goes to $OUT/minibude.csv
#   (deck,impl,round, then the program's columns).
set -uo pipefail
decks=$1
shift
names=() exes=()
for pair in "$@"; do names+=("${pair%%=*}") exes+=("${pair#*=}"); done
rounds=${ROUNDS:-3}
wgsizes=${WGSIZES:-32,64,128,256,512}
# Beyond 16 poses per work-item every side spills (255 registers and a
# stack): slower on bm1, and minutes per sweep.
ppwis=${PPWIS:-1,2,4,8,16}
out=${OUT:-/tmp}/minibude
mkdir -p "$out"

run() { # run INDEX DECK ARGS...: upstream's command line for every side
  local i=$1 deck=$2
  shift 2
  if [[ ${names[i]} == omp* ]]; then
    OMP_TARGET_OFFLOAD=MANDATORY "${exes[i]}" --deck "$decks/$deck" --csv "$@"
  else
    "${exes[i]}" --deck "$decks/$deck" --csv "$@"
  fi
}
# rows FILE...: the result rows, without the configurations that a program
# reported invalid (upstream says so in "# (ppwi=P,wgsize=W,valid=0)").
rows() {
  awk -F, '/^# \(ppwi=/ { if ($3 ~ /valid=0/) { gsub(/[^0-9,]/, "", $0); split($0, c, ","); bad[c[1] "," c[2]] = 1 } next }
    /^#|^ppwi|^PASS|^FAIL/ { next } !(($1 "," $2) in bad)' "$@"
}
# bm2config NAME: the configuration BM2_CONFIGS gives NAME, if any
bm2config() { for c in ${BM2_CONFIGS:-}; do [ "${c%%=*}" = "$1" ] && echo "${c#*=}"; done; }

nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
date -u
for ((r = 1; r <= rounds; r++)); do
  [ "${BM1:-1}" = 0 ] && break
  order=$(seq 0 $((${#names[@]} - 1)))
  ((r % 2 == 0)) && order=$(seq $((${#names[@]} - 1)) -1 0)
  for i in $order; do
    echo "== round $r ${names[i]} bm1"
    run "$i" bm1 -i 8 --ppwi "$ppwis" --wgsize "$wgsizes" \
      >"$out/bm1.${names[i]}.r$r.csv" 2>"$out/bm1.${names[i]}.r$r.err"
    rows "$out/bm1.${names[i]}.r$r.csv" | awk -F, '$9 > 0' | sort -t, -k4 -g | head -2
  done
done
# bm2 (2672 x 2672 atoms): each side's two best bm1 configurations.
for ((r = 1; r <= rounds; r++)); do
  order=$(seq 0 $((${#names[@]} - 1)))
  ((r % 2 == 0)) && order=$(seq $((${#names[@]} - 1)) -1 0)
  for i in $order; do
    best=$(bm2config "${names[i]}")
    [ -z "$best" ] && best=$(rows "$out"/bm1."${names[i]}".r*.csv | awk -F, '$9 > 0' |
      sort -t, -k4 -g | awk -F, '!seen[$1","$2]++ {print $1","$2}' | head -2)
    for cfg in $best; do
      echo "== round $r ${names[i]} bm2 ppwi,wgsize=$cfg"
      run "$i" bm2 -i 3 --ppwi "${cfg%,*}" --wgsize "${cfg#*,}" \
        >>"$out/bm2.${names[i]}.r$r.csv" 2>>"$out/bm2.${names[i]}.r$r.err"
    done
  done
done
# One file of every row: deck,impl,round,<the program's columns>.
for f in "$out"/bm[12].*.csv; do
  b=$(basename "$f" .csv) # deck.impl.rR
  deck=${b%%.*} rest=${b#*.}
  rows "$f" | sed "s/^/$deck,${rest%.r*},${rest##*.r},/"
done >"${OUT:-/tmp}/minibude.csv"
date -u
