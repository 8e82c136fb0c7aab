#!/usr/bin/env python3
"""Mutation fuzzer of the cxx-offload plugin.

Usage: fuzz.py --build BUILD [--count N] [--first I] [--seed S] [--jobs J]
               [--out DIR]
               [--seeds GLOB ...] [--steps K] [--keep-going]

Each mutant is a seed source (the lit inputs, the differential corpus, the
examples) after K mutations (mutate.py). It is compiled twice, with the
plugin (for the host device) and without it (the header's serial
fallback), and each build is classified:
  ok       it built;
  error    it failed with a clang-style diagnostic (`file:line:col: error:`,
           `error:`, `clang++: error:`, `offload: error:`);
  unclear  it failed without one, or let raw ld.lld or ptxas output out;
  internal the plugin reported an internal error of its own;
  crash    the compiler died on a signal or printed a stack dump;
  hang     it ran past the compile timeout.
Findings: a crash or hang of the plugin build (a crash of both builds is
clang's own and is counted apart), an unclear or internal error of the
plugin build, a plugin build that succeeds where the plain one fails (when
the unmutated seed's plain build succeeds), and, where both built and the
mutant has a main(), runs whose exit status or output differ (the plugin
build on the host device; the corpus's ulp bounds where the output is in
its format) when its unmutated seed's do not and the plain build under
AddressSanitizer and UndefinedBehaviorSanitizer finds no error in the
mutant itself (counted apart as mutant-ub: an out-of-bounds read prints
garbage, different in each build). Prints the counts, writes every
finding's source and logs under DIR/findings, and exits 1 if there was any.

A smoke run is part of the tests (test/CMakeLists.txt); test/fuzz/RESULTS.md
records the long runs and their command.
"""
import argparse
import collections
import concurrent.futures
import glob
import json
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutate  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
DEFAULT_SEEDS = ["test/lit/**/*.cpp", "test/corpus/*.cpp", "examples/*.cpp"]
CLEAR_ERROR = re.compile(r"^(?:.+?:\d+:\d+: (?:fatal )?error: |error: |"
                         r"clang(?:\+\+)?(?:-\d+)?: error: |offload: error: )",
                         re.M)
RAW_TOOL = re.compile(r"^(?:ld\.lld|ptxas|nvlink|lld|fatbinary)\b", re.M)
CRASH = re.compile(r"PLEASE submit a bug report|Stack dump:|"
                   r"UNREACHABLE executed|Assertion .* failed")
# Limits of CPU time, so that a loaded machine (a build beside the fuzzer)
# does not turn slow compiles into hangs; the wall-clock limit, ten times
# longer, catches a process that waits without computing.
COMPILE_TIMEOUT, RUN_TIMEOUT = 300, 30
# Warnings of undefined behaviour the compiler folds away or no sanitizer
# sees at run time (a printf argument of the wrong type).
UB_WARNINGS = ("-Wshift-count-overflow", "-Wshift-count-negative",
               "-Wdivision-by-zero", "-Warray-bounds", "-Wuninitialized",
               "-Wformat", "-Wformat-insufficient-args")


def run(cmd, cpu_seconds, env=None):
    """(status, stdout, stderr); status is None after a timeout."""
    def limit():
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 5))
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=10 * cpu_seconds,
                           env=env, errors="replace", preexec_fn=limit)
        if p.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
            return None, p.stdout, "timeout (CPU time)\n" + p.stderr
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        out = e.stdout or ""
        if isinstance(out, bytes):
            out = out.decode(errors="replace")
        return None, out, "timeout"


def classify_build(status, stderr):
    if status is None:
        return "hang"
    if status < 0 or CRASH.search(stderr):
        return "crash"
    if "cxx-offload internal error" in stderr:
        return "internal"
    if status == 0:
        return "unclear" if RAW_TOOL.search(stderr) else "ok"
    if RAW_TOOL.search(stderr) or not CLEAR_ERROR.search(stderr):
        return "unclear"
    return "error"


# The sign of a NaN that an invalid operation makes is not specified (LLVM
# folds log(-1.0f) to nan, glibc returns -nan): the corpus's comparison
# ignores it, and so does the exact comparison of output in another format.
NAN_SIGN = re.compile(r"-(?=nan\b)", re.I)


def same_output(a, b, compare):
    if NAN_SIGN.sub("", a) == NAN_SIGN.sub("", b):
        return True
    with tempfile.TemporaryDirectory() as d:
        pa, pb = os.path.join(d, "a"), os.path.join(d, "b")
        open(pa, "w").write(a)
        open(pb, "w").write(b)
        status, _, _ = run([sys.executable, compare, pa, pb], 60)
        return status == 0


class Fuzzer:
    def __init__(self, args):
        self.args = args
        build = os.path.abspath(args.build)
        self.plugin = os.path.join(build, "lib", "CxxOffloadPlugin.so")
        self.lib = os.path.join(build, "lib")
        self.compare = os.path.join(ROOT, "test", "corpus", "compare.py")
        self.baselines = {}
        self.lock = threading.Lock()

    def build_and_run(self, source, work, seed_dir):
        """Both builds' classes, and both runs (status, stdout, stderr)
        where both built."""
        results, runs = {}, None
        for kind, with_plugin in (("plugin", True), ("plain", False)):
            status, _, stderr = self.compile(
                source, os.path.join(work, kind), with_plugin, seed_dir)
            results[kind] = (classify_build(status, stderr), stderr)
        if results["plugin"][0] == "ok" and results["plain"][0] == "ok" and \
                re.search(r"\bmain\s*\(", open(source).read()):
            env = dict(os.environ, OFFLOAD_DEVICE="host", OFFLOAD_INFO="0")
            runs = [run([os.path.join(work, kind)], RUN_TIMEOUT, env)
                    for kind in ("plugin", "plain")]
        return results, runs

    def differ(self, runs):
        (a, b) = runs
        if a[0] is None and b[0] is None:
            return False  # both hang: the mutant's own loop
        return a[0] != b[0] or not same_output(a[1], b[1], self.compare)

    def seed_baseline(self, seed_path):
        """The unmutated seed's two build classes, and whether its two
        builds print the same. A seed that reads preloaded data on the
        host, say, prints stale values with the plugin by design
        (docs/user-guide.md), and one that uses the plugin's per-pass
        macros builds only with it: their mutants' outputs, and builds,
        are not compared."""
        with self.lock:
            if seed_path not in self.baselines:
                work = tempfile.mkdtemp(prefix="seed-", dir=self.args.work)
                source = os.path.join(work, os.path.basename(seed_path))
                shutil.copy(seed_path, source)
                results, runs = self.build_and_run(source, work,
                                                   os.path.dirname(seed_path))
                self.baselines[seed_path] = (
                    results["plugin"][0], results["plain"][0],
                    runs is not None and not self.differ(runs))
                shutil.rmtree(work, ignore_errors=True)
            return self.baselines[seed_path]

    def undefined_behaviour(self, source, work, seed_dir):
        """Whether the mutant itself has undefined behaviour, which prints
        garbage differently in each build: the build without the plugin,
        with AddressSanitizer and UndefinedBehaviorSanitizer, reports an
        error when it runs (a read past a vector); or the compiler warns of
        undefined behaviour it folds away where no sanitizer sees it (a
        shift by 40 of an int, a size_t printed with %g); or two builds
        whose uninitialised locals start as zeros and as a pattern print
        different output (a read of an array element never written)."""
        exe = os.path.join(work, "sanitized")
        status, _, warnings = self.compile(source, exe, False, seed_dir, [
            "-fsanitize=address,undefined", "-fno-sanitize-recover=all"],
            warn=UB_WARNINGS)
        if status != 0:
            return False
        if any("[" + w + "]" in warnings for w in UB_WARNINGS):
            return True
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
        _, _, stderr = run([exe], RUN_TIMEOUT, env)
        if "ERROR: AddressSanitizer" in stderr or "runtime error:" in stderr:
            return True
        outputs = []
        for init in ("zero", "pattern"):
            exe = os.path.join(work, "init-" + init)
            if self.compile(source, exe, False, seed_dir,
                            ["-ftrivial-auto-var-init=" + init])[0] != 0:
                return False
            outputs.append(run([exe], RUN_TIMEOUT)[:2])
        return outputs[0] != outputs[1]

    def compile(self, source, exe, with_plugin, seed_dir, extra=(),
                warn=()):
        quiet = list(warn) or ["-w"]
        cmd = [self.args.cxx, "-std=c++20", "-O1", *quiet, *extra,
               "-I" + os.path.join(ROOT, "include"), "-I" + seed_dir,
               "-I" + os.path.join(ROOT, "test", "lit", "Inputs"),
               "-I" + os.path.join(ROOT, "test", "corpus")]
        if with_plugin:
            cmd += ["-fplugin=" + self.plugin,
                    "-fplugin-arg-offload-targets=host"]
        cmd += [source, "-o", exe, "-L" + self.lib, "-Wl,-rpath," + self.lib,
                "-lcxxoffload", "-lpthread"]
        return run(cmd, COMPILE_TIMEOUT)

    def one(self, index, seed_path, text, applied):
        work = tempfile.mkdtemp(prefix="m%05d-" % index, dir=self.args.work)
        # The mutant keeps its seed's name: sources name themselves in
        # diagnostics and some kernels print __FILE__.
        source = os.path.join(work, os.path.basename(seed_path))
        open(source, "w").write(text)
        results, runs = self.build_and_run(source, work,
                                           os.path.dirname(seed_path))
        plugin, plain = results["plugin"][0], results["plain"][0]
        finding = None
        if plugin in ("crash", "hang"):
            finding = "clang-" + plugin if plain == plugin else plugin
        elif plugin in ("unclear", "internal") and plain != plugin:
            finding = plugin
        elif plugin == "ok" and plain != "ok":
            seed_plugin, seed_plain, _ = self.seed_baseline(seed_path)
            finding = "accepts-invalid" if seed_plain == "ok" or \
                seed_plugin != "ok" else "seed-differs"
        if runs and self.differ(runs):
            if not self.seed_baseline(seed_path)[2]:
                finding = "seed-differs"  # not compared (seed_baseline)
            elif self.undefined_behaviour(source, work,
                                          os.path.dirname(seed_path)):
                finding = "mutant-ub"  # its own out-of-bounds read, say
            else:
                finding = "output-differs"
            (a, b) = runs
            results["run"] = ("", "plugin build: status %s\n%s\n%s\n"
                              "plain build: status %s\n%s\n%s" %
                              (a[0], a[1], a[2], b[0], b[1], b[2]))
        record = {"index": index, "seed": os.path.relpath(seed_path, ROOT),
                  "mutations": applied, "plugin": plugin, "plain": plain,
                  "runs": runs and [r[0] for r in runs], "finding": finding}
        if finding and not finding.startswith(("clang-", "seed-", "mutant-")):
            keep = os.path.join(self.args.out, "findings", "%05d-%s" %
                                (index, finding))
            os.makedirs(keep, exist_ok=True)
            shutil.copy(source, keep)
            for kind, (_, log) in results.items():
                open(os.path.join(keep, kind + ".log"), "w").write(log)
        shutil.rmtree(work, ignore_errors=True)
        return record


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--build", required=True, help="the project's build folder")
    p.add_argument("--cxx", default="clang++-22")
    p.add_argument("--count", type=int, default=100)
    p.add_argument("--first", type=int, default=0,
                   help="skip the mutants before this index: a long run "
                   "continued in pieces tests the same mutants as one")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--steps", type=int, default=0,
                   help="mutations per mutant (0: 1 to 3 at random)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--out", default="fuzz-out")
    p.add_argument("--seeds", nargs="*", default=DEFAULT_SEEDS,
                   help="globs relative to the project root")
    p.add_argument("--mutations", nargs="*",
                   choices=[m.__name__ for m in mutate.MUTATIONS],
                   help="only these mutations (default: all)")
    args = p.parse_args()
    mutations = [m for m in mutate.MUTATIONS
                 if not args.mutations or m.__name__ in args.mutations]
    os.makedirs(args.out, exist_ok=True)
    args.work = tempfile.mkdtemp(prefix="work-", dir=args.out)
    seeds = sorted({os.path.join(ROOT, f) for g in args.seeds
                    for f in glob.glob(os.path.join(ROOT, g), recursive=True)})
    if not seeds:
        sys.exit("fuzz.py: no seed matches %s" % args.seeds)
    rng = random.Random(args.seed)
    texts = {s: open(s, errors="replace").read() for s in seeds}
    jobs = []
    for index in range(args.count):
        seed = rng.choice(seeds)
        steps = args.steps or rng.randint(1, 3)
        text, applied = mutate.mutate(texts[seed], rng, steps, mutations)
        if index >= args.first:
            jobs.append((index, seed, text, applied))

    fuzzer = Fuzzer(args)
    counts = collections.Counter()
    findings = []
    with open(os.path.join(args.out, "mutants.jsonl"), "w") as log, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for record in pool.map(lambda j: fuzzer.one(*j), jobs):
            log.write(json.dumps(record) + "\n")
            log.flush()
            counts["plugin " + record["plugin"]] += 1
            counts["plain " + record["plain"]] += 1
            if record["runs"] is not None:
                counts["ran"] += 1
            if record["finding"]:
                counts["finding " + record["finding"]] += 1
                if not record["finding"].startswith(
                        ("clang-", "seed-", "mutant-")):
                    findings.append(record)
    shutil.rmtree(args.work, ignore_errors=True)
    print("fuzz: mutants %d to %d of %d seeds (seed %d)" %
          (args.first, args.count - 1, len(seeds), args.seed))
    for key in sorted(counts):
        print("  %-26s %d" % (key, counts[key]))
    for f in findings:
        print("FINDING %s: mutant %d of %s (%s); kept in %s/findings" %
              (f["finding"], f["index"], f["seed"], ", ".join(f["mutations"]),
               args.out))
    print("fuzz: %d findings" % len(findings))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
