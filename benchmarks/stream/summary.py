#!/usr/bin/env python3
"""The table of benchmarks/stream/RESULTS.md from run.sh's CSV: per type,
size and kernel, each program's best bandwidth (the fastest pass) as the
median over the rounds, and ours over the faster of the two CUDA shapes.
Usage: summary.py stream.csv"""
import csv
import statistics
import sys
from collections import defaultdict

best = defaultdict(list)
ok = True
with open(sys.argv[1]) as f:
    for r in csv.DictReader(f):
        best[r["type"], int(r["elements"]), r["kernel"], r["program"]].append(
            float(r["best_GBps"]))
        ok &= r["ok"] == "1"
cases = sorted({k[:3] for k in best}, key=lambda k: (k[1], k[0]))
kernels = ["copy", "mul", "add", "triad", "dot"]
print("| type | elements | kernel | ours GB/s | CUDA grid-stride | CUDA one "
      "pass | ours ÷ faster CUDA |")
print("|---|---:|---|---:|---:|---:|---:|")
ratios = []
for t, n, k in sorted(cases, key=lambda c: (c[1], c[0], kernels.index(c[2]))):
    med = {p: statistics.median_low(v) for (tt, nn, kk, p), v in best.items()
           if (tt, nn, kk) == (t, n, k)}
    ours = med.get("offload")
    cuda = max(med.get("cuda-gridstride", 0), med.get("cuda-onepass", 0))
    r = ours / cuda if ours and cuda else float("nan")
    ratios.append(r)
    print(f"| {t} | 2^{n.bit_length() - 1} | {k} | {ours:.0f} | "
          f"{med.get('cuda-gridstride', 0):.0f} | {med.get('cuda-onepass', 0):.0f}"
          f" | **{r:.3f}** |")
print(f"\nours ÷ faster CUDA: minimum {min(ratios):.3f}, below 1.00: "
      f"{sum(r < 1.0 for r in ratios)} of {len(ratios)}; results "
      f"{'checked: all ok' if ok else 'WRONG in some run'}")
