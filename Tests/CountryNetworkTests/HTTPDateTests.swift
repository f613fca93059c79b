import Foundation
import Testing

@testable import CountryModel
@testable import CountryNetwork

/// `HTTPDate` stands in for Foundation's `DateFormatter` (which links ICU): it must read what the
/// formatter reads and refuse what it refuses.
@Suite struct HTTPDateTests {
  static let formatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter
  }()

  @Test(arguments: [
    "Sun, 06 Nov 1994 08:49:37 GMT", "Wed, 21 Oct 2015 07:28:00 GMT", "Thu, 01 Jan 1970 00:00:00 GMT",
    "Mon, 29 Feb 2044 23:59:59 GMT", "Fri, 31 Dec 9999 23:59:59 GMT",
  ])
  func readsWhatDateFormatterReads(_ text: String) throws {
    let expected = try #require(Self.formatter.date(from: text))
    #expect(HTTPDate.parse(text) == expected)
  }

  /// Random moments over four centuries, written by `DateFormatter`, are read back to the second.
  @Test func readsEveryMomentDateFormatterWrites() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let seconds = Double(Int64.random(in: -2_000_000_000...10_000_000_000, using: &generator))
      let date = Date(timeIntervalSince1970: seconds)
      let text = Self.formatter.string(from: date)
      #expect(HTTPDate.parse(text) == date, "\(text)")
    }
  }

  @Test(arguments: [
    "", "Sun, 06 Nov 1994 08:49:37", "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT",
    "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Sun, 06 Nov 1994 24:00:00 GMT",
    "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Xyz 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 UTC",
    "Sun, +6 Nov 1994 08:49:37 GMT", "Sun,  06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 8:49:37 GMT",
  ])
  func refusesWhatIsNotAnIMFFixdate(_ text: String) {
    #expect(HTTPDate.parse(text) == nil)
  }
}
