extension CountryCatalog {
  /// The distinct regions, sorted.
  public var regions: [String] { index.facetValues.regions }

  /// The distinct subregions, sorted.
  public var subregions: [String] { index.facetValues.subregions }

  /// Language names by ISO 639-3 code, over all countries.
  public var languages: [String: String] { index.facetValues.languages }

  /// Common names in catalog order, and official names and alternative spellings longer than three
  /// characters: what completion offers for a country argument (read from the snapshot, no record decoded).
  public var completionNames: (common: [String], others: [String]) {
    (index.facetValues.commonNames, index.facetValues.otherNames)
  }

  /// Every currency code in use, sorted (from the index: no record decoded).
  public var currencyCodes: [String] { index.facetValues.currencyCodes }

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
  public var demonyms: [String] { index.facetValues.demonyms }
}
