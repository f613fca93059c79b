"""Public holidays of each of ctry's entries, from PyPI's holidays package (MIT).

Writes `Sources/CountryKit/Resources/holidays.tsv`, which only `holidays` and `compare` read. The
package's names are taken in American English where it has them (`en_US`), else in its default
language, which is English for every entry without `en_US`. Dates the package estimates (from the
Islamic and other lunar calendars) carry its label, "(estimated)" or "(observed, estimated)"; the
label is taken off the name and the date is marked instead.

The file's format (ASCII but for the names, which are UTF-8 with no tab or line break):

    # comment lines
    @span FIRST LAST
    CCA3<TAB>NAME<TAB>DATE DATE …

A DATE is `YYMMDD` (one day of 20YY) or `MMDD/YY-YY` (that day in each of those years); a leading `~`
marks the package's estimate. Lines are sorted by code, then by their first day, then by name.
"""

import argparse
import json
import re
import sys

import holidays

FIRST_YEAR = 2020
LAST_YEAR = 2035
LANGUAGE = "en_US"
assert 2000 <= FIRST_YEAR <= LAST_YEAR <= 2099, "dates are written with two-digit years"
ESTIMATED = re.compile(r"^(.*?) \((observed, )?estimated\)$")


class HolidaysError(Exception):
    pass


def version():
    return holidays.__version__


def entries(cca2):
    """(date, name, estimated) for each holiday of the entry with this alpha-2 code in the span."""
    cls = holidays.country_holidays(cca2)
    language = LANGUAGE if LANGUAGE in getattr(cls, "supported_languages", ()) else None
    table = holidays.country_holidays(cca2, years=range(FIRST_YEAR, LAST_YEAR + 1), language=language)
    out = []
    for day in sorted(table):
        for name in table.get_list(day):
            match = ESTIMATED.match(name)
            estimated = match is not None
            if match:
                name = match.group(1) + (" (observed)" if match.group(2) else "")
            if "estimated" in name or any(c in name for c in "\t\r\n") or not name.strip():
                raise HolidaysError(f"{cca2} {day}: unexpected holiday name {name!r}")
            out.append((day, name.strip(), estimated))
    return out


def tokens(days):
    """The DATE tokens of one name's (date, estimated) pairs, runs of the same day folded."""
    out = []
    index = 0
    while index < len(days):
        day, estimated = days[index]
        end = index + 1
        while (end < len(days) and days[end][1] == estimated
               and (days[end][0].month, days[end][0].day) == (day.month, day.day)
               and days[end][0].year == days[end - 1][0].year + 1):
            end += 1
        mark = "~" if estimated else ""
        if end - index > 1:
            out.append(f"{mark}{day.month:02}{day.day:02}/{day.year % 100:02}-{days[end - 1][0].year % 100:02}")
        else:
            out.append(f"{mark}{day.year % 100:02}{day.month:02}{day.day:02}")
        index = end
    return out


def table(codes):
    """The file's text for these (cca2, cca3) pairs, and the cca3 codes the package gives no holiday."""
    supported = holidays.list_supported_countries()
    lines = []
    empty = []
    for cca2, cca3 in codes:
        if cca2 not in supported:
            empty.append(cca3)
            continue
        by_name = {}
        for day, name, estimated in entries(cca2):
            by_name.setdefault(name, []).append((day, estimated))
        if not by_name:
            empty.append(cca3)
        rows = sorted((days[0][0], name, days) for name, days in by_name.items())
        lines.extend(f"{cca3}\t{name}\t{' '.join(tokens(days))}" for _, name, days in rows)
    head = [
        f"# Public holidays {FIRST_YEAR}-{LAST_YEAR} from PyPI's holidays {version()} (MIT), made by "
        "Scripts/make-dataset (Scripts/dataset/holidays_table.py, which documents the format).",
        f"# No holidays in the package for: {' '.join(sorted(empty)) or 'none'}.",
        f"@span {FIRST_YEAR} {LAST_YEAR}",
    ]
    return "\n".join(head + sorted(lines, key=lambda line: line.split("\t")[0])) + "\n", empty


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--countries", required=True, help="the countries.json whose codes to cover")
    ap.add_argument("--output", required=True, help="where to write holidays.tsv")
    args = ap.parse_args()
    with open(args.countries, encoding="utf-8") as f:
        codes = sorted((c["cca2"], c["cca3"]) for c in json.load(f))
    try:
        text, empty = table(codes)
    except HolidaysError as exc:
        print(f"holidays_table: {exc}", file=sys.stderr)
        sys.exit(1)
    with open(args.output, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print(f"holidays_table: holidays {version()}, {FIRST_YEAR}-{LAST_YEAR}, "
          f"{len(codes) - len(empty)} of {len(codes)} entries (none for {' '.join(empty)})", file=sys.stderr)


if __name__ == "__main__":
    main()
