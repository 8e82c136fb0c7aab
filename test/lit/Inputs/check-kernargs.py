#!/usr/bin/env python3
"""Compares the kernels of an AMD code object (llvm-readelf --notes) with the
kernel metadata of the host pass: each kernel must have a descriptor and take
exactly what the host lowering passes, the dyn_ptr and one 8-byte slot per
metadata slot at consecutive offsets, before the hidden arguments.

  check-kernargs.py METADATA.json NOTES.txt
"""
import json, re, sys

meta = json.load(open(sys.argv[1]))
kernels, current, arg = {}, None, None
for line in open(sys.argv[2]):
    m = re.match(r"\s*(- )?\.(\w+):\s*(.*)", line)
    if not m:
        continue
    key, value = m.group(2), m.group(3).strip()
    if key == "agpr_count" and m.group(1):  # a kernel's first key
        current, arg = {"args": []}, None
        continue
    if current is None:
        continue
    if m.group(1):  # an argument's first key
        arg = {}
        current["args"].append(arg)
    if arg is not None and key in ("offset", "size", "value_kind") and key not in arg:
        arg[key] = value if key == "value_kind" else int(value)
    if key == "name":
        kernels[value] = current
    elif key == "symbol":
        current["symbol"] = value
    elif key == "kernarg_segment_size":
        current["segment"] = int(value)

status = 0
for k in meta["kernels"]:
    entry, slots = k["entry"], k["slots"]
    found = kernels.pop(entry, None)
    if found is None:
        print(f"{k['name']}: no kernel {entry} in the code object")
        status = 1
        continue
    explicit = [a for a in found["args"] if not a["value_kind"].startswith("hidden_")]
    hidden = [a for a in found["args"] if a["value_kind"].startswith("hidden_")]
    expected = [(8 * i, 8) for i in range(slots + 1)]
    got = [(a["offset"], a["size"]) for a in explicit]
    ok = (got == expected and found.get("symbol") == entry + ".kd" and
          (not hidden or hidden[0]["offset"] >= 8 * (slots + 1)))
    print(f"{k['name']}: {entry} {'OK' if ok else 'MISMATCH'}: "
          f"{len(explicit)} arguments of 8 bytes (dyn_ptr + {slots} slots), "
          f"hidden from {hidden[0]['offset'] if hidden else '-'}, "
          f"descriptor {found.get('symbol')}")
    status |= not ok
for extra in kernels:
    print(f"unexpected kernel {extra}")
    status = 1
sys.exit(status)
