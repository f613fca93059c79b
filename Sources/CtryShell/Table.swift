/// One value in a table: text, or a number the renderer formats (grouped digits in tables, raw in CSV/JSON).
public enum Cell: Sendable, Equatable {
  case text(String)
  case integer(Int)
  case number(Double)
  case empty
}

/// A table result: typed cells, column titles and JSON keys.
public struct Table: Sendable {
  public struct Column: Sendable {
    public var key: String
    public var title: String
    public var alignRight: Bool

    public init(_ key: String, _ title: String, alignRight: Bool = false) {
      self.key = key
      self.title = title
      self.alignRight = alignRight
    }
  }

  /// A line printed above the table in the table format only.
  public var title: String?
  public var columns: [Column]
  public var rows: [[Cell]]
  /// Columns printed by the plain format (one row per line, tab-separated); all when nil.
  public var plainColumns: [Int]?
  /// The records JSON and CSV give instead of `rows`, when the table is laid out for reading rather
  /// than as records (`compare`: people read one column per country, programs get one record each).
  public var data: (columns: [Column], rows: [[Cell]])?

  public init(
    title: String? = nil, columns: [Column], rows: [[Cell]], plainColumns: [Int]? = nil,
    data: (columns: [Column], rows: [[Cell]])? = nil
  ) {
    self.title = title
    self.columns = columns
    self.rows = rows
    self.plainColumns = plainColumns
    self.data = data
  }

  /// The table programs get: `data` when set, else this one.
  public var forPrograms: Table {
    guard let data else { return self }
    return Table(title: title, columns: data.columns, rows: data.rows)
  }
}

/// A card about one country: a title line, a subtitle and labelled fields.
public struct Card: Sendable {
  /// One value for programs (CSV rows, JSON members): a snake_case key and a typed value.
  public struct Datum: Sendable, Equatable {
    public var key: String
    public var value: Cell

    public init(_ key: String, _ value: Cell) {
      self.key = key
      self.value = value
    }
  }

  public struct Field: Sendable {
    public var label: String
    /// The value as a person reads it.
    public var value: String
    /// The value for programs (JSON, CSV), when it is not the text: `.integer(250)`, not `"250"`.
    public var raw: Cell?
    /// What programs get instead of one `label` → `raw ?? value` pair, when the field holds several
    /// facts: `region` and `subregion` apart, `population` and `population_year`.
    public var data: [Datum]?

    public init(_ label: String, _ value: String, raw: Cell? = nil, data: [Datum]? = nil) {
      self.label = label
      self.value = value
      self.raw = raw
      self.data = data
    }

    /// The key/value pairs programs get for this field (the key is the label in snake_case).
    public var programData: [Datum] {
      data ?? [Datum(Card.key(label), raw ?? .text(value))]
    }
  }

  public var title: String
  public var subtitle: String?
  public var fields: [Field]
  /// What programs get instead of the title and subtitle (`name`, `flag`, `official`), when the
  /// title is not plain data; nil gives `name` = title and `official` = subtitle.
  public var head: [Datum]?

  public init(title: String, subtitle: String? = nil, fields: [Field], head: [Datum]? = nil) {
    self.title = title
    self.subtitle = subtitle
    self.fields = fields
    self.head = head
  }

  /// `Last error` → `last_error`: the key programs see for a label.
  public static func key(_ label: String) -> String {
    label.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "_")
  }

  /// Every key/value pair for programs, head first.
  public var programData: [Datum] {
    let head =
      self.head
      ?? [Datum("name", .text(title))] + (subtitle.map { [Datum("official", .text($0))] } ?? [])
    return head + fields.flatMap(\.programData)
  }
}
