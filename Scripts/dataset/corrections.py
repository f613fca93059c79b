"""Hand-written facts and corrections used by make_dataset.py.

Everything in this file is written by hand (no third-party data is copied in).
Each table says why it exists; each entry that corrects a source says what the
source got wrong and where the fact comes from. Keys are ISO 3166-1 alpha-3
codes, plus "UNK" for Kosovo (the code REST Countries uses).

Sources named in the comments:
  * "ISO 3166-1": the list of codes (checked at run time against pycountry).
  * "UN": the United Nations (membership list, M49 geoscheme).
  * "IOC": the International Olympic Committee's list of 206 National Olympic
    Committees.
  * "Vienna 1968": the UN list of international vehicle distinguishing signs.
  * "common knowledge": widely published facts (capitals, census totals...).
"""

# ---------------------------------------------------------------------------
# countryinfo data files to ignore or merge
# ---------------------------------------------------------------------------

# countryinfo 1.0.1 ships data/*.json for codes that no longer exist in
# ISO 3166-1. They are dropped (the set of codes is checked against pycountry).
DROP_CODES = {
    "ANT",  # Netherlands Antilles: dissolved 2010, code deleted from ISO 3166-1
    "SCG",  # Serbia and Montenegro: split 2006, code deleted from ISO 3166-1
}

# Some codes have two data files (CUW, PSE, VAT). The file with the most keys is
# used as the base and the other one only fills keys the base lacks; the
# corrections below then apply as usual.

# ---------------------------------------------------------------------------
# Kosovo: not in ISO 3166-1 nor in countryinfo; written entirely by hand.
# "XK" is the user-assigned code used by the EU, CLDR and REST Countries;
# "UNK" is the alpha-3 code REST Countries uses (UNMIK travel documents).
# ---------------------------------------------------------------------------
KOSOVO = {
    "cca2": "XK",
    "cca3": "UNK",
    "name": "Kosovo",
    "official": "Republic of Kosovo",
    "altSpellings": ["XK", "Republic of Kosovo", "Republika e Kosovës",
                     "Република Косово", "Kosova", "Kosovo i Metohija"],
    "capital": ["Pristina"],
    "capital_latlng": [42.6629, 21.1655],
    "latlng": [42.666667, 21.166667],
    "area": 10908,             # km², common knowledge (Kosovo Agency of Statistics)
    "callingCodes": ["383"],   # ITU assigned +383 in 2016
    "currencies": ["EUR"],     # CLDR agrees (unilateral use of the euro)
    "languages": ["sq", "sr"], # Albanian and Serbian (constitution)
    "demonym": "Kosovar",
    "borders": ["ALB", "MKD", "MNE", "SRB"],
    "region": "Europe",
    "subregion": "Southern Europe",  # the UN has no code for Kosovo; same as its neighbours
    "timezones": ["UTC+01:00"],       # Central European Time, like Serbia
}

# ---------------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------------

# English common names, REST Countries style, where countryinfo's "name" differs.
COMMON_NAMES = {
    "BES": "Caribbean Netherlands",
    "BHS": "Bahamas",                  # countryinfo: "The Bahamas"
    "COD": "DR Congo",
    "CZE": "Czechia",                  # short name in ISO 3166-1 since 2016
    "FSM": "Micronesia",
    "GMB": "Gambia",                   # countryinfo: "The Gambia"
    "MAF": "Saint Martin",
    "MKD": "North Macedonia",          # renamed 2019 (Prespa agreement)
    "PSE": "Palestine",
    "SHN": "Saint Helena, Ascension and Tristan da Cunha",  # renamed 2009
    "SWZ": "Eswatini",                 # renamed 2018
    "SXM": "Sint Maarten",
    "TLS": "Timor-Leste",
    "VAT": "Vatican City",
    "VGB": "British Virgin Islands",
    "VIR": "United States Virgin Islands",
}

# Official English names. Where this table has no entry, pycountry's ISO 3166-1
# official_name is used, and failing that the common name (territories whose
# official name is just their name).
OFFICIAL_NAMES = {
    # pycountry's official_name needs fixing
    "BES": "Bonaire, Sint Eustatius and Saba",
    "CUW": "Country of Curaçao",
    "ERI": "State of Eritrea",               # pycountry: "the State of Eritrea"
    "HKG": "Hong Kong Special Administrative Region of the People's Republic of China",
    "LBY": "State of Libya",                 # pycountry: "Libya"
    "MAC": "Macao Special Administrative Region of the People's Republic of China",
    "MMR": "Republic of the Union of Myanmar",  # since the 2008 constitution
    "PSE": "State of Palestine",             # pycountry: "the State of Palestine"
    "STP": "Democratic Republic of São Tomé and Príncipe",  # with diacritics
    "SXM": "Sint Maarten",                   # pycountry: "Sint Maarten (Dutch part)"
    "TWN": "Republic of China (Taiwan)",     # pycountry: "Taiwan, Province of China"
    # pycountry has no official_name
    "ARE": "United Arab Emirates",
    "ATF": "Territory of the French Southern and Antarctic Lands",
    "ATG": "Antigua and Barbuda",
    "AUS": "Commonwealth of Australia",
    "BLM": "Collectivity of Saint Barthélemy",
    "BRN": "Nation of Brunei, Abode of Peace",
    "CAF": "Central African Republic",
    "CCK": "Territory of the Cocos (Keeling) Islands",
    "COD": "Democratic Republic of the Congo",
    "CXR": "Territory of Christmas Island",
    "DOM": "Dominican Republic",
    "ESH": "Sahrawi Arab Democratic Republic",
    "GGY": "Bailiwick of Guernsey",
    "HMD": "Territory of Heard Island and McDonald Islands",
    "IRL": "Republic of Ireland",
    "JEY": "Bailiwick of Jersey",
    "KNA": "Federation of Saint Christopher and Nevis",
    "KOR": "Republic of Korea",
    "LAO": "Lao People's Democratic Republic",
    "MAF": "Collectivity of Saint Martin",
    "MYT": "Department of Mayotte",
    "NFK": "Territory of Norfolk Island",
    "PCN": "Pitcairn Group of Islands",
    "PRI": "Commonwealth of Puerto Rico",
    "RUS": "Russian Federation",
    "SGS": "South Georgia and the South Sandwich Islands",
    "SHN": "Saint Helena, Ascension and Tristan da Cunha",
    "SJM": "Svalbard and Jan Mayen",
    "SYR": "Syrian Arab Republic",
    "UMI": "United States Minor Outlying Islands",
    "VAT": "Vatican City State",
    "WLF": "Territory of the Wallis and Futuna Islands",
}

# Extra alternative spellings (searchable names) beyond countryinfo's lists,
# pycountry's names and CLDR's English name.
EXTRA_ALT_SPELLINGS = {
    "CIV": ["Côte d'Ivoire", "Cote d'Ivoire"],
    "COD": ["Democratic Republic of Congo"],  # the official name as commonly written, without "the"
    "COG": ["Republic of Congo"],             # likewise, so it is not taken for both Congos
    "CPV": ["Cabo Verde"],
    "CZE": ["Czech Republic"],
    "MKD": ["Macedonia"],
    "MMR": ["Burma"],
    "SWZ": ["Swaziland"],
    "TLS": ["East Timor"],
    "TUR": ["Türkiye"],                # official English short name since 2022
    "VAT": ["Holy See"],
}

# ---------------------------------------------------------------------------
# Capitals
# ---------------------------------------------------------------------------

# (capital list, capital coordinates [lat, lng]) — replaces countryinfo's.
CAPITALS = {
    # wrong capital in countryinfo
    "BDI": (["Gitega"], [-3.4271, 29.9246]),       # political capital moved from Bujumbura, 2019
    "KAZ": (["Astana"], [51.1694, 71.4491]),       # renamed back from Nur-Sultan, 2022
    "LKA": (["Sri Jayawardenepura Kotte"], [6.8868, 79.9187]),  # legislative capital; Colombo is the commercial capital
    "SWZ": (["Mbabane"], [-26.3054, 31.1367]),     # executive capital (Lobamba is the royal/legislative one)
    "ZAF": (["Pretoria", "Bloemfontein", "Cape Town"], [-25.7479, 28.2293]),  # executive, judicial, legislative
    "VAT": (["Vatican City"], [41.9029, 12.4534]), # countryinfo: "Vatican City State"
    "BES": (["Kralendijk"], [12.1443, -68.2655]),  # countryinfo lists the three islands' chief towns
    "PSE": (["Ramallah"], [31.9038, 35.2034]),     # seat of government (REST Countries also uses Ramallah)
    "MAC": ([], None),                             # city territory: no capital (countryinfo: "")
    # right capital, wrong coordinates in countryinfo (they pointed at places
    # with the same name elsewhere, or at the middle of the country)
    "AIA": (["The Valley"], [18.2206, -63.0686]),    # countryinfo: Nebraska
    "ATG": (["Saint John's"], [17.1274, -61.8468]),  # countryinfo: Newfoundland
    "BRA": (["Brasília"], [-15.7939, -47.8828]),     # countryinfo: centre of Brazil
    "GRD": (["St. George's"], [12.0561, -61.7488]),  # countryinfo: Lorraine
    "IMN": (["Douglas"], [54.1523, -4.4861]),        # countryinfo: Illinois
    "LUX": (["Luxembourg"], [49.6116, 6.1319]),      # countryinfo: centre of the country
    "MMR": (["Naypyidaw"], [19.7633, 96.0785]),      # countryinfo: rounded centroid
    "MSR": (["Plymouth"], [16.7056, -62.2153]),      # countryinfo: Plymouth, England
    "NFK": (["Kingston"], [-29.0569, 167.9617]),     # countryinfo: Kingston, Jamaica
    "REU": (["Saint-Denis"], [-20.8823, 55.4504]),   # countryinfo: Saint-Denis near Paris
    "SHN": (["Jamestown"], [-15.9244, -5.7181]),     # countryinfo: Jamestown, Virginia
    "SPM": (["Saint-Pierre"], [46.7811, -56.1764]),  # countryinfo: Saint-Pierre in Alsace
    "TLS": (["Dili"], [-8.5569, 125.5603]),          # countryinfo: Delhi's coordinates
    "TUN": (["Tunis"], [36.8065, 10.1815]),          # countryinfo: centre of Tunisia
}

# ---------------------------------------------------------------------------
# Facts missing from countryinfo's thin entries (files with only name, ISO
# codes, capital and region). Values: common knowledge, rounded. Populations
# come from CLDR (see POPULATION), not from here.
# ---------------------------------------------------------------------------
FILL = {
    "ALA": dict(area=1580, latlng=[60.116667, 19.9], callingCodes=["35818"],
                tld=[".ax"], demonym="Ålandish"),
    "ATA": dict(area=14000000, latlng=[-90.0, 0.0], tld=[".aq"]),
    "BES": dict(area=328, latlng=[12.183333, -68.233333], callingCodes=["599"],
                tld=[".bq"], demonym="Dutch"),
    "BLM": dict(area=21, latlng=[17.9, -62.833333], callingCodes=["590"],
                tld=[".bl"], demonym="Saint Barthélemy Islander"),
    "BVT": dict(area=49, latlng=[-54.433333, 3.4], callingCodes=["47"], tld=[".bv"]),
    "CUW": dict(area=444, latlng=[12.116667, -68.933333], callingCodes=["599"],
                tld=[".cw"], demonym="Curaçaoan"),
    "MAF": dict(area=53, latlng=[18.0708, -63.0501], callingCodes=["590"],
                tld=[".mf"], demonym="Saint Martin Islander"),
    "SXM": dict(area=34, latlng=[18.033333, -63.05], callingCodes=["1721"],
                tld=[".sx"], demonym="St. Maartener"),
    "TCA": dict(area=948, latlng=[21.75, -71.583333], callingCodes=["1649"],
                tld=[".tc"], demonym="Turks and Caicos Islander"),
    "UMI": dict(area=34.2, latlng=[19.3, 166.633333], demonym="American"),
    "VGB": dict(area=151, latlng=[18.431383, -64.62305], callingCodes=["1284"],
                tld=[".vg"], demonym="Virgin Islander"),
    "VIR": dict(area=347, latlng=[18.35, -64.933333], callingCodes=["1340"],
                tld=[".vi"], demonym="Virgin Islander"),
    # files that only lack a few keys
    "GLP": dict(area=1628),
    "GUF": dict(area=83534, demonym="French Guianese"),  # countryinfo demonym: ""
    "MTQ": dict(area=1128),
    "MYT": dict(area=374),
    "REU": dict(area=2511),
    "SGS": dict(area=3903),
    "SHN": dict(area=394),
    "SJM": dict(area=61399),
}

# Populations by hand, as (figure, year of the figure or None, its source as
# the card shows it after the year, or None). Every other entry's population is
# the CIA World Factbook's where it is newer than 2021 (factbook.py), else
# CLDR's territoryInfo figure (World Factbook estimates for 2021; see DATA.md).
# An entry here must differ from CLDR's and be no older than the Factbook's.
POPULATION = {
    # CLDR's 1,932,770 is an estimate from before the 2024 census (Kosovo Agency
    # of Statistics: 1,586,659); the Factbook's 1,977,093 (2024 est.) is too.
    "UNK": (1586659, 2024, "census, Kosovo Agency of Statistics"),
    # Uninhabited islands: CLDR writes 1 (its smallest figure), not a count.
    "BVT": (0, None, None),
    "HMD": (0, None, None),
}

# English demonyms replacing countryinfo's odd or misspelt ones.
DEMONYMS = {
    "ARG": "Argentine",          # countryinfo: "Argentinean"
    "CPV": "Cape Verdean",       # countryinfo: "Cape Verdian" (misspelt)
    "CXR": "Christmas Islander", # countryinfo: "Christmas Island"
    "DJI": "Djiboutian",         # countryinfo: "Djibouti"
    "GIB": "Gibraltarian",       # countryinfo: "Gibraltar"
    "KGZ": "Kyrgyzstani",        # countryinfo: "Kirghiz" (dated)
    "MDV": "Maldivian",          # countryinfo: "Maldivan" (misspelt)
    "TJK": "Tajikistani",        # countryinfo: "Tadzhik" (dated)
    "VAT": "Vatican",            # countryinfo: "Vaticanian" / ""
}

# ---------------------------------------------------------------------------
# Languages (ISO 639-1 codes as in countryinfo; ISO 639-3 where there is no
# 639-1 code). Replaces countryinfo's list where it is wrong or incomplete.
# Where neither countryinfo nor this table has languages, CLDR's official
# languages for the territory are used.
# ---------------------------------------------------------------------------
LANGUAGES = {
    "ABW": ["nl", "pap"],        # countryinfo had "pa" (Punjabi) for Papiamento
    "AFG": ["ps", "prs", "uz", "tk"],  # countryinfo lacked Dari, an official language
    "AND": ["ca"],               # Catalan is the only official language
    "ARM": ["hy"],               # Armenian is the only official language (countryinfo added Russian)
    "AZE": ["az"],               # countryinfo listed Armenian
    # Constitution of Bolivia (2009), art. 5.I: Spanish and the 36 indigenous languages are official;
    # Guaraní is one of the three most spoken, beside Aymara and Quechua.
    "BOL": ["es", "ay", "qu", "gn"],
    "BES": ["nl", "pap", "en"],
    "CHE": ["de", "fr", "it", "rm"],  # Romansh is a national language
    # Constitution of the DR Congo (2006), art. 1: national languages Kikongo, Lingala, Swahili and
    # Tshiluba (Luba-Lulua, "lua"; countryinfo had Luba-Katanga, "lu").
    "COD": ["fr", "kg", "ln", "sw", "lua"],
    # Constitution of the Republic of the Congo (2015), art. 4: French official; Lingala and Kituba
    # the national languages (countryinfo lacked Kituba).
    "COG": ["fr", "ln", "mkw"],
    # Te Reo Maori Act 2003 (Cook Islands): Cook Islands Māori (Rarotongan) is official with English.
    "COK": ["en", "rar"],
    # Constitution of the Comoros (2018), art. 1: Comorian (Shikomor), Arabic and French are official.
    "COM": ["ar", "fr", "swb"],
    "CUW": ["nl", "pap", "en"],  # official languages of Curaçao
    "CYP": ["el", "tr"],         # the two official languages
    "ESH": ["ar", "es"],         # countryinfo: Spanish only
    # Constitution of Spain, art. 3: Castilian the official language of the State; Catalan, Basque
    # and Galician co-official in their autonomous communities.
    "ESP": ["es", "ca", "eu", "gl"],
    "FJI": ["en", "fj", "hif"],  # constitution: English, iTaukei, Fiji Hindi (countryinfo: Urdu)
    "FRO": ["fo", "da"],
    # Constitution of Guinea: French is the official language; Fula is one of several national
    # languages (as are Malinke and Susu), so it is not listed alone.
    "GIN": ["fr"],
    # Constitution of Equatorial Guinea, art. 4 (as reformed 2011): Spanish, French and Portuguese.
    "GNQ": ["es", "fr", "pt"],
    "KIR": ["en", "gil"],
    # Constitution of Morocco (2011), art. 5: Arabic and Amazigh (Standard Moroccan Tamazight).
    "MAR": ["ar", "zgh"],
    # Constitution of the Northern Mariana Islands, art. XXII: English, Chamorro and Carolinian.
    "MNP": ["en", "ch", "cal"],
    # Norfolk Island Language (Norf'k) Act 2004: Norf'k is official with English.
    "NFK": ["en", "pih"],
    # Niue Language Act 2012 (Niuean official with English).
    "NIU": ["en", "niu"],
    # Sami Act (Sameloven, 1987), ch. 3: Sami has equal standing with Norwegian.
    "NOR": ["nb", "nn", "se"],
    # Maori Language Act 1987 and New Zealand Sign Language Act 2006.
    "NZL": ["en", "mi", "nzs"],
    "PER": ["es", "qu", "ay"],   # Quechua and Aymara are co-official
    # Constitution of Palau, art. XIII, s. 1: Palauan and English.
    "PLW": ["en", "pau"],
    "PHL": ["en", "fil"],        # Filipino is official
    "PNG": ["en", "tpi", "ho"],  # Tok Pisin, Hiri Motu
    "SRB": ["sr"],               # countryinfo had "rs" (not a language code)
    "SXM": ["en", "nl"],
    "SYC": ["fr", "en", "crs"],  # Seychellois Creole
    "TLS": ["pt", "tet"],        # Tetum is co-official
    # Tokelauan and English are Tokelau's languages (CIA World Factbook, Tokelau: Languages;
    # countryinfo lacked Tokelauan).
    "TKL": ["en", "tkl"],
    "TUV": ["en", "tvl"],
    "UMI": ["en"],
    "VGB": ["en"],
    "VIR": ["en"],
    "TCA": ["en"],
    # Constitution of South Africa, section 6(1): eleven official languages (countryinfo lacked
    # Northern Sotho, Sepedi, which has no ISO 639-1 code).
    "ZAF": ["af", "en", "nr", "nso", "st", "ss", "tn", "ts", "ve", "xh", "zu"],
    # Constitution of Zimbabwe (2013), s. 6(1): sixteen officially recognised languages, all but
    # Koisan (which has no ISO 639-3 code); its sign language is Zimbabwean Sign Language ("zib").
    "ZWE": ["en", "ny", "bwg", "kck", "nmq", "ndc", "nd", "ts", "sn", "st", "toi", "tn", "ve", "xh", "zib"],
}

# ---------------------------------------------------------------------------
# Currencies: taken from CLDR (current legal tender on a fixed date); this
# table overrides CLDR where it is out of date.
# ---------------------------------------------------------------------------
CURRENCIES = {
    "BGR": ["EUR"],  # Bulgaria adopted the euro on 2026-01-01 (CLDR 47 predates the decision)
}

# Symbols babel cannot give well (it ships no "narrow" symbols).
CURRENCY_SYMBOLS = {
    "EGP": "E£",   # CLDR narrow symbol; babel only has "EGP" / Arabic "ج.م.‏"
    "CVE": "Esc",  # CLDR's pt_CV symbol is a zero-width space
    "KPW": "₩",    # babel: "KPW" everywhere
}

# ---------------------------------------------------------------------------
# Borders. countryinfo's border lists are mostly right but have one-sided pairs,
# stale codes and a few wrong entries. After renaming codes, the generator
# removes REMOVE_BORDERS pairs, adds ADD_BORDERS pairs (both directions) and
# then fails if any one-sided pair is left, so every decision is written here.
# Checked against a map: only land borders count (no sea borders, no borders of
# overseas territories that have their own entry).
# ---------------------------------------------------------------------------
BORDER_CODE_ALIASES = {
    "KOS": "UNK",  # Kosovo (ALB, MKD lists)
    "XKX": "UNK",  # Kosovo (MNE, SRB lists)
    "IT": "ITA",   # alpha-2 code in a Vatican file
}

REMOVE_BORDERS = [
    ("CYP", "GBR"),  # Akrotiri and Dhekelia are British, but GBR has no entry for them; REST lists none
    ("IND", "AFG"),  # only a claimed border through Pakistan-administered Gilgit-Baltistan
    ("IND", "LKA"),  # Palk Strait: no land border (listed on both sides in countryinfo)
    ("KWT", "IRN"),  # no land border; Kuwait's neighbours are Iraq and Saudi Arabia
    ("MMR", "BTN"),  # no border; India lies between them
    ("SRB", "ALB"),  # no border; Kosovo lies between them
    ("SUR", "FRA"),  # Suriname borders French Guiana (GUF), which has its own entry
    ("TCD", "SSD"),  # no border; Sudan and the Central African Republic lie between them
]

ADD_BORDERS = [
    ("MMR", "IND"),  # real border (India listed it, Myanmar did not)
    ("KWT", "IRQ"),  # real border (Iraq listed it)
    ("CHN", "NPL"),  # real border across the Himalaya (Nepal listed it)
    ("EGY", "PSE"),  # Gaza Strip–Egypt (Rafah)
    ("ISR", "PSE"),  # West Bank and Gaza Strip
    ("JOR", "PSE"),  # West Bank–Jordan (Jordan river)
    ("TCD", "SDN"),  # real border (Sudan listed it)
    ("MAF", "SXM"),  # the island of Saint Martin is shared; both files were empty
    # Kosovo (no countryinfo file): its four neighbours
    ("UNK", "ALB"), ("UNK", "MKD"), ("UNK", "MNE"), ("UNK", "SRB"),
]

# Landlocked states and territories (44 UN-era landlocked states + Kosovo).
LANDLOCKED = {
    # Africa (16)
    "BWA", "BFA", "BDI", "CAF", "TCD", "SWZ", "ETH", "LSO", "MWI", "MLI", "NER",
    "RWA", "SSD", "UGA", "ZMB", "ZWE",
    # Asia (12; Caspian coasts do not count)
    "AFG", "ARM", "AZE", "BTN", "KAZ", "KGZ", "LAO", "MNG", "NPL", "TJK", "TKM", "UZB",
    # Europe (14 + Kosovo)
    "AND", "AUT", "BLR", "CZE", "HUN", "LIE", "LUX", "MKD", "MDA", "SMR", "SRB",
    "SVK", "CHE", "VAT", "UNK",
    # South America (2)
    "BOL", "PRY",
}

# ---------------------------------------------------------------------------
# Regions. countryinfo follows the UN M49 geoscheme; these fix its mistakes and
# follow REST Countries for the Antarctic.
# ---------------------------------------------------------------------------
# REST Countries puts these in an "Antarctic" region with no subregion.
ANTARCTIC = {"ATA", "ATF", "BVT", "HMD", "SGS"}
# Where ctry deliberately follows REST Countries rather than UN M49 (DATA.md lists the differences).
REGIONS = {
    # UN M49 puts Cyprus in Western Asia; REST Countries, the EU (a member since 2004) and most
    # readers put it in Europe. (region, subregion)
    "CYP": ("Europe", "Southern Europe"),
}
SUBREGIONS = {
    "MNE": "Southern Europe",  # UN M49: Southern Europe (countryinfo: Eastern Europe)
    "SRB": "Southern Europe",  # UN M49: Southern Europe (countryinfo: Eastern Europe)
}
# Continents: derived from the region (Americas split into North/South
# America); these states span the conventional Europe–Asia boundary.
TRANSCONTINENTAL = {
    "AZE": ["Europe", "Asia"],
    "GEO": ["Europe", "Asia"],
    "KAZ": ["Europe", "Asia"],
    "RUS": ["Europe", "Asia"],
    "TUR": ["Europe", "Asia"],
}

# ---------------------------------------------------------------------------
# Calling codes. Derived from countryinfo's callingCodes (root = "+" and the
# first digit, suffixes = the rest); REST Countries lists ranges for +7.
# ---------------------------------------------------------------------------
IDD = {
    "RUS": {"root": "+7", "suffixes": ["3XX", "4XX", "5XX", "8XX", "9XX"]},
    "KAZ": {"root": "+7", "suffixes": ["6XX", "7XX"]},
}

# ---------------------------------------------------------------------------
# Time zones: standard offsets of the IANA zones that CLDR (and countryinfo)
# assign to each territory, except these zones, which are not the country's
# official time.
# ---------------------------------------------------------------------------
EXCLUDED_ZONES = {
    "Asia/Urumqi",        # China has a single official time (UTC+08:00); Xinjiang time is informal
    "Europe/Simferopol",  # occupied Crimea keeps Moscow time; Ukraine's official time is UTC+02:00
}

# ---------------------------------------------------------------------------
# Sovereignty
# ---------------------------------------------------------------------------
# The 193 member states of the United Nations.
UN_MEMBERS = set("""
AFG ALB DZA AND AGO ATG ARG ARM AUS AUT AZE BHS BHR BGD BRB BLR BEL BLZ BEN BTN
BOL BIH BWA BRA BRN BGR BFA BDI CPV KHM CMR CAN CAF TCD CHL CHN COL COM COG COD
CRI CIV HRV CUB CYP CZE DNK DJI DMA DOM ECU EGY SLV GNQ ERI EST SWZ ETH FJI FIN
FRA GAB GMB GEO DEU GHA GRC GRD GTM GIN GNB GUY HTI HND HUN ISL IND IDN IRN IRQ
IRL ISR ITA JAM JPN JOR KAZ KEN KIR PRK KOR KWT KGZ LAO LVA LBN LSO LBR LBY LIE
LTU LUX MDG MWI MYS MDV MLI MLT MHL MRT MUS MEX FSM MDA MCO MNG MNE MAR MOZ MMR
NAM NRU NPL NLD NZL NIC NER NGA MKD NOR OMN PAK PLW PAN PNG PRY PER PHL POL PRT
QAT ROU RUS RWA KNA LCA VCT WSM SMR STP SAU SEN SRB SYC SLE SGP SVK SVN SLB SOM
ZAF SSD ESP LKA SDN SUR SWE CHE SYR TJK TZA THA TLS TGO TON TTO TUN TUR TKM TUV
UGA UKR ARE GBR USA URY UZB VUT VEN VNM YEM ZMB ZWE
""".split())

# independent: the UN members plus the states that ISO 3166-1 marks as
# independent (Vatican City), plus Kosovo (declared independence in 2008 and is
# recognised by about half of the UN members). Palestine, Taiwan and Western
# Sahara are marked not independent, as in ISO 3166-1 and REST Countries.
INDEPENDENT_EXTRA = {"VAT", "UNK"}

# Who holds sovereignty over each of the 55 entries that are not independent,
# one entry each: code -> (sovereign state's alpha-3 code or None, kind of
# territory or None, source). The generator writes the code as `parent` (as the
# REST Countries v5 API names it) and the kind as `dependencyType` (v5's
# `classification.dependency_type`), and fails unless this table covers exactly
# the entries marked not independent, each with a source, every parent is a UN
# member and every kind is in DEPENDENCY_KINDS.
#
# The kinds, and how ctry's card words them (Sources/CountryModel/Model/
# Sovereignty.swift has the same list; a test checks the two agree):
#   "part": the land is part of the sovereign state ("part of the Kingdom of
#     Denmark"); "dependency": a dependency outside the state proper;
#   "association": self-governing in free association; "none": no sovereign.
DEPENDENCY_KINDS = {
    "autonomous territory": "part",
    "autonomous region": "part",
    "constituent country": "part",
    "special municipalities": "part",
    "overseas department": "part",
    "overseas collectivity": "part",
    "sui generis collectivity": "part",
    "overseas territory": "part",
    "special administrative region": "part",
    "unincorporated area": "part",
    "external territory": "part",
    "free association": "association",
    "British Overseas Territory": "dependency",
    "Crown dependency": "dependency",
    "unincorporated territory": "dependency",
    "dependent territory": "dependency",
    "dependency": "dependency",
    "Antarctic Treaty area": "none",
}

_BOT = "British Overseas Territories Act 2002 (UK), listed in schedule 6 to the British Nationality Act 1981"
_CROWN = ("UK Ministry of Justice, Fact sheet on the UK's relationship with the Crown Dependencies: "
          "not part of the UK; the UK answers for their defence and international relations")
_FR_DOM = "Constitution of France, art. 72-3 and 73 (overseas department and region)"
_FR_COM = "Constitution of France, art. 72-3 and 74 (overseas collectivity)"
_NL = "Charter for the Kingdom of the Netherlands, art. 1 (as amended 10 October 2010)"

SOVEREIGNTY = {
    # Kingdom of Denmark
    "GRL": ("DNK", "autonomous territory", "Act on Greenland Self-Government (Danish Act no. 473 of 12 June 2009)"),
    "FRO": ("DNK", "autonomous territory",
            "Act on the Home Rule of the Faroe Islands (Danish Act no. 137 of 23 March 1948)"),
    # Finland
    "ALA": ("FIN", "autonomous region", "Act on the Autonomy of Åland (Finnish Act 1144/1991)"),
    # Kingdom of the Netherlands
    "ABW": ("NLD", "constituent country", _NL + "; a country of the Kingdom since 1 January 1986"),
    "CUW": ("NLD", "constituent country", _NL),
    "SXM": ("NLD", "constituent country", _NL),
    "BES": ("NLD", "special municipalities",
            "Constitution of the Netherlands, art. 132a: Bonaire, Sint Eustatius and Saba are public bodies "
            "of the Netherlands since 10 October 2010"),
    # France
    "GLP": ("FRA", "overseas department", _FR_DOM),
    "GUF": ("FRA", "overseas department", _FR_DOM),
    "MTQ": ("FRA", "overseas department", _FR_DOM),
    "REU": ("FRA", "overseas department", _FR_DOM),
    "MYT": ("FRA", "overseas department", _FR_DOM + "; a department since 31 March 2011"),
    "BLM": ("FRA", "overseas collectivity", _FR_COM + "; separated from Guadeloupe in 2007"),
    "MAF": ("FRA", "overseas collectivity", _FR_COM + "; separated from Guadeloupe in 2007"),
    "SPM": ("FRA", "overseas collectivity", _FR_COM),
    "WLF": ("FRA", "overseas collectivity", _FR_COM),
    "PYF": ("FRA", "overseas collectivity", _FR_COM),
    "NCL": ("FRA", "sui generis collectivity",
            "Constitution of France, title XIII (art. 76 and 77); Nouméa Accord (1998)"),
    "ATF": ("FRA", "overseas territory", "Constitution of France, art. 72-3; Law no. 55-1052 of 6 August 1955"),
    # People's Republic of China
    "HKG": ("CHN", "special administrative region",
            "Basic Law of the Hong Kong Special Administrative Region, art. 1; Sino-British Joint Declaration (1984)"),
    "MAC": ("CHN", "special administrative region",
            "Basic Law of the Macao Special Administrative Region, art. 1; Sino-Portuguese Joint Declaration (1987)"),
    # Norway
    "SJM": ("NOR", "unincorporated area",
            "Svalbard Act (1925) and Jan Mayen Act (1930): part of the Kingdom of Norway; Svalbard Treaty (1920)"),
    "BVT": ("NOR", "dependency",
            "Dependencies Act of 27 February 1930 (Norway): a Norwegian dependency, not part of the Kingdom"),
    # Australia
    "CXR": ("AUS", "external territory", "Christmas Island Act 1958 (Cth)"),
    "CCK": ("AUS", "external territory", "Cocos (Keeling) Islands Act 1955 (Cth)"),
    "NFK": ("AUS", "external territory", "Norfolk Island Act 1979 (Cth)"),
    "HMD": ("AUS", "external territory", "Heard Island and McDonald Islands Act 1953 (Cth)"),
    # New Zealand
    "COK": ("NZL", "free association", "Cook Islands Constitution Act 1964 (NZ): self-governing in free association"),
    "NIU": ("NZL", "free association", "Niue Constitution Act 1974 (NZ): self-governing in free association"),
    "TKL": ("NZL", "dependent territory", "Tokelau Act 1948 (NZ); on the UN list of Non-Self-Governing Territories"),
    # United Kingdom
    "AIA": ("GBR", "British Overseas Territory", _BOT),
    "BMU": ("GBR", "British Overseas Territory", _BOT),
    "CYM": ("GBR", "British Overseas Territory", _BOT),
    "FLK": ("GBR", "British Overseas Territory", _BOT + "; Argentina claims the islands"),
    "GIB": ("GBR", "British Overseas Territory", _BOT + "; Spain claims Gibraltar"),
    "IOT": ("GBR", "British Overseas Territory",
            _BOT + "; Mauritius claims the Chagos Islands, and a 2025 UK–Mauritius treaty "
            "provides for their transfer"),
    "MSR": ("GBR", "British Overseas Territory", _BOT),
    "PCN": ("GBR", "British Overseas Territory", _BOT),
    "SGS": ("GBR", "British Overseas Territory", _BOT + "; Argentina claims the islands"),
    "SHN": ("GBR", "British Overseas Territory", _BOT),
    "TCA": ("GBR", "British Overseas Territory", _BOT),
    "VGB": ("GBR", "British Overseas Territory", _BOT),
    "GGY": ("GBR", "Crown dependency", _CROWN),
    "IMN": ("GBR", "Crown dependency", _CROWN),
    "JEY": ("GBR", "Crown dependency", _CROWN),
    # United States
    "ASM": ("USA", "unincorporated territory",
            "US Department of the Interior, Office of Insular Affairs: an unorganized, unincorporated territory"),
    "GUM": ("USA", "unincorporated territory",
            "Guam Organic Act of 1950 (48 U.S.C. 1421 ff.): an organized, unincorporated territory"),
    "MNP": ("USA", "unincorporated territory",
            "Covenant to Establish a Commonwealth of the Northern Mariana Islands (Public Law 94-241, 1976)"),
    "PRI": ("USA", "unincorporated territory",
            "Puerto Rico Federal Relations Act (1950); Constitution of Puerto Rico (1952)"),
    "VIR": ("USA", "unincorporated territory", "Revised Organic Act of the Virgin Islands (1954)"),
    "UMI": ("USA", "unincorporated territory",
            "US Department of the Interior, Office of Insular Affairs: the minor outlying islands "
            "are unincorporated territories"),
    # No sovereign state
    "ATA": (None, "Antarctic Treaty area",
            "Antarctic Treaty (1959), art. IV: territorial claims are frozen, neither recognised nor disputed"),
    "ESH": (None, None,
            "UN list of Non-Self-Governing Territories; claimed by Morocco and by the Sahrawi Arab "
            "Democratic Republic"),
    "PSE": (None, None, "UN General Assembly resolution 67/19 (2012): a non-member observer State"),
    "TWN": (None, None, "UN General Assembly resolution 2758 (1971); ISO 3166-1 lists it as not independent"),
}

# Entries whose own status is disputed: statehood recognised by some states and
# not others, or sovereignty unresolved. Written as `disputed: true` (v5's
# `classification.disputed`); other entries get no `disputed` key. Claims on
# dependencies (Falklands, Gibraltar, Chagos above) are not flagged here: their
# sovereign is not in doubt in ISO 3166-1 or the UN's lists.
DISPUTED = {
    "ESH": "UN list of Non-Self-Governing Territories: sovereignty unresolved between Morocco and the "
           "Sahrawi Arab Democratic Republic (recognised by some UN members, an African Union member)",
    "PSE": "UN General Assembly resolution 67/19 (2012): observer State; recognised by most, not all, UN members",
    "TWN": "UN General Assembly resolution 2758 (1971); claimed by the People's Republic of China and "
           "recognised by a few UN members",
    "UNK": "Declaration of independence of 17 February 2008 (ICJ advisory opinion of 22 July 2010); "
           "recognised by about half of the UN members, not by Serbia",
}

# ---------------------------------------------------------------------------
# IOC codes of the 206 National Olympic Committees (IOC list). Territories
# without an NOC get no "cioc" key.
# ---------------------------------------------------------------------------
IOC = {
    # Africa (54)
    "DZA": "ALG", "AGO": "ANG", "BEN": "BEN", "BWA": "BOT", "BFA": "BUR", "BDI": "BDI",
    "CMR": "CMR", "CPV": "CPV", "CAF": "CAF", "TCD": "CHA", "COM": "COM", "COG": "CGO",
    "COD": "COD", "CIV": "CIV", "DJI": "DJI", "EGY": "EGY", "GNQ": "GEQ", "ERI": "ERI",
    "SWZ": "SWZ", "ETH": "ETH", "GAB": "GAB", "GMB": "GAM", "GHA": "GHA", "GIN": "GUI",
    "GNB": "GBS", "KEN": "KEN", "LSO": "LES", "LBR": "LBR", "LBY": "LBA", "MDG": "MAD",
    "MWI": "MAW", "MLI": "MLI", "MRT": "MTN", "MUS": "MRI", "MAR": "MAR", "MOZ": "MOZ",
    "NAM": "NAM", "NER": "NIG", "NGA": "NGR", "RWA": "RWA", "STP": "STP", "SEN": "SEN",
    "SYC": "SEY", "SLE": "SLE", "SOM": "SOM", "ZAF": "RSA", "SSD": "SSD", "SDN": "SUD",
    "TZA": "TAN", "TGO": "TOG", "TUN": "TUN", "UGA": "UGA", "ZMB": "ZAM", "ZWE": "ZIM",
    # Americas (41)
    "ATG": "ANT", "ARG": "ARG", "ABW": "ARU", "BHS": "BAH", "BRB": "BAR", "BLZ": "BIZ",
    "BMU": "BER", "BOL": "BOL", "BRA": "BRA", "VGB": "IVB", "CAN": "CAN", "CYM": "CAY",
    "CHL": "CHI", "COL": "COL", "CRI": "CRC", "CUB": "CUB", "DMA": "DMA", "DOM": "DOM",
    "ECU": "ECU", "SLV": "ESA", "GRD": "GRN", "GTM": "GUA", "GUY": "GUY", "HTI": "HAI",
    "HND": "HON", "JAM": "JAM", "MEX": "MEX", "NIC": "NCA", "PAN": "PAN", "PRY": "PAR",
    "PER": "PER", "PRI": "PUR", "KNA": "SKN", "LCA": "LCA", "VCT": "VIN", "SUR": "SUR",
    "TTO": "TTO", "USA": "USA", "URY": "URU", "VEN": "VEN", "VIR": "ISV",
    # Asia (44)
    "AFG": "AFG", "BHR": "BRN", "BGD": "BAN", "BTN": "BHU", "BRN": "BRU", "KHM": "CAM",
    "CHN": "CHN", "HKG": "HKG", "IND": "IND", "IDN": "INA", "IRN": "IRI", "IRQ": "IRQ",
    "JPN": "JPN", "JOR": "JOR", "KAZ": "KAZ", "KWT": "KUW", "KGZ": "KGZ", "LAO": "LAO",
    "LBN": "LBN", "MYS": "MAS", "MDV": "MDV", "MNG": "MGL", "MMR": "MYA", "NPL": "NEP",
    "PRK": "PRK", "OMN": "OMA", "PAK": "PAK", "PSE": "PLE", "PHL": "PHI", "QAT": "QAT",
    "SAU": "KSA", "SGP": "SGP", "KOR": "KOR", "LKA": "SRI", "SYR": "SYR", "TWN": "TPE",
    "TJK": "TJK", "THA": "THA", "TLS": "TLS", "TKM": "TKM", "ARE": "UAE", "UZB": "UZB",
    "VNM": "VIE", "YEM": "YEM",
    # Europe (50)
    "ALB": "ALB", "AND": "AND", "ARM": "ARM", "AUT": "AUT", "AZE": "AZE", "BLR": "BLR",
    "BEL": "BEL", "BIH": "BIH", "BGR": "BUL", "HRV": "CRO", "CYP": "CYP", "CZE": "CZE",
    "DNK": "DEN", "EST": "EST", "FIN": "FIN", "FRA": "FRA", "GEO": "GEO", "DEU": "GER",
    "GBR": "GBR", "GRC": "GRE", "HUN": "HUN", "ISL": "ISL", "IRL": "IRL", "ISR": "ISR",
    "ITA": "ITA", "UNK": "KOS", "LVA": "LAT", "LIE": "LIE", "LTU": "LTU", "LUX": "LUX",
    "MLT": "MLT", "MDA": "MDA", "MCO": "MON", "MNE": "MNE", "NLD": "NED", "MKD": "MKD",
    "NOR": "NOR", "POL": "POL", "PRT": "POR", "ROU": "ROU", "RUS": "RUS", "SMR": "SMR",
    "SRB": "SRB", "SVK": "SVK", "SVN": "SLO", "ESP": "ESP", "SWE": "SWE", "CHE": "SUI",
    "TUR": "TUR", "UKR": "UKR",
    # Oceania (17)
    "ASM": "ASA", "AUS": "AUS", "COK": "COK", "FSM": "FSM", "FJI": "FIJ", "GUM": "GUM",
    "KIR": "KIR", "MHL": "MHL", "NRU": "NRU", "NZL": "NZL", "PLW": "PLW", "PNG": "PNG",
    "WSM": "SAM", "SLB": "SOL", "TON": "TGA", "TUV": "TUV", "VUT": "VAN",
}

# ---------------------------------------------------------------------------
# Cars
# ---------------------------------------------------------------------------
# Left-hand traffic (common knowledge; the UK, most of the Commonwealth, Japan,
# Indonesia, Thailand, southern and eastern Africa, and their territories).
LEFT_HAND_TRAFFIC = {
    "AIA", "ATG", "AUS", "BHS", "BGD", "BRB", "BMU", "BTN", "BWA", "BRN", "CYM",
    "CXR", "CCK", "COK", "CYP", "DMA", "TLS", "FLK", "FJI", "GRD", "GGY", "GUY",
    "HKG", "IND", "IDN", "IRL", "IMN", "JAM", "JPN", "JEY", "KEN", "KIR", "LSO",
    "MAC", "MWI", "MYS", "MDV", "MLT", "MUS", "MSR", "MOZ", "NAM", "NRU", "NPL",
    "NZL", "NIU", "NFK", "PAK", "PNG", "PCN", "SHN", "KNA", "LCA", "VCT", "WSM",
    "SYC", "SGP", "SLB", "ZAF", "LKA", "SUR", "SWZ", "TZA", "THA", "TKL", "TON",
    "TTO", "TCA", "TUV", "UGA", "GBR", "VGB", "VIR", "ZMB", "ZWE",
}

# International vehicle distinguishing signs (Vienna 1968 list), only where
# known with confidence; every other entry gets an empty list.
CAR_SIGNS = {
    "AFG": "AFG", "ALB": "AL", "AND": "AND", "ARE": "UAE", "ARG": "RA", "ARM": "AM",
    "AUS": "AUS", "AUT": "A", "AZE": "AZ", "BEL": "B", "BEN": "DY", "BGD": "BD",
    "BGR": "BG", "BHR": "BRN", "BHS": "BS", "BIH": "BIH", "BLR": "BY", "BOL": "BOL",
    "BRA": "BR", "BRB": "BDS", "BRN": "BRU", "CAF": "RCA", "CAN": "CDN", "CHE": "CH",
    "CHL": "RCH", "CHN": "CHN", "CIV": "CI", "COG": "RCB", "COL": "CO", "CRI": "CR",
    "CUB": "C", "CYP": "CY", "CZE": "CZ", "DEU": "D", "DMA": "WD", "DNK": "DK",
    "DOM": "DOM", "DZA": "DZ", "ECU": "EC", "EGY": "ET", "ESP": "E", "EST": "EST",
    "ETH": "ETH", "FIN": "FIN", "FJI": "FJI", "FRA": "F", "GAB": "G", "GBR": "UK",
    "GEO": "GE", "GHA": "GH", "GIN": "RG", "GMB": "WAG", "GRC": "GR", "GRD": "WG",
    "GTM": "GCA", "GUY": "GUY", "HRV": "HR", "HTI": "RH", "HUN": "H", "IDN": "RI",
    "IND": "IND", "IRL": "IRL", "IRN": "IR", "IRQ": "IRQ", "ISL": "IS", "ISR": "IL",
    "ITA": "I", "JAM": "JA", "JOR": "HKJ", "JPN": "J", "KAZ": "KZ", "KEN": "EAK",
    "KGZ": "KS", "KHM": "K", "KOR": "ROK", "KWT": "KWT", "LAO": "LAO", "LBN": "RL",
    "LBR": "LB", "LBY": "LAR", "LCA": "WL", "LIE": "FL", "LKA": "CL", "LSO": "LS",
    "LTU": "LT", "LUX": "L", "LVA": "LV", "MAR": "MA", "MCO": "MC", "MDA": "MD",
    "MDG": "RM", "MEX": "MEX", "MKD": "NMK", "MLI": "RMM", "MLT": "M", "MMR": "MYA",
    "MNE": "MNE", "MNG": "MGL", "MRT": "RIM", "MUS": "MS", "MWI": "MW", "MYS": "MAL",
    "NAM": "NAM", "NER": "RN", "NGA": "WAN", "NIC": "NIC", "NLD": "NL", "NOR": "N",
    "NPL": "NEP", "NZL": "NZ", "PAK": "PK", "PAN": "PA", "PER": "PE", "PHL": "RP",
    "PNG": "PNG", "POL": "PL", "PRT": "P", "PRY": "PY", "QAT": "Q", "ROU": "RO",
    "RUS": "RUS", "RWA": "RWA", "SDN": "SUD", "SEN": "SN", "SGP": "SGP", "SLE": "WAL",
    "SLV": "ES", "SMR": "RSM", "SRB": "SRB", "SUR": "SME", "SVK": "SK", "SVN": "SLO",
    "SWE": "S", "SYC": "SY", "SYR": "SYR", "TGO": "TG", "THA": "T", "TJK": "TJ",
    "TKM": "TM", "TTO": "TT", "TUN": "TN", "TUR": "TR", "TWN": "RC", "TZA": "EAT",
    "UGA": "EAU", "UKR": "UA", "URY": "ROU", "USA": "USA", "UZB": "UZ", "VAT": "V",
    "VCT": "WV", "VEN": "YV", "VNM": "VN", "WSM": "WS", "ZAF": "ZA", "ZMB": "Z",
    "ZWE": "ZW", "UNK": "RKS",
    # Crown dependencies and autonomous territories with their own sign
    "GGY": "GBG", "JEY": "GBJ", "IMN": "GBM", "GIB": "GBZ", "ALA": "AX", "FRO": "FO",
}

# ---------------------------------------------------------------------------
# Week start: CLDR week data, except where CLDR's value cannot be expressed in
# the REST Countries schema (monday/sunday/saturday only).
# ---------------------------------------------------------------------------
START_OF_WEEK = {
    "MDV": "monday",  # CLDR: friday, which the schema has no value for; REST Countries uses monday
}
