extension FlagRaster {
  /// Words for the flag read from its pixels alone, for output without colour: "horizontal bands of
  /// red, white and black; also yellow", "vertical bands of …", or "mainly red; also yellow" (the
  /// colours of at least 5 % of the flag, then those of at least 1 %). Nothing is written by hand for
  /// a flag: bands are rows (or columns) of nearly one colour, and colours are named by the nearest
  /// of a few named colours.
  public var description: String {
    let main = shares.filter { $0.pixels * 20 >= pixels.count }.map { Self.name(of: $0.color) }
    let others = shares.filter { $0.pixels * 100 >= pixels.count }.map { Self.name(of: $0.color) }
    for horizontal in [true, false] {
      guard let bands = bands(horizontal: horizontal) else { continue }
      let kind = horizontal ? "horizontal" : "vertical"
      let extra = Self.unique(others.filter { !bands.contains($0) })
      return "\(kind) bands of \(Self.list(bands))" + (extra.isEmpty ? "" : "; also \(Self.list(extra))")
    }
    let named = Self.unique(main.isEmpty ? others : main)
    let extra = Self.unique(others.filter { !named.contains($0) })
    return "mainly " + Self.list(named) + (extra.isEmpty ? "" : "; also \(Self.list(extra))")
  }

  /// The colour at `along` of line `line`: rows when `horizontal`, else columns.
  private func pixel(_ line: Int, _ along: Int, horizontal: Bool) -> UInt8 {
    horizontal ? pixels[line * width + along] : pixels[along * width + line]
  }

  /// The bands' colour names in order (rows from the top, or columns from the left), when at least
  /// 90 % of the pixels are their line's most common colour, no line across the bands is mostly other
  /// colours (a cross is not bands), and there are two bands or more of different names; a band
  /// thinner than 1/24 of the flag (an edge) does not count.
  private func bands(horizontal: Bool) -> [String]? {
    let (count, length) = horizontal ? (height, width) : (width, height)
    var majorities: [Int] = []
    var misses = [Int](repeating: 0, count: length)
    var agreeing = 0
    for line in 0..<count {
      var counts = [Int](repeating: 0, count: palette.count)
      for along in 0..<length { counts[Int(pixel(line, along, horizontal: horizontal))] += 1 }
      let top = counts.indices.max { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) } ?? 0
      majorities.append(top)
      agreeing += counts[top]
      for along in 0..<length where Int(pixel(line, along, horizontal: horizontal)) != top { misses[along] += 1 }
    }
    guard agreeing * 10 >= count * length * 9, misses.allSatisfy({ $0 * 2 <= count }) else { return nil }
    var runs: [(name: String, length: Int)] = []
    for colour in majorities {
      let name = Self.name(of: palette[colour])
      if runs.last?.name == name { runs[runs.count - 1].length += 1 } else { runs.append((name, 1)) }
    }
    var names: [String] = []
    for run in runs where run.length * 24 >= count && names.last != run.name { names.append(run.name) }
    return names.count >= 2 ? names : nil
  }

  private static func unique(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }

  /// "a", "a and b", "a, b and c".
  static func list(_ names: [String]) -> String {
    guard let last = names.last else { return "" }
    return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
  }

  /// The nearest of a few named colours.
  public static func name(of color: Color) -> String {
    let named: [(String, Int, Int, Int)] = [
      ("white", 255, 255, 255), ("black", 0, 0, 0), ("grey", 128, 128, 128), ("red", 210, 16, 52),
      ("maroon", 128, 20, 40), ("orange", 255, 130, 0), ("yellow", 252, 209, 22), ("green", 0, 140, 60),
      ("light green", 120, 200, 80), ("blue", 0, 56, 168), ("light blue", 90, 160, 230),
      ("dark blue", 0, 30, 90), ("brown", 130, 80, 30),
    ]
    let (r, g, b) = (Int(color.red), Int(color.green), Int(color.blue))
    return named.min { a, b2 in
      (a.1 - r) * (a.1 - r) + (a.2 - g) * (a.2 - g) + (a.3 - b) * (a.3 - b)
        < (b2.1 - r) * (b2.1 - r) + (b2.2 - g) * (b2.2 - g) + (b2.3 - b) * (b2.3 - b)
    }?.0 ?? "grey"
  }
}
