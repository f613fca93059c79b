extension CountryCatalog {
  /// The distinct regions, sorted.
  public var regions: [String] { facetValues.regions }

  /// The distinct subregions, sorted.
  public var subregions: [String] { facetValues.subregions }

  /// Language names by ISO 639-3 code, over all countries.
  public var languages: [String: String] { facetValues.languages }

  /// Built once: the distinct values commands check flags against.
  func buildFacetValues() -> FacetValues {
    var languages: [String: String] = [:]
    for country in countries {
      for (code, name) in country.languages ?? [:] where languages[code] == nil { languages[code] = name }
    }
    return FacetValues(
      regions: Self.distinct(countries.map(\.region)),
      subregions: Self.distinct(countries.compactMap(\.subregion)),
      languages: languages,
      demonyms: Self.distinct(
        countries.flatMap { [$0.demonyms?["eng"]?.m, $0.demonyms?["eng"]?.f].compactMap { $0 } }))
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
}
