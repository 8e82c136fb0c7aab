#!/usr/bin/env python3
"""Puts LLNL's RAJA Performance Suite beside this benchmark.

Usage: compare_suite.py OUT_DIR [--passes N] [--csv FILE] [--plot FILE.svg]
       compare_suite.py --from FILE.csv [--plot FILE.svg]
  OUT_DIR   what run.sh wrote: rajaperf-<run>[.rN].csv and the report
            folders of RAJAPerf's CUDA binary (suite-<run>[.rN]/) and of its
            OpenMP-target binary (omptarget-<run>[.rN]/), where they ran;
            <run> is default or streaming (32 Mi elements)
  --passes  RAJAPerf's --npasses (3): its checksums are summed over them
  --csv     writes the run's compact CSV: every row of ours and the
            suite's fastest-of-passes per variant and tuning, with the
            round and the sizes (RESULTS.md, "Result files")
  --from    reads such a CSV instead of OUT_DIR
  --plot    draws the per-kernel ratios, sorted, with the 1.00 and 1.05
            lines: ours ÷ the fastest CUDA and ours ÷ OpenMP target

Per kernel, minimum over passes on every side (RAJAPerf's "Minimum"
combiner): our staged variant, our best CUDA tuning, RAJAPerf's fastest CUDA
variant and tuning, its fastest OpenMP-target one whose checksum agrees with
RAJAPerf's CUDA binary (else "wrong result", outside the comparison). "Fastest CUDA" is the
faster of RAJAPerf's best and our CUDA twin (for HISTOGRAM and PI_ATOMIC
that is our twin in device memory; RAJAPerf's managed-memory figure stays in
its column). Where there are several rounds, each time is the median over
the rounds of that side's per-round minimum, and a column gives ours ÷ the
fastest CUDA of each round. Headline geomeans and maxima are over
like-for-like kernels only: KERNEL+how versions run another algorithm than
RAJAPerf's KERNEL and are listed apart, beside it.
"""
import argparse
import csv
import math
import os

COLUMNS = ("round,sizes,program,kernel,variant,size,reps,pass,us_per_rep,"
           "registers,to_bytes,to_seconds,from_bytes,from_seconds,checksum,"
           "reference,ok,whole_seconds,seconds").split(",")
OURS, CUDA, OMPTARGET = "rajaperf", "raja-perf.exe", "raja-perf-omptarget.exe"
SIZES = {"default": "default", "streaming": "32Mi"}
# Issue 42's "simple 1-D kernels": one element per thread, no reduction.
SIMPLE_1D = {"Stream_COPY", "Stream_MUL", "Stream_ADD", "Stream_TRIAD",
             "Basic_DAXPY", "Basic_INIT3", "Basic_MULADDSUB",
             "Basic_INIT_VIEW1D", "Basic_INIT_VIEW1D_OFFSET",
             "Lcals_FIRST_DIFF", "Lcals_HYDRO_1D", "Lcals_TRIDIAG_ELIM"}


def idiomatic(name):
    """KERNEL+how: another algorithm than RAJAPerf's KERNEL (RESULTS.md)."""
    return "+" in name


def cells(path):
    with open(path) as f:
        return [[c.strip() for c in line.split(",")] for line in f]


def report_rows(directory, program):
    """A RAJAPerf report folder as compact rows: one per kernel, variant and
    tuning that ran, its Minimum-combined time and its checksum."""
    info = cells(os.path.join(directory, "RAJAPerf-kernels.csv"))
    header = next(r for r in info if r and r[0] == "Kernels")
    size_col, reps_col = header.index("Problem size"), header.index("Reps")
    kernels = {r[0]: (r[size_col], r[reps_col]) for r in info
               if len(r) > reps_col and r[0] != "Kernels"}
    sums, kernel = {}, None
    with open(os.path.join(directory, "RAJAPerf-checksum.txt")) as f:
        for line in f:
            words = line.split()
            if len(words) == 1 and words[0] in kernels:
                kernel = words[0]
            elif kernel and len(words) >= 2 and "-" in words[0]:
                sums[kernel, words[0]] = words[1]
    table = cells(os.path.join(directory, "RAJAPerf-timing-Minimum.csv"))
    # Two header rows start with "Kernel": variant names, then tunings.
    variants, tunings = [r for r in table if r and r[0] == "Kernel"][:2]
    out = []
    for r in table:
        if not r or r[0] not in kernels:
            continue
        size, reps = kernels[r[0]]
        for i in range(1, len(r)):
            try:
                seconds = float(r[i])
            except ValueError:
                continue  # "Not run"
            variant = f"{variants[i]}-{tunings[i]}"
            out.append({"program": program, "kernel": r[0],
                        "variant": variant, "size": size, "reps": reps,
                        "pass": "min",
                        "us_per_rep": f"{seconds / float(reps) * 1e6:.10g}",
                        "checksum": sums.get((r[0], variant), ""),
                        "seconds": r[i]})
    return out


def raw_rows(directory):
    """Every row of a run.sh output folder, with its round and sizes."""
    rows = []
    for run, sizes in SIZES.items():
        for n in range(1, 100):
            # Round 1 of run.sh has no suffix; rounds.sh 1 N names it .r1.
            tail = f".r{n}"
            if n == 1 and os.path.exists(
                    os.path.join(directory, f"rajaperf-{run}.csv")):
                tail = ""
            ours = os.path.join(directory, f"rajaperf-{run}{tail}.csv")
            if os.path.exists(ours):
                with open(ours) as f:
                    rows += [dict(r, round=str(n), sizes=sizes, program=OURS)
                             for r in csv.DictReader(f)]
            for folder, program in (("suite", CUDA), ("omptarget", OMPTARGET)):
                report = os.path.join(directory, f"{folder}-{run}{tail}")
                # A run stopped early leaves a folder without its reports.
                if os.path.exists(os.path.join(report,
                                               "RAJAPerf-timing-Minimum.csv")):
                    rows += [dict(r, round=str(n), sizes=sizes)
                             for r in report_rows(report, program)]
    return rows


def fastest(rows, program, reference=None):
    """{kernel: (us per rep, variant)} of one program's fastest variant.
    With reference ({kernel: checksum}), variants whose checksum differs
    from it by more than 1e-9 relative do not count: their kernel is
    {kernel: (inf, "wrong result")} if none is left."""
    best = {}
    for r in rows:
        if r["program"] != program:
            continue
        ref = reference.get(r["kernel"]) if reference else None
        if ref is not None and abs(float(r["checksum"]) - ref) > 1e-9 * abs(
                ref or 1.0):
            best.setdefault(r["kernel"], (math.inf, "wrong result"))
            continue
        us = float(r["us_per_rep"])
        if r["kernel"] not in best or us < best[r["kernel"]][0]:
            best[r["kernel"]] = (us, r["variant"])
    return best


def our_cuda(rows):
    """{kernel: (us, registers)}: our fastest CUDA tuning. A tuning named
    after an idiomatic version (cuda-tiled_32x32 for KERNEL+tiled) is that
    version's baseline, the same algorithm, and not the base kernel's."""
    cuda = [r for r in rows if r["program"] == OURS and
            r["variant"].startswith("cuda-")]
    hows = {r["kernel"].partition("+")[2] for r in rows} - {""}
    best = {}
    for r in cuda:
        how = r["kernel"].partition("+")[2]
        tuning = r["variant"][len("cuda-"):]
        own = how and any(t["kernel"] == r["kernel"] and
                          t["variant"].startswith("cuda-" + how) for t in cuda)
        if (own and not tuning.startswith(how)) or (
                not own and any(tuning.startswith(h) for h in hows)):
            continue
        us = float(r["us_per_rep"])
        if r["kernel"] not in best or us < best[r["kernel"]][0]:
            best[r["kernel"]] = (us, r["registers"])
    return best


def one_round(rows):
    """{kernel: the sides' times in one round and sizes}."""
    staged = [r for r in rows if r["program"] == OURS and
              r["variant"] == "offload-staged"]
    cuda, suite = our_cuda(rows), fastest(rows, CUDA)
    # RAJAPerf's two binaries sum the same checksums over their passes.
    sums = {r["kernel"]: float(r["checksum"]) for r in rows
            if r["program"] == CUDA and r["checksum"]}
    omp = fastest(rows, OMPTARGET, sums)
    out = {}
    for r in staged:
        k = out.setdefault(r["kernel"], {"ours": math.inf})
        if float(r["us_per_rep"]) < k["ours"]:
            k["ours"] = float(r["us_per_rep"])
        k["reg"], k["sum"] = r["registers"], float(r["checksum"])
    for name, k in out.items():
        base = name.split("+")[0]
        k["cuda"], k["cuda_reg"] = cuda.get(name, (math.inf, "-"))
        k["suite"], k["suite_variant"] = suite.get(base, (math.inf, ""))
        k["omp"], k["omp_variant"] = omp.get(base, (math.inf, ""))
        k["fastest"] = min(k["cuda"], k["suite"])
    return out


def median_of_rounds(rounds):
    """Each side's median over the rounds of its per-round minimum (an odd
    count gives a real round's value; the variant named is that round's),
    and ours ÷ the fastest CUDA of each round. A side missing from a round
    (a binary that stopped early) has the median of the rounds it ran in,
    the lower of two: the baseline's better value."""
    out = {}
    for name in rounds[0]:
        seen = [r[name] for r in rounds if name in r]
        k = dict(seen[0])
        for side, label in (("ours", None), ("cuda", None),
                            ("suite", "suite_variant"),
                            ("omp", "omp_variant")):
            ran = [s for s in seen if s[side] != math.inf] or seen
            pick = sorted(ran, key=lambda s: s[side])[(len(ran) - 1) // 2]
            k[side] = pick[side]
            if label:
                k[label] = pick[label]
        k["fastest"] = min(k["cuda"], k["suite"])
        whole = [s for s in seen if s["suite"] != math.inf] or seen
        k["per_round"] = [s["ours"] / s["fastest"] for s in whole]
        out[name] = k
    return out


def suite_checksums(rows, passes):
    """{kernel: RAJAPerf's checksum per pass} (it sums over its passes)."""
    sums = {}
    for r in rows:
        if r["program"] == CUDA and r["checksum"] and r["kernel"] not in sums:
            sums[r["kernel"]] = float(r["checksum"]) / passes
    return sums


def geo(values):
    return math.exp(sum(map(math.log, values)) / len(values))


def ratio(a, b):
    return a / b if math.isfinite(b) else math.nan


def cell(value, fmt):
    return "-" if not math.isfinite(value) else format(value, fmt)


def table(kernels, sums):
    print("| kernel | ours | our CUDA | RAJAPerf CUDA best (tuning) | "
          "**ours ÷ fastest CUDA** | ours ÷ RAJAPerf | OpenMP target best "
          "(variant) | ours ÷ OpenMP target | registers ours/CUDA | checksum "
          "vs RAJAPerf | ÷ fastest CUDA per round |")
    print("|---|---:|---:|---|---:|---:|---|---:|---:|---:|---|")
    for name in sorted(kernels, key=lambda n: (idiomatic(n), n)):
        k = kernels[name]
        base, _, how = name.partition("+")
        label = f"{base} (idiomatic: {how})" if how else name
        ref = sums.get(base)
        diff = "-" if ref is None else (
            lambda rel: "0" if rel == 0 else f"{rel:.1e}")(
                abs(k["sum"] - ref) / (abs(ref) or 1.0))
        suite = (f"{k['suite']:.2f} ({k['suite_variant']})"
                 if math.isfinite(k["suite"]) else "-")
        omp = (f"{k['omp']:.2f} ({k['omp_variant']})"
               if math.isfinite(k["omp"]) else k["omp_variant"] or "-")
        rounds = " ".join(f"{r:.3f}" for r in k.get("per_round", []))
        print(f"| {label} | {k['ours']:.2f} | {cell(k['cuda'], '.2f')} | "
              f"{suite} | **{cell(ratio(k['ours'], k['fastest']), '.3f')}** | "
              f"{cell(ratio(k['ours'], k['suite']), '.3f')} | {omp} | "
              f"{cell(ratio(k['ours'], k['omp']), '.3f')} | "
              f"{k['reg']}/{k['cuda_reg']} | {diff} | {rounds} |")


def headline(kernels):
    like = {n: k for n, k in kernels.items() if not idiomatic(n)}
    for side, label in (("fastest", "the fastest CUDA"),
                        ("suite", "RAJAPerf's CUDA"),
                        ("omp", "OpenMP target")):
        r = {n: k["ours"] / k[side] for n, k in like.items()
             if math.isfinite(k[side])}
        if not r:
            continue
        worst = max(r, key=r.get)
        line = (f"ours ÷ {label}, like for like, {len(r)} kernels: geomean "
                f"**{geo(r.values()):.3f}**, maximum **{r[worst]:.3f}** "
                f"({worst}); above 1.00: {sum(v > 1.0 for v in r.values())}")
        if side == "fastest":
            line += f", above 1.05: {sum(v > 1.05 for v in r.values())}"
            simple = {n: v for n, v in r.items() if n in SIMPLE_1D}
            if simple:
                line += (f"; simple 1-D kernels above 1.02: "
                         f"{sum(v > 1.02 for v in simple.values())} of "
                         f"{len(simple)}")
            rounds = [(max(k["per_round"]), n) for n, k in like.items()
                      if k.get("per_round")]
            if rounds:
                line += (f"; worst single round {max(rounds)[0]:.3f} "
                         f"({max(rounds)[1]})")
        print(line + "\n")


def plot(path, kernels):
    """A panel per comparison (ours ÷ the fastest CUDA, ours ÷ OpenMP
    target): like-for-like kernels as horizontal bars from 1, sorted, on a
    log axis that spans the data, with lines at 1.00 and 1.05."""
    like = {n: k for n, k in kernels.items() if not idiomatic(n)}
    panels = [(label, sorted(((k["ours"] / k[side], n) for n, k in like.items()
                              if math.isfinite(k[side])), reverse=True))
              for side, label in (("fastest", "ours ÷ fastest CUDA"),
                                  ("omp", "ours ÷ OpenMP target"))]
    panels = [p for p in panels if p[1]]
    row, left, width, gap = 12, 240, 300, 30
    height = 60 + row * max(len(p[1]) for p in panels)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="'
           f'{(left + width + gap) * len(panels)}" height="{height}" '
           'font-family="sans-serif" font-size="10">']
    for i, (label, bars) in enumerate(panels):
        lo = min(0.8, min(v for v, _ in bars)) * 0.95
        hi = max(1.25, max(v for v, _ in bars)) * 1.05
        x = lambda v: math.log(v / lo) / math.log(hi / lo) * width
        # Ticks a few per cent of the axis apart.
        ticks = ((0.8, 0.9, 1, 1.1, 1.25, 1.5, 2) if hi / lo < 8 else
                 (1 / 64, 1 / 16, 1 / 4, 0.5, 1, 2, 4, 16))
        x0 = i * (left + width + gap) + left
        out.append(f'<text x="{x0 - left + 10}" y="14" font-size="12">{label}'
                   ', time per rep (log scale; left of 1: ours is faster; '
                   'red line: 1.05)</text>')
        for v in [t for t in ticks if lo <= t <= hi] + [1.05]:
            colour = {1: "#000", 1.05: "#c33"}.get(v, "#ddd")
            out.append(f'<line x1="{x0 + x(v):.1f}" y1="24" x2="{x0 + x(v):.1f}"'
                       f' y2="{height - 16}" stroke="{colour}"/>')
            if v != 1.05:
                out.append(f'<text x="{x0 + x(v):.1f}" y="{height - 4}" '
                           f'text-anchor="middle">{v:g}</text>')
        for j, (v, name) in enumerate(bars):
            y = 28 + row * j
            a, b = sorted((x(1), x(v)))
            colour = "#c33" if v > 1.05 else "#e93" if v > 1.0 else "#47a"
            out.append(f'<text x="{x0 - 4}" y="{y + 9}" text-anchor="end">'
                       f'{name} {v:.3f}</text><rect x="{x0 + a:.1f}" y="{y + 2}"'
                       f' width="{max(b - a, 0.5):.1f}" height="{row - 3}" '
                       f'fill="{colour}"/>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("out_dir", nargs="?")
    p.add_argument("--passes", type=int, default=3)
    p.add_argument("--csv")
    p.add_argument("--from", dest="from_csv")
    p.add_argument("--plot")
    a = p.parse_args()
    if a.from_csv:
        with open(a.from_csv) as f:
            rows = list(csv.DictReader(f))
    elif a.out_dir:
        rows = raw_rows(a.out_dir)
    else:
        p.error("give OUT_DIR or --from FILE.csv")
    if a.csv:
        with open(a.csv, "w", newline="") as f:
            w = csv.DictWriter(f, COLUMNS, extrasaction="ignore")
            w.writeheader()
            w.writerows(rows)
    plotted = False
    for sizes in dict.fromkeys(r["sizes"] for r in rows):
        of_sizes = [r for r in rows if r["sizes"] == sizes]
        rounds = [one_round([r for r in of_sizes if r["round"] == n])
                  for n in sorted({r["round"] for r in of_sizes}, key=int)]
        kernels = (median_of_rounds(rounds) if len(rounds) > 1 else
                   {n: dict(k, per_round=[k["ours"] / k["fastest"]])
                    for n, k in rounds[0].items()})
        print(f"\n### {sizes}" + (f" (median of {len(rounds)} rounds)"
                                   if len(rounds) > 1 else "") + "\n")
        table(kernels, suite_checksums(of_sizes, a.passes))
        print()
        headline(kernels)
        if a.plot and not plotted:
            plot(a.plot, kernels)
            plotted = True


if __name__ == "__main__":
    main()
