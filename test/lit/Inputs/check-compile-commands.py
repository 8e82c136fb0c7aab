#!/usr/bin/env python3
"""Checks that each entry of a compile_commands.json parses for tools such as
clangd: with its own flags (the plugin loaded, -fsyntax-only) and without the
plugin's flags, as an editor whose clangd cannot load the plugin sees it.

  check-compile-commands.py compile_commands.json
"""
import json, shlex, subprocess, sys

status = 0
for entry in json.load(open(sys.argv[1])):
    args = entry.get("arguments") or shlex.split(entry["command"])
    syntax, skip = [], False
    for a in args:
        if skip:
            skip = False
        elif a == "-o":
            skip = True
        elif a != "-c":
            syntax.append(a)
    syntax.insert(1, "-fsyntax-only")
    plain = [a for a in syntax if not a.startswith("-fplugin")]
    for name, cmd in (("with the plugin", syntax), ("without it", plain)):
        r = subprocess.run(cmd, cwd=entry["directory"], capture_output=True,
                           text=True)
        print(f"{entry['file'].split('/')[-1]} {name}: "
              f"{'parses' if r.returncode == 0 else 'FAILS'}")
        if r.returncode:
            print(r.stderr)
            status = 1
sys.exit(status)
