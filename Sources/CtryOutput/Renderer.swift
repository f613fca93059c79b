import CountryModel
import FoundationEssentials
import Glibc

/// Turns command results into text: one renderer for every command and format.
package struct Renderer: Sendable {
  package var format: OutputFormat
  package var style: Style
  /// The terminal width; `nil` when output is not a terminal (tables are then never cut).
  package var width: Int?

  package init(format: OutputFormat, color: Bool, depth: ColorDepth = .xterm256, width: Int?) {
    self.format = format
    self.style = Style(enabled: color, depth: depth)
    self.width = width
  }

  /// The bytes for `output`: UTF-8 text ending in a newline, or nothing. Plain tables and cards are
  /// made as bytes and stay bytes to the write; a String made from them would check their UTF-8 again.
  package func render(_ output: CommandResult.Output) -> [UInt8] {
    var bytes: [UInt8]
    switch (output, format) {
    case (.none, _), (.exit, _):
      return []
    case (.document(_, let table), .json):
      bytes = Array(JSONText.table(table.forPrograms).utf8)
    case (.document(_, let table), .csv):
      bytes = Array(CSVText.table(table.forPrograms).utf8)
    case (.text(let raw), _), (.document(let raw, _), _):
      bytes = Array(VisibleEscapes.escaped(raw, allowing: [.newline, .tab]).utf8)
      if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
      return bytes
    case (.picture(let picture), _):
      bytes = Array(picture.render(format: format, style: style, width: width).utf8)
    case (.message(let message), .json):
      bytes = Array(JSONText.object(["message": .text(message)]).utf8)
    case (.message(let message), _):
      bytes = Array(VisibleEscapes.escaped(message, allowing: [.newline, .tab]).utf8)
    case (.countries(let selection, let table, _), .json):
      bytes = Array(JSONText.countries(selection.countries, adding: table.full).utf8)
    case (.country(let country, let card), .json):
      let additions =
        (card.head ?? []).filter { card.headAddedToRecord.contains($0.key) }
        + card.fields.filter(\.addedToRecord).flatMap(\.programData)
      bytes = Array(JSONText.country(country, adding: additions).utf8)
    case (.table(let table, _), .json):
      bytes = Array(JSONText.table(table.forPrograms).utf8)
    case (.card(let card), .json):
      bytes = Array(JSONText.object(card.programData).utf8)
    case (.sideBySide(let cards), .json):
      bytes = Array(JSONText.objects(cards.cards.map(\.programData)).utf8)
    case (.sideBySide(let cards), .csv):
      bytes = Array(CSVText.rows(cards.csvRows).utf8)
    case (.sideBySide(let cards), _):
      bytes = render(cards.table(header: format == .plain))
    case (.card(let card), _), (.country(_, let card), _):
      bytes = render(card)
    case (.countries(let selection, let table, let empty), _):
      bytes = selection.isEmpty ? emptyText(empty) : render(format == .plain ? table.plain : table.full)
    case (.table(let table, let empty), _):
      bytes = table.rows.isEmpty ? emptyText(empty) : render(table)
    }
    guard !bytes.isEmpty else { return [] }
    // Plain output is for grep, cut and diff: no line ends in a space, whatever a cell or a drawing held.
    if format == .plain { Self.removeTrailingSpaces(&bytes) }
    // Bytes, not Characters: CSV rows end in "\r\n", one Character that `hasSuffix("\n")` misses.
    if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
    return bytes
  }

  /// Removes the spaces at the end of each line of `bytes`, in place. Bytes, not Characters: a space
  /// before a line feed is the same byte in any text. Lines are found with `memchr`, so a text with no
  /// line that ends in a space (most) costs a look at each line's last byte, and is left as it is.
  static func removeTrailingSpaces(_ bytes: inout [UInt8]) {
    let space = UInt8(ascii: " ")
    let newline = UInt8(ascii: "\n")
    let kept = bytes.withUnsafeMutableBufferPointer { buffer -> Int in
      guard let base = buffer.baseAddress else { return 0 }
      let count = buffer.count
      // Until the first line that ends in a space nothing moves; from it on, each line's kept bytes
      // are copied down to `written`, which never passes `start`.
      var dirty = false
      var written = 0
      var start = 0
      while start <= count {
        let end =
          memchr(base + start, Int32(newline), count - start).map { $0.assumingMemoryBound(to: UInt8.self) - base }
          ?? count
        var trimmed = end
        while trimmed > start, base[trimmed - 1] == space { trimmed -= 1 }
        if !dirty, trimmed != end {
          dirty = true
          written = start
        }
        if dirty {
          if written != start { memmove(base + written, base + start, trimmed - start) }
          written += trimmed - start
          if end < count {
            base[written] = newline
            written += 1
          }
        }
        start = end + 1
      }
      return dirty ? written : count
    }
    bytes.removeLast(bytes.count - kept)
  }

  /// Tables for people say that a list is empty; plain, CSV and JSON carry data only.
  private func emptyText(_ message: String) -> [UInt8] {
    format == .table ? Array(message.utf8) : []
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

  func render(_ table: Table) -> [UInt8] {
    switch format {
    case .csv: return Array(CSVText.table(table.forPrograms).utf8)
    case .plain: return plain(table)
    default: return Array(TableLayout(table: table, style: style, width: width).text.utf8)
    }
  }

  /// One row a line, the cells tab-separated, in bytes: appending to a String checks and merges its
  /// flags at every cell, which cost more than the names themselves.
  private func plain(_ table: Table) -> [UInt8] {
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
    return out
  }

  func render(_ card: Card) -> [UInt8] {
    switch format {
    case .csv:
      // For programs: raw values (`population,104124000`), one fact a row.
      return Array(
        CSVText.rows([["field", "value"]] + card.programData.map { [$0.key, CellText.raw($0.value)] }).utf8)
    case .plain:
      // The title and the subtitle when programs get them too, then `Label: value` lines; in bytes,
      // as a plain table is.
      var out: [UInt8] = []
      out.reserveCapacity(
        card.fields.reduce(card.title.utf8.count + (card.subtitle?.utf8.count ?? 0) + 1) {
          $0 + $1.label.utf8.count + $1.value.utf8.count + 3
        })
      let titled = !card.programHead.isEmpty
      if titled {
        out.appendEscaped(card.title)
        if let subtitle = card.subtitle {
          out.append(UInt8(ascii: "\n"))
          out.appendEscaped(subtitle)
        }
      }
      for (number, field) in card.fields.enumerated() {
        if titled || number > 0 { out.append(UInt8(ascii: "\n")) }
        out.appendEscaped(field.label)
        out.append(UInt8(ascii: ":"))
        out.append(UInt8(ascii: " "))
        out.appendEscaped(field.value)
      }
      return out
    default:
      return Array(CardLayout(card: card, style: style, width: width).text.utf8)
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
  /// when it needs no escape (one pass, no String made, not the UTF-8 view's generic path), else the
  /// escaped text's.
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
