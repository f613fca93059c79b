import Foundation
import Testing

@testable import CountryModel
@testable import CountryNetwork

/// `percentEncoded` stands in for Foundation's `addingPercentEncoding` (whose `CharacterSet` links ICU).
@Suite struct PercentEncodingTests {
  @Test(arguments: [
    "Côte d'Ivoire", "a/b?c#d", "100%", "São Tomé & Príncipe", "日本", "plain-name_1.x~", "\u{1F1EA}\u{1F1EC}", "",
  ])
  func foundationDecodesItBack(_ text: String) throws {
    let encoded = percentEncoded(text)
    #expect(encoded.removingPercentEncoding == text)
    #expect(!encoded.contains { "/?# ".contains($0) })
    #expect(URL(string: "https://example.org/name/\(encoded)")?.path == "/name/\(text)" || text.isEmpty)
  }
}
