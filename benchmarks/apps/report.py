#!/usr/bin/python3
"""Tables and plots of the application runs (benchmarks/apps/RESULTS.md).

Usage: report.py minibude|tealeaf|cloverleaf RESULTS_CSV [PLOT_DIR]
       report.py kernels KERNELS_CSV [PLOT_DIR]
       report.py ncu KERNELS_CSV APP IMPL NCU_CSV [OFFLOAD_JSON]

miniBUDE: RESULTS_CSV is run.sh's file: deck,impl,round, then the program's
columns (ppwi,wgsize,sum_ms,avg_ms,min_ms,max_ms,stddev_ms,interactions_s,
gflops,...). Per deck and implementation: each round's best configuration
(least average time), then the median over rounds.
TeaLeaf and CloverLeaf: deck,impl,round,seconds,...,pass (one run per row);
the median over rounds of the runs that passed.
Prints markdown tables; with PLOT_DIR, draws a figure of merit per deck and
implementation (PNG).
Kernels: `ncu` appends one side's per-kernel GPU times from Nsight Compute's
CSV (--metrics gpu__time_duration.sum --csv) to KERNELS_CSV
(app,impl,kernel,group,launches,total_us), naming our kernels by the
plugin's metadata (-fplugin-arg-offload-save-temps); `kernels` compares the
sides' mean time per launch, kernel group by kernel group.
"""
import csv
import statistics
import sys
from collections import defaultdict

H200_FP32_TFLOPS = 67.0  # NVIDIA's figure for the H200 SXM (FP32, no FMA x2 tricks)
ORDER = ["ours", "cuda", "cuda-aligned", "omp", "omp-aligned"]
LABEL = {
    "ours": "cxx-offload",
    "cuda": "CUDA (upstream)",
    "cuda-aligned": "CUDA, aligned records",
    "omp": "OpenMP target (upstream)",
    "omp-aligned": "OpenMP target, aligned records",
}


def minibude(path):
    best = defaultdict(dict)  # (deck, impl) -> round -> row
    for row in csv.reader(open(path)):
        if len(row) < 12 or not row[3].isdigit():
            continue
        deck, impl, rnd = row[0], row[1], int(row[2])
        ppwi, wg, avg, gflops, inter = int(row[3]), int(row[4]), float(row[6]), float(row[11]), float(row[10])
        if gflops <= 0:
            continue
        cur = best[(deck, impl)].get(rnd)
        if cur is None or avg < cur[2]:
            best[(deck, impl)][rnd] = (ppwi, wg, avg, gflops, inter)
    tables = {}
    for deck in sorted({d for d, _ in best}):
        rows = []
        for impl in ORDER:
            rounds = best.get((deck, impl))
            if not rounds:
                continue
            ms = statistics.median(r[2] for r in rounds.values())
            # The configuration of the median round (the one most rounds chose).
            configs = [f"{r[0]}/{r[1]}" for r in rounds.values()]
            config = max(set(configs), key=configs.count)
            gflops = statistics.median(r[3] for r in rounds.values())
            inter = statistics.median(r[4] for r in rounds.values())
            rows.append((impl, config, ms, gflops, inter, len(rounds),
                         [round(r[2], 3) for _, r in sorted(rounds.items())]))
        tables[deck] = rows
    for deck, rows in tables.items():
        ours = next((r[2] for r in rows if r[0] == "ours"), None)
        print(f"\n**{deck}** (median of {rows[0][5]} rounds' best; ms per iteration)\n")
        print("| implementation | best ppwi/wgsize | ms | GFLOP/s | G interactions/s | % of FP32 peak | ours ÷ it (time) | rounds (ms) |")
        print("|---|---|---:|---:|---:|---:|---:|---|")
        for impl, config, ms, gflops, inter, _, per in rows:
            ratio = f"{ours / ms:.3f}" if ours and impl != "ours" else "—"
            print(f"| {LABEL.get(impl, impl)} | {config} | {ms:.3f} | {gflops:.0f} | "
                  f"{inter / 1e9:.1f} | {100 * gflops / 1e3 / H200_FP32_TFLOPS:.1f} | {ratio} | "
                  f"{', '.join(map(str, per))} |")
    return tables


def bars(app, tables, value, xlabel, fmt, path, height):
    """One horizontal bar chart per deck: value(row) per implementation,
    ours in green."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    decks = list(tables)
    fig, axes = plt.subplots(1, len(decks), figsize=(5 * len(decks), height), squeeze=False)
    for ax, deck in zip(axes[0], decks):
        rows = tables[deck][::-1]
        values = [value(r) for r in rows]
        ax.barh([LABEL.get(r[0], r[0]) for r in rows], values,
                color=["tab:green" if r[0] == "ours" else "tab:gray" for r in rows])
        ax.set_title(f"{app} {deck}, H200")
        ax.set_xlabel(xlabel)
        for y, v in enumerate(values):
            ax.text(v, y, f" {v:{fmt}}", va="center", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def plot(tables, outdir):
    # Interactions count the same work for every side; upstream's GFLOP/s
    # counts more operations at lower PPWI for the same time.
    bars("miniBUDE", tables, lambda r: r[4] / 1e9, "G interactions/s (higher is better)",
         ".1f", f"{outdir}/minibude-interactions.png", 4)


def timed(app, path):
    """Median seconds per deck and implementation; rounds that failed their
    check are left out (and counted)."""
    runs = defaultdict(list)  # (deck, impl) -> [seconds]
    failed = defaultdict(int)
    for row in csv.DictReader(open(path)):
        if row["pass"] != "PASS":
            failed[(row["deck"], row["impl"])] += 1
            continue
        runs[(row["deck"], row["impl"])].append(float(row["seconds"]))
    tables = {}
    for deck in dict.fromkeys(d for d, _ in runs):
        rows = [(impl, statistics.median(runs[(deck, impl)]), runs[(deck, impl)],
                 failed[(deck, impl)]) for impl in ORDER if (deck, impl) in runs]
        tables[deck] = rows
        ours = next((r[1] for r in rows if r[0] == "ours"), None)
        print(f"\n**{app} {deck}** (median of the rounds; seconds)\n")
        print("| implementation | s | ours ÷ it | rounds (s) |")
        print("|---|---:|---:|---|")
        for impl, sec, per, bad in rows:
            ratio = f"{ours / sec:.3f}" if ours and impl != "ours" else "—"
            note = f" ({bad} failed)" if bad else ""
            print(f"| {LABEL.get(impl, impl)} | {sec:.3f} | {ratio} | "
                  f"{', '.join(f'{x:.3f}' for x in per)}{note} |")
    return tables


def plot_timed(app, tables, outdir):
    bars(app, tables, lambda r: r[1], "seconds (lower is better)", ".2f",
         f"{outdir}/{app.lower()}-seconds.png", 3)


# Our kernels and upstream CUDA's, by the group of upstream's names they
# belong to (a port may split one upstream kernel into several).
GROUPS = {
    "cgCalcW": "cg_calc_w", "cgCalcUR": "cg_calc_ur", "cgCalcP": "cg_calc_p",
    "update_left": "halo", "update_right": "halo", "update_top": "halo",
    "update_bottom": "halo", "reflect": "halo", "update_halo_kernel": "halo",
    "sum_reduce": "second pass of reductions",
    "idealGas": "ideal_gas_kernel", "viscosity": "viscosity_kernel",
    "calcDt": "calc_dt_kernel", "pdv": "PdV_kernel", "revert": "revert_kernel",
    "accelerate": "accelerate_kernel", "fluxCalc": "flux_calc_kernel",
    "advecCellVolumes": "advec_cell_kernel", "advecCellFlux": "advec_cell_kernel",
    "advecCellUpdate": "advec_cell_kernel", "advecMomVolumes": "advec_mom_kernel",
    "advecMomNodeFlux": "advec_mom_kernel", "advecMomNodeMass": "advec_mom_kernel",
    "advecMomFlux": "advec_mom_kernel", "advecMomVelocity": "advec_mom_kernel",
    "resetField": "reset_field_kernel", "fieldSummary": "field_summary",
}


def ncu(out, app, impl, path, metadata=None):
    import json
    import re
    names = {}
    if metadata:
        for k in json.load(open(metadata))["kernels"]:
            names[k["entry"]] = re.search(r"&::(\w+)", k["callee"]).group(1)
    launches, total = defaultdict(int), defaultdict(float)
    for row in csv.DictReader(l for l in open(path) if l.startswith('"')):
        if row["Metric Name"] != "gpu__time_duration.sum":
            continue
        name = row["Kernel Name"]
        name = names.get(name, name)
        # upstream's lambdas: par_ranged2d_kernel<PdV_kernel(...)::...>
        m = re.match(r"(?:void )?(?:\w+<)?(\w+)", name)
        name = m.group(1) if m else name
        scale = {"ns": 1e-3, "us": 1.0, "usecond": 1.0, "msecond": 1e3}.get(row["Metric Unit"], 1e-3)
        launches[name] += 1
        total[name] += float(row["Metric Value"].replace(",", "")) * scale
    with open(out, "a", newline="") as f:
        w = csv.writer(f)
        for name in sorted(total):
            w.writerow([app, impl, name, GROUPS.get(name, name), launches[name], f"{total[name]:.3f}"])


def kernels(path, outdir=None):
    per = defaultdict(lambda: defaultdict(lambda: [0, 0.0]))  # (app, group) -> impl -> [n, us]
    for row in csv.reader(open(path)):
        app, impl, _, group, n, us = row
        per[(app, group)][impl][0] += int(n)
        per[(app, group)][impl][1] += float(us)
    apps = {}
    for (app, group), sides in sorted(per.items()):
        mean = {impl: us / n for impl, (n, us) in sides.items() if n}
        apps.setdefault(app, []).append((group, mean))
    for app, rows in apps.items():
        print(f"\n**{app}**: µs per launch (Nsight Compute, gpu__time_duration)\n")
        print("| kernel group | cxx-offload | CUDA (upstream) | ours ÷ CUDA |")
        print("|---|---:|---:|---:|")
        for group, mean in sorted(rows, key=lambda r: -max(r[1].values())):
            o, c = mean.get("ours"), mean.get("cuda")
            ratio = f"{o / c:.3f}" if o and c else "—"
            print(f"| {group} | {o or 0:.2f} | {c or 0:.2f} | {ratio} |")
    if outdir:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, axes = plt.subplots(1, len(apps), figsize=(6 * len(apps), 4), squeeze=False)
        for ax, (app, rows) in zip(axes[0], apps.items()):
            rows = sorted(rows, key=lambda r: max(r[1].values()))
            y = range(len(rows))
            ax.barh([i + 0.2 for i in y], [r[1].get("ours", 0) for r in rows], 0.4,
                    color="tab:green", label="cxx-offload")
            ax.barh([i - 0.2 for i in y], [r[1].get("cuda", 0) for r in rows], 0.4,
                    color="tab:gray", label="CUDA (upstream)")
            ax.set_yticks(list(y), [r[0] for r in rows], fontsize=8)
            ax.set_xlabel("µs per launch (lower is better)")
            ax.set_title(f"{app}: kernels, H200")
            ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(f"{outdir}/kernels-us.png", dpi=110)


if __name__ == "__main__":
    if len(sys.argv) >= 6 and sys.argv[1] == "ncu":
        ncu(*sys.argv[2:7])
        sys.exit(0)
    if len(sys.argv) >= 3 and sys.argv[1] == "kernels":
        kernels(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)
        sys.exit(0)
    if len(sys.argv) < 3 or sys.argv[1] not in ("minibude", "tealeaf", "cloverleaf"):
        sys.exit(__doc__)
    if sys.argv[1] == "minibude":
        t = minibude(sys.argv[2])
        if len(sys.argv) > 3:
            plot(t, sys.argv[3])
    else:
        app = {"tealeaf": "TeaLeaf", "cloverleaf": "CloverLeaf"}[sys.argv[1]]
        t = timed(app, sys.argv[2])
        if len(sys.argv) > 3:
            plot_timed(app, t, sys.argv[3])
