#!/usr/bin/env python3
"""Medians over rounds of host-threads.csv (benchmarks/host/run.sh): per
kernel, the time per rep at each thread count, the speed-up over one thread,
and the ratio to the serial host reference; then the geomeans."""
import csv
import math
import statistics
import sys
from collections import defaultdict

rows = list(csv.DictReader(open(sys.argv[1])))
times = defaultdict(list)
refs = defaultdict(list)
for r in rows:
    if r["ok"] != "1":
        print(f"checksum mismatch: {r['kernel']} with {r['threads']} threads")
    times[(r["kernel"], int(r["threads"]))].append(float(r["us_per_rep"]))
    refs[r["kernel"]].append(float(r["serial_reference_us_per_rep"]))
threads = sorted({t for _, t in times})
kernels = sorted({k for k, _ in times})
med = {key: statistics.median(v) for key, v in times.items()}
ref = {k: statistics.median(v) for k, v in refs.items()}
print(f"{'kernel':28}" + "".join(f"{f'{t} thr us':>12}" for t in threads) +
      f"{'speed-up':>10}{'/ serial':>10}")
ups, ratios = [], []
for k in kernels:
    line = f"{k:28}" + "".join(f"{med[(k, t)]:12.1f}" for t in threads)
    up = med[(k, threads[0])] / med[(k, threads[-1])]
    ratio = med[(k, threads[-1])] / ref[k]
    ups.append(up)
    ratios.append(ratio)
    print(line + f"{up:10.2f}{ratio:10.2f}")
geo = lambda v: math.exp(sum(map(math.log, v)) / len(v))
print(f"geomean speed-up {threads[0]} -> {threads[-1]} threads: {geo(ups):.2f}; "
      f"geomean time / serial reference at {threads[-1]}: {geo(ratios):.2f}")
