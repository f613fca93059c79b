/// The distinct facet values of a catalog (`CatalogIndex`).
struct FacetValues: Sendable, Equatable {
  let regions: [String]
  let subregions: [String]
  /// Language names by ISO 639-3 code, the first country's spelling of each.
  let languages: [String: String]
  let demonyms: [String]
  let otherNames: [String]
  /// Every currency in use, by code, with its users' positions.
  let currencies: [CurrencyUse]

  var currencyCodes: [String] { currencies.map(\.code) }
}
