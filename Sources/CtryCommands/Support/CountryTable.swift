import CountryKit
import CtryShell

/// The standard table of a country list: flag, name, capital, region, population.
enum CountryTable {
  /// `matched`: per country, what a search matched on when it was not the name (a last column,
  /// shown only when some row has one).
  static func make(_ countries: [Country], title: String? = nil, matched: [String?] = []) -> Table {
    let explains = matched.contains { $0 != nil }
    var columns: [Table.Column] = [
      .init("flag", ""), .init("name", "Name"), .init("capital", "Capital"), .init("region", "Region"),
      .init("population", "Population", alignRight: true),
    ]
    if explains { columns.append(.init("matched", "Matched")) }
    return Table(
      title: title,
      columns: columns,
      rows: countries.enumerated().map { position, country in
        var row: [Cell] = [
          .text(country.flagEmoji), .text(country.name.common), .text(country.capital?.joined(separator: ", ") ?? ""),
          .text(country.region), country.population.map(Cell.integer) ?? .empty,
        ]
        if explains { row.append(position < matched.count ? matched[position].map(Cell.text) ?? .empty : .empty) }
        return row
      },
      plainColumns: [1])
  }

  /// A country list result: v3.1 objects in JSON, this table elsewhere.
  static func result(
    _ countries: [Country], title: String? = nil, matched: [String?] = [], empty: String, notes: [String] = [],
    status: Int32 = 0
  ) -> CommandResult {
    CommandResult(
      .countries(countries, make(countries, title: title, matched: matched), empty: empty), notes: notes,
      status: status)
  }
}
