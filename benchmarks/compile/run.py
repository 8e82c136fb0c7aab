#!/usr/bin/env python3
"""Compile cost of the cxx-offload plugin: each translation unit compiled
plainly (clang++-22 -O2 -c) and with the plugin for the host device and for
sm_90 + host, PASSES times each; prints the median wall and CPU (user + sys)
time per configuration (the configurations take turns, pass by pass), the
ratios to the plain compile, and the plugin's
own breakdown of the sm_90 + host compile (-fplugin-arg-offload-time-report).

The plugin keeps <offload/offload.hpp> precompiled and the device images in
a cache (clang-plugin/lib/CompileCache.h). A compile of a file the cache has
seen with these options reads the header but builds its images: each timed
pass gets a copy of a warm cache without the images. "no cache" compiles
without it; "rebuild after a host edit" compiles the file again after an
edit of its host code only (a line appended), with the images of the
unedited file in the cache; "first" is the first compile, with an empty
cache. "plain, -include-pch" is the plain compile reading the library's
header from a precompiled header made by hand with its options.

  benchmarks/compile/run.py [--passes N] [--build DIR] [--targets LIST]
"""
import argparse, os, resource, shutil, statistics, subprocess, sys, tempfile, time

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

    def plugin_flags(targets, *extra):
        return ["-fplugin=" + plugin,
                "-fplugin-arg-offload-targets=" + targets, *extra]

    def cache_flag(folder):
        return "-fplugin-arg-offload-cache=" + folder
    # name, flags, how a pass's cache is made from the warm one: a copy
    # without the images, the warm one itself, or none.
    # The plain compile again, reading the library's header from a
    # precompiled header made by hand with the same options: what a project
    # that sets one up gets without the plugin.
    header_pch = os.path.join(work, "offload.pch")
    subprocess.run(base[:-3] + ["-fpch-instantiate-templates", "-x",
                                "c++-header",
                                os.path.join(ROOT, "include", "offload",
                                             "offload.hpp"),
                                "-o", header_pch], check=True)
    configs = [("plain", [], None),
               ("plain, -include-pch", ["-include-pch", header_pch], None),
               ("plugin, host", plugin_flags("host"), "headers"),
               ("plugin, " + args.targets + ", no cache",
                plugin_flags(args.targets, cache_flag("off")), None),
               ("plugin, " + args.targets, plugin_flags(args.targets),
                "headers"),
               ("rebuild after a host edit", plugin_flags(args.targets),
                "all")]
    print(f"{'translation unit':<22} {'configuration':<28} {'wall s':>7} "
          f"{'CPU s':>7} {'wall x':>7} {'CPU x':>7}")
    for src in sources:
        text = open(src).read()

        def compile_edit(n, edit, folder):
            copy = os.path.join(work, str(n), os.path.basename(src))
            with open(copy, "w") as f:
                f.write(text + f"static int host_edit_{edit} = {edit};\n")
            extra = [cache_flag(folder)] if folder else []
            return timed(base + configs[n][1] + extra + [copy])
        # Each configuration's first compile notes the header, the second
        # precompiles it; then the configurations take turns, pass by pass.
        firsts, walls, cpus = [], {}, {}
        for n, (_, _, cache) in enumerate(configs):
            os.makedirs(os.path.join(work, str(n)), exist_ok=True)
            warm = os.path.join(work, str(n), "cache")
            firsts.append(compile_edit(n, 0, warm if cache else None))
            if cache:
                compile_edit(n, 0, warm)
        for p in range(1, args.passes + 1):
            for n, (_, _, cache) in enumerate(configs):
                warm = os.path.join(work, str(n), "cache")
                folder = None
                if cache == "headers":
                    folder = os.path.join(work, str(n), f"pass{p}")
                    shutil.copytree(warm, folder,
                                    ignore=shutil.ignore_patterns("*.image"))
                elif cache == "all":
                    folder = warm
                w, c, _ = compile_edit(n, p if cache == "all" else 0, folder)
                walls.setdefault(n, []).append(w)
                cpus.setdefault(n, []).append(c)
                if cache == "headers":
                    shutil.rmtree(folder)
        plain = None
        for n, (name, _, _) in enumerate(configs):
            w, c = statistics.median(walls[n]), statistics.median(cpus[n])
            plain = plain or (w, c)
            print(f"{os.path.basename(src):<22} {name:<28} {w:7.2f} {c:7.2f} "
                  f"{w / plain[0]:7.2f} {c / plain[1]:7.2f}   first: "
                  f"{firsts[n][0]:.2f} s wall, {firsts[n][1]:.2f} s CPU")
        _, _, report = timed(base + configs[4][1] +
                             [cache_flag("off"),
                              "-fplugin-arg-offload-time-report", src])
        for line in report.splitlines():
            print("    " + line)


if __name__ == "__main__":
    main()
