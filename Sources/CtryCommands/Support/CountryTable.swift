import CountryModel
import CtryOutput

/// The table of a country list, its columns facts of `Facts`: the ones listed by default (flag,
/// name, capital, region, population) or the ones chosen. Facts the index's rows hold are read from
/// them, so the default list decodes no record; a column the rows lack decodes the list's records.
///
/// Programs get the default list's facts with the codes to join on first and the flag last (CSV:
/// `cca2,cca3,name,capital,region,population[,matched],flag`); JSON gives each country's v3.1 object,
/// with the facts it lacks (`matched`, `density`) added when the table shows them. Chosen columns
/// are given to programs as they are, in their order, under their keys.
enum CountryTable {
  /// `matched`: per country, what a search matched on when it was not the name (a last column,
  /// shown only when some row has one). `extra`: columns of the command's own, one cell per country,
  /// shown after the name in every format (added to each JSON object under their keys). `names`: the
  /// table shows the names in their language, and programs get them beside the English ones
  /// (`Facts.localName`).
  static func make(
    _ positions: [Int], in catalog: CountryCatalog, facts: [Fact] = Facts.listed, title: String? = nil,
    matched: [String?] = [], adding extra: [(Table.Column, [Cell])] = [], names: LocalNames? = nil
  ) -> Table {
    let explains = matched.contains { $0 != nil }
    var columns = facts.map { $0.column }
    var (rows, read) = cells(facts, positions, in: catalog)
    let afterName = (facts.firstIndex { $0.key == "name" } ?? facts.count - 1) + 1
    columns.insert(contentsOf: extra.map(\.0), at: afterName)
    for position in rows.indices {
      rows[position].insert(
        contentsOf: extra.map { position < $0.1.count ? $0.1[position] : .empty }, at: afterName)
    }
    if explains {
      columns.append(.init("matched", "Matched"))
      for position in rows.indices {
        rows[position].append(position < matched.count ? matched[position].map(Cell.text) ?? .empty : .empty)
      }
    }
    let additions =
      facts.filter { $0.json == nil }.map { $0.key } + extra.map(\.0.key) + (explains ? ["matched"] : [])
    guard let names, let local = localized(rows, columns: columns, positions, in: catalog, rows: read, names: names)
    else {
      return Table(
        title: title, columns: columns, rows: rows,
        data: { [columns, rows, read] in
          forPrograms(read ?? catalog.rows(at: positions), columns: columns, rows: rows)
        },
        additions: additions)
    }
    return Table(
      title: title, columns: columns, rows: local.shown,
      data: { [columns, rows = local.programs, read] in
        forPrograms(read ?? catalog.rows(at: positions), columns: columns + [Facts.localName.column], rows: rows)
      },
      additions: additions + [Facts.localName.key])
  }

  /// The chosen facts of the countries at `positions`, for every format as they are (`search
  /// --columns`), but the name: in `names`' language in the table, in English and that language for
  /// programs.
  static func chosen(
    _ facts: [Fact], _ positions: [Int], in catalog: CountryCatalog, title: String? = nil, names: LocalNames? = nil
  ) -> Table {
    let columns = facts.map { $0.column }
    let (rows, read) = cells(facts, positions, in: catalog)
    guard let names, let local = localized(rows, columns: columns, positions, in: catalog, rows: read, names: names)
    else { return Table(title: title, columns: columns, rows: rows) }
    return Table(
      title: title, columns: columns, rows: local.shown,
      data: { [rows = local.programs] in (columns + [Facts.localName.column], rows) })
  }

  /// A list's cells with the name column in `names`' language (`shown`), and as they are with the name
  /// in that language added last (`programs`); nil for a table without a name column.
  private static func localized(
    _ cells: [[Cell]], columns: [Table.Column], _ positions: [Int], in catalog: CountryCatalog, rows: [CountryRow]?,
    names: LocalNames
  ) -> (shown: [[Cell]], programs: [[Cell]])? {
    guard let column = columns.firstIndex(where: { $0.key == "name" }) else { return nil }
    let countries = rows ?? catalog.rows(at: positions)
    var shown = cells
    var programs = cells
    for (position, country) in zip(cells.indices, countries) {
      let local = Facts.localName.cell(country.cca3, english: country.name, in: names)
      if column < shown[position].count { shown[position][column] = local }
      programs[position].append(local)
    }
    return (shown, programs)
  }

  /// Each country's values of `facts`: from the index's rows when they hold every one (`rows`, the
  /// rows read), else from the records.
  private static func cells(_ facts: [Fact], _ positions: [Int], in catalog: CountryCatalog) -> (
    cells: [[Cell]], rows: [CountryRow]?
  ) {
    let readers = facts.compactMap { $0.row }
    if readers.count == facts.count {
      let rows = catalog.rows(at: positions)
      return (rows.map { row in readers.map { $0(row) } }, rows)
    }
    return (catalog.countries(at: positions).map { country in facts.map { $0.value(country, catalog) } }, nil)
  }

  /// The plain format's table of a list: the names alone, read from the index without the rest of
  /// each row (`make`'s plain column).
  static func plain(
    _ positions: [Int], in catalog: CountryCatalog, adding extra: [(Table.Column, [Cell])] = [],
    names local: LocalNames? = nil
  ) -> Table {
    let names =
      local.map { local in catalog.rows(at: positions).map { local.name(of: $0.cca3, else: $0.name) } }
      ?? catalog.names(at: positions)
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

  /// The countries at `positions` of `catalog` as a list result: v3.1 objects in JSON, the table of
  /// `facts` elsewhere, its names alone in plain output. `matched` is called only for the formats that show it;
  /// `extra` columns show in every format, plain too (`make`).
  static func result(
    positions: [Int], in catalog: CountryCatalog, facts: [Fact] = Facts.listed, title: String? = nil,
    matched: @escaping @Sendable () -> [String?] = { [] }, adding extra: [(Table.Column, [Cell])] = [],
    names: LocalNames? = nil, empty: String, notes: [String] = [], status: Int32 = 0
  ) -> CommandResult {
    let table = ListTable { plain in
      plain
        ? Self.plain(positions, in: catalog, adding: extra, names: names)
        : make(positions, in: catalog, facts: facts, title: title, matched: matched(), adding: extra, names: names)
    }
    return CommandResult(
      .countries(CountrySelection(positions: positions, in: catalog), table, empty: empty), notes: notes,
      status: status)
  }
}
