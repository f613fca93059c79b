import CtryOutput

/// Candidates in columns, filled top to bottom as shells list them on a second Tab.
package enum ColumnLayout {
  package static func format(_ items: [String], width: Int) -> String {
    guard !items.isEmpty else { return "" }
    let cell = (items.map(TextWidth.of).max() ?? 0) + 2
    let columns = max(1, width / cell)
    let rows = (items.count + columns - 1) / columns
    var lines: [String] = []
    for row in 0..<rows {
      var line = ""
      for column in 0..<columns {
        let index = column * rows + row
        guard index < items.count else { break }
        let isLast = column == columns - 1 || (column + 1) * rows + row >= items.count
        line += isLast ? items[index] : TextWidth.pad(items[index], to: cell)
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
