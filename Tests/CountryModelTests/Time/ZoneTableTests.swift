import CountryModel
import CtryTestSupport
import Testing

/// The bundled zone table (`Resources/zones.txt`, made by `Scripts/make-dataset`) and its format.
@Suite struct ZoneTableTests {
  @Test func theBundledTableKnowsEveryZoneOfTheData() throws {
    let zones = TestData.countries.flatMap { $0.zones ?? [] }
    let table = try ZoneTable.bundled().reading(zones)
    #expect(table.years == 2020...2035)
    #expect(zones.count >= 400)
    #expect(zones.filter { !table.knows($0) }.isEmpty, "every zone of countries.json is in zones.txt")
    #expect(zones.filter { table.state(of: $0, at: table.span.lowerBound) == nil }.isEmpty, "and reads")
    #expect(TestData.countries.filter { $0.zones == nil }.map(\.cca3).sorted() == ["BVT", "HMD"])
    let july = CivilTime.moment("2026-07-01T12:00:00Z")!
    #expect(table.state(of: "Europe/Berlin", at: july) == .init(offset: 7200, abbreviation: "CEST"))
    #expect(table.state(of: "Australia/Sydney", at: july) == .init(offset: 36_000, abbreviation: "AEST"))
    #expect(table.state(of: "Europe/Berlin", at: CivilTime.moment("2036-01-01")!) == nil)
  }

  @Test func aZoneNamedAsAnotherHasItsStates() throws {
    let table = try ZoneTable(
      text: "# c\nspan\t2020\t2021\nA/B\t3600 CET\t1600000000 7200 CEST\nC/D\t=A/B\n"
    ).reading(["A/B", "C/D"])
    #expect(try ZoneTable(text: "span\t2020\t2021\nA/B\t3600 CET\n").state(of: "A/B", at: 1_600_000_000) == nil)
    #expect(table.state(of: "C/D", at: 1_600_000_000) == .init(offset: 7200, abbreviation: "CEST"))
    #expect(table.state(of: "C/D", at: 1_599_999_999) == .init(offset: 3600, abbreviation: "CET"))
    #expect(table.changes(of: "A/B", in: 0..<2_000_000_000).map(\.at) == [1_600_000_000])
  }

  @Test(arguments: [
    "span\t2020\t2021\nA/B\t=C/D\n", "span\t2020\t2021\nA/B\t3600\n", "A/B\t3600 CET\n",
    "span\t2020\t2021\nA/B\t3600 CET\t5 7200 CEST\t4 3600 CET\n", "span\t2020\t2021\nA/B\t99999999 CET\n",
  ])
  func aDamagedTableIsAnError(_ text: String) {
    #expect(throws: (any Error).self) { try ZoneTable(text: text).reading(["A/B"]) }
  }

  @Test func civilTimeRoundTrips() {
    for moment: Int64 in [0, 951_782_400, 1_782_907_200, 4_102_444_799] {
      let time = CivilTime(moment)
      #expect(
        CivilTime.seconds(
          year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute,
          second: time.second) == moment)
    }
    #expect(CivilTime(951_782_400).month == 2 && CivilTime(951_782_400).day == 29, "2000-02-29")
    #expect(CivilTime(1_782_907_200).weekday == 3, "2026-07-01 is a Wednesday")
    #expect(CivilTime.moment("2026-07-01T12:00:00Z") == 1_782_907_200)
    #expect(CivilTime.moment("2026-07-01T14:00+02:00") == 1_782_907_200)
    #expect(CivilTime.moment("2026-07-01 12:00:00z") == 1_782_907_200)
    #expect(CivilTime.moment("2026-07-01T12:00:00") == nil)
  }
}
