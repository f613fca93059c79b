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
    let rows = index.rows
    return ((0..<rows.count).map(rows.name), index.facetValues.otherNames)
  }

  /// Every currency code in use, sorted (from the index: no record decoded).
  public var currencyCodes: [String] { index.facetValues.currencyCodes }

  /// Every currency with the positions of the countries that use it, sorted by code (from the
  /// index: no record decoded).
  public var currencies: [CurrencyUse] { index.facetValues.currencies }

  /// The records at catalog `positions` (the catalog is in name order), in that order: only theirs
  /// are decoded. A currency's users are `countries(at: use.positions)`.
  public func countries(at positions: [Int]) -> [Country] {
    positions.map { countries[$0] }
  }

  /// What a list shows of the countries at `positions`, in that order, from the index: no record is
  /// decoded.
  public func rows(at positions: [Int]) -> [CountryRow] {
    let rows = index.rows
    return positions.map { rows[$0] }
  }

  /// The common names of the countries at `positions`, in that order: `rows(at:)`'s names alone.
  public func names(at positions: [Int]) -> [String] {
    let rows = index.rows
    return positions.map(rows.name)
  }

  /// English demonyms (masculine and feminine forms), sorted.
  public var demonyms: [String] { index.facetValues.demonyms }
}
