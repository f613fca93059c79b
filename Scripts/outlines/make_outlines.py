#!/usr/bin/env python3
"""Generate ctry's map outlines (Sources/CountryKit/Resources/outlines.txt).

Run through Scripts/make-outlines, which downloads the pinned inputs
(Scripts/outlines/requirements.txt) into a temporary directory:

    make_outlines.py --wheel GEOPANDAS.whl --countries countries.json --output PATH

Input: the Natural Earth 1:110m Admin 0 countries shapefile (public domain) as
shipped in the geopandas 0.14.4 wheel (naturalearth_lowres), read with pyshp.
Each ring is simplified with Douglas-Peucker and its coordinates quantized to
hundredths of a degree. The output is deterministic: no clock, no network.

Output format (UTF-8, LF, sorted by cca3): '#' lines are comments; every other
line is one country:

    CCA3 RING;RING;...

where a RING is space-separated 'lon,lat' points in hundredths of a degree
(integers), the first point not repeated at the end. Rings of one country are
filled with the even-odd rule, so holes (Lesotho inside South Africa) work.
"""

import argparse
import io
import json
import sys
import zipfile

import shapefile  # pyshp

SHAPE_PREFIX = "geopandas/datasets/naturalearth_lowres/naturalearth_lowres"

# Natural Earth code -> ctry cca3, where they differ (see DATA.md, "Map outlines").
#  - Kosovo has ISO_A3 -99 in Natural Earth; ctry's cca3 for it is UNK (as REST Countries).
#  - Northern Cyprus (CYN) and Somaliland (SOL) are not ISO 3166-1 entries: their land is
#    drawn as part of Cyprus and Somalia, as ISO 3166-1 and REST Countries count it.
# geopandas already replaced France's and Norway's -99 with ADM0_A3 (FRA, NOR) and gave
# Crimea to Ukraine; both match ISO 3166-1.
CODE_FIXES = {("-99", "Kosovo"): "UNK", ("CYN", "N. Cyprus"): "CYP", ("SOL", "Somaliland"): "SOM"}

TOLERANCE = 0.04   # Douglas-Peucker tolerance, degrees
SCALE = 100        # quantization: hundredths of a degree


def douglas_peucker(points, tolerance):
    """Simplify an open polyline, keeping its end points (iterative, deterministic)."""
    if len(points) < 3:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (x1, y1), (x2, y2) = points[first], points[last]
        dx, dy = x2 - x1, y2 - y1
        norm = (dx * dx + dy * dy) ** 0.5
        best, index = -1.0, -1
        for i in range(first + 1, last):
            px, py = points[i]
            if norm == 0:
                d = ((px - x1) ** 2 + (py - y1) ** 2) ** 0.5
            else:
                d = abs(dy * px - dx * py + x2 * y1 - y2 * x1) / norm
            if d > best:
                best, index = d, i
        if index >= 0 and best > tolerance:
            keep[index] = True
            stack.append((first, index))
            stack.append((index, last))
    return [p for p, k in zip(points, keep) if k]


def simplify_ring(ring):
    """A closed ring -> simplified, quantized points without the closing repeat, or None."""
    if len(ring) > 1 and ring[0] == ring[-1]:
        ring = ring[:-1]
    if len(ring) < 3:
        return None
    # Split the closed ring at its point farthest from the first, so both halves keep their ends.
    far = max(range(len(ring)), key=lambda i: ((ring[i][0] - ring[0][0]) ** 2 + (ring[i][1] - ring[0][1]) ** 2, -i))
    half1 = douglas_peucker(ring[: far + 1], TOLERANCE)
    half2 = douglas_peucker(ring[far:] + [ring[0]], TOLERANCE)
    points = half1 + half2[1:-1]
    out = []
    for x, y in points:
        q = (round(x * SCALE), round(y * SCALE))
        if not out or out[-1] != q:
            out.append(q)
    while len(out) > 1 and out[0] == out[-1]:
        out.pop()
    if len(set(out)) < 3:
        return None
    return out


def read_shapes(wheel):
    with zipfile.ZipFile(wheel) as archive:
        parts = {ext: io.BytesIO(archive.read(f"{SHAPE_PREFIX}.{ext}")) for ext in ("shp", "shx", "dbf")}
    reader = shapefile.Reader(shp=parts["shp"], shx=parts["shx"], dbf=parts["dbf"], encoding="latin-1")
    fields = [f[0] for f in reader.fields[1:]]
    for shape_record in reader.iterShapeRecords():
        record = dict(zip(fields, shape_record.record))
        shape = shape_record.shape
        bounds = list(shape.parts) + [len(shape.points)]
        rings = [[(float(x), float(y)) for x, y in shape.points[a:b]] for a, b in zip(bounds, bounds[1:])]
        yield record["iso_a3"], record["name"], rings


def build(wheel, countries_path):
    with open(countries_path, encoding="utf-8") as f:
        known = {c["cca3"]: c["name"]["common"] for c in json.load(f)}
    outlines = {}
    sources = {}
    for code, name, rings in read_shapes(wheel):
        cca3 = CODE_FIXES.get((code, name), code)
        if cca3 not in known:
            sys.exit(f"make_outlines: Natural Earth '{name}' ({code}) matches no cca3 in countries.json; "
                     "add it to CODE_FIXES")
        sources.setdefault(cca3, []).append(name)
        for ring in rings:
            simple = simplify_ring(ring)
            if simple is not None:
                outlines.setdefault(cca3, []).append(simple)
    missing = [c for c in sources if c not in outlines]
    if missing:
        sys.exit(f"make_outlines: every ring of {missing} vanished in simplification")
    lines = [
        "# ctry map outlines: generated by Scripts/make-outlines; do not edit (see DATA.md).",
        "# Natural Earth 1:110m Admin 0 countries (public domain), the naturalearth_lowres",
        "# shapefile of geopandas 0.14.4, simplified (Douglas-Peucker, 0.04 degrees).",
        "# Each line: CCA3 then rings separated by ';', each ring 'lon,lat' points in",
        "# hundredths of a degree, space-separated; fill rings with the even-odd rule.",
    ]
    for cca3 in sorted(outlines):
        rings = ";".join(" ".join(f"{x},{y}" for x, y in ring) for ring in outlines[cca3])
        lines.append(f"{cca3} {rings}")
    return "\n".join(lines) + "\n", len(outlines), sum(len(r) for rs in outlines.values() for r in rs)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--wheel", required=True, help="the geopandas 0.14.4 wheel")
    ap.add_argument("--countries", required=True, help="ctry's countries.json (for the cca3 codes)")
    ap.add_argument("--output", required=True)
    args = ap.parse_args()
    text, count, points = build(args.wheel, args.countries)
    with open(args.output, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print(f"make_outlines: {count} countries, {points} points", file=sys.stderr)


if __name__ == "__main__":
    main()
