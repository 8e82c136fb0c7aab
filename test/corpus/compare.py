#!/usr/bin/env python3
"""Compares two outputs of a corpus program (test/corpus/corpus.hpp format).

Usage: compare.py A B

Each line is `<name> <type> <ulp-bound> <v0> <v1> ...`. Lines are matched by
name; both outputs must have the same names, types, bounds and value counts.
Integers must be equal. Floating values (f32, f64, hex float) must be within
<ulp-bound> units in the last place; a bound of 0 asks for the same bits
(so -0 differs from +0), and any NaN equals any NaN (GPUs do not keep NaN
payloads or signs). Prints every mismatch and a summary line
`compare: N lines, M matched`, and exits 1 if anything differs.
"""
import struct
import sys

FLOAT_FORMATS = {"f32": ("<f", "<I", 32), "f64": ("<d", "<Q", 64)}


def parse(path):
    lines = {}
    order = []
    with open(path, errors="replace") as f:
        for number, text in enumerate(f, 1):
            fields = text.split()
            if not fields:
                continue
            if len(fields) < 3 or not fields[2].isdigit():
                raise ValueError(f"{path}:{number}: not a corpus line: {text.strip()}")
            name = fields[0]
            if name in lines:
                raise ValueError(f"{path}:{number}: {name} printed twice")
            lines[name] = (fields[1], int(fields[2]), fields[3:])
            order.append(name)
    return lines, order


def float_bits(text, fmt):
    value = float.fromhex(text)
    packed = struct.pack(fmt[0], value)
    if value == value and struct.unpack(fmt[0], packed)[0] != value:
        raise ValueError(f"{text} is not a {fmt[2]}-bit float")
    return value, struct.unpack(fmt[1], packed)[0]


def ordered(bits, width):
    """The bits as an integer that counts ulps across zero (-0 == +0)."""
    sign = 1 << (width - 1)
    return -(bits ^ sign) if bits & sign else bits


def value_mismatch(kind, bound, a, b):
    """None if a and b agree, else why not."""
    if kind not in FLOAT_FORMATS:
        return None if int(a) == int(b) else "differ"
    fmt = FLOAT_FORMATS[kind]
    va, ba = float_bits(a, fmt)
    vb, bb = float_bits(b, fmt)
    if va != va or vb != vb:
        return None if va != va and vb != vb else "one is NaN"
    if ba == bb:
        return None
    if bound == 0:
        return "bits differ (bound 0)"
    ulps = abs(ordered(ba, fmt[2]) - ordered(bb, fmt[2]))
    return None if ulps <= bound else f"{ulps} ulp apart (bound {bound})"


def compare_files(path_a, path_b):
    """Prints every mismatch and the summary; returns (lines, matched), or
    None if an output is not in the corpus format."""
    try:
        a, order_a = parse(path_a)
        b, order_b = parse(path_b)
    except (OSError, ValueError) as e:
        print(f"compare: {e}")
        return None
    names = order_a + [n for n in order_b if n not in a]
    matched = 0
    for name in names:
        if name not in b:
            print(f"{name}: only in {path_a}")
            continue
        if name not in a:
            print(f"{name}: only in {path_b}")
            continue
        (ka, ua, va), (kb, ub, vb) = a[name], b[name]
        if (ka, ua, len(va)) != (kb, ub, len(vb)):
            print(f"{name}: type, bound or count differ: {ka} {ua} {len(va)} "
                  f"vs {kb} {ub} {len(vb)}")
            continue
        bad = 0
        for k, (x, y) in enumerate(zip(va, vb)):
            try:
                why = value_mismatch(ka, ua, x, y)
            except ValueError as e:
                why = str(e)
            if why:
                bad += 1
                print(f"{name}[{k}]: {x} vs {y}: {why}")
        matched += bad == 0
    print(f"compare: {len(names)} lines, {matched} matched")
    return len(names), matched


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    result = compare_files(*sys.argv[1:])
    if result is None:
        return 2
    lines, matched = result
    return 0 if lines == matched else 1


if __name__ == "__main__":
    sys.exit(main())
