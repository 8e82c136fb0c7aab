#!/usr/bin/env python3
"""Compile cost of the cxx-offload plugin: each translation unit compiled
plainly (clang++-22 -O2 -c) and with the plugin for the host device and for
sm_90 + host, PASSES times each; prints the median wall and CPU (user + sys)
time per configuration, the ratios to the plain compile, and the plugin's
own breakdown of the sm_90 + host compile (-fplugin-arg-offload-time-report).
The plugin's device compiles keep <offload/offload.hpp> precompiled in a
cache (a fresh one here): each configuration is compiled once before the
timed passes, which fills it ("first" gives that compile's times); "no
cache" compiles without it.

  benchmarks/compile/run.py [--passes N] [--build DIR] [--targets LIST]
"""
import argparse, os, resource, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def timed(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode:
        sys.exit(f"compile failed: {' '.join(cmd)}\n{proc.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--targets", default="sm_90,host")
    args = ap.parse_args()
    plugin = os.path.join(args.build, "lib", "CxxOffloadPlugin.so")
    work = tempfile.mkdtemp(prefix="offload-compile-")
    many = os.path.join(work, "many_kernels.cpp")
    subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), many],
                   check=True)
    sources = [os.path.join(ROOT, "examples", "saxpy.cpp"),
               os.path.join(ROOT, "examples", "multi_kernel.cpp"), many]
    base = ["clang++-22", "-O2", "-std=c++20",
            "-I" + os.path.join(ROOT, "include"), "-c", "-o",
            os.path.join(work, "out.o")]
    cache = "-fplugin-arg-offload-cache=" + os.path.join(work, "cache")

    def plugin_flags(targets, *extra):
        return ["-fplugin=" + plugin,
                "-fplugin-arg-offload-targets=" + targets, *extra]
    configs = [("plain", []),
               ("plugin, host", plugin_flags("host", cache)),
               ("plugin, " + args.targets + ", no cache",
                plugin_flags(args.targets, "-fplugin-arg-offload-cache=off")),
               ("plugin, " + args.targets, plugin_flags(args.targets, cache))]
    print(f"{'translation unit':<22} {'configuration':<28} {'wall s':>7} "
          f"{'CPU s':>7} {'wall x':>7} {'CPU x':>7}")
    for src in sources:
        plain = None
        for name, flags in configs:
            first = timed(base + flags + [src])
            walls, cpus = [], []
            for _ in range(args.passes):
                w, c, _ = timed(base + flags + [src])
                walls.append(w)
                cpus.append(c)
            w, c = statistics.median(walls), statistics.median(cpus)
            plain = plain or (w, c)
            print(f"{os.path.basename(src):<22} {name:<28} {w:7.2f} {c:7.2f} "
                  f"{w / plain[0]:7.2f} {c / plain[1]:7.2f}   first: "
                  f"{first[0]:.2f} s wall, {first[1]:.2f} s CPU")
        _, _, report = timed(base + configs[-1][1] +
                             ["-fplugin-arg-offload-time-report", src])
        for line in report.splitlines():
            print("    " + line)


if __name__ == "__main__":
    main()
