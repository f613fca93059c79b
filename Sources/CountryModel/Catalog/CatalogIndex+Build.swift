extension CatalogIndex {
  /// The index of `countries`, which are in catalog order. Every dictionary in a record is read in
  /// key order, so the same records always give the same index, byte for byte once packed (the
  /// snapshot format's pinned digest depends on it).
  package static func build(from countries: [Country]) -> CatalogIndex {
    let codes = codePositions(countries)
    let primary = buildPrimaryNames(countries, codes: codes)
    let secondary = buildSecondaryNames(countries)
    return CatalogIndex(
      codes: CodeTable(codes),
      primaryNames: primary.table,
      adjacency: countries.map { country in
        (country.borders ?? []).compactMap { (code: String) -> Int? in codes[code.uppercased()] }.sorted()
      },
      secondaryNames: Deferred(secondary.table),
      primarySpellings: Deferred(primary.spellings),
      secondarySpellings: Deferred(secondary.spellings),
      facets: Deferred(facets(of: countries, codes: codes)),
      facetValues: Deferred(buildFacetValues(countries)),
      rows: Deferred(RowTable(countries.map(CountryRow.init))))
  }

  /// Each code of `countries`, upper-case, to the position of the country it names: ISO 3166-1
  /// codes (alpha-3, alpha-2, numeric) first, IOC codes only where no ISO code is the same:
  /// Bahrain's IOC code BRN is Brunei's alpha-3 code, and BRN must mean Brunei.
  package static func codePositions(_ countries: [Country]) -> [String: Int] {
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

  /// The English names and capitals, each country's together (its `OtherNames` after its
  /// alternative spellings), with how each is written.
  private static func buildPrimaryNames(_ countries: [Country], codes: [String: Int]) -> NameBuilder {
    let informal = otherNames(codes, capitals: false)
    let capitals = otherNames(codes, capitals: true)
    var names = NameBuilder(names: countries.count * 12, bytes: countries.count * 160)
    for (index, country) in countries.enumerated() {
      names.add(country.name.common, .common, index)
      names.add(country.name.official, .official, index)
      country.altSpellings?.forEach { names.add($0, .altSpelling, index) }
      informal[index]?.forEach { names.add($0, .altSpelling, index) }
      country.capital?.forEach { names.add($0, .capital, index) }
      capitals[index]?.forEach { names.add($0, .capital, index) }
    }
    return names
  }

  /// The `OtherNames` of each country's position: the other names of its capital (`Kiev`), or the
  /// others, which name the country itself.
  private static func otherNames(_ codes: [String: Int], capitals: Bool) -> [Int: [String]] {
    var names: [Int: [String]] = [:]
    for entry in OtherNames.entries where (entry.kind == .capital) == capitals {
      for code in entry.codes {
        if let index = codes[code] { names[index, default: []].append(entry.name) }
      }
    }
    return names
  }

  /// The native names and translations, by country, then by language, common before official.
  private static func buildSecondaryNames(_ countries: [Country]) -> NameBuilder {
    var names = NameBuilder(names: countries.count * 80, bytes: countries.count * 1_200)
    for (index, country) in countries.enumerated() {
      for (language, name) in (country.name.nativeName ?? [:]).sorted(by: { $0.key < $1.key }) {
        names.add(name.common, .native, index, language: language)
        names.add(name.official, .native, index, language: language)
      }
      for (language, name) in (country.translations ?? [:]).sorted(by: { $0.key < $1.key }) {
        names.add(name.common, .translation, index, language: language)
        names.add(name.official, .translation, index, language: language)
      }
    }
    return names
  }

  /// A name table and its spellings, built side by side.
  ///
  /// A key that a country already has for the same field is left out: searching, resolving and
  /// explaining all take a country's first name of a field that matches, so a second copy changes
  /// no answer, and two thirds of the native names and translations are copies once folded (Chad is
  /// `Čad` in Czech, Croatian and Slovak, and `Tchad` in Breton, French and Swedish).
  private struct NameBuilder {
    var table = NameTable()
    var spellings = NameSpellings()
    /// The current country's current field, and where its names start in the table.
    private var group: (country: Int, field: NameField, start: Int)?
    /// A field's texts and keys are a few dozen at most: compared as bytes (a key after its
    /// signature), they cost less than hashing, which normalises non-ASCII text first and reads
    /// every byte of a key.
    private var texts: [String] = []

    init(names: Int, bytes: Int) {
      table.reserveCapacity(names, bytes: bytes)
    }

    /// Adds `text` unless it folds to nothing (punctuation alone is no name) or to a key the country
    /// has for `field` already. A country's names of one field are added one after another.
    mutating func add(_ text: String?, _ field: NameField, _ index: Int, language: String? = nil) {
      guard let text, !text.isEmpty else { return }
      if group?.country != index || group?.field != field {
        group = (index, field, table.count)
        texts.removeAll(keepingCapacity: true)
      }
      // The same text again (most copies are) is not folded again: its key is there, or is none.
      var bytes = text
      let seen = bytes.withUTF8 { wanted in
        texts.contains { earlier in
          var earlier = earlier
          return earlier.utf8.count == wanted.count && earlier.withUTF8 { $0.elementsEqual(wanted) }
        }
      }
      guard !seen else { return }
      texts.append(text)
      let key = TextFolding.foldedBytes(text)
      guard !key.isEmpty, table.append(key, country: index, field: field, unlessPresentFrom: group?.start ?? 0) else {
        return
      }
      spellings.append(text, language: language)
    }
  }

  /// The facets of each of `countries`; a capital's other names (`Kiev`) are among its capitals.
  private static func facets(of countries: [Country], codes: [String: Int]) -> [FoldedFacets] {
    let capitals = otherNames(codes, capitals: true)
    return countries.enumerated().map { index, country in facets(of: country, otherCapitals: capitals[index] ?? []) }
  }

  /// The facets of `country` (its translations are the name index's).
  private static func facets(of country: Country, otherCapitals: [String]) -> FoldedFacets {
    let currencies = (country.currencies ?? [:]).sorted { $0.key < $1.key }
    return FoldedFacets(
      region: TextFolding.fold(country.region),
      subregion: TextFolding.fold(country.subregion ?? ""),
      capitals: ((country.capital ?? []) + otherCapitals).map { Array(TextFolding.fold($0).utf8) },
      languages: distinct(
        (country.languages ?? [:]).flatMap { [TextFolding.fold($0.key), TextFolding.fold($0.value)] }),
      currencyCodes: distinct(currencies.map { TextFolding.fold($0.key) }),
      currencyNames: currencies.map { Array(TextFolding.fold($0.value.name).utf8) },
      demonyms: distinct(
        (country.demonyms ?? [:]).values.flatMap { [$0.f, $0.m].compactMap { $0 }.map(TextFolding.fold) }),
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
