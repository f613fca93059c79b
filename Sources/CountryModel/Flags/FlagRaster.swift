/// One flag's pixels: a palette and, row by row from the top, each pixel's index into it.
public struct FlagRaster: Sendable, Equatable {
  /// A colour in 8-bit sRGB channels.
  public struct Color: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
      self.red = red
      self.green = green
      self.blue = blue
    }

    /// `#rrggbb`.
    public var hex: String {
      "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
  }

  public let width: Int
  public let height: Int
  /// The colours, most of the flag's area first.
  public let palette: [Color]
  /// `width × height` indices into `palette`, row by row.
  public let pixels: [UInt8]

  public init(width: Int, height: Int, palette: [Color], pixels: [UInt8]) {
    precondition(pixels.count == width * height && pixels.allSatisfy { Int($0) < palette.count })
    self.width = width
    self.height = height
    self.palette = palette
    self.pixels = pixels
  }

  /// The colour at column `x`, row `y` of the raster.
  public func color(x: Int, y: Int) -> Color { palette[Int(pixels[y * width + x])] }

  /// The colour seen at (`x`, `y`) of the raster scaled to `columns × rows`: the raster pixel under
  /// the centre of that cell.
  public func color(x: Int, y: Int, columns: Int, rows: Int) -> Color {
    color(x: min(width - 1, (2 * x + 1) * width / (2 * columns)), y: min(height - 1, (2 * y + 1) * height / (2 * rows)))
  }

  /// The rows of pixels a drawing `columns` wide has, keeping the raster's shape with square pixels.
  public func rows(forColumns columns: Int) -> Int {
    max(2, (columns * height + width / 2) / width)
  }

  /// Each colour's share of the flag, in pixels, most first.
  public var shares: [(color: Color, pixels: Int)] {
    var counts = [Int](repeating: 0, count: palette.count)
    for pixel in pixels { counts[Int(pixel)] += 1 }
    return zip(palette, counts).sorted { $0.1 > $1.1 }.map { (color: $0.0, pixels: $0.1) }
  }
}
