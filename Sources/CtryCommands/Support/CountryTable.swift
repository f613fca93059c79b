import CountryKit
import CtryShell

/// The standard table of a country list: flag, name, capital, region, population.
enum CountryTable {
  static func make(_ countries: [Country], title: String? = nil) -> Table {
    Table(
      title: title,
      columns: [
        .init("flag", ""), .init("name", "Name"), .init("capital", "Capital"), .init("region", "Region"),
        .init("population", "Population", alignRight: true),
      ],
      rows: countries.map { country in
        [
          .text(country.flagEmoji), .text(country.name.common), .text(country.capital?.joined(separator: ", ") ?? ""),
          .text(country.region), country.population.map(Cell.integer) ?? .empty,
        ]
      },
      plainColumns: [1])
  }

  /// A country list result: v3.1 objects in JSON, this table elsewhere.
  static func result(
    _ countries: [Country], title: String? = nil, empty: String, notes: [String] = [], status: Int32 = 0
  ) -> CommandResult {
    CommandResult(.countries(countries, make(countries, title: title), empty: empty), notes: notes, status: status)
  }
}
