#!/usr/bin/env python3
"""Registers per kernel from `ptxas -v` output, named by the host pass's
metadata: one line per kernel, `NAME: N registers`, sorted by name; with
two names, a last line `more: D` (the second's registers minus the first's).

  kernel-registers.py METADATA.json PTXAS_OUTPUT [FIRST SECOND]
"""
import json, re, sys

names = {k["entry"]: k["name"] for k in json.load(open(sys.argv[1]))["kernels"]}
registers, entry = {}, None
for line in open(sys.argv[2]):
    m = re.search(r"Compiling entry function '(\w+)'", line)
    if m:
        entry = m.group(1)
    m = re.search(r"Used (\d+) registers", line)
    if m and entry in names:
        registers[names[entry]] = int(m.group(1))
for name in sorted(registers):
    print(f"{name}: {registers[name]} registers")
if len(sys.argv) == 5:
    print(f"more: {registers[sys.argv[4]] - registers[sys.argv[3]]}")
