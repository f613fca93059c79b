import FoundationEssentials

/// An HTTP date (`Retry-After: Wed, 21 Oct 2015 07:28:00 GMT`, RFC 9110's IMF-fixdate, the one form
/// senders may use). The fields are split here and `Calendar` does the arithmetic. Foundation's
/// `DateFormatter` would do both but links ICU into the binary (BENCHMARKS.md, binary size);
/// `HTTPDateTests` checks that the two read the same dates and refuse the same malformed ones.
enum HTTPDate {
  private static let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// The moment `text` names, or nil when it is not an IMF-fixdate of a real day and time.
  static func parse(_ text: String) -> Date? {
    // "Sun, 06 Nov 1994 08:49:37 GMT"
    let words = text.split(separator: " ", omittingEmptySubsequences: false)
    guard words.count == 6, words[0].count == 4, words[0].hasSuffix(","), days.contains(String(words[0].dropLast())),
      words[1].count == 2, let day = number(words[1]),
      let monthIndex = months.firstIndex(of: String(words[2])),
      words[3].count == 4, let year = number(words[3]),
      words[5] == "GMT"
    else { return nil }
    let clock = words[4].split(separator: ":", omittingEmptySubsequences: false)
    guard words[4].count == 8, clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
      let hour = number(clock[0]), let minute = number(clock[1]), let second = number(clock[2]),
      hour < 24, minute < 60, second < 61
    else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    let parts = DateComponents(year: year, month: monthIndex + 1, day: day, hour: hour, minute: minute, second: second)
    guard let date = calendar.date(from: parts),
      calendar.component(.day, from: date) == day, calendar.component(.month, from: date) == monthIndex + 1
    else { return nil }
    return date
  }

  private static func number(_ digits: Substring) -> Int? {
    digits.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ? Int(digits) : nil
  }
}
