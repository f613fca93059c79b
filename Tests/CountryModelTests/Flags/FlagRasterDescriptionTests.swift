import CountryModel
import Testing

/// A flag's colours in words, read from its pixels.
@Suite struct FlagRasterDescriptionTests {
  static let red = FlagRaster.Color(red: 206, green: 17, blue: 38)
  static let white = FlagRaster.Color(red: 255, green: 255, blue: 255)
  static let black = FlagRaster.Color(red: 0, green: 0, blue: 0)
  static let gold = FlagRaster.Color(red: 252, green: 209, blue: 22)

  /// A `width × height` raster whose pixel at (x, y) is `index(x, y)`.
  func raster(_ palette: [FlagRaster.Color], width: Int = 24, height: Int = 18, _ index: (Int, Int) -> Int)
    -> FlagRaster
  {
    let pixels = (0..<height).flatMap { y in (0..<width).map { x in UInt8(index(x, y)) } }
    return FlagRaster(width: width, height: height, palette: palette, pixels: pixels)
  }

  @Test func horizontalBandsWithASmallEmblem() {
    let egypt = raster([Self.red, Self.white, Self.black, Self.gold]) { x, y in
      (10..<13).contains(x) && (7..<10).contains(y) ? 3 : y / 6
    }
    #expect(egypt.description == "horizontal bands of red, white and black; also yellow")
  }

  @Test func verticalBands() {
    let flag = raster([Self.black, Self.gold, Self.red]) { x, _ in x / 8 }
    #expect(flag.description == "vertical bands of black, yellow and red")
  }

  /// A cross is not bands, though most of each row is one colour.
  @Test func aCrossIsMainColours() {
    let cross = raster([Self.red, Self.white]) { x, y in (8..<10).contains(x) || (8..<10).contains(y) ? 1 : 0 }
    #expect(cross.description == "mainly red and white")
  }

  @Test func oneColourWithADetail() {
    let flag = raster([Self.red, Self.gold]) { x, y in x < 3 && y < 3 ? 1 : 0 }
    #expect(flag.description == "mainly red; also yellow")
    #expect(FlagRaster.name(of: Self.white) == "white" && FlagRaster.name(of: Self.black) == "black")
  }

  @Test func sharesAndScaling() {
    let flag = raster([Self.white, Self.red], width: 4, height: 2) { x, _ in x < 3 ? 0 : 1 }
    #expect(flag.shares.map(\.pixels) == [6, 2])
    #expect(flag.rows(forColumns: 8) == 4)
    #expect(flag.color(x: 7, y: 0, columns: 8, rows: 4) == Self.red)
    #expect(flag.color(x: 0, y: 3, columns: 8, rows: 4) == Self.white)
  }
}
