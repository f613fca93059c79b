/// A grid of braille cells (U+2800…U+28FF), each 2 dots wide and 4 tall, with a layer per cell so
/// that what is drawn on top (the country over its neighbours) decides the cell's style.
struct BrailleCanvas {
  /// What a dot belongs to; a cell takes the highest layer of its dots.
  enum Layer: UInt8, Comparable {
    case empty = 0
    case surroundings = 1
    case subject = 2

    static func < (a: Layer, b: Layer) -> Bool { a.rawValue < b.rawValue }
  }

  let columns: Int
  let rows: Int
  private var bits: [UInt8]
  private var layers: [Layer]
  private var overlays: [Int: Character] = [:]

  var dotWidth: Int { columns * 2 }
  var dotHeight: Int { rows * 4 }

  init(columns: Int, rows: Int) {
    self.columns = max(columns, 1)
    self.rows = max(rows, 1)
    bits = Array(repeating: 0, count: self.columns * self.rows)
    layers = Array(repeating: .empty, count: self.columns * self.rows)
  }

  /// Dot bits of a braille cell by (column, row) inside the cell.
  private static let dotBits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

  mutating func set(_ x: Int, _ y: Int, _ layer: Layer) {
    guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
    let cell = (y / 4) * columns + x / 2
    bits[cell] |= Self.dotBits[x % 2][y % 4]
    if layers[cell] < layer { layers[cell] = layer }
  }

  /// Puts `character` in the cell holding dot (x, y), whatever the dots there.
  mutating func mark(_ x: Double, _ y: Double, _ character: Character) {
    guard x >= 0, y >= 0, x < Double(dotWidth), y < Double(dotHeight) else { return }
    overlays[(Int(y) / 4) * columns + Int(x) / 2] = character
  }

  /// A straight line between two dot positions, clipped to the canvas first (Liang–Barsky), so a
  /// neighbour's far-away edges cost nothing.
  mutating func line(from a: (x: Double, y: Double), to b: (x: Double, y: Double), _ layer: Layer) {
    guard let (p, q) = Self.clip(a, b, width: Double(dotWidth), height: Double(dotHeight)) else { return }
    var x0 = Int(p.x.rounded(.down))
    var y0 = Int(p.y.rounded(.down))
    let x1 = Int(q.x.rounded(.down))
    let y1 = Int(q.y.rounded(.down))
    let dx = abs(x1 - x0)
    let dy = -abs(y1 - y0)
    let sx = x0 < x1 ? 1 : -1
    let sy = y0 < y1 ? 1 : -1
    var error = dx + dy
    while true {
      set(x0, y0, layer)
      if x0 == x1 && y0 == y1 { break }
      let twice = 2 * error
      if twice >= dy {
        error += dy
        x0 += sx
      }
      if twice <= dx {
        error += dx
        y0 += sy
      }
    }
  }

  static func clip(
    _ a: (x: Double, y: Double), _ b: (x: Double, y: Double), width: Double, height: Double
  ) -> ((x: Double, y: Double), (x: Double, y: Double))? {
    let maxX = width - 0.001
    let maxY = height - 0.001
    var t0 = 0.0
    var t1 = 1.0
    let dx = b.x - a.x
    let dy = b.y - a.y
    for (p, q) in [(-dx, a.x), (dx, maxX - a.x), (-dy, a.y), (dy, maxY - a.y)] {
      if p == 0 {
        if q < 0 { return nil }
        continue
      }
      let r = q / p
      if p < 0 {
        if r > t1 { return nil }
        t0 = max(t0, r)
      } else {
        if r < t0 { return nil }
        t1 = min(t1, r)
      }
    }
    return ((a.x + t0 * dx, a.y + t0 * dy), (a.x + t1 * dx, a.y + t1 * dy))
  }

  /// Fills the rings with the even-odd rule: a dot is set when its centre is inside.
  mutating func fill(_ rings: [[(x: Double, y: Double)]], _ layer: Layer) {
    var edges: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
    var top = Double.infinity
    var bottom = -Double.infinity
    for ring in rings where ring.count >= 3 {
      for index in ring.indices {
        let a = ring[index]
        let b = ring[(index + 1) % ring.count]
        guard a.y != b.y else { continue }
        edges.append((a.x, a.y, b.x, b.y))
        top = min(top, a.y, b.y)
        bottom = max(bottom, a.y, b.y)
      }
    }
    guard !edges.isEmpty else { return }
    let firstRow = max(0, Int(top.rounded(.down)))
    let lastRow = min(dotHeight - 1, Int(bottom.rounded(.up)))
    guard firstRow <= lastRow else { return }
    for row in firstRow...lastRow {
      let y = Double(row) + 0.5
      var crossings: [Double] = []
      for edge in edges where (edge.y0 <= y) != (edge.y1 <= y) {
        crossings.append(edge.x0 + (y - edge.y0) * (edge.x1 - edge.x0) / (edge.y1 - edge.y0))
      }
      crossings.sort()
      var index = 0
      while index + 1 < crossings.count {
        let from = max(0, Int((crossings[index] - 0.5).rounded(.up)))
        let to = min(dotWidth - 1, Int((crossings[index + 1] - 0.5).rounded(.down)))
        if from <= to { for x in from...to { set(x, row, layer) } }
        index += 2
      }
    }
  }

  /// The canvas as lines of (text, layer) runs, trailing blank cells dropped.
  func runs() -> [[(text: String, layer: Layer, overlay: Bool)]] {
    (0..<rows).map { row in
      var cells: [(Character, Layer, Bool)] = (0..<columns).map { column in
        let cell = row * columns + column
        if let overlay = overlays[cell] { return (overlay, .subject, true) }
        guard bits[cell] != 0, let scalar = Unicode.Scalar(0x2800 + UInt32(bits[cell])) else {
          return (" ", .empty, false)
        }
        return (Character(scalar), layers[cell], false)
      }
      while let last = cells.last, last.1 == .empty, !last.2 { cells.removeLast() }
      var line: [(text: String, layer: Layer, overlay: Bool)] = []
      for (character, layer, overlay) in cells {
        if let last = line.last, last.layer == layer, last.overlay == overlay, !overlay {
          line[line.count - 1].text.append(character)
        } else {
          line.append((String(character), layer, overlay))
        }
      }
      return line
    }
  }
}
