import CountryModel

/// Lays a table out in aligned columns that fit the terminal width: cells too long for their column
/// are cut to `…`, or with `Table.wrapsCells` wrap onto more lines of the row at their spaces. A
/// wrapped cell's word that holds a digit (`1,394,020,000`, `UTC+05:30`) is never split: when such
/// words cannot all stand whole side by side, the columns after the first are shown in bands, one
/// below the other, each headed by the first column (a `compare` of many countries on a narrow
/// terminal).
struct TableLayout {
  let table: Table
  let style: Style
  let width: Int?

  var text: String {
    let cells = table.rows.map { row in
      table.columns.indices.map { $0 < row.count ? VisibleEscapes.escaped(CellText.display(row[$0])) : "" }
    }
    let titles = table.columns.map { VisibleEscapes.escaped($0.title) }
    let natural = table.columns.indices.map { column in
      max(TextWidth.of(titles[column]), cells.map { TextWidth.of($0[column]) }.max() ?? 0)
    }
    var lines: [String] = []
    if let title = table.title { lines.append(style.bold(VisibleEscapes.escaped(title, allowing: [.tab]))) }
    guard table.wrapsCells else {
      var widths = natural
      fit(&widths, columns: Array(natural.indices), floors: widths.map { _ in 6 })
      return (lines + body(Array(natural.indices), widths: widths, titles: titles, cells: cells))
        .joined(separator: "\n")
    }
    let words = table.columns.indices.map { column in
      ([titles[column]] + cells.map { $0[column] }).flatMap { $0.split(separator: " ") }
    }
    // Narrow first down to each column's longest word, so that words break only when nothing else fits,
    // and never below its longest word with a digit.
    let longestWords = words.map { $0.map { TextWidth.of(String($0)) }.max() ?? 0 }
    // The first column, which heads every band, keeps its words whole too.
    let floors = natural.indices.map { column in
      column == 0
        ? longestWords[0]
        : max(
          min(6, natural[column]),
          words[column].filter { $0.contains { $0.isNumber } }.map { TextWidth.of(String($0)) }.max() ?? 0)
    }
    let bands = self.bands(floors)
    for (index, band) in bands.enumerated() {
      var widths = natural
      fit(&widths, columns: band, floors: floors.indices.map { max(6, longestWords[$0], floors[$0]) })
      fit(&widths, columns: band, floors: floors)
      if index > 0 { lines.append("") }
      // A band leaves out the rows it has nothing of.
      let rows = bands.count == 1 ? cells : cells.filter { row in band.dropFirst().contains { !row[$0].isEmpty } }
      lines += body(band, widths: widths, titles: titles, cells: rows)
    }
    return lines.joined(separator: "\n")
  }

  /// The columns shown together: all of them when their floors fit the width side by side; else the
  /// first column with as many of the next as fit, band after band (at least one more in each).
  private func bands(_ floors: [Int]) -> [[Int]] {
    let all = Array(floors.indices)
    guard let width, floors.count > 2, floors.reduce(0, +) + 2 * (floors.count - 1) > width else { return [all] }
    var bands: [[Int]] = []
    var band = [0]
    var used = floors[0]
    for column in all.dropFirst() {
      if band.count > 1, used + 2 + floors[column] > width {
        bands.append(band)
        band = [0]
        used = floors[0]
      }
      band.append(column)
      used += 2 + floors[column]
    }
    bands.append(band)
    return bands
  }

  /// The header, its rule and the rows of `columns` at their `widths`.
  private func body(_ columns: [Int], widths: [Int], titles: [String], cells: [[String]]) -> [String] {
    let header = rowLines(columns.map { titles[$0] }, columns: columns, widths: widths)
    var lines = header.map(style.bold)
    lines.append(style.dim(String(repeating: "─", count: header.map { TextWidth.of($0) }.max() ?? 0)))
    lines += cells.flatMap { row in rowLines(columns.map { row[$0] }, columns: columns, widths: widths) }
    return lines
  }

  /// The lines of one row: one, its cells cut to their widths; or, when the table wraps cells, as many
  /// as its longest cell needs.
  private func rowLines(_ values: [String], columns: [Int], widths: [Int]) -> [String] {
    guard table.wrapsCells, width != nil else { return [line(values, columns: columns, widths: widths)] }
    let wrapped = values.indices.map {
      TextWidth.wrap(values[$0], to: widths[columns[$0]], breakingWords: true)
    }
    let height = wrapped.map(\.count).max() ?? 1
    return (0..<height).map { index in
      line(wrapped.map { index < $0.count ? $0[index] : "" }, columns: columns, widths: widths)
    }
  }

  private func line(_ values: [String], columns: [Int], widths: [Int]) -> String {
    var parts: [String] = []
    for (index, value) in values.enumerated() {
      let column = columns[index]
      let cut = TextWidth.truncate(value, to: widths[column])
      let isLast = index == values.count - 1
      let alignRight = table.columns[column].alignRight
      parts.append(isLast && !alignRight ? cut : TextWidth.pad(cut, to: widths[column], right: alignRight))
    }
    // Padding before empty cells at the end of the line is no content.
    var text = parts.joined(separator: "  ")
    while text.hasSuffix(" ") { text.removeLast() }
    return text
  }

  /// Narrows the widest text columns of `columns` (never below their floor) until they fit `width`
  /// side by side.
  private func fit(_ widths: inout [Int], columns: [Int], floors: [Int]) {
    guard let width else { return }
    let gaps = 2 * max(0, columns.count - 1)
    var excess = columns.map { widths[$0] }.reduce(0, +) + gaps - width
    while excess > 0 {
      guard
        let widest = columns.filter({ !table.columns[$0].alignRight && widths[$0] > floors[$0] })
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
