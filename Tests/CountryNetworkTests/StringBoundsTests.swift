import CtryTestSupport
import Foundation
import Testing

@testable import CountryModel
@testable import CountryNetwork

/// `StringBounds` walks a record through its own `Encodable`: every string and key is seen.
@Suite struct StringBoundsTests {
  @Test func findsTheFirstLongStringWithItsPath() throws {
    var country = Country(
      name: CountryName(common: "Egypt", official: "Arab Republic of Egypt"), cca2: "EG", cca3: "EGY", region: "Africa")
    country.capital = ["Cairo", String(repeating: "x", count: 5000)]
    #expect(StringBounds.measure(country, limit: 4096, root: "[0]").longest == "[0].capital[1]")
    country.capital = ["Cairo"]
    country.translations = ["ara": LocalName(official: String(repeating: "ي", count: 3000), common: "مصر")]
    #expect(StringBounds.measure(country, limit: 4096, root: "[0]").longest == "[0].translations.ara.official")
  }

  /// The byte count is that of the strings and keys JSONEncoder writes.
  @Test func countsEveryStringOfTheBundledData() throws {
    let countries = try JSONDecoder().decode(
      [Country].self, from: try Data(contentsOf: URL(fileURLWithPath: TestPaths.dataset)))
    for country in countries.prefix(20) {
      let measured = StringBounds.measure(country, limit: 4096, root: "")
      #expect(measured.longest == nil)
      // Every string in the encoded JSON, keys included, counted by JSONSerialization.
      let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(country))
      #expect(measured.bytes == Self.stringBytes(object), "\(country.cca3)")
    }
  }

  static func stringBytes(_ object: Any) -> Int {
    switch object {
    case let text as String: return text.utf8.count
    case let array as [Any]: return array.reduce(0) { $0 + stringBytes($1) }
    case let dictionary as [String: Any]: return dictionary.reduce(0) { $0 + $1.key.utf8.count + stringBytes($1.value) }
    default: return 0
    }
  }
}
