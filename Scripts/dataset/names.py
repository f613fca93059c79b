"""Country names in the user's language, from CLDR through babel (Unicode licence).

Writes `Sources/CountryKit/Resources/names.tsv`, which only a run asked for a language other than
English reads (`--lang`, `set language`, LC_ALL/LC_MESSAGES/LANG; Sources/CountryModel/Catalog/
CountryNames.swift). Its languages are chosen so, deterministically: every base language babel has
(a locale identifier without a territory or script), whose own CLDR data (not inherited from a
parent locale) names at least COVERAGE of ctry's entries; English is left out, since ctry's own
names are English. A name is CLDR's default form of the territory's name (babel carries no `alt`
forms, so Hong Kong is "R.A.S. chinoise de Hong Kong" in French); an entry the language does not
name is left empty and shown in English. Kosovo (XK) is named where CLDR names it.

The format (UTF-8, no tab or line break inside a field):

    # comment lines
    @codes<TAB>CCA3<TAB>CCA3 …               the entries, sorted by cca3: the order of every line's names
    CODE<TAB>LANGUAGE<TAB>NAME<TAB>NAME …    one line a language, sorted by code

CODE is the language's code as babel spells it (`fr`, `zh`, `yue`), LANGUAGE its English name (its
own where CLDR has no English one); a
reader finds one language's line by its first field and splits that line alone.
"""

import argparse
import json
import sys

import babel
from babel import Locale, localedata
from babel.core import get_global

COVERAGE = 0.95
LEFT_OUT = {"en"}


def version():
    return f"babel {babel.__version__}, CLDR {get_global('cldr')['version']}"


def clean(name, where):
    if not name or not name.strip() or any(ord(c) < 0x20 or c == "\x7f" for c in name):
        raise ValueError(f"{where}: unusable name {name!r}")
    return name.strip()


def languages(cca2s):
    """(code, English name, {cca2: name}) for each language chosen, sorted by code."""
    english = Locale("en")
    chosen = []
    for ident in sorted(localedata.locale_identifiers()):
        if "_" in ident or ident in LEFT_OUT or ident == "root":
            continue
        own = localedata.load(ident, merge_inherited=False).get("territories", {})
        named = {cc: own[cc] for cc in cca2s if cc in own}
        if len(named) < COVERAGE * len(cca2s):
            continue
        label = english.languages.get(ident) or Locale.parse(ident).get_display_name(ident)
        if not label:
            raise ValueError(f"{ident}: no English name for the language")
        chosen.append((ident, clean(label, ident), {cc: clean(n, f"{ident} {cc}") for cc, n in named.items()}))
    return chosen


def table(codes):
    """The file's text for these (cca2, cca3) pairs, sorted by cca3, and the number of languages."""
    codes = sorted(codes, key=lambda pair: pair[1])
    chosen = languages([cca2 for cca2, _ in codes])
    head = [
        f"# Country names in {len(chosen)} languages from CLDR ({version()}; Unicode licence), made by "
        "Scripts/make-dataset (Scripts/dataset/names.py, which documents the format and the choice).",
        "\t".join(["@codes"] + [cca3 for _, cca3 in codes]),
    ]
    lines = ["\t".join([ident, label] + [names.get(cca2, "") for cca2, _ in codes]) for ident, label, names in chosen]
    return "\n".join(head + lines) + "\n", len(chosen)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--countries", required=True, help="the countries.json whose entries to name")
    ap.add_argument("--output", required=True, help="where to write names.tsv")
    args = ap.parse_args()
    with open(args.countries, encoding="utf-8") as f:
        codes = [(c["cca2"], c["cca3"]) for c in json.load(f)]
    try:
        text, count = table(codes)
    except ValueError as exc:
        print(f"names: {exc}", file=sys.stderr)
        sys.exit(1)
    with open(args.output, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print(f"names: {count} languages of {len(codes)} entries ({version()})", file=sys.stderr)


if __name__ == "__main__":
    main()
