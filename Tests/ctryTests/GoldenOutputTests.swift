import CtryTestSupport
import Foundation
import Testing

/// `--json` output of all 250 countries is byte for byte what it was before the catalog moved into
/// the SQLite snapshot (`Tests/Golden/all-countries.json`, made by the build before that change).
@Suite(.ownThread) struct GoldenOutputTests {
  static var goldenPath: String { "\(TestPaths.repository)/Tests/Golden/all-countries.json" }

  func allCountries(directory: String) throws -> ProcessRunner.Result {
    try ProcessRunner.ctry(["--data-dir", directory, "--offline", "--json", "-c", "search"])
  }

  /// After a deliberate change to the data or the JSON, `CTRY_UPDATE_GOLDEN=1 swift test --filter
  /// GoldenOutputTests` rewrites the file (`Golden`); review the diff before committing it.
  @Test func jsonOfEveryCountryIsUnchanged() throws {
    let directory = TestPaths.preparedDirectory()
    let first = try allCountries(directory: directory)
    #expect(first.status == 0, "\(first.err)")
    let golden = try Golden.expected(for: first.out, file: "all-countries.json")
    #expect(first.out == golden, "first run (snapshot built)")
    let second = try allCountries(directory: directory)
    #expect(second.out == golden, "second run (snapshot reused)")
  }
}
