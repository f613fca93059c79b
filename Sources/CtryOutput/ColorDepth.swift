/// The colours a terminal shows, once colour is on (`Settings.color` decides that): 24-bit where the
/// terminal says so in `COLORTERM` (`truecolor` or `24bit`), else xterm's 256.
package enum ColorDepth: Sendable, Equatable {
  case trueColor
  case xterm256

  package init(environment: [String: String]) {
    switch environment["COLORTERM"]?.lowercased() {
    case "truecolor", "24bit": self = .trueColor
    default: self = .xterm256
    }
  }

  /// The SGR parameters that set the foreground (or background) to `red, green, blue`:
  /// `38;2;R;G;B` in 24-bit colour, `38;5;N` with the nearest of xterm's 256 colours otherwise.
  package func parameters(red: UInt8, green: UInt8, blue: UInt8, background: Bool) -> String {
    let lead = background ? "48" : "38"
    switch self {
    case .trueColor: return "\(lead);2;\(red);\(green);\(blue)"
    case .xterm256: return "\(lead);5;\(Self.xterm256(red: red, green: green, blue: blue))"
    }
  }

  /// The nearest colour of xterm's 6×6×6 cube (16–231) or grey ramp (232–255).
  package static func xterm256(red: UInt8, green: UInt8, blue: UInt8) -> Int {
    let levels = [0, 95, 135, 175, 215, 255]
    func step(_ value: UInt8) -> Int {
      levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) } ?? 0
    }
    func distance(_ r: Int, _ g: Int, _ b: Int) -> Int {
      let (dr, dg, db) = (r - Int(red), g - Int(green), b - Int(blue))
      return dr * dr + dg * dg + db * db
    }
    let (r, g, b) = (step(red), step(green), step(blue))
    let cube = 16 + 36 * r + 6 * g + b
    let cubeDistance = distance(levels[r], levels[g], levels[b])
    let average = (Int(red) + Int(green) + Int(blue)) / 3
    let grey = min(23, max(0, (average - 3) / 10))
    let level = 8 + 10 * grey
    return distance(level, level, level) < cubeDistance ? 232 + grey : cube
  }
}
