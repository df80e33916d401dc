#!/usr/bin/env python3
"""Writes the PNG files BadInputTests reads (committed; run again only to change them):
- huge-header.png: a well-formed PNG whose header claims 100000 x 100000 RGBA pixels (40 GB decoded), with one
  short compressed row: whatever reads it must refuse it from the header, before allocating the pixels;
- too-wide.png: a real 2000 x 1 image, wider than a registered image may be (1024);
- truncated.png: a real 64 x 64 image cut off in the middle of its pixel data."""
import struct
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, rows):
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    pixels = zlib.compress(b"".join(b"\x00" + row for row in rows))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


with open("huge-header.png", "wb") as out:
    out.write(png(100000, 100000, [b"\x00" * 16]))
with open("too-wide.png", "wb") as out:
    out.write(png(2000, 1, [b"\x20\x40\x80\xff" * 2000]))
whole = png(64, 64, [b"".join(bytes((x * 4, y * 4, 128, 255)) for x in range(64)) for y in range(64)])
with open("truncated.png", "wb") as out:
    out.write(whole[: len(whole) // 2])
