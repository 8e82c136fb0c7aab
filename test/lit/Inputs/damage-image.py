"""Writes a copy of an executable with one byte of its first embedded device
image changed (the first ELF header after the executable's own)."""
import sys

data = bytearray(open(sys.argv[1], "rb").read())
image = data.index(b"\x7fELF", 1)
data[image + 200] ^= 0xFF
open(sys.argv[2], "wb").write(data)
