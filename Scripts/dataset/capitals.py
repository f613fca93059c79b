"""The capitals of the countries with several, each with its roles and the source that sets them.

`CAPITAL_ROLES` maps an ISO 3166-1 alpha-3 code to its capitals, the main one first (the one whose
coordinates are `capitalInfo`), and each capital to its roles in the words of the REST Countries v5
API's `capitals[].roles`: `primary` for the main one (the card does not show it), `constitutional`
(the capital the constitution names, or a law it provides for), `executive`, `legislative`, `judicial`,
`administrative`. The generator writes them as `capitalRoles` and the names, in the same order, as
`capital`, so that each is found as a capital (`search --capital "la paz"`). Only countries whose
capitals' roles are set by law or long practice are here; a former capital (Rangoon, Bonn) is not.
"""

ROLES = {"primary", "constitutional", "executive", "legislative", "judicial", "administrative"}

CAPITAL_ROLES = {
    # Constitution of Bolivia (2009), art. 6.I: "Sucre es la Capital de Bolivia"; the Supreme Court
    # (Tribunal Supremo de Justicia) sits in Sucre; the President and the Plurinational Legislative
    # Assembly sit in La Paz, the seat of government (CIA World Factbook, Bolivia: Capital).
    "BOL": [("Sucre", ["primary", "constitutional", "judicial"]), ("La Paz", ["executive", "legislative"])],
    # South African Government, "South Africa at a glance" (gov.za): Pretoria the administrative
    # (executive), Cape Town the legislative, Bloemfontein the judicial capital.
    "ZAF": [("Pretoria", ["primary", "executive"]), ("Bloemfontein", ["judicial"]),
            ("Cape Town", ["legislative"])],
    # Constitution of the Netherlands, art. 32 (the King is sworn in "in the capital, Amsterdam");
    # government, States General and Supreme Court sit in The Hague (Government of the Netherlands,
    # "The Hague, seat of government").
    "NLD": [("Amsterdam", ["primary", "constitutional"]),
            ("The Hague", ["executive", "legislative", "judicial"])],
    # Kuala Lumpur is the federal capital (Federal Constitution, art. 154; Federal Capital Act 1960),
    # where Parliament sits; the federal government (1999) and the Federal Court (2003) moved to the
    # Federal Territory of Putrajaya, created by the Constitution (Amendment) Act 2001 (CIA World
    # Factbook, Malaysia: Capital note).
    "MYS": [("Kuala Lumpur", ["primary", "constitutional", "legislative"]),
            ("Putrajaya", ["administrative", "executive", "judicial"])],
    # Parliament moved to Sri Jayawardenepura Kotte in 1982; the President's Secretariat and the
    # Supreme Court are in Colombo (CIA World Factbook, Sri Lanka: "Colombo (commercial capital);
    # Sri Jayewardenepura Kotte (legislative capital)").
    "LKA": [("Sri Jayawardenepura Kotte", ["primary", "legislative"]), ("Colombo", ["executive", "judicial"])],
    # Constitution of Benin (1990), art. 1: "La capitale de la République du Bénin est Porto-Novo",
    # where the National Assembly sits; the President and government sit in Cotonou (CIA World
    # Factbook, Benin: "Porto-Novo (constitutional capital); Cotonou (seat of government)").
    "BEN": [("Porto-Novo", ["primary", "constitutional", "legislative"]), ("Cotonou", ["executive"])],
    # Law 83-242 of 21 March 1983 made Yamoussoukro the capital (a law, not the constitution);
    # Abidjan remains the administrative centre (CIA World Factbook, Côte d'Ivoire: Capital note).
    "CIV": [("Yamoussoukro", ["primary"]), ("Abidjan", ["administrative"])],
    # CIA World Factbook, Eswatini: "Mbabane (administrative capital); Lobamba (royal and
    # legislative capital)"; the High Court sits in Mbabane.
    "SWZ": [("Mbabane", ["primary", "administrative", "executive", "judicial"]), ("Lobamba", ["legislative"])],
    # Law 18.678 (1987) seats the National Congress in Valparaíso (CIA World
    # Factbook, Chile: "Santiago; note - Valparaiso is the seat of the national legislature").
    "CHL": [("Santiago", ["primary", "executive", "judicial"]), ("Valparaíso", ["legislative"])],
}


def check(a3, before):
    """The problems of `a3`'s entry: it must keep the capital the data names first (`before`, the
    capital list without this table) and every capital there, and name only known roles."""
    capitals = CAPITAL_ROLES[a3]
    names = [name for name, _ in capitals]
    problems = []
    if not before or names[0] != before[0]:
        problems.append(f"{a3}: the first capital {names[0]!r} is not the data's first capital {before[:1]}")
    missing = [name for name in before if name not in names]
    if missing:
        problems.append(f"{a3}: capitals {missing} have no roles")
    for name, roles in capitals:
        unknown = set(roles) - ROLES
        if unknown or not roles:
            problems.append(f"{a3}: {name}: roles {sorted(unknown) or '[]'} not in {sorted(ROLES)}")
    if [roles.count("primary") for _, roles in capitals] != [1] + [0] * (len(capitals) - 1):
        problems.append(f"{a3}: exactly the first capital is primary")
    return problems
