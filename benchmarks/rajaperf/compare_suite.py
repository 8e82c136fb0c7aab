#!/usr/bin/env python3
"""Puts LLNL's RAJA Performance Suite beside this benchmark.

Usage: compare_suite.py OUT_DIR [SUITE_PASSES]
  OUT_DIR       what run.sh wrote with RAJAPERF_SUITE set: rajaperf-<run>.csv
                and the suite's report folder suite-<run>/ for each run
                (default, streaming)
  SUITE_PASSES  the suite's --npasses (3): its checksums are summed over
                its passes

Per kernel, minimum over passes on both sides (RAJAPerf's "Minimum"
combiner): our staged variant, our best CUDA tuning, the suite's fastest
variant and tuning, ours over the suite's, our registers (ours / our CUDA)
and the relative difference between our checksum and the suite's. Where
run.sh ran more rounds (rajaperf-<run>.rN.csv beside suite-<run>.rN/), each
time is the median over the rounds of the per-round minima, and a column
gives the ratio of each round. The
headline geomean and maximum are over like-for-like kernels only: the ones
named KERNEL+how (idiomatic versions that run another algorithm than
RAJAPerf's KERNEL) are listed apart, beside RAJAPerf's KERNEL.
"""
import csv
import math
import os
import statistics
import sys


def idiomatic(name):
    """KERNEL+how: another algorithm than RAJAPerf's KERNEL (RESULTS.md)."""
    return "+" in name


def rows(path):
    with open(path) as f:
        return [[c.strip() for c in line.split(",")] for line in f]


def suite_times(directory):
    """{kernel: (us per rep, 'variant tuning')}, the fastest per kernel."""
    info = rows(os.path.join(directory, "RAJAPerf-kernels.csv"))
    header = next(r for r in info if r and r[0] == "Kernels")
    reps_col = header.index("Reps")
    reps = {r[0]: float(r[reps_col]) for r in info
            if len(r) > reps_col and r[0] != "Kernels"}
    table = rows(os.path.join(directory, "RAJAPerf-timing-Minimum.csv"))
    # Two header rows start with "Kernel": variant names, then tunings.
    variants, tunings = [r for r in table if r and r[0] == "Kernel"][:2]
    best = {}
    for r in table:
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


def suite_checksums(directory, passes):
    """{kernel: checksum of the first variant listed, per pass}."""
    sums, kernel = {}, None
    with open(os.path.join(directory, "RAJAPerf-checksum.txt")) as f:
        for line in f:
            words = line.split()
            if len(words) == 1 and "_" in words[0] and "-" not in words[0]:
                kernel = words[0]
            elif kernel and kernel not in sums and len(words) >= 2 and \
                    "-" in words[0]:
                sums[kernel] = float(words[1]) / passes
    return sums


def our_results(path):
    """{kernel: {'staged': us, 'cuda': us, 'registers': 'a/b', 'sum': c}}.
    A CUDA tuning named after an idiomatic version (cuda-tiled_32x32 for
    KERNEL+tiled) is that version's baseline, the same algorithm, and not
    the base kernel's."""
    out, cuda = {}, []
    with open(path) as f:
        for r in csv.DictReader(f):
            k = out.setdefault(r["kernel"], {"staged": math.inf,
                                             "cuda": math.inf})
            if r["variant"] == "offload-staged":
                k["staged"] = min(k["staged"], float(r["us_per_rep"]))
                k["reg"] = r["registers"]
                k["sum"] = float(r["checksum"])
            elif r["variant"].startswith("cuda-"):
                cuda.append(r)
    hows = {name.partition("+")[2] for name in out if "+" in name}
    for r in cuda:
        how = r["kernel"].partition("+")[2]
        tuning = r["variant"][len("cuda-"):]
        own = how and any(t["kernel"] == r["kernel"] and
                          t["variant"].startswith("cuda-" + how)
                          for t in cuda)
        if (own and not tuning.startswith(how)) or (
                not own and any(tuning.startswith(h) for h in hows)):
            continue
        k, t = out[r["kernel"]], float(r["us_per_rep"])
        if t < k["cuda"]:
            k["cuda"] = t
            k["cuda_reg"] = r["registers"]
    return out


def median_over_rounds(rounds):
    """Ours and the suite's times, each the median over the rounds (an odd
    count, so a real round's value); the suite's tuning is that round's.
    Also {kernel: [ours / suite of each round]}."""
    ours, suite, per_round = {}, {}, {}
    for name in rounds[0][0]:
        seen = [(o[name], s.get(name.split("+")[0])) for o, s in rounds
                if name in o]
        k = dict(seen[0][0])
        for key in ("staged", "cuda"):
            k[key] = statistics.median_low(o[key] for o, _ in seen)
        ours[name] = k
        if all(s for _, s in seen):
            per_round[name] = [o["staged"] / s[0] for o, s in seen]
    for base in rounds[0][1]:
        times = sorted(s[base] for _, s in rounds if base in s)
        suite[base] = times[(len(times) - 1) // 2]
    return ours, suite, per_round


def table(ours, suite, sums, per_round=None):
    rounds = " ours ÷ RAJAPerf per round |" if per_round else ""
    print("| kernel | ours | our CUDA | RAJAPerf best (tuning) | ours ÷ "
          "RAJAPerf | our CUDA ÷ RAJAPerf | registers ours/CUDA | checksum "
          f"vs RAJAPerf |{rounds}")
    print("|---|---:|---:|---|---:|---:|---:|---:|" + ("---|" if rounds else ""))
    like = []
    for name in sorted(ours, key=lambda n: (idiomatic(n), n)):
        k = ours[name]
        base = name.split("+")[0]
        if base not in suite:
            print(f"| {name} | {k['staged']:.2f} | {k['cuda']:.2f} | not run "
                  "| | | | |")
            continue
        best, tuning = suite[base]
        ratio = k["staged"] / best
        if idiomatic(name):
            label = f"{base} (idiomatic: {name.split('+')[1]})"
        else:
            label = name
            like.append((ratio, name))
        ref = sums.get(base)
        if ref is None:
            diff = "-"
        else:
            rel = abs(k["sum"] - ref) / (abs(ref) if ref else 1.0)
            diff = "0" if rel == 0 else f"{rel:.1e}"
        print(f"| {label} | {k['staged']:.2f} | {k['cuda']:.2f} | "
              f"{best:.2f} ({tuning}) | **{ratio:.3f}** | "
              f"{k['cuda'] / best:.3f} | {k.get('reg', '-')}/"
              f"{k.get('cuda_reg', '-')} | {diff} |", end="")
        if per_round:
            print(" " + " ".join(f"{r:.3f}" for r in per_round.get(name, []))
                  + " |", end="")
        print()
    if like:
        geo = math.exp(sum(math.log(r) for r, _ in like) / len(like))
        worst = max(like)
        print(f"\nlike for like, {len(like)} kernels: geomean **{geo:.3f}**, "
              f"maximum **{worst[0]:.3f}** ({worst[1]})")


def main():
    directory = sys.argv[1]
    passes = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    for run in ("default", "streaming"):
        ours_csv = os.path.join(directory, f"rajaperf-{run}.csv")
        suite_dir = os.path.join(directory, f"suite-{run}")
        if not (os.path.exists(ours_csv) and os.path.isdir(suite_dir)):
            continue
        rounds = [(our_results(ours_csv), suite_times(suite_dir))]
        for n in range(2, 100):
            more = os.path.join(directory, f"rajaperf-{run}.r{n}.csv")
            more_suite = os.path.join(directory, f"suite-{run}.r{n}")
            if not (os.path.exists(more) and os.path.isdir(more_suite)):
                break
            rounds.append((our_results(more), suite_times(more_suite)))
        print(f"\n### {run}" + (f" (median of {len(rounds)} rounds)"
                                 if len(rounds) > 1 else "") + "\n")
        sums = suite_checksums(suite_dir, passes)
        if len(rounds) == 1:
            table(*rounds[0], sums)
        else:
            ours, suite, per_round = median_over_rounds(rounds)
            table(ours, suite, sums, per_round)


if __name__ == "__main__":
    main()
