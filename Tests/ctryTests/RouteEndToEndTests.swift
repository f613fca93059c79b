import CtryTestSupport
import Foundation
import Testing

/// `route` and `compare`'s bearing through the built binary: output streams, exit codes, completion.
@Suite(.ownThread) struct RouteEndToEndTests {
  let directory = TestPaths.preparedDirectory()

  func ctry(_ arguments: String...) throws -> ProcessRunner.Result { try ctry(arguments) }

  func ctry(_ arguments: [String]) throws -> ProcessRunner.Result {
    try ProcessRunner.ctry(["--data-dir", directory] + arguments)
  }

  @Test func aRouteOneCountryALine() throws {
    let result = try ctry("--format", "plain", "route", "Portugal", "Germany")
    #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
    #expect(result.out == "Portugal\nSpain\nFrance\nGermany\n")
    let csv = try ctry("--format", "csv", "route", "Portugal", "Germany", "--via", "Italy")
    #expect(csv.out.hasPrefix("step,cca3,name\r\n0,PRT,Portugal\r\n"), "\(csv.out)")
    #expect(csv.out.hasSuffix("3,ITA,Italy\r\n4,AUT,Austria\r\n5,DEU,Germany\r\n"), "\(csv.out)")
  }

  /// With `--via`, a country both halves cross is listed each time, as the help says.
  @Test func viaListsACountryCrossedTwiceTwice() throws {
    let result = try ctry("--format", "plain", "route", "Portugal", "Spain", "--via", "France")
    #expect(result.status == 0 && result.out == "Portugal\nSpain\nFrance\nSpain\n", "\(result.out)\(result.err)")
  }

  @Test func noLandRouteIsOneLineOnStderrAndStatusOne() throws {
    let result = try ctry("route", "Japan", "France")
    #expect(result.status == 1)
    #expect(result.out.isEmpty)
    #expect(result.err.split(separator: "\n").count == 1 && result.err.contains("no land route from Japan to France"))
    #expect(try ctry("route", "France").status == 2)
  }

  @Test func compareShowsTheInitialBearing() throws {
    let result = try ctry("--format", "plain", "compare", "Egypt", "Japan")
    #expect(result.out.contains("Distance to Egypt\t\t9,569 km, 51° NE\n"), "\(result.out)")
  }

  @Test func completesBothEndsAndVia() throws {
    for (words, expected) in [
      (["route", "Portu"], "Portugal"), (["route", "Portugal", "Vietn"], "Vietnam"),
      (["route", "Portugal", "Germany", "--via", "Ital"], "Italy"),
    ] {
      let result = try ctry(["__complete", "--shell", "fish", "--", "ctry"] + words)
      #expect(result.out == expected + "\n", "\(words): \(result.out) \(result.err)")
    }
  }
}
