#!/usr/bin/env python3
"""Writes crates/shogi/src/record/cp932.bin, the double-byte part of Shift_JIS as Windows writes it
(CP932: JIS X 0208 with the NEC and IBM extensions), for the record reader's decoder
(crates/shogi/src/record/shift_jis.rs). Only Python's own codec is used: run it again to check the
committed file (`python3 tools/cp932-table.py --check`).

Layout: one byte N, then the N lead bytes that have a mapping (0xF0-0xF9, the user-defined
area, is left out: it maps to U+E000.. by arithmetic), then for each lead 188 little-endian
u16 code points, one per trail byte 0x40-0x7E, 0x80-0xFC in order; 0 means unmapped.
"""
import pathlib
import struct
import sys

TRAILS = [t for t in range(0x40, 0xFD) if t != 0x7F]
LEADS = [l for l in list(range(0x81, 0xA0)) + list(range(0xE0, 0xFD)) if not 0xF0 <= l <= 0xF9]
OUT = pathlib.Path(__file__).resolve().parent.parent / "crates/shogi/src/record/cp932.bin"


def row(lead):
    points = []
    for trail in TRAILS:
        try:
            text = bytes([lead, trail]).decode("cp932")
        except UnicodeDecodeError:
            points.append(0)
            continue
        assert len(text) == 1 and ord(text) <= 0xFFFF, (lead, trail, text)
        points.append(ord(text))
    return points


def table():
    rows = [(lead, row(lead)) for lead in LEADS]
    rows = [(lead, points) for lead, points in rows if any(points)]
    out = bytearray([len(rows)])
    out += bytes(lead for lead, _ in rows)
    for _, points in rows:
        out += struct.pack("<%dH" % len(points), *points)
    return bytes(out)


if __name__ == "__main__":
    data = table()
    if sys.argv[1:] == ["--check"]:
        same = OUT.read_bytes() == data
        print(f"{OUT}: {'up to date' if same else 'DIFFERS'} ({len(data)} bytes)")
        sys.exit(0 if same else 1)
    OUT.write_bytes(data)
    print(f"wrote {OUT} ({len(data)} bytes)")
