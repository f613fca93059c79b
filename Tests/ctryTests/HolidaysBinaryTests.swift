import CtryTestSupport
import Foundation
import Testing

/// `holidays` through the built binary, with explicit dates and years.
@Suite(.ownThread) struct HolidaysBinaryTests {
  let directory = TestPaths.preparedDirectory()

  func ctry(_ arguments: String...) throws -> ProcessRunner.Result {
    try ProcessRunner.ctry(["--data-dir", directory] + arguments)
  }

  @Test func aYearOfGermany() throws {
    let result = try ctry("--format", "plain", "holidays", "Germany", "--year", "2026")
    #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
    #expect(result.out.hasPrefix("2026-01-01\tThursday\tNew Year's Day\tno\n"))
    #expect(result.out.contains("2026-12-25\tFriday\tChristmas Day\tno\n"))
  }

  @Test func countriesOnChristmasDay() throws {
    let result = try ctry("--format", "plain", "holidays", "--on", "2026-12-25")
    let countries = result.out.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) }
    #expect(result.status == 0 && countries.contains("Germany") && !countries.contains("Saudi Arabia"))
  }

  @Test func jsonIsAnArrayOfHolidays() throws {
    let result = try ctry("--json", "holidays", "Saudi Arabia", "--year", "2030")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
    #expect(objects.count > 3)
    #expect(objects.allSatisfy { Set($0.keys) == ["date", "weekday", "name", "estimated"] })
  }

  /// A script piped to stdin runs `holidays` as the command line does.
  @Test func worksInAPipedScript() throws {
    let result = try ProcessRunner.ctry(
      ["--data-dir", directory, "--format", "plain"],
      stdin: "holidays Germany --year 2026\nholidays --on 2026-12-25 --format csv\n")
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("2026-12-25\tFriday\tChristmas Day\tno\n"))
    #expect(result.out.contains("Germany,DEU,Christmas Day,false"))
  }

  /// Only `holidays` and `compare` read the holidays file: without it, other commands run as before.
  @Test func otherCommandsDoNotReadTheFile() throws {
    let missing = ["CTRY_HOLIDAYS": "\(directory)/no-such-holidays.tsv"]
    let details = try ProcessRunner.ctry(
      ["--data-dir", directory, "--format", "plain", "details", "Egypt"], environment: missing)
    #expect(details.status == 0 && details.out.contains("Cairo"), "\(details.err)")
    let holidays = try ProcessRunner.ctry(["--data-dir", directory, "holidays", "Egypt"], environment: missing)
    #expect(holidays.status != 0 && holidays.err.contains("no-such-holidays.tsv"), "\(holidays.err)")
  }

  @Test func outsideTheSpan() throws {
    let result = try ctry("holidays", "Germany", "--year", "2019")
    #expect(result.status == 1 && result.out.isEmpty)
    #expect(result.err == "the data has public holidays for 2020–2035 only, not 2019\n")
  }

  /// `--next` counts from the day `--at` names, as it would from today.
  @Test func nextFromADay() throws {
    let result = try ctry("--format", "plain", "holidays", "Germany", "--next", "--at", "2026-12-24")
    #expect(result.status == 0 && result.out == "2026-12-25\tFriday\tChristmas Day\tno\n", "\(result.err)")
    let year = try ctry("--format", "plain", "holidays", "Egypt", "--at", "2027-03-01T10:00:00+02:00")
    #expect(year.out.hasPrefix("2027-01-07\tThursday\tCoptic Christmas Day"), "\(year.out)")
    let bad = try ctry("holidays", "Germany", "--next", "--at", "soon")
    #expect(bad.status == 2 && bad.err.hasPrefix("--at takes a moment in ISO 8601, got 'soon'"), "\(bad.err)")
  }

  /// `compare`'s next holiday counts from the day of `--at`, like its clocks.
  @Test func compareCountsFromTheDayOfAt() throws {
    let result = try ctry("--format", "plain", "compare", "Germany", "Japan", "--at", "2027-04-30")
    let row = result.out.split(separator: "\n").first { $0.hasPrefix("Next holiday") }
    #expect(row == "Next holiday\t2027-05-01 Labor Day\t2027-05-03 Constitution Day", "\(result.out)")
  }
}
