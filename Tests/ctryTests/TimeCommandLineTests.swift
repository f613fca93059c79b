import CtryTestSupport
import Foundation
import Testing

/// `time` through the built binary: its answer, its bad input, its completion, and the zone table
/// read only by the commands that show it. Every run gives `--at`: none reads the wall clock.
@Suite(.ownThread) struct TimeCommandLineTests {
  let directory = TestPaths.preparedDirectory()

  func ctry(_ arguments: String..., environment: [String: String] = [:]) throws -> ProcessRunner.Result {
    try ProcessRunner.ctry(["--data-dir", directory] + arguments, environment: environment)
  }

  @Test func germanyInSummerAndWinter() throws {
    let summer = try ctry("--format", "plain", "time", "Germany", "--at", "2026-07-01T12:00:00Z")
    #expect(summer.status == 0 && summer.err.isEmpty, "\(summer.err)")
    #expect(summer.out.hasPrefix("Europe/Berlin\tWed 2026-07-01 14:00\tCEST\tUTC+02:00\n"), "\(summer.out)")
    let winter = try ctry("--json", "-c", "time Germany --at 2026-01-15T12:00:00Z")
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(winter.out.utf8)) as? [[String: Any]])
    #expect(rows.first?["local_time"] as? String == "2026-01-15T13:00:00+01:00")
    #expect(rows.first?["abbreviation"] as? String == "CET")
  }

  @Test func aBadMomentIsOneLineAndExitTwo() throws {
    let result = try ctry("time", "Germany", "--at", "next tuesday")
    #expect(result.status == 2)
    #expect(result.out.isEmpty)
    #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
    #expect(result.err.contains("--at takes a moment in ISO 8601, got 'next tuesday'"), "\(result.err)")
  }

  @Test func countryNamesComplete() throws {
    let result = try ctry("__complete", "time", "Germ")
    #expect(result.status == 0)
    #expect(result.out == "Germany\n", "\(result.out)")
  }

  /// The zone table costs nothing to the commands that do not show it: with it missing, `details`
  /// answers as ever and `time` and `compare` say what is missing.
  @Test func onlyTimeAndCompareReadTheZoneTable() throws {
    let missing = ["CTRY_ZONES": "/nonexistent/zones.txt"]
    let details = try ctry("--format", "plain", "details", "Germany", environment: missing)
    #expect(details.status == 0 && details.err.isEmpty, "\(details.err)")
    #expect(details.out.contains("Europe/Berlin, Europe/Busingen"), "the card lists the zones from countries.json")
    let time = try ctry("time", "Germany", "--at", "2026-07-01", environment: missing)
    #expect(time.status != 0 && time.err.contains("time zone table"), "\(time.err)")
    let compare = try ctry("compare", "Germany", "Japan", "--at", "2026-07-01", environment: missing)
    #expect(compare.status != 0 && compare.err.contains("time zone table"), "\(compare.err)")
  }
}
