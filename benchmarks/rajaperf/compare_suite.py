#!/usr/bin/env python3
"""Puts LLNL's RAJA Performance Suite beside this benchmark.

Usage: compare_suite.py OUR.csv SUITE_DIR
  OUR.csv    rajaperf's --csv output (run.sh: rajaperf-default.csv)
  SUITE_DIR  raja-perf.exe's --outdir, run with --npasses-combiners Minimum

Per kernel: our staged variant (median us/rep), our best CUDA variant, the
suite's best variant and tuning (minimum over passes, us/rep), and our
staged time over the suite's best. The headline geomean and maximum are over
like-for-like kernels only: the ones whose offload version runs another
algorithm are listed apart.
"""
import csv
import math
import os
import statistics
import sys

# The offload version uses another algorithm than RAJAPerf's (RESULTS.md).
OTHER_ALGORITHM = {"Basic_PI_ATOMIC", "Algorithm_HISTOGRAM",
                   "Apps_DEL_DOT_VEC_2D", "Apps_MATVEC_3D_STENCIL"}


def rows(path):
    with open(path) as f:
        return [[c.strip() for c in line.split(",")] for line in f]


def suite_times(directory):
    """{kernel: (us per rep, 'variant tuning')}, the fastest per kernel."""
    files = os.listdir(directory)
    timing = next(f for f in files if f.endswith("-timing-Minimum.csv"))
    kernels = next(f for f in files if f.endswith("-kernels.csv"))
    info = rows(os.path.join(directory, kernels))
    header = info[0]
    reps_col = next(i for i, h in enumerate(header) if h.startswith("Reps"))
    reps = {r[0]: float(r[reps_col]) for r in info[1:] if len(r) > reps_col}
    table = rows(os.path.join(directory, timing))
    variants, tunings = table[2], table[3]
    best = {}
    for r in table[4:]:
        if not r or r[0] not in reps:
            continue
        for i in range(1, len(r)):
            try:
                seconds = float(r[i])
            except ValueError:
                continue  # "Not run"
            us = seconds / reps[r[0]] * 1e6
            if r[0] not in best or us < best[r[0]][0]:
                best[r[0]] = (us, f"{variants[i]} {tunings[i]}")
    return best


def our_times(path):
    staged, cuda = {}, {}
    with open(path) as f:
        for r in csv.DictReader(f):
            t = float(r["us_per_rep"])
            if r["variant"] == "offload-staged":
                staged.setdefault(r["kernel"], []).append(t)
            elif r["variant"].startswith("cuda"):
                cuda.setdefault((r["kernel"], r["variant"]), []).append(t)
    ours = {k: statistics.median(v) for k, v in staged.items()}
    best_cuda = {}
    for (k, _), v in cuda.items():
        best_cuda[k] = min(best_cuda.get(k, math.inf), statistics.median(v))
    return ours, best_cuda


def main():
    ours, cuda = our_times(sys.argv[1])
    suite = suite_times(sys.argv[2])
    print("| kernel | ours | our CUDA | RAJAPerf best (tuning) | ours / RAJAPerf |")
    print("|---|---:|---:|---:|---:|")
    like = []
    for k in sorted(ours):
        if k not in suite:
            print(f"| {k} | {ours[k]:.2f} | {cuda.get(k, math.nan):.2f} | not run | |")
            continue
        ratio = ours[k] / suite[k][0]
        note = " (other algorithm)" if k in OTHER_ALGORITHM else ""
        if not note:
            like.append((ratio, k))
        print(f"| {k}{note} | {ours[k]:.2f} | {cuda.get(k, math.nan):.2f} | "
              f"{suite[k][0]:.2f} ({suite[k][1]}) | {ratio:.3f} |")
    if like:
        geo = math.exp(sum(math.log(r) for r, _ in like) / len(like))
        worst = max(like)
        print(f"\nlike for like, {len(like)} kernels: geomean {geo:.3f}, "
              f"maximum {worst[0]:.3f} ({worst[1]})")


if __name__ == "__main__":
    main()
