import CountryModel
import CtryOutput
import Testing

/// Flags drawn in half blocks, in 24-bit or xterm-256 colour.
@Suite struct FlagDrawingTests {
  static let red = FlagRaster.Color(red: 255, green: 0, blue: 0)
  static let white = FlagRaster.Color(red: 255, green: 255, blue: 255)
  /// Two rows of pixels: red over white.
  static let raster = FlagRaster(width: 4, height: 2, palette: [red, white], pixels: [0, 0, 0, 0, 1, 1, 1, 1])

  @Test func trueColorSetsEachHalfOnce() {
    let lines = FlagDrawing(raster: Self.raster).lines(columns: 8, depth: .trueColor)
    #expect(lines.count == 2, "8 columns of a 2:1 raster: 4 pixels high, 2 lines")
    #expect(lines[0] == "\u{1B}[38;2;255;0;0;48;2;255;0;0m" + String(repeating: "▀", count: 8) + "\u{1B}[0m")
    #expect(lines[1] == "\u{1B}[38;2;255;255;255;48;2;255;255;255m" + String(repeating: "▀", count: 8) + "\u{1B}[0m")
  }

  @Test func xterm256UsesTheNearestColour() {
    let lines = FlagDrawing(raster: Self.raster).lines(columns: 8, depth: .xterm256)
    #expect(lines[0].hasPrefix("\u{1B}[38;5;196;48;5;196m"))
    #expect(ColorDepth.xterm256(red: 0, green: 0, blue: 0) == 16)
    #expect(ColorDepth.xterm256(red: 255, green: 255, blue: 255) == 231)
    #expect(ColorDepth.xterm256(red: 128, green: 128, blue: 128) == 244, "a grey takes the grey ramp")
  }

  @Test func widthIsClampedToTheBounds() {
    let drawing = FlagDrawing(raster: Self.raster)
    let cells = drawing.lines(columns: 1, depth: .trueColor)[0].filter { $0 == "▀" }.count
    #expect(cells == FlagDrawing.widths.lowerBound)
  }

  @Test func depthFollowsCOLORTERM() {
    #expect(ColorDepth(environment: ["COLORTERM": "truecolor"]) == .trueColor)
    #expect(ColorDepth(environment: ["COLORTERM": "24bit"]) == .trueColor)
    #expect(ColorDepth(environment: ["COLORTERM": "yes"]) == .xterm256)
    #expect(ColorDepth(environment: [:]) == .xterm256)
  }
}
