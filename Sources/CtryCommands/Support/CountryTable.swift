import CountryModel
import CtryOutput

/// The standard table of a country list: flag, name, capital, region, population, from the index's
/// rows (no record decoded; JSON decodes the records it prints).
///
/// Programs get the same facts with the codes to join on first and the flag last (CSV:
/// `cca2,cca3,name,capital,region,population[,matched],flag`); JSON gives each country's v3.1 object,
/// with `matched` added when the table shows it.
enum CountryTable {
  /// `matched`: per country, what a search matched on when it was not the name (a last column,
  /// shown only when some row has one).
  static func make(_ countries: [CountryRow], title: String? = nil, matched: [String?] = []) -> Table {
    let explains = matched.contains { $0 != nil }
    var columns: [Table.Column] = [
      .init("flag", ""), .init("name", "Name"), .init("capital", "Capital"), .init("region", "Region"),
      .init("population", "Population", alignRight: true),
    ]
    if explains { columns.append(.init("matched", "Matched")) }
    let rows = countries.indices.map { position in
      var row: [Cell] = [
        .text(countries[position].flag), .text(countries[position].name),
        .text(countries[position].capitals.joinedText(separator: ", ")), .text(countries[position].region),
        countries[position].population.map(Cell.integer) ?? .empty,
      ]
      if explains { row.append(position < matched.count ? matched[position].map(Cell.text) ?? .empty : .empty) }
      return row
    }
    return Table(
      title: title, columns: columns, rows: rows,
      data: { [columns] in forPrograms(countries, columns: columns, rows: rows) },
      additions: explains ? ["matched"] : [])
  }

  /// The plain format's table of a list: the names alone, read from the index without the rest of
  /// each row (`make`'s plain column).
  static func plain(_ positions: [Int], in catalog: CountryCatalog, adding extra: [(Table.Column, [Cell])] = [])
    -> Table
  {
    let names = catalog.names(at: positions)
    return Table(
      columns: [.init("name", "Name")] + extra.map(\.0),
      rows: names.indices.map { row in [.text(names[row])] + extra.map { $0.1[row] } })
  }

  /// A country table's columns for programs: `cca2` and `cca3` first, then the table's own columns but
  /// the flag, then the flag (an emoji is no key to join on).
  static func forPrograms(_ countries: [CountryRow], columns: [Table.Column], rows: [[Cell]]) -> (
    columns: [Table.Column], rows: [[Cell]]
  ) {
    let flag = columns.firstIndex { $0.key == "flag" }
    let kept = columns.indices.filter { $0 != flag } + (flag.map { [$0] } ?? [])
    let codes = [Table.Column("cca2", "cca2"), Table.Column("cca3", "cca3")]
    return (
      codes + kept.map { columns[$0] },
      rows.indices.prefix(countries.count).map { position in
        let row = rows[position]
        var cells: [Cell] = [.text(countries[position].cca2), .text(countries[position].cca3)]
        cells.reserveCapacity(2 + kept.count)
        for column in kept { cells.append(column < row.count ? row[column] : .empty) }
        return cells
      }
    )
  }

  /// The countries at `positions` of `catalog` as a list result: v3.1 objects in JSON, this table
  /// elsewhere, its names alone in plain output. `matched` is called only for the formats that show it.
  static func result(
    positions: [Int], in catalog: CountryCatalog, title: String? = nil,
    matched: @escaping @Sendable () -> [String?] = { [] }, empty: String, notes: [String] = [], status: Int32 = 0
  ) -> CommandResult {
    let table = ListTable { plain in
      plain
        ? Self.plain(positions, in: catalog)
        : make(catalog.rows(at: positions), title: title, matched: matched())
    }
    return CommandResult(
      .countries(CountrySelection(positions: positions, in: catalog), table, empty: empty), notes: notes,
      status: status)
  }
}
