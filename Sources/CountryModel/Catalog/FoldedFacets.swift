/// A country's filterable values, folded once (`CatalogIndex`). The languages (names and codes),
/// currency codes and demonyms are each sorted and distinct: a country has a few, and comparing a
/// few short strings costs less than hashing the query for a set once per country.
struct FoldedFacets: Sendable, Equatable {
  let region: String
  let subregion: String
  let capitals: [[UInt8]]
  let languages: [String]
  let currencyCodes: [String]
  let currencyNames: [[UInt8]]
  let demonyms: [String]
  /// The sort keys and the one flag a query reads, kept here so that filtering and sorting never copy
  /// a whole `Country`.
  let independent: Bool
  let population: Int
  let area: Double
}
