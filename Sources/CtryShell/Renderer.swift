import CountryModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns command results into text: one renderer for every command and format.
package struct Renderer: Sendable {
  package var format: OutputFormat
  package var style: Style
  /// The terminal width; `nil` when output is not a terminal (tables are then never cut).
  package var width: Int?

  package init(format: OutputFormat, color: Bool, width: Int?) {
    self.format = format
    self.style = Style(enabled: color)
    self.width = width
  }

  /// The text for `output`, ending in a newline unless empty.
  package func render(_ output: CommandResult.Output) -> String {
    let text: String
    switch (output, format) {
    case (.none, _), (.exit, _):
      return ""
    case (.text(let raw), _):
      let text = VisibleEscapes.escaped(raw, allowing: [.newline, .tab])
      return text.hasSuffix("\n") ? text : text + "\n"
    case (.picture(let picture), _):
      text = picture.render(format: format, style: style, width: width)
    case (.message(let message), .json):
      text = JSONText.object(["message": .text(message)])
    case (.message(let message), _):
      text = VisibleEscapes.escaped(message, allowing: [.newline, .tab])
    case (.countries(let selection, let table, _), .json):
      text = JSONText.countries(selection.countries, adding: table.full)
    case (.country(let country, _), .json):
      text = JSONText.country(country)
    case (.table(let table, _), .json):
      text = JSONText.table(table.forPrograms)
    case (.card(let card), .json):
      text = JSONText.object(card.fields.flatMap(\.programData))
    case (.card(let card), _):
      text = render(card)
    case (.countries(let selection, let table, let empty), _):
      text = selection.isEmpty ? emptyText(empty) : render(format == .plain ? table.plain : table.full)
    case (.table(let table, let empty), _):
      text = table.rows.isEmpty ? emptyText(empty) : render(table)
    case (.country(_, let card), _):
      text = render(card)
    }
    guard !text.isEmpty else { return "" }
    // Plain output is for grep, cut and diff: no line ends in a space, whatever a cell or a drawing held.
    let finished = format == .plain ? Self.withoutTrailingSpaces(text) : text
    // Bytes, not Characters: CSV rows end in "\r\n", one Character that `hasSuffix("\n")` misses.
    return finished.utf8.last == UInt8(ascii: "\n") ? finished : finished + "\n"
  }

  /// `text` with the spaces at the end of each line removed. Bytes, not Characters: a space before a
  /// line feed is the same byte in any text, and walking bytes costs a tenth of splitting Characters.
  static func withoutTrailingSpaces(_ text: String) -> String {
    var text = text
    let trimmed: [UInt8]? = text.withUTF8 { bytes in
      let space = UInt8(ascii: " ")
      let newline = UInt8(ascii: "\n")
      // Most text has no line that ends in a space: it is returned as it is, not copied.
      var clean = bytes.last != space
      if clean {
        for index in bytes.indices.dropLast() where bytes[index] == space && bytes[index + 1] == newline {
          clean = false
          break
        }
      }
      if clean { return nil }
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count)
      var lineStart = 0
      for index in 0...bytes.count where index == bytes.count || bytes[index] == newline {
        var end = index
        while end > lineStart, bytes[end - 1] == space { end -= 1 }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<end]))
        if index < bytes.count { out.append(newline) }
        lineStart = index + 1
      }
      return out
    }
    return trimmed.map { String(decoding: $0, as: UTF8.self) } ?? text
  }

  /// Tables for people say that a list is empty; plain, CSV and JSON carry data only.
  private func emptyText(_ message: String) -> String {
    format == .table ? message : ""
  }

  /// The line for stderr when a list is empty in a data format (plain, CSV, JSON), where stdout
  /// stays empty (`[]` in JSON) and the table's friendly line would be mixed into the data.
  package func notice(for output: CommandResult.Output) -> String? {
    guard format != .table else { return nil }
    switch output {
    case .countries(let selection, _, let empty) where selection.isEmpty && !empty.isEmpty: return empty
    case .table(let table, let empty) where table.rows.isEmpty && !empty.isEmpty: return empty
    default: return nil
    }
  }

  func render(_ table: Table) -> String {
    switch format {
    case .csv: return CSVText.table(table.forPrograms)
    case .plain: return plain(table)
    default: return TableLayout(table: table, style: style, width: width).text
    }
  }

  /// One row a line, the cells tab-separated. Bytes, made into one String at the end: appending to a
  /// String checks and merges its flags at every cell, which cost more than the names themselves.
  private func plain(_ table: Table) -> String {
    let columns = table.plainColumns ?? Array(table.columns.indices)
    var out: [UInt8] = []
    for (number, row) in table.rows.enumerated() {
      if number > 0 { out.append(UInt8(ascii: "\n")) }
      var first = true
      for column in columns where column < row.count {
        if !first { out.append(UInt8(ascii: "\t")) }
        first = false
        out.appendEscaped(CellText.display(row[column]))
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  func render(_ card: Card) -> String {
    switch format {
    case .csv:
      // For programs: raw values (`population,104124000`), one fact a row.
      return CSVText.rows([["field", "value"]] + card.programData.map { [$0.key, CellText.raw($0.value)] })
    case .plain:
      // The title, the subtitle, then `Label: value` lines; in bytes, as a plain table is.
      var out: [UInt8] = []
      out.reserveCapacity(
        card.fields.reduce(card.title.utf8.count + (card.subtitle?.utf8.count ?? 0) + 1) {
          $0 + $1.label.utf8.count + $1.value.utf8.count + 3
        })
      out.appendEscaped(card.title)
      if let subtitle = card.subtitle {
        out.append(UInt8(ascii: "\n"))
        out.appendEscaped(subtitle)
      }
      for field in card.fields {
        out.append(UInt8(ascii: "\n"))
        out.appendEscaped(field.label)
        out.append(UInt8(ascii: ":"))
        out.append(UInt8(ascii: " "))
        out.appendEscaped(field.value)
      }
      return String(decoding: out, as: UTF8.self)
    default:
      return CardLayout(card: card, style: style, width: width).text
    }
  }
}

/// How a cell reads in tables and plain output.
enum CellText {
  static func display(_ cell: Cell) -> String {
    switch cell {
    case .text(let text): return text
    case .integer(let value): return NumberFormat.grouped(value)
    case .number(let value): return NumberFormat.grouped(value)
    case .bool(let value): return value ? "yes" : "no"
    case .empty: return ""
    }
  }

  static func raw(_ cell: Cell) -> String {
    switch cell {
    case .text(let text): return text
    case .integer(let value): return String(value)
    case .number(let value): return NumberFormat.raw(value)
    case .bool(let value): return value ? "true" : "false"
    case .empty: return ""
    }
  }
}

extension [UInt8] {
  /// Appends `VisibleEscapes.escaped(text)`'s UTF-8: the text's own bytes, from its contiguous storage,
  /// when it needs no escape (one pass, no String made), else the escaped text's.
  /// (`append(contentsOf: text.utf8)` went through the view's generic path, four times the
  /// instructions for a short text.)
  mutating func appendEscaped(_ text: String) {
    var text = text
    let clean = text.withUTF8 { bytes in
      guard !VisibleEscapes.needsEscapes(bytes, allowing: []) else { return false }
      append(contentsOf: bytes)
      return true
    }
    guard !clean else { return }
    var escaped = VisibleEscapes.escaped(text)
    escaped.withUTF8 { append(contentsOf: $0) }
  }
}
