import CtryTestSupport
import Foundation
import Testing

/// `--json` output of all 250 countries is byte for byte what it was before the catalog moved into
/// the SQLite snapshot (`Tests/Golden/all-countries.json`, made by the build before that change).
@Suite struct GoldenOutputTests {
  static var goldenPath: String { "\(TestPaths.repository)/Tests/Golden/all-countries.json" }

  func allCountries(directory: String) throws -> ProcessRunner.Result {
    try ProcessRunner.ctry(["--data-dir", directory, "--offline", "--json", "-c", "search"])
  }

  @Test func jsonOfEveryCountryIsUnchanged() throws {
    let golden = try #require(FileManager.default.contents(atPath: Self.goldenPath))
    let directory = TestPaths.temporaryDirectory()
    let first = try allCountries(directory: directory)
    #expect(first.status == 0, "\(first.err)")
    #expect(first.out == String(decoding: golden, as: UTF8.self), "first run (snapshot built)")
    let second = try allCountries(directory: directory)
    #expect(second.out == String(decoding: golden, as: UTF8.self), "second run (snapshot reused)")
  }
}
