#!/usr/bin/env python3
"""benchmarks/host: medians over rounds of host-threads.csv (run.sh).

  summary.py CSV [--plots DIR]   per kernel: the time per rep at each thread
      count, the speed-up over the fewest threads, the ratio to the serial
      host reference and, where the CSV has OpenMP times, ours / OpenMP at
      each count; then geomeans and maxima. --plots writes DIR/ratios.svg
      (ours / OpenMP per kernel at each count) and DIR/speedup.svg (speed-up
      over thread counts, ours and OpenMP's geomeans and every kernel).
  summary.py --suite DIR         RAJAPerf's report folder: per kernel, the
      fastest OpenMP variant's time per rep, as "kernel,us,variant" lines.
"""
import csv
import math
import os
import statistics
import sys
from collections import defaultdict


def cells(path):
    with open(path) as f:
        return [[c.strip() for c in line.split(",")] for line in f]


def suite(directory):
    info = cells(os.path.join(directory, "RAJAPerf-kernels.csv"))
    header = next(r for r in info if r and r[0] == "Kernels")
    reps = {r[0]: float(r[header.index("Reps")]) for r in info
            if len(r) > 2 and r[0] != "Kernels"}
    # run.sh asks for the minimum over passes; a single pass writes Average.
    timing = os.path.join(directory, "RAJAPerf-timing-Minimum.csv")
    if not os.path.exists(timing):
        timing = os.path.join(directory, "RAJAPerf-timing-Average.csv")
    table = cells(timing)
    variants, tunings = [r for r in table if r and r[0] == "Kernel"][:2]
    for r in table:
        if not r or not reps.get(r[0]):  # no reps at this --repfact
            continue
        best = None
        for i in range(1, len(r)):
            try:
                us = float(r[i]) / reps[r[0]] * 1e6
            except ValueError:
                continue  # "Not run"
            if best is None or us < best[0]:
                best = (us, f"{variants[i]} {tunings[i]}")
        if best:
            print(f"{r[0]},{best[0]:.3f},{best[1]}")


def geo(values):
    return math.exp(sum(map(math.log, values)) / len(values))


def svg_bars(path, kernels, threads, ratio):
    """Horizontal bars: ours / OpenMP per kernel, one bar per thread count,
    on a log axis from 1/8 to 8 with the parity line."""
    colours = ["#4477aa", "#66ccee", "#228833", "#ccbb44", "#ee6677",
               "#aa3377", "#bbbbbb"]
    row, bar, left, width = 6 + 5 * len(threads), 5, 230, 520
    height = 60 + row * len(kernels)
    x = lambda v: left + width / 2 + math.log2(max(min(v, 8), 1 / 8)) * width / 6
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 20}" '
           f'height="{height}" font-family="sans-serif" font-size="11">',
           '<text x="10" y="16">time per rep, ours / OpenMP (log scale; '
           'left of the line: ours is faster)</text>']
    for v in (1 / 8, 1 / 4, 1 / 2, 1, 2, 4, 8):
        out.append(f'<line x1="{x(v):.1f}" y1="28" x2="{x(v):.1f}" '
                   f'y2="{height - 20}" stroke="{"#000" if v == 1 else "#ddd"}"/>')
        out.append(f'<text x="{x(v):.1f}" y="{height - 6}" text-anchor="middle">'
                   f'{v:g}</text>')
    for i, t in enumerate(threads):
        out.append(f'<rect x="{left + 120 * i}" y="20" width="10" height="8" '
                   f'fill="{colours[i % len(colours)]}"/><text x="{left + 14 + 120 * i}" '
                   f'y="28">{t} thread{"s" if t > 1 else ""}</text>')
    for k_i, k in enumerate(kernels):
        y0 = 36 + row * k_i
        out.append(f'<text x="{left - 6}" y="{y0 + row / 2 + 3:.1f}" '
                   f'text-anchor="end">{k}</text>')
        for i, t in enumerate(threads):
            v = ratio.get((k, t))
            if v is None:
                continue
            a, b = sorted((x(1), x(v)))
            out.append(f'<rect x="{a:.1f}" y="{y0 + 3 + 5 * i}" width="{b - a:.1f}" '
                       f'height="{bar - 1}" fill="{colours[i % len(colours)]}"/>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def svg_lines(path, threads, curves):
    """Speed-up over the fewest threads against the thread count (log-log);
    curves: (label, colour, stroke width, {threads: speed-up})."""
    left, top, width, height = 50, 30, 480, 320
    most = max(threads)
    top_up = max(max(c[3].values()) for c in curves)
    x = lambda t: left + math.log2(t / threads[0]) / max(
        math.log2(most / threads[0]), 1) * width
    y = lambda v: top + height - math.log2(max(v, 0.25) / 0.25) / math.log2(
        max(top_up, most) / 0.25) * height
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 190}" '
           f'height="{top + height + 40}" font-family="sans-serif" font-size="11">',
           f'<text x="10" y="16">speed-up over {threads[0]} thread(s), '
           'per kernel (grey) and geomeans</text>']
    for t in threads:
        out.append(f'<line x1="{x(t):.1f}" y1="{top}" x2="{x(t):.1f}" '
                   f'y2="{top + height}" stroke="#eee"/><text x="{x(t):.1f}" '
                   f'y="{top + height + 14}" text-anchor="middle">{t}</text>')
    v = 0.25
    while v <= max(top_up, most):
        out.append(f'<text x="{left - 6}" y="{y(v) + 3:.1f}" text-anchor="end">'
                   f'{v:g}</text><line x1="{left}" y1="{y(v):.1f}" '
                   f'x2="{left + width}" y2="{y(v):.1f}" stroke="#eee"/>')
        v *= 2
    ideal = " ".join(f"{x(t):.1f},{y(t / threads[0]):.1f}" for t in threads)
    out.append(f'<polyline points="{ideal}" fill="none" stroke="#000" '
               'stroke-dasharray="4 3"/>')
    labels = 0
    for label, colour, stroke, ups in curves:
        pts = " ".join(f"{x(t):.1f},{y(ups[t]):.1f}" for t in threads if t in ups)
        out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" '
                   f'stroke-width="{stroke}"/>')
        if label:
            out.append(f'<text x="{left + width + 10}" y="{top + 14 * labels + 10}" '
                       f'fill="{colour}">{label}</text>')
            labels += 1
    out.append(f'<text x="{left + width + 10}" y="{top + 14 * labels + 10}">'
               '- - ideal</text></svg>')
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def summary(path, plots):
    times, refs, omp = defaultdict(list), defaultdict(list), defaultdict(list)
    for r in csv.DictReader(open(path)):
        if r["ok"] != "1":
            print(f"checksum mismatch: {r['kernel']} with {r['threads']} threads")
        key = (r["kernel"], int(r["threads"]))
        times[key].append(float(r["us_per_rep"]))
        refs[r["kernel"]].append(float(r["serial_reference_us_per_rep"]))
        if r.get("openmp_us_per_rep"):
            omp[key].append(float(r["openmp_us_per_rep"]))
    threads = sorted({t for _, t in times})
    kernels = sorted({k for k, _ in times})
    med = {key: statistics.median(v) for key, v in times.items()}
    ref = {k: statistics.median(v) for k, v in refs.items()}
    their = {key: statistics.median(v) for key, v in omp.items()}
    ratio = {key: med[key] / their[key] for key in their}
    first, last = threads[0], threads[-1]
    head = f"{'kernel':28}" + "".join(f"{f'{t} thr us':>11}" for t in threads)
    head += f"{'speed-up':>9}{'/serial':>8}"
    if ratio:
        head += "".join(f"{f'/omp {t}':>9}" for t in threads)
    print(head)
    ups, serial = [], []
    for k in kernels:
        up = med[(k, first)] / med[(k, last)]
        ups.append(up)
        serial.append(med[(k, last)] / ref[k])
        line = f"{k:28}" + "".join(f"{med[(k, t)]:11.1f}" for t in threads)
        line += f"{up:9.2f}{serial[-1]:8.2f}"
        if ratio:
            line += "".join(f"{ratio[(k, t)]:9.2f}" if (k, t) in ratio
                            else f"{'':9}" for t in threads)
        print(line)
    print(f"geomean speed-up {first} -> {last} threads: {geo(ups):.2f}; "
          f"geomean time / serial reference at {last}: {geo(serial):.2f}")
    like = lambda k: "+" not in k  # KERNEL+how: another algorithm
    for t in threads:
        mine = [ratio[(k, t)] for k in kernels if like(k) and (k, t) in ratio]
        if mine:
            worst = max((ratio[(k, t)], k) for k in kernels
                        if like(k) and (k, t) in ratio)
            print(f"ours / OpenMP at {t} threads, {len(mine)} like-for-like "
                  f"kernels: geomean {geo(mine):.2f}, max {worst[0]:.2f} "
                  f"({worst[1]}), {sum(v <= 1.10 for v in mine)} at most 1.10")
    if plots:
        if ratio:
            svg_bars(os.path.join(plots, "ratios.svg"),
                     [k for k in kernels if any((k, t) in ratio for t in threads)],
                     threads, ratio)
        curves = [("", "#ccc", 1, {t: med[(k, first)] / med[(k, t)]
                                   for t in threads}) for k in kernels]
        curves.append(("ours (geomean)", "#4477aa", 3,
                       {t: geo([med[(k, first)] / med[(k, t)] for k in kernels])
                        for t in threads}))
        if ratio:
            have = [k for k in kernels if like(k) and
                    all((k, t) in their for t in threads)]
            curves.append(("OpenMP (geomean)", "#ee6677", 3,
                           {t: geo([their[(k, first)] / their[(k, t)]
                                    for k in have]) for t in threads}))
        svg_lines(os.path.join(plots, "speedup.svg"), threads, curves)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--suite":
        suite(sys.argv[2])
    elif len(sys.argv) in (2, 4):
        summary(sys.argv[1], sys.argv[3] if len(sys.argv) == 4 else None)
    else:
        sys.exit(__doc__)
