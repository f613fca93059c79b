#!/usr/bin/env python3
"""Each country's flag as a small table of colours, from Debian's iso-flags-svg.

    flags.py --countries countries.json --output flags.txt [--svg-dir DIR]

Reads the 4:3 drawings of Debian's `iso-flags-svg` (public domain; /usr/share/iso-flags-svg/country-4x3,
one SVG per ISO 3166-1 alpha-2 code), rasterises each with `rsvg-convert` (librsvg2-bin) and writes the
`flags.txt` resource that `flag` reads (Sources/CountryModel/Flags/FlagTable.swift). The 4:3 variant is
used rather than the 1:1 one: most flags are wider than tall, and a terminal's half-block pixels are
square, so 4:3 reads as a flag. Only the standard library is used; PNG is decoded here.

Format (ASCII, one flag a line, sorted by code):

    # comment lines
    raster 64 48                       width and height of every flag, in pixels (first data line)
    CC RRGGBB,RRGGBB,… ROW/ROW/…       alpha-2 code, palette, then the rows from the top

Each row is runs of two characters from ALPHABET: the palette index, then the run's length less one
(so 1 to 64 pixels); a row's runs add up to the width. An empty row repeats the row above it. Each
palette holds the colours that cover at least MINIMUM_SHARE of the flag in a 4x rendering, most
common first (at most 64) and leaving out a mix of two more common ones (an
anti-aliased edge); each pixel is the most common of them in its 4x4 block of that rendering (each
of its pixels taken as the nearest), so edges are crisp rather than blended. A code with no drawing in the package (Kosovo, XK) has no line.
"""

import argparse
import json
import os
import struct
import subprocess
import sys
import tempfile
import zlib

WIDTH = 64
HEIGHT = 48
DETAIL = 4  # the palette is read from a rendering this many times larger
MINIMUM_SHARE = 0.002
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-"
SVG_DIR = "/usr/share/iso-flags-svg/country-4x3"


def fail(message):
    print(f"flags: {message}", file=sys.stderr)
    sys.exit(1)


def read_png(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGBA or RGB PNG, over white."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path}: not a PNG")
    pos = 8
    idat = b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour not in (2, 6):
                fail(f"{path}: unexpected PNG kind {depth}/{colour}")
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows = []
    previous = bytearray(stride)
    pos = 0
    for _ in range(height):
        kind = raw[pos]
        line = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        previous = line
        row = []
        for x in range(width):
            px = line[x * channels:x * channels + channels]
            alpha = px[3] if channels == 4 else 255
            # rsvg writes premultiplied-free RGBA; lay it over white
            row.append(tuple((c * alpha + 255 * (255 - alpha)) // 255 for c in px[:3]))
        rows.append(row)
    return width, height, rows


def render(svg, width, height, directory):
    out = os.path.join(directory, "flag.png")
    subprocess.run(["rsvg-convert", "--width", str(width), "--height", str(height), "--keep-aspect-ratio",
                    "--background-color", "white", "--format", "png", "--output", out, svg], check=True)
    w, h, rows = read_png(out)
    if (w, h) != (width, height):
        fail(f"{svg}: rendered {w}x{h}, not {width}x{height}")
    return rows


def palette_of(rows):
    counts = {}
    for row in rows:
        for px in row:
            counts[px] = counts.get(px, 0) + 1
    total = sum(counts.values())
    common = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    kept = []
    for colour, count in common:
        if count >= total * MINIMUM_SHARE and not any(
                blend(colour, a, b) for i, a in enumerate(kept) for b in kept[i + 1:]):
            kept.append(colour)
    return kept[:len(ALPHABET)] or [common[0][0]]


def blend(colour, a, b):
    """Whether `colour` is a mix of `a` and `b`, as an anti-aliased edge between them is."""
    span = [y - x for x, y in zip(a, b)]
    length = sum(d * d for d in span)
    if length == 0:
        return False
    t = sum((c - x) * d for c, x, d in zip(colour, a, span)) / length
    if not 0 < t < 1:
        return False
    return all(abs(x + t * d - c) <= 24 for c, x, d in zip(colour, a, span))


def nearest(colour, palette, memo):
    if colour not in memo:
        memo[colour] = min(range(len(palette)),
                           key=lambda i: sum((a - b) ** 2 for a, b in zip(colour, palette[i])))
    return memo[colour]


def downsample(rows, palette):
    """The WIDTH x HEIGHT rows of palette indices: each pixel the most common palette colour of its
    DETAIL x DETAIL block of the larger rendering (each of its pixels taken as its nearest)."""
    memo = {}
    mapped = [[nearest(px, palette, memo) for px in row] for row in rows]
    out = []
    for y in range(HEIGHT):
        block_rows = mapped[y * DETAIL:(y + 1) * DETAIL]
        row = []
        for x in range(WIDTH):
            counts = {}
            for block_row in block_rows:
                for index in block_row[x * DETAIL:(x + 1) * DETAIL]:
                    counts[index] = counts.get(index, 0) + 1
            row.append(min(counts, key=lambda i: (-counts[i], i)))
        out.append(row)
    return out


def encode(rows):
    lines = []
    previous = None
    for indices in rows:
        if indices == previous:
            lines.append("")
            continue
        previous = indices
        runs = []
        x = 0
        while x < len(indices):
            end = x
            while end < len(indices) and indices[end] == indices[x] and end - x < len(ALPHABET):
                end += 1
            runs.append(ALPHABET[indices[x]] + ALPHABET[end - x - 1])
            x = end
        lines.append("".join(runs))
    return "/".join(lines)


def package_version():
    try:
        return subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "iso-flags-svg"], check=True,
                              capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def build(codes, svg_dir):
    lines = [
        f"# Flags from Debian's iso-flags-svg {package_version()} (public domain), country-4x3,",
        f"# rasterised by Scripts/dataset/flags.py; the format is described there.",
        f"raster {WIDTH} {HEIGHT}",
    ]
    missing = []
    with tempfile.TemporaryDirectory() as directory:
        for code in sorted(codes):
            svg = os.path.join(svg_dir, code.lower() + ".svg")
            if not os.path.exists(svg):
                missing.append(code)
                continue
            detailed = render(svg, WIDTH * DETAIL, HEIGHT * DETAIL, directory)
            palette = palette_of(detailed)
            colours = ",".join("%02x%02x%02x" % colour for colour in palette)
            lines.append(f"{code} {colours} {encode(downsample(detailed, palette))}")
    return "\n".join(lines) + "\n", missing


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--countries", required=True, help="countries.json, for the codes")
    ap.add_argument("--output", required=True, help="where to write flags.txt")
    ap.add_argument("--svg-dir", default=SVG_DIR, help="the package's country-4x3 directory")
    args = ap.parse_args()
    if not os.path.isdir(args.svg_dir):
        fail(f"no {args.svg_dir}: apt-get install iso-flags-svg")
    codes = [entry["cca2"] for entry in json.load(open(args.countries, encoding="utf-8"))]
    text, missing = build(codes, args.svg_dir)
    if missing != ["XK"]:
        fail(f"expected only XK without a drawing, got {missing}")
    with open(args.output, "w", encoding="ascii", newline="\n") as f:
        f.write(text)
    print(f"flags: wrote {len(codes) - len(missing)} flags, {len(text)} bytes (no drawing: {', '.join(missing)})",
          file=sys.stderr)


if __name__ == "__main__":
    main()
