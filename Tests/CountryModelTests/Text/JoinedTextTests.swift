import CountryModel
import CtryTestSupport
import Testing

/// `joinedText(separator:)` gives what the standard library's `joined(separator:)` gives.
@Suite struct JoinedTextTests {
  static let texts = [
    "", "Egypt", "Côte d'Ivoire", "中国", "🇪🇬", "e\u{301}", "\u{301}", " ", "a long name with spaces",
    String(repeating: "é", count: 40), "\r", "\n", "\u{0}",
  ]

  @Test(arguments: ["", ", ", "; ", " · ", "\u{301}", "\n"])
  func likeTheLibrary(separator: String) {
    var random = SplitMix64(seed: 23)
    for length in 0..<12 {
      for _ in 0..<40 {
        let texts = (0..<length).map { _ in Self.texts[Int(random.next() % UInt64(Self.texts.count))] }
        let joined = texts.joinedText(separator: separator)
        #expect(joined == texts.joined(separator: separator))
        #expect(Array(joined.utf8) == Array(texts.joined(separator: separator).utf8), "the same bytes too")
      }
    }
  }

  /// Every country's lists on its card, as the card joins them.
  @Test func everyCountrysLists() {
    for country in TestData.countries {
      for list in [country.capital ?? [], country.timezones ?? [], country.tld ?? [], country.borders ?? []] {
        #expect(list.joinedText(separator: ", ") == list.joined(separator: ", "))
      }
    }
    #expect(TestData.countries.count == 250)
  }
}
