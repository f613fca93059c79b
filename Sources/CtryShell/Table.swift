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

  public init(title: String? = nil, columns: [Column], rows: [[Cell]], plainColumns: [Int]? = nil) {
    self.title = title
    self.columns = columns
    self.rows = rows
    self.plainColumns = plainColumns
  }
}

/// A card about one country: a title line, a subtitle and labelled fields.
public struct Card: Sendable {
  public struct Field: Sendable {
    public var label: String
    /// The value as a person reads it.
    public var value: String
    /// The value for programs (JSON), when it is not the text: `.integer(250)`, not `"250"`.
    public var raw: Cell?

    public init(_ label: String, _ value: String, raw: Cell? = nil) {
      self.label = label
      self.value = value
      self.raw = raw
    }
  }

  public var title: String
  public var subtitle: String?
  public var fields: [Field]

  public init(title: String, subtitle: String? = nil, fields: [Field]) {
    self.title = title
    self.subtitle = subtitle
    self.fields = fields
  }
}
