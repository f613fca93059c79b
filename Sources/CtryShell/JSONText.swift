import CountryKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// JSON output: countries as REST Countries v3.1 objects, tables as arrays of objects.
enum JSONText {
  static func countries(_ countries: [Country]) -> String { encode(countries) }

  static func country(_ country: Country) -> String { encode(country) }

  static func table(_ table: Table) -> String {
    encode(
      table.rows.map { row in
        Dictionary(
          table.columns.indices.map { (table.columns[$0].key, $0 < row.count ? row[$0] : .empty) },
          uniquingKeysWith: { first, _ in first })
      })
  }

  static func object(_ fields: [String: Cell]) -> String { encode(fields) }

  /// `Last error` → `last_error`.
  static func key(_ label: String) -> String {
    label.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "_")
  }

  private static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }
}

extension Cell: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .text(let text): try container.encode(text)
    case .integer(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .empty: try container.encodeNil()
    }
  }
}
