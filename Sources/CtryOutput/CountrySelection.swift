import CountryModel

/// The countries a list shows, as its JSON needs them: whole records, decoded only when that output is
/// rendered. A table's rows come from the index (`CountryCatalog.rows(at:)`), so a list in the other
/// formats decodes no record.
package struct CountrySelection: Sendable {
  package let count: Int
  private let records: @Sendable () -> [Country]

  /// Countries at hand.
  package init(_ countries: [Country]) {
    count = countries.count
    records = { countries }
  }

  /// The countries at `positions` of `catalog`, decoded when asked for.
  package init(positions: [Int], in catalog: CountryCatalog) {
    count = positions.count
    records = { catalog.countries(at: positions) }
  }

  package var isEmpty: Bool { count == 0 }

  /// The records, decoded now.
  package var countries: [Country] { records() }
}
