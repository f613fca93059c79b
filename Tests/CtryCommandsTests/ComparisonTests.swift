import Testing

@testable import CtryCommands

/// How `compare` reads a zone's UTC offset: the forms the data uses, and nothing looser.
@Suite struct ComparisonTests {
  @Test(arguments: [
    ("UTC", 0), ("UTC+05:30", 330), ("UTC−03:00", -180), ("UTC-03:00", -180), ("UTC+14:00", 840),
    ("UTC-12:00", -720), (" UTC+02:00 ", 120), ("UTC+5", 300), ("UTC+09:45", 585),
  ])
  func readsAnOffset(_ text: String, _ minutes: Int) {
    #expect(Comparison.offsetMinutes(text) == minutes)
  }

  @Test(arguments: [
    "", "GMT+01:00", "UTC 01:00", "UTC+15:00", "UTC+05:60", "UTC+", "UTC+:30", "UTC++05:00", "UTC+05:", "UTC+05:3x",
    "UTC+005:00", "UTC+05:30:00", "utc+01:00", "UTC+٠٥:٠٠",
  ])
  func refusesAnythingElse(_ text: String) {
    #expect(Comparison.offsetMinutes(text) == nil, "\(text)")
  }
}
