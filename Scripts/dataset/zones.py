"""Each country's IANA time zones and their offsets over a span of years, from PyPI tzdata.

zones_of(cc) gives the zone names the tz database's zone.tab lists for an ISO 3166-1 alpha-2 code,
in zone.tab's order (a territory with its own code has its own zones, as everywhere in ctry).
write_table(zones, path) writes the transitions of those zones between SPAN_START and SPAN_END as
the `zones.txt` resource that `time` and `compare` read (Sources/CountryModel/Time/ZoneTable.swift).
Both read only the pinned tzdata package, never the machine's own zoneinfo.
"""

import datetime
import importlib.resources
import zoneinfo

import tzdata

# The years the table covers; outside them `time` says so.
SPAN_START = 2020
SPAN_END = 2035  # inclusive

# Kosovo (XK) has no code in the tz database; it keeps the time of Serbia (CLDR's metazone for XK
# is Europe_Central, and Pristina follows Europe/Belgrade: tz database, europe, "Kosovo").
EXTRA = {"XK": ["Europe/Belgrade"]}


def _tab():
    text = importlib.resources.files("tzdata").joinpath("zoneinfo/zone.tab").read_text(encoding="utf-8")
    by_code = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        code, _coordinates, zone = line.split("\t")[:3]
        by_code.setdefault(code, []).append(zone)
    return by_code


_BY_CODE = None


def zones_of(cc, excluded=frozenset()):
    """The zone names for alpha-2 `cc` (none for an uninhabited territory such as BV or HM)."""
    global _BY_CODE
    if _BY_CODE is None:
        _BY_CODE = _tab()
    return [z for z in _BY_CODE.get(cc, EXTRA.get(cc, [])) if z not in excluded]


def version():
    return tzdata.IANA_VERSION


def _state(tz, moment):
    local = moment.astimezone(tz)
    return int(local.utcoffset().total_seconds()), local.tzname()


def _transitions(name):
    """(start offset, abbreviation) and [(unix seconds, offset seconds, abbreviation)] in the span."""
    tz = zoneinfo.ZoneInfo(name)
    utc = datetime.timezone.utc
    start = datetime.datetime(SPAN_START, 1, 1, tzinfo=utc)
    end = datetime.datetime(SPAN_END + 1, 1, 1, tzinfo=utc)
    first = _state(tz, start)
    changes = []
    previous = first
    moment = start
    step = datetime.timedelta(hours=6)
    while moment < end:
        following = min(moment + step, end)
        state = _state(tz, following)
        if state != previous and following < end:
            # The first second in (moment, following] with the new state.
            low, high = int(moment.timestamp()), int(following.timestamp())
            while high - low > 1:
                middle = (low + high) // 2
                if _state(tz, datetime.datetime.fromtimestamp(middle, utc)) == previous:
                    low = middle
                else:
                    high = middle
            changes.append((high, state[0], state[1]))
            previous = state
        moment = following
    return first, changes


def write_table(zones, path):
    """Writes the transitions of `zones` (names) to `path`; returns the bytes written.

    Format (ASCII, one zone a line, sorted by name): `NAME<TAB>OFFSET ABBR[<TAB>TIME OFFSET ABBR]...`,
    offsets in seconds east of UTC and times in seconds since 1970 (UTC); or `NAME<TAB>=OTHER` when
    the zone has the same offsets and abbreviations over the span as the zone OTHER named before it.
    """
    lines = [
        f"# ctry's time zones: tzdata {version()} (IANA), {SPAN_START}-{SPAN_END}; "
        "made by Scripts/make-dataset, do not edit",
        f"span\t{SPAN_START}\t{SPAN_END}",
    ]
    seen = {}
    for name in sorted(set(zones)):
        first, changes = _transitions(name)
        key = (first, tuple(changes))
        if key in seen:
            lines.append(f"{name}\t={seen[key]}")
            continue
        seen[key] = name
        fields = [f"{first[0]} {first[1]}"] + [f"{t} {o} {a}" for t, o, a in changes]
        lines.append(name + "\t" + "\t".join(fields))
    text = "\n".join(lines) + "\n"
    with open(path, "w", encoding="ascii", newline="\n") as f:
        f.write(text)
    return len(text)
