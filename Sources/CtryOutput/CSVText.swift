import CountryModel

/// RFC 4180 CSV: CRLF line ends; fields with commas, quotes or line breaks quoted, quotes doubled.
package enum CSVText {
  static func table(_ table: Table) -> String {
    rows([table.columns.map(\.key)] + table.rows.map { $0.map(CellText.raw) })
  }

  package static func rows(_ rows: [[String]]) -> String {
    rows.map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
  }

  /// Line breaks and tabs may stand inside a quoted field; other control characters and the bidi
  /// overrides are escaped visibly.
  static func field(_ raw: String) -> String {
    let value = VisibleEscapes.escaped(raw, allowing: [.newline, .carriageReturn, .tab])
    guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
    else { return value }
    return "\"" + value.replacing("\"", with: "\"\"") + "\""
  }
}
