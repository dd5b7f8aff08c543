#!/usr/bin/env python3
"""Recompress PNG files in place with zlib (level 9).

hane-mapgen writes PNGs with uncompressed ("stored") deflate blocks so that it needs no
zlib; contact sheets are then several megabytes.  This optional step, run by
experiment.sh when python3 is present, shrinks them ~100x for keeping in the repository.
Only the IDAT stream is rewritten; the image is bit-identical.
"""
import struct
import sys
import zlib


def chunks(data):
    i = 8
    while i < len(data):
        n = struct.unpack(">I", data[i:i + 4])[0]
        yield data[i + 4:i + 8], data[i + 8:i + 8 + n]
        i += 12 + n


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def shrink(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit("%s: not a PNG" % path)
    out, idat = [data[:8]], b""
    for kind, body in chunks(data):
        if kind == b"IDAT":
            idat += body
            continue
        if kind == b"IEND":
            out.append(chunk(b"IDAT", zlib.compress(zlib.decompress(idat), 9)))
        out.append(chunk(kind, body))
    open(path, "wb").write(b"".join(out))


if __name__ == "__main__":
    for p in sys.argv[1:]:
        shrink(p)
