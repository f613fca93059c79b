import CountryModel
import CtryGrammar
import CtryOutput

/// Every fact a country has, each declared once, in the card's order (`Fact`). A new fact is one
/// declaration here: the card, the list columns, CSV and JSON, `search`'s flags, sort keys,
/// completion and help follow from it.
enum Facts {
  static let all: [Fact] = [
    Fact(
      "flag", "Flag", .text, heading: "", json: "flag", listed: true, line: .title, row: { .text($0.flag) },
      value: { country, _ in .text(country.flagEmoji) }),
    Fact(
      "name", "Name", .text, json: "name.common", listed: true, sort: .index(.name), line: .title,
      row: { .text($0.name) }, value: { country, _ in .text(country.name.common) }),
    Fact(
      "official", "Official name", .text, json: "name.official", line: .title,
      value: { country, _ in .text(country.name.official) }),
    Fact(
      "native_name", "Native name", .list,
      line: .worded { country, _ in
        let names = nativeNames(country)
        return names.isEmpty ? nil : Card.Field("Native name", names.joinedText(separator: ", "))
      },
      value: { country, _ in text(nativeNames(country).joinedText(separator: ", ")) }),
    Fact(
      "capital", "Capital", .list, folding: .contains, json: "capital", listed: true,
      filter: .init(
        "capital", valueName: "C", .text, "capital contains C",
        index: { query, value, _ in query.capital = value },
        vocabulary: { catalog in catalog.rows(at: Array(catalog.countries.indices)).flatMap(\.capitals).map { [$0] } }),
      line: .worded { country, _ in CountryCard.capitals(country).flatMap { field("Capital", $0) } },
      row: { .text($0.capitals.joinedText(separator: ", ")) },
      value: { country, _ in text(country.capital?.joinedText(separator: ", ")) }),
    Fact(
      "government", "Government", .text, json: "governmentType", value: { country, _ in text(country.governmentType) }),
    Fact(
      "sovereignty", "Sovereignty", .text,
      line: .worded { country, catalog in
        let sovereign = country.parent.flatMap { catalog.country(code: $0) }
        let line = Sovereignty.describe(country, sovereign: sovereign)
        return line.flatMap {
          field("Sovereignty", $0, data: CountryCard.sovereigntyData(country, sovereign, line: $0))
        }
      },
      value: { country, catalog in
        text(Sovereignty.describe(country, sovereign: country.parent.flatMap { catalog.country(code: $0) }))
      }),
    Fact(
      "independent", "Independent", .yesNo, json: "independent",
      filter: .yes("independent", "only sovereign states") { query, _, _ in query.independent = true },
      line: .within("sovereignty"), value: { country, _ in country.independent.map(Cell.bool) ?? .empty }),
    Fact(
      "un_member", "UN member", .yesNo, json: "unMember", line: .within("sovereignty"),
      value: { country, _ in country.unMember.map(Cell.bool) ?? .empty }),
    Fact(
      "region", "Region", .text, json: "region", listed: true,
      filter: .init(
        "region", valueName: "R", .region, "in region R (Africa, Americas, Asia, Europe, Oceania, Antarctic)"
      ) { query, value, catalog in
        query.region = try FacetCheck.canonical(value, among: catalog.regions, flag: "region")
      },
      line: .worded { country, _ in
        var data: [Card.Datum] = [.init("region", .text(country.region))]
        if let subregion = country.subregion { data.append(.init("subregion", .text(subregion))) }
        return field("Region", country.subregion.map { "\(country.region) · \($0)" } ?? country.region, data: data)
      },
      row: { .text($0.region) }, value: { country, _ in .text(country.region) }),
    Fact(
      "subregion", "Subregion", .text, json: "subregion",
      filter: .init("subregion", valueName: "S", .subregion, "in subregion S (e.g. 'Northern Europe')") {
        query, value, catalog in
        query.subregion = try FacetCheck.canonical(value, among: catalog.subregions, flag: "subregion")
      },
      line: .within("region"), value: { country, _ in text(country.subregion) }),
    Fact(
      "population", "Population", .count, json: "population", listed: true, sort: .index(.population),
      line: .worded { country, _ in
        let data = CountryCard.populationData(country).filter { $0.value != .empty }
        return CountryCard.population(country).flatMap { field("Population", $0, data: data) }
      },
      row: { $0.population.map(Cell.integer) ?? .empty },
      value: { country, _ in country.population.map(Cell.integer) ?? .empty }),
    yearFigure(
      "gdp_per_capita", "GDP per capita", json: "gdpPerCapitaPPP", \.gdpPerCapitaPPP, flag: "gdp-per-capita",
      filter: "GDP per person (PPP, US$) from MIN to MAX (e.g. 50000..)", words: { "$\($0) at PPP" }),
    yearFigure(
      "life_expectancy", "Life expectancy", json: "lifeExpectancy", \.lifeExpectancy, flag: "life-expectancy",
      filter: "life expectancy at birth from MIN to MAX years (e.g. 80..)", words: { "\($0) years" }),
    yearFigure(
      "median_age", "Median age", json: "medianAge", \.medianAge, flag: "median-age",
      filter: "median age from MIN to MAX years (e.g. ..25)", words: { "\($0) years" }),
    Fact(
      "area", "Area", .number, json: "area", sort: .index(.area),
      line: .worded { country, _ in
        country.area.map { Card.Field("Area", NumberFormat.grouped($0) + " km²", raw: .number($0)) }
      },
      value: { country, _ in country.area.map(Cell.number) ?? .empty }),
    Fact(
      "landlocked", "Landlocked", .yesNo, json: "landlocked",
      filter: .yes("landlocked", "only countries without a coast"),
      value: { country, _ in country.landlocked.map(Cell.bool) ?? .empty }),
    Fact(
      "density", "Density", .number, heading: "People/km²", sort: .records, line: .none,
      value: { country, _ in
        guard let population = country.population, let area = country.area, area > 0 else { return .empty }
        return .number((Double(population) / area * 10).rounded() / 10)
      }),
    Fact(
      "currencies", "Currencies", .list, json: "currencies",
      filter: .init(
        "currency", valueName: "C", .currency, "uses currency C (code or part of its name)",
        index: { query, value, _ in query.currency = value },
        vocabulary: { catalog in catalog.currencies.map { [$0.currency.name, $0.code] } }),
      value: { country, _ in text(CountryCard.currencies(country)) }),
    Fact(
      "languages", "Languages", .list, json: "languages",
      filter: .init(
        "language", valueName: "L", .language, "speaks language L (name or ISO 639-3 code)",
        index: { query, value, _ in query.language = value },
        vocabulary: { catalog in catalog.languages.sorted { $0.key < $1.key }.map { [$0.value, $0.key] } }),
      value: { country, _ in text((country.languages ?? [:]).values.sorted().joinedText(separator: ", ")) }),
    Fact(
      "demonym", "Demonym", .text, json: "demonyms.eng",
      filter: .init(
        "demonym", valueName: "D", .demonym, "whose people are called D",
        index: { query, value, _ in query.demonym = value },
        vocabulary: { catalog in catalog.demonyms.map { [$0] } }),
      line: .worded { country, _ in
        guard let demonym = country.demonyms?["eng"], let word = demonym.m ?? demonym.f, !word.isEmpty else {
          return nil
        }
        let female = demonym.f.flatMap { $0.isEmpty || $0 == word ? nil : $0 }
        var data: [Card.Datum] = [.init("demonym", .text(word))]
        if let female { data.append(.init("demonym_f", .text(female))) }
        return Card.Field("Demonym", female.map { "\(word) (m.), \($0) (f.)" } ?? word, data: data)
      },
      value: { country, _ in text(country.demonyms?["eng"].flatMap { $0.m ?? $0.f }) }),
    Fact(
      "translations", "Translations", .list, folding: .contains, json: "translations",
      filter: .init(
        "translation", valueName: "T", .text, "has a translated name containing T",
        index: { query, value, _ in query.translation = value },
        vocabulary: { catalog in catalog.countries.flatMap { ($0.translations ?? [:]).values.map { [$0.common] } } }),
      line: .none,
      value: { country, _ in
        text((country.translations ?? [:]).sorted { $0.key < $1.key }.map(\.value.common).joinedText(separator: ", "))
      }),
    Fact(
      "borders", "Borders", .list, json: "borders",
      line: .worded { country, catalog in
        let neighbours = catalog.neighbourNames(of: country)
        return neighbours.isEmpty
          ? Card.Field("Borders", "none (no land borders)", raw: .empty)
          : Card.Field("Borders", neighbours.joinedText(separator: ", "))
      },
      value: { country, catalog in text(catalog.neighbourNames(of: country).joinedText(separator: ", ")) }),
    Fact(
      "timezones", "Timezones", .list, json: "timezones",
      value: { country, _ in text(country.timezones?.joinedText(separator: ", ")) }),
    Fact(
      "zones", "IANA zones", .list, json: "zones",
      line: .worded { country, _ in
        guard let zones = country.zones, !zones.isEmpty else { return nil }
        let list = zones.joinedText(separator: ", ")
        return Card.Field("IANA zones", list, data: [.init("zones", .text(list))])
      },
      value: { country, _ in text(country.zones?.joinedText(separator: ", ")) }),
    Fact(
      "calling_code", "Calling code", .list, json: "idd",
      value: { country, _ in text(country.idd?.codes.joinedText(separator: ", ")) }),
    Fact("tld", "TLD", .list, json: "tld", value: { country, _ in text(country.tld?.joinedText(separator: ", ")) }),
    Fact(
      "postal_code_format", "Postal code", .text, json: "postalCode.format",
      line: .worded { country, _ in
        guard let postal = country.postalCode, let format = postal.format ?? postal.regex else { return nil }
        var data: [Card.Datum] = [.init("postal_code_format", postal.format.map(Cell.text) ?? .empty)]
        if let regex = postal.regex { data.append(.init("postal_code_regex", .text(regex))) }
        return Card.Field("Postal code", CountryCard.postalFormat(format), data: data)
      },
      value: { country, _ in text(country.postalCode?.format) }),
    Fact(
      "postal_code_regex", "Postal code pattern", .text, json: "postalCode.regex", line: .within("postal_code_format"),
      value: { country, _ in text(country.postalCode?.regex) }),
    Fact(
      // The UN is on the Sovereignty line.
      "member_of", "Member of", .list, json: "memberships",
      value: { country, _ in
        text(country.memberOf.filter { $0 != Membership.un }.map(Membership.displayName).joinedText(separator: ", "))
      }),
    Fact("driving_side", "Driving side", .text, json: "car.side", value: { country, _ in text(country.car?.side) }),
    Fact(
      "cca2", "Alpha-2 code", .text, heading: "cca2", json: "cca2",
      line: .worded { country, _ in
        var codes: [Card.Datum] = [.init("cca2", .text(country.cca2)), .init("cca3", .text(country.cca3))]
        if let ccn3 = country.ccn3 { codes.append(.init("ccn3", .text(ccn3))) }
        return Card.Field(
          "Codes", "\(country.cca2) · \(country.cca3)" + (country.ccn3.map { " · \($0)" } ?? ""), data: codes)
      },
      row: { .text($0.cca2) }, value: { country, _ in .text(country.cca2) }),
    Fact(
      "cca3", "Alpha-3 code", .text, heading: "cca3", json: "cca3", line: .within("cca2"), row: { .text($0.cca3) },
      value: { country, _ in .text(country.cca3) }),
    Fact(
      "ccn3", "Numeric code", .text, heading: "ccn3", json: "ccn3", line: .within("cca2"),
      value: { country, _ in text(country.ccn3) }),
    Fact(
      "cioc", "IOC code", .text, json: "cioc",
      line: .worded { country, _ in country.cioc.flatMap { field("IOC code", $0, data: [.init("cioc", .text($0))]) } },
      value: { country, _ in text(country.cioc) }),
    Fact(
      "map", "Map", .text, json: "maps",
      value: { country, _ in text(country.maps?.openStreetMaps ?? country.maps?.googleMaps) }),
  ]

  /// The fact with `key`.
  static func named(_ key: String) -> Fact? { all.first { $0.key == key } }

  /// Every fact's key, in their order: the columns `search --columns` takes.
  static let keys = all.map { $0.key }

  /// The figures with their year (`yearFigure`), which `compare` shows.
  static let figures = all.filter { $0.folding == .range }

  /// A list's columns when none are chosen.
  static let listed = all.filter { $0.listed }

  /// The name in the line's language when it is not English (`LanguageChoice`): the table, plain
  /// output and cards show it in place of the name; CSV and JSON keep `name` in English and add this
  /// beside it, so that a script reads the same columns in every locale, and the language's in English.
  static let localName = LocalName(key: "local_name", label: "Local name")

  /// The keys `search --sort` takes: each sort key, and `-KEY` for the other way round.
  static let sortKeys: [String] = {
    let keys = all.filter { $0.sort != nil }.map { $0.key }
    return keys + keys.map { "-" + $0 }
  }()

  /// A figure with its year (`YearFigure`): a card line `Label: 81.9 years (2024)` with the value and
  /// its year apart for programs (`KEY`, `KEY_year`), a numeric column sorted by the records, and a
  /// `--FLAG MIN..MAX` filter.
  private static func yearFigure(
    _ key: String, _ label: String, json: String, _ path: KeyPath<Country, YearFigure?> & Sendable, flag: String,
    filter summary: String, words: @escaping @Sendable (String) -> String
  ) -> Fact {
    Fact(
      key, label, .number, folding: .range, json: json,
      filter: .init(
        flag, valueName: "MIN..MAX", .text, summary
      ),
      sort: .records,
      line: .worded { country, _ in
        guard let figure = country[keyPath: path] else { return nil }
        let data: [Card.Datum] = [.init(key, .number(figure.value)), .init(key + "_year", .integer(figure.year))]
        return Card.Field(label, CountryCard.figure(figure, words), data: data)
      },
      value: { country, _ in country[keyPath: path].map { Cell.number($0.value) } ?? .empty })
  }

  private static func text(_ value: String?) -> Cell {
    value.flatMap { $0.isEmpty ? nil : Cell.text($0) } ?? .empty
  }

  private static func field(_ label: String, _ value: String, data: [Card.Datum]? = nil) -> Card.Field? {
    value.isEmpty ? nil : Card.Field(label, value, data: data)
  }

  private static func nativeNames(_ country: Country) -> [String] {
    Set((country.name.nativeName ?? [:]).values.map(\.common)).subtracting([country.name.common]).sorted()
  }
}
