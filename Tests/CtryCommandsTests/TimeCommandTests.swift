import CtryTestSupport
import Foundation
import Testing

/// `time COUNTRY --at MOMENT`: each zone's local time, abbreviation and offset, daylight saving
/// included, in every format. Every test gives `--at`: none reads the wall clock.
@Suite struct TimeCommandTests {
  @Test func germanyInSummerAndWinter() async {
    let summer = await TestShell(format: .plain).run("time Germany --at 2026-07-01T12:00:00Z")
    #expect(summer.status == 0, "\(summer.err)")
    #expect(summer.out.contains("Europe/Berlin\tWed 2026-07-01 14:00\tCEST\tUTC+02:00\n"), "\(summer.out)")
    #expect(summer.out.contains("Europe/Busingen\t"), "\(summer.out)")
    let winter = await TestShell(format: .plain).run("time Germany --at 2026-01-15T12:00:00Z")
    #expect(winter.out.contains("Europe/Berlin\tThu 2026-01-15 13:00\tCET\tUTC+01:00\n"), "\(winter.out)")
  }

  /// The change itself: 01:00 UTC on the last Sunday of March 2026.
  @Test func theSecondOfTheChange() async {
    let before = await TestShell(format: .plain).run("time DE --at 2026-03-29T00:59:59Z")
    #expect(before.out.contains("Europe/Berlin\tSun 2026-03-29 01:59\tCET\t"), "\(before.out)")
    let after = await TestShell(format: .plain).run("time DE --at 2026-03-29T01:00:00Z")
    #expect(after.out.contains("Europe/Berlin\tSun 2026-03-29 03:00\tCEST\t"), "\(after.out)")
  }

  @Test func russiaRunsFromKaliningradToKamchatka() async {
    let result = await TestShell(format: .plain).run("time Russia --at 2026-07-01T12:00:00Z")
    let lines = result.out.split(separator: "\n")
    #expect(lines.first?.hasPrefix("Europe/Kaliningrad\tWed 2026-07-01 14:00\tEET\tUTC+02:00") == true, "\(result.out)")
    #expect(result.out.contains("Asia/Kamchatka\tThu 2026-07-02 00:00\t+12\tUTC+12:00\n"), "\(result.out)")
    #expect(lines.count == 26)
  }

  /// A territory with its own code has its own zone: Réunion is not Paris.
  @Test func territoriesAreCountriesOfTheirOwn() async {
    let result = await TestShell(format: .plain).run("time Réunion --at 2026-07-01T12:00:00Z")
    #expect(result.out == "Indian/Reunion\tWed 2026-07-01 16:00\t+04\tUTC+04:00\n", "\(result.out)")
  }

  @Test func everyFormatCarriesTheZone() async throws {
    let table = await TestShell().run("time Germany --at 2026-07-01T12:00:00Z")
    #expect(table.out.hasPrefix("🇩🇪 Germany at 2026-07-01 12:00 UTC\n"), "\(table.out)")
    #expect(table.out.contains("CEST") && table.out.contains("UTC offset"))
    let csv = await TestShell(format: .csv).run("time Germany --at 2026-07-01T12:00:00Z").out
      .components(separatedBy: "\r\n")
    #expect(csv[0] == "zone,local_time,abbreviation,utc_offset,offset_minutes", "\(csv)")
    #expect(csv[1] == "Europe/Berlin,2026-07-01T14:00:00+02:00,CEST,+02:00,120", "\(csv)")
    let json = await TestShell(format: .json).run("time Germany --at 2026-07-01T12:00:00Z")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
    #expect(objects.count == 2)
    #expect(objects.first?["zone"] as? String == "Europe/Berlin")
    #expect(objects.first?["local_time"] as? String == "2026-07-01T14:00:00+02:00")
    #expect(objects.first?["offset_minutes"] as? Int == 120)
  }

  /// An offset in `--at` is the same moment as its UTC time; a date alone is its midnight in UTC.
  @Test func momentsWithOffsetsAndDates() async {
    let offset = await TestShell(format: .plain).run("time Japan --at 2026-07-01T14:00+02:00")
    #expect(offset.out == "Asia/Tokyo\tWed 2026-07-01 21:00\tJST\tUTC+09:00\n", "\(offset.out)")
    let date = await TestShell(format: .plain).run("time India --at 2026-07-01")
    #expect(date.out == "Asia/Kolkata\tWed 2026-07-01 05:30\tIST\tUTC+05:30\n", "\(date.out)")
  }

  @Test(arguments: ["tomorrow", "2026-13-01", "2026-02-30", "2026-07-01T25:00Z", "2026-07-01T12:00", "1969-12-31"])
  func aBadMomentIsOneLineAndExitTwo(_ moment: String) async {
    let result = await TestShell().run("time Germany --at '\(moment)'")
    #expect(result.status == 2)
    #expect(result.err.hasPrefix("--at takes a moment in ISO 8601, got '\(moment)'"), "\(result.err)")
    #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
    #expect(result.out.isEmpty)
  }

  @Test func outsideTheTableSaysItsYears() async {
    let result = await TestShell().run("time Germany --at 2040-01-01")
    #expect(result.status == 1)
    #expect(result.err.contains("outside the time zone table (2020–2035)"), "\(result.err)")
  }

  @Test func aTerritoryWithoutZonesSaysSo() async {
    let result = await TestShell().run("time Bouvet Island --at 2026-07-01")
    #expect(result.status == 1)
    #expect(result.err.contains("the tz database lists no time zone for Bouvet Island"), "\(result.err)")
  }
}
