import CountryModel

/// A flag drawn in the terminal with half blocks: each cell `▀` shows two pixels, the upper in the
/// foreground colour and the lower in the background. `flag` draws with it, and any command that
/// shows a flag in colour does too.
package struct FlagDrawing: Sendable {
  package let raster: FlagRaster

  /// The widths a drawing may have, in columns.
  package static let widths = 8...128
  package static let defaultWidth = 32

  package init(raster: FlagRaster) {
    self.raster = raster
  }

  /// The drawing `columns` wide (clamped to `widths`) in `depth`'s colours, one string a line, each
  /// ending with the colours reset. Its height keeps the flag's shape: a pixel is half a cell high.
  package func lines(columns: Int, depth: ColorDepth) -> [String] {
    let columns = min(max(columns, Self.widths.lowerBound), Self.widths.upperBound)
    var rows = raster.rows(forColumns: columns)
    if !rows.isMultiple(of: 2) { rows += 1 }
    var lines: [String] = []
    for line in 0..<rows / 2 {
      var text = ""
      var last: (FlagRaster.Color, FlagRaster.Color)?
      for x in 0..<columns {
        let upper = raster.color(x: x, y: 2 * line, columns: columns, rows: rows)
        let lower = raster.color(x: x, y: 2 * line + 1, columns: columns, rows: rows)
        if last?.0 != upper || last?.1 != lower {
          text += "\u{1B}[" + depth.parameters(red: upper.red, green: upper.green, blue: upper.blue, background: false)
          text += ";" + depth.parameters(red: lower.red, green: lower.green, blue: lower.blue, background: true) + "m"
          last = (upper, lower)
        }
        text += "▀"
      }
      lines.append(text + "\u{1B}[0m")
    }
    return lines
  }
}
