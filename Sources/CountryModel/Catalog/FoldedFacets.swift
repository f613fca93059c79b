/// A country's filterable values, folded once (`CatalogIndex`).
struct FoldedFacets: Sendable, Equatable {
  let region: String
  let subregion: String
  let capitals: [[UInt8]]
  let languages: Set<String>
  let currencyCodes: Set<String>
  let currencyNames: [[UInt8]]
  let demonyms: Set<String>
  /// The sort keys and the one flag a query reads, kept here so that filtering and sorting never copy
  /// a whole `Country`.
  let independent: Bool
  let population: Int
  let area: Double
}
