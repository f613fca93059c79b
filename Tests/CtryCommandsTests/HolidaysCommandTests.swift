import CountryModel
import CtryCommands
import CtryShell
import CtryTestSupport
import Foundation
import Testing

/// `holidays` through the registry, with the test shell's clock at 2026-12-24T12:00:00Z.
@Suite struct HolidaysCommandTests {
  @Test func germanysHolidaysOfAYear() async {
    let result = await TestShell(format: .plain).run("holidays Germany --year 2026")
    #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
    let lines = result.out.split(separator: "\n")
    #expect(lines.count == 9)
    #expect(lines.first == "2026-01-01\tThursday\tNew Year's Day\tno")
    #expect(lines.contains("2026-10-03\tSaturday\tGerman Unity Day\tno"))
    #expect(lines.last == "2026-12-26\tSaturday\tSecond Day of Christmas\tno")
  }

  @Test func thisYearByDefault() async {
    let shell = TestShell(format: .plain)
    let implied = await shell.run("holidays Germany")
    let explicit = await shell.run("holidays Germany --year 2026")
    #expect(implied.status == 0 && implied.out == explicit.out)
  }

  @Test func lunarDatesAreMarkedAsEstimates() async {
    let result = await TestShell(format: .plain).run("holidays Egypt --year 2030")
    let lines = result.out.split(separator: "\n")
    #expect(lines.contains("2030-02-04\tMonday\tEid al-Fitr\tyes"), "\(result.out)")
    #expect(lines.contains("2030-01-07\tMonday\tCoptic Christmas Day\tno"))
  }

  @Test func nextHolidayFromToday() async {
    let germany = await TestShell(format: .plain).run("holidays Germany --next")
    #expect(germany.status == 0 && germany.out == "2026-12-25\tFriday\tChristmas Day\tno\n", "\(germany.out)")
    let japan = await TestShell(format: .plain).run("holidays Japan --next")
    #expect(japan.out == "2027-01-01\tFriday\tNew Year's Day\tno\n", "\(japan.out)")
  }

  @Test func countriesOnADate() async {
    let result = await TestShell(format: .csv).run("holidays --on 2026-12-25")
    #expect(result.status == 0)
    let lines = result.out.components(separatedBy: "\r\n")
    #expect(lines.first == "country,cca3,name,estimated")
    #expect(lines.contains("Germany,DEU,Christmas Day,false"))
    #expect(!lines.contains { $0.contains(",SAU,") }, "Saudi Arabia has no public holiday on 2026-12-25")
  }

  @Test func outsideTheSpanSaysTheRange() async {
    let result = await TestShell(format: .plain).run("holidays Germany --year 2040")
    #expect(result.status == 1 && result.out.isEmpty)
    #expect(result.err == "the data has public holidays for 2020–2035 only, not 2040\n", "\(result.err)")
    let on = await TestShell(format: .plain).run("holidays --on 2019-12-25")
    #expect(on.status == 1 && on.err.contains("2020–2035"))
  }

  @Test(arguments: [
    "holidays", "holidays --on 2026-02-30", "holidays --on tomorrow", "holidays Germany --on 2026-12-25",
    "holidays Germany --next --year 2027",
  ])
  func usageErrors(_ line: String) async {
    let result = await TestShell(format: .plain).run(line)
    #expect(result.status == 2 && result.out.isEmpty, "\(line): \(result.status)")
    #expect(result.err.split(separator: "\n").count == 1, "\(line): \(result.err)")
  }

  /// The help states the span; it must be the bundled file's.
  @Test func helpStatesTheBundledSpan() throws {
    let span = try PublicHolidays.bundled().span
    #expect(HolidaysCommand().spec.discussion?.contains("(\(span.lowerBound)–\(span.upperBound))") == true)
  }

  @Test func aCountryWithoutHolidays() async {
    let result = await TestShell(format: .plain).run("holidays Bouvet Island --year 2026")
    #expect(result.status == 1 && result.err == "Bouvet Island has no public holidays in the data\n")
  }

  /// Every format carries the date, weekday, name and estimate of each holiday.
  @Test func everyFormatCarriesTheSameFacts() async throws {
    let json = await TestShell(format: .json).run("holidays Egypt --year 2030")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
    let csv = await TestShell(format: .csv).run("holidays Egypt --year 2030")
    let table = await TestShell(format: .table).run("holidays Egypt --year 2030")
    let csvLines = csv.out.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
    #expect(objects.count == csvLines.count && objects.count > 10)
    for (object, line) in zip(objects, csvLines) {
      let date = try #require(object["date"] as? String)
      let weekday = try #require(object["weekday"] as? String)
      let estimated = try #require(object["estimated"] as? Bool)
      #expect(line.hasPrefix("\(date),\(weekday),") && line.hasSuffix(estimated ? ",true" : ",false"))
      #expect(table.out.contains(date))
    }
    #expect(objects.contains { $0["estimated"] as? Bool == true })
  }

  @Test func compareShowsTheNextHoliday() async {
    let result = await TestShell(format: .plain).run("compare Germany Japan")
    let row = result.out.split(separator: "\n").first { $0.hasPrefix("Next holiday") }
    #expect(row?.contains("2026-12-25 Christmas Day") == true && row?.contains("2027-01-01 New Year's Day") == true)
    let json = await TestShell(format: .json).run("compare Germany Japan")
    #expect(json.out.contains("\"next_holiday\" : \"2026-12-25\""))
  }

  @Test func completesTheCommandCountriesAndFlags() {
    let completer = Completer(registry: BuiltinCommands.registry(), catalog: TestData.catalog, extraCommands: { [] })
    #expect(completer.complete("holi").candidates == ["holidays"])
    #expect(completer.complete("holidays Germ").candidates == ["Germany"])
    #expect(completer.complete("holidays Germany --ne").candidates == ["--next"])
    #expect(Set(completer.complete("holidays --").candidates).isSuperset(of: ["--on", "--year", "--next"]))
  }
}
