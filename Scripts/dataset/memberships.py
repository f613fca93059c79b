"""Memberships of international organisations, written by hand from each organisation's own list.

make_dataset.py writes them into each entry as `memberships`, the key and shape ctry reads from the
REST Countries v5 API (`memberships.<org>`), with v5's organisation keys (plus `mercosur`, which v5
does not have). An entry lists only the organisations it belongs to, each `true`; for an
organisation in this table an entry without it is not a member. The UN is not here: `unMember`
(corrections.UN_MEMBERS, 193) already says it, and ctry reads the UN from that key.

Each organisation has its source (the organisation's own list of members, or the decision that
last changed it) and the date its list here is correct for. Members are ISO 3166-1 alpha-3 codes.
Only states are members here: organisations that are members themselves (the EU in the G7 and the
G20, the African Union in the G20) are not countries and have no entry. A member suspended from an
organisation's activities is still its member (the African Union's list keeps them); a Mercosur
state suspended from all its rights as a State Party (Venezuela) is not counted as a member.

OPEC and BRICS, which v5 also has, are not in this table: a v5 refresh brings them.
"""


def _codes(text):
    return frozenset(text.split())


# key: (count, source, list dated, members)
ORGANISATIONS = {
    # The 27 member countries; the last change was the United Kingdom's withdrawal on 2020-01-31.
    "eu": (27, "https://european-union.europa.eu/principles-countries-history/eu-countries_en", "2026-01-01", _codes("""
        AUT BEL BGR HRV CYP CZE DNK EST FIN FRA DEU GRC HUN IRL ITA LVA LTU LUX MLT NLD POL PRT ROU SVK SVN
        ESP SWE""")),
    # The euro area: 21 since Bulgaria adopted the euro on 2026-01-01 (the Council's decision of
    # 2025-07-08); Croatia joined on 2023-01-01. Andorra, Monaco, San Marino and Vatican City use
    # the euro by agreement and Montenegro and Kosovo unilaterally: none is in the euro area.
    "eurozone": (21, "https://www.ecb.europa.eu/euro/intro/html/index.en.html", "2026-01-01", _codes("""
        AUT BEL BGR HRV CYP EST FIN FRA DEU GRC IRL ITA LVA LTU LUX MLT NLD PRT SVK SVN ESP""")),
    # 25 EU members (not Ireland or Cyprus) and Iceland, Liechtenstein, Norway and Switzerland.
    # Bulgaria and Romania in full since 2025-01-01 (the Council's decision of 2024-12-12 lifted the
    # checks at their land borders).
    "schengen": (29, "https://home-affairs.ec.europa.eu/policies/schengen/schengen-area_en", "2025-01-01", _codes("""
        AUT BEL BGR HRV CZE DNK EST FIN FRA DEU GRC HUN ITA LVA LTU LUX MLT NLD POL PRT ROU SVK SVN ESP SWE
        ISL LIE NOR CHE""")),
    # 32 allies; Finland joined on 2023-04-04, Sweden on 2024-03-07.
    "nato": (32, "https://www.nato.int/cps/en/natohq/topics_52044.htm", "2024-03-07", _codes("""
        ALB BEL BGR CAN HRV CZE DNK EST FIN FRA DEU GRC HUN ISL ITA LVA LTU LUX MNE NLD MKD NOR POL PRT ROU
        SVK SVN ESP SWE TUR GBR USA""")),
    # 38 members; Costa Rica joined last, on 2021-05-25.
    "oecd": (38, "https://www.oecd.org/en/about/members-partners.html", "2026-01-01", _codes("""
        AUS AUT BEL CAN CHL COL CRI CZE DNK EST FIN FRA DEU GRC HUN ISL IRL ISR ITA JPN KOR LVA LTU LUX MEX
        NLD NZL NOR POL PRT SVK SVN ESP SWE CHE TUR GBR USA""")),
    # The seven countries; the EU takes part too, and is not a country.
    "g7": (7, "the G7 Leaders' Statement of the Kananaskis summit, 2025-06-17 (Canada's presidency)", "2026-01-01", _codes("""
        CAN FRA DEU ITA JPN GBR USA""")),
    # 19 countries; the two other members, the EU and (since 2023-09-09) the African Union, are not
    # countries.
    "g20": (19, "https://g20.org/about-g20/ (G20 members, South Africa's 2025 presidency)", "2026-01-01", _codes("""
        ARG AUS BRA CAN CHN FRA DEU IND IDN ITA JPN KOR MEX RUS SAU ZAF TUR GBR USA""")),
    # 56 member countries; Gabon and Togo joined on 2022-06-25.
    "commonwealth": (56, "https://thecommonwealth.org/our-member-countries", "2026-01-01", _codes("""
        BWA CMR SWZ GAB GMB GHA KEN LSO MWI MUS MOZ NAM NGA RWA SYC SLE ZAF TGO UGA TZA ZMB
        BGD BRN IND MYS MDV PAK SGP LKA
        ATG BHS BRB BLZ CAN DMA GRD GUY JAM KNA LCA VCT TTO
        CYP MLT GBR
        AUS FJI KIR NRU NZL PNG WSM SLB TON TUV VUT""")),
    # 55 member states: the 54 African UN members and the Sahrawi Arab Democratic Republic, which
    # ISO 3166-1's Western Sahara (ESH) stands for here. Members suspended from its activities
    # (after coups) are listed.
    "african_union": (55, "https://au.int/en/member_states/countryprofiles2", "2026-01-01", _codes("""
        DZA AGO BEN BWA BFA BDI CMR CPV CAF TCD COM COG COD CIV DJI EGY GNQ ERI SWZ ETH GAB GMB GHA GIN GNB
        KEN LSO LBR LBY MDG MWI MLI MRT MUS MAR MOZ NAM NER NGA RWA STP SEN SYC SLE SOM ZAF SSD SDN TZA TGO
        TUN UGA ZMB ZWE ESH""")),
    # 11 members: Timor-Leste was admitted as the eleventh at the 47th ASEAN Summit, Kuala Lumpur,
    # on 2025-10-26.
    "asean": (11, "https://asean.org/member-states/ (and the Declaration on the Admission of Timor-Leste, "
              "2025-10-26)", "2025-10-26", _codes("""
        BRN KHM IDN LAO MYS MMR PHL SGP THA VNM TLS""")),
    # 22 members, Palestine among them; Syria's seat restored on 2023-05-07.
    "arab_league": (22, "https://www.lasportal.org/ (member states)", "2023-05-07", _codes("""
        DZA BHR COM DJI EGY IRQ JOR KWT LBN LBY MRT MAR OMN PSE QAT SAU SOM SDN SYR TUN ARE YEM""")),
    # The States Parties: Argentina, Brazil, Paraguay, Uruguay, and Bolivia, a full member since its
    # Protocol of Accession (2015) took effect, 30 days after it deposited its ratification at the
    # Asunción summit of 2024-07-08. Venezuela has been
    # suspended from all rights as a State Party since 2016-12-01 and is not counted.
    "mercosur": (5, "https://www.mercosur.int/ (Estados Partes)", "2024-07-08", _codes("""
        ARG BRA PRY URY BOL""")),
}


def of(a3):
    """The organisations `a3` is a member of, as the entry's `memberships` object (sorted keys), or None."""
    keys = sorted(key for key, (_, _, _, members) in ORGANISATIONS.items() if a3 in members)
    return {key: True for key in keys} or None


def problems(codes):
    """What is wrong with the table against the dataset's codes: a count that is not the stated one, a
    code not in the dataset, an entry without its source or date."""
    errors = []
    for key, (count, source, dated, members) in sorted(ORGANISATIONS.items()):
        if len(members) != count:
            errors.append(f"memberships.{key}: {len(members)} members, the table says {count}")
        stray = members - set(codes)
        if stray:
            errors.append(f"memberships.{key}: unknown codes {sorted(stray)}")
        if not source.strip() or len(dated) != 10:
            errors.append(f"memberships.{key}: needs its source and the date of its list")
    return errors
