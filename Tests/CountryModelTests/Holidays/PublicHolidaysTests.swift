import CountryModel
import CtrySystem
import Testing

/// The holidays file format and the calendar arithmetic under it.
@Suite struct PublicHolidaysTests {
  @Test func readsDaysRunsAndEstimates() throws {
    let data = try PublicHolidays(
      text: "# comment\n@span 2020 2035\nDEU\tNew Year's Day\t0101/24-26\nEGY\tEid al-Fitr\t250330 ~270309\n")
    #expect(data.span == 2020...2035)
    #expect(data.codes == ["DEU", "EGY"])
    #expect(try data.holidays(of: "DEU").map(\.date.iso) == ["2024-01-01", "2025-01-01", "2026-01-01"])
    let eid = try data.holidays(of: "EGY")
    #expect(eid.map(\.estimated) == [false, true] && eid.last?.date.iso == "2027-03-09")
    #expect(try data.holidays(of: "FRA").isEmpty)
    let on = try data.holidays(on: #require(CalendarDate(iso: "2025-01-01")))
    #expect(on.map(\.cca3) == ["DEU"] && on.first?.holiday.name == "New Year's Day")
    let estimated = try data.holidays(on: #require(CalendarDate(iso: "2027-03-09")))
    #expect(estimated.map(\.cca3) == ["EGY"] && estimated.first?.holiday.estimated == true)
    #expect(try data.holidays(on: #require(CalendarDate(iso: "2027-01-01"))).isEmpty)
  }

  @Test(arguments: [
    "DEU\tX\t0101/24-26\n", "@span 2020 2035\nDEU\tX\t20260101\n", "@span 2020 2035\nDEU\tX\t0230/24-26\n",
    "@span 2020 2035\nDEU\tX\t0101/26-24\n", "@span 2020 2035\nDEUX\t260101\n",
  ])
  func refusesABadFile(_ text: String) {
    #expect(throws: CtryError.self) {
      let data = try PublicHolidays(text: text)
      _ = try data.holidays(of: "DEU")
    }
  }

  @Test func theBundledFileCoversTheSpan() throws {
    let data = try PublicHolidays.bundled()
    #expect(data.span == 2020...2035)
    #expect(data.codes.count == 247, "all of ctry's 250 but Bouvet Island, Heard Island and the Indian Ocean Territory")
    // A country's lines are found by bisection: each code's lines come together, in code order.
    #expect(data.codes == data.codes.sorted() && Set(data.codes).count == data.codes.count)
    #expect(try data.holidays(of: "ABW").first?.name == "New Year's Day")
    #expect(try data.holidays(of: "ZWE").contains { $0.name == "Independence Day" })
    #expect(try data.holidays(of: "AAA").isEmpty && data.holidays(of: "ZZZ").isEmpty)
  }

  @Test func calendarDates() {
    #expect(CalendarDate(iso: "2026-12-25")?.weekday == "Friday")
    #expect(CalendarDate(iso: "2024-02-29") != nil && CalendarDate(iso: "2026-02-29") == nil)
    #expect(CalendarDate(iso: "2026-1-01") == nil && CalendarDate(iso: "2026-01-01x") == nil)
    #expect(CalendarDate(daysSinceEpoch: 0).iso == "1970-01-01")
    let day = CalendarDate(year: 2035, month: 12, day: 31)
    #expect(day.map { CalendarDate(daysSinceEpoch: $0.daysSinceEpoch) } == day)
    #expect(CalendarDate(daysSinceEpoch: -1).iso == "1969-12-31")
  }
}
