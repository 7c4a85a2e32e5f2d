"""Reads an 8-bit RGB or RGBA PNG (as Chromium writes screenshots) with the standard library
only, and prints what a test of a rendered page needs: its size, the share of pixels that are
not background white, and how many pixels are close to each colour asked for.

usage: png_pixels.py FILE.png [NAME=RRGGBB]...   (prints JSON)
"""
import json
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, "unsupported PNG"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    width, height, channels, rows = read_png(sys.argv[1])
    wanted = {}
    for arg in sys.argv[2:]:
        name, hex_colour = arg.split("=")
        wanted[name] = tuple(int(hex_colour[i:i + 2], 16) for i in (0, 2, 4))
    counts = {name: 0 for name in wanted}
    not_white = 0
    for row in rows:
        for x in range(0, width * channels, channels):
            r, g, b = row[x], row[x + 1], row[x + 2]
            if r < 245 or g < 245 or b < 245:
                not_white += 1
            for name, (wr, wg, wb) in wanted.items():
                if abs(r - wr) <= 12 and abs(g - wg) <= 12 and abs(b - wb) <= 12:
                    counts[name] += 1
    print(json.dumps({"width": width, "height": height,
                      "not_white": not_white / float(width * height), "colours": counts}))


main()
