import CountryModel
import FoundationEssentials

/// JSON output: countries as REST Countries v3.1 objects, tables as arrays of objects.
package enum JSONText {
  /// An empty list is `[]` (Foundation's pretty printer on Linux writes an empty array over three lines).
  /// Each object carries, besides its v3.1 members, the `additions` of its row in `table`.
  static func countries(_ countries: [Country], adding table: Table? = nil) -> String {
    guard !countries.isEmpty else { return "[]" }
    guard let table, !table.additions.isEmpty else { return encode(countries) }
    let additions = table.additionsByRow
    return encode(
      countries.enumerated().map { row, country in
        Annotated(country: country, additions: row < additions.count ? additions[row] : [])
      })
  }

  /// The country's v3.1 object, with `additions` as members after its own (a dotted key nesting as in
  /// `object(_:)`).
  static func country(_ country: Country, adding additions: [Card.Datum] = []) -> String {
    guard !additions.isEmpty else { return encode(country) }
    guard case .object(let members) = Member(additions) else { return encode(country) }
    return encode(Annotated(country: country, additions: members.map { (key: $0.key, value: $0.value) }))
  }

  static func table(_ table: Table) -> String {
    guard !table.rows.isEmpty else { return "[]" }
    return encode(
      table.rows.map { row in
        Dictionary(
          table.columns.indices.map { (table.columns[$0].key, $0 < row.count ? row[$0] : .empty) },
          uniquingKeysWith: { first, _ in first })
      })
  }

  static func object(_ fields: [String: Cell]) -> String { encode(fields) }

  /// An object of `data` in order of keys, a dotted key (`favorites.count`) nesting its value in an
  /// object of its own; the first value of a repeated key wins.
  static func object(_ data: [Card.Datum]) -> String { encode(Member(data)) }

  /// An array of `object(_:)`s.
  static func objects(_ data: [[Card.Datum]]) -> String {
    data.isEmpty ? "[]" : encode(data.map(Member.init))
  }

  /// A JSON value made of cells and objects, for `object(_:)`.
  private enum Member: Encodable {
    case cell(Cell)
    case object([String: Member])

    /// An object of `data`, a dotted key nesting; the first value of a repeated key wins.
    init(_ data: [Card.Datum]) {
      self = .object([:])
      for datum in data { insert(datum.value, at: datum.key.split(separator: ".").map(String.init)[...]) }
    }

    mutating func insert(_ value: Cell, at path: ArraySlice<String>) {
      guard case .object(var members) = self, let first = path.first else { return }
      if path.count == 1 {
        if members[first] == nil { members[first] = .cell(value) }
      } else {
        var child = members[first] ?? .object([:])
        child.insert(value, at: path.dropFirst())
        members[first] = child
      }
      self = .object(members)
    }

    func encode(to encoder: any Encoder) throws {
      switch self {
      case .cell(let cell): try cell.encode(to: encoder)
      case .object(let members): try members.encode(to: encoder)
      }
    }
  }

  /// A country's v3.1 object with more members after its own.
  private struct Annotated<Value: Encodable>: Encodable {
    let country: Country
    let additions: [(key: String, value: Value)]

    func encode(to encoder: any Encoder) throws {
      try country.encode(to: encoder)
      var container = encoder.container(keyedBy: AdditionKey.self)
      for addition in additions { try container.encode(addition.value, forKey: AdditionKey(addition.key)) }
    }
  }

  private struct AdditionKey: CodingKey {
    let stringValue: String
    init(_ key: String) { stringValue = key }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
  }

  /// `value` as the shell's JSON: pretty, keys sorted, invisible characters escaped.
  package static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return "null" }
    return escapingInvisibles(String(decoding: data, as: UTF8.self))
  }

  /// The encoder escapes C0 controls; DEL, the C1 controls and the bidi overrides (which can only stand
  /// inside strings here) become `\u009b`-style escapes too, so that none reaches a terminal raw.
  static func escapingInvisibles(_ json: String) -> String {
    guard json.unicodeScalars.contains(where: VisibleEscapes.needsEscape) else { return json }
    var out = String.UnicodeScalarView()
    for scalar in json.unicodeScalars {
      guard VisibleEscapes.needsEscape(scalar), scalar.value >= 0x20 else {
        out.append(scalar)
        continue
      }
      let hex = String(scalar.value, radix: 16)
      out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
    }
    return String(out)
  }
}

extension Cell: Encodable {
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .text(let text): try container.encode(text)
    case .integer(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .bool(let value): try container.encode(value)
    case .empty: try container.encodeNil()
    }
  }
}
