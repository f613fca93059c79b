import CountryKit

/// Lays a table out in aligned columns that fit the terminal width.
struct TableLayout {
  let table: Table
  let style: Style
  let width: Int?

  var text: String {
    let cells = table.rows.map { row in
      table.columns.indices.map { $0 < row.count ? VisibleEscapes.escaped(CellText.display(row[$0])) : "" }
    }
    let titles = table.columns.map { VisibleEscapes.escaped($0.title) }
    var widths = table.columns.indices.map { column in
      max(TextWidth.of(titles[column]), cells.map { TextWidth.of($0[column]) }.max() ?? 0)
    }
    fit(&widths)
    var lines: [String] = []
    if let title = table.title { lines.append(style.bold(VisibleEscapes.escaped(title, allowing: [.tab]))) }
    let header = line(titles, widths: widths)
    lines.append(style.bold(header))
    lines.append(style.dim(String(repeating: "─", count: TextWidth.of(header))))
    lines += cells.map { line($0, widths: widths) }
    return lines.joined(separator: "\n")
  }

  private func line(_ values: [String], widths: [Int]) -> String {
    var parts: [String] = []
    for (index, value) in values.enumerated() {
      let cut = TextWidth.truncate(value, to: widths[index])
      let isLast = index == values.count - 1
      let alignRight = table.columns[index].alignRight
      parts.append(isLast && !alignRight ? cut : TextWidth.pad(cut, to: widths[index], right: alignRight))
    }
    return parts.joined(separator: "  ")
  }

  /// Narrows the widest text columns (never below 6 columns) until the table fits `width`.
  private func fit(_ widths: inout [Int]) {
    guard let width else { return }
    let gaps = 2 * max(0, widths.count - 1)
    var excess = widths.reduce(0, +) + gaps - width
    while excess > 0 {
      guard
        let widest = widths.indices.filter({ !table.columns[$0].alignRight && widths[$0] > 6 })
          .max(by: { widths[$0] < widths[$1] })
      else { return }
      widths[widest] -= 1
      excess -= 1
    }
  }
}

/// Lays a country card out: a bold title, a subtitle and aligned, wrapped label/value lines.
struct CardLayout {
  let card: Card
  let style: Style
  let width: Int?

  var text: String {
    var lines = [style.bold(VisibleEscapes.escaped(card.title))]
    if let subtitle = card.subtitle { lines.append(style.dim(VisibleEscapes.escaped(subtitle))) }
    lines.append("")
    let labels = card.fields.map { VisibleEscapes.escaped($0.label) }
    let labelWidth = (labels.map { TextWidth.of($0) }.max() ?? 0) + 2
    let valueWidth = width.map { max(20, $0 - labelWidth) }
    for (field, fieldLabel) in zip(card.fields, labels) {
      let label = style.accent(TextWidth.pad(fieldLabel, to: labelWidth))
      let value = VisibleEscapes.escaped(field.value)
      let wrapped = valueWidth.map { wrap(value, to: $0) } ?? [value]
      for (index, part) in wrapped.enumerated() {
        lines.append((index == 0 ? label : String(repeating: " ", count: labelWidth)) + part)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Word-wraps `text` at spaces to at most `width` columns (a longer word stands alone).
  private func wrap(_ text: String, to width: Int) -> [String] {
    guard TextWidth.of(text) > width else { return [text] }
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if TextWidth.of(candidate) > width, !current.isEmpty {
        lines.append(current)
        current = String(word)
      } else {
        current = candidate
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}
