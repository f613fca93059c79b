extension CatalogIndex {
  /// The index of `countries`, which are in catalog order. Every dictionary in a record is read in
  /// key order, so the same records always give the same index, byte for byte once packed (the
  /// snapshot format's pinned digest depends on it).
  package static func build(from countries: [Country]) -> CatalogIndex {
    let codes = buildCodes(countries)
    return CatalogIndex(
      codes: CodeTable(codes),
      primaryNames: buildPrimaryNames(countries, codes: codes),
      adjacency: countries.map { country in
        (country.borders ?? []).compactMap { (code: String) -> Int? in codes[code.uppercased()] }.sorted()
      },
      secondaryNames: Deferred(buildSecondaryNames(countries)),
      facets: Deferred(countries.map(facets(of:))),
      facetValues: Deferred(buildFacetValues(countries)),
      rows: Deferred(RowTable(countries.map(CountryRow.init))))
  }

  /// ISO 3166-1 codes (alpha-3, alpha-2, numeric) first, IOC codes only where no ISO code is the
  /// same: Bahrain's IOC code BRN is Brunei's alpha-3 code, and BRN must mean Brunei.
  private static func buildCodes(_ countries: [Country]) -> [String: Int] {
    var codes: [String: Int] = [:]
    for (index, country) in countries.enumerated() {
      for code in [country.cca3, country.cca2, country.ccn3].compactMap({ $0 }) where !code.isEmpty {
        let key = code.uppercased()
        if codes[key] == nil { codes[key] = index }
      }
    }
    for (index, country) in countries.enumerated() {
      if let code = country.cioc, !code.isEmpty, codes[code.uppercased()] == nil { codes[code.uppercased()] = index }
    }
    return codes
  }

  private static func buildPrimaryNames(_ countries: [Country], codes: [String: Int]) -> NameTable {
    var names = NameTable()
    names.reserveCapacity(countries.count * 12, bytes: countries.count * 160)
    for (index, country) in countries.enumerated() {
      add(country.name.common, .common, index, to: &names)
      add(country.name.official, .official, index, to: &names)
      country.altSpellings?.forEach { add($0, .altSpelling, index, to: &names) }
      country.capital?.forEach { add($0, .capital, index, to: &names) }
    }
    for entry in OtherNames.entries {
      for code in entry.codes {
        if let index = codes[code] { add(entry.name, .altSpelling, index, to: &names) }
      }
    }
    return names
  }

  private static func buildSecondaryNames(_ countries: [Country]) -> NameTable {
    var names = NameTable()
    names.reserveCapacity(countries.count * 80, bytes: countries.count * 1_200)
    for (index, country) in countries.enumerated() {
      for (_, name) in (country.name.nativeName ?? [:]).sorted(by: { $0.key < $1.key }) {
        add(name.common, .native, index, to: &names)
        add(name.official, .native, index, to: &names)
      }
      for (_, name) in (country.translations ?? [:]).sorted(by: { $0.key < $1.key }) {
        add(name.common, .translation, index, to: &names)
        add(name.official, .translation, index, to: &names)
      }
    }
    return names
  }

  private static func add(_ text: String?, _ field: NameField, _ index: Int, to names: inout NameTable) {
    guard let text, !text.isEmpty else { return }
    let key = TextFolding.foldedBytes(text)
    if !key.isEmpty { names.append(key, country: index, field: field) }
  }

  /// The facets of `country` (its translations are the name index's).
  private static func facets(of country: Country) -> FoldedFacets {
    let currencies = (country.currencies ?? [:]).sorted { $0.key < $1.key }
    return FoldedFacets(
      region: TextFolding.fold(country.region),
      subregion: TextFolding.fold(country.subregion ?? ""),
      capitals: (country.capital ?? []).map { Array(TextFolding.fold($0).utf8) },
      languages: Set((country.languages ?? [:]).flatMap { [TextFolding.fold($0.key), TextFolding.fold($0.value)] }),
      currencyCodes: Set(currencies.map { TextFolding.fold($0.key) }),
      currencyNames: currencies.map { Array(TextFolding.fold($0.value.name).utf8) },
      demonyms: Set((country.demonyms ?? [:]).values.flatMap { [$0.f, $0.m].compactMap { $0 }.map(TextFolding.fold) }),
      independent: country.independent == true,
      population: country.population ?? -1,
      area: country.area ?? -1)
  }

  /// The distinct values commands check flags against, and completion's country names.
  private static func buildFacetValues(_ countries: [Country]) -> FacetValues {
    var languages: [String: String] = [:]
    for country in countries {
      for (code, name) in country.languages ?? [:] where languages[code] == nil { languages[code] = name }
    }
    var others: [String] = []
    for country in countries {
      for name in [country.name.official] + (country.altSpellings ?? []) where name.count > 3 { others.append(name) }
    }
    return FacetValues(
      regions: distinct(countries.map(\.region)),
      subregions: distinct(countries.compactMap(\.subregion)),
      languages: languages,
      demonyms: distinct(countries.flatMap { [$0.demonyms?["eng"]?.m, $0.demonyms?["eng"]?.f].compactMap { $0 } }),
      otherNames: others,
      currencies: buildCurrencies(countries))
  }

  /// Every currency, sorted by code, with the positions of its users in catalog order; its name and
  /// symbol are the first user's, or the first that gives a symbol.
  private static func buildCurrencies(_ countries: [Country]) -> [CurrencyUse] {
    var byCode: [String: (currency: Currency, positions: [Int])] = [:]
    for (position, country) in countries.enumerated() {
      for (code, currency) in (country.currencies ?? [:]).sorted(by: { $0.key < $1.key }) {
        var entry = byCode[code] ?? (currency, [])
        if entry.currency.symbol == nil, currency.symbol != nil { entry.currency = currency }
        entry.positions.append(position)
        byCode[code] = entry
      }
    }
    return byCode.keys.sorted().compactMap { code in
      byCode[code].map { CurrencyUse(code: code, currency: $0.currency, positions: $0.positions) }
    }
  }

  private static func distinct(_ values: [String]) -> [String] {
    Array(Set(values.filter { !$0.isEmpty })).sorted()
  }
}
