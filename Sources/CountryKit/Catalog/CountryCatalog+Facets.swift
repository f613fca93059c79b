extension CountryCatalog {
  /// The distinct regions, sorted.
  public var regions: [String] { facetValues.regions }

  /// The distinct subregions, sorted.
  public var subregions: [String] { facetValues.subregions }

  /// Language names by ISO 639-3 code, over all countries.
  public var languages: [String: String] { facetValues.languages }

  /// Common names in catalog order, and official names and alternative spellings longer than three
  /// characters: what completion offers for a country argument (read from the snapshot, no record decoded).
  public var completionNames: (common: [String], others: [String]) {
    (facetValues.commonNames, facetValues.otherNames)
  }

  /// Every currency code in use, sorted (without decoding the records, when the snapshot has them).
  public var currencyCodes: [String] { facetValues.currencyCodes }

  /// Built once: the distinct values commands check flags against.
  func buildFacetValues() -> FacetValues {
    var languages: [String: String] = [:]
    let countries = records.all
    for country in countries {
      for (code, name) in country.languages ?? [:] where languages[code] == nil { languages[code] = name }
    }
    var others: [String] = []
    for country in countries {
      for name in [country.name.official] + (country.altSpellings ?? []) where name.count > 3 { others.append(name) }
    }
    return FacetValues(
      regions: Self.distinct(countries.map(\.region)),
      subregions: Self.distinct(countries.compactMap(\.subregion)),
      languages: languages,
      demonyms: Self.distinct(
        countries.flatMap { [$0.demonyms?["eng"]?.m, $0.demonyms?["eng"]?.f].compactMap { $0 } }),
      commonNames: countries.map(\.name.common),
      otherNames: others,
      currencyCodes: Array(Set(countries.flatMap { ($0.currencies ?? [:]).keys })).sorted())
  }

  /// Every currency with the countries that use it, sorted by code.
  public var currencies: [CurrencyUse] { cachedCurrencies(buildCurrencies) }

  private func buildCurrencies() -> [CurrencyUse] {
    var byCode: [String: (Currency, [Country])] = [:]
    for country in countries {
      for (code, currency) in country.currencies ?? [:] {
        var entry = byCode[code] ?? (currency, [])
        if entry.0.symbol == nil, currency.symbol != nil { entry.0 = currency }
        entry.1.append(country)
        byCode[code] = entry
      }
    }
    return byCode.keys.sorted().compactMap { code in
      byCode[code].map { CurrencyUse(code: code, currency: $0.0, countries: $0.1) }
    }
  }

  /// English demonyms (masculine and feminine forms), sorted.
  public var demonyms: [String] { facetValues.demonyms }

  static func distinct(_ values: [String]) -> [String] {
    Array(Set(values.filter { !$0.isEmpty })).sorted()
  }
}

/// The distinct facet values of a catalog.
struct FacetValues: Sendable {
  let regions: [String]
  let subregions: [String]
  let languages: [String: String]
  let demonyms: [String]
  /// Completion's country names (see `completionNames`).
  let commonNames: [String]
  let otherNames: [String]
  let currencyCodes: [String]
}
