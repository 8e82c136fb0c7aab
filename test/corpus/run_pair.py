#!/usr/bin/env python3
"""Runs two builds of a corpus program and compares their outputs (ctest).

Usage: run_pair.py --out DIR [--env-a NAME=VALUE]... PROGRAM_A PROGRAM_B

Writes the outputs to DIR/a.out and DIR/b.out, then compares them with
compare.py. A program that was not built is a failure.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402


def run(program, env, out_path):
    with open(out_path, "w") as out:
        proc = subprocess.run([program], stdout=out, stderr=subprocess.PIPE,
                              env=env, timeout=600, text=True,
                              errors="replace")
    if proc.returncode != 0:
        print(f"{program}: exit status {proc.returncode}")
        print("\n".join(proc.stderr.splitlines()[-10:]))
    return proc.returncode == 0


def main():
    args = sys.argv[1:]
    env_a = dict(os.environ)
    out_dir = None
    while len(args) > 1 and args[0] in ("--env-a", "--out"):
        if args[0] == "--out":
            out_dir = args[1]
        else:
            name, _, value = args[1].partition("=")
            env_a[name] = value
        args = args[2:]
    if len(args) != 2 or not out_dir:
        print(__doc__, file=sys.stderr)
        return 2
    missing = [p for p in args if not os.path.exists(p)]
    if missing:
        print(f"not built: {', '.join(missing)}")
        return 1
    a, b = args
    os.makedirs(out_dir, exist_ok=True)
    out_a, out_b = os.path.join(out_dir, "a.out"), os.path.join(out_dir, "b.out")
    ran = run(a, env_a, out_a) & run(b, dict(os.environ), out_b)
    result = compare.compare_files(out_a, out_b)
    return 0 if ran and result and result[0] == result[1] else 1


if __name__ == "__main__":
    sys.exit(main())
