#!/usr/bin/env bash
# One line per GPU function of the given executables or cubins: its name,
# how many SASS instructions it has, and how many of each kind, with the
# registers it uses. For explaining a kernel's time from its machine code
# (benchmarks/rajaperf/RESULTS.md); needs CUDA's cuobjdump.
#   scripts/sass-summary.sh FILE... > summary.txt
set -euo pipefail
for f in "$@"; do
  echo "# $f"
  cuobjdump -res-usage "$f" 2>/dev/null |
    awk '/Function/ {name=$2; sub(":$", "", name)} /REG:/ {
           match($0, /REG:[0-9]+/); print "regs", name, substr($0, RSTART+4, RLENGTH-4)}'
  cuobjdump -sass "$f" 2>/dev/null | awk '
    function flush() {
      if (name != "") {
        line = "sass " name " " total
        for (op in count) line = line " " op ":" count[op]
        print line
      }
      delete count; total = 0
    }
    /Function :/ { flush(); name = $3; next }
    /^ *\/\*[0-9a-f][0-9a-f][0-9a-f][0-9a-f]\*\// {
      sub(/^ *\/\*[0-9a-f]+\*\/ +/, ""); sub(/^@!?U?P[0-9T] +/, "")
      split($0, w, /[ ;]/); op = w[1]
      if (op == "" || op == "NOP") next
      # Memory operations keep their modifiers (.64, .CONSTANT, .STRONG...).
      if (op !~ /^(LDG|STG|LDS|STS|LD|ST|ATOM|ATOMG|RED|REDG)\./)
        sub(/\..*/, "", op)
      count[op]++; total++
    }
    END { flush() }'
done
