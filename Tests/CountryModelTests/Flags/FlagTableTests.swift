import CountryModel
import CtrySystem
import Testing

/// The flag table: its format read line by line, one flag decoded at a time, and the bundled file.
@Suite struct FlagTableTests {
  /// 4×2 rasters: `AB` a red and white row over a white one, `CD` a row repeated by an empty row.
  static let sample = """
    # a comment
    raster 4 2
    AB ff0000,ffffff 0111/13
    CD 000000,00ff00 0210/
    """

  @Test func decodesTheRunsOfOneFlag() throws {
    let table = try FlagTable(bytes: Array(Self.sample.utf8), origin: "sample")
    #expect(table.width == 4 && table.height == 2 && table.codes == ["AB", "CD"])
    let ab = try #require(try table.raster(for: "AB"))
    #expect(ab.palette.map(\.hex) == ["#ff0000", "#ffffff"])
    #expect(ab.pixels == [0, 0, 1, 1, 1, 1, 1, 1])
    let cd = try #require(try table.raster(for: "CD"))
    #expect(cd.pixels == [0, 0, 0, 1, 0, 0, 0, 1], "an empty row repeats the row above")
    #expect(try table.raster(for: "XK") == nil)
  }

  /// A line that does not decode is an error naming the file and line, met when that flag is asked for.
  @Test(arguments: [
    "AB ff0000 03/03/03",  // three rows in a raster of two
    "AB ff0000 02/03",  // a row of three pixels
    "AB ff0000 13/03",  // a palette index past the palette
    "AB ff000 03/03",  // a colour of five digits
    "AB ff0000 /03",  // an empty first row
    "AB ff0000 0?/03",  // a character outside the alphabet
  ])
  func badFlagLines(_ line: String) throws {
    let table = try FlagTable(bytes: Array("raster 4 2\n\(line)\n".utf8), origin: "bad.txt")
    #expect(throws: CtryError.self) { try table.raster(for: "AB") }
    do {
      _ = try table.raster(for: "AB")
    } catch {
      #expect(error.description.contains("bad.txt:2"), "\(error)")
    }
  }

  @Test(arguments: ["", "AB ff0000 03/03\n", "raster 4\nAB ff0000 03/03\n", "raster 4 2\nABC 03\n"])
  func badFiles(_ text: String) {
    #expect(throws: CtryError.self) { try FlagTable(bytes: Array(text.utf8), origin: "bad.txt") }
  }

  /// Every country of the bundled data has a flag that decodes, but Kosovo, which the source lacks.
  @Test func bundledTableHasEveryFlagButKosovo() throws {
    let table = try FlagTable.load()
    #expect(table.codes.count == 249 && !table.codes.contains("XK"))
    for code in table.codes {
      let raster = try #require(try table.raster(for: code))
      #expect(raster.width == 64 && raster.height == 48)
    }
    #expect(try table.raster(for: "XK") == nil)
  }
}
