import CountryKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// JSON output: countries as REST Countries v3.1 objects, tables as arrays of objects.
enum JSONText {
  /// An empty list is `[]` (Foundation's pretty printer on Linux writes an empty array over three lines).
  static func countries(_ countries: [Country]) -> String { countries.isEmpty ? "[]" : encode(countries) }

  static func country(_ country: Country) -> String { encode(country) }

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

  private static func encode(_ value: some Encodable) -> String {
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
    case .empty: try container.encodeNil()
    }
  }
}
