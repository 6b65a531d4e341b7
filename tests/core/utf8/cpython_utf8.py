#!/usr/bin/env python3
"""CPython's UTF-8 codec over a batch of inputs, for tests/core/utf8/test_reference.cpp.

  cpython_utf8.py decode IN OUT: IN holds records (u32 length, then that many bytes); OUT gets,
      for each, (u32 count, then count u32 code points) of bytes.decode('utf-8', 'replace'),
      which replaces each maximal subpart of an ill-formed sequence with one U+FFFD.
  cpython_utf8.py encode IN OUT: IN holds u32 scalar values; OUT gets, for each, (u32 length,
      then the bytes of chr(value).encode('utf-8')).
All integers little-endian.
"""
import struct
import sys


def decode(data):
    out, i = bytearray(), 0
    while i < len(data):
        (length,) = struct.unpack_from("<I", data, i)
        text = data[i + 4:i + 4 + length].decode("utf-8", "replace")
        i += 4 + length
        out += struct.pack("<I", len(text)) + struct.pack(f"<{len(text)}I", *map(ord, text))
    return out


def encode(data):
    out = bytearray()
    for (value,) in struct.iter_unpack("<I", data):
        encoded = chr(value).encode("utf-8")
        out += struct.pack("<I", len(encoded)) + encoded
    return out


def main():
    mode, source, target = sys.argv[1:4]
    data = open(source, "rb").read()
    with open(target, "wb") as f:
        f.write(decode(data) if mode == "decode" else encode(data))


if __name__ == "__main__":
    main()
