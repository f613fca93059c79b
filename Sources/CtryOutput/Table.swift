/// One value in a table: text, or a number the renderer formats (grouped digits in tables, raw in CSV/JSON).
package enum Cell: Sendable, Equatable {
  case text(String)
  case integer(Int)
  case number(Double)
  /// `true`/`false` for programs, `yes`/`no` for people.
  case bool(Bool)
  case empty
}

/// A table result: typed cells, column titles and JSON keys.
package struct Table: Sendable {
  package struct Column: Sendable {
    package var key: String
    package var title: String
    package var alignRight: Bool

    package init(_ key: String, _ title: String, alignRight: Bool = false) {
      self.key = key
      self.title = title
      self.alignRight = alignRight
    }
  }

  /// A line printed above the table in the table format only.
  package var title: String?
  package var columns: [Column]
  package var rows: [[Cell]]
  /// Columns printed by the plain format (one row per line, tab-separated); all when nil.
  package var plainColumns: [Int]?
  /// The records JSON and CSV give instead of `rows`, when programs get more columns than people read
  /// (a country list's codes). Built only when JSON or CSV is rendered: a list's program columns cost
  /// as much as its table.
  package var data: (@Sendable () -> (columns: [Column], rows: [[Cell]]))?
  /// For a country list (`CommandResult.Output.countries`, one row a country): the keys of the
  /// program columns whose values JSON adds as members to each country's v3.1 object, being facts the
  /// table shows that the record does not hold (`crossings`, `matched`).
  package var additions: [String]
  /// On a terminal too narrow for the table, cells wrap inside their columns (as a card's values do)
  /// instead of being cut to `…`: for tables of facts read across (`compare`), not lists scanned down.
  package var wrapsCells: Bool

  package init(
    title: String? = nil, columns: [Column], rows: [[Cell]], plainColumns: [Int]? = nil,
    data: (@Sendable () -> (columns: [Column], rows: [[Cell]]))? = nil, additions: [String] = [],
    wrapsCells: Bool = false
  ) {
    self.title = title
    self.columns = columns
    self.rows = rows
    self.plainColumns = plainColumns
    self.data = data
    self.additions = additions
    self.wrapsCells = wrapsCells
  }

  /// The table programs get: `data`, built now, when set; else this one.
  package var forPrograms: Table {
    guard let data else { return self }
    let (columns, rows) = data()
    return Table(title: title, columns: columns, rows: rows, additions: additions)
  }

  /// The values of `additions` in each program row, by key.
  package var additionsByRow: [[(key: String, value: Cell)]] {
    let programs = forPrograms
    let places = additions.compactMap { key in programs.columns.firstIndex { $0.key == key }.map { (key, $0) } }
    return programs.rows.map { row in places.map { key, column in (key, column < row.count ? row[column] : .empty) } }
  }
}

/// A card about one country: a title line, a subtitle and labelled fields.
package struct Card: Sendable {
  /// One value for programs (CSV rows, JSON members): a snake_case key and a typed value. A dotted
  /// key groups values in JSON: `favorites.count` and `favorites.limit` are `"favorites": {"count": …,
  /// "limit": …}`; CSV keeps the dotted key as the field's name.
  package struct Datum: Sendable, Equatable {
    package var key: String
    package var value: Cell

    package init(_ key: String, _ value: Cell) {
      self.key = key
      self.value = value
    }
  }

  package struct Field: Sendable {
    package var label: String
    /// The value as a person reads it.
    package var value: String
    /// The value for programs (JSON, CSV), when it is not the text: `.integer(250)`, not `"250"`.
    package var raw: Cell?
    /// What programs get instead of one `label` → `raw ?? value` pair, when the field holds several
    /// facts: `region` and `subregion` apart, `population` and `population_year`.
    package var data: [Datum]?
    /// A fact about this answer, not about the country its card shows (how it was dealt, why it is
    /// home): JSON adds its data as members of the country's v3.1 object, which does not hold it.
    package var addedToRecord: Bool

    package init(
      _ label: String, _ value: String, raw: Cell? = nil, data: [Datum]? = nil, addedToRecord: Bool = false
    ) {
      self.label = label
      self.value = value
      self.raw = raw
      self.data = data
      self.addedToRecord = addedToRecord
    }

    /// The key/value pairs programs get for this field (the key is the label in snake_case).
    package var programData: [Datum] {
      data ?? [Datum(Card.key(label), raw ?? .text(value))]
    }
  }

  package var title: String
  package var subtitle: String?
  package var fields: [Field]
  /// What programs get instead of the title and subtitle (`name`, `flag`, `official`), when the
  /// title is not plain data; nil gives `name` = title and `official` = subtitle. Empty when the title
  /// only heads the table (`ctry status`): plain output, CSV and JSON then give the fields alone.
  package var head: [Datum]?
  /// Which of `head`'s keys JSON adds to the country's v3.1 object, which does not hold them
  /// (`local_name`); the others are members of it.
  package var headAddedToRecord: Set<String> = []

  package init(title: String, subtitle: String? = nil, fields: [Field], head: [Datum]? = nil) {
    self.title = title
    self.subtitle = subtitle
    self.fields = fields
    self.head = head
  }

  /// `Last error` → `last_error`: the key programs see for a label.
  package static func key(_ label: String) -> String {
    label.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "_")
  }

  /// What programs get for the title and subtitle.
  package var programHead: [Datum] {
    head ?? [Datum("name", .text(title))] + (subtitle.map { [Datum("official", .text($0))] } ?? [])
  }

  /// Every key/value pair for programs, head first.
  package var programData: [Datum] {
    programHead + fields.flatMap(\.programData)
  }

  /// The name programs know the card by: its `name` datum, else its title.
  package var name: String {
    if case .text(let name)? = programHead.first(where: { $0.key == "name" })?.value { return name }
    return title
  }
}
