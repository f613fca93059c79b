import CountryModel

/// Lays a table out in aligned columns that fit the terminal width: cells too long for their column
/// are cut to `…`, or with `Table.wrapsCells` wrap onto more lines of the row.
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
    if table.wrapsCells {
      // Narrow first down to each column's longest word, so that words break only when nothing else fits.
      let longestWords = table.columns.indices.map { column in
        ([titles[column]] + cells.map { $0[column] }).flatMap { $0.split(separator: " ") }
          .map { TextWidth.of(String($0)) }.max() ?? 0
      }
      fit(&widths, floors: longestWords.map { max(6, $0) })
    }
    fit(&widths, floors: widths.map { _ in 6 })
    var lines: [String] = []
    if let title = table.title { lines.append(style.bold(VisibleEscapes.escaped(title, allowing: [.tab]))) }
    let header = rowLines(titles, widths: widths)
    lines += header.map(style.bold)
    lines.append(style.dim(String(repeating: "─", count: header.map { TextWidth.of($0) }.max() ?? 0)))
    lines += cells.flatMap { rowLines($0, widths: widths) }
    return lines.joined(separator: "\n")
  }

  /// The lines of one row: one, its cells cut to their widths; or, when the table wraps cells, as many
  /// as its longest cell needs.
  private func rowLines(_ values: [String], widths: [Int]) -> [String] {
    guard table.wrapsCells, width != nil else { return [line(values, widths: widths)] }
    let wrapped = values.indices.map { TextWidth.wrap(values[$0], to: widths[$0], breakingWords: true) }
    let height = wrapped.map(\.count).max() ?? 1
    return (0..<height).map { index in line(wrapped.map { index < $0.count ? $0[index] : "" }, widths: widths) }
  }

  private func line(_ values: [String], widths: [Int]) -> String {
    var parts: [String] = []
    for (index, value) in values.enumerated() {
      let cut = TextWidth.truncate(value, to: widths[index])
      let isLast = index == values.count - 1
      let alignRight = table.columns[index].alignRight
      parts.append(isLast && !alignRight ? cut : TextWidth.pad(cut, to: widths[index], right: alignRight))
    }
    // Padding before empty cells at the end of the line is no content.
    var text = parts.joined(separator: "  ")
    while text.hasSuffix(" ") { text.removeLast() }
    return text
  }

  /// Narrows the widest text columns (never below their floor) until the table fits `width`.
  private func fit(_ widths: inout [Int], floors: [Int]) {
    guard let width else { return }
    let gaps = 2 * max(0, widths.count - 1)
    var excess = widths.reduce(0, +) + gaps - width
    while excess > 0 {
      guard
        let widest = widths.indices.filter({ !table.columns[$0].alignRight && widths[$0] > floors[$0] })
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
      let wrapped = valueWidth.map { TextWidth.wrap(value, to: $0) } ?? [value]
      for (index, part) in wrapped.enumerated() {
        lines.append((index == 0 ? label : String(repeating: " ", count: labelWidth)) + part)
      }
    }
    return lines.joined(separator: "\n")
  }
}
